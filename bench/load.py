"""Phones as they really are, against the app as ``companion run`` serves it (gunicorn, gevent
workers, one per core, live views in front of the app, load shed), on 127.0.0.1, with a fresh
SQLite database, CSRF and the per-address rate limits on (bench/harness.py).

Every phone is a browser of its own: its own loopback address (127.x.y.z, the client socket
bound to it before connecting), its seat's cookie and whatever cookies the server sets, and an
empty cache. It first loads its page (``GET /t/<code>/phone``: the CSRF token, the version,
then the page's scripts and style sheets as a browser asks for them: compressed where the
server compresses, again only when its cache headers say so), then keeps its
live view as static/js/app.js does: a long poll (``wait=1``), the next one as soon as the last
answered; a 503 holds it back for Retry-After × (1..2); a failed long poll means plain polling
once a second for 30 s; while the line fails, a request unanswered for 5 s is asked again.
Score-pad tables of 5 phones; at each table one act about every ``--act-every`` seconds, by
its seats in turn, as a player makes it: the entry form of the page the phone shows (loaded,
or its last act's answer: a fresh nonce, the prefilled round; the live updates redraw the
live part around it, the version the page shows with them),
POSTed as htmx posts it, the next screen taken from its answer (or from the GET its 303
names). An act's latency is the POST until that screen; "act → visible" is the time from its
POST leaving until each of the table's other phones has the new version from its long poll.

Phases, each printing its target, met or NOT met, and the server's and the generator's CPU:

1. ``--phones`` phones long polling, acts: act p95 < 100 ms, act → visible p95 < 300 ms,
   server < 0.5 core;
2. ``--counts`` phones (each count in turn) waiting, acts continuing, a newcomer (a fresh
   browser: ``GET /``, then the join page ``GET /j/<code>``) every second. Up to 2,000 phones:
   no error, act p95 < 100 ms, act → visible p95 < 300 ms, the crowd's first pages p95 < 2 s,
   newcomers p95 < 1 s; beyond (5,000: 50 acts a second): no page, act or newcomer failing or
   timing out (a long poll answered 503 is shed, counted apart), act p95 < 250 ms, newcomers
   p95 < 1 s;
3. one client (one address) opening ``--greedy`` long polls on one table's code (asking again
   at once when answered, after Retry-After when shed) while newcomers from other addresses
   each load that table's join page and take a seat (GET, POST, GET): every newcomer < 1 s;
   how many greedy polls were shed, and whether each newcomer's own first long poll was;
4. a real restart: SIGTERM to the gunicorn master and its graceful stop waited for, an act
   written at every table while it is down (through the app's own functions, as any program
   may write the database), the server started again on the same port and database while
   ``--phones`` phones keep polling and reconnecting as the page does: the time from the start
   until it listens, until the home page answers, until every phone has its fresh fragment
   (target: every phone within 10 s of the start);
5. heavy uploads beside acts: three browsers re-uploading the heaviest record the limits allow
   (``POST /import``, the 303 followed to the new table's host screen) for 20 s while
   ``--phones`` phones long poll and act: the acts' p95 < 100 ms.

Every phase prints the server's CPU (its master and workers, from /proc) beside the load
generator's, and the server's CPU milliseconds per act (all it did while measured, over the
acts made: the act, the screens and the long polls it wakes, the idle polls) and per first page
view (while the crowd arrived). ``--profile`` samples the workers with py-spy (``pip install
py-spy``) during phase 1's measured time and prints where their time went.

Phones arrive ``--arrivals`` a second (their first pages are counted apart, their errors
count); each phase then measures ``--seconds`` (phase 5: at most 20 s). Bounded: every phase
has a duration, every request a time-out; the whole run stops by itself. Servers on 127.0.0.1.

    .venv/bin/python bench/load.py                  (1,000 phones; 2,000 and 5,000 in phase 2)
    .venv/bin/python bench/load.py --phones 100 --counts 200,300 --seconds 10   (a quick check)
"""
from __future__ import annotations

import argparse
import asyncio
import json
import math
import random
import signal
import sys
import tempfile
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import (CPU, Browser, Connection, Profile, Refused, Server, Table, act,  # noqa: E402
                     app, live_path, loopback, more_files, p95, percentiles, prepare, version_in)

