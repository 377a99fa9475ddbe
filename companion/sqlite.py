"""SQLite as this app connects to it: WAL and foreign keys on every connection, and under an
event loop (gevent, ``companion run``) its writes and commits run off the loop.

SQLite waits for another process's write lock inside C (up to its busy time-out) and writes the
file there: under gevent a statement waiting so stops every request of its process, not only its
own. Where gevent has patched the process, a statement that may write (anything but a read) and a
commit run in gevent's pool of real threads, so the worker serves its other requests meanwhile;
reads (WAL: they never wait for a writer) stay on the loop.

A table's write transaction (:func:`begin_writing`) takes SQLite's write lock first, with
``BEGIN IMMEDIATE``: on the loop when no other process holds it (it is then taken at once), in
the pool when one does (it waits there). Holding it, the transaction's statements cannot wait for
anyone and run on the loop; only its commit (the disk's flush) goes to the pool. Each trip to the
pool waits for the loop to come round to its answer, which under a full CPU takes as long as the
requests ready before it: a write transaction that made one per statement held the process's
write turn across all of them, and acts queued behind it while pages went on.

Imports nothing of the app: its listeners are registered on every engine when the app factory
imports it.
"""
from typing import Any, Callable

from sqlalchemy import event
from sqlalchemy.engine import Engine


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection, _record) -> None:
    """WAL and foreign keys for SQLite, so phones wait for each other instead of failing."""
    if isinstance(dbapi_connection, OffLoopConnection) or \
            type(dbapi_connection).__module__.startswith("sqlite3"):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()


def cooperative() -> bool:
    """True in a process gevent has patched (a waiting request costs a greenlet)."""
    import sys

    monkey = sys.modules.get("gevent.monkey")
    return bool(monkey is not None and monkey.is_module_patched("threading"))


def _off_the_loop(call: Callable, *args):
    """``call(*args)`` in gevent's pool of threads; what it raises is raised here, on the loop,
    where the caller handles it (an expected refusal, e.g. a name taken, as any other): the pool
    itself would print every exception's traceback, handled or not."""
    import gevent

    def guarded() -> tuple[bool, Any]:
        try:
            return True, call(*args)
        except BaseException as error:      # noqa: B036 (handed back whole, raised below)
            return False, error

    done, value = gevent.get_hub().threadpool.apply(guarded)
    if not done:
        raise value
    return value


def _reads(statement: str) -> bool:
    return statement.lstrip()[:6].upper() in ("SELECT", "PRAGMA")


class OffLoopCursor:
    """A sqlite3 cursor whose statements that may write run off the event loop (unless its
    connection holds the write lock: then nothing can make them wait)."""

    def __init__(self, cursor, owner: "OffLoopConnection") -> None:
        object.__setattr__(self, "_cursor", cursor)
        object.__setattr__(self, "_owner", owner)

    def execute(self, statement, *args):
        if _reads(statement) or self._owner.holds_write_lock():
            self._cursor.execute(statement, *args)
        else:
            _off_the_loop(self._cursor.execute, statement, *args)
        return self

    def executemany(self, statement, *args):
        if self._owner.holds_write_lock():
            self._cursor.executemany(statement, *args)
        else:
            _off_the_loop(self._cursor.executemany, statement, *args)
        return self

    def __iter__(self):
        return iter(self._cursor)

    def __getattr__(self, name):
        return getattr(self._cursor, name)

    def __setattr__(self, name, value) -> None:
        setattr(self._cursor, name, value)


class OffLoopConnection:
    """A sqlite3 connection whose writes and commits run off the event loop (its cursors too)."""

    def __init__(self, connection) -> None:
        object.__setattr__(self, "_connection", connection)
        object.__setattr__(self, "_writing", False)

    def cursor(self, *args):
        return OffLoopCursor(self._connection.cursor(*args), self)

    def holds_write_lock(self) -> bool:
        """In a transaction begun by :meth:`begin_immediate` (and not ended since)."""
        return self._writing and self._connection.in_transaction

    def begin_immediate(self) -> None:
        """``BEGIN IMMEDIATE``: at once on the loop when no other connection holds the write
        lock, else waiting for it in the pool (the connection's busy time-out)."""
        connection = self._connection
        waits = connection.execute("PRAGMA busy_timeout").fetchone()[0]
        connection.execute("PRAGMA busy_timeout = 0")
        try:
            connection.execute("BEGIN IMMEDIATE")
            taken = True
        except _sqlite3().OperationalError:         # busy: another process is writing
            taken = False
        finally:
            connection.execute(f"PRAGMA busy_timeout = {int(waits)}")
        if not taken:
            _off_the_loop(connection.execute, "BEGIN IMMEDIATE")
        object.__setattr__(self, "_writing", True)

    def execute(self, statement, *args):
        cursor = self.cursor()
        return cursor.execute(statement, *args)

    def commit(self) -> None:           # (nothing written: nothing to wait for)
        object.__setattr__(self, "_writing", False)
        if self._connection.in_transaction:
            _off_the_loop(self._connection.commit)

    def rollback(self) -> None:
        object.__setattr__(self, "_writing", False)
        if self._connection.in_transaction:
            _off_the_loop(self._connection.rollback)

    def __getattr__(self, name):
        return getattr(self._connection, name)

    def __setattr__(self, name, value) -> None:
        setattr(self._connection, name, value)


@event.listens_for(Engine, "do_connect")
def _sqlite_off_the_loop(dialect, _record, cargs, cparams):
    if dialect.name != "sqlite" or not cooperative():
        return None             # the dialect connects as ever
    cparams["check_same_thread"] = False        # its statements run in the pool's threads
    return OffLoopConnection(dialect.loaded_dbapi.connect(*cargs, **cparams))


def _sqlite3():
    import sqlite3
    return sqlite3


def begin_writing(dbapi_connection) -> None:
    """A write transaction on this SQLite connection, begun holding the write lock (``BEGIN
    IMMEDIATE``: no other connection writes until it ends), so that its statements never wait
    for another writer halfway: under gevent taken as :meth:`OffLoopConnection.begin_immediate`
    says. The connection must not be in a transaction."""
    if isinstance(dbapi_connection, OffLoopConnection):
        dbapi_connection.begin_immediate()
    else:
        dbapi_connection.execute("BEGIN IMMEDIATE")
