"""Table operations on the database, every change through one serialised append.

Every change goes through :func:`append`, serialised per table: the table's row is written
first (taking its lock), then the log is replayed and the act checked (pure checks on the
state and the act) and appended in the same transaction, or nothing is written at all.
"""
from __future__ import annotations

import re
import secrets
import threading
import time
from contextlib import contextmanager
from typing import Any, Iterator, Mapping, Sequence

from flask import current_app, g
from sqlalchemy import Connection, func, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import joinedload
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from .. import cache, record
from ..extensions import db
from ..games import GAMES
from ..games.base import N_, Act, RuleError
from ..models import Event, Seat, Sitting, Snapshot, Table, digest, utcnow

# No look-alikes: without 0/O, 1/I/L, 2/Z, 5/S, 8/B, G/6, Q.
CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY3479"
CODE_LENGTH = 5


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    return code.strip().upper()


def find(code: str) -> Table | None:
    """The table with its seats (one statement), found once per request: the limiter, the
    route and the screen share it (a commit expires it, so a later read is fresh)."""
    if len(code) > 2 * CODE_LENGTH:       # never a table's code; no query for it
        return None
    code = normal_code(code)
    found: dict[str, Table] = g.setdefault("tables_found", {})
    if code not in found:
        table = db.session.scalars(select(Table).options(joinedload(Table.seats))
                                   .where(Table.code == code)).unique().first()
        if table is None:
            return None
        found[code] = table
    return found[code]


def release() -> None:
    """Nothing held while a request waits: no connection, no open transaction, no table found
    (read again, fresh, afterwards)."""
    db.session.close()
    g.pop("tables_found", None)


def create(game: str, options: Mapping[str, Any], players: list[str],
           events: list[dict[str, Any]] | None = None,
           with_host: bool = True) -> tuple[Table, str | None]:
    """A new table (checked through the record rules first); returns it and the host secret
    (None without a host: the first screen to claim it, or a claim link, becomes the host)."""
    replay = record.load(record.envelope(record.game_of(game), options, players, events or []))
    return create_checked(record.made_of(replay, options), with_host)


EVENTS_AT_ONCE = 250     # an imported log's events written per statement


def create_checked(work: Mapping[str, Any], with_host: bool = True) -> tuple[Table, str | None]:
    """A new table holding a record :func:`record.checked` read and replayed (maybe in another
    process): nothing replayed again here; its events written a few hundred per statement, its
    snapshot beside them when the log is long. Returns it and the host secret (None without a
    host, as :func:`create`)."""
    host_secret = secrets.token_urlsafe(24)
    events = work["snapshot"]["events"]
    for _attempt in range(20):
        table = Table(code=new_code(), game=work["game"], options=dict(work["options"]),
                      host_hash=digest(host_secret) if with_host else None,
                      version=len(events), result=work["result"])
        table.seats = [Seat(position=i, name=name) for i, name in enumerate(work["players"])]
        db.session.add(table)
        try:
            db.session.flush()
        except IntegrityError:      # the code was taken meanwhile: draw another
            db.session.rollback()
            continue
        now = utcnow()
        for start in range(0, len(events), EVENTS_AT_ONCE):
            if start:
                time.sleep(0)       # the server's other requests have their turn (gevent)
            db.session.execute(Event.__table__.insert(), [
                {"table_id": table.id, "seq": i + 1, "data": events[i], "by": "import",
                 "created_at": now} for i in range(start, min(start + EVENTS_AT_ONCE, len(events)))])
        if len(events) >= SNAPSHOT_EVERY:     # a long record imported: kept replayed
            db.session.execute(Snapshot.__table__.insert(), [{
                "table_id": table.id, "events": len(events), "fingerprint": work["fingerprint"],
                "data": work["snapshot"], "updated_at": utcnow()}])
        db.session.commit()
        return table, host_secret if with_host else None
    raise RuntimeError("no free table code")