SEATS = 5
TIMEOUT = 10.0              # a page or an act not answered by then is an error
LONG_POLL_TIMEOUT = 60.0    # app.js: the server answers within its wait (20 s)
PLAIN_TIMEOUT = 30.0        # connection.js: a live request this old means the line is dead
STUCK = 5.0                 # connection.js: while failing, one this old is asked again (4 s, checked each 1 s)
FALLBACK = 30.0             # app.js: plain polling this long after a failed long poll
ACT_P95, VISIBLE_P95, NEWCOMER = 0.100, 0.300, 1.0
FIRST_PAGES = 2.0           # phase 2: the crowd's first pages, arriving together, p95
CROWD_ACT_P95 = 0.250       # phase 2 beyond 2,000 phones (5,000: 50 acts a second)
UPLOADERS = 3
UPLOAD_SECONDS = 20.0


# --- what a phase counts ---------------------------------------------------------------------

class Tally:
    def __init__(self) -> None:
        self.pages: list[float] = []        # a phone's first page
        self.acts: list[float] = []         # the POST leaving → the next screen in
        self.visible: list[float] = []      # act's POST → another phone of its table has it
        self.answered = 0                   # long polls and polls answered (200 or 204)
        self.shed = 0                       # answered 503 with Retry-After
        self.errors: Counter[str] = Counter()           # pages, acts, newcomers
        self.live_failed: Counter[str] = Counter()      # live requests without an answer
        self.started = time.perf_counter()

    def error_text(self, live_as_errors: bool = True) -> str:
        every = self.errors + (self.live_failed if live_as_errors else Counter())
        if not every:
            return "errors 0"
        return f"errors {sum(every.values())} (" + ", ".join(
            f"{kind} {count}" for kind, count in every.most_common()) + ")"

    def error_count(self) -> int:
        return sum(self.errors.values()) + sum(self.live_failed.values())


def failure(error: BaseException) -> str:
    if isinstance(error, Refused):
        return str(error)
    if isinstance(error, TimeoutError):
        return "time-out"
    return type(error).__name__


FAILURES = (OSError, TimeoutError, asyncio.IncompleteReadError, Refused)


@dataclass
class Stage:
    """What the phones of a phase report to: the tally (a fresh one when measuring starts),
    the acts under way at each table, and (phase 4) the version each table must reach."""
    tally: Tally = field(default_factory=Tally)
    acts: dict[str, list[tuple[float, int, "Phone"]]] = field(default_factory=dict)
    target: dict[str, int] = field(default_factory=dict)
    fresh: dict["Phone", float] = field(default_factory=dict)
    since: float = 0.0


class Phone:
    """A seat's phone: its browser, the page it loaded, its live view kept as app.js does."""

    def __init__(self, port: int, table: Table, seat: int) -> None:
        self.browser = Browser(port, [table.cookies[seat]])
        self.table = table
        self.seat = seat
        self.version = table.version
        self.screen = b""                   # the page it shows: its entry form and nonce (a live
                                            # update redraws the live part, not the form)
        self.tick = random.random()        # the phase of the page's 1-second timer
        self.task: asyncio.Task[None] | None = None

    def __hash__(self) -> int:
        return id(self)

    async def load(self, stage: Stage) -> bool:
        start = time.perf_counter()
        try:
            status, _headers, body = await self.browser.get(f"/t/{self.table.code}/phone", TIMEOUT)
            if status != 200:
                raise Refused("page", status)
            await self.browser.assets(body, TIMEOUT)
        except FAILURES as error:
            stage.tally.errors[f"page {failure(error)}"] += 1
            return False
        stage.tally.pages.append(time.perf_counter() - start)
        self.version = version_in(body) or self.version
        self.screen = body
        return True

    def start(self, stage: Stage) -> None:
        self.task = asyncio.create_task(self.watch(stage))

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
            self.task = None

    def next_tick(self, now: float) -> float:
        return self.tick + math.floor(now - self.tick) + 1.0

    def got(self, stage: Stage, version: int) -> None:
        now = time.perf_counter()
        for sent, target, actor in stage.acts.get(self.table.code, ()):
            if actor is not self and self.version < target <= version:
                stage.tally.visible.append(now - sent)
        wanted = stage.target.get(self.table.code)
        if wanted is not None and version >= wanted and self not in stage.fresh:
            stage.fresh[self] = now - stage.since
        self.version = max(self.version, version)

    async def watch(self, stage: Stage) -> None:
        """The live view as app.js and connection.js keep it (until the phase cancels it)."""
        loop = asyncio.get_running_loop()
        plain_until, failing = 0.0, False
        while True:
            asked = loop.time()
            long = asked >= plain_until
            timeout = STUCK if failing else (LONG_POLL_TIMEOUT if long else PLAIN_TIMEOUT)
            try:
                status, headers, body = await self.browser.get(
                    live_path(self.table.code, self.version, wait=long), timeout, live=True)
            except (OSError, TimeoutError, asyncio.IncompleteReadError) as error:
                stage.tally.live_failed[f"live {failure(error)}"] += 1
                failing = True
                if long:
                    plain_until = loop.time() + FALLBACK
                await asyncio.sleep(self.next_tick(loop.time()) - loop.time())
                continue
            if status < 500:
                failing = False         # connection.js: the table answers again
            if status == 503:
                stage.tally.shed += 1
                quiet = loop.time() + float(headers.get("retry-after", 5)) * (1 + random.random())
                await asyncio.sleep(self.next_tick(quiet) - loop.time())
                continue
            if status in (200, 204):
                stage.tally.answered += 1
                if status == 200:
                    self.got(stage, version_in(body) or self.version)
                if long and loop.time() - asked >= 1.0:
                    continue        # a tick came while it waited: the next long poll at once
                if long and status == 200:
                    continue        # resume: the next long poll as soon as the view is in
            else:
                stage.tally.live_failed[f"live HTTP {status}"] += 1
                if long:
                    plain_until = loop.time() + FALLBACK
            await asyncio.sleep(self.next_tick(loop.time()) - loop.time())


