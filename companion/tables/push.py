"""Long polling of a table's live view: a screen learns of a change as it happens.

A screen asks ``/t/<code>/live?v=N&wait=1``; :func:`wait`, called first thing in the live view,
holds that request until the table's version is no longer ``N`` or ``LIVE_WAIT_SECONDS`` (15 to
20 s) pass, and the view then answers exactly as to a poll (the fresh fragment, or 204
"nothing new"). Where ``companion run`` serves, :class:`Front` answers "nothing new" and does
the waiting in front of the app, so the app only renders.

One :class:`Watcher` per server process reads, in a single query every ``LIVE_CHECK_SECONDS``,
the versions of all the tables its waiting requests wait for, so a change made by any process
(or any program writing the database) is seen; a write committed in this process checks at
once. On PostgreSQL it also LISTENs: every commit that moves a table's version on NOTIFYs its
code, so a screen waiting on one server learns of an act made through another at once, and the
reads become a fallback once a second (``LIVE_NOTIFY = False`` turns listening off). A waiting
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
"""
from __future__ import annotations

import logging
import os
import random
import re
import threading
import time
from typing import Any
from urllib.parse import parse_qs, parse_qsl, urlencode

from flask import Flask, Response, current_app, has_app_context, request
from sqlalchemy import event
from werkzeug.http import parse_cookie

from ..extensions import db
from ..ratelimits import address_key, over_wrong_codes
from ..sqlite import cooperative
from . import service
from .identity import HOST_COOKIE, SEAT_COOKIE

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
WROTE = "table_push_wrote"

log = logging.getLogger(__name__)


def at_table(code: str, cookies: Any) -> bool:
    """The browser holds a seat's or the host's cookie of the table (whether it is still good
    the app checks): its screens are never shut out by the table's bound on waiting screens,
    which only onlookers and strangers fill."""
    return SEAT_COOKIE.format(code) in cookies or HOST_COOKIE.format(code) in cookies


class Crowded(Exception):
    """A long poll beyond a bound on waiting requests (:class:`Watcher`)."""


def crowded_answer() -> tuple[str, list[tuple[str, str]]]:
    """The status and headers a long poll beyond a bound gets: no body, the page keeps what
    it shows and asks again after ``Retry-After``."""
    return "503 SERVICE UNAVAILABLE", [("Retry-After", str(CROWDED_RETRY_AFTER)),
                                       ("Content-Length", "0"), ("Cache-Control", "no-store")]


def wait(code: str) -> Response | None:
    """Hold a live request that asks to wait (``wait=1``) until the table's version is no longer
    the ``v`` it names, or until the time-out; return at once when waiting is off. A request
    beyond a bound on waiting gets its answer (503) back."""
    if request.args.get("wait") != "1" or len(code) > 2 * service.CODE_LENGTH:
        return None
    seen = request.args.get("v", type=int)
    if seen is None:
        return None
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    seconds = wait_seconds(app, request.environ)
    if seconds <= 0:
        return None
    service.release()       # nothing held while waiting
    code = service.normal_code(code)
    try:
        watcher_for(app).wait(code, seen, jittered(seconds), address=address_key(request.remote_addr or ""),
                              at_table=at_table(code, request.cookies))
    except Crowded:
        status, headers = crowded_answer()
        return Response(status=int(status.split()[0]), headers=headers)
    return None


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
        """Check now (a write was committed in this process)."""
        self.kicked.set()

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

    def _run(self) -> None:
        try:
            self._loop()
        finally:
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
                    connection.execute(f"LISTEN {service.CHANNEL}")
                    self.listening = True     # (a commit before it: the next read, <= 1 s)
                    while not self.stopped:
                        for note in connection.notifies(timeout=LISTEN_TURN_SECONDS):
                            with self.lock:
                                waited = note.payload in self.waiting
                            if waited:
                                self.kick()
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
        if not codes:
            return
        versions: dict[str, int] | None
        try:
            with engine.connect() as connection:
                versions = service.versions(codes, connection)
            self.checks += 1
            if self.failing:
                log.warning("live updates: the database answers again")
                self.failing = False
        except Exception:       # the database is away: every waiter answers as a poll would
            if not self.failing:
                log.exception("live updates: reading the table versions failed")
                self.failing = True
            versions = None
        with self.lock:
            for code in codes:
                for waiter in self.waiting.get(code, ()):
                    if versions is None or versions.get(code) != waiter.seen:
                        waiter.event.set()


