"""How long does the final screen of a 4-player Expert Quadropolis game take to render? Against
a baseline measured in the same run: the final screen of a 4-player score pad with as many
events. The first Quadropolis render runs the optimiser for every city (cold); every later
render and poll of the same table version reuses the plans (warm). Stops within a minute.

    .venv/bin/python bench/quadropolis_screens.py
"""
from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.quadropolis import optimiser, rules  # noqa: E402
from companion.tables import service  # noqa: E402
from tests.support import make_app  # noqa: E402

PLAYERS = ["Anna", "Bence", "Csilla", "Dani"]
RENDERS = 30
DEADLINE = time.monotonic() + 60


def expert_game(rnd: random.Random) -> list[dict]:
    """Five rounds; every player fills all 20 cells (a few towers and offices get floors)."""
    state = rules.start({"mode": "expert"}, PLAYERS)
    events = []
    for round_ in range(1, 6):
        events.append({"type": "round", "round": round_})
        state = rules.apply(state, events[-1])
        for player in PLAYERS:
            for _ in range(4 + (round_ == 5)):
                empty = [c for c in rules.mats()["expert"].cells() if c not in state.cities[player]]
                if not empty:
                    break
                tile = rnd.choice([f for f in rules.all_faces(state) if not f.get("mayor")])
                event = rules.build_event(player, rnd.choice(empty), tile)
                state = rules.apply(state, event)
                events.append(event)
    return events + [{"type": "end"}]


def timed(client, path: str) -> float:
    start = time.perf_counter()
    response = client.get(path)
    assert response.status_code == 200, response.status_code
    return (time.perf_counter() - start) * 1000


def main() -> None:
    app = make_app(Path(tempfile.mkdtemp()))
    events = expert_game(random.Random(7))
    pad = [{"type": "points", "player": p, "round": r, "points": r} for r in range(1, 30)
           for p in PLAYERS][:len(events) - 1] + [{"type": "end"}]
    with app.app_context():
        quadro, _ = service.create("quadropolis", {"mode": "expert"}, PLAYERS, events)
        score_pad, _ = service.create("score-pad", {}, PLAYERS, pad)
        codes = quadro.code, score_pad.code
    client = app.test_client()
    optimiser._optimise_frozen.cache_clear()
    cold = timed(client, f"/t/{codes[0]}")
    optimiser._optimise_frozen.cache_clear()
    again = timed(client, f"/t/{codes[0]}")         # cold again, the solver already loaded
    runs = {"score pad final screen (baseline)": [], "Quadropolis final screen (warm)": [],
            "Quadropolis live poll, behind (warm)": []}
    for _ in range(RENDERS):
        if time.monotonic() > DEADLINE:
            break
        runs["score pad final screen (baseline)"].append(timed(client, f"/t/{codes[1]}"))
        runs["Quadropolis final screen (warm)"].append(timed(client, f"/t/{codes[0]}"))
        runs["Quadropolis live poll, behind (warm)"].append(
            timed(client, f"/t/{codes[0]}/live?v=0&view=host&finished=1"))
    base = statistics.median(runs["score pad final screen (baseline)"])
    print(f"{len(events)} events, 4 Expert cities of 20 buildings")
    print(f"Quadropolis final screen, first render (4 optimisations): {cold:.1f} ms "
          f"({cold / base:.1f}x the baseline); again after clearing the plans: {again:.1f} ms "
          f"({again / base:.1f}x)")
    for name, times in runs.items():
        median = statistics.median(times)
        print(f"{name}: median {median:.1f} ms over {len(times)} ({median / base:.1f}x)")


if __name__ == "__main__":
    main()