def _new_table(replay: record.Replay, options: Mapping[str, Any], host_hash: str | None) -> Table:
    """A table holding a checked record (not yet added to the session), under a fresh code."""
    table = Table(code=new_code(), game=replay.game.name, options=dict(options),
                  host_hash=host_hash, version=len(replay.events),
                  result=replay.result() if replay.finished else None)
    table.seats = [Seat(position=i, name=name) for i, name in enumerate(replay.players)]
    table.events = [Event(seq=i + 1, data=e, by="import") for i, e in enumerate(replay.events)]
    if len(replay.events) >= SNAPSHOT_EVERY:     # a long record imported: kept replayed
        table.snapshot = Snapshot(**_snapshot_values(replay))
    return table


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
        measured = (count, record.json_size(replay.game.dump_state(replay.state)))
        cache.of_app("table_state_bytes", REPLAYS_KEPT).put(table_id, measured)
    return measured[1]


def _covered() -> cache.Kept[int]:
    """How many events each table's snapshot covers, as this process last saw or wrote it."""
    return cache.of_app("table_snapshots", REPLAYS_KEPT)


def replay_of(table: Table) -> record.Replay:
    """The table's log replayed. The log is append-only, so the replay of its first n events
    never changes: the latest one is kept per table with the table's version it matches, so
    while the version stands no statement is needed, and after a change only the events after
    it are replayed. A table not kept here resumes after its snapshot (see SNAPSHOT_EVERY)."""
    return _replayed(table.id, table.game, table.options, table.players, table.version)


def _replayed(table_id: int, game_name: str, options: Mapping[str, Any], players: list[str],
              version: int, writing: bool = False) -> record.Replay:
    """The replay (see replay_of); ``writing``: inside the table's write transaction (an
    append), whose caller writes the snapshot with the act."""
    version_kept, earlier = _replays().get(table_id) or (None, None)
    if earlier is not None and version_kept == version:
        return earlier
    if earlier is not None and len(earlier.events) > db.session.scalar(
            select(func.count()).where(Event.table_id == table_id)):
        earlier = None
    snapshot = earlier is None
    if snapshot:
        game = GAMES[game_name]
        earlier = _resumed(table_id, game, game.options(options, players), players)
    resumed_at = len(earlier.events)
    # after a snapshot, its last event is read again: the log must hold it, as it was
    again = 1 if snapshot and resumed_at else 0
    rows = db.session.scalars(select(Event.data).where(
        Event.table_id == table_id, Event.seq > resumed_at - again).order_by(Event.seq)).all()
    if again:
        if not rows or rows[0] != earlier.events[-1]:       # never, but then: from the start
            _covered().put(table_id, 0)
            earlier, resumed_at = record.start(earlier.game, earlier.options, earlier.players), 0
            rows = db.session.scalars(select(Event.data).where(Event.table_id == table_id)
                                      .order_by(Event.seq)).all()
        else:
            rows = rows[1:]
    if rows:
        earlier = record.replay(earlier.game, earlier.options, earlier.players,
                                [*earlier.events, *rows], start=earlier)
    keep(table_id, version, earlier)
    if not writing and (len(earlier.events) - max(resumed_at, _covered().get(table_id) or 0)
                        >= SNAPSHOT_EVERY):
        _save_snapshot(table_id, earlier)
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
            _covered().put(table_id, len(run.events))
            return run
    _covered().put(table_id, 0)
    return record.start(game, options, players)


def _snapshot_values(replay: record.Replay) -> dict[str, Any]:
    return {"events": len(replay.events), "fingerprint": record.fingerprint(replay.game),
            "data": record.snapshot(replay), "updated_at": utcnow()}


