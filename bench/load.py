"""A thousand phones against the app as ``companion run`` serves it (gunicorn, gevent workers,
one per core, load shed), on 127.0.0.1, with a fresh SQLite database.

200 score-pad tables × 5 phones, each phone on its own keep-alive connection (asyncio, raw
HTTP/1.1; the generator's own CPU is printed so it is seen not to be the bottleneck). One act
per table every ~20 s through the real entry form with the seat's cookie (CSRF and the
per-address limits are off in the bench's configuration: see bench/harness.py). Phases, each
with its figures and the server's and the generator's CPU:

1. saturation rate: as many requests as 64 connections can get, "nothing new" (204) against
   the bare endpoint (``/healthz`` of a minimal Flask app on the same server);
2. polling: every phone polls every second (the page's fallback) for ``--seconds``: latency of
   "nothing new", of fresh fragments and of acts, errors, throughput; then the same phones
   polling the bare endpoint;
3. long polling, as the page does it (``wait=1``): the act → other phones latency under load;
4. all phones one version behind at once (every table got an act while they were away): time
   until every phone has its fresh fragment;
5. saturation search: the phone count where the p95 of "nothing new" passes 50 ms (each
   step connects its phones for 2 s first, then measures 6 s).

Each phase also prints the machine's CPU pressure: the share of its time during which some
process waited for a core. Other work on the machine shows in every latency figure; compare
runs with little pressure.

Bounded: every phase has a duration and every request a time-out; the whole run stops by itself
(about 4 minutes with the defaults).

    .venv/bin/python bench/load.py [--seconds 60] [--tables 200] [--workers N]
"""
from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import (CPU, Connection, Server, Table, act, live_path, more_files,  # noqa: E402
                     p95, percentiles, prepare, version_in)

SEATS = 5
ACT_EVERY = 20.0            # seconds between two acts at a table, on average
TIMEOUT = 5.0               # a request not answered by then counts as an error
TARGET_P95 = 0.050


class Tally:
    def __init__(self) -> None:
        self.nothing: list[float] = []
        self.fresh: list[float] = []
        self.acts: list[float] = []
        self.delivered: list[float] = []
        self.other: Counter[str] = Counter()     # errors by kind
        self.shed = 0
        self.requests = 0
        self.started = time.perf_counter()

    def errors(self) -> int:
        return sum(self.other.values())

    def error_text(self) -> str:
        if not self.other:
            return "errors 0"
        return "errors " + str(self.errors()) + " (" + ", ".join(
            f"{kind} {count}" for kind, count in self.other.most_common()) + ")"

    def rate(self) -> float:
        return self.requests / (time.perf_counter() - self.started)


class Phone:
    def __init__(self, port: int, table: Table, seat: int) -> None:
        self.connection = Connection(port)
        self.table = table
        self.seat = seat
        self.version = table.version

    @property
    def cookie(self) -> str:
        return self.table.cookies[self.seat]


async def timed(tally: Tally, coroutine):
    """The answer (status, headers, body) and its latency; None when it failed (counted)."""
    start = time.perf_counter()
    tally.requests += 1
    try:
        answer = await coroutine
    except TimeoutError:
        tally.other["time-out"] += 1
        return None, time.perf_counter() - start
    except (OSError, asyncio.IncompleteReadError) as error:
        tally.other[type(error).__name__] += 1
        return None, time.perf_counter() - start
    return answer, time.perf_counter() - start


async def poll_phone(phone: Phone, tally: Tally, until: float, path=None) -> None:
    """Poll every second as the page's fallback does (the next poll waits for the last)."""
    loop = asyncio.get_running_loop()
    await asyncio.sleep(random.random())
    tick = loop.time()
    while loop.time() < until:
        url = path or live_path(phone.table.code, phone.version)
        answer, seconds = await timed(tally, phone.connection.request("GET", url, phone.cookie,
                                                                      timeout=TIMEOUT))
        if answer is not None:
            status, headers, body = answer
            if status == 204 or (path and status == 200):
                tally.nothing.append(seconds)
            elif status == 200:
                tally.fresh.append(seconds)
                phone.version = version_in(body) or phone.version
            elif status == 503:
                tally.shed += 1
                tick = loop.time() + float(headers.get("retry-after", 2)) * (1 + random.random())
            else:
                tally.other[f"HTTP {status}"] += 1
        tick = max(tick + 1.0, loop.time())
        await asyncio.sleep(tick - loop.time())


