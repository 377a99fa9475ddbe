"""Doodle City's choices of a move (``rules.choices``): the white die, the cell it points at,
the shape drawn there or "house", and the value a road on a hotel or shop circles; every move
listed enters, nothing next to them does."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from companion.games.base import RuleError
from companion.games.choices import offered, paths
from companion.games.doodle_city import rules
from companion.games.doodle_city.sheet import SHAPES

from ..choices_walk import is_offered, sample, swaps
from .test_properties import SETTINGS, games
from .test_rules import ROLLED, SETUP, draw, replay, roll
from tests.support import examples

CELLS = [f"{r}-{c}" for r in range(1, 6) for c in range(1, 6)]


def event_of(player: str, path: dict[str, str], circle: int | None = None) -> dict:
    """The act a phone posts for a move picked through the choices (the draw or house form),
    naming ``circle`` when given."""
    row, column = map(int, path["cell"].split("-"))
    act = {"player": player, "row": row, "column": column, "die": int(path["die"])}
    if path["shape"] == "house":
        return {"type": "house", **act}
    return {"type": "draw", **act, "shape": path["shape"],
            **({} if circle is None else {"circle": circle})}


def circled(state, player: str) -> int:
    note = state.sheets[player].note
    return note.circled


def test_each_untaken_die_points_at_its_cells_and_a_house_field_takes_only_a_cross():
    state = replay(ROLLED + [draw("Anna", 3, 2, "SW", die=0)])   # blue 2; whites 3 4 6 3 1
    choices = rules.choices(state, "Bence")
    assert [s["name"] for s in choices["steps"]] == ["die", "cell", "shape"]
    options = choices["options"]
    assert options["die"] == {"": ["1", "2", "3", "4"]}          # Anna took the first
    assert options["cell"] == {"1": ["4-2"], "2": ["1-2", "2-2", "3-2", "4-2", "5-2"],
                               "3": ["3-2"], "4": ["1-2"]}
    assert options["shape"]["1|4-2"] == options["shape"]["2|4-2"] == ["house"]
    assert options["shape"]["4|1-2"] == list(SHAPES)
    assert choices["extras"] == [{"name": "circle", "by": ["cell", "shape"]}]
    assert rules.choices(state, "Anna")["options"]["die"] == {}  # Anna has acted this round


def test_nothing_is_offered_before_a_roll():
    assert list(paths(rules.choices(replay(SETUP), "Anna"))) == []


@settings(SETTINGS, max_examples=examples(50))
@given(games(end=False), st.data())
def test_every_move_offered_enters_and_the_moves_next_to_them_are_refused(played, data):
    state = played.states[-1]
    player = data.draw(st.sampled_from(played.players))
    choices = rules.choices(state, player)
    rnd = data.draw(st.randoms(use_true_random=False))
    white = len(state.roll.white) if state.roll else 0
    domains = {"die": range(white), "cell": CELLS, "shape": [*SHAPES, "house"]}
    for path in sample(choices, rnd):
        after = rules.apply(state, event_of(player, path))
        spent = rules.choices(after, player)["options"]     # the die and the cell: used up
        assert choices["spent"] == ["die", "cell"] and spent.get("die", {}) == {}
        assert not any(path["cell"] in cells for cells in spent.get("cell", {}).values())
        circles = [int(v) for v in offered(choices, "circle", path)]
        kind = state.sheet.cell(*map(int, path["cell"].split("-")))
        assert bool(circles) == (kind in ("hotel", "shop") and path["shape"] != "house")
        if circles:                  # the first with none named, each lower one named
            assert circled(after, player) == circles[0]
            assert circles[1:] == sorted(circles[1:], reverse=True) and all(
                v < circles[0] for v in circles[1:])
            for value in circles[1:]:
                assert circled(rules.apply(state, event_of(player, path, value)), player) == value
        track = (state.sheet.hotel_track if kind == "hotel" else state.sheet.shop_track
                 if kind == "shop" else () if path["shape"] == "house" else (3, 4))
        for value in [v for v in track if v not in circles[1:] and v != (circles or [0])[0]]:
            with pytest.raises(RuleError):
                rules.apply(state, event_of(player, path, value))
        for other in swaps(choices, path, domains, rnd):
            with pytest.raises(RuleError):
                rules.apply(state, event_of(player, other))
    if choices["options"]["die"]:
        assert rules.legal_dice(state, player)


def test_a_die_the_choices_leave_out_is_one_the_rules_refuse():
    state = replay(ROLLED + [draw("Anna", 3, 2, "SW", die=0)])
    choices = rules.choices(state, "Bence")
    move = {"die": "0", "cell": "3-2", "shape": "SW"}
    assert not is_offered(choices, move)
    with pytest.raises(RuleError):
        rules.apply(state, event_of("Bence", move))


def test_the_choices_stay_small_even_for_a_roll_of_sixes_at_six_players():
    players = ["Anna", "Bence", "Csilla", "Dani", "Eszter", "Feri"]
    state = replay(SETUP + [roll(6, 6, 6, 6, 6, 6, 6, 6)], players=players)
    size = len(json.dumps(rules.choices(state, "Anna")))
    assert size < 30_000, size


def test_a_road_on_a_hotel_carries_what_it_circles_highest_first_and_a_road_cell_nothing():
    state = replay(ROLLED + [draw("Anna", 3, 2, "SW", die=0)])
    choices = rules.choices(state, "Bence")
    hotels = [cell for cell in choices["options"]["cell"]["2"]
              if state.sheet.cell(*map(int, cell.split("-"))) == "hotel"]
    for cell in choices["options"]["cell"]["2"]:
        row, column = map(int, cell.split("-"))
        for shape in SHAPES:
            found = rules.circle_choices(state, "Bence", row, column, shape)
            expected = ([str(v) for v in found.values] or ["0"]) if found else []
            assert offered(choices, "circle", {"cell": cell, "shape": shape}) == expected
    assert hotels == ["2-2"]
