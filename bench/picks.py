"""How long does a pick of a move take on a phone, from the tap to the next choice drawn, and how
many requests does it make? Chromium (Debian's, headless, 412×915) with its CPU slowed 4× as a
mid-range phone is (the DevTools protocol's CPU throttling), against a real WSGI server
(waitress) on loopback, on a fresh table of each game.

Each pick is measured REPEATS times (the phone's page opened again between moves, nothing
posted); the baseline, measured in the same run and page, is a tap that changes nothing: the
browser's own floor (the input dispatched and the next frame drawn). Prints the median, the
95th percentile and the slowest of each pick, whether its 95th percentile meets the target
(TARGET_P95_MS at the CPU slowed THROTTLE times), its median's ratio to the baseline and the
requests it made (the live view's long poll included, when one comes due during a pick), then
what each phone's page weighs and the choices it carries. Stops after LIMIT_SECONDS.

    .venv/bin/python bench/picks.py
"""
from __future__ import annotations

import logging
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright
from waitress.server import create_server

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.tables import service  # noqa: E402
from tests.support import make_app  # noqa: E402

CHROMIUM = "/usr/bin/chromium-headless-shell"
REPEATS = 20
LIMIT_SECONDS = 240
THROTTLE = 4
TARGET_P95_MS = 50      # a pick drawn within this, 19 times out of 20, on a mid-range phone
PLAYERS = ["Anna", "Bence"]
DOODLE_SETUP = [*({"type": "start_road", "column": c, "shape": s}
                  for c, s in enumerate(["NS", "EW", "EW", "EW", "NS"], 1)),
                {"type": "roll", "blue": 2, "white": [3, 5, 1]}]

# per game: the table's options and events, then its picks: (name, what is tapped, what shows
# that the next choice is drawn); each pick starts where the one before it ended
GAMES = {
    "doodle-city": ({"sheet": "default", "dice": "physical"}, DOODLE_SETUP, [
        ("the white die", '.doodle-move[data-step="die"] a.die.legal',
         '.doodle-move[data-step="cell"] .sheet-grid a.cell.legal'),
        ("the cell", ".sheet-grid a.cell.legal", ".move-bar form button"),
    ]),
    "calcada": ({}, [], [
        ("the colour", '.colours a[data-colour="blue"]', '.calcada-move[data-step="number"]'),
        ("the number", '.numbers a[data-number="3"]', '.calcada-move[data-step="cell"]'),
        ("the cell", 'svg.calcada-board g[data-cell="5-2"]',
         '.calcada-move[data-step="motif"]'),
    ]),
    "quadropolis": ({}, [{"type": "round", "round": 1}], [
        ("the cell", ".quadro.play .q-board .q-hit a.q-tap",
         "form.q-picker:not([hidden]) button.q-tile:not([hidden])"),
    ]),
    "oddville": ({}, [], [
        ("the spot", 'svg.ov-city-svg g.ov-spot[data-row="0"][data-column="1"]',
         "form.ov-build-sheet:not([hidden])"),
    ]),
}

# the tap in the page itself (so the time is the page's, not the driver's): from the click to
# the frame after the next choice is in the document
TAP = """async ([tap, until]) => {
  const frame = () => new Promise(done => requestAnimationFrame(() => done()));
  const target = tap ? document.querySelector(tap) : document.querySelector("h1, body");
  if (!target) throw new Error("nothing to tap: " + tap);
  const start = performance.now();
  target.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window}));
  if (until) {
    const deadline = start + 10000;
    while (!document.querySelector(until)) {
      if (performance.now() > deadline) throw new Error("never drawn: " + until);
      await frame();
    }
  }
  await frame();
  return performance.now() - start;
}"""


# what the phone's live part weighs, and the choices it carries
SIZES = """async () => ({page: (await (await fetch(location.href)).text()).length,
  choices: Array.from(document.querySelectorAll("[data-choices]"))
    .reduce((n, el) => n + el.getAttribute("data-choices").length, 0)})"""


def p95(times: list[float]) -> float:
    """The 95th percentile (the slowest of fewer than two)."""
    if len(times) < 2:
        return max(times)
    return statistics.quantiles(times, n=20, method="inclusive")[-1]


def seated(page: Page, base: str, code: str, name: str) -> None:
    page.goto(f"{base}/j/{code}")
    page.locator("button.seat", has_text=name).click()
    page.wait_for_url(f"{base}/t/{code}/phone")


def main() -> None:
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)    # its queue notes, not ours
    started = time.monotonic()
    rows: list[tuple[str, list[float], int]] = []
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(Path(folder))
        codes = {}
        with app.app_context():
            for game, (options, events, _picks) in GAMES.items():
                table, _secret = service.create(game, options, PLAYERS, events)
                codes[game] = table.code
        server = create_server(app, host="127.0.0.1", port=0, threads=4)
        threading.Thread(target=server.run, daemon=True).start()
        base = f"http://127.0.0.1:{server.effective_port}"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
            floor: list[float] = []
            sizes: dict[str, dict] = {}
            for game, (_options, _events, picks) in GAMES.items():
                context = browser.new_context(viewport={"width": 412, "height": 915},
                                              is_mobile=True, has_touch=True)
                page = context.new_page()
                seated(page, base, codes[game], "Anna")
                page.context.new_cdp_session(page).send(
                    "Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
                sizes[game] = page.evaluate(SIZES)
                requests: list[str] = []
                page.on("request", lambda request: requests.append(request.url))
                times: dict[str, list[float]] = {name: [] for name, _tap, _until in picks}
                counts: dict[str, int] = {name: 0 for name, _tap, _until in picks}
                for _ in range(REPEATS):
                    if time.monotonic() - started > LIMIT_SECONDS:
                        break
                    page.goto(f"{base}/t/{codes[game]}/phone")
                    page.wait_for_load_state("networkidle")
                    floor.append(page.evaluate(TAP, [None, None]))
                    for name, tap, until in picks:
                        requests.clear()
                        times[name].append(page.evaluate(TAP, [tap, until]))
                        counts[name] += len(requests)
                for name, _tap, _until in picks:
                    if times[name]:
                        rows.append((f"{game}: {name}", times[name],
                                     round(counts[name] / len(times[name]))))
                context.close()
            browser.close()
        server.close()
    baseline = statistics.median(floor)
    print(f"Chromium, CPU slowed {THROTTLE}x, 412x915; up to {REPEATS} moves per game; "
          f"target: p95 < {TARGET_P95_MS} ms")
    print(f"{'pick':28} {'n':>3} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'target':>8} "
          f"{'vs baseline':>12} {'requests':>9}")
    print(f"{'baseline: a tap, one frame':28} {len(floor):3} {baseline:10.1f} {p95(floor):8.1f} "
          f"{max(floor):8.1f} {'':>8} {1:11.1f}x {0:9}")
    for name, times, count in rows:
        median = statistics.median(times)
        met = "met" if p95(times) < TARGET_P95_MS else "NOT met"
        print(f"{name:28} {len(times):3} {median:10.1f} {p95(times):8.1f} {max(times):8.1f} "
              f"{met:>8} {median / baseline:11.1f}x {count:9}")
    print("the phone's page as sent, and the choices it carries (characters):")
    for game, size in sizes.items():
        print(f"  {game:14} {size['page']:8,} {size['choices']:8,}")


if __name__ == "__main__":
    main()