def _save_snapshot(table_id: int, replay: record.Replay, writing: bool = False) -> None:
    """Write the table's snapshot as of ``replay`` over an older one (or one of other rules):
    inside the act's transaction when ``writing`` (the caller commits, then notes it in
    ``_covered``), else in a write transaction of its own (the read's ended first, as ``sat``
    does), only while the session holds nothing unwritten."""
    values = {"table_id": table_id, **_snapshot_values(replay)}
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
        with _one_writer():
            try:
                db.session.commit()
                db.session.execute(newer)
                db.session.commit()
            except SQLAlchemyError:     # a snapshot is never worth failing a read for
                db.session.rollback()
                return
    _covered().put(table_id, len(replay.events))


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
    rows = db.session.scalars(select(Event.data).where(Event.table_id == table.id)
                              .order_by(Event.seq)).all()
    return record.envelope(GAMES[table.game], table.options, table.players, list(rows))


# SQLite has one writer at a time and waits for the file's lock inside C: under an event-loop
# server (gevent) a request waiting there stops every request of its process, including the one
# holding the lock. So a process lets one write transaction at a time reach SQLite; the others
# wait here, where waiting yields. (PostgreSQL locks the table's row and waits without blocking.)
_SQLITE_WRITES = threading.Lock()


@contextmanager
def _one_writer() -> Iterator[None]:
    """On SQLite, this process's only write transaction while inside (see above); a request
    with nothing unwritten gives its connection back to the pool while it waits its turn (under
    a crowd, the writers waiting would otherwise hold every connection of the process)."""
    serial = db.engine.dialect.name == "sqlite"
    if serial:
        session = db.session()
        if not (session.new or session.dirty or session.deleted):
            session.commit()
        _SQLITE_WRITES.acquire()
    try:
        yield
    finally:
        if serial:
            _SQLITE_WRITES.release()


CHANNEL = "companion_tables"     # PostgreSQL: a table's code, each time its version moves on


@contextmanager
def _writing(table_id: int) -> Iterator[Any]:
    """A write transaction on the table: its write lock taken before its log is read (the first
    statement, which gives the table's new version and next code), rolled back on any error;
    the caller commits. On PostgreSQL the commit also tells every server listening on CHANNEL
    (push.py) that the table changed."""
    with _one_writer():
        try:
            db.session.commit()
            locked = db.session.execute(update(Table).where(Table.id == table_id)
                                        .values(version=Table.version + 1)
                                        .returning(Table.version, Table.next_code, Table.code)).one()
            if db.engine.dialect.name == "postgresql":      # every server's screens, at commit
                db.session.execute(select(func.pg_notify(CHANNEL, locked.code)))
            yield locked
        except BaseException:
            db.session.rollback()
            raise
        finally:
            if db.session().in_transaction():
                db.session.rollback()


NONCE = re.compile(r"[0-9A-Za-z_-]{1,40}")       # what the forms send (uuid4().hex); fits its column


def append(table: Table, act: Act) -> record.Replay:
    """Check ``act`` on the replayed log as it is under the table's lock and append its event;
    RuleError (or a :class:`Conflict` to ask about) leaves nothing written. An act sent twice
    (same nonce) is appended once; a nonce no form sends is none."""
    nonce = act.nonce if act.nonce is not None and NONCE.fullmatch(act.nonce) else None
    table_id, game, options, players = table.id, table.game, table.options, table.players
    with _writing(table_id) as locked:
        if nonce and db.session.scalar(select(Event.id).where(Event.table_id == table_id,
                                                              Event.nonce == nonce)):
            db.session.rollback()
            again = True
        else:
            again = False
            # every change bumps the version: the log is as it was at the version before ours
            current = _replayed(table_id, game, options, players, locked.version - 1,
                                writing=True)
            check(current, act, locked.next_code)
            after = current.then(dict(act.event))
            db.session.add(Event(table_id=table_id, seq=len(current.events) + 1,
                                 data=dict(act.event), by=act.by, nonce=nonce))
            covered = _covered().get(table_id) or 0
            snapshot = len(after.events) >= SNAPSHOT_EVERY and (
                len(after.events) - covered >= SNAPSHOT_EVERY
                or (act.event.get("type") == "undo" and covered < len(after.events)))
            if snapshot:
                _save_snapshot(table_id, after, writing=True)
            if after.finished != current.finished:  # finished, or reopened: the stored result
                db.session.execute(update(Table).where(Table.id == table_id).values(
                    result=after.result() if after.finished else None))
            db.session.commit()
    if again:
        return replay_of(table)
    keep(table_id, locked.version, after)
    if snapshot:
        _covered().put(table_id, len(after.events))
    return after


