"""What bench/load.py and bench/push.py share: the app on gunicorn with the configuration
``companion run`` serves with, a fresh SQLite database with score-pad tables and their seats,
and browsers: raw HTTP/1.1 keep-alive connections driven by asyncio (the standard library),
each browser from its own loopback address (Linux routes all of 127.0.0.0/8 to ``lo``), with
its own cookies, reading the CSRF token and the form's fields from the page it loaded.

The served app is the production one (``companion.serve.production_app``: gevent workers, one
per core, live views in front of the app, load shed), with nothing switched off: CSRF and the
per-address rate limits are on, as in a real install (the instance configuration names only
the database and the secret key). Beside it, on the same server, a bare Flask app answers
``/healthz`` with "ok": the floor any request costs.

    python -m gevent.monkey bench/harness.py --serve INSTANCE PORT WORKERS   (what start() runs)
"""
from __future__ import annotations

import asyncio
import html
import itertools
import os
import random
import re
import resource
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

HOST = "127.0.0.1"
VERSION = re.compile(rb'data-version="(\d+)"')
CSRF_HEADER = re.compile(rb"""hx-headers='\{"X-CSRFToken": "([^"]+)"\}'""")
CSRF_INPUT = re.compile(rb'name="csrf_token" value="([^"]+)"')
# a page's own scripts and style sheets (what a browser fetches after the HTML)
ASSET = re.compile(rb'<(?:script[^>]*\ssrc|link[^>]*rel="stylesheet"[^>]*\shref)="(/[^"]+)"')
INPUT = re.compile(rb"<input\b[^>]*>")
ATTRIBUTE = re.compile(rb'([a-zA-Z_-]+)="([^"]*)"')
PLAYERS = ("Anna", "Bence", "Csilla", "Dani", "Emese", "Feri", "Gabi", "Hanna", "Ildi", "Jani",
           "Kati", "Laci")


# --- the server ------------------------------------------------------------------------------

def serve(instance: str, port: int, workers: int) -> None:
    """In the server process (gevent has patched it): companion.serve's gunicorn and settings,
    the production app, and the bare endpoint beside it."""
    os.environ["COMPANION_INSTANCE"] = instance
    from flask import Flask

    from companion.serve import Server, production_app, settings

    def factory() -> Any:       # companion.serve.production_app, the bare endpoint beside it
        app = production_app()
        bare = Flask("bare")

        @bare.get("/healthz")
        def healthz() -> str:
            return "ok"

        def dispatch(environ: dict[str, Any], start_response: Any) -> Any:
            target = bare if environ.get("PATH_INFO") == "/healthz" else app
            return target(environ, start_response)

        dispatch.app = app.app      # type: ignore[attr-defined]  # (a stopping worker's: serve.py)
        return dispatch

    Server(factory, settings(HOST, port, workers)).run()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def installed(folder: Path, database: str) -> Path:
    """An instance folder in ``folder`` as a real install has (an SQLite file named
    ``database``, or a database's URL, and a secret key, nothing switched off), the one this
    process's app uses."""
    instance = folder / "instance"
    instance.mkdir(parents=True)
    url = database if "://" in database else "sqlite:///" + str(folder / database)
    (instance / "config.py").write_text(
        f"SQLALCHEMY_DATABASE_URI = {url!r}\nSECRET_KEY = 'bench'\n")
    os.environ["COMPANION_INSTANCE"] = str(instance)
    return instance


def prepare(folder: Path, tables: int, seats: int = 5, open_tables: int = 0,
            database: str = "bench.sqlite") -> tuple[Path, list["Table"], list["Table"]]:
    """A fresh instance folder (an SQLite file and a secret key, as a real install has) with
    ``tables`` score pads of ``seats`` players whose seats are all taken, and ``open_tables``
    score pads of 12 players with every seat free (for newcomers); returns the folder, the
    tables (code, version, seat cookies) and the open tables (no cookies)."""
    instance = installed(folder, database)
    from companion.extensions import db
    from companion.tables import service
    from companion.tables.identity import SEAT_COOKIE

    made, opened = [], []
    with app().app_context():
        db.create_all()
        for _ in range(tables):
            table, _host = service.create("score-pad", {}, list(PLAYERS[:seats]))
            cookies = []
            for position in range(seats):
                secret = service.take_seat(table, position)
                cookies.append(f"{SEAT_COOKIE.format(table.code)}={secret}")
            made.append(Table(table.code, service.version(table.code) or 0, cookies))
        for _ in range(open_tables):
            table, _host = service.create("score-pad", {}, list(PLAYERS))
            opened.append(Table(table.code, service.version(table.code) or 0, []))
    return instance, made, opened


