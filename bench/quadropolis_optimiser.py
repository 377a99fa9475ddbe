"""Times the Quadropolis optimiser (CP-SAT, through OR-Tools' linear-solver wrapper) on full
Expert cities and the brute-force baseline in the same run; prints median, worst and the ratio.
Stops within about 5 minutes whatever happens.

Full cities: all 20 cells built; most need activation (all 20 in the "full" sets; the
adversarial sets put monuments and parks among many adjacent factories, harbours and offices).
Brute force cannot finish 2^20 activation subsets with customers in Python in reasonable time,
so the ratio is measured on smaller Expert cities (12 buildings needing activation, at most two
shops) that both solve, in the same run, and the answers are compared.

    python bench/quadropolis_optimiser.py
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games.quadropolis.data import mats                          # noqa: E402
from companion.games.quadropolis.optimiser import brute_force, optimise    # noqa: E402
from companion.games.quadropolis.scoring import Building, activatable      # noqa: E402

DEADLINE = time.monotonic() + 290
CELLS = mats()["expert"].cells()
ACTIVATED = ("tower", "shop", "public", "factory", "harbour", "office")


def building(rnd: random.Random, kind: str) -> Building:
    height = rnd.randint(1, 5) if kind in ("tower", "office") else 1
    return Building(kind, height, rnd.randint(0, 2) if kind in ("public", "harbour") else 0,
                    rnd.random() < 0.7)


def city(rnd: random.Random, style: str) -> dict:
    if style == "adversarial":      # stripes of factories and harbours beside monuments
        weights = {"factory": 5, "harbour": 5, "office": 3, "shop": 2, "monument": 2, "park": 1,
                   "tower": 1, "public": 1}
    else:
        weights = dict.fromkeys(ACTIVATED, 1)
    kinds = list(weights)
    return {c: building(rnd, rnd.choices(kinds, [weights[k] for k in kinds])[0]) for c in CELLS}


def resources(rnd: random.Random, level: str) -> tuple[int, int]:
    return {"scarce": (rnd.randint(2, 8), rnd.randint(2, 8)),
            "ample": (rnd.randint(25, 45), rnd.randint(20, 35)),
            "adversarial": (rnd.randint(10, 20), rnd.randint(8, 16))}[level]


def timed(function, *args):
    start = time.perf_counter()
    answer = function(*args)
    return time.perf_counter() - start, answer


def main() -> None:
    rnd = random.Random(2016)
    times = []
    optimise("expert", {}, 0, 0)    # warm up the solver library
    for style in ("full", "adversarial"):
        for level in ("scarce", "ample", "adversarial"):
            for _ in range(10):
                if time.monotonic() > DEADLINE:
                    break
                c = city(rnd, style)
                r, e = resources(rnd, level)
                times.append(timed(optimise, "expert", c, r, e)[0])
                sizes = len(activatable(c))
    print(f"optimiser on {len(times)} full Expert cities (20 built cells; needing activation: "
          f"20 in the 'full' sets, fewer where monuments and parks stand; the last had {sizes}):")
    print(f"  median {statistics.median(times) * 1000:.1f} ms, worst {max(times) * 1000:.1f} ms")

    fast, slow, agree = [], [], 0
    for _ in range(6):
        if time.monotonic() > DEADLINE - 60:
            break
        cells = rnd.sample(CELLS, 12)
        kinds = ["shop", "shop"] + [rnd.choice(("tower", "public", "factory", "harbour", "office"))
                                    for _ in range(10)]
        small = {c: building(rnd, k) for c, k in zip(cells, kinds)}
        for c in rnd.sample([c for c in CELLS if c not in small], 3):
            small[c] = building(rnd, rnd.choice(("monument", "park")))
        r, e = rnd.randint(4, 14), rnd.randint(4, 12)
        t_fast, a = timed(optimise, "expert", small, r, e)
        t_slow, b = timed(brute_force, "expert", small, r, e)
        fast.append(t_fast)
        slow.append(t_slow)
        agree += (a.total, a.pieces) == (b.total, b.pieces)
    if fast:
        print(f"brute force vs optimiser on {len(fast)} smaller Expert cities (12 needing "
              f"activation, 2 shops; brute force cannot finish full cities):")
        print(f"  brute force median {statistics.median(slow) * 1000:.0f} ms, "
              f"optimiser median {statistics.median(fast) * 1000:.1f} ms, "
              f"ratio {statistics.median(slow) / statistics.median(fast):.0f}x; "
              f"same optimum: {agree}/{len(fast)}")
    else:
        print("brute force: no time left within the 5-minute cap")


if __name__ == "__main__":
    main()
