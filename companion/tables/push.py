"""Live updates: a screen waiting for its table's change learns of it as it happens.

A screen asks ``/t/<code>/live?v=N&wait=1``; the long poll (long_poll.py, in the app or in front
of it) holds that request here, in :meth:`Watcher.wait`, until the table's version is no longer
``N`` or ``LIVE_WAIT_SECONDS`` (15 to 20 s) pass.

One :class:`Watcher` per server process reads, in a single query every ``LIVE_CHECK_SECONDS``,
the versions of all the tables its waiting requests wait for, so a change made by any process
(or any program writing the database) is seen; a write committed in this process is told here
(:func:`tell`, called by the service's commit) and checks at once. On PostgreSQL it also
LISTENs: every commit that moves a table's version on NOTIFYs its code on :data:`CHANNEL`, so a
screen waiting on one server learns of an act made through another at once, and the reads
become a fallback once a second (``LIVE_NOTIFY = False`` turns listening off). A waiting
request holds no database connection: the watcher reads for all of them.

Waiting is cheap under gevent (a greenlet per waiter, how ``companion run`` serves) and fine
under the threaded development server (a thread per request). Under a server with a few fixed
threads (waitress, gunicorn's sync and gthread workers) each waiter would hold one of them, so
there the view answers at once and the page polls; ``LIVE_WAIT_SECONDS`` in the configuration
overrides the choice (0: never wait).

Waiting is bounded, so no table and no address can take a server's capacity: a process holds at
most ``LIVE_WAITERS`` waiting requests in all (its share of the connections it serves: pages and
acts keep the rest), ``LIVE_WAITERS_PER_TABLE`` for one table (far above a real table's screens;
a screen holding the table's seat or host cookie is never refused for it) and
``LIVE_WAITERS_PER_ADDRESS`` from one address (far above a café's phones behind one router). A
long poll beyond a bound is answered at once with 503 and ``Retry-After``: the page holds its
live requests back that long and asks again. Nothing else changes: pages and acts are served.

Imports the database, the models and sqlite.py (whether gevent serves); nothing of the tables:
the service (its commit) calls down into it.
"""
from __future__ import annotations

import logging
import os
import random
import threading
import time
from typing import Any, Sequence

from flask import Flask, current_app
from sqlalchemy import Connection

from ..extensions import db
from ..models import Table
from ..sqlite import cooperative

WAIT_SECONDS = 20.0     # a waiting request answers 204 after 15 to this many s (proxies allow 60)
CHECK_SECONDS = 0.1     # how often the watcher reads the versions of the tables waited for
IDLE_SECONDS = 60.0     # a watcher with nobody waiting this long ends (a new waiter starts one)
WAITERS = 4000          # long polls a process holds waiting (companion run: its share, serve.py)
WAITERS_PER_TABLE = 50  # for one table (a table of six, its TV and onlookers: about ten)
WAITERS_PER_ADDRESS = 400   # from one address (a café's phones behind one router)
CROWDED_RETRY_AFTER = 5     # seconds a long poll beyond a bound is told to wait
LISTENING_CHECK_SECONDS = 1.0   # PostgreSQL tells of changes: the version reads fall back to this
LISTEN_RETRY_SECONDS = 2.0      # a lost LISTEN connection is opened again after this
LISTEN_TURN_SECONDS = 0.25      # how often the listener looks whether it is to stop
EXTENSION = "table_push"
CHANNEL = "companion_tables"     # PostgreSQL: a table's code, each time its version moves on

log = logging.getLogger(__name__)


def tell(code: str, version: int | None = None) -> None:
    """The table ``code`` moved on to ``version``, committed in this process: its screens
    waiting here are answered at once, with no read. (Other servers' screens learn of it from
    the NOTIFY on CHANNEL sent with the commit, or from their next read.)"""
    watcher = current_app.extensions.get(EXTENSION)
    if watcher is not None and watcher.pid == os.getpid():
        watcher.changed(code, version)


class Crowded(Exception):
    """A long poll beyond a bound on waiting requests (:class:`Watcher`)."""


def crowded_answer() -> tuple[str, list[tuple[str, str]]]:
    """The status and headers a long poll beyond a bound gets: no body, the page keeps what
    it shows and asks again after ``Retry-After``."""
    return "503 SERVICE UNAVAILABLE", [("Retry-After", str(CROWDED_RETRY_AFTER)),
                                       ("Content-Length", "0"), ("Cache-Control", "no-store")]


def wait_seconds(app: Flask, environ: dict[str, Any]) -> float:
    """How long a live request may wait in this server (0: answer at once), in the app or in
    front of it: ``LIVE_WAIT_SECONDS`` if configured, else as the server serves."""
    configured = app.config.get("LIVE_WAIT_SECONDS")
    if configured is not None:
        return float(configured)
    if cooperative():
        return WAIT_SECONDS
    if str(environ.get("SERVER_SOFTWARE", "")).startswith("Werkzeug/") and \
            environ.get("wsgi.multithread"):
        return WAIT_SECONDS     # the threaded development server: a thread per request
    return 0.0


