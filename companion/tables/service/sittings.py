"""A browser's tables: each table it took part in recorded once (its games page lists them),
and the tables its cookies name.

Imports the models and the service's finding and transactions; nothing above it.
"""
from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ...extensions import db
from ...models import Sitting, Table
from .finding import CODE_LENGTH, normal_code
from .transactions import one_writer


def sat(table: Table, browser_hash: str) -> None:
    """This browser took part in the table (its games page lists it): recorded once, a second
    time is a no-op (the unique constraint settles two requests at once)."""
    known = select(Sitting.id).where(Sitting.browser_hash == browser_hash,
                                     Sitting.table_id == table.id)
    if db.session.scalar(known) is not None:
        return
    db.session.commit()         # the read above ends before the write starts (as in writing)
    with one_writer():
        try:
            db.session.add(Sitting(browser_hash=browser_hash, table_id=table.id))
            db.session.commit()
        except IntegrityError:      # the same browser's other request recorded it meanwhile
            db.session.rollback()


def with_codes(codes: list[str], limit: int) -> list[Table]:
    """The tables among ``codes`` (a browser's cookies name them), newest first."""
    wanted = [normal_code(c) for c in codes if len(c) <= CODE_LENGTH][:limit * 2]
    return list(db.session.scalars(select(Table).where(Table.code.in_(wanted))
                                   .order_by(Table.created_at.desc(), Table.id.desc()).limit(limit)))
