"""Serving the app for real: gunicorn, one gevent worker process per core, load shed early.

Why gevent: a phone waiting for its table to change (the long poll of ``/t/<code>/live``) costs
a greenlet, a few kilobytes, not a thread; a thousand phones wait in two processes. Every core
serves: one worker process each, the app built by the factory in each worker after the fork.
"Nothing new" is answered, and long polls wait, in front of the app
(:func:`companion.tables.long_poll.in_front`).

Why shedding: when a worker falls behind (its event loop runs late by more than ``MAX_LAG``
seconds), a live poll gets an immediate 503 with ``Retry-After`` instead of joining a queue that
only grows; the page's polling waits that long before it asks again. Pages and acts are always
served (they are few, and they are what a player is waiting for). The connections a worker
holds (``WORKER_CONNECTIONS``) and the kernel's queue of connections not accepted yet
(``BACKLOG``) are bounded.

Why a share: a waiting phone holds its connection for good, so a worker that let every
connection wait would accept no page and no act once full (a wall, and one client holding
polls could raise it). A worker holds at most ``WAITING_SHARE`` of its connections waiting, and
at most so many per table and per address (:mod:`companion.tables.push`); a long poll beyond
is answered 503 with ``Retry-After`` at once, and the rest of its connections serve pages and
acts.

``companion run`` starts this module in a fresh interpreter through ``python -m gevent.monkey``,
so the standard library is patched before anything else is imported: every lock the app creates
at import time is then a gevent lock, never a thread lock that would block a whole worker.
"""
from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from typing import Any, Callable, Iterable

from gunicorn.app.base import BaseApplication

WORKER_CLASS = "gevent"
WORKER_CONNECTIONS = 5000   # per worker: a phone holds one (its keep-alive or its long poll)
KEPT_FOR_PAGES = 1000       # of them, never held by waiting long polls: pages and acts
BACKLOG = 2048              # connections the kernel holds until a worker accepts them (a crowd
                            # reconnecting at once waits there instead of having its SYNs dropped)
KEEPALIVE = 5               # seconds an idle connection stays open: a polling phone keeps it
MAX_LAG = 2.0               # seconds a worker's loop may run late before live polls are shed
RETRY_AFTER = 1             # seconds a shed live poll is told to wait (the page: 1-2 s)
LAG_TICK = 0.05             # how often the loop's lateness is measured