def jittered(seconds: float) -> float:
    """A wait of 75–100 % of ``seconds``: screens that started together do not all ask again
    together."""
    return seconds * random.uniform(0.75, 1.0)


_CREATING = threading.Lock()


def watcher_for(app: Flask) -> "Watcher":
    """This process's watcher for ``app`` (a forked worker makes its own)."""
    watcher = app.extensions.get(EXTENSION)
    if watcher is None or watcher.pid != os.getpid():
        with _CREATING:
            watcher = app.extensions.get(EXTENSION)
            if watcher is None or watcher.pid != os.getpid():
                watcher = Watcher(app, float(app.config.get("LIVE_CHECK_SECONDS", CHECK_SECONDS)),
                                  bounds=(int(app.config.get("LIVE_WAITERS", WAITERS)),
                                          int(app.config.get("LIVE_WAITERS_PER_TABLE", WAITERS_PER_TABLE)),
                                          int(app.config.get("LIVE_WAITERS_PER_ADDRESS", WAITERS_PER_ADDRESS))))
                app.extensions[EXTENSION] = watcher
    return watcher


class Waiter:
    __slots__ = ("seen", "event", "address")

    def __init__(self, seen: int, address: str) -> None:
        self.seen = seen
        self.event = threading.Event()
        self.address = address