async def arrive(phones: list[Phone], stage: Stage, per_second: float) -> float:
    """The phones come, ``per_second`` of them a second: each loads its page, then keeps its
    live view. Returns how long it took."""
    start = time.perf_counter()
    spread = len(phones) / per_second

    async def one(phone: Phone) -> None:
        await asyncio.sleep(random.random() * spread)
        if await phone.load(stage):
            phone.start(stage)

    await asyncio.gather(*(one(p) for p in phones))
    return time.perf_counter() - start


async def leave(phones: list[Phone]) -> None:
    await asyncio.gather(*(p.stop() for p in phones))
    for phone in phones:
        phone.browser.close()


async def actor(phones: list[Phone], stage: Stage, until: float, every: float) -> None:
    """One act about every ``every`` seconds at this table, from each seat in turn; the acting
    phone drops its live request when it posts and waits again from the screen it got (a form
    posted holds the live updates: app.js)."""
    loop = asyncio.get_running_loop()
    seat = random.randrange(len(phones))
    await asyncio.sleep(random.random() * every)
    while loop.time() < until:
        seat = (seat + 1) % len(phones)
        phone = phones[seat]
        code = phone.table.code
        entry: list[tuple[float, int, Phone]] = []

        def posting(before: int, phone: Phone = phone, entry: list = entry) -> None:
            entry.append((time.perf_counter(), before + 1, phone))
            stage.acts.setdefault(code, []).append(entry[0])
            if phone.task is not None:
                phone.task.cancel()

        try:
            acted = await act(phone.browser, code, timeout=TIMEOUT, posting=posting,
                              screen=phone.screen, version=phone.version)
            stage.tally.acts.append(acted.posted)
            phone.version = max(phone.version, acted.after)
            phone.screen = acted.screen
        except FAILURES as error:
            stage.tally.errors[f"act {failure(error)}"] += 1
        if entry:       # it posted: its live view waits again from the screen it got
            await phone.stop()
            phone.start(stage)
        stage.acts[code] = [a for a in stage.acts.get(code, []) if a[0] > time.perf_counter() - 60]
        await asyncio.sleep(max(0.0, min(every * (0.5 + random.random()), until - loop.time())))