class Postgres:
    """A throwaway PostgreSQL cluster on a loopback port (Debian's server binaries), durability
    off, removed by :meth:`stop`; ``url`` names its database ``bench``."""

    def __init__(self) -> None:
        import glob
        import shutil
        import tempfile

        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
        if not found:
            raise SystemExit("PostgreSQL is not installed (Debian: apt-get install postgresql)")
        self.bin = Path(found[-1]).parent
        self.folder = Path(tempfile.mkdtemp(prefix="bench-postgres-"))
        self.as_owner: list[str] = []
        if os.geteuid() == 0:       # PostgreSQL refuses to run as root
            shutil.chown(self.folder, "postgres")
            self.as_owner = ["runuser", "-u", "postgres", "--"]
        self.port = free_port()
        data = self.folder / "data"
        self.run("initdb", "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8",
                 "--locale=C")
        self.run("pg_ctl", "-D", str(data), "-l", str(self.folder / "log"), "-w", "-t", "60", "-o",
                 f"-p {self.port} -k {self.folder} -c listen_addresses={HOST} -c fsync=off "
                 "-c synchronous_commit=off -c full_page_writes=off -c max_connections=300", "start")
        self.data = data
        import psycopg
        with psycopg.connect(host=HOST, port=self.port, user="postgres", dbname="postgres",
                             autocommit=True) as admin:
            admin.execute("CREATE DATABASE bench")
        self.url = f"postgresql+psycopg://postgres@{HOST}:{self.port}/bench"

    def run(self, program: str, *args: str) -> None:
        subprocess.run([*self.as_owner, str(self.bin / program), *args], check=True, timeout=120,
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def stop(self) -> None:
        import shutil

        subprocess.run([*self.as_owner, str(self.bin / "pg_ctl"), "-D", str(self.data), "-m",
                        "immediate", "-w", "stop"], stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        shutil.rmtree(self.folder, ignore_errors=True)


_APP: Any = None


def app() -> Any:
    """The app in this process (the bench's own, on the instance prepare() made): to set up
    tables, or to write to the database as any other program may while the server is down."""
    global _APP
    if _APP is None:
        from companion import create_app
        _APP = create_app()
    return _APP


def server_log() -> Any:
    """Where the server's own messages go: BENCH_SERVER_LOG names a file (appended), else
    nowhere."""
    path = os.environ.get("BENCH_SERVER_LOG")
    return open(path, "ab") if path else subprocess.DEVNULL


class Server:
    """The server process (its gunicorn master) and its workers, stopped at the end."""

    def __init__(self, instance: Path, workers: int, port: int | None = None) -> None:
        self.port = port or free_port()
        self.workers = workers
        self.instance = instance
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gevent.monkey", str(Path(__file__)), "--serve",
             str(instance), str(self.port), str(workers)],
            stdout=subprocess.DEVNULL, stderr=server_log())

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

    def rss_megabytes(self) -> list[float]:
        """Each worker's resident memory (VmRSS), in MB."""
        sizes = []
        for pid in self.pids()[1:]:
            try:
                status = Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue
            found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.M)
            if found:
                sizes.append(int(found.group(1)) / 1024)
        return sizes

    def rss_text(self) -> str:
        sizes = self.rss_megabytes()
        return "workers' memory (RSS) " + " + ".join(f"{size:.0f}" for size in sizes) + " MB"

    def stop(self, how: int = signal.SIGINT, seconds: float = 20) -> bool:
        """SIGINT: gunicorn's quick shutdown; SIGTERM: its graceful one (requests under way
        are finished, up to its graceful time-out). Killed after ``seconds``; True when it
        stopped by itself."""
        if self.process.poll() is not None:
            return True
        self.process.send_signal(how)
        try:
            self.process.wait(seconds)
            return True
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)
            return False

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


# --- browsers --------------------------------------------------------------------------------

@dataclass
class Table:
    code: str
    version: int
    cookies: list[str]


_ADDRESSES = itertools.count(1)


