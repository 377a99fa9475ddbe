"""Does a screen cost more as the game grows? The host page and the live fragment of a table at
10 events against the same table at 1,000 events, in one run, through the app itself (Flask's
test client: the server's own work, no network).

Each table is an OddVille game of four whose players move workers on the resource board (the
act a long game has most of). Measured for each size: the host page and a phone's live fragment
right after an act (the first screen to ask renders; what every act costs) and asked again at
the same version (every other phone: served from what was rendered). Prints the medians and the
ratio of 1,000 events to 10 events; the target is 1.5x or less. Bounded: ROUNDS acts per size.

    .venv/bin/python bench/render.py
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games import GAMES  # noqa: E402
from companion.games.base import Act
from companion.tables import service  # noqa: E402
from tests.support import make_app  # noqa: E402

PLAYERS = ["Anna", "Bence", "Csilla", "Dani"]
ROUNDS = 30
TARGET = 1.5


def step(n: int) -> dict:
    """The n-th act of the game: a player moves a worker onto or off the resource board."""
    return {"type": "resource_workers", "player": PLAYERS[n % len(PLAYERS)],
            "count": 1 + (n // len(PLAYERS)) % 2}


def table_of(size: int):
    game = GAMES["oddville"]
    options = game.rules.options({}, PLAYERS)
    setup = game.rules.setup_events(options, PLAYERS)
    events = setup + [step(n) for n in range(size - len(setup))]
    table, secret = service.create("oddville", {}, PLAYERS, events)
    return table.code, secret


def measure(app, size: int) -> dict[str, list[float]]:
    with app.app_context():
        code, secret = table_of(size)
    host = app.test_client()
    host.set_cookie(f"tc_host_{code}", secret)
    phone = app.test_client()
    assert phone.post(f"/j/{code}", data={"seat": "0"}).status_code == 303
    times: dict[str, list[float]] = {k: [] for k in (
        "host page, first after an act", "host page, asked again",
        "live fragment, first after an act", "live fragment, asked again")}
    for n in range(ROUNDS):
        with app.app_context():
            table = service.find(code)
            service.append(table, Act(step(size + n), "host"))
            version = table.version
        for kind, client, path in (
                ("host page", host, f"/t/{code}"),
                ("live fragment", phone, f"/t/{code}/live?v={version - 1}&view=phone&finished=0")):
            for when in ("first after an act", "asked again"):
                start = time.perf_counter()
                response = client.get(path)
                times[f"{kind}, {when}"].append(time.perf_counter() - start)
                assert response.status_code == 200, response.status_code
            if kind == "host page":     # the next act: the fragment is first again
                with app.app_context():
                    service.append(service.find(code), Act(step(size + n + ROUNDS), "host"))
                    version = service.find(code).version
    return times


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(Path(folder), RATELIMIT_ENABLED=False)
        small, large = measure(app, 10), measure(app, 1000)
    print(f"OddVille, {len(PLAYERS)} players; {ROUNDS} acts per size; medians in ms")
    print(f"{'request':36} {'10 events':>10} {'1000 events':>12} {'ratio':>7}")
    worst = 0.0
    for name in small:
        a, b = statistics.median(small[name]) * 1000, statistics.median(large[name]) * 1000
        worst = max(worst, b / a) if "first" in name else worst
        print(f"{name:36} {a:10.2f} {b:12.2f} {b / a:6.2f}x")
    print(f"target: 1,000 events within {TARGET}x of 10 events (first render after an act): "
          f"{'met' if worst <= TARGET else 'NOT met'} ({worst:.2f}x)")


if __name__ == "__main__":
    main()
