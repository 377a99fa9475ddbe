"""What bench/load.py and bench/push.py share: the app on gunicorn with the configuration
``companion run`` serves with, a fresh SQLite database with score-pad tables and their seats,
and phones: raw HTTP/1.1 keep-alive connections driven by asyncio (the standard library).

The served app is the production one (``companion.serve``: gevent workers, one per core, load
shed) with two bench settings in its instance configuration: CSRF is off (the phones post the
real entry form without reading a token first) and so are the per-address limits (every phone
comes from 127.0.0.1). Beside it, on the same server, a bare Flask app answers ``/healthz``
with "ok": the floor any request costs.

    python -m gevent.monkey bench/harness.py --serve INSTANCE PORT WORKERS   (what start() runs)
"""
from __future__ import annotations

import asyncio
import os
import re
import resource
import signal
import socket
import statistics
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

HOST = "127.0.0.1"
VERSION = re.compile(rb'data-version="(\d+)"')
PLAYERS = ("Anna", "Bence", "Csilla", "Dani", "Emese")


# --- the server ------------------------------------------------------------------------------

def serve(instance: str, port: int, workers: int) -> None:
    """In the server process (gevent has patched it): companion.serve's gunicorn and settings,
    the production app, and the bare endpoint beside it."""
    os.environ["COMPANION_INSTANCE"] = instance
    from flask import Flask

    from companion import create_app
    from companion.serve import Server, Shed, settings
    from companion.tables.push import in_front

    def factory() -> Any:       # companion.serve.production_app, the bare endpoint beside it
        app = in_front(create_app())
        bare = Flask("bare")

        @bare.get("/healthz")
        def healthz() -> str:
            return "ok"

        def dispatch(environ: dict[str, Any], start_response: Any) -> Any:
            target = bare if environ.get("PATH_INFO") == "/healthz" else app
            return target(environ, start_response)

        return Shed(dispatch)

    Server(factory, settings(HOST, port, workers)).run()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def prepare(folder: Path, tables: int, seats: int = 5) -> tuple[Path, list["Table"]]:
    """A fresh instance folder (SQLite file, bench settings) with ``tables`` score pads whose
    seats are all taken; returns the folder and each table's code and seat cookies."""
    instance = folder / "instance"
    instance.mkdir(parents=True)
    (instance / "config.py").write_text(
        f"SQLALCHEMY_DATABASE_URI = {('sqlite:///' + str(folder / 'bench.sqlite'))!r}\n"
        "SECRET_KEY = 'bench'\n"
        "WTF_CSRF_ENABLED = False      # phones post the form without reading a token first\n"
        "RATELIMIT_ENABLED = False     # every phone comes from 127.0.0.1\n")
    os.environ["COMPANION_INSTANCE"] = str(instance)
    from companion import create_app
    from companion.extensions import db
    from companion.tables import service
    from companion.tables.identity import SEAT_COOKIE

    app = create_app()
    made = []
    with app.app_context():
        db.create_all()
        for _ in range(tables):
            table, _host = service.create("score-pad", {}, list(PLAYERS[:seats]))
            cookies = []
            for position in range(seats):
                secret = service.take_seat(table, position)
                cookies.append(f"{SEAT_COOKIE.format(table.code)}={secret}")
            made.append(Table(table.code, service.version(table.code) or 0, cookies))
    return instance, made


class Server:
    """The server process (its gunicorn master) and its workers, stopped at the end."""

    def __init__(self, instance: Path, workers: int) -> None:
        self.port = free_port()
        self.workers = workers
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gevent.monkey", str(Path(__file__)), "--serve",
             str(instance), str(self.port), str(workers)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def wait_ready(self, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit("the server stopped while starting")
            try:
                with socket.create_connection((HOST, self.port), timeout=1) as probe:
                    probe.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    if probe.recv(64).startswith(b"HTTP/1.1 200") and len(self.pids()) > self.workers:
                        return
            except OSError:
                pass
            time.sleep(0.2)
        raise SystemExit("the server did not answer in time")

    def pids(self) -> list[int]:
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        try:
            return [self.process.pid, *map(int, children.read_text().split())]
        except OSError:
            return [self.process.pid]

    def cpu_seconds(self) -> float:
        """User and system CPU time of the master and its workers so far (from /proc)."""
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        for pid in self.pids():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += int(fields[11]) + int(fields[12])      # utime, stime
        return total / ticks

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)     # gunicorn's quick shutdown
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)

    def __enter__(self) -> "Server":
        self.wait_ready()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()


