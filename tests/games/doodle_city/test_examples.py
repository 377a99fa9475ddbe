"""Every worked example of the Doodle City rulebooks (HU, NL/FR), one test each.

Sheet layout and helpers: see test_rules.py (the default layout, passed inline).
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.doodle_city import rules
from companion.games.doodle_city.sheet import load_sheet

from .test_rules import NAMES, SETUP, SHEET, draw, house, replay, start_road, tree


def test_setup_example_a_4_for_column_1_and_then_a_1_for_column_2():
    # "the start player rolled 4: everyone draws the road marked 4 in column 1's house field"
    roads = ["NS", "EW", "NE", "ES", "SW", "NW"]
    sheet = {**SHEET, "houses": [{**h, "roads": roads} for h in SHEET["houses"]]}
    fields = load_sheet(sheet).houses
    events = [start_road(1, fields[0].roads[4 - 1]), start_road(2, fields[1].roads[1 - 1])]
    state = replay(events, sheet=sheet)
    for name in NAMES:
        assert rules.shape_at(state, name, 2, 1) == "ES"
        assert rules.shape_at(state, name, 4, 2) == "NS"


def test_dice_example_three_players_use_four_white_dice():
    assert rules.dice_count(replay([], NAMES[:3])) == 4
    assert rules.dice_count(replay([], NAMES[:1])) == 3          # solo: three white dice


ROW_1 = [draw("Anna", 1, 1, "EW"), draw("Anna", 1, 2, "EW"), draw("Anna", 1, 5, "EW")]
ROW_5 = [draw("Anna", 5, 1, "EW"), draw("Anna", 5, 2, "EW"), draw("Anna", 5, 3, "EW")]


def test_hotel_example_a_road_of_5_circles_5():
    # row 1: (1,1) (1,2) (1,3)=start road EW (1,4)=hotel (1,5)
    state = replay(SETUP + ROW_1 + [draw("Anna", 1, 4, "EW")])
    assert state.sheets["Anna"].note == rules.Note("hotel", 1, 4, measure=5, circled=5)


def test_hotel_example_with_5_taken_circles_3_as_4_is_not_on_the_track():
    # row 5: (5,1) (5,2) (5,3) (5,4)=start road EW (5,5)=hotel, another road of 5
    state = replay(SETUP + ROW_1 + [draw("Anna", 1, 4, "EW")] + ROW_5 + [draw("Anna", 5, 5, "EW")])
    assert state.sheets["Anna"].note == rules.Note("hotel", 5, 5, measure=5, circled=3)
    assert state.sheets["Anna"].hotels == (5, 3)


def test_shop_example_five_houses_with_5_taken_circles_4():
    # fields (2,1) 4/2 and (4,2) 4/2 with one drawn cross: 5 houses on the road of both shops
    first = [house("Anna", 4, 2), draw("Anna", 3, 2, "SW"), draw("Anna", 3, 1, "NE")]
    second = [draw("Anna", 4, 3, "EW"), draw("Anna", 4, 4, "EW")]
    state = replay(SETUP + first + second)
    assert state.sheets["Anna"].note.measure == 5 and state.sheets["Anna"].note.circled == 4
    assert state.sheets["Anna"].shops == (5, 4)


# a shop on a road with 8 houses: both fields (2,1) and (4,2) fully crossed
EIGHT = [house("Anna", 2, 1), house("Anna", 2, 1), house("Anna", 4, 2), house("Anna", 4, 2),
         draw("Anna", 3, 2, "SW"), draw("Anna", 3, 1, "NE")]
# later B's shop (1,2) joins (1,3) too: 8 + 1 printed = 9 houses; B's (3,1) was drawn first
# (then with 2 houses, scoring nothing)
NINE = [draw("Bence", 3, 1, "NE"), house("Bence", 2, 1), house("Bence", 2, 1),
        house("Bence", 4, 2), house("Bence", 4, 2), draw("Bence", 3, 2, "SW"),
        draw("Bence", 1, 1, "ES"), draw("Bence", 1, 2, "EW")]


def test_speed_bonus_example_1_a_scores_8_and_claims_plus_7():
    state = replay(SETUP + EIGHT)
    assert state.sheets["Anna"].note == rules.Note("shop", 3, 1, measure=8, circled=8, bonus=7)
    assert state.claimed == {7: "Anna"}


def test_speed_bonus_example_2_b_later_scores_9_and_as_7_is_gone_claims_plus_5():
    state = replay(SETUP + EIGHT + NINE)
    assert state.sheets["Bence"].note == rules.Note("shop", 1, 2, measure=9, circled=9, bonus=5)
    assert state.claimed == {7: "Anna", 5: "Bence"}
    assert rules.result(state)["players"][1]["breakdown"]["shop_bonuses"] == 5


@pytest.mark.parametrize("crossed, points", [
    ([2, 0, 2, 1], [-4, 4, -4, 0]),      # two players share the most: both lose 4
    ([0, 0, 3, 1], [4, 4, -4, 0]),       # two share the fewest: both gain 4
    ([1, 3], [4, -4]),
    ([2, 2, 2, 2], [0, 0, 0, 0]),        # all tied: each is most and fewest, 0
    ([0, 0], [0, 0]),
])
def test_tree_example_most_lose_4_fewest_gain_4_and_ties_get_the_full_amount(crossed, points):
    players = NAMES[:len(crossed)]
    events = SETUP + [tree(p) for p, n in zip(players, crossed) for _ in range(n)]
    result = rules.result(replay(events, players))
    assert [p["breakdown"]["trees"] for p in result["players"]] == points
    assert [p["details"]["trees_crossed"] for p in result["players"]] == crossed


def test_figure_2_five_connected_taxis_score_5_times_4():
    # (3,2) (4,2)* (4,3) (5,3) (5,4)* (5,5) (4,5) (3,5)* (2,5) (1,5): taxis at (3,2) (4,3) (5,3)
    # (4,5) (1,5); * = start road. The taxi (1,1) stands alone and scores nothing.
    road = [draw("Anna", 3, 2, "SW"), draw("Anna", 4, 3, "SW"), draw("Anna", 5, 3, "NE"),
            draw("Anna", 5, 5, "NW"), draw("Anna", 4, 5, "NS"), draw("Anna", 2, 5, "NS"),
            draw("Anna", 1, 5, "SW"), draw("Anna", 1, 1, "NE")]
    state = replay(SETUP + road)
    assert len(rules.road_cells(state, "Anna", 3, 2)) == 10
    assert rules.result(state)["players"][0]["breakdown"]["taxis"] == 20


@pytest.mark.parametrize("total, title", [
    (0, "Try again"), (29, "Try again"), (30, "Tenant"), (49, "Tenant"), (50, "Landlord"),
    (69, "Landlord"), (70, "Entrepreneur"), (89, "Entrepreneur"), (90, "Mayor"), (104, "Mayor"),
    (105, "President"), (119, "President"), (120, "World power"), (160, "World power")])
def test_solo_table_of_titles_at_its_boundaries(total, title):
    assert rules.solo_title(total) == title


def solo(**mine):
    """A solo table whose sheet holds ``mine`` (scoring only looks at the sheet)."""
    state = replay(SETUP, ["Anna"])
    return rules.result(replace(state, sheets={"Anna": rules.PlayerSheet(**mine)}))["players"][0]


@pytest.mark.parametrize("mine, total, title", [
    ({"hotels": (15, 7, 3), "shops": (4,)}, 29, "Try again"),
    ({"hotels": (15, 12, 3)}, 30, "Tenant")])
def test_solo_title_on_the_result_follows_the_total(mine, total, title):
    player = solo(**mine)
    assert (player["total"], player["details"]["title"]) == (total, title)


@pytest.mark.parametrize("mine, achieved", [
    ({"hotels": (3, 5, 7, 12, 15)}, True), ({"hotels": (5, 7, 12, 15)}, False)])
def test_solo_hotel_magnate_needs_42_hotel_points(mine, achieved):
    assert ("Hotel magnate" in solo(**mine)["details"]["achievements"]) is achieved


@pytest.mark.parametrize("bonuses, achieved", [((10, 7, 5, 3), True), ((10, 7, 5), False)])
def test_solo_capitalist_needs_74_shop_points_bonuses_included(bonuses, achieved):
    player = solo(shops=(4, 5, 6, 7, 8, 9, 10), bonuses=bonuses)
    assert ("Capitalist" in player["details"]["achievements"]) is achieved


@pytest.mark.parametrize("houses, achieved", [(16, True), (15, False)])
def test_solo_shopping_spree_needs_a_shop_scored_with_16_houses(houses, achieved):
    assert ("Shopping spree" in solo(best_shop_houses=houses)["details"]["achievements"]) is achieved


@pytest.mark.parametrize("trees, achieved", [(0, True), (1, False)])
def test_solo_environmentalist_crosses_no_tree(trees, achieved):
    assert ("Environmentalist" in solo(trees=trees)["details"]["achievements"]) is achieved
