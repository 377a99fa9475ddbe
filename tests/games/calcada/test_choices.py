"""Calçada's choices of a placement, as a phone carries them (``rules.choices``), against the
core: every path they offer is a placement ``apply`` accepts, and a value they leave out at any
step is refused."""
from __future__ import annotations

import json

from hypothesis import given, strategies as st

from companion.games import choices as choices_
from companion.games.base import RuleError
from companion.games.calcada import rules

from .test_properties import SETTINGS, played
from .test_rules import BOARD, ROWS

DOMAIN = {"colour": list(rules.COLOURS), "number": [str(n) for n in range(1, 16)],
          "cell": [f"{r}-{c}" for r in range(1, 6) for c in range(1, 6)],
          "motif": list(rules.KINDS)}


def placement(player: str, path: dict[str, str]) -> dict:
    row, column = path["cell"].split("-")
    return {"type": "place", "player": player, "colour": path["colour"],
            "number": int(path["number"]), "row": int(row), "column": int(column),
            "motif": path["motif"]}


def test_a_fresh_board_offers_every_colour_and_the_cells_printing_the_number():
    state = rules.start(rules.options({"board": BOARD, "scoring_rows": ROWS}, ["Anna", "Bence"]),
                        ["Anna", "Bence"])
    offered = rules.choices(state, "Anna")
    assert choices_.offered(offered, "colour", {}) == list(rules.COLOURS)
    assert choices_.offered(offered, "cell", {"colour": "blue", "number": "3"}) == \
        ["1-5", "2-3", "3-1", "4-4", "5-2"]         # the cells printing 3
    assert len(choices_.offered(offered, "cell", {"colour": "blue", "number": "9"})) == 25
    assert choices_.offered(offered, "motif", {"colour": "red"}) == list(rules.KINDS)
    assert len(json.dumps(offered)) < 30_000


def test_a_player_without_a_turn_left_is_offered_nothing():
    state = rules.start(rules.options({"board": BOARD, "scoring_rows": ROWS}, ["Anna", "Bence"]),
                        ["Anna", "Bence"])
    assert rules.choices(state, "Dora")["options"]["colour"] == {}


@SETTINGS
@given(played(), st.data())
def test_every_offered_placement_enters_and_every_other_is_refused(game_, data):
    state = data.draw(st.sampled_from(game_.states))
    player = data.draw(st.sampled_from(game_.players))
    offered = rules.choices(state, player)
    paths = list(choices_.paths(offered))
    assert len(json.dumps(offered)) < 30_000
    for path in data.draw(st.lists(st.sampled_from(paths), max_size=20)) if paths else []:
        after = rules.apply(state, placement(player, path))         # accepted: no RuleError
        assert offered["spent"] == ["cell"]                  # a cell placed on: offered no more
        assert not any(path["cell"] in cells for cells in
                       rules.choices(after, player)["options"].get("cell", {}).values())
        # one step's value swapped for one it does not offer there: refused
        step = data.draw(st.sampled_from(list(DOMAIN)))
        picked = {s: path[s] for s in path}
        others = [v for v in DOMAIN[step] if v not in choices_.offered(offered, step, picked)]
        if not others:
            continue
        wrong = {**path, step: data.draw(st.sampled_from(others))}
        if wrong in paths:          # (another step's options let it through after all)
            continue
        try:
            rules.apply(state, placement(player, wrong))
        except RuleError:
            continue
        raise AssertionError(f"not offered, yet entered: {wrong}")