async def newcomer(port: int, code: str,
                   sit: int | None = None) -> tuple[float, str | None, Browser, int | None]:
    """A fresh browser (an address and no cookies of its own): the home page then the table's
    join page; with ``sit``, the seat taken (POST, the 303 followed to its phone screen)
    instead of the home page. The seconds, the failure (None), the browser and the version its
    last page showed."""
    browser = Browser(port)
    start = time.perf_counter()
    try:
        if sit is None:
            status, _h, body = await browser.get("/", TIMEOUT)
            if status != 200:
                raise Refused("home page", status)
            await browser.assets(body, TIMEOUT)
        status, _h, body = await browser.get(f"/j/{code}", TIMEOUT)
        if status != 200:
            raise Refused("join page", status)
        await browser.assets(body, TIMEOUT)
        if sit is not None:
            status, headers, _b = await browser.post(
                f"/j/{code}", [("csrf_token", browser.token or ""), ("seat", str(sit))], TIMEOUT)
            if status != 303:
                raise Refused("taking a seat", status)
            status, _h, body = await browser.follow(headers, TIMEOUT)
            if status != 200:
                raise Refused("seat's screen", status)
    except FAILURES as error:
        return time.perf_counter() - start, failure(error), browser, None
    return time.perf_counter() - start, None, browser, version_in(body)


def verdict(met: bool) -> str:
    return "met" if met else "NOT met"


def crowd_of(tables: list[Table], port: int, count: int) -> tuple[list[Phone], list[list[Phone]]]:
    """``count`` phones (5 a table, the tables in order) and the phones of each table."""
    by_table = [[Phone(port, table, seat) for seat in range(SEATS)]
                for table in tables[:math.ceil(count / SEATS)]]
    phones = [p for table in by_table for p in table][:count]
    return phones, by_table


def act_lines(tally: Tally, seconds: float, cpu: CPU | None = None) -> list[str]:
    lines = [f"acts (POST → screen)    {len(tally.acts):6d}  {percentiles(tally.acts)}",
             f"act → visible           {len(tally.visible):6d}  {percentiles(tally.visible)}",
             f"live answers {tally.answered / seconds:.0f}/s, shed (503) {tally.shed}"]
    if cpu is not None and tally.acts:
        lines.append(f"server CPU per act {cpu.server_seconds / len(tally.acts) * 1000:.1f} ms "
                     f"(everything the server did while measured, over the acts made: the act, "
                     f"the screens and long polls it wakes, the idle polls), the load generator's "
                     f"{cpu.own_seconds / len(tally.acts) * 1000:.1f} ms")
    return lines


def page_line(arrival: Tally, cpu: CPU) -> str:
    """What a first page view cost the server while the crowd arrived (its first long polls
    included)."""
    if not arrival.pages:
        return "no first page answered"
    return (f"server CPU per first page view {cpu.server_seconds / len(arrival.pages) * 1000:.1f} ms "
            f"while they arrived ({cpu.text})")


def target_of(count: int, arrival: Tally, tally: Tally, times: list[float]) -> str:
    """Phase 2's targets: up to 2,000 phones no error at all, acts p95 < 100 ms, act → the
    table's other phones p95 < 300 ms, their first pages (arriving together) p95 < 2 s; beyond,
    (5,000: 50 acts a second) no page or act failing (long polls may be shed), acts p95 < 250
    ms, a newcomer's page p95 < 1 s."""
    newcomers = p95(times) if times else float("inf")
    pages, acts = arrival.error_count() + sum(tally.errors.values()), p95(tally.acts)
    if count <= 2000:
        met = (pages + sum(tally.live_failed.values()) == 0 and acts < ACT_P95
               and p95(tally.visible) < VISIBLE_P95 and p95(arrival.pages) < FIRST_PAGES
               and newcomers < NEWCOMER)
        return ("no error, act p95 < 100 ms, act → visible p95 < 300 ms, first pages p95 < 2 s, "
                f"newcomers p95 < 1 s: {verdict(met)}")
    met = pages == 0 and acts < CROWD_ACT_P95 and newcomers < NEWCOMER
    return f"no page or act failing, act p95 < 250 ms, newcomers p95 < 1 s: {verdict(met)}"


# --- the phases ------------------------------------------------------------------------------

