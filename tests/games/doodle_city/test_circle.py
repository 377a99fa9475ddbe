"""Circling a lower value: "circle this number, or a lower available one" (HU, FR rulebooks).

The highest free value that fits is the default; a draw may name another free one with
``circle``. Layout and helpers: see test_rules.py.
"""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from companion import record
from companion.cli import cli
from companion.games.base import RuleError
from companion.games.doodle_city import rules

from .test_examples import EIGHT, ROW_1
from .test_rules import NAMES, SETUP, SHEET, draw, replay


def circled(event, value):
    return {**event, "circle": value}


HOTEL_ON_5 = draw("Anna", 1, 4, "EW")       # row 1 makes a road of 5 through the hotel (1,4)


def test_a_road_of_5_may_circle_3_instead_of_5():
    state = replay(SETUP + ROW_1 + [circled(HOTEL_ON_5, 3)])
    assert state.sheets["Anna"].hotels == (3,)
    assert state.sheets["Anna"].note == rules.Note("hotel", 1, 4, measure=5, circled=3)
    assert rules.result(state)["players"][0]["breakdown"]["hotels"] == 3


def test_naming_the_highest_is_the_same_as_naming_nothing():
    assert replay(SETUP + ROW_1 + [circled(HOTEL_ON_5, 5)]) == replay(SETUP + ROW_1 + [HOTEL_ON_5])


def test_the_phone_is_offered_every_free_value_the_road_reaches_highest_first():
    state = replay(SETUP + ROW_1)
    choice = rules.circle_choices(state, "Anna", 1, 4, "EW")
    assert choice == rules.Circle("hotel", 5, (5, 3))
    assert rules.circle_choices(state, "Anna", 1, 4, "NS").values == ()      # a road of 1
    assert rules.circle_choices(state, "Anna", 1, 1, "EW") is None           # a taxi circles nothing


@pytest.mark.parametrize("value, message", [
    (7, "A road of 5 lets this hotel circle 5, 3, not 7."),        # above the road's length
    (4, "A road of 5 lets this hotel circle 5, 3, not 4."),        # not on the track
    ("3", "A road of 5 lets this hotel circle 5, 3, not 3."),      # not a whole number
])
def test_a_circle_above_the_figure_or_off_the_track_is_refused(value, message):
    with pytest.raises(RuleError) as refused:
        replay(SETUP + ROW_1 + [circled(HOTEL_ON_5, value)])
    assert str(refused.value) == message


def test_a_value_already_circled_cannot_be_circled_again():
    row_5 = [draw("Anna", 5, 1, "EW"), draw("Anna", 5, 2, "EW"), draw("Anna", 5, 3, "EW")]
    events = SETUP + ROW_1 + [circled(HOTEL_ON_5, 3)] + row_5
    with pytest.raises(RuleError, match="circle 5, not 3"):
        replay(events + [circled(draw("Anna", 5, 5, "EW"), 3)])


def test_a_taxi_circles_nothing():
    with pytest.raises(RuleError, match="Only a hotel or a shop circles a value"):
        replay(SETUP + [circled(draw("Anna", 1, 1, "EW"), 3)])


# one road through every cell, the hotel (1,4) drawn last (start roads as in SETUP); the other
# hotels on the way circle what their road had then
SNAKE = [((1, 1), "NS"), ((3, 1), "NS"), ((4, 1), "NS"), ((5, 1), "NE"), ((5, 2), "EW"),
         ((5, 3), "EW"), ((5, 5), "NW"), ((4, 5), "NS"), ((2, 5), "NS"), ((1, 5), "SW"),
         ((2, 4), "NS"), ((3, 4), "NS"), ((4, 4), "NW"), ((4, 3), "EW"), ((3, 2), "ES"),
         ((3, 3), "NW"), ((2, 3), "SW"), ((2, 2), "NE"), ((1, 2), "ES")]


def test_circling_lower_keeps_away_from_the_top_value_that_ends_the_game():
    road = [draw("Anna", r, c, shape) for (r, c), shape in SNAKE]
    top = replay(SETUP + road + [draw("Anna", 1, 4, "ES")])
    lower = replay(SETUP + road + [circled(draw("Anna", 1, 4, "ES"), 12)])
    assert top.sheets["Anna"].note.measure == 25
    assert top.end_triggered and top.sheets["Anna"].hotels[-1] == 15
    assert not lower.end_triggered and lower.sheets["Anna"].hotels[-1] == 12


def test_the_speed_bonus_follows_the_value_circled():
    # 8 houses on the road: circling 8 claims +7; circling 6 instead claims +5
    lower = EIGHT[:-1] + [circled(EIGHT[-1], 6)]
    state = replay(SETUP + lower)
    assert state.sheets["Anna"].note == rules.Note("shop", 3, 1, measure=8, circled=6, bonus=5)
    assert state.claimed == {5: "Anna"}
    assert rules.result(state)["players"][0]["breakdown"]["shop_bonuses"] == 5


def test_companion_score_honours_the_circle(tmp_path):
    data = {"format": "table-companion-record", "version": 1, "game": "doodle-city",
            "options": {"sheet": SHEET}, "players": [{"name": n} for n in NAMES[:2]],
            "events": SETUP + ROW_1 + [circled(HOTEL_ON_5, 3)]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    out = CliRunner().invoke(cli, ["score", str(path)])
    assert out.exit_code == 0, out.output
    anna = json.loads(out.output)["players"][0]
    assert anna["breakdown"]["hotels"] == 3 and anna["details"]["hotel_circled"] == [3]
    bad = {**data, "events": SETUP + ROW_1 + [circled(HOTEL_ON_5, 7)]}
    path.write_text(json.dumps(bad))
    out = CliRunner().invoke(cli, ["score", str(path)])
    assert out.exit_code == 2
    assert f"event {len(bad['events'])} (draw): A road of 5 lets this hotel circle 5, 3, not 7." in out.output
    assert record.load(data).result()["players"][0]["total"] == anna["total"]
