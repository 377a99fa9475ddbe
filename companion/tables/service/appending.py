"""The one write path of an act: checked on the table's log as it is under the table's lock,
then appended with it in the same transaction, or nothing written at all.

The path of an act: route → :func:`append` (lock, replay, :func:`check`, append) → record
(apply) → :func:`transactions.commit` → push (the waiting screens told).

Imports the record, the games' Act and refusals, the models, and the service's transactions
and replays; nothing above it.
"""
from __future__ import annotations

import re

from sqlalchemy import select, update

from ... import record
from ...extensions import db
from ...games.base import N_, Act, RuleError
from ...models import Event, Table, utcnow
from . import replays
from .transactions import commit, writing

NONCE = re.compile(r"[0-9A-Za-z_-]{1,40}")       # what the forms send (uuid4().hex); fits its column


def append(table: Table, act: Act) -> record.Replay:
    """Check ``act`` on the replayed log as it is under the table's lock and append its event;
    RuleError (or a :class:`Conflict` to ask about) leaves nothing written. An act sent twice
    (same nonce) is appended once; a nonce no form sends is none."""
    nonce = act.nonce if act.nonce is not None and NONCE.fullmatch(act.nonce) else None
    table_id, game, options, players = table.id, table.game, table.options, table.players
    started = table.started or None
    with writing(table_id) as locked:
        if nonce and db.session.scalar(select(Event.id).where(Event.table_id == table_id,
                                                              Event.nonce == nonce)):
            db.session.rollback()
            again = True
        else:
            again = False
            # every change bumps the version: the log is as it was at the version before ours
            current = replays.replayed(table_id, game, options, players, locked.version - 1,
                                       writing=True, started=started)
            check(current, act, locked.next_code)
            # when the table took it: this server's clock, never earlier than the record's
            # latest time (another server's, or this clock stepped back): times stay in order
            event = {**act.event, "at": record.stamp(utcnow(), current.latest_time() or started)}
            after = current.then(event)
            db.session.add(Event(table_id=table_id, seq=len(current.events) + 1,
                                 data=event, by=act.by, nonce=nonce))
            snapshot = replays.snapshot_due(table_id, after, act.event.get("type") == "undo")
            if snapshot:
                replays.save_snapshot(table_id, after, writing=True)
            if after.finished != current.finished:  # finished, or reopened: the stored result
                db.session.execute(update(Table).where(Table.id == table_id).values(
                    result=after.result() if after.finished else None))
            commit(locked)      # and every screen waiting for the table is told (push)
    if again:
        return replays.replay_of(table)
    replays.keep(table_id, locked.version, after)
    if snapshot:
        replays.covered().put(table_id, len(after.events))
    return after


def check(current: record.Replay, act: Act, next_code: str | None) -> None:
    """The live table's rules for ``act`` on the log ``current`` it would be appended to, with
    the table's next code (a rematch started): the game's own (who may roll now, setup only by
    the host), the question before a game's act replaces an entered value (it goes through only
    with the player's yes to that very value), and a table whose rematch started is not
    reopened. Pure: raises RuleError or the Conflict to ask about."""
    if act.form is not None:
        game, state = current.game, current.state
        game.policy.live_check(state, current.options, act)
        if not act.queued and not current.finished:
            asked = game.rules.out_of_turn(state, act.event, act.by == "host")
            if asked is not None and act.anyway != asked.token:
                current.then(dict(act.event))   # what the rules refuse is refused, not asked
                raise asked
        conflict = game.policy.overwrite(state, act.event)
        if conflict is not None and act.replaces != conflict.token:
            raise conflict
    if next_code is not None and current.finished and act.event.get("type") == "undo":
        raise RuleError(N_("The next game has started from this one: it stays finished."))
