"""``companion score`` and ``check`` replay a record on its own game's rules: no Flask, no
WTForms, no database, no other game, OR-Tools only when a Quadropolis city is optimised, and
never numpy or pandas (the optimiser reaches CP-SAT through OR-Tools' linear-solver wrapper,
which needs neither). Each command runs in a fresh interpreter, which then lists what it
imported."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from companion import record
from companion.cli import cli
from companion.games.base import RuleError
from companion.games.doodle_city import rules as doodle
from tests.games.calcada.test_web_and_cli import RECORD as CALCADA
from tests.games.doodle_city.test_rules import SETUP, SHEET
from tests.games.oddville.test_example import RECORD as ODDVILLE
from tests.games.quadropolis.test_rules_and_cli import RECORD as QUADROPOLIS
from tests.support import ROOT
from tests.test_cli import RECORD as SCORE_PAD

# the web app's packages; the optimiser's; what CP-SAT's own Python API would load with it
WEB = {"flask", "flask_babel", "flask_wtf", "flask_sqlalchemy", "flask_limiter", "wtforms",
       "sqlalchemy", "werkzeug", "jinja2"}
OPTIMISER = "ortools"
ARRAYS = {"numpy", "pandas"}
PLUGINS = {"score-pad": "score_pad", "doodle-city": "doodle_city", "calcada": "calcada",
           "oddville": "oddville", "quadropolis": "quadropolis"}

# runs the command as the console script does, then prints the top-level packages and the game
# plug-ins it imported, on the last line
PROBE = """
import json, sys
from companion.cli import cli
cli.main(sys.argv[1:], prog_name="companion", standalone_mode=False)
loaded = {m.split(".")[0] for m in sys.modules}
loaded |= {m.split(".")[2] for m in sys.modules if m.startswith("companion.games.")}
print(json.dumps(sorted(loaded)))
"""


def doodle_city_record() -> dict:
    """The start roads, then two rounds: each player draws with the first die that fits."""
    players = ["Anna", "Bence"]
    state = doodle.start(doodle.options({"sheet": SHEET}, players), players)
    events = list(SETUP)
    for event in events:
        state = doodle.apply(state, event)
    for blue in (3, 5):
        white = [1, 2, 4, 5, 6][:doodle.dice_count(state)]
        events.append({"type": "roll", "blue": blue, "white": white})
        state = doodle.apply(state, events[-1])
        for player in players:
            die = doodle.legal_dice(state, player)[0]
            row, column = doodle.targets(state, player, die)[0]
            if state.sheet.cell(row, column) == "house":
                event = {"type": "house", "player": player, "row": row, "column": column,
                         "die": die}
            else:
                event = next(e for shape in ("NS", "EW", "NE", "ES", "SW", "NW")
                             if legal(state, e := {"type": "draw", "player": player, "row": row,
                                                    "column": column, "shape": shape, "die": die}))
            state = doodle.apply(state, event)
            events.append(event)
    return {"format": "table-companion-record", "version": 1, "game": "doodle-city",
            "options": {"sheet": SHEET}, "players": [{"name": p} for p in players],
            "events": events + [{"type": "end"}]}


def legal(state: doodle.State, event: dict) -> bool:
    try:
        doodle.apply(state, event)
    except RuleError:
        return False
    return True


RECORDS = {"score-pad": SCORE_PAD, "doodle-city": doodle_city_record(), "calcada": CALCADA,
           "oddville": ODDVILLE, "quadropolis": QUADROPOLIS}


def run(command: str, data: dict, tmp_path) -> tuple[str, set[str]]:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_INSTANCE": str(tmp_path / "i")}
    done = subprocess.run([sys.executable, "-c", PROBE, command, str(path)], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    *output, modules = done.stdout.splitlines()
    return "\n".join(output), set(json.loads(modules))


@pytest.mark.parametrize("game", list(RECORDS))
@pytest.mark.parametrize("command", ["score", "check"])
def test_a_record_loads_its_own_game_and_nothing_of_the_web_app(game, command, tmp_path):
    output, loaded = run(command, RECORDS[game], tmp_path)
    assert loaded & WEB == set()
    assert loaded & set(PLUGINS.values()) == {PLUGINS[game]}
    # only a Quadropolis score optimises cities; replaying a record never does
    optimised = game == "quadropolis" and command == "score"
    assert (OPTIMISER in loaded) is optimised
    assert loaded & ARRAYS == set()
    if command == "check":
        assert output == "ok"


@pytest.mark.parametrize("game", list(RECORDS))
def test_the_fresh_process_scores_as_the_fully_loaded_app_does(game, tmp_path, app):
    output, loaded = run("score", RECORDS[game], tmp_path)
    assert "flask" not in loaded
    assert json.loads(output) == record.load(RECORDS[game]).result()


def test_the_commands_flask_extensions_and_the_app_add_are_offered_with_the_app(app, runner):
    @app.cli.command("hello")
    def hello():        # as Flask-Migrate adds ``db`` to the app's commands
        from flask import current_app
        print(f"hello from {current_app.import_name}, {len(current_app.blueprints)} blueprints")

    out = runner.invoke(cli, ["hello"])
    assert out.exit_code == 0, out.output
    assert out.output == f"hello from companion, {len(app.blueprints)} blueprints\n"
    listed = runner.invoke(cli, ["--help"]).output
    assert "hello" in listed and "score" in listed and "run" in listed
    limiter = runner.invoke(cli, ["limiter", "--help"])      # an entry point of Flask-Limiter
    assert limiter.exit_code == 0 and "Flask-Limiter" in limiter.output
