"""Making tables: a new one from a checked record (a new game, an imported record) under a
fresh code, and the next game of a finished one (the rematch).

Imports the record, the games, the models, and the service's finding, transactions and
replays; nothing above it.
"""
from __future__ import annotations

import secrets
import time
from typing import Any, Iterable, Mapping

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from ... import record
from ...extensions import db
from ...games import GAMES
from ...games.base import N_, RuleError
from ...models import Event, Seat, Snapshot, Table, digest, utcnow
from . import keepsakes, replays
from .finding import find, new_code
from .transactions import commit, writing


def create(game: str, options: Mapping[str, Any], players: list[str],
           events: list[dict[str, Any]] | None = None,
           with_host: bool = True, seats_pause: bool = False) -> tuple[Table, str | None]:
    """A new table (checked through the record rules first); returns it and the host secret
    (None without a host: the first screen to claim it, or a claim link, becomes the host).
    ``seats_pause``: any seated phone may pause the table's clock."""
    replay = record.load(record.envelope(record.game_of(game), options, players, events or [],
                                         started=record.written_time(utcnow())))
    return create_checked(record.made_of(replay, options), with_host, seats_pause)


EVENTS_AT_ONCE = 250     # an imported log's events written per statement


def create_checked(work: Mapping[str, Any], with_host: bool = True,
                   seats_pause: bool = False, photos: Iterable[Any] = (),
                   notes: Iterable[tuple[int | None, str]] = ()) -> tuple[Table, str | None]:
    """A new table holding a record :func:`record.checked` read and replayed (maybe in another
    process): nothing replayed again here; its events written a few hundred per statement, its
    snapshot beside them when the log is long; an imported play's photos and notes (by seat)
    with them. Returns it and the host secret (None without a host, as :func:`create`)."""
    host_secret = secrets.token_urlsafe(24)
    events = work["snapshot"]["events"]
    for _attempt in range(20):
        table = Table(code=new_code(), game=work["game"], options=dict(work["options"]),
                      started=work.get("started") or "", seats_pause=seats_pause,
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
        if len(events) >= replays.SNAPSHOT_EVERY:     # a long record imported: kept replayed
            db.session.execute(Snapshot.__table__.insert(), [{
                "table_id": table.id, "events": len(events), "fingerprint": work["fingerprint"],
                "data": work["snapshot"], "updated_at": utcnow()}])
        keepsakes.keep_imported(table.id, photos, notes)
        db.session.commit()
        return table, host_secret if with_host else None
    raise RuntimeError("no free table code")


def _new_table(replay: record.Replay, options: Mapping[str, Any], host_hash: str | None) -> Table:
    """A table holding a checked record (not yet added to the session), under a fresh code."""
    table = Table(code=new_code(), game=replay.game.name, options=dict(options),
                  started=replay.started or "", host_hash=host_hash, version=len(replay.events),
                  result=replay.result() if replay.finished else None)
    table.seats = [Seat(position=i, name=name) for i, name in enumerate(replay.players)]
    table.events = [Event(seq=i + 1, data=e, by="import") for i, e in enumerate(replay.events)]
    if len(replay.events) >= replays.SNAPSHOT_EVERY:     # a long record imported: kept replayed
        table.snapshot = Snapshot(**replays.snapshot_values(replay))
    return table


def rematch(table: Table, rotate: bool, clock: Mapping[str, int] | None | bool = True) -> Table:
    """The next game of a finished table: the same game, options and players (the old second
    player first when ``rotate``; ``clock``: the time bank option instead of the old one, None
    for none, True to keep it), whether seats may pause, each seat and the host held by the
    same secrets as before, so the same phones and host screen hold them. A table has one next table: asked again (a double
    tap), the one already started is returned. RuleError if the game is not finished."""
    for _attempt in range(20):
        try:
            with writing(table.id) as locked:
                old = db.session.execute(select(Table.next_code, Table.result, Table.options,
                                                Table.host_hash, Table.seats_pause)
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
                options = {k: v for k, v in old.options.items() if k != "clock"}
                if clock is True and "clock" in old.options:
                    options["clock"] = old.options["clock"]
                elif clock not in (True, None):
                    options["clock"] = dict(clock)
                events = game.rules.setup_events(options, players)
                replay = record.load(record.envelope(game, options, players, events,
                                                     started=record.written_time(utcnow())))
                new = _new_table(replay, options, old.host_hash)
                new.seats_pause = old.seats_pause
                held = {seat.name: seat.secret_hash for seat in seats}
                for seat in new.seats:
                    seat.secret_hash = held[seat.name]
                db.session.add(new)
                db.session.flush()          # the new code is checked for uniqueness here
                db.session.execute(update(Table).where(Table.id == table.id)
                                   .values(next_code=new.code))
                commit(locked)
                return new
        except IntegrityError:      # the code was taken meanwhile: all rolled back, draw again
            continue
    raise RuntimeError("no free table code")


def untouched(game: Any, options: Mapping[str, Any], players: list[str],
              logged: list[Mapping[str, Any]]) -> bool:
    """Whether a table's log is still as it was made: empty, or only the events the game's
    setup puts on the table for these players (their times aside)."""
    bare = [{k: v for k, v in event.items() if k != "at"} for event in logged]
    return bare == list(game.rules.setup_events(options, players))


def first_player(table: Table, player: str) -> list[str]:
    """Before the game begins, the seat order turned (clockwise kept) to begin with ``player``:
    each seat's name and the secret of the phone holding it move together, so every phone keeps
    its player; a game whose table begins with setup events (each player's first worker, the
    first round) has them made again for the new order. All under the table's lock, checked
    there; the version moves on, so every screen follows. Returns the new order. RuleError once
    an event came in (or the player has no seat)."""
    with writing(table.id) as locked:
        row = db.session.execute(select(Table.result, Table.options, Table.started)
                                 .where(Table.id == table.id)).one()
        seats = db.session.scalars(select(Seat).where(Seat.table_id == table.id)
                                   .order_by(Seat.position)).all()
        players = [seat.name for seat in seats]
        if player not in players:
            raise RuleError(N_("%(player)s has no seat at this table."), player=player)
        game = GAMES[table.game]
        logged = db.session.execute(select(Event.seq, Event.data, Event.by)
                                    .where(Event.table_id == table.id).order_by(Event.seq)).all()
        if row.result is not None or not untouched(game, row.options, players,
                                                   [event.data for event in logged]):
            raise RuleError(N_("The game has begun: the seat order stays."))
        turn = players.index(player)
        held = [(seat.name, seat.secret_hash) for seat in seats]
        held = held[turn:] + held[:turn]
        order = [name for name, _secret in held]
        events = [dict(event) for event in game.rules.setup_events(row.options, order)]
        for event, old in zip(events, logged):
            if "at" in old.data:
                event["at"] = old.data["at"]
        # the new order checked as a record before anything is written
        replay = record.load(record.envelope(game, row.options, order, events,
                                             started=row.started or None))
        for seat, (name, secret) in zip(seats, held):
            seat.name, seat.secret_hash = name, secret
        if events != [event.data for event in logged]:
            db.session.execute(delete(Event).where(Event.table_id == table.id))
            db.session.execute(Event.__table__.insert(), [
                {"table_id": table.id, "seq": i + 1, "data": event, "by": old.by,
                 "created_at": utcnow()} for i, (event, old) in enumerate(zip(events, logged))])
        db.session.execute(delete(Snapshot).where(Snapshot.table_id == table.id))
        db.session.flush()
        commit(locked)
    replays.keep(table.id, locked.version, replay)      # this process's replay: the new order
    return order
