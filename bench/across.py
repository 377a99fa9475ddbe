"""Two servers on one PostgreSQL database, as a farm behind a load balancer runs: an act made
through one server reaches the phones waiting on the other.

A throwaway PostgreSQL cluster on 127.0.0.1, two servers as ``companion run`` serves (gunicorn,
gevent, one worker each: the two of them share this machine's cores), score-pad tables of 5
phones: seats 1–3 of every table on server A, seats 4–5 on server B, each phone from its own
127.x.y.z with CSRF and the rate limits on (bench/load.py's phones: page, long polls as app.js,
acts as GET/POST/GET, one act per table about every ``--act-every`` seconds). Measured: "act →
across", from an act's POST until each phone of its table on the *other* server has the new
version from its long poll.

Twice, on the same tables: first with PostgreSQL's LISTEN/NOTIFY (every commit notifies its
table's code; the worker wakes that table's screens at once), then with ``LIVE_NOTIFY = False``
(the baseline: each worker reads the versions of the tables it waits for every 100 ms). Prints
both, their ratio, the servers' CPU and the target (p95 under 300 ms with NOTIFY). Bounded:
each run lasts ``--seconds``, every request has a time-out, the cluster is removed at the end.

    .venv/bin/python bench/across.py                 (1,000 phones, 60 s each run)
    .venv/bin/python bench/across.py --phones 200 --seconds 15     (a quick check)
"""
from __future__ import annotations

import argparse
import asyncio
import math
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import CPU, Postgres, Server, more_files, p95, percentiles, prepare  # noqa: E402
from load import SEATS, Phone, Stage, actor, arrive, leave  # noqa: E402

ON_A = 3                  # seats of each table on server A; the rest on B
TARGET = 0.300


def across_only(phone: Phone, stage: Stage, version: int) -> None:
    """Phone.got, counting an act as seen only by the phones on the other server."""
    now = time.perf_counter()
    for sent, target, actor_phone in stage.acts.get(phone.table.code, ()):
        if (actor_phone.browser.page.port != phone.browser.page.port
                and phone.version < target <= version):
            stage.tally.visible.append(now - sent)
    phone.version = max(phone.version, version)


async def one_run(title: str, servers: list[Server], tables, args) -> tuple[list[float], float]:
    by_table = [[Phone(servers[0 if seat < ON_A else 1].port, table, seat) for seat in range(SEATS)]
                for table in tables]
    phones = [p for table in by_table for p in table]
    for phone in phones:        # counted across the servers only
        phone.got = (lambda stage, version, phone=phone: across_only(phone, stage, version))  # type: ignore[method-assign]
    stage = Stage()
    arrived = await arrive(phones, stage, args.arrivals)
    errors = stage.tally.error_count()
    stage.tally = type(stage.tally)()
    cpus = [CPU(server) for server in servers]
    loop = asyncio.get_running_loop()
    until = loop.time() + args.seconds
    await asyncio.gather(*(actor(table, stage, until, args.act_every) for table in by_table))
    await asyncio.sleep(max(0.0, until - loop.time()))
    for cpu in cpus:
        cpu.report()
    cores = sum(cpu.server_cores for cpu in cpus)
    await leave(phones)
    tally = stage.tally
    print(f"\n{title}")
    print(f"   arrival: {len(phones)} phones in {arrived:.1f} s, errors {errors}")
    print(f"   acts (GET+POST+GET)    {len(tally.acts):6d}  {percentiles(tally.acts)}")
    print(f"   act → across           {len(tally.visible):6d}  {percentiles(tally.visible)}")
    print(f"   {tally.error_text()}; both servers' CPU {cores:.2f} cores")
    return tally.visible, cores


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        postgres = Postgres()
        try:
            started = time.perf_counter()
            instance, tables, _open = prepare(Path(folder), math.ceil(args.phones / SEATS), SEATS,
                                              database=postgres.url)
            print(f"PostgreSQL on 127.0.0.1; {len(tables)} score-pad tables × {SEATS} seats set up "
                  f"in {time.perf_counter() - started:.0f} s; two servers (gunicorn, one gevent "
                  f"worker each), seats 1–{ON_A} on A, {ON_A + 1}–{SEATS} on B")
            results = {}
            for notify in (True, False):
                if not notify:
                    with open(instance / "config.py", "a") as config:
                        config.write("LIVE_NOTIFY = False\n")
                servers = [Server(instance, 1), Server(instance, 1)]
                try:
                    for server in servers:
                        server.wait_ready()
                    title = ("LISTEN/NOTIFY" if notify else
                             "without NOTIFY (LIVE_NOTIFY = False: versions read every 100 ms)")
                    results[notify] = await one_run(
                        f"{args.phones} phones, an act per table every ~{args.act_every:.0f} s, "
                        f"{args.seconds:.0f} s: {title}", servers, tables, args)
                finally:
                    for server in servers:
                        server.stop()
            with_notify, without = p95(results[True][0]), p95(results[False][0])
            print(f"\nact → across p95: {with_notify * 1000:.0f} ms with NOTIFY, {without * 1000:.0f} ms "
                  f"without ({without / with_notify:.1f}× the time)" if with_notify else "")
            print(f"target (act → visible on the other server p95 < 300 ms with {args.phones} phones): "
                  f"{'met' if with_notify < TARGET else 'NOT met'}")
        finally:
            postgres.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--phones", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--act-every", type=float, default=20.0)
    parser.add_argument("--arrivals", type=float, default=250.0)
    arguments = parser.parse_args()
    more_files()
    asyncio.run(main(arguments))
