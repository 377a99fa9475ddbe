"""Run under gevent (``python -m gevent.monkey tests/gevent_sqlite_probe.py FOLDER [direct]``):
an act waits for another process's SQLite write lock while a greenlet ticks every 10 ms; prints
how many ticks the loop made until the act went through (the other process commits after
0.5 s), and whether it did; then how many trips to the pool of threads an act makes when no
other process writes (each waits for the loop to come round to its answer). ``direct``: SQLite
connected as without the pool of threads (the control: the loop stands still)."""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import gevent

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion import sqlite  # noqa: E402
from companion.extensions import db  # noqa: E402
from companion.games.base import Act  # noqa: E402
from companion.tables import service  # noqa: E402
from tests.support import make_app  # noqa: E402

folder = Path(sys.argv[1])
if sys.argv[2:] == ["direct"]:
    sqlite.cooperative = lambda: False
app = make_app(folder, SQLALCHEMY_DATABASE_URI=f"sqlite:///{folder / 'probe.sqlite'}")
with app.app_context():
    db.create_all()
    code = service.create("score-pad", {}, ["Anna", "Bence"])[0].code
ticks: list[float] = []


def ticker() -> None:
    while True:
        ticks.append(time.perf_counter())
        gevent.sleep(0.01)


def act() -> None:
    with app.app_context():
        service.append(service.find(code), Act(
            {"type": "points", "player": "Anna", "round": 1, "points": 3}, "host"))


# another process takes the write lock and commits half a second later
HOLD = ("import sqlite3, sys, time; c = sqlite3.connect(sys.argv[1], isolation_level=None); "
        "c.execute('BEGIN IMMEDIATE'); print('held', flush=True); time.sleep(0.5); "
        "c.execute('COMMIT')")
other = subprocess.Popen([sys.executable, "-c", HOLD, str(folder / "probe.sqlite")],
                         stdout=subprocess.PIPE, text=True)
assert other.stdout is not None and other.stdout.readline().strip() == "held"
gevent.spawn(ticker)
writer = gevent.spawn(act)
writer.join(30)
other.wait(10)
trips = [0]
off_the_loop = sqlite._off_the_loop


def counted(*args):     # each trip still made, counted on its way
    trips[0] += 1
    return off_the_loop(*args)


sqlite._off_the_loop = counted
act()
print(f"ticks={len(ticks)} entered={writer.successful()} trips={trips[0]}")
