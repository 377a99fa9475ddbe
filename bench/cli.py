"""How long does ``companion score`` / ``companion check`` take, the whole process as a user runs
it? Against a baseline measured in the same run: the interpreter starting and importing json
(``python -c "import json"``). One whole game record per game (a score pad, Doodle City, Calçada,
OddVille, a 4-player Expert Quadropolis game whose score runs the optimiser on 4 full cities),
each command RUNS times, wall clock, the median. Prints each figure, its difference to the
baseline and whether the target is met: 0.3 s beyond the baseline, 0.6 s for a Quadropolis
score (the optimiser loads OR-Tools). Stops after RUNS rounds or LIMIT_SECONDS.

    .venv/bin/python bench/cli.py
"""
from __future__ import annotations

import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion import record  # noqa: E402
from companion.games.base import RuleError  # noqa: E402
from companion.games.calcada import rules as calcada  # noqa: E402
from companion.games.calcada.board import board_json, default_board  # noqa: E402
from companion.games.doodle_city import rules as doodle  # noqa: E402
from companion.games.doodle_city.sheet import default_sheet, sheet_json  # noqa: E402
from companion.games.oddville import rules as oddville  # noqa: E402
from companion.games.quadropolis import rules as quadropolis  # noqa: E402

RUNS = 7
LIMIT_SECONDS = 120
TARGET, OPTIMISER_TARGET = 0.3, 0.6
PLAYERS = ["Anna", "Bence", "Csilla", "Dani"]


def envelope(game: str, options: dict, events: list[dict]) -> dict:
    return {"format": record.FORMAT, "version": record.VERSION, "game": game, "options": options,
            "players": [{"name": p} for p in PLAYERS], "events": events + [{"type": "end"}]}


def score_pad(rnd: random.Random) -> dict:
    """12 rounds, one correction."""
    events = [{"type": "points", "player": p, "round": r, "points": rnd.randint(0, 30)}
              for r in range(1, 13) for p in PLAYERS]
    events.append({**events[5], "points": events[5]["points"] + 1})
    return envelope("score-pad", {"lowest_wins": False}, events)


def doodle_city(rnd: random.Random) -> dict:
    """The app's embedded sheet; 12 rounds, everyone acting with a die that fits."""
    options = {"variant": "standard", "sheet": sheet_json(default_sheet()), "dice": "app",
               "tally": False}
    state = doodle.start(doodle.options(options, PLAYERS), PLAYERS)
    events = [{"type": "start_road", "column": c, "shape": s}
              for c, s in enumerate(["NS", "EW", "EW", "EW", "NS"], 1)]
    for event in events:
        state = doodle.apply(state, event)
    for _ in range(12):
        roll = {"type": "roll", "blue": rnd.randint(1, 6),
                "white": [rnd.randint(1, 6) for _ in range(doodle.dice_count(state))]}
        state = doodle.apply(state, roll)
        events.append(roll)
        for player in PLAYERS:
            event = {"type": "tree", "player": player}
            for die in doodle.legal_dice(state, player):
                row, column = rnd.choice(doodle.targets(state, player, die))
                house = state.sheet.cell(row, column) == "house"
                event = {"type": "house" if house else "draw", "player": player, "row": row,
                         "column": column, "die": die,
                         **({} if house else {"shape": rnd.choice(["NS", "EW", "NE", "ES"])})}
                try:
                    doodle.apply(state, event)
                    break
                except RuleError:
                    event = {"type": "tree", "player": player}
            state = doodle.apply(state, event)
            events.append(event)
    return envelope("doodle-city", options, events)


def calcada_game(rnd: random.Random) -> dict:
    """Placements among the legal cells (half of them going on with a started district) until
    nobody may play any more."""
    options = {"board": board_json(default_board("8"))}
    state = calcada.start(calcada.options(options, PLAYERS), PLAYERS)
    events: list[dict] = []
    while len(events) < 200 and (waiting := calcada.still_to_play(state)):
        player = rnd.choice(waiting)
        number = rnd.choice([None, rnd.randint(1, 5), rnd.randint(6, 15)])
        colours = rnd.sample(calcada.COLOURS, len(calcada.COLOURS))
        spots = next(([(colour, cell) for cell in cells] for colour in colours
                      if (cells := calcada.legal_cells(state, player, colour, number))), [])
        started = [(c, cell) for c, cell in spots
                   if calcada.district_colour(state, player, cell) is not None]
        if not spots and not state.boards[player].bonus_tiles:
            break                       # nobody's turn passes forever: the record ends here
        if not spots:
            event: dict = {"type": "spend_bonus", "player": player}
            state = calcada.apply(state, event)
            events.append(event)
            continue
        colour, (row, column) = rnd.choice(started if started and rnd.random() < 0.5 else spots)
        motif = rnd.choice([m for m in calcada.KINDS if calcada.tiles_left(state, colour, m) > 0])
        event = {"type": "place", "player": player, "row": row, "column": column,
                 "colour": colour, "motif": motif, **({} if number is None else {"number": number})}
        state = calcada.apply(state, event)
        events.append(event)
    return envelope("calcada", options, events)


