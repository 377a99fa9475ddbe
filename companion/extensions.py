"""Extensions created unbound; the factory binds them to an app."""
from typing import Any, Callable

from flask import current_app, request
from flask_babel import Babel, gettext
from flask_limiter import ApplicationLimit, Limiter
from flask_limiter.util import get_remote_address
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
csrf = CSRFProtect()
migrate = Migrate()      # the schema's history: companion/migrations (companion db upgrade)
babel = Babel()


def _setting(name: str):
    return lambda: current_app.config[name]


# Per client address (behind a proxy, the address the proxy setting trusts), each in a moving
# window: wrong codes and imports counted in the app's database, shared by every worker, the
# posts in each process's memory (companion/ratelimits.py; RATELIMIT_STORAGE_URI may name another
# store, e.g. "redis://localhost:6379"). A wrong table code (404) counts against guessing; a
# table's normal play never answers 404, so a whole table behind one home router is not slowed:
# ``at_own_table`` (handed in by the tables) exempts a screen of a table this browser hosts or
# sits at from someone else's wrong codes. One limiter per app (its settings and memory its own).
def limiter_for(app, at_own_table: Callable[[], bool]) -> Limiter:
    return Limiter(get_remote_address, app=app, application_limits=[
        ApplicationLimit(_setting("WRONG_CODE_LIMIT"), scope="wrong-codes",
                         deduct_when=lambda response: response.status_code == 404,
                         exempt_when=at_own_table),
        ApplicationLimit(_setting("POST_LIMIT"), scope="posts", methods=["POST"]),
        # a record's import costs seconds of work for the largest: a few a minute per address
        ApplicationLimit(_setting("IMPORT_LIMIT"), scope="imports", methods=["POST"],
                         exempt_when=lambda: request.endpoint != "tables.import_record"),
        # a sheet or board saved (an editor's post answered with a redirect): a flood of them
        # would fill the server, so a few dozen an hour per address
        ApplicationLimit(_setting("SAVE_LIMIT"), scope="saves", methods=["POST"],
                         exempt_when=lambda: not saving(),
                         deduct_when=lambda response: response.status_code == 303,
                         error_message=lambda: gettext(
                             "Too many sheets and boards saved from this network in the last "
                             "hour. Wait a while, then save again.")),
    ])


def saves(view: Callable) -> Callable:
    """Marks an editor's view whose post saves a sheet or board: the ``saves`` limit counts it."""
    view.saves_definitions = True   # type: ignore[attr-defined]
    return view


def saving() -> bool:
    view = current_app.view_functions.get(request.endpoint or "")
    return bool(getattr(view, "saves_definitions", False))


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection, _record) -> None:
    """WAL and foreign keys for SQLite, so phones wait for each other instead of failing."""
    if isinstance(dbapi_connection, OffLoopConnection) or \
            type(dbapi_connection).__module__.startswith("sqlite3"):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()


# --- SQLite under an event loop ----------------------------------------------------------------
# SQLite waits for another process's write lock inside C (up to its busy time-out) and writes the
# file there: under gevent (companion run) a statement waiting so stops every request of its
# process, not only its own. Where gevent has patched the process, a statement that may write
# (anything but a read) and a commit run in gevent's pool of real threads, so the worker serves
# its other requests meanwhile; reads (WAL: they never wait for a writer) stay on the loop.

def cooperative() -> bool:
    """True in a process gevent has patched (a waiting request costs a greenlet)."""
    import sys

    monkey = sys.modules.get("gevent.monkey")
    return bool(monkey is not None and monkey.is_module_patched("threading"))


def _off_the_loop(call: Callable, *args):
    import gevent

    return gevent.get_hub().threadpool.apply(call, args)


PROCESSES_AT_ONCE = 2     # children a server process runs at once (more wait their turn)
_PROCESSES: Any = None


def in_a_process(program: str, data: bytes, seconds: float = 120.0) -> bytes:
    """``program`` (Python source run by this interpreter, from this package's folder) given
    ``data`` on stdin, its stdout back: CPU-heavy work of pure Python (a long record replayed)
    on another core, at a lower priority than the server; where gevent serves, only this
    request waits meanwhile. RuntimeError if it fails or takes longer than ``seconds``."""
    import os
    import subprocess
    import sys
    import threading
    from pathlib import Path

    global _PROCESSES
    if _PROCESSES is None:
        _PROCESSES = threading.BoundedSemaphore(PROCESSES_AT_ONCE)
    root = str(Path(__file__).resolve().parent.parent)
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [root, *filter(None, [os.environ.get("PYTHONPATH")])])}
    with _PROCESSES:
        try:
            done = subprocess.run([sys.executable, "-c", program], input=data, capture_output=True,
                                  timeout=seconds, cwd=root, env=environment)
        except subprocess.TimeoutExpired:
            raise RuntimeError(f"a child process took longer than {seconds:.0f} s") from None
    if done.returncode != 0:
        raise RuntimeError(f"a child process failed: {done.stderr.decode(errors='replace')[-2000:]}")
    return done.stdout


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