def loopback() -> str:
    """A loopback address no browser of this run had: 127.1.0.1, 127.1.0.2, ... (never .0 or
    .255 in an octet); the kernel routes them all to ``lo``, the server sees each as a client."""
    n = next(_ADDRESSES)
    return f"127.{1 + n // 64516}.{n // 254 % 254}.{n % 254 + 1}"


class Headers(dict):
    """An answer's headers by lower-case name (the last of each), and every Set-Cookie."""

    def __init__(self) -> None:
        super().__init__()
        self.cookies: list[str] = []


class Connection:
    """One HTTP/1.1 keep-alive connection from ``source`` (an address of 127.0.0.0/8; None:
    the kernel's choice), reopened when the server closed it."""

    def __init__(self, port: int, source: str | None = None) -> None:
        self.port = port
        self.source = source
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, cookie: str | None = None,
                      body: bytes = b"", timeout: float = 10.0, headers: dict[str, str] | None = None,
                      content_type: str = "application/x-www-form-urlencoded") -> tuple[int, Headers, bytes]:
        head = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{self.port}"]
        if cookie:
            head.append(f"Cookie: {cookie}")
        head += [f"{name}: {value}" for name, value in (headers or {}).items()]
        if method == "POST":
            head += [f"Content-Type: {content_type}", f"Content-Length: {len(body)}"]
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

    async def _exchange(self, data: bytes) -> tuple[int, Headers, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(
                HOST, self.port, local_addr=(self.source, 0) if self.source else None)
        assert self.reader is not None
        self.writer.write(data)
        head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        headers = Headers()
        for line in lines[1:]:
            if ":" in line:
                name, value = line.split(":", 1)
                name, value = name.strip().lower(), value.strip()
                headers[name] = value
                if name == "set-cookie":
                    headers.cookies.append(value)
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


class Refused(Exception):
    """An answer a browser did not expect (the status, and what was asked)."""

    def __init__(self, what: str, status: int) -> None:
        super().__init__(f"{what} HTTP {status}")
        self.what = what
        self.status = status


class Browser:
    """One browser: its own loopback address, its cookies (kept from every answer, as a
    browser keeps them), a connection for pages and acts and one for the live view (a browser
    opens several to a host; a waiting long poll holds one)."""

    def __init__(self, port: int, cookies: list[str] | None = None, address: str | None = None) -> None:
        self.address = address or loopback()
        self.jar: dict[str, str] = dict(c.split("=", 1) for c in cookies or [])
        self.page = Connection(port, self.address)
        self.live = Connection(port, self.address)
        self.token: str | None = None
        self.cache: dict[str, tuple[float, str]] = {}   # asset → (fresh until, its ETag)

    def cookie(self) -> str | None:
        return "; ".join(f"{name}={value}" for name, value in self.jar.items()) or None

    def keep(self, headers: Headers) -> None:
        for line in headers.cookies:
            name, _, value = line.split(";", 1)[0].partition("=")
            if "max-age=0" in line.lower() or not value:
                self.jar.pop(name.strip(), None)
            else:
                self.jar[name.strip()] = value.strip()

    async def get(self, path: str, timeout: float = 10.0, live: bool = False,
                  headers: dict[str, str] | None = None) -> tuple[int, Headers, bytes]:
        connection = self.live if live else self.page
        status, answer, body = await connection.request("GET", path, self.cookie(), timeout=timeout,
                                                        headers=headers)
        self.keep(answer)
        if not live and status == 200:
            self.token = csrf_token(body) or self.token
        return status, answer, body

    async def assets(self, body: bytes, timeout: float = 10.0) -> int:
        """What a browser fetches after a page's HTML: its scripts and style sheets from this
        server, asking for them compressed. A cached one is not asked for again while its
        Cache-Control allows (``immutable`` or a max-age not yet over), else asked again with
        its validator (a 304 when unchanged). Returns the bytes received."""
        received = 0
        for path in dict.fromkeys(p.decode() for p in ASSET.findall(body)):
            kept = self.cache.get(path)
            if kept is not None and kept[0] > time.monotonic():
                continue
            headers = {"Accept-Encoding": "gzip, deflate"}     # (br: over HTTPS only)
            if kept is not None and kept[1]:
                headers["If-None-Match"] = kept[1]
            status, answer, content = await self.page.request("GET", path, self.cookie(),
                                                              timeout=timeout, headers=headers)
            if status not in (200, 304):
                raise Refused(f"asset {path}", status)
            received += len(content)
            control = answer.get("cache-control", "")
            age = re.search(r"max-age=(\d+)", control)
            fresh = 365 * 86400 if "immutable" in control else int(age.group(1)) if age and \
                "no-cache" not in control else 0
            self.cache[path] = (time.monotonic() + fresh, answer.get("etag", kept[1] if kept else ""))
        return received

    async def post(self, path: str, fields: list[tuple[str, str]] | bytes, timeout: float = 10.0,
                   content_type: str = "application/x-www-form-urlencoded",
                   boosted: bool = True) -> tuple[int, Headers, bytes]:
        """A form posted as the page posts it: hx-boost sends the form's fields and the token of
        the body's hx-headers (X-CSRFToken) with htmx's own headers."""
        body = fields if isinstance(fields, bytes) else urlencode(fields).encode()
        headers = {"Origin": f"http://{HOST}:{self.page.port}"}
        if boosted:
            headers |= {"HX-Request": "true", "HX-Boosted": "true"}
            if self.token:
                headers["X-CSRFToken"] = self.token
        status, answer, body = await self.page.request("POST", path, self.cookie(), body, timeout,
                                                       headers, content_type)
        self.keep(answer)
        return status, answer, body

    async def follow(self, headers: Headers, timeout: float = 10.0) -> tuple[int, Headers, bytes]:
        """The GET a browser makes after a 303 (the XHR of a boosted form follows it too)."""
        parts = urlsplit(headers.get("location", "/"))
        return await self.get(parts.path + (f"?{parts.query}" if parts.query else ""), timeout)

    def close(self) -> None:
        self.page.close()
        self.live.close()


def csrf_token(body: bytes) -> str | None:
    """The page's CSRF token: the body's hx-headers (X-CSRFToken), else a form's hidden input."""
    found = CSRF_HEADER.search(body) or CSRF_INPUT.search(body)
    return found.group(1).decode() if found else None


def form_fields(body: bytes, action: str) -> list[tuple[str, str]] | None:
    """The named inputs of the page's form posting to ``action``, with the values the page
    gave them (the token, the nonce, the version seen, the prefilled round), in page order."""
    start = body.find(f'action="{action}"'.encode())
    if start < 0:
        return None
    end = body.find(b"</form>", start)
    fields = []
    for tag in INPUT.findall(body, start, end if end > 0 else len(body)):
        attributes = {k.decode(): html.unescape(v.decode()) for k, v in ATTRIBUTE.findall(tag)}
        if "name" in attributes and attributes.get("type") not in ("checkbox", "radio"):
            fields.append((attributes["name"], attributes.get("value", "")))
    return fields


def live_path(code: str, version: int, wait: bool = False) -> str:
    return f"/t/{code}/live?v={version}&view=phone&finished=0" + ("&wait=1" if wait else "")


def version_in(body: bytes) -> int | None:
    found = VERSION.search(body)
    return int(found.group(1)) if found else None


@dataclass
class Acted:
    """An act as a phone made it: when its POST left, the page's version before and after,
    the whole act's seconds (the screen's GET, the POST, and the GET its 303 names where the
    server answers so) and from the POST leaving until the next screen is in."""
    sent: float
    before: int
    after: int
    seconds: float
    posted: float
    screen: bytes = b""


async def act(browser: Browser, code: str, points: int | None = None, timeout: float = 10.0,
              posting: Any = None, screen: bytes | None = None,
              version: int | None = None) -> Acted:
    """A player enters points as on the page: from the page the phone shows (``screen``: loaded,
    or its last act's answer, at ``version`` as its live updates have it; without one, or
    without the entry form in it, the page is loaded first: the token, a fresh nonce, the
    prefilled round),
    POST the entry form as htmx does (``HX-Request``), and take the next screen: the POST's own
    answer (200), or the GET its 303 names. Raises
    Refused (or the connection's error) when a step fails. ``posting(before)`` is called just
    before the POST leaves (the version the page showed)."""
    start = time.perf_counter()
    action = f"/t/{code}/act/points"
    body = screen or b""
    if not form_fields(body, action):       # no screen with the form at hand: the page's own
        status, _headers, body = await browser.get(f"/t/{code}/phone", timeout)
        if status != 200:
            raise Refused("act's page", status)
    before = version if version is not None else version_in(body) or 0
    fields = form_fields(body, action)
    if not fields:
        raise Refused("act's page without the entry form", status)
    value = str(points if points is not None else random.randint(0, 60))
    fields = [(name, value if name == "points-points" else v) for name, v in fields]
    sent = time.perf_counter()
    if posting is not None:
        posting(before)
    status, headers, body = await browser.post(action, fields, timeout)
    if status == 303:
        status, _headers, body = await browser.follow(headers, timeout)
        if status != 200:
            raise Refused("act's screen", status)
    elif status != 200:
        raise Refused("act", status)
    done = time.perf_counter()
    return Acted(sent, before, version_in(body) or before, done - start, done - sent, body)


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
        self.server_seconds = self.server.cpu_seconds() - self.server_cpu
        self.own_seconds = time.process_time() - self.own_cpu
        server, own = self.server_seconds / wall, self.own_seconds / wall
        text = f"server CPU {server:.2f} cores, load generator CPU {own:.2f} cores"
        stalled = stalled_microseconds()
        if stalled is not None and self.stalled is not None:
            text += f", CPU pressure {(stalled - self.stalled) / 1e6 / wall * 100:.0f}%"
        self.server_cores, self.text = server, text        # as last reported
        return text


def stalled_microseconds() -> int | None:
    """Total time some process waited for a core (/proc/pressure/cpu), None where unknown."""
    try:
        some = Path("/proc/pressure/cpu").read_text().split("\n")[0].split()
        return int(dict(field.split("=") for field in some[1:])["total"])
    except (OSError, KeyError, IndexError, ValueError):
        return None


class Profile:
    """The server's workers sampled by py-spy (a sampling profiler that reads a process from
    outside: nothing in the app changes) from :meth:`start` for ``seconds``; :meth:`report`
    says where their time went: the functions most often on top of a stack (their own time)
    and the app's functions most often anywhere on it (with what they call)."""

    RATE = 200      # samples a second

    def __init__(self, server: Server, seconds: float) -> None:
        import shutil
        import tempfile

        self.spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
        if not Path(self.spy).exists():
            raise SystemExit("--profile needs py-spy: .venv/bin/pip install py-spy")
        self.server, self.seconds = server, seconds
        self.folder = Path(tempfile.mkdtemp(prefix="bench-profile-"))
        self.running: list[subprocess.Popen] = []

    def start(self) -> None:
        for pid in self.server.pids()[1:]:
            self.running.append(subprocess.Popen(
                [self.spy, "record", "--pid", str(pid), "--duration", str(int(self.seconds)),
                 "--rate", str(self.RATE), "--format", "raw", "--nonblocking",
                 "--output", str(self.folder / f"{pid}.txt")],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))

    def report(self, top: int = 20) -> str:
        for process in self.running:
            process.wait(timeout=self.seconds + 30)
        own, anywhere, total = Counter[str](), Counter[str](), 0
        for path in self.folder.glob("*.txt"):
            for line in path.read_text().splitlines():
                stack, _, count = line.rpartition(" ")
                if not stack or not count.isdigit():
                    continue
                frames = [frame_name(f) for f in stack.split(";")]
                total += int(count)
                own[frames[-1]] += int(count)
                for name in set(frames):
                    if name.startswith(("companion.", "templates.")):
                        anywhere[name] += int(count)
        if not total:
            return "   profile: no samples (py-spy may need ptrace rights: run as root)"
        lines = [f"   profile: {total} samples of the workers ({self.RATE}/s each, "
                 f"{self.seconds:.0f} s); their own time:"]
        lines += [f"     {n / total * 100:5.1f}%  {name}" for name, n in own.most_common(top)]
        lines.append("   the app's functions, with what they call:")
        lines += [f"     {n / total * 100:5.1f}%  {name}" for name, n in anywhere.most_common(top)]
        return "\n".join(lines)


FRAME = re.compile(r"(.*?) \((.*?)(?::\d+)?\)$")


def frame_name(frame: str) -> str:
    """py-spy's "function (path:line)" as "module-ish path: function"."""
    match = FRAME.match(frame)
    if not match:
        return frame
    function, path = match.groups()
    path = re.sub(r".*/site-packages/", "", path)
    path = re.sub(r"^" + re.escape(str(ROOT)) + "/", "", path)
    return f"{path.removesuffix('.py').replace('/', '.')}: {function}"


if __name__ == "__main__" and sys.argv[1:2] == ["--serve"]:
    serve(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