def more_files() -> None:
    """A thousand phones and more need as many sockets: the soft limit goes up to the hard."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


# --- phones ----------------------------------------------------------------------------------

@dataclass
class Table:
    code: str
    version: int
    cookies: list[str]
    rounds: list[int] = field(default_factory=lambda: [0] * len(PLAYERS))


class Connection:
    """One HTTP/1.1 keep-alive connection, reopened when the server closed it."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, cookie: str | None = None,
                      body: bytes = b"", timeout: float = 10.0) -> tuple[int, dict[str, str], bytes]:
        head = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{self.port}"]
        if cookie:
            head.append(f"Cookie: {cookie}")
        if method == "POST":
            head += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}"]
        data = ("\r\n".join(head) + "\r\n\r\n").encode() + body
        try:
            async with asyncio.timeout(timeout):
                reused = self.writer is not None
                try:
                    return await self._exchange(data)
                except (ConnectionError, asyncio.IncompleteReadError) as error:
                    self.close()
                    if not reused or getattr(error, "partial", b""):
                        raise
                    return await self._exchange(data)   # the server had closed an idle connection
        except BaseException:
            self.close()        # a time-out or a cancel mid-answer: never read it as the next one
            raise

    async def _exchange(self, data: bytes) -> tuple[int, dict[str, str], bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        assert self.reader is not None
        self.writer.write(data)
        try:
            head = await self.reader.readuntil(b"\r\n\r\n")
        except asyncio.IncompleteReadError:
            raise
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        headers = {}
        for line in lines[1:]:
            if ":" in line:
                name, value = line.split(":", 1)
                headers[name.strip().lower()] = value.strip()
        if headers.get("transfer-encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
                chunk = await self.reader.readexactly(size + 2)
                if size == 0:
                    break
                chunks.append(chunk[:-2])
            body = b"".join(chunks)
        else:
            length = int(headers.get("content-length", "0"))
            body = await self.reader.readexactly(length) if length else b""
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status, headers, body

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def live_path(code: str, version: int, wait: bool = False) -> str:
    return f"/t/{code}/live?v={version}&view=phone&finished=0" + ("&wait=1" if wait else "")


def act_body(table: Table, seat: int) -> bytes:
    table.rounds[seat] += 1
    return (f"points-round={table.rounds[seat]}&points-points={table.rounds[seat] * 3 % 17}"
            f"&nonce={uuid.uuid4().hex}").encode()


async def act(connection: Connection, table: Table, seat: int) -> int:
    status, _headers, _body = await connection.request(
        "POST", f"/t/{table.code}/act/points", table.cookies[seat], act_body(table, seat))
    return status


def version_in(body: bytes) -> int | None:
    found = VERSION.search(body)
    return int(found.group(1)) if found else None


# --- figures ---------------------------------------------------------------------------------

def percentiles(samples: list[float]) -> str:
    """p50/p95/p99 in milliseconds."""
    if not samples:
        return "no samples"
    if len(samples) == 1:
        return f"p50 {samples[0] * 1000:.1f} ms (one sample)"
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    return f"p50 {cuts[49] * 1000:.1f} / p95 {cuts[94] * 1000:.1f} / p99 {cuts[98] * 1000:.1f} ms"


def p95(samples: list[float]) -> float:
    if len(samples) < 2:
        return samples[0] if samples else float("inf")
    return statistics.quantiles(samples, n=100, method="inclusive")[94]


class CPU:
    """CPU used by the server's processes and by this load generator over a stretch of time,
    and how much of that time some process of this machine waited for a core (Linux's pressure
    stall information): other work on the machine shows in every latency figure."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.wall = time.perf_counter()
        self.server_cpu = server.cpu_seconds()
        self.own_cpu = time.process_time()
        self.stalled = stalled_microseconds()

    def report(self) -> str:
        wall = time.perf_counter() - self.wall
        server = (self.server.cpu_seconds() - self.server_cpu) / wall
        own = (time.process_time() - self.own_cpu) / wall
        text = f"server CPU {server:.2f} cores, load generator CPU {own:.2f} cores"
        stalled = stalled_microseconds()
        if stalled is not None and self.stalled is not None:
            text += f", CPU pressure {(stalled - self.stalled) / 1e6 / wall * 100:.0f}%"
        return text


def stalled_microseconds() -> int | None:
    """Total time some process waited for a core (/proc/pressure/cpu), None where unknown."""
    try:
        some = Path("/proc/pressure/cpu").read_text().split("\n")[0].split()
        return int(dict(field.split("=") for field in some[1:])["total"])
    except (OSError, KeyError, IndexError, ValueError):
        return None


if __name__ == "__main__" and sys.argv[1:2] == ["--serve"]:
    serve(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
