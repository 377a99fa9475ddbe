"""Is a table the server has not replayed lately (a restart, a table gone from the replays a
process keeps) as fast to show as one it has? For every game, a table of 10 and of 1,000 events,
through the app itself (Flask's test client: the server's own work, no network): the host page
warm (the replay kept: the baseline, measured in the same run) against cold, the replays kept
cleared before each request, resuming from the table's snapshot; and, for comparison, cold with
the snapshot deleted first (the whole log replayed, and the snapshot written again). A log
shorter than SNAPSHOT_EVERY events has no snapshot: cold, it is replayed whole. Then what
an act costs at 1,000 events, with and without the snapshot written in its transaction.

Each log is a whole game of four as bench/cli.py plays it, then turns passed, with an act taken
back (an undo) every 20 events, up to the size. Prints the medians, the cold/warm ratio and
whether it is within 1.5x at 1,000 events ("met" or "NOT met"). Bounded: RUNS requests a figure.

    .venv/bin/python bench/cold.py
"""
from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT.parent))
sys.path.insert(0, str(ROOT))

import cli as games_played  # noqa: E402  (bench/cli.py: a whole game of each)
from sqlalchemy import delete, select  # noqa: E402

from companion import record  # noqa: E402
from companion.extensions import db  # noqa: E402
from companion.games.base import Act, RuleError  # noqa: E402
from companion.models import Snapshot  # noqa: E402
from companion.tables import service  # noqa: E402
from tests.support import make_app  # noqa: E402

PLAYERS = games_played.PLAYERS
SIZES = (10, 1000)
RUNS = 21
ACTS = 150
UNDO_EVERY = 20
TARGET = 1.5
GAMES = {"score-pad": games_played.score_pad, "doodle-city": games_played.doodle_city,
         "calcada": games_played.calcada_game, "oddville": games_played.oddville_game,
         "quadropolis": games_played.quadropolis_game}


def padding(name: str, n: int) -> dict:
    """The n-th turn passed (a score pad has no passes: the n-th points entered, from round 20)."""
    player = PLAYERS[n % len(PLAYERS)]
    if name == "score-pad":
        return {"type": "points", "player": player, "round": 20 + n // len(PLAYERS), "points": n % 9}
    return {"type": "pass", "player": player}


def log(name: str, size: int) -> tuple[dict, list[dict]]:
    """The game's options and a log of ``size`` events: a played game (without its end), turns
    passed, an undo of the latest act still counting every UNDO_EVERY events."""
    played = GAMES[name](random.Random(7))
    game = record.game_of(name)
    options = played["options"]
    run = record.start(game, game.rules.options(options, PLAYERS), PLAYERS)
    moves = [e for e in played["events"] if e["type"] != "end"]
    turn = 0
    while len(run.events) < size:
        if len(run.events) % UNDO_EVERY == UNDO_EVERY - 1:
            latest = run.last_counting(lambda e: e["type"] != "end")
            if latest is not None:
                run = run.then({"type": "undo", "event": latest + 1})
                continue
        if moves:
            event = moves.pop(0)
        else:
            event, turn = padding(name, turn), turn + 1
        try:
            run = run.then(event)
        except RuleError:           # a move the undo made impossible: the turn is passed
            run, turn = run.then(padding(name, turn)), turn + 1
    return options, run.events


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def forget(app) -> None:
    """What a server that has not replayed the table lately lacks."""
    for name in ("table_replays", "table_snapshots", "live_fragments"):
        kept = app.extensions.get(name)
        if kept is not None:
            kept.clear()


def timed(client, path: str) -> float:
    start = time.perf_counter()
    response = client.get(path)
    seconds = time.perf_counter() - start
    assert response.status_code == 200, response.status_code
    return seconds


def measure(app, name: str, size: int) -> dict[str, float]:
    options, events = log(name, size)
    with app.app_context():
        table, secret = service.create(name, options, PLAYERS, events)
        code, table_id = table.code, table.id
    host = app.test_client()
    host.set_cookie(f"tc_host_{code}", secret)
    path = f"/t/{code}"
    timed(host, path)
    warm, cold = [], []
    for _ in range(RUNS):          # in turns: other work on the machine weighs on both alike
        warm.append(timed(host, path))
        forget(app)
        cold.append(timed(host, path))
    from_log = []
    for _ in range(RUNS):
        with app.app_context():
            db.session.execute(delete(Snapshot).where(Snapshot.table_id == table_id))
            db.session.commit()
        forget(app)
        from_log.append(timed(host, path))
    with app.app_context():
        size_kb = len(str(db.session.scalar(select(Snapshot.data)
                                            .where(Snapshot.table_id == table_id)) or "")) / 1000
    return {"warm": median_ms(warm), "cold": median_ms(cold), "log": median_ms(from_log),
            "kb": size_kb}


def acts(app, name: str) -> tuple[float, float, int]:
    """The median act at 1,000 events without a snapshot written, the median act that writes
    one, and how many of the ACTS acts wrote one."""
    options, events = log(name, 1000)
    with app.app_context():
        table, _secret = service.create(name, options, PLAYERS, events)
        code = table.code
        service.replay_of(table)
    plain, writing = [], []
    for n in range(ACTS):
        with app.app_context():
            table = service.find(code)
            covered = app.extensions["table_snapshots"].get(table.id)
            start = time.perf_counter()
            service.append(table, Act(padding(name, 2_000 + n), "host"))
            seconds = time.perf_counter() - start
            wrote = app.extensions["table_snapshots"].get(table.id) != covered
            (writing if wrote else plain).append(seconds)
    return median_ms(plain), median_ms(writing) if writing else 0.0, len(writing)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(Path(folder), RATELIMIT_ENABLED=False)
        print(f"host page, median of {RUNS}: warm (the replay kept) / cold from the snapshot "
              f"(in turns with warm) / cold from the whole log; the snapshot's size")
        verdicts = []
        for name in GAMES:
            for size in SIZES:
                f = measure(app, name, size)
                ratio = f["cold"] / f["warm"]
                verdict = ""
                if size == SIZES[-1]:
                    verdict = "met" if ratio <= TARGET else "NOT met"
                    verdicts.append(verdict)
                print(f"{name:12} {size:5} events: warm {f['warm']:6.1f} ms, cold "
                      f"{f['cold']:6.1f} ms ({ratio:.2f}x warm) {verdict:8} from the log "
                      f"{f['log']:6.1f} ms ({f['log'] / f['warm']:.2f}x); "
                      + (f"{f['kb']:.1f} kB" if f["kb"] else "no snapshot (a short log)"))
        print(f"an act at 1,000 events ({ACTS} passes; a snapshot every "
              f"{service.replays.SNAPSHOT_EVERY} events)")
        for name in GAMES:
            plain, writing, count = acts(app, name)
            print(f"{name:12} act {plain:6.1f} ms; writing the snapshot {writing:6.1f} ms "
                  f"({count} of {ACTS} acts)")
        print(f"target cold/warm <= {TARGET}x at 1,000 events: "
              f"{'met' if all(v == 'met' for v in verdicts) else 'NOT met'}")


if __name__ == "__main__":
    main()
