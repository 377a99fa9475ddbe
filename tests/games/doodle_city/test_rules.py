"""Doodle City rules, read like the record contract's doodle-city section.

The default sheet's layout (rows top to bottom; H = house field: total/printed crossed):

        c1      c2      c3      c4      c5
  r1   taxi    shop    H 3/1   hotel   taxi
  r2   H 4/2   hotel   shop    taxi    shop
  r3   shop    taxi    hotel   shop    H 3/1
  r4   hotel   H 4/2   taxi    shop    taxi
  r5   taxi    shop    taxi    H 3/1   hotel

The tests pass that layout inline (SHEET), so a later correction of default.json cannot move them.
"""
from __future__ import annotations

import copy

import pytest

from companion.games.base import RuleError
from companion.games.doodle_city import rules
from companion.games.doodle_city.sheet import default_sheet, sheet_json

NAMES = ["Anna", "Bence", "Csilla", "Dani"]
SHEET = {
    "grid": [["taxi", "shop", "house", "hotel", "taxi"],
             ["house", "hotel", "shop", "taxi", "shop"],
             ["shop", "taxi", "hotel", "shop", "house"],
             ["hotel", "house", "taxi", "shop", "taxi"],
             ["taxi", "shop", "taxi", "house", "hotel"]],
    "houses": [{"row": 2, "column": 1, "total": 4, "crossed": 2},
               {"row": 4, "column": 2, "total": 4, "crossed": 2},
               {"row": 1, "column": 3, "total": 3, "crossed": 1},
               {"row": 5, "column": 4, "total": 3, "crossed": 1},
               {"row": 3, "column": 5, "total": 3, "crossed": 1}],
    "hotel_track": [3, 5, 7, 12, 15], "shop_track": [4, 5, 6, 7, 8, 9, 10], "trees": 7}


def start_road(column, shape):
    return {"type": "start_road", "column": column, "shape": shape}


def roll(blue, *white):
    return {"type": "roll", "blue": blue, "white": list(white)}


def draw(player, row, column, shape, die=None):
    event = {"type": "draw", "player": player, "row": row, "column": column, "shape": shape}
    return event if die is None else {**event, "die": die}


def house(player, row, column, die=None):
    event = {"type": "house", "player": player, "row": row, "column": column}
    return event if die is None else {**event, "die": die}


def tree(player):
    return {"type": "tree", "player": player}


# (2,1) NS: (1,1)-(3,1); (4,2) NE: (3,2)-(4,3); (1,3) EW: (1,2)-(1,4); (5,4) EW; (3,5) NS
SETUP = [start_road(1, "SN"), start_road(2, "EN"), start_road(3, "WE"), start_road(4, "EW"),
         start_road(5, "NS")]


def replay(events, players=NAMES, **options):
    """Fold the events through the rules, as the platform does (without undo)."""
    state = rules.start(rules.options({"sheet": SHEET, **options}, players), players)
    for event in events:
        state = rules.apply(state, event)
    return state