def oddville_game(rnd: random.Random) -> dict:
    """The setup's workers, then builds (edges as the neighbours require), the Main Square,
    characters and resource workers until a 6th worker is in the city and a few turns more."""
    state = oddville.start({}, PLAYERS)
    events = oddville.setup(PLAYERS)
    for event in events:
        state = oddville.apply(state, event)
    rule_of = [{"rule": "diamond", "points": 4}, {"rule": "per_diamond", "base": 2},
               {"rule": "per_neighbour", "base": 1}, {"rule": "three_per_neighbour"},
               {"rule": "per_column", "base": 1}, {"rule": "shields"},
               {"rule": "per_guild", "base": 2, "guild": "mask"}]
    for turn in range(40):
        player = PLAYERS[turn % len(PLAYERS)]
        if oddville.workers_in_city(state, player) >= oddville.FIGURES:
            continue
        roll = rnd.random()
        if roll < 0.1 and player not in state.square:
            event: dict = {"type": "main_square", "player": player}
        elif roll < 0.2 and oddville.holder(state, "Builder") is None:
            event = {"type": "character", "player": player, "name": "Builder", "points": 3}
        elif roll < 0.3:
            event = {"type": "resource_workers", "player": player,
                     "count": rnd.randint(0, oddville.max_resource_workers(state, player))}
        else:
            row, column = rnd.choice(oddville.free_spots(state))
            wanted = oddville.required_edges(state, row, column)
            event = {"type": "build", "player": player, "row": row, "column": column,
                     "vp": rnd.choice(rule_of), "guild": rnd.choice(oddville.GUILDS),
                     "shield": rnd.randint(0, 3),
                     "edges": "".join(w if w != "?" else rnd.choice("sb") for w in wanted)}
        state = oddville.apply(state, event)
        events.append(event)
    trigger = oddville.trigger(state)
    return {**envelope("oddville", {}, events),
            "events": events + [{"type": "end", **({"trigger": trigger} if trigger else {})}]}


def quadropolis_game(rnd: random.Random) -> dict:
    """Five Expert rounds; every player fills all 20 cells (a few towers and offices get floors):
    scoring it optimises four full cities."""
    state = quadropolis.start({"mode": "expert"}, PLAYERS)
    events = []
    for round_ in range(1, 6):
        events.append({"type": "round", "round": round_})
        state = quadropolis.apply(state, events[-1])
        for player in PLAYERS:
            for _ in range(4 + (round_ == 5)):
                empty = [c for c in quadropolis.mats()["expert"].cells()
                         if c not in state.cities[player]]
                if not empty:
                    break
                tile = rnd.choice([f for f in quadropolis.all_faces(state) if not f.get("mayor")])
                event = quadropolis.build_event(player, rnd.choice(empty), tile)
                state = quadropolis.apply(state, event)
                events.append(event)
    return envelope("quadropolis", {"mode": "expert"}, events)


GAMES = {"score pad": score_pad, "Doodle City": doodle_city, "Calçada": calcada_game,
         "OddVille": oddville_game, "Quadropolis": quadropolis_game}


def companion_command() -> list[str]:
    """The installed console script, as a user runs it."""
    script = shutil.which("companion", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "companion.cli"]


def wall_clock(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          timeout=60)
    elapsed = time.perf_counter() - start
    assert done.returncode == 0, done.stderr.decode()
    return elapsed


def main() -> None:
    deadline = time.monotonic() + LIMIT_SECONDS
    load = os.getloadavg()[0]          # other work on the machine lengthens every figure
    env = {**os.environ, "PYTHONPATH": str(ROOT)}      # this tree's code, as the imports above
    with tempfile.TemporaryDirectory() as folder:
        env["COMPANION_INSTANCE"] = str(Path(folder) / "instance")     # never created
        files = {}
        for name, build in GAMES.items():
            data = build(random.Random(7))
            record.load(data)                   # a valid whole game, or the bench stops here
            files[name] = Path(folder) / f"{name}.json"
            files[name].write_text(json.dumps(data), encoding="utf-8")
            print(f"{name}: {len(data['events'])} events, {files[name].stat().st_size // 1024} kB")
        companion = companion_command()
        cases = {"baseline": [sys.executable, "-c", "import json"]}
        for name, path in files.items():
            for command in ("score", "check"):
                cases[f"{command} {name}"] = [*companion, command, str(path)]
        times: dict[str, list[float]] = {case: [] for case in cases}
        rounds = 0
        while rounds < RUNS and time.monotonic() < deadline:
            for case, command in cases.items():         # interleaved: load hits all alike
                times[case].append(wall_clock(command, env))
            rounds += 1
    base = statistics.median(times["baseline"])
    print(f"{rounds} runs each; median wall clock, whole process; load average "
          f"{load:.1f} before, {os.getloadavg()[0]:.1f} after ({os.cpu_count()} cores)")
    print(f"baseline, python -c 'import json': {base * 1000:.0f} ms")
    met = True
    for case in cases:
        if case == "baseline":
            continue
        median = statistics.median(times[case])
        target = OPTIMISER_TARGET if case == "score Quadropolis" else TARGET
        ok = median - base < target
        met &= ok
        print(f"{case}: {median * 1000:.0f} ms, baseline + {(median - base) * 1000:.0f} ms "
              f"(target + {target * 1000:.0f} ms: {'met' if ok else 'MISSED'})")
    print("every target met" if met else "some target missed")


if __name__ == "__main__":
    main()
