"""What does a result card cost? For each game's finished example (bench/finished.json: the
records the tests use, tests/tables/test_share.py's FINISHED; the score pad's is 12 players
with long names), in one run through the app itself (Flask's test client, no network, on a
fresh SQLite database set up as bench/harness.py's prepare() does): scoring the game once
(``result()`` on a fresh replay of its record: the baseline), drawing the card alone (Pillow,
fonts loaded), and the whole ``GET /t/<code>/card.png`` (a fresh address each time: no 304).
Prints the medians and the card's cost against the baseline. Bounded: ROUNDS of each per game.
Needs only the app's own dependencies.

    .venv/bin/python bench/card.py
    .venv/bin/python bench/card.py --write-examples     (bench/finished.json again from the
                                                          tests' examples: needs the test extras)
"""
from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from companion import record  # noqa: E402
from harness import installed  # noqa: E402
from companion.tables import card, service  # noqa: E402
from companion.tables.share import result_card  # noqa: E402

ROUNDS = 20
EXAMPLES = Path(__file__).resolve().parent / "finished.json"


def make_app(folder: Path):
    """The app on a fresh SQLite database in ``folder`` (an instance as a real install has:
    the database and a secret key; nothing switched off)."""
    installed(folder, "card.sqlite")
    from companion import create_app
    from companion.extensions import db

    app = create_app()
    with app.app_context():
        db.create_all()
    return app


def write_examples() -> None:
    from tests.tables.test_share import FINISHED

    lines = [f"{json.dumps(name)}: {json.dumps(data, ensure_ascii=False, separators=(',', ':'))}"
             for name, data in FINISHED.items()]
    EXAMPLES.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def measure(app, name: str, data: dict) -> dict[str, float]:
    players = [p["name"] for p in data["players"]]
    with app.app_context():
        table, _secret = service.create(data["game"], data["options"], players, data["events"])
        code = table.code
    client = app.test_client()
    fonts = app.static_folder + "/fonts"
    scoring = [timed(lambda: record.load(data).result()) for _ in range(ROUNDS)]
    with app.test_request_context(f"/t/{code}/card.png"):
        table = service.find(code)
        replay = service.replay_of(table)
        content = result_card(table, replay, replay.result())
        drawing = [timed(lambda: card.render(content, fonts)) for _ in range(ROUNDS)]
    size = 0
    requests = []
    for n in range(ROUNDS):
        start = time.perf_counter()
        response = client.get(f"/t/{code}/card.png?n={n}")
        requests.append(time.perf_counter() - start)
        assert response.status_code == 200, response.status_code
        size = len(response.data)
    return {"result()": median_ms(scoring), "draw": median_ms(drawing),
            "GET card.png": median_ms(requests), "bytes": size}


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(Path(folder))
        finished = json.loads(EXAMPLES.read_text(encoding="utf-8"))
        print(f"{ROUNDS} rounds each; medians in ms")
        print(f"{'game':<12} {'players':>7} {'result() (baseline)':>20} {'draw card':>10} "
              f"{'GET card.png':>13} {'PNG size':>9}  card vs result()")
        for name, data in finished.items():
            figures = measure(app, name, data)
            ratio = figures["GET card.png"] / figures["result()"]
            print(f"{name:<12} {len(data['players']):>7} {figures['result()']:>20.2f} "
                  f"{figures['draw']:>10.1f} {figures['GET card.png']:>13.1f} "
                  f"{figures['bytes'] / 1000:>7.1f} kB  {ratio:.1f}×")


if __name__ == "__main__":
    if sys.argv[1:] == ["--write-examples"]:
        write_examples()
    else:
        main()
