"""How long does the score chart of a finished game take? ``story.series`` scores the game after
every act (a score pad: by round, from its sheet). Against a baseline measured in the same run:
one ``result()`` of the finished game, the work a finished screen does once. One whole game per
game (bench/cli.py's records: a 12-round score pad, Doodle City, Calçada, OddVille, and a
4-player Expert Quadropolis game of 85 acts whose every act runs the optimiser on a city), the
optimiser's memory emptied before each run (a chart is drawn once per table and version: the
pages keep it). Prints ms per chart, the baseline, their ratio and whether the target is met:
a chart within 2 s (what the story page may cost once; later requests read the kept series).
Stops after RUNS runs per game or LIMIT_SECONDS.

    .venv/bin/python bench/story.py
"""
from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import cli as records  # noqa: E402  (bench/cli.py: the whole-game records)
from companion import record  # noqa: E402
from companion.games.quadropolis import optimiser  # noqa: E402
from companion.tables import story  # noqa: E402

RUNS = 5
LIMIT_SECONDS = 120
TARGET_MS = 2000


def timed(work) -> float:
    optimiser._optimise_frozen.cache_clear()
    start = time.perf_counter()
    work()
    return (time.perf_counter() - start) * 1000


def main() -> None:
    deadline = time.monotonic() + LIMIT_SECONDS
    print(f"load average {os.getloadavg()[0]:.2f} (other work lengthens every figure)")
    print(f"{'game':<12} {'acts':>5} {'result() ms':>12} {'chart ms':>9} {'ratio':>6}  target")
    for name, make in records.GAMES.items():
        replay = record.load(make(random.Random(7)))
        acts = len(story.acts_of(replay)[0])
        base, chart = [], []
        for _run in range(RUNS):
            if time.monotonic() > deadline:
                break
            fresh = record.load({"format": record.FORMAT, "version": record.VERSION,
                                 "game": replay.game.name, "options": replay.options,
                                 "players": [{"name": p} for p in replay.players],
                                 "events": replay.events})
            base.append(timed(fresh.result))
            chart.append(timed(lambda: story.series(fresh)))
        if not chart:
            print(f"{name:<12} stopped: {LIMIT_SECONDS} s reached")
            break
        b, c = statistics.median(base), statistics.median(chart)
        met = "met" if c <= TARGET_MS else "MISSED"
        print(f"{name:<12} {acts:>5} {b:>12.1f} {c:>9.1f} {c / max(b, 0.001):>6.1f}  "
              f"{met} (≤ {TARGET_MS} ms)")


if __name__ == "__main__":
    main()