def check(current: record.Replay, act: Act, next_code: str | None) -> None:
    """The live table's rules for ``act`` on the log ``current`` it would be appended to, with
    the table's next code (a rematch started): the game's own (who may roll now, setup only by
    the host), the question before a game's act replaces an entered value (it goes through only
    with the player's yes to that very value), and a table whose rematch started is not
    reopened. Pure: raises RuleError or the Conflict to ask about."""
    if act.form is not None:
        current.game.live_check(current.state, current.options, act)
        if not act.queued and not current.finished:
            turn = current.game.out_of_turn(current.state, act)
            if turn is not None and act.anyway != turn.token:
                current.then(dict(act.event))   # what the rules refuse is refused, not asked
                raise turn
        conflict = current.game.overwrite(current.state, act.event)
        if conflict is not None and act.replaces != conflict.token:
            raise conflict
    if next_code is not None and current.finished and act.event.get("type") == "undo":
        raise RuleError(N_("The next game has started from this one: it stays finished."))


def take_seat(table: Table, position: int) -> str | None:
    """Give the seat to this phone if it is free; returns the seat's secret or None."""
    secret = secrets.token_urlsafe(24)
    with _writing(table.id):
        taken = db.session.execute(
            update(Seat).where(Seat.table_id == table.id, Seat.position == position,
                               Seat.secret_hash.is_(None)).values(secret_hash=digest(secret)))
        if taken.rowcount != 1:
            return None
        db.session.commit()
    return secret


def free_seat(table: Table, position: int) -> None:
    with _writing(table.id):
        db.session.execute(update(Seat).where(Seat.table_id == table.id,
                                              Seat.position == position).values(secret_hash=None))
        db.session.commit()


def claim_host(table: Table) -> str | None:
    """A table imported from the command line has no host yet: the first screen to ask gets it."""
    return _new_host(table, Table.host_hash.is_(None))


CLAIM = "claim:"       # a host hash made from this prefix is a pending claim link, not a screen


def claim_link(table: Table) -> str:
    """A one-time token that makes the screen opening it the host; it replaces the old host at
    once (the way to move the host role when the old screen is lost)."""
    token = secrets.token_urlsafe(24)
    with _writing(table.id):
        db.session.execute(update(Table).where(Table.id == table.id)
                           .values(host_hash=digest(CLAIM + token)))
        db.session.commit()
    return token


def claim_pending(table: Table, token: str) -> bool:
    return table.host_hash == digest(CLAIM + token)


def claim_with(table: Table, token: str) -> str | None:
    """The host secret for the screen bringing a valid claim token; the token is spent."""
    return _new_host(table, Table.host_hash == digest(CLAIM + token))


def _new_host(table: Table, condition: Any) -> str | None:
    """A fresh host secret, stored only while ``condition`` holds under the table's lock."""
    secret = secrets.token_urlsafe(24)
    with _writing(table.id):
        claimed = db.session.execute(update(Table).where(Table.id == table.id, condition)
                                     .values(host_hash=digest(secret)))
        if claimed.rowcount != 1:
            return None
        db.session.commit()
    return secret


def version(code: str) -> int | None:
    if len(code) > 2 * CODE_LENGTH:
        return None
    code = normal_code(code)
    return versions([code], db.session.connection()).get(code)


VERSIONS_AT_ONCE = 500      # codes per statement, far below any database's limit on parameters


