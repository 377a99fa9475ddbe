"""A browser's tables: each table it took part in recorded once (its games page lists them),
and the tables its cookies name.

Imports the models and the service's finding and transactions; nothing above it.
"""
from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ... import cache
from ...extensions import db
from ...models import Sitting, Table
from .finding import CODE_LENGTH, normal_code
from .transactions import one_writer


SITTINGS_KEPT = 20_000      # (browser, table) pairs a process knows are recorded


def sat(table: Table, browser_hash: str) -> None:
    """This browser took part in the table (its games page lists it): recorded once, a second
    time is a no-op (the unique constraint settles two requests at once). A pair this process
    has seen recorded is not asked for again: every page view of a table passes here. Its
    commit expires what the request read: a screen records it once drawn."""
    recorded = cache.of_app("sittings_recorded", SITTINGS_KEPT)
    table_id = table.id
    pair = (browser_hash, table_id, table.code)
    if recorded.get(pair):
        return
    known = select(Sitting.id).where(Sitting.browser_hash == browser_hash,
                                     Sitting.table_id == table_id)
    if db.session.scalar(known) is not None:
        recorded.put(pair, True)
        return
    db.session.commit()         # the read above ends before the write starts (as in writing)
    with one_writer():
        try:
            db.session.add(Sitting(browser_hash=browser_hash, table_id=table_id))
            db.session.commit()
        except IntegrityError:      # the same browser's other request recorded it meanwhile
            db.session.rollback()
    recorded.put(pair, True)


def with_codes(codes: list[str], limit: int) -> list[Table]:
    """The tables among ``codes`` (a browser's cookies name them), newest first."""
    wanted = [normal_code(c) for c in codes if len(c) <= CODE_LENGTH][:limit * 2]
    return list(db.session.scalars(select(Table).where(Table.code.in_(wanted))
                                   .order_by(Table.created_at.desc(), Table.id.desc()).limit(limit)))