async def long_poll_phone(phone: Phone, tally: Tally, acted: dict[str, float]) -> None:
    """Long poll as the page does: the next one as soon as the last is answered (until the
    phase cancels it: the one then waiting is not counted)."""
    await asyncio.sleep(random.random())
    while True:
        url = live_path(phone.table.code, phone.version, wait=True)
        answer, seconds = await timed(tally, phone.connection.request("GET", url, phone.cookie,
                                                                      timeout=30))
        if answer is None:
            await asyncio.sleep(1)
            continue
        status, headers, body = answer
        if status == 200:
            phone.version = version_in(body) or phone.version
            sent = acted.get(phone.table.code)
            if sent is not None:
                tally.delivered.append(time.perf_counter() - sent)
        elif status == 503:
            tally.shed += 1
            await asyncio.sleep(float(headers.get("retry-after", 2)) * (1 + random.random()))
        elif status != 204:
            tally.other[f"HTTP {status}"] += 1
            await asyncio.sleep(1)


async def actor(port: int, table: Table, tally: Tally, until: float,
                acted: dict[str, float] | None = None) -> None:
    """One act every ~ACT_EVERY seconds at this table, from each seat in turn."""
    loop = asyncio.get_running_loop()
    connection = Connection(port)
    seat = random.randrange(SEATS)
    await asyncio.sleep(random.random() * ACT_EVERY)
    while loop.time() < until:
        seat = (seat + 1) % SEATS
        sent = time.perf_counter()
        answer, seconds = await timed(tally, act(connection, table, seat))
        if answer is not None:
            if answer == 303:
                tally.acts.append(seconds)
                if acted is not None:
                    acted[table.code] = sent
            else:
                tally.other[f"act HTTP {answer}"] += 1
        await asyncio.sleep(ACT_EVERY * (0.5 + random.random()))
    connection.close()


async def hammer(port: int, path: str, connections: int, seconds: float, cookie: str | None) -> tuple[float, Tally]:
    """Closed loop: each connection asks again as soon as it is answered."""
    tally = Tally()
    loop = asyncio.get_running_loop()
    until = loop.time() + seconds

    async def one() -> None:
        connection = Connection(port)
        while loop.time() < until:
            answer, latency = await timed(tally, connection.request("GET", path, cookie, timeout=TIMEOUT))
            if answer is not None and answer[0] in (200, 204):
                tally.nothing.append(latency)
            elif answer is not None:
                tally.other[f"HTTP {answer[0]}"] += 1
        connection.close()

    await asyncio.gather(*(one() for _ in range(connections)))
    return len(tally.nothing) / seconds, tally


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        instance, tables = prepare(Path(folder), args.tables, SEATS)
        with Server(instance, args.workers) as server:
            print(f"gunicorn, {args.workers} gevent worker(s), {args.tables} tables × {SEATS} phones "
                  f"= {args.tables * SEATS} phones, SQLite, 127.0.0.1")
            await run_phases(server, tables, args)


async def run_phases(server: Server, tables: list[Table], args: argparse.Namespace) -> None:
    phones = [Phone(server.port, table, seat) for table in tables for seat in range(SEATS)]
    if 1 in args.phases:
        await saturation_rate(server, tables[0])
    if 2 in args.phases:
        await polling(server, tables, phones, args)
    if 3 in args.phases:
        await long_polling(server, tables, phones, args)
    if 4 in args.phases:
        await behind(server, tables, phones)
    if 5 in args.phases:
        await search(server, tables, phones, args)


async def saturation_rate(server: Server, one: Table) -> None:
    port = server.port
    cpu = CPU(server)
    bare_rate, bare = await hammer(port, "/healthz", 64, 5, None)
    bare_cpu = cpu.report()
    cpu = CPU(server)
    live_rate, live = await hammer(port, live_path(one.code, one.version), 64, 5, one.cookies[1])
    print(f"\n1. saturation, 64 connections asking as fast as answered, 5 s each")
    print(f"   bare endpoint   {bare_rate:7.0f}/s  {percentiles(bare.nothing)}  {bare.error_text()}; {bare_cpu}")
    print(f"   nothing new     {live_rate:7.0f}/s  {percentiles(live.nothing)}  {live.error_text()}; {cpu.report()}")
    ratio = live_rate / bare_rate
    print(f"   nothing new at {ratio:.2f}× the bare endpoint's rate "
          f"(target ≥ 0.8×: {'met' if ratio >= 0.8 else 'NOT met'})")


