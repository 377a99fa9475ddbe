"""How cheap is "nothing new"? Polls against a real WSGI server (waitress) on loopback.

Measures, in one run, the host screen (full page: the baseline), the live fragment when the
phone is behind, and the "nothing new" answer phones get most of the time; prints requests per
second, median latency and each ratio to the baseline. Bounded: REQUESTS per kind, and stops
after LIMIT_SECONDS whatever happens.

    .venv/bin/python bench/poll.py
"""
from __future__ import annotations

import http.client
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from waitress.server import create_server

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.base import Act
from companion.tables import service  # noqa: E402
from tests.support import make_app  # noqa: E402

REQUESTS = 400
LIMIT_SECONDS = 60
PLAYERS = ("Anna", "Bence", "Csilla", "Dani")


def setup(folder: Path):
    app = make_app(folder)
    with app.app_context():
        table, _ = service.create("score-pad", {}, list(PLAYERS))
        for round_ in range(1, 16):
            for player in PLAYERS:
                service.append(table, Act({"type": "points", "player": player, "round": round_,
                                       "points": round_ * 3}, "host"))
        return app, table.code, table.version


def measure(port: int, path: str, deadline: float) -> list[float]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    times = []
    for _ in range(REQUESTS):
        if time.monotonic() > deadline:
            break
        start = time.perf_counter()
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        times.append(time.perf_counter() - start)
        assert response.status in (200, 204), response.status
    connection.close()
    return times


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app, code, version = setup(Path(folder))
        server = create_server(app, host="127.0.0.1", port=0, threads=4)
        port = server.effective_port
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        deadline = time.monotonic() + LIMIT_SECONDS
        kinds = {
            "host screen (baseline)": f"/t/{code}",
            "live fragment, phone behind": f"/t/{code}/live?v=0&view=phone",
            "nothing new (204)": f"/t/{code}/live?v={version}&view=phone",
        }
        measure(port, f"/t/{code}", deadline)       # warm up
        results = {name: measure(port, path, deadline) for name, path in kinds.items()}
        server.close()
    base = statistics.median(results["host screen (baseline)"])
    print(f"{'request':32} {'n':>5} {'median ms':>10} {'req/s':>8} {'vs baseline':>12}")
    for name, times in results.items():
        median = statistics.median(times)
        print(f"{name:32} {len(times):5d} {median * 1000:10.2f} {len(times) / sum(times):8.0f}"
              f" {base / median:11.1f}x")


if __name__ == "__main__":
    main()
