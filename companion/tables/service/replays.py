"""A table's log read: replayed (the latest replay kept per table in this process, the
snapshot in the database to resume after), who entered each event, the log as a record.

Imports the record, the games, the models, the cache, and the service's one_writer (a snapshot
written on a read); nothing above it.
"""
from __future__ import annotations

from typing import Any, Mapping

from flask import current_app
from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import SQLAlchemyError

from ... import cache, record
from ...extensions import db
from ...games import GAMES
from ...models import Event, Snapshot, Table, utcnow
from .transactions import one_writer

REPLAYS_KEPT = 256       # tables whose latest replay this process keeps (a busy night: 200),
REPLAYS_MEGABYTES = 16   # and what they hold at most, measured as their snapshots' JSON (a
                         # process holds about ten times that: a long game, 80 kB of JSON,
                         # about 0.75 MB); REPLAYS_MEGABYTES in the configuration overrides it
# A table's snapshot in the database (its replay as data) is written, in the transaction of the
# act, once the log has SNAPSHOT_EVERY events more than the snapshot covers, and after an undo
# (it replays every act before it, and so would a server resuming before it) in a log of at
# least SNAPSHOT_EVERY events: a server that has not replayed the table lately (a restart, a
# table gone from the replays kept) replays fewer than SNAPSHOT_EVERY events, and an act pays
# for a write once in SNAPSHOT_EVERY acts (bench/cold.py measures both). A replay made here from
# further behind than that (a table played before snapshots, or under other rules) writes one.
SNAPSHOT_EVERY = 50


def _replays() -> cache.Kept["KeptReplay"]:
    budget = float(current_app.config.get("REPLAYS_MEGABYTES", REPLAYS_MEGABYTES))
    return cache.of_app("table_replays", REPLAYS_KEPT, int(budget * 1024 * 1024), _kept_bytes)


class KeptReplay(tuple):
    """A kept replay: (version, replay), and ``bytes``, what it holds as its snapshot would
    write it (its events, counted as they were replayed, and its state)."""
    bytes: int


def _kept_bytes(kept: "KeptReplay") -> int:
    return kept.bytes


STATE_MEASURED_EVERY = 25    # events between two measures of a table's state (it grows slowly)


def _state_bytes(table_id: int, replay: record.Replay) -> int:
    """The table's state as JSON, in bytes: measured again once the log grew by
    STATE_MEASURED_EVERY events (or shrank: another game after a rematch has its own table)."""
    measured = cache.of_app("table_state_bytes", REPLAYS_KEPT).get(table_id)
    count = len(replay.events)
    if measured is None or not 0 <= count - measured[0] < STATE_MEASURED_EVERY:
        measured = (count, record.json_size(replay.game.rules.dump_state(replay.state)))
        cache.of_app("table_state_bytes", REPLAYS_KEPT).put(table_id, measured)
    return measured[1]


def covered() -> cache.Kept[int]:
    """How many events each table's snapshot covers, as this process last saw or wrote it."""
    return cache.of_app("table_snapshots", REPLAYS_KEPT)


def replay_of(table: Table) -> record.Replay:
    """The table's log replayed. The log is append-only, so the replay of its first n events
    never changes: the latest one is kept per table with the table's version it matches, so
    while the version stands no statement is needed, and after a change only the events after
    it are replayed. A table not kept here resumes after its snapshot (see SNAPSHOT_EVERY)."""
    return replayed(table.id, table.game, table.options, table.players, table.version,
                    started=table.started or None)


def replayed(table_id: int, game_name: str, options: Mapping[str, Any], players: list[str],
             version: int, writing: bool = False, started: str | None = None) -> record.Replay:
    """The replay (see replay_of); ``writing``: inside the table's write transaction (an
    append), whose caller writes the snapshot with the act; ``started``: the table's."""
    version_kept, earlier = _replays().get(table_id) or (None, None)
    if earlier is not None and version_kept == version:
        return earlier
    if earlier is not None and earlier.players != list(players):
        earlier = None      # the seat order turned before the game began (making.first_player)
    if earlier is not None and len(earlier.events) > db.session.scalar(
            select(func.count()).where(Event.table_id == table_id)):
        earlier = None
    snapshot = earlier is None
    if snapshot:
        game = GAMES[game_name]
        earlier = _resumed(table_id, game, record.options_of(game, options, players), players)
        earlier.started = started
    resumed_at = len(earlier.events)
    # after a snapshot, its last event is read again: the log must hold it, as it was
    again = 1 if snapshot and resumed_at else 0
    rows = db.session.scalars(select(Event.data).where(
        Event.table_id == table_id, Event.seq > resumed_at - again).order_by(Event.seq)).all()
    if again:
        if not rows or rows[0] != earlier.events[-1]:       # never, but then: from the start
            covered().put(table_id, 0)
            earlier, resumed_at = record.start(earlier.game, earlier.options, earlier.players), 0
            earlier.started = started
            rows = db.session.scalars(select(Event.data).where(Event.table_id == table_id)
                                      .order_by(Event.seq)).all()
        else:
            rows = rows[1:]
    if rows:
        earlier = record.replay(earlier.game, earlier.options, earlier.players,
                                [*earlier.events, *rows], start=earlier)
    keep(table_id, version, earlier)
    if not writing and (len(earlier.events) - max(resumed_at, covered().get(table_id) or 0)
                        >= SNAPSHOT_EVERY):
        save_snapshot(table_id, earlier)
    return earlier