async def polling(server: Server, tables: list[Table], phones: list[Phone], args) -> None:
    """2. polling every second, acts now and then"""
    port, loop = server.port, asyncio.get_running_loop()
    tally = Tally()
    cpu = CPU(server)
    until = loop.time() + args.seconds
    await asyncio.gather(*(poll_phone(p, tally, until) for p in phones),
                         *(actor(port, t, tally, until) for t in tables))
    print(f"\n2. {len(phones)} phones polling every second for {args.seconds:.0f} s, "
          f"one act per table every ~{ACT_EVERY:.0f} s")
    print(f"   nothing new     {len(tally.nothing):6d}  {percentiles(tally.nothing)}")
    print(f"   fresh fragment  {len(tally.fresh):6d}  {percentiles(tally.fresh)}")
    print(f"   acts            {len(tally.acts):6d}  {percentiles(tally.acts)}")
    print(f"   {tally.requests / args.seconds:.0f} requests/s, {tally.error_text()}, shed (503) {tally.shed}; "
          f"{cpu.report()}")
    verdict = "met" if tally.errors() == 0 and p95(tally.nothing) < TARGET_P95 else "NOT met"
    print(f"   target (no error, p95 of nothing new < 50 ms): {verdict}")

    bare_seconds = min(15.0, args.seconds)
    tally = Tally()
    cpu = CPU(server)
    until = loop.time() + bare_seconds
    await asyncio.gather(*(poll_phone(p, tally, until, path="/healthz") for p in phones))
    print(f"   the same phones polling the bare endpoint for {bare_seconds:.0f} s: "
          f"{percentiles(tally.nothing)}, {tally.requests / bare_seconds:.0f} requests/s, "
          f"{tally.error_text()}; {cpu.report()}")
    for phone in phones:
        phone.connection.close()


async def long_polling(server: Server, tables: list[Table], phones: list[Phone], args) -> None:
    """3. long polling as the page does, acts now and then"""
    port, loop = server.port, asyncio.get_running_loop()
    long_seconds = min(30.0, args.seconds)
    tally = Tally()
    acted: dict[str, float] = {}
    cpu = CPU(server)
    until = loop.time() + long_seconds
    waiting = [asyncio.create_task(long_poll_phone(p, tally, acted)) for p in phones]
    await asyncio.gather(*(actor(port, t, tally, until, acted) for t in tables))
    await asyncio.sleep(max(0.0, until - loop.time()))
    for task in waiting:
        task.cancel()
    await asyncio.gather(*waiting, return_exceptions=True)
    tally.requests -= len(waiting)      # the long polls still out when the phase ended
    print(f"\n3. {len(phones)} phones long polling (wait=1) for {long_seconds:.0f} s, "
          f"one act per table every ~{ACT_EVERY:.0f} s")
    print(f"   act → the table's other phones have it: {len(tally.delivered)}  {percentiles(tally.delivered)}")
    print(f"   acts            {len(tally.acts):6d}  {percentiles(tally.acts)}")
    print(f"   {tally.requests / long_seconds:.0f} requests/s, {tally.error_text()}, shed (503) {tally.shed}; "
          f"{cpu.report()}")
    for phone in phones:
        phone.connection.close()