class Run:
    def __init__(self, server: Server, tables: list[Table], opened: list[Table],
                 args: argparse.Namespace, instance: Path) -> None:
        self.server, self.tables, self.opened, self.args, self.instance = \
            server, tables, opened, args, instance

    async def crowd(self, count: int, title: str, newcomers: bool = False,
                    measure: float | None = None, beside: Any = None,
                    profiled: bool = False) -> tuple[Tally, Tally, CPU, list]:
        """``count`` phones arrive, then are measured for ``measure`` seconds with acts (and
        newcomers, and ``beside(until)`` running). Returns the arrival's tally, the measured
        one, the CPU over the measured time and the newcomers' (seconds, failure, whether
        they came while measured or while the crowd arrived)."""
        args, loop = self.args, asyncio.get_running_loop()
        seconds = measure or args.seconds
        phones, by_table = crowd_of(self.tables, self.server.port, count)
        stage = Stage()
        came: list[tuple[float, str | None, bool]] = []     # (seconds, failure, while measured)
        measuring = [False]
        stop_newcomers = asyncio.Event()

        async def newcomers_loop() -> None:
            while not stop_newcomers.is_set():
                took, failed, browser, _v = await newcomer(self.server.port, self.opened[1].code)
                browser.close()
                came.append((took, failed, measuring[0]))
                try:
                    await asyncio.wait_for(stop_newcomers.wait(), 1.0)
                except TimeoutError:
                    pass

        coming = asyncio.create_task(newcomers_loop()) if newcomers else None
        arriving = CPU(self.server)
        arrived = await arrive(phones, stage, args.arrivals)
        arriving.report()
        arrival = stage.tally
        stage.tally = Tally()
        measuring[0] = True
        profile = Profile(self.server, seconds) if profiled else None
        if profile is not None:
            profile.start()
        cpu = CPU(self.server)
        until = loop.time() + seconds
        work = [actor(table, stage, until, args.act_every) for table in by_table]
        if beside is not None:
            work.append(beside(until))
        await asyncio.gather(*work)
        await asyncio.sleep(max(0.0, until - loop.time()))
        cpu.report()
        stop_newcomers.set()
        if coming is not None:
            await coming
        await leave(phones)
        print(f"\n{title}")
        print(f"   arrival: {len(phones)} phones' first pages in {arrived:.1f} s: "
              f"{percentiles(arrival.pages)}, {arrival.error_text()}, shed {arrival.shed}")
        print(f"   {page_line(arrival, arriving)}")
        if profile is not None:
            print(profile.report())
        return arrival, stage.tally, cpu, came

    async def phase1(self) -> None:
        n, seconds = self.args.phones, self.args.seconds
        arrival, tally, cpu, _ = await self.crowd(
            n, f"1. {n} phones ({math.ceil(n / SEATS)} tables) long polling for {seconds:.0f} s, "
               f"one act per table every ~{self.args.act_every:.0f} s", profiled=self.args.profile)
        for line in act_lines(tally, seconds, cpu):
            print(f"   {line}")
        print(f"   {tally.error_text()}; {cpu.text}")
        met = (p95(tally.acts) < ACT_P95 and p95(tally.visible) < VISIBLE_P95 and cpu.server_cores < 0.5
               and tally.error_count() + arrival.error_count() == 0)
        print(f"   target (act p95 < 100 ms, act → visible p95 < 300 ms, server < 0.5 core, no "
              f"error): {verdict(met)}")

    async def phase2(self) -> None:
        for count in self.args.counts:
            seconds = self.args.seconds
            arrival, tally, cpu, came = await self.crowd(
                count, f"2. {count} phones ({math.ceil(count / SEATS)} tables) waiting for "
                       f"{seconds:.0f} s, one act per table every ~{self.args.act_every:.0f} s, "
                       f"a newcomer every second", newcomers=True)
            early = [took for took, failed, measured in came if failed is None and not measured]
            times = [took for took, failed, measured in came if failed is None and measured]
            arrival.errors.update(f"newcomer {f}" for _t, f, measured in came if f and not measured)
            tally.errors.update(f"newcomer {f}" for _t, f, measured in came if f and measured)
            for line in act_lines(tally, seconds, cpu):
                print(f"   {line}")
            print(f"   newcomers (GET / + GET /j/<code>) while the crowd arrived {len(early)}: "
                  f"{percentiles(early)}" + (f", slowest {max(early) * 1000:.0f} ms" if early else ""))
            print(f"   newcomers (GET / + GET /j/<code>) while it waits {len(times):4d}  {percentiles(times)}"
                  + (f", slowest {max(times) * 1000:.0f} ms" if times else ""))
            print(f"   {tally.error_text(live_as_errors=False)}, live requests failed "
                  f"{sum(tally.live_failed.values())}; {cpu.text}")
            print(f"   target: {target_of(count, arrival, tally, times)}")

    async def phase3(self) -> None:
        greedy, seconds, port = self.args.greedy, self.args.seconds, self.server.port
        table = self.opened[0]
        loop = asyncio.get_running_loop()
        address = loopback()
        held = Counter[str]()
        seen = [table.version]      # the greedy client follows the table's version as a page
        cpu = CPU(self.server)
        until = loop.time() + seconds

        async def poll(connection: Connection) -> None:
            while loop.time() < until:
                try:
                    status, headers, body = await connection.request(
                        "GET", live_path(table.code, seen[0], wait=True),
                        timeout=max(0.1, until - loop.time()))
                except TimeoutError:        # (an OSError: caught first)
                    held["still waiting at the end"] += 1
                    return
                except (OSError, asyncio.IncompleteReadError) as error:
                    held[f"failed ({failure(error)})"] += 1
                    await asyncio.sleep(1)
                    continue
                held[f"HTTP {status}"] += 1
                seen[0] = max(seen[0], version_in(body) or 0)
                if status == 503:
                    await asyncio.sleep(float(headers.get("retry-after", 5)))
            connection.close()

        polls = [Connection(port, address) for _ in range(greedy)]
        greedy_task = asyncio.gather(*(poll(c) for c in polls))
        await asyncio.sleep(1.0)        # the greedy polls are in
        came: list[tuple[float, str | None, str]] = []
        spacing = max(1.0, (seconds - 2) / 11)        # a 12-seat table: 11 newcomers at most
        seat = 0
        while loop.time() + 1 < until and seat < 11:
            took, failed, browser, version = await newcomer(port, table.code, sit=seat)
            first = "—"
            if failed is None:
                try:    # its first long poll: shed at once, or let wait
                    status, _h, _b = await browser.get(live_path(table.code, version or 0, wait=True),
                                                       1.0, live=True)
                    first = "shed (503)" if status == 503 else f"HTTP {status}"
                except TimeoutError:
                    first = "waiting"
                except (OSError, asyncio.IncompleteReadError) as error:
                    first = failure(error)
            browser.close()
            came.append((took, failed, first))
            seat += 1
            await asyncio.sleep(max(0.0, min(spacing - took, until - loop.time() - 1)))
        await greedy_task
        times = [t for t, f, _ in came if f is None]
        failures = Counter(f for _t, f, _ in came if f is not None)
        firsts = Counter(first for _t, f, first in came if f is None)
        print(f"\n3. one client (one address) holding {greedy} long polls on table {table.code} "
              f"for {seconds:.0f} s, newcomers from other addresses taking seats there")
        print(f"   greedy polls: " + ", ".join(f"{k} {v}" for k, v in held.most_common()))
        print(f"   newcomers (GET join page + POST seat + GET screen) {len(came)}  {percentiles(times)}"
              + (f", slowest {max(times) * 1000:.0f} ms" if times else "")
              + (", failed: " + ", ".join(f"{k} {v}" for k, v in failures.items()) if failures else ""))
        print("   each newcomer's first long poll: " + ", ".join(f"{k} {v}" for k, v in firsts.items()))
        print(f"   {cpu.report()}")
        met = bool(times) and not failures and max(times) < NEWCOMER
        print(f"   target (every newcomer < 1 s): {verdict(met)}")
        await asyncio.sleep(2)      # the greedy connections' waits end before the next phase

    async def phase4(self) -> None:
        n, args = self.args.phones, self.args
        loop = asyncio.get_running_loop()
        phones, _ = crowd_of(self.tables, self.server.port, n)
        stage = Stage()
        await arrive(phones, stage, args.arrivals)
        await asyncio.sleep(2)
        arrival = stage.tally
        stage.tally = Tally()
        start = time.perf_counter()
        by_itself = await asyncio.to_thread(self.server.stop, signal.SIGTERM, 45)
        stopped = time.perf_counter() - start
        stage.target = write_an_act_at_every_table(self.tables[:math.ceil(n / SEATS)])
        port = self.server.port
        stage.since = time.perf_counter()
        self.server = Server(self.instance, args.workers, port)
        cpu = CPU(self.server)
        listening = home = None
        probe = Browser(port)
        deadline = loop.time() + 60
        while loop.time() < deadline and (home is None or len(stage.fresh) < len(phones)):
            if listening is None:
                try:
                    _r, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 1)
                    writer.close()
                    listening = time.perf_counter() - stage.since
                except (OSError, TimeoutError):
                    await asyncio.sleep(0.05)
                    continue
            if home is None:
                try:
                    status, _h, _b = await probe.get("/", 5)
                    if status == 200:
                        home = time.perf_counter() - stage.since
                        continue
                except FAILURES:
                    pass
            await asyncio.sleep(0.05)
        probe.close()
        cpu_text = cpu.report()
        await leave(phones)
        fresh = sorted(stage.fresh.values())
        all_fresh = len(fresh) == len(phones)
        print(f"\n4. a restart under {len(phones)} phones: SIGTERM to the gunicorn master, an act at "
              f"every table while it is down, the server started again on the same port and database")
        print(f"   arrival: {percentiles(arrival.pages)}, {arrival.error_text()}")
        print(f"   graceful stop took {stopped:.1f} s (gunicorn's graceful time-out is 30 s; "
              f"{'the master exited by itself' if by_itself else 'killed after 45 s'})")
        text = lambda value: f"{value:.2f} s" if value is not None else "never (60 s)"  # noqa: E731
        print(f"   from the start: listening after {text(listening)}, home page answers after {text(home)}, "
              f"every phone fresh after "
              + (f"{fresh[-1]:.2f} s" if all_fresh else f"NOT all: {len(fresh)} of {len(phones)}"))
        print(f"   each phone fresh after the start: {percentiles(fresh)}")
        print(f"   live requests the page asked again: failed {sum(stage.tally.live_failed.values())} ("
              + ", ".join(f"{k} {v}" for k, v in stage.tally.live_failed.most_common(4))
              + f"), shed (503) {stage.tally.shed}; {cpu_text}")
        met = all_fresh and fresh[-1] <= 10 and arrival.error_count() == 0
        print(f"   target (every phone fresh within 10 s of the start): {verdict(met)}")

    async def phase5(self) -> None:
        n, port = self.args.phones, self.server.port
        seconds = min(UPLOAD_SECONDS, self.args.seconds)
        data = heaviest_record()
        uploads: list[float] = []
        refused: Counter[str] = Counter()

        async def uploads_until(until: float) -> None:
            loop = asyncio.get_running_loop()

            async def uploader() -> None:
                browser = Browser(port)
                try:
                    status, _h, _b = await browser.get("/", TIMEOUT)
                except FAILURES as error:
                    refused[f"home page {failure(error)}"] += 1
                    return
                while loop.time() < until:
                    start = time.perf_counter()
                    body, content_type = multipart(browser.token or "", data)
                    try:
                        status, headers, _b = await browser.post("/import", body, 60, content_type,
                                                                 boosted=False)
                        if status != 303:
                            raise Refused("upload", status)
                        status, _h, _b = await browser.follow(headers, 60)
                        if status != 200:
                            raise Refused("new table's screen", status)
                        uploads.append(time.perf_counter() - start)
                    except FAILURES as error:
                        refused[f"upload {failure(error)}"] += 1
                        await asyncio.sleep(1)
                browser.close()

            await asyncio.gather(*(uploader() for _ in range(UPLOADERS)))

        record = json.loads(data)
        arrival, tally, cpu, _ = await self.crowd(
            n, f"5. {UPLOADERS} browsers re-uploading the heaviest record for {seconds:.0f} s "
               f"({len(data) // 1024} kB, {len(record['players'])} players, {len(record['events'])} "
               f"events, undos replaying the most acts allowed) beside {n} phones acting",
            measure=seconds, beside=uploads_until)
        tally.errors.update(refused)
        print(f"   uploads (POST /import + GET the new table) {len(uploads)}  {percentiles(uploads)}")
        for line in act_lines(tally, seconds):
            print(f"   {line}")
        print(f"   {tally.error_text()}; {cpu.text}")
        met = p95(tally.acts) < ACT_P95
        print(f"   target (the other acts' p95 < 100 ms): {verdict(met)}")