def versions(codes: Sequence[str], connection: Connection) -> dict[str, int]:
    """The versions of the tables among ``codes`` (normal codes), by code: one statement per 500
    codes, through ``connection`` (the session's in a request; outside one, the live updates'
    from the pool). At the driver's level, as screens ask for versions all the time: the driver
    reads one in microseconds, a SQLAlchemy statement in a tenth of a millisecond."""
    mark = "?" if connection.dialect.paramstyle == "qmark" else "%s"
    found: dict[str, int] = {}
    cursor = connection.connection.cursor()
    try:
        for start in range(0, len(codes), VERSIONS_AT_ONCE):
            chunk = list(codes[start:start + VERSIONS_AT_ONCE])
            cursor.execute(f"SELECT code, version FROM {Table.__tablename__} "
                           f"WHERE code IN ({', '.join([mark] * len(chunk))})", chunk)
            found.update(cursor.fetchall())
    finally:
        cursor.close()
    return found


def with_codes(codes: list[str], limit: int) -> list[Table]:
    """The tables among ``codes`` (a browser's cookies name them), newest first."""
    wanted = [normal_code(c) for c in codes if len(c) <= CODE_LENGTH][:limit * 2]
    return list(db.session.scalars(select(Table).where(Table.code.in_(wanted))
                                   .order_by(Table.created_at.desc(), Table.id.desc()).limit(limit)))


def rematch(table: Table, rotate: bool) -> Table:
    """The next game of a finished table: the same game, options and players (the old second
    player first when ``rotate``), each seat and the host held by the same secrets as before, so
    the same phones and host screen hold them. A table has one next table: asked again (a double
    tap), the one already started is returned. RuleError if the game is not finished."""
    for _attempt in range(20):
        try:
            with _writing(table.id):
                old = db.session.execute(select(Table.next_code, Table.result, Table.options,
                                                Table.host_hash)
                                         .where(Table.id == table.id)).one()
                if old.next_code is not None:
                    db.session.rollback()       # nothing to write: the version stays
                    started = find(old.next_code)
                    if started is not None:
                        return started
                    raise RuleError(N_("The next game of this table is gone."))
                if old.result is None:
                    raise RuleError(N_("The game is not finished: finish it first, then start "
                                       "the rematch."))
                seats = db.session.execute(select(Seat.name, Seat.secret_hash)
                                           .where(Seat.table_id == table.id)
                                           .order_by(Seat.position)).all()
                players = [seat.name for seat in seats]
                if rotate:
                    players = players[1:] + players[:1]
                game = GAMES[table.game]
                events = game.setup_events(old.options, players)
                replay = record.load(record.envelope(game, old.options, players, events))
                new = _new_table(replay, old.options, old.host_hash)
                held = {seat.name: seat.secret_hash for seat in seats}
                for seat in new.seats:
                    seat.secret_hash = held[seat.name]
                db.session.add(new)
                db.session.flush()          # the new code is checked for uniqueness here
                db.session.execute(update(Table).where(Table.id == table.id)
                                   .values(next_code=new.code))
                db.session.commit()
                return new
        except IntegrityError:      # the code was taken meanwhile: all rolled back, draw again
            continue
    raise RuntimeError("no free table code")


def sat(table: Table, browser_hash: str) -> None:
    """This browser took part in the table (its games page lists it): recorded once, a second
    time is a no-op (the unique constraint settles two requests at once)."""
    known = select(Sitting.id).where(Sitting.browser_hash == browser_hash,
                                     Sitting.table_id == table.id)
    if db.session.scalar(known) is not None:
        return
    db.session.commit()         # the read above ends before the write starts (as in _writing)
    with _one_writer():
        try:
            db.session.add(Sitting(browser_hash=browser_hash, table_id=table.id))
            db.session.commit()
        except IntegrityError:      # the same browser's other request recorded it meanwhile
            db.session.rollback()