# --- in front of the app ---------------------------------------------------------------------

LIVE_PATH = re.compile(r"/t/([^/]{1,10})/live\Z")


def in_front(app: Flask) -> Flask:
    """Install :class:`Front` before ``app`` (``companion run`` does)."""
    app.wsgi_app = Front(app, app.wsgi_app)  # type: ignore[method-assign]
    return app


class Front:
    """WSGI middleware for ``/t/<code>/live?v=N``, before the app (no request context, no
    session, no rate limiter): one query for the table's version.

    - The version is N: a poll gets 204 "nothing new" at once; a long poll (``wait=1``) waits
      here, a greenlet and nothing else, and gets 204 at its time-out or goes to the app once
      the table changed.
    - Anything else (a screen behind, an unknown table) goes to the app, without ``wait``: the
      app only renders (or answers 404).
    - From an address over the wrong-code limit, everything goes to the app as it came: a
      stranger gets 429 for a real code as for a made-up one (what answered here would tell
      them apart), a screen of its own table is served (and waits) there."""

    def __init__(self, app: Flask, wsgi_app: Any) -> None:
        self.app = app
        self.wsgi_app = wsgi_app
        self.engine: Any = None

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        if environ.get("REQUEST_METHOD") == "GET":
            match = LIVE_PATH.match(environ.get("PATH_INFO", ""))
            try:
                nothing_new = match is not None and self._nothing_new(match.group(1), environ)
            except Crowded:
                start_response(*crowded_answer())
                return [b""]
            if nothing_new:
                start_response("204 NO CONTENT", [("Vary", "Cookie")])
                return []
        return self.wsgi_app(environ, start_response)

    def _nothing_new(self, code: str, environ: dict[str, Any]) -> bool:
        query = environ.get("QUERY_STRING", "")
        args = parse_qs(query)
        if len(args.get("v", ())) != 1 or len(code) > 2 * service.CODE_LENGTH:
            return False
        try:
            seen = int(args["v"][0])
        except ValueError:
            return False
        address = self._address(environ)
        if over_wrong_codes(self.app, address):
            return False
        waits = args.get("wait") == ["1"]
        code = service.normal_code(code)
        if self._version(code) == seen:
            seconds = wait_seconds(self.app, environ) if waits else 0.0
            if seconds <= 0:
                return True
            if not watcher_for(self.app).wait(code, seen, jittered(seconds),
                                              address=address_key(address),
                                              at_table=at_table(code, parse_cookie(environ))):
                return True
        if waits:       # the app answers at once
            environ["QUERY_STRING"] = urlencode([(k, v) for k, v in parse_qsl(query) if k != "wait"])
        return False

    def _address(self, environ: dict[str, Any]) -> str:
        """The client's address as the app sees it: behind ``PROXY_HOPS`` proxies, the one the
        nearest of them names in X-Forwarded-For (as ProxyFix reads it), else the peer's."""
        hops = int(self.app.config.get("PROXY_HOPS") or 0)
        if hops > 0:
            forwarded = [a.strip() for a in environ.get("HTTP_X_FORWARDED_FOR", "").split(",")]
            if len(forwarded) >= hops and forwarded[-hops]:
                return forwarded[-hops]
        return str(environ.get("REMOTE_ADDR", ""))

    def _version(self, code: str) -> int | None:
        if self.engine is None:
            with self.app.app_context():
                self.engine = db.engine
        with self.engine.connect() as connection:
            return service.versions([code], connection).get(code)


# --- a write committed in this process checks at once ----------------------------------------

@event.listens_for(db.session, "do_orm_execute")
def _statement(state: Any) -> None:
    if state.is_update or state.is_insert or state.is_delete:
        state.session.info[WROTE] = True


@event.listens_for(db.session, "after_flush")
def _flushed(session: Any, _context: Any) -> None:
    session.info[WROTE] = True


@event.listens_for(db.session, "after_rollback")
def _rolled_back(session: Any) -> None:
    session.info.pop(WROTE, None)


@event.listens_for(db.session, "after_commit")
def _committed(session: Any) -> None:
    if not session.info.pop(WROTE, False) or not has_app_context():
        return
    watcher = current_app.extensions.get(EXTENSION)
    if watcher is not None and watcher.pid == os.getpid():
        watcher.kick()