def _resumed(table_id: int, game: Any, options: dict[str, Any],
             players: list[str]) -> record.Replay:
    """The table's snapshot as a replay, or the game's start when it has none made by these
    rules (its fingerprint another, or its data unreadable: it is written again)."""
    snapshot = db.session.execute(select(Snapshot.fingerprint, Snapshot.data)
                                  .where(Snapshot.table_id == table_id)).first()
    if snapshot is not None and snapshot.fingerprint == record.fingerprint(game):
        try:
            run = record.resumed(game, options, players, snapshot.data)
        except ValueError:      # written by a version whose rules had the same bytes: never
            pass
        else:
            covered().put(table_id, len(run.events))
            return run
    covered().put(table_id, 0)
    return record.start(game, options, players)


def snapshot_due(table_id: int, after: record.Replay, undo: bool) -> bool:
    """Whether the act that made ``after`` (an undo or not) writes the table's snapshot in its
    transaction (see SNAPSHOT_EVERY)."""
    done = covered().get(table_id) or 0
    return len(after.events) >= SNAPSHOT_EVERY and (
        len(after.events) - done >= SNAPSHOT_EVERY or (undo and done < len(after.events)))


def snapshot_values(replay: record.Replay) -> dict[str, Any]:
    return {"events": len(replay.events), "fingerprint": record.fingerprint(replay.game),
            "data": record.snapshot(replay), "updated_at": utcnow()}


def save_snapshot(table_id: int, replay: record.Replay, writing: bool = False) -> None:
    """Write the table's snapshot as of ``replay`` over an older one (or one of other rules):
    inside the act's transaction when ``writing`` (the caller commits, then notes it in
    ``covered``), else in a write transaction of its own (the read's ended first, as ``sat``
    does), only while the session holds nothing unwritten."""
    values = {"table_id": table_id, **snapshot_values(replay)}
    insert = (postgresql_insert if db.engine.dialect.name == "postgresql" else sqlite_insert)(
        Snapshot).values(values)
    newer = insert.on_conflict_do_update(
        index_elements=[Snapshot.table_id],
        set_={name: insert.excluded[name] for name in values if name != "table_id"},
        where=(Snapshot.events < insert.excluded.events)
        | (Snapshot.fingerprint != insert.excluded.fingerprint))
    if writing:
        db.session.execute(newer)
        return
    else:
        session = db.session()
        if session.new or session.dirty or session.deleted:
            return
        with one_writer():
            try:
                db.session.commit()
                db.session.execute(newer)
                db.session.commit()
            except SQLAlchemyError:     # a snapshot is never worth failing a read for
                db.session.rollback()
                return
    covered().put(table_id, len(replay.events))


def keep(table_id: int, version: int, replay: record.Replay) -> None:
    """Keep the table's newest replay, as of ``version`` (an act keeps the state it made: no
    replay next time), unless another thread kept a newer one meanwhile."""
    entry = KeptReplay((version, replay))
    entry.bytes = replay.size + _state_bytes(table_id, replay)
    _replays().put(table_id, entry, replaces=lambda kept: (
        len(kept[1].events), kept[0]) <= (len(replay.events), version))


def authors(table: Table, first: int = 0) -> dict[int, str]:
    """Who entered each event from the 0-based index ``first`` on ("host", "seat", "import"),
    by index: a screen asks only for the lines it shows. The log only grows, so the answer for
    a table's version is kept: every screen of the table drawn after an act reads it once."""
    def read() -> dict[int, str]:
        rows = db.session.execute(select(Event.seq, Event.by).where(
            Event.table_id == table.id, Event.seq > first))
        return {seq - 1: by for seq, by in rows}
    return dict(cache.of_app("table_authors", REPLAYS_KEPT).get_or_make(
        (table.id, table.version, first), read))


def record_of(table: Table) -> dict[str, Any]:
    """The table's record. A table made before tables kept their times (``started`` NULL) gives
    the times the database kept: its ``created_at`` and each event's, the later of it and the
    time before it (times stay in order), for each event that has no time of its own."""
    if table.started is not None:
        rows = db.session.scalars(select(Event.data).where(Event.table_id == table.id)
                                  .order_by(Event.seq)).all()
        return record.envelope(GAMES[table.game], table.options, table.players, list(rows),
                               started=table.started or None)
    started = latest = record.written_time(table.created_at)
    events = []
    for data, created_at in db.session.execute(select(Event.data, Event.created_at).where(
            Event.table_id == table.id).order_by(Event.seq)):
        event = dict(data)
        if "at" not in event:
            event["at"] = record.stamp(created_at, latest)
        latest = event["at"]
        events.append(event)
    return record.envelope(GAMES[table.game], table.options, table.players, events,
                           started=started)
