"""The write transactions: one writer at a time on SQLite, and a table's write transaction,
which takes the table's lock by moving its version on before anything else is read and, once
committed, tells every screen waiting for the table.

Imports the database, the models and push (told of each commit); nothing else of the service.
"""
from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Any, Iterator

from sqlalchemy import func, select, update

from ...extensions import db
from ...sqlite import begin_writing
from ...models import Table
from .. import push

# SQLite has one writer at a time and waits for the file's lock inside C: under an event-loop
# server (gevent) a request waiting there stops every request of its process, including the one
# holding the lock. So a process lets one write transaction at a time reach SQLite; the others
# wait here, where waiting yields. (PostgreSQL locks the table's row and waits without blocking.)
_SQLITE_WRITES = threading.Lock()


@contextmanager
def one_writer() -> Iterator[None]:
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


@contextmanager
def writing(table_id: int) -> Iterator[Any]:
    """A write transaction on the table: its write lock taken before its log is read (the first
    statement, which gives the table's new version, next code and code), rolled back on any
    error or when left uncommitted; the caller commits it with :func:`commit`."""
    with one_writer():
        try:
            db.session.commit()
            if db.engine.dialect.name == "sqlite":      # SQLite's write lock first: sqlite.py
                begin_writing(db.session.connection().connection.dbapi_connection)
            locked = db.session.execute(update(Table).where(Table.id == table_id)
                                        .values(version=Table.version + 1)
                                        .returning(Table.version, Table.next_code, Table.code)).one()
            yield locked
        except BaseException:
            db.session.rollback()
            raise
        finally:
            if db.session().in_transaction():
                db.session.rollback()


def commit(locked: Any) -> None:
    """Commit the table's write transaction (``locked``, as :func:`writing` gave it) and tell of
    its new version: on PostgreSQL every server listening on push.CHANNEL is notified with the
    commit, and this process's screens waiting for the table are answered at once."""
    if db.engine.dialect.name == "postgresql":      # every server's screens, at commit
        db.session.execute(select(func.pg_notify(push.CHANNEL, locked.code)))
    db.session.commit()
    push.tell(locked.code, locked.version)
