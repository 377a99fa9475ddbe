"""SQLite as this app connects to it: WAL and foreign keys on every connection, and under an
event loop (gevent, ``companion run``) its writes and commits run off the loop.

SQLite waits for another process's write lock inside C (up to its busy time-out) and writes the
file there: under gevent a statement waiting so stops every request of its process, not only its
own. Where gevent has patched the process, a statement that may write (anything but a read) and a
commit run in gevent's pool of real threads, so the worker serves its other requests meanwhile;
reads (WAL: they never wait for a writer) stay on the loop.

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
    """A sqlite3 cursor whose statements that may write run off the event loop."""

    def __init__(self, cursor) -> None:
        object.__setattr__(self, "_cursor", cursor)

    def execute(self, statement, *args):
        if _reads(statement):
            self._cursor.execute(statement, *args)
        else:
            _off_the_loop(self._cursor.execute, statement, *args)
        return self

    def executemany(self, statement, *args):
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

    def cursor(self, *args):
        return OffLoopCursor(self._connection.cursor(*args))

    def execute(self, statement, *args):
        cursor = self.cursor()
        return cursor.execute(statement, *args)

    def commit(self) -> None:           # (nothing written: nothing to wait for)
        if self._connection.in_transaction:
            _off_the_loop(self._connection.commit)

    def rollback(self) -> None:
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
