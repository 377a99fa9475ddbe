"""How soon does a phone see another phone's act? Long polling against polling, in one run.

The app as ``companion run`` serves it (bench/harness.py: gunicorn, gevent workers, SQLite) on
127.0.0.1, CSRF and the rate limits on. At each of 20 score-pad tables phone A enters points
as the page does (GET its screen for the token and a fresh nonce, POST the entry form, GET the
screen the 303 names) and phone B, from another address, keeps its live view: first with a
pending long poll (``wait=1``, as the page does), then polling every second (the page's
fallback, the baseline). The figure is the time from A's POST leaving to B holding the
fragment with it, over 200 acts each. Bounded: 10 acts per
table with a pause of 0.3–1.3 s between them, every wait capped at 10 s.

    .venv/bin/python bench/push.py [--tables 20] [--acts 10]
"""
from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import (CPU, Browser, Connection, Refused, Server, Table, act, live_path,  # noqa: E402
                     loopback, more_files, p95, percentiles, prepare, version_in)

LONGEST = 10.0      # an act not seen by then counts as missed


class Screen:
    """Phone B: keeps its live view and notes when each version arrived."""

    def __init__(self, port: int, table: Table) -> None:
        self.connection = Connection(port, loopback())
        self.table = table
        self.version = table.version
        self.arrived: dict[int, float] = {}
        self.changed = asyncio.Event()
        self.errors = 0

    def _got(self, body: bytes) -> None:
        version = version_in(body)
        if version is not None and version > self.version:
            now = time.perf_counter()
            for number in range(self.version + 1, version + 1):
                self.arrived.setdefault(number, now)
            self.version = version
            self.changed.set()

    async def long_poll(self) -> None:
        while True:
            try:
                status, headers, body = await self.connection.request(
                    "GET", live_path(self.table.code, self.version, wait=True), self.table.cookies[1],
                    timeout=30)
            except (OSError, TimeoutError, asyncio.IncompleteReadError):
                self.errors += 1
                await asyncio.sleep(1)
                continue
            if status == 200:
                self._got(body)
            elif status == 503:
                await asyncio.sleep(float(headers.get("retry-after", 2)))
            elif status != 204:
                self.errors += 1
                await asyncio.sleep(1)

    async def poll(self) -> None:
        loop = asyncio.get_running_loop()
        await asyncio.sleep(random.random())
        tick = loop.time()
        while True:
            try:
                status, _headers, body = await self.connection.request(
                    "GET", live_path(self.table.code, self.version), self.table.cookies[1], timeout=10)
                if status == 200:
                    self._got(body)
                elif status not in (204, 503):
                    self.errors += 1
            except (OSError, TimeoutError, asyncio.IncompleteReadError):
                self.errors += 1
            tick = max(tick + 1.0, loop.time())
            await asyncio.sleep(tick - loop.time())

    async def seen(self, version: int) -> float | None:
        deadline = time.perf_counter() + LONGEST
        while version not in self.arrived:
            left = deadline - time.perf_counter()
            if left <= 0:
                return None
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                return None
        return self.arrived[version]


async def table_run(port: int, table: Table, screen: Screen, acts: int,
                    latencies: list[float], missed: list[int]) -> None:
    phone = Browser(port, [table.cookies[0]])
    for _ in range(acts):
        await asyncio.sleep(0.3 + random.random())      # B's next long poll is out by then
        try:
            acted = await act(phone, table.code)
        except Refused as refused:
            missed.append(refused.status)
            continue
        except (OSError, TimeoutError, asyncio.IncompleteReadError):
            missed.append(0)
            continue
        target = acted.before + 1
        table.version = acted.after
        arrived = await screen.seen(target)
        if arrived is None:
            missed.append(0)
        else:
            latencies.append(arrived - acted.sent)
    phone.close()


async def measure(server: Server, tables: list[Table], acts: int, mode: str) -> str:
    screens = [Screen(server.port, table) for table in tables]
    watching = [asyncio.create_task(getattr(s, mode)()) for s in screens]
    await asyncio.sleep(1.5)
    latencies: list[float] = []
    missed: list[int] = []
    cpu = CPU(server)
    await asyncio.gather(*(table_run(server.port, t, s, acts, latencies, missed)
                           for t, s in zip(tables, screens)))
    for task in watching:
        task.cancel()
    await asyncio.gather(*watching, return_exceptions=True)
    for screen in screens:
        screen.connection.close()
    errors = sum(s.errors for s in screens)
    text = (f"{len(latencies)} acts: {percentiles(latencies)}; missed {len(missed)}, "
            f"errors {errors}; {cpu.report()}")
    return text, p95(latencies) if latencies else float("inf"), len(missed) + errors


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        instance, tables, _ = prepare(Path(folder), args.tables, seats=2)
        with Server(instance, args.workers) as server:
            print(f"gunicorn, {args.workers} gevent worker(s), {args.tables} tables, "
                  f"act on phone A → phone B has it")
            pushed, pushed_p95, pushed_faults = await measure(server, tables, args.acts, "long_poll")
            polled, polled_p95, _ = await measure(server, tables, args.acts, "poll")
            print(f"   polling every 1 s (baseline) {polled}")
            print(f"   long poll (wait=1)           {pushed}")
            met = pushed_p95 < 0.3 and pushed_faults == 0
            print(f"   long poll p95 at {pushed_p95 / polled_p95:.2f}× polling's; target (p95 < 300 ms, "
                  f"nothing missed, no error): {'met' if met else 'NOT met'}")


if __name__ == "__main__":
    from companion.serve import default_workers

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--acts", type=int, default=10, help="acts per table (default 10)")
    parser.add_argument("--workers", type=int, default=default_workers())
    more_files()
    asyncio.run(main(parser.parse_args()))
