"""Finding tables: their codes, a table by its code (once per request), its version.

Imports the database, the models and push (its read of versions); nothing else of the service.
"""
from __future__ import annotations

import secrets

from flask import g
from sqlalchemy import bindparam, select
from sqlalchemy.orm import joinedload

from ...extensions import db
from ...models import Table
from .. import push

# No look-alikes: without 0/O, 1/I/L, 2/Z, 5/S, 8/B, G/6, Q.
CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY3479"
CODE_LENGTH = 5


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    return code.strip().upper()


# built once: every request finds its table (the statement's cache key is made once too)
FIND = select(Table).options(joinedload(Table.seats)).where(Table.code == bindparam("code"))


def find(code: str) -> Table | None:
    """The table with its seats (one statement), found once per request: the limiter, the
    route and the screen share it (a commit expires it, so a later read is fresh)."""
    if len(code) > 2 * CODE_LENGTH:       # never a table's code; no query for it
        return None
    code = normal_code(code)
    found: dict[str, Table] = g.setdefault("tables_found", {})
    if code not in found:
        table = db.session.scalars(FIND, {"code": code}).unique().first()
        if table is None:
            return None
        found[code] = table
    return found[code]


def release() -> None:
    """Nothing held while a request waits: no connection, no open transaction, no table found
    (read again, fresh, afterwards)."""
    db.session.close()
    g.pop("tables_found", None)


def version(code: str) -> int | None:
    if len(code) > 2 * CODE_LENGTH:
        return None
    code = normal_code(code)
    return push.versions([code], db.session.connection()).get(code)