def write_an_act_at_every_table(tables: list[Table]) -> dict[str, int]:
    """While the server is down: points for each table's first player, through the app's own
    functions on the same database. The version each table is at afterwards."""
    from companion.extensions import db
    from companion.games.base import Act
    from companion.games.score_pad import rules
    from companion.tables import service

    versions = {}
    with app().app_context():
        for table in tables:
            found = service.find(table.code)
            replay = service.replay_of(found)
            player = replay.players[0]
            event = {"type": "points", "player": player, "round": rules.next_round(replay.state, player),
                     "points": 11}
            service.append(found, Act(event, "host", nonce=uuid.uuid4().hex))
            versions[table.code] = service.version(table.code) or 0
        db.session.remove()
    return versions


def heaviest_record() -> bytes:
    """A score pad record as heavy as the limits allow: 12 players with 40-character names,
    ``MAX_EVENTS`` events of which as many undos (the last ones, each replaying every act
    before it) as ``MAX_UNDO_WORK`` allows; checked through ``record.load`` here."""
    from companion import record

    names = [f"{i:02d} " + "Ő" * (record.MAX_NAME - 3) for i in range(12)]
    undos = 0
    while sum(record.MAX_EVENTS - (undos + 1) + k for k in range(undos + 1)) <= record.MAX_UNDO_WORK:
        undos += 1
    points = record.MAX_EVENTS - undos
    events: list[dict[str, Any]] = [
        {"type": "points", "player": names[i % 12], "round": i // 12 + 1, "points": -999_999 + i}
        for i in range(points)]
    events += [{"type": "undo", "event": points - k} for k in range(undos)]
    data = {"format": record.FORMAT, "version": record.VERSION, "game": "score-pad", "options": {},
            "players": [{"name": name} for name in names], "events": events}
    text = json.dumps(data, ensure_ascii=False).encode()
    assert len(text) <= record.MAX_BYTES, len(text)
    record.load(record.parse(text))
    return text


def multipart(token: str, data: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\n{token}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"record\"; filename=\"game.json\"\r\n"
            f"Content-Type: application/json\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


async def main(args: argparse.Namespace) -> None:
    largest = max([args.phones, *(args.counts if 2 in args.phases else [])])
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        instance, tables, opened = prepare(Path(folder), math.ceil(largest / SEATS), SEATS, open_tables=2)
        print(f"{len(tables)} score-pad tables × {SEATS} seats and 2 open tables set up in "
              f"{time.perf_counter() - started:.0f} s")
        server = Server(instance, args.workers)
        run = Run(server, tables, opened, args, instance)
        try:
            server.wait_ready()
            print(f"gunicorn, {args.workers} gevent worker(s), SQLite, 127.0.0.1; every phone from its "
                  f"own 127.x.y.z, CSRF and rate limits on")
            at_rest = run.server.rss_megabytes()
            print(f"at rest: {run.server.rss_text()}")
            for number in sorted(args.phases):
                await getattr(run, f"phase{number}")()
                await asyncio.sleep(3)      # the phones are gone: what the workers keep
                print(f"   after it, {run.server.rss_text()}"
                      + (f" ({sum(run.server.rss_megabytes()) / sum(at_rest):.2f}× at rest)"
                         if at_rest and run.server.rss_megabytes() else ""))
        finally:
            run.server.stop()


if __name__ == "__main__":
    from companion.serve import default_workers

    def numbers(text: str) -> list[int]:
        return [int(x) for x in text.split(",") if x]

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--phones", type=int, default=1000, help="phases 1, 4, 5 (default 1000)")
    parser.add_argument("--counts", type=numbers, default=[2000, 5000],
                        help="phase 2's crowds, comma separated (default 2000,5000)")
    parser.add_argument("--greedy", type=int, default=None,
                        help="phase 3's long polls from one client (default: the first of --counts)")
    parser.add_argument("--seconds", type=float, default=60.0, help="each phase's measured time (default 60)")
    parser.add_argument("--act-every", type=float, default=20.0,
                        help="seconds between two acts at a table, on average (default 20)")
    parser.add_argument("--arrivals", type=float, default=250.0,
                        help="phones arriving a second (default 250)")
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--phases", type=lambda s: set(numbers(s)), default={1, 2, 3, 4, 5},
                        help="which phases to run (default 1,2,3,4,5)")
    parser.add_argument("--profile", action="store_true",
                        help="sample the workers with py-spy during phase 1 and say where the time went")
    arguments = parser.parse_args()
    if arguments.greedy is None:
        arguments.greedy = arguments.counts[0] if arguments.counts else 2000
    more_files()
    asyncio.run(main(arguments))
