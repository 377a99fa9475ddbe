"""Seats and the host, held by secrets: a seat taken by a phone or freed, the host role
claimed by the first screen (a table without a host) or moved by a one-time claim link.

Imports the models and the service's transactions; nothing above it.
"""
from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy import update

from ...extensions import db
from ...models import Seat, Table, digest
from .transactions import commit, writing


def take_seat(table: Table, position: int) -> str | None:
    """Give the seat to this phone if it is free; returns the seat's secret or None."""
    secret = secrets.token_urlsafe(24)
    with writing(table.id) as locked:
        taken = db.session.execute(
            update(Seat).where(Seat.table_id == table.id, Seat.position == position,
                               Seat.secret_hash.is_(None)).values(secret_hash=digest(secret)))
        if taken.rowcount != 1:
            return None
        commit(locked)
    return secret


def free_seat(table: Table, position: int) -> None:
    with writing(table.id) as locked:
        db.session.execute(update(Seat).where(Seat.table_id == table.id,
                                              Seat.position == position).values(secret_hash=None))
        commit(locked)


def claim_host(table: Table) -> str | None:
    """A table imported from the command line has no host yet: the first screen to ask gets it."""
    return _new_host(table, Table.host_hash.is_(None))


CLAIM = "claim:"       # a host hash made from this prefix is a pending claim link, not a screen


def claim_link(table: Table) -> str:
    """A one-time token that makes the screen opening it the host; it replaces the old host at
    once (the way to move the host role when the old screen is lost)."""
    token = secrets.token_urlsafe(24)
    with writing(table.id) as locked:
        db.session.execute(update(Table).where(Table.id == table.id)
                           .values(host_hash=digest(CLAIM + token)))
        commit(locked)
    return token


def claim_pending(table: Table, token: str) -> bool:
    return table.host_hash == digest(CLAIM + token)


def claim_with(table: Table, token: str) -> str | None:
    """The host secret for the screen bringing a valid claim token; the token is spent."""
    return _new_host(table, Table.host_hash == digest(CLAIM + token))


def _new_host(table: Table, condition: Any) -> str | None:
    """A fresh host secret, stored only while ``condition`` holds under the table's lock."""
    secret = secrets.token_urlsafe(24)
    with writing(table.id) as locked:
        claimed = db.session.execute(update(Table).where(Table.id == table.id, condition)
                                     .values(host_hash=digest(secret)))
        if claimed.rowcount != 1:
            return None
        commit(locked)
    return secret
