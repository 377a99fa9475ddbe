"""How long does each tap of a Doodle City move wait for the server? Against a real WSGI server
(waitress) on loopback, on a table 12 rounds into a game of four (the page a phone really sees).

A move is three taps: the white die (live view with ?die), the cell (live view with ?cell) and
the road shape (the POST, then the phone's page it redirects to). Each is measured REQUESTS times;
the baseline, measured in the same run, is the "nothing new" answer phones poll with. Prints the
median and 95th percentile of each tap and its ratio to the baseline. Stops after LIMIT_SECONDS.

    .venv/bin/python bench/doodle_move.py
"""
from __future__ import annotations

import http.client
import statistics
import sys
import tempfile
import threading
import time
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

from waitress.server import create_server

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.doodle_city import rules  # noqa: E402
from companion.tables import service  # noqa: E402
from tests.support import make_app  # noqa: E402

REQUESTS = 40
LIMIT_SECONDS = 120
PLAYERS = ["Anna", "Bence", "Csilla", "Dani"]
SETUP = [{"type": "start_road", "column": c, "shape": s}
         for c, s in enumerate(["NS", "EW", "EW", "EW", "NS"], 1)]


def played_rounds(count: int) -> list[dict]:
    """``count`` rounds where everyone acts with the first die that fits (a realistic log)."""
    state = rules.start(rules.options({"sheet": "default"}, PLAYERS), PLAYERS)
    events = list(SETUP)
    for event in events:
        state = rules.apply(state, event)
    for round_ in range(count):
        roll = {"type": "roll", "blue": round_ % 5 + 1,
                "white": [(round_ + k) % 5 + 1 for k in range(5)]}
        state = rules.apply(state, roll)
        events.append(roll)
        for player in PLAYERS:
            dice = rules.legal_dice(state, player)
            if dice:
                row, column = rules.targets(state, player, dice[0])[0]
                kind = "house" if state.sheet.cell(row, column) == "house" else "draw"
                event = {"type": kind, "player": player, "row": row, "column": column,
                         "die": dice[0], **({"shape": "EW"} if kind == "draw" else {})}
            else:
                event = {"type": "tree", "player": player}
            state = rules.apply(state, event)
            events.append(event)
    last = {"type": "roll", "blue": 2, "white": [3, 5, 1, 4, 2]}
    return events + [last]


def timed(connection, method: str, path: str, headers: dict, body: str = "") -> tuple[float, int]:
    start = time.perf_counter()
    connection.request(method, path, body=body or None, headers=headers)
    response = connection.getresponse()
    response.read()
    return time.perf_counter() - start, response.status


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(Path(folder))
        with app.app_context():
            table, _ = service.create("doodle-city", {"sheet": "default", "dice": "physical"},
                                      PLAYERS, played_rounds(12))
            code, version = table.code, table.version
            state = service.replay_of(table).state
        server = create_server(app, host="127.0.0.1", port=0, threads=4)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        port = server.effective_port
        deadline = time.monotonic() + LIMIT_SECONDS
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        # Dani takes a seat (the last to act in this round): his phone's cookie
        connection.request("POST", f"/j/{code}", body="seat=3",
                           headers={"Content-Type": "application/x-www-form-urlencoded"})
        answer = connection.getresponse()
        answer.read()
        cookie = SimpleCookie(answer.headers["Set-Cookie"])
        headers = {"Cookie": "; ".join(f"{k}={v.value}" for k, v in cookie.items())}
        die = rules.legal_dice(state, "Dani")[0]
        row, column = rules.targets(state, "Dani", die)[0]
        live = f"/t/{code}/live?" + urlencode({"view": "phone", "finished": 0})
        taps = {
            "baseline: nothing new (204)": ("GET", f"/t/{code}/live?v={version + 1}&view=phone"),
            "tap 1: the die (live view)": ("GET", f"{live}&die={die}"),
            "tap 2: the cell (live view)": ("GET", f"{live}&die={die}&cell={row}-{column}"),
            "tap 3: the page after a move": ("GET", f"/t/{code}/phone"),
        }
        results: dict[str, list[float]] = {name: [] for name in taps}
        for _ in range(REQUESTS):
            if time.monotonic() > deadline:
                break
            for name, (method, path) in taps.items():
                seconds, status = timed(connection, method, path, headers)
                assert status in (200, 204), (name, status)
                results[name].append(seconds)
        # the move itself, posted once for real (it changes the table; its page is timed above)
        post = urlencode({"draw-die": die, "draw-row": row, "draw-column": column,
                          "draw-shape": "EW"}) if state.sheet.cell(row, column) != "house" else \
            urlencode({"house-die": die, "house-row": row, "house-column": column})
        form = "draw" if "draw-" in post else "house"
        seconds, status = timed(connection, "POST", f"/t/{code}/act/{form}",
                                {**headers, "Content-Type": "application/x-www-form-urlencoded"}, post)
        assert status == 303, status
        connection.close()      # (the server thread is a daemon: it ends with the run)
    base = statistics.median(results["baseline: nothing new (204)"])
    print(f"table: 4 players, {len(played_rounds(12))} events; {REQUESTS} requests per kind")
    print(f"{'request':32} {'median ms':>10} {'p95 ms':>8} {'vs baseline':>12}")
    for name, times in results.items():
        times.sort()
        median, p95 = statistics.median(times), times[int(len(times) * 0.95) - 1]
        print(f"{name:32} {median * 1000:10.1f} {p95 * 1000:8.1f} {median / base:11.1f}x")
    print(f"{'tap 3: the move (POST, once)':32} {seconds * 1000:10.1f}")


if __name__ == "__main__":
    main()