async def behind(server: Server, tables: list[Table], phones: list[Phone]) -> None:
    """4. every phone one version behind at once"""
    port, loop = server.port, asyncio.get_running_loop()
    await asyncio.sleep(6)      # the server closes the idle connections: they come back together
    tally = Tally()
    acts = [Connection(port) for _ in range(20)]

    async def act_on(batch: list[Table], connection: Connection) -> None:
        for table in batch:
            answer, _ = await timed(tally, act(connection, table, 0))
            if answer != 303:
                tally.other[f"act {answer}"] += 1
            connection.close() if table is batch[-1] else None

    await asyncio.gather(*(act_on(tables[i::20], acts[i]) for i in range(20)))
    for table in tables:
        table.version += 1
    cpu = CPU(server)
    start = time.perf_counter()
    done: list[float] = []

    async def catch_up(phone: Phone) -> None:
        deadline = loop.time() + 60
        while loop.time() < deadline:
            answer, _ = await timed(tally, phone.connection.request(
                "GET", live_path(phone.table.code, phone.version), phone.cookie, timeout=TIMEOUT * 2))
            if answer is not None and answer[0] == 200 and (version_in(answer[2]) or 0) >= phone.table.version:
                phone.version = version_in(answer[2]) or phone.version
                done.append(time.perf_counter() - start)
                return
            if answer is not None and answer[0] == 503:
                tally.shed += 1
                await asyncio.sleep(float(answer[1].get("retry-after", 2)) * (1 + random.random()))
            elif answer is not None:
                tally.other[f"HTTP {answer[0]}"] += 1
                await asyncio.sleep(1)

    await asyncio.gather(*(catch_up(p) for p in phones))
    print(f"\n4. all {len(phones)} phones one version behind at once (after an act at every table), "
          f"on connections opened again together")
    every = f"{max(done):.2f} s" if len(done) == len(phones) else f"NOT all: {len(done)} of {len(phones)}"
    print(f"   every phone has its fresh fragment after {every}; each phone: {percentiles(done)}")
    met = len(done) == len(phones) and max(done) <= 10 and tally.errors() == 0
    print(f"   target (every phone within 10 s, no error): {'met' if met else 'NOT met'}")
    print(f"   {tally.error_text()}, shed (503, asked again after Retry-After) {tally.shed}; {cpu.report()}")
    for phone in phones:
        phone.connection.close()


async def search(server: Server, tables: list[Table], phones: list[Phone], args) -> None:
    """5. saturation search: more phones until the p95 of "nothing new" passes 50 ms"""
    port, loop = server.port, asyncio.get_running_loop()
    print(f"\n5. saturation search: phones polling every second, nothing new; per step 2 s to connect "
          f"(not counted), 6 s measured")
    found = None
    extra: list[Phone] = []
    for count in args.steps:
        while len(phones) + len(extra) < count:
            table = tables[len(extra) % len(tables)]
            extra.append(Phone(port, table, len(extra) // len(tables) % SEATS))
        crowd = (phones + extra)[:count]
        tally = Tally()
        until = loop.time() + 2 + 6
        counted: dict[str, object] = {}

        async def after_warm_up() -> None:     # the crowd's connections and first reads
            await asyncio.sleep(2)
            counted["warm-up errors"] = tally.errors()
            tally.nothing.clear()
            tally.other.clear()
            tally.shed = tally.requests = 0
            tally.started = time.perf_counter()
            counted["cpu"] = CPU(server)

        await asyncio.gather(after_warm_up(), *(poll_phone(p, tally, until) for p in crowd))
        cpu = counted["cpu"]
        print(f"   {count:5d} phones: {percentiles(tally.nothing)}, {tally.rate():.0f} requests/s, "
              f"{tally.error_text()} (warm-up {counted['warm-up errors']}), shed {tally.shed}; "
              f"{cpu.report()}")  # type: ignore[attr-defined]
        for phone in crowd:
            phone.connection.close()
        if p95(tally.nothing) > TARGET_P95 or tally.errors():
            found = count
            break
        await asyncio.sleep(1)
    if found:
        print(f"   p95 of nothing new passes 50 ms at {found} phones")
    else:
        print(f"   p95 stayed under 50 ms up to {args.steps[-1]} phones")


if __name__ == "__main__":
    from companion.serve import default_workers

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="the polling phase (default 60)")
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--steps", type=lambda s: [int(x) for x in s.split(",")],
                        default=[1000, 1500, 2000, 2500, 3000, 4000],
                        help="phone counts of the saturation search (comma separated)")
    parser.add_argument("--phases", type=lambda s: {int(x) for x in s.split(",")},
                        default={1, 2, 3, 4, 5}, help="which phases to run (default 1,2,3,4,5)")
    more_files()
    asyncio.run(main(parser.parse_args()))