def refused(state, event, reason):
    """The rules refuse ``event`` with ``reason`` and leave ``state`` as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(RuleError) as error:
        rules.apply(state, event)
    assert reason in str(error.value)
    assert state == before
    return error.value


# --- options ----------------------------------------------------------------------------------

def test_options_default_to_the_standard_variant_on_the_default_sheet():
    assert rules.options({}, NAMES) == {"variant": "standard", "sheet": "default"}
    assert rules.sheet_of(rules.options({}, NAMES)) == default_sheet()


def test_options_keep_the_sheet_as_given_and_extra_keys():
    opts = rules.options({"sheet": SHEET, "variant": "more-control", "dice": "physical",
                          "tally": True, "note": "x"}, NAMES)
    assert opts["sheet"] is SHEET and opts["dice"] == "physical" and opts["note"] == "x"
    assert rules.sheet_of(opts).grid[0] == tuple(SHEET["grid"][0])
    assert rules.options({"sheet": "default"}, NAMES)["sheet"] == "default"


@pytest.mark.parametrize("raw, players, reason", [
    ({"variant": "easy"}, NAMES, "variant must be"),
    ({"sheet": "mine"}, NAMES, 'sheet must be "default" or a sheet definition'),
    ({"sheet": {**SHEET, "trees": 8}}, NAMES, "A sheet has 7 trees"),
    ({"dice": "cup"}, NAMES, 'dice option must be "app" or "physical"'),
    ({"tally": "yes"}, NAMES, "tally option must be true or false"),
    ({}, [], "played by 1 to 6 players"),
    ({}, [f"P{i}" for i in range(7)], "played by 1 to 6 players"),
])
def test_bad_options_are_refused(raw, players, reason):
    with pytest.raises(RuleError, match=reason):
        rules.options(raw, players)


def test_an_inline_sheet_in_its_json_form_with_name_and_mark_is_accepted():
    data = sheet_json(default_sheet())
    assert rules.sheet_of(rules.options({"sheet": data}, NAMES)) == default_sheet()


# --- setup: the start roads -------------------------------------------------------------------

def test_start_roads_are_the_same_on_every_sheet_and_named_in_any_letter_order():
    state = replay(SETUP)
    assert state.start_roads == {1: "NS", 2: "NE", 3: "EW", 4: "EW", 5: "NS"}
    for name in NAMES:
        assert rules.shape_at(state, name, 2, 1) == "NS"
        assert rules.shape_at(state, name, 4, 2) == "NE"
        assert rules.road_cells(state, name, 4, 2) == {(4, 2)}


def test_a_column_gets_one_start_road_only():
    refused(replay(SETUP[:2]), start_road(2, "NS"), "Column 2 already has its start road (NE)")


@pytest.mark.parametrize("event, reason", [
    (start_road(0, "NS"), "column must be 1 to 5"),
    (start_road(6, "NS"), "column must be 1 to 5"),
    (start_road("1", "NS"), "column must be 1 to 5"),
    (start_road(3, "NN"), "is not a road shape"),
])
def test_a_bad_start_road_is_refused(event, reason):
    refused(replay(SETUP[:2]), event, reason)


def test_play_needs_the_five_start_roads_first():
    state = replay(SETUP[:4])
    refused(state, roll(1, 1, 2, 3, 4, 5), "five start roads before the first roll")
    refused(state, draw("Anna", 1, 1, "NS"), "five start roads before anyone plays")
    refused(state, tree("Anna"), "five start roads before anyone plays")
    assert rules.targets(state, "Anna", None) == []
    assert not rules.can_cross_tree(state, "Anna")


def test_no_start_road_once_play_has_begun():
    refused(replay(SETUP + [roll(1, 1, 2, 3, 4, 5)]), start_road(1, "EW"), "during setup")
    refused(replay(SETUP + [tree("Anna")]), start_road(1, "EW"), "during setup")


# --- rolls, rounds, start player ----------------------------------------------------------------

@pytest.mark.parametrize("players, dice", [(1, 3), (2, 3), (3, 4), (4, 5), (6, 7)])
def test_one_white_die_more_than_players_and_three_alone(players, dice):
    assert rules.dice_count(replay([], NAMES[:players] if players <= 4 else
                                   [f"P{i}" for i in range(players)])) == dice


@pytest.mark.parametrize("event, reason", [
    (roll(7, 1, 2, 3, 4, 5), "blue die must show 1 to 6"),
    (roll(True, 1, 2, 3, 4, 5), "blue die must show 1 to 6"),
    (roll(1, 1, 2, 3, 4), "Roll 5 white dice, each showing 1 to 6"),
    (roll(1, 1, 2, 3, 4, 5, 6), "Roll 5 white dice"),
    (roll(1, 0, 2, 3, 4, 5), "Roll 5 white dice"),
    ({"type": "roll", "blue": 1, "white": "12345"}, "Roll 5 white dice"),
])
def test_a_bad_roll_is_refused(event, reason):
    refused(replay(SETUP), event, reason)


def test_each_roll_starts_the_next_round_with_the_next_start_player():
    state = replay(SETUP)
    assert (state.round, rules.start_player(state)) == (0, "Anna")
    for expected in ["Anna", "Bence", "Csilla", "Dani", "Anna"]:
        state = rules.apply(state, roll(1, 1, 2, 3, 4, 5))
        assert rules.start_player(state) == expected
    assert state.round == 5


def test_a_roll_resets_the_dice_and_acts_even_if_the_round_was_not_complete():
    state = replay(SETUP + [roll(1, 1, 2, 3, 4, 5), draw("Anna", 1, 1, "ES", die=0)])
    assert state.taken == {0: "Anna"} and state.acted == {"Anna"}
    assert not rules.round_complete(state)
    state = rules.apply(state, roll(2, 3, 3, 3, 3, 3))
    assert (state.taken, state.acted, state.roll) == ({}, frozenset(), rules.Roll(2, (3, 3, 3, 3, 3)))


def test_the_round_is_complete_when_everyone_has_acted():
    state = replay(SETUP + [roll(1, 1, 1, 3, 4, 5)] + [draw(p, 1, 1, "ES") for p in NAMES[:3]])
    assert not rules.round_complete(state)
    assert rules.round_complete(rules.apply(state, draw("Dani", 1, 1, "ES", die=1)))
    assert not rules.round_complete(replay(SETUP))


# --- dice legality ---------------------------------------------------------------------------

ROLLED = SETUP + [roll(2, 3, 4, 6, 3, 1)]   # blue 2: (3,2) taxi, (4,2) house, (1,2) shop


def test_the_dice_point_at_row_white_and_column_blue():
    state = replay(ROLLED)
    assert rules.targets(state, "Anna", 0) == [(3, 2)]
    assert rules.targets(state, "Anna", 1) == [(4, 2)]
    assert rules.targets(state, "Anna", 2) == [(r, 2) for r in range(1, 6)]   # white 6
    assert rules.legal_dice(state, "Anna") == [0, 1, 2, 3, 4]
    state = rules.apply(state, draw("Anna", 3, 2, "SW", die=0))
    assert state.sheets["Anna"].roads == {(3, 2): "SW"}
    refused(state, draw("Bence", 3, 3, "SW", die=3), "blue die shows 2: everyone acts in column 2")
    refused(state, draw("Bence", 2, 2, "SW", die=3), "That white die shows 3: it gives row 3")


def test_a_taken_die_cannot_be_taken_again_this_round():
    state = replay(ROLLED + [draw("Anna", 3, 2, "SW", die=0)])
    assert rules.targets(state, "Bence", 0) == []
    assert 0 not in rules.legal_dice(state, "Bence")
    refused(state, draw("Bence", 3, 2, "SW", die=0), "Anna already took that white die (3)")


@pytest.mark.parametrize("die, reason", [
    (5, "no white die number 6"), (-1, "no white die number 0"),
    ("0", "its position in this roll"), (True, "its position in this roll")])
def test_a_die_the_roll_does_not_have_is_refused(die, reason):
    refused(replay(ROLLED), draw("Anna", 3, 2, "SW", die=die), reason)


def test_no_die_can_be_taken_before_a_roll():
    refused(replay(SETUP), draw("Anna", 3, 2, "SW", die=0), "No dice have been rolled yet")


def test_a_die_pointing_at_a_drawn_cell_is_not_legal():
    state = replay(SETUP + [draw("Anna", 3, 2, "SW"), roll(2, 3, 3, 3, 3, 4)])
    assert rules.legal_dice(state, "Anna") == [4]
    assert rules.legal_dice(state, "Bence") == [0, 1, 2, 3, 4]
    refused(state, draw("Anna", 3, 2, "NS", die=0), "Row 3, column 2 already has a road")


def test_blue_6_lets_each_player_choose_the_column():
    state = replay(SETUP + [roll(6, 1, 2, 3, 4, 5)])
    assert rules.targets(state, "Anna", 0) == [(1, c) for c in range(1, 6)]
    state = rules.apply(state, draw("Anna", 1, 4, "EW", die=0))
    state = rules.apply(state, draw("Bence", 3, 1, "EW", die=2))
    assert state.sheets["Anna"].roads == {(1, 4): "EW"} and state.sheets["Bence"].roads == {(3, 1): "EW"}
    refused(state, draw("Csilla", 3, 1, "EW", die=1), "That white die shows 2: it gives row 2")


def test_white_6_crosses_a_tree_and_lets_the_player_choose_the_row():
    state = replay(SETUP + [roll(3, 6, 1, 1, 1, 1), draw("Anna", 4, 3, "EW", die=0)])
    mine = state.sheets["Anna"]
    assert mine.trees == 1 and mine.note.tree and mine.roads == {(4, 3): "EW"}
    refused(replay(SETUP + [roll(3, 6, 1, 1, 1, 1)]), draw("Anna", 4, 4, "EW", die=0),
            "blue die shows 3")


def test_white_6_on_a_house_field_crosses_a_house_and_a_tree():
    state = replay(SETUP + [roll(3, 6, 1, 1, 1, 1), house("Anna", 1, 3, die=0)])
    assert state.sheets["Anna"].crosses == {(1, 3): 1} and state.sheets["Anna"].trees == 1


def test_both_6_let_the_player_choose_any_cell():
    state = replay(SETUP + [roll(6, 6, 1, 1, 1, 1)])
    assert len(rules.targets(state, "Anna", 0)) == 25
    state = rules.apply(state, draw("Anna", 5, 5, "NW", die=0))
    assert state.sheets["Anna"].trees == 1 and state.taken == {0: "Anna"}


def test_targets_without_a_die_are_every_cell_the_player_can_act_on():
    state = replay(SETUP + [draw("Anna", 1, 1, "ES"), house("Anna", 2, 1), house("Anna", 2, 1)])
    cells = rules.targets(state, "Anna", None)
    assert len(cells) == 23 and (1, 1) not in cells and (2, 1) not in cells and (1, 3) in cells


# --- once per round, trees ---------------------------------------------------------------------

def test_after_a_roll_each_player_acts_once_until_the_next_roll():
    state = replay(ROLLED + [draw("Anna", 3, 2, "SW", die=0)])
    assert not rules.may_act(state, "Anna") and rules.may_act(state, "Bence")
    assert rules.targets(state, "Anna", 1) == [] and rules.legal_dice(state, "Anna") == []
    assert not rules.can_cross_tree(state, "Anna")
    refused(state, house("Anna", 4, 2, die=1), "Anna has already acted this round")
    refused(state, draw("Anna", 5, 5, "NS"), "Anna has already acted this round")
    refused(state, tree("Anna"), "Anna has already acted this round")
    assert rules.may_act(rules.apply(state, roll(1, 1, 1, 1, 1, 1)), "Anna")


def test_an_act_without_a_die_after_a_roll_still_counts_as_the_players_act():
    state = replay(ROLLED + [draw("Anna", 5, 5, "NS")])
    assert state.acted == {"Anna"} and state.taken == {}
    refused(state, draw("Anna", 3, 2, "SW", die=0), "already acted")


def test_before_the_first_roll_acts_are_not_tied_to_dice_nor_limited():
    state = replay(SETUP + [draw("Anna", 1, 1, "ES"), draw("Anna", 1, 2, "EW"), tree("Anna"),
                            house("Anna", 2, 1)])
    assert state.round == 0 and state.acted == frozenset() and rules.may_act(state, "Anna")
    assert state.sheets["Anna"].trees == 1


def test_in_the_standard_variant_a_tree_only_when_no_die_fits():
    state = replay(SETUP + [draw("Bence", 3, 2, "SW"), roll(2, 3, 3, 3, 3, 4)])
    refused(state, tree("Bence"), "Bence can still act with a white die (4)")
    state = rules.apply(state, house("Anna", 4, 2, die=4))
    assert rules.legal_dice(state, "Bence") == [] and rules.can_cross_tree(state, "Bence")
    state = rules.apply(state, tree("Bence"))
    assert state.sheets["Bence"].trees == 1 and state.acted == {"Anna", "Bence"}
    assert state.sheets["Bence"].note == rules.Note("tree", None, None, tree=True)


def test_in_more_control_a_tree_is_always_a_choice():
    state = replay(SETUP + [roll(2, 3, 3, 3, 3, 4)], variant="more-control")
    assert rules.legal_dice(state, "Bence") and rules.can_cross_tree(state, "Bence")
    assert rules.apply(state, tree("Bence")).sheets["Bence"].trees == 1


def test_a_tree_before_any_roll_is_allowed_for_paper_tables():
    assert rules.can_cross_tree(replay(SETUP), "Anna")
    assert replay(SETUP + [tree("Anna")]).sheets["Anna"].trees == 1


def test_with_every_tree_crossed_a_tree_is_a_pass_that_crosses_nothing():
    state = replay(SETUP + [tree("Anna")] * 8)
    assert state.sheets["Anna"].trees == 7 and state.sheets["Anna"].note.tree is False
    state = replay(SETUP + [tree("Anna")] * 7 + [roll(3, 6, 6, 6, 6, 6), draw("Anna", 2, 3, "NS", die=0)])
    assert state.sheets["Anna"].trees == 7 and state.sheets["Anna"].note.tree is False


# --- what each cell takes ---------------------------------------------------------------------

def test_a_house_field_takes_a_cross_not_a_road():
    refused(replay(SETUP), draw("Anna", 2, 1, "NS"),
            "Row 2, column 1 is a house field: it takes a cross, not a road")


def test_a_road_cell_takes_no_cross():
    refused(replay(SETUP), house("Anna", 1, 1), "Row 1, column 1 is not a house field")


def test_a_house_field_has_two_free_houses_then_no_more():
    state = replay(SETUP + [house("Anna", 1, 3), house("Anna", 1, 3)])
    assert state.sheets["Anna"].crosses == {(1, 3): 2}
    assert (1, 3) not in rules.targets(state, "Anna", None)
    refused(state, house("Anna", 1, 3), "row 1, column 3 has no free house left")
    assert replay(SETUP + [house("Anna", 1, 3), house("Anna", 1, 3), house("Bence", 1, 3)]
                  ).sheets["Bence"].crosses == {(1, 3): 1}


def test_a_cell_holds_one_road():
    refused(replay(SETUP + [draw("Anna", 1, 1, "ES")]), draw("Anna", 1, 1, "NS"),
            "Row 1, column 1 already has a road")


@pytest.mark.parametrize("event, reason", [
    (draw("Zoe", 1, 1, "NS"), "'Zoe' is not a player"),
    ({"type": "draw", "row": 1, "column": 1, "shape": "NS"}, "None is not a player"),
    (draw(["Anna"], 1, 1, "NS"), "is not a player"),
    (draw("Anna", 0, 1, "NS"), "Row and column must be whole numbers from 1 to 5"),
    (draw("Anna", 1, 6, "NS"), "Row and column must be whole numbers from 1 to 5"),
    (draw("Anna", 1.0, 1, "NS"), "Row and column must be whole numbers from 1 to 5"),
    (draw("Anna", 1, 1, "NN"), "'NN' is not a road shape"),
    (draw("Anna", 1, 1, None), "None is not a road shape"),
    (house("Anna", "1", 3), "Row and column must be whole numbers"),
    ({"type": "jump", "player": "Anna"}, "Doodle City has no 'jump' event"),
    ({"type": ["draw"]}, "Doodle City has no ['draw'] event"),
])
def test_a_malformed_event_is_refused(event, reason):
    refused(replay(SETUP), event, reason)


def test_a_shape_may_be_given_in_any_letter_order():
    state = replay(SETUP + [draw("Anna", 1, 1, "SE"), draw("Anna", 1, 2, "WE")])
    assert state.sheets["Anna"].roads == {(1, 1): "ES", (1, 2): "EW"}


# --- roads --------------------------------------------------------------------------------------

def test_cells_connect_only_when_both_segments_touch_the_shared_edge():
    state = replay(SETUP + [draw("Anna", 1, 1, "NE"), draw("Anna", 1, 2, "NS")])
    assert rules.road_cells(state, "Anna", 1, 1) == {(1, 1)}          # (1,2) has no W end
    state = replay(SETUP + [draw("Anna", 1, 1, "ES")])
    # (1,1) S meets the start road (2,1) NS, which runs on to (3,1) only once it is drawn
    assert rules.road_cells(state, "Anna", 1, 1) == {(1, 1), (2, 1)}
    assert rules.road_cells(state, "Bence", 1, 1) == set()
    assert rules.road_cells(state, "Bence", 2, 1) == {(2, 1)}


def test_the_outer_edge_connects_to_nothing():
    # (1,5) NE points off the sheet, east and north; the sheet does not wrap round to the
    # (1,1) EW on the far west nor to the (5,5) NS at the bottom
    state = replay(SETUP + [draw("Anna", 1, 5, "NE"), draw("Anna", 1, 1, "EW"),
                            draw("Anna", 5, 5, "NS")])
    assert rules.road_cells(state, "Anna", 1, 5) == {(1, 5)}
    assert rules.road_cells(state, "Anna", 1, 1) == {(1, 1)}
    assert rules.road_cells(state, "Anna", 5, 5) == {(5, 5)}


def test_shape_at_shows_drawn_roads_and_start_roads():
    state = replay(SETUP + [draw("Anna", 1, 1, "ES")])
    assert rules.shape_at(state, "Anna", 1, 1) == "ES"
    assert rules.shape_at(state, "Anna", 1, 3) == "EW"
    assert rules.shape_at(state, "Bence", 1, 1) is None


# --- scoring at the moment of drawing -------------------------------------------------------------

def test_a_hotel_scores_the_road_length_right_after_drawing_and_never_later():
    # (1,3) EW start road; (1,4) hotel joins it, (1,2) and (1,1) extend it afterwards
    state = replay(SETUP + [draw("Anna", 1, 5, "EW"), draw("Anna", 1, 4, "EW")])
    assert state.sheets["Anna"].note == rules.Note("hotel", 1, 4, measure=3, circled=3)
    assert state.sheets["Anna"].hotels == (3,)
    state = replay(SETUP + [draw("Anna", 1, 5, "EW"), draw("Anna", 1, 4, "EW"),
                            draw("Anna", 1, 2, "EW"), draw("Anna", 1, 1, "EW")])
    assert state.sheets["Anna"].hotels == (3,)
    assert len(rules.road_cells(state, "Anna", 1, 4)) == 5


def test_a_hotel_with_no_free_value_scores_nothing():
    state = replay(SETUP + [draw("Anna", 2, 2, "NS")])     # a road of 1, the track starts at 3
    assert state.sheets["Anna"].note == rules.Note("hotel", 2, 2, measure=1, circled=0)
    assert state.sheets["Anna"].hotels == ()


def test_a_shop_counts_printed_and_drawn_crosses_on_its_road():
    # (3,1) NE + (3,2) SW join the fields (2,1) 4/2 and (4,2) 4/2
    events = SETUP + [house("Anna", 4, 2), draw("Anna", 3, 2, "SW"), draw("Anna", 3, 1, "NE")]
    state = replay(events)
    assert state.sheets["Anna"].note == rules.Note("shop", 3, 1, measure=5, circled=5, bonus=5)
    assert (state.sheets["Anna"].shops, state.sheets["Anna"].bonuses) == ((5,), (5,))
    assert state.claimed == {5: "Anna"} and state.sheets["Anna"].best_shop_houses == 5
    # a cross added later does not rescore the shop
    assert replay(events + [house("Anna", 4, 2)]).sheets["Anna"].shops == (5,)


def test_a_shop_with_too_few_houses_scores_nothing_and_claims_no_bonus():
    state = replay(SETUP + [draw("Anna", 1, 2, "EW")])      # one printed cross at (1,3)
    assert state.sheets["Anna"].note == rules.Note("shop", 1, 2, measure=1, circled=0)
    assert state.claimed == {} and state.sheets["Anna"].best_shop_houses == 1


def test_the_speed_bonus_is_compared_with_the_value_circled_not_the_houses():
    # a sheet whose shop track has no 7: seven houses circle 6, which earns +5, not +7
    sheet = {**SHEET, "shop_track": [4, 5, 6, 8, 9, 10]}
    state = replay(SETUP + [house("Anna", 2, 1), house("Anna", 2, 1), house("Anna", 4, 2),
                            draw("Anna", 3, 2, "SW"), draw("Anna", 3, 1, "NE")], sheet=sheet)
    assert state.sheets["Anna"].note == rules.Note("shop", 3, 1, measure=7, circled=6, bonus=5)


def test_a_claimed_bonus_is_gone_for_everyone_and_one_shop_claims_one_bonus():
    shop = [house("X", 4, 2), draw("X", 3, 2, "SW"), draw("X", 3, 1, "NE")]     # 5 houses
    per = [{**e, "player": p} for p in ("Anna", "Bence", "Csilla") for e in shop]
    state = replay(SETUP + per)
    assert state.claimed == {5: "Anna", 3: "Bence"}
    assert [state.sheets[p].bonuses for p in ("Anna", "Bence", "Csilla")] == [(5,), (3,), ()]


def test_taxis_score_only_on_a_road_with_another_taxi():
    lone = replay(SETUP + [draw("Anna", 1, 1, "ES")])
    assert rules.result(lone)["players"][0]["breakdown"]["taxis"] == 0
    # (1,1) taxi - (2,1) field - (3,1) shop - (3,2) taxi
    pair = replay(SETUP + [draw("Anna", 1, 1, "ES"), draw("Anna", 3, 1, "NE"), draw("Anna", 3, 2, "SW")])
    assert rules.result(pair)["players"][0]["breakdown"]["taxis"] == 8


# --- the end --------------------------------------------------------------------------------

def test_the_top_hotel_value_triggers_the_end():
    # a snake through rows 1-3: (1,1)..(1,5), (2,5)..(2,1), (3,1)..(3,5); hotel (3,3) last
    setup = [start_road(1, "ES"), start_road(2, "NE"), start_road(3, "EW"), start_road(4, "EW"),
             start_road(5, "EW")]
    snake = [draw("Anna", 1, c, "EW") for c in (1, 2, 4)] + [
        draw("Anna", 1, 5, "SW"), draw("Anna", 2, 5, "NW")] + [
        draw("Anna", 2, c, "EW") for c in (4, 3, 2)] + [
        draw("Anna", 3, 1, "NE"), draw("Anna", 3, 2, "EW"), draw("Anna", 3, 4, "EW")]
    before = replay(setup + snake)
    assert not before.end_triggered
    state = rules.apply(before, draw("Anna", 3, 3, "EW"))
    assert state.sheets["Anna"].note.measure == 15 and state.sheets["Anna"].note.circled == 15
    assert state.end_triggered and not state.finished


def test_the_top_shop_value_triggers_the_end():
    # (2,1) 4 + (4,2) 4 + (1,3) 2 = 10 houses on the road through the shop (1,2)
    events = SETUP + [house("Anna", 2, 1), house("Anna", 2, 1), house("Anna", 4, 2),
                      house("Anna", 4, 2), house("Anna", 1, 3), draw("Anna", 3, 2, "SW"),
                      draw("Anna", 1, 1, "ES"), draw("Anna", 3, 1, "NE")]
    assert not replay(events).end_triggered           # that shop circled 8
    state = replay(events + [draw("Anna", 1, 2, "EW")])
    assert state.sheets["Anna"].note == rules.Note("shop", 1, 2, measure=10, circled=10, bonus=10)
    assert state.end_triggered


def test_the_last_tree_triggers_the_end_and_the_game_goes_on_to_the_end_of_the_round():
    assert not replay(SETUP + [tree("Anna")] * 6).end_triggered
    state = replay(SETUP + [tree("Anna")] * 7)
    assert state.end_triggered and state.sheets["Anna"].trees == 7
    state = rules.apply(state, roll(1, 1, 2, 3, 4, 5))
    assert state.end_triggered and rules.legal_dice(state, "Bence")


def test_after_the_end_event_nothing_more_is_entered():
    state = replay(SETUP + [{"type": "end"}])
    assert state.finished and rules.result(state)["finished"] is True
    refused(state, roll(1, 1, 2, 3, 4, 5), "The game is finished")
    refused(state, {"type": "end"}, "The game is finished")
    assert rules.targets(state, "Anna", None) == [] and not rules.can_cross_tree(state, "Anna")


# --- results -------------------------------------------------------------------------------------

def test_a_fresh_table_is_all_tied_at_zero():
    result = rules.result(replay(SETUP))
    assert result == {
        "game": "doodle-city", "finished": False, "end_triggered": False,
        "players": [{"name": n, "total": 0, "rank": 1,
                     "breakdown": {"hotels": 0, "shops": 0, "shop_bonuses": 0, "taxis": 0, "trees": 0},
                     "details": {"hotel_circled": [], "shop_circled": [], "bonuses": [],
                                 "trees_crossed": 0}} for n in NAMES],
        "winners": NAMES}


def test_fewer_trees_orders_every_rank_and_full_ties_share_it():
    # Anna +4 (no tree), Bence and Csilla 0 (one tree each: neither most nor fewest), Dani -4
    state = replay(SETUP + [tree("Bence"), tree("Csilla"), tree("Dani"), tree("Dani")])
    result = rules.result(state)
    assert [p["total"] for p in result["players"]] == [4, 0, 0, -4]
    # Bence and Csilla tie on points and on trees: they share the rank, the next is 4th
    assert [p["rank"] for p in result["players"]] == [1, 2, 2, 4]


def test_fewer_trees_breaks_a_tie_below_the_top():
    # Bence: taxis (1,1)+(3,2) via (2,1),(3,1): 8 points, 2 trees (-4) = 4
    # Csilla: 4 points for fewest trees (0) = 4; Dani 1 tree = 0; Anna 1 tree = 0
    state = replay(SETUP + [tree("Bence"), tree("Bence"), tree("Dani"), tree("Anna"),
                            draw("Bence", 1, 1, "ES"), draw("Bence", 3, 1, "NE"),
                            draw("Bence", 3, 2, "SW")])
    result = rules.result(state)
    assert [p["total"] for p in result["players"]] == [0, 4, 4, 0]
    assert [p["rank"] for p in result["players"]] == [3, 2, 1, 3]
    assert result["winners"] == ["Csilla"]


def test_solo_results_carry_a_title_and_achievements():
    solo = rules.result(replay(SETUP, players=["Anna"]))
    assert solo["players"][0]["details"]["title"] == "Try again"
    assert solo["players"][0]["details"]["achievements"] == ["Environmentalist"]
    assert "title" not in rules.result(replay(SETUP))["players"][0]["details"]


def test_solo_trees_score_nothing():
    state = replay(SETUP + [tree("Anna")] * 3, players=["Anna"])
    player = rules.result(state)["players"][0]
    assert player["breakdown"]["trees"] == 0 and player["details"]["achievements"] == []


# --- undo: the platform replays without the act -----------------------------------------------------

def test_taking_back_a_shop_hands_its_bonus_to_the_next_shop_that_reaches_it():
    anna = [house("Anna", 4, 2), draw("Anna", 3, 2, "SW"), draw("Anna", 3, 1, "NE")]
    bence = [{**e, "player": "Bence"} for e in anna]
    state = replay(SETUP + anna + bence)
    assert state.claimed == {5: "Anna", 3: "Bence"}
    state = replay(SETUP + anna[:2] + bence)                    # Anna's shop taken back
    assert state.claimed == {5: "Bence"} and state.sheets["Bence"].bonuses == (5,)
    assert state.sheets["Anna"].shops == ()