class Watcher:
    """Reads the versions of the tables its waiters wait for and wakes those whose table moved
    on. Runs in a thread of its own (a greenlet under gevent) only while someone waits."""

    def __init__(self, app: Flask, interval: float,
                 bounds: tuple[int, int, int] = (WAITERS, WAITERS_PER_TABLE, WAITERS_PER_ADDRESS)) -> None:
        self.app = app
        self.interval = interval
        self.pid = os.getpid()
        self.lock = threading.Lock()
        self.waiting: dict[str, list[Waiter]] = {}
        self.most, self.most_per_table, self.most_per_address = bounds
        self.count = 0
        self.by_address: dict[str, int] = {}
        self.crowded = 0        # long polls refused for a bound, since the process started
        self.listener: threading.Thread | None = None       # PostgreSQL: LISTEN (see _listen)
        self.listening = False
        self.listen_failed = False
        self.kicked = threading.Event()
        self.thread: threading.Thread | None = None
        self.checks = 0
        self.failing = False
        self.stopped = False
        self.newcomers = False      # a request began waiting since the last read
        self.pulse: Any = None      # SQLite: a connection of the watcher's, for data_version
        self.pulse_seen: int | None = None

    def wait(self, code: str, seen: int, seconds: float, address: str = "",
             at_table: bool = False) -> bool:
        """Block until ``code``'s version differs from ``seen`` (True) or ``seconds`` pass
        (False); True at once from a stopped watcher (the app then looks for itself). Raises
        :class:`Crowded` at once, holding nothing, beyond a bound: this process's waiters, the
        table's (not for a screen ``at_table``: a seat's or the host's) or the address's."""
        waiter = Waiter(seen, address)
        with self.lock:
            if self.stopped:
                return True
            if (self.count >= self.most
                    or (not at_table and len(self.waiting.get(code, ())) >= self.most_per_table)
                    or self.by_address.get(address, 0) >= self.most_per_address):
                self.crowded += 1
                raise Crowded(code)
            self.waiting.setdefault(code, []).append(waiter)
            self.count += 1
            self.by_address[address] = self.by_address.get(address, 0) + 1
            self.newcomers = True
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="table-push", daemon=True)
                self.thread.start()
        self.kicked.set()       # a screen already behind is answered at the next check: now
        try:
            return waiter.event.wait(seconds)
        finally:
            with self.lock:
                waiters = self.waiting.get(code, [])
                if waiter in waiters:
                    waiters.remove(waiter)
                if not waiters:
                    self.waiting.pop(code, None)
                self.count -= 1
                left = self.by_address[address] - 1
                if left:
                    self.by_address[address] = left
                else:
                    del self.by_address[address]

    def waiters(self, code: str | None = None) -> int:
        with self.lock:
            if code is not None:
                return len(self.waiting.get(code, ()))
            return sum(len(w) for w in self.waiting.values())

    def kick(self) -> None:
        """Check now."""
        self.kicked.set()

    def changed(self, code: str, version: int | None = None) -> None:
        """The table ``code`` moved on (a commit in this process, or PostgreSQL's NOTIFY): its
        requests waiting here for another ``version`` are answered at once (the version known:
        a commit of this process's), or the versions checked now (a NOTIFY names only the
        code)."""
        with self.lock:
            waiters = self.waiting.get(code, ())
            if version is not None:
                for waiter in waiters:
                    if waiter.seen != version:
                        waiter.event.set()
                return
            waited = bool(waiters)
        if waited:
            self.kick()

    def stop(self, seconds: float = 5.0) -> None:
        """End the thread after its current read, and the listener; its waiters are answered
        at once."""
        with self.lock:
            self.stopped = True
            thread = self.thread
        self.kicked.set()
        for running in (thread, self.listener):     # (the listener within LISTEN_TURN_SECONDS)
            if running is not None and running is not threading.current_thread():
                running.join(seconds)

    def _unchanged(self, engine: Any) -> bool:
        """SQLite: nothing was committed to the database by any connection but the watcher's
        own since its last look (``PRAGMA data_version``, which any other connection's commit,
        in any process, moves on): the versions need no read. Elsewhere, or when it cannot
        tell, False. A commit of this process has answered its waiters already (:func:`tell`)."""
        if engine.dialect.name != "sqlite":
            return False
        try:
            if self.pulse is None:
                self.pulse = engine.raw_connection()
            cursor = self.pulse.cursor()
            try:
                cursor.execute("PRAGMA data_version")
                value = cursor.fetchone()[0]
            finally:
                cursor.close()
        except Exception:       # the read that follows says what is wrong
            self._close_pulse()
            return False
        unchanged, self.pulse_seen = value == self.pulse_seen, value
        return unchanged

    def _close_pulse(self) -> None:
        pulse, self.pulse, self.pulse_seen = self.pulse, None, None
        if pulse is not None:
            try:
                pulse.close()
            except Exception:   # noqa: S110 (a connection lost already: nothing to give back)
                pass

    def _run(self) -> None:
        try:
            self._loop()
        finally:
            self._close_pulse()
            with self.lock:
                if self.thread is threading.current_thread():
                    self.thread = None
                for waiters in self.waiting.values():        # never left waiting for nobody
                    for waiter in waiters:
                        waiter.event.set()

    def _loop(self) -> None:
        with self.app.app_context():
            engine = db.engine
        if (engine.dialect.name == "postgresql" and self.app.config.get("LIVE_NOTIFY", True)
                and self.listener is None):
            self.listener = threading.Thread(target=self._listen, args=(engine.url,),
                                             name="table-push-listen", daemon=True)
            self.listener.start()
        while not self.stopped:
            with self.lock:
                idle = not self.waiting
            if idle and not self.kicked.wait(IDLE_SECONDS):
                with self.lock:
                    if not self.waiting:
                        self.thread = None
                        return
            elif not idle:      # told by PostgreSQL: the reads are only a fallback
                self.kicked.wait(max(self.interval, LISTENING_CHECK_SECONDS)
                                 if self.listening else self.interval)
            self.kicked.clear()     # before reading: a kick from now on is seen by a later check
            if not self.stopped:
                self._check(engine)

    def _listen(self, url: Any) -> None:
        """PostgreSQL: LISTEN on the tables' channel, on a connection of its own, and check at
        once when a table waited for here changed (any server's commit notifies it); connected
        again after a failure, the version reads every CHECK_SECONDS meanwhile."""
        import psycopg

        conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
        while not self.stopped:
            try:
                with psycopg.connect(conninfo, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self.listening = True     # (a commit before it: the next read, <= 1 s)
                    while not self.stopped:
                        for note in connection.notifies(timeout=LISTEN_TURN_SECONDS):
                            self.changed(note.payload)
            except Exception:
                if self.listening or not self.listen_failed:
                    log.warning("live updates: not listening to the database; reading versions "
                                "every %.1f s", self.interval, exc_info=True)
                self.listen_failed = True
            self.listening = False
            if not self.stopped:
                time.sleep(LISTEN_RETRY_SECONDS)

    def _check(self, engine: Any) -> None:
        with self.lock:
            codes = list(self.waiting)
            newcomers, self.newcomers = self.newcomers, False
        if not codes:
            return
        if not newcomers and self._unchanged(engine):
            self.checks += 1        # looked: nothing committed since, nothing to read
            return
        read: dict[str, int] | None
        try:
            with engine.connect() as connection:
                read = versions(codes, connection)
            self.checks += 1
            if self.failing:
                log.warning("live updates: the database answers again")
                self.failing = False
        except Exception:       # the database is away: every waiter answers as a poll would
            if not self.failing:
                log.exception("live updates: reading the table versions failed")
                self.failing = True
            read = None
        with self.lock:
            for code in codes:
                for waiter in self.waiting.get(code, ()):
                    if read is None or read.get(code) != waiter.seen:
                        waiter.event.set()


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