def default_workers() -> int:
    """One worker per core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:          # not Linux
        return max(1, os.cpu_count() or 1)


def connections() -> int:
    """The connections a worker may hold: ``WORKER_CONNECTIONS``, fewer if this process may open
    fewer files (each is one; a hundred are kept for the database and the app's own)."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return WORKER_CONNECTIONS
    return max(100, min(WORKER_CONNECTIONS, soft - 100))


def waiting_share(held: int) -> int:
    """Of a worker's ``held`` connections, how many long polls may wait: all but
    ``KEPT_FOR_PAGES`` for pages and acts (but a fifth when it may hold few)."""
    return max(1, held - min(KEPT_FOR_PAGES, held // 5))


def settings(host: str, port: int, workers: int | None = None) -> dict[str, Any]:
    """The gunicorn configuration ``companion run`` serves with (the benchmarks use it too)."""
    address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    return {
        "bind": [address],
        "workers": workers or default_workers(),
        "worker_class": WORKER_CLASS,
        "worker_connections": connections(),
        "backlog": BACKLOG,
        "keepalive": KEEPALIVE,
        # a long poll answers within LIVE_WAIT_SECONDS (20 s): a stopping worker lets it finish
        "graceful_timeout": 30,
        "timeout": 30,
        "proc_name": "table-companion",
        # X-Forwarded-* are the app's to trust or ignore (PROXY_HOPS), never the server's
        "forwarded_allow_ips": "",
        "control_socket_disable": True,
        "preload_app": False,
        "post_worker_init": answer_waiters_on_stop,
    }


def answer_waiters_on_stop(worker: Any) -> None:
    """A worker told to stop (SIGTERM: a restart) answers the long polls waiting in it at once,
    and every request from then on closes its connection (gunicorn does that once the worker
    is no longer alive), so it stops in seconds, not after the graceful time-out: the phones
    ask the server that starts next. (gunicorn installed its handler before this runs.)"""
    import signal

    import gevent

    def stop(sig: int, frame: Any) -> None:
        worker.alive = False
        gevent.spawn(answer_every_waiter, worker.wsgi)
    signal.signal(signal.SIGTERM, stop)
    signal.siginterrupt(signal.SIGTERM, False)


def answer_every_waiter(wsgi: Any) -> None:
    """The served app's live-update watcher stopped: its waiting long polls are answered now
    (each as a poll: fresh, or nothing new) and later ones at once."""
    from .tables import push

    app = getattr(wsgi, "app", None)
    watcher = app.extensions.get(push.EXTENSION) if app is not None else None
    if watcher is not None:
        watcher.stop()


class LoopLag:
    """How late this worker's event loop runs: a greenlet asks to wake every ``LAG_TICK``
    seconds and notes how late it woke. While it has not woken for a while, the time since is
    the lag (a burst that holds the loop counts at once, not only after it)."""

    def __init__(self, tick: float = LAG_TICK) -> None:
        self.tick = tick
        self.measured = 0.0
        self.last = time.perf_counter()
        self.pid: int | None = None

    def start(self) -> None:
        import gevent

        self.pid = os.getpid()
        self.last = time.perf_counter()
        gevent.spawn(self._run)

    def _run(self) -> None:
        import gevent

        while True:
            before = time.perf_counter()
            gevent.sleep(self.tick)
            self.last = time.perf_counter()
            self.measured = max(0.0, self.last - before - self.tick)

    def now(self) -> float:
        if self.pid != os.getpid():     # first request in this worker: start measuring here
            self.start()
        return max(self.measured, time.perf_counter() - self.last - self.tick)


def is_live_poll(environ: dict[str, Any]) -> bool:
    return environ.get("REQUEST_METHOD") == "GET" and \
        str(environ.get("PATH_INFO", "")).endswith("/live")


class Shed:
    """WSGI middleware: while the worker lags more than ``max_lag`` seconds, a live poll is
    answered at once with 503 and ``Retry-After`` (no body: the page keeps what it shows)."""

    def __init__(self, app: Callable[..., Iterable[bytes]], max_lag: float = MAX_LAG,
                 retry_after: int = RETRY_AFTER, lag: LoopLag | None = None) -> None:
        self.app = app
        self.max_lag = max_lag
        self.retry_after = retry_after
        self.lag = lag or LoopLag()
        self.shed = 0

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if is_live_poll(environ) and self.lag.now() > self.max_lag:
            self.shed += 1
            start_response("503 Service Unavailable", [
                ("Retry-After", str(self.retry_after)), ("Content-Length", "0"),
                ("Cache-Control", "no-store")])
            return [b""]
        return self.app(environ, start_response)


def production_app() -> Shed:
    """The app as served: live views answered and waited for in front of it, shed when late."""
    from . import create_app
    from .tables.long_poll import in_front

    app = create_app()
    app.config.setdefault("LIVE_WAITERS", waiting_share(connections()))
    return Shed(in_front(app))


class Server(BaseApplication):  # type: ignore[misc]
    """gunicorn with its configuration in code; ``factory`` builds the WSGI app in each worker
    (after the fork, so nothing of one worker's app is shared with another)."""

    def __init__(self, factory: Callable[[], Any], options: dict[str, Any]) -> None:
        self.factory = factory
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        return self.factory()


def command(host: str, port: int, workers: int | None = None) -> list[str]:
    """The command line that serves: a fresh interpreter patched by gevent before any import."""
    line = [sys.executable, "-m", "gevent.monkey", "--module", "companion.serve",
            "--host", host, "--port", str(port)]
    if workers:
        line += ["--workers", str(workers)]
    return line


def exec_server(host: str, port: int, workers: int | None = None) -> None:
    """Replace this process with the server (the same process id: signals reach gunicorn)."""
    sys.stdout.flush()
    sys.stderr.flush()
    line = command(host, port, workers)
    os.execv(line[0], line)


def main(argv: list[str] | None = None) -> None:
    from gevent import monkey

    if not monkey.is_module_patched("threading"):
        monkey.patch_all()
    parser = argparse.ArgumentParser(prog="companion.serve", description=__doc__.split("\n")[0])
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args(argv)
    more_files(WORKER_CONNECTIONS + 100)
    Server(production_app, settings(args.host, args.port, args.workers)).run()


def more_files(wanted: int) -> None:
    """Every connection is a file: raise the soft limit (often 1024) towards ``wanted``."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


if __name__ == "__main__":
    main()
