"""Finding tables: their codes, a table by its code (once per request), their versions.

Imports the database and the models; nothing else of the service.
"""
from __future__ import annotations

import secrets
from typing import Sequence

from flask import g
from sqlalchemy import Connection, select
from sqlalchemy.orm import joinedload

from ...extensions import db
from ...models import Table

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
