"""OddVille's checks: the shared city, the Main Square, characters, the resource board and the
end's trigger; each refusal is the sentence a player reads."""
from __future__ import annotations

from typing import Any, Iterable

import pytest

from companion import record
from companion.games.base import RuleError
from companion.games.oddville import rules

PLAYERS = ("Anna", "Bence", "Csilla")
DIAMOND = {"rule": "diamond", "points": 4}


def build(player: str, row: int, column: int, vp: dict | None = None, **extra: Any) -> dict:
    return {"type": "build", "player": player, "row": row, "column": column,
            "vp": vp or DIAMOND, **extra}


def square(player: str) -> dict:
    return {"type": "main_square", "player": player}


def character(player: str, name: str, points: int = 2) -> dict:
    return {"type": "character", "player": player, "name": name, "points": points}


def lose(player: str, name: str) -> dict:
    return {"type": "lose_character", "player": player, "name": name}


def resources(player: str, count: Any) -> dict:
    return {"type": "resource_workers", "player": player, "count": count}


def end(trigger: str | None = None) -> dict:
    return {"type": "end", **({"trigger": trigger} if trigger else {})}


def envelope(players: Iterable[str], events: list[dict]) -> dict:
    return {"format": "table-companion-record", "version": 1, "game": "oddville", "options": {},
            "players": [{"name": n} for n in players], "events": events}


def fold(events: list[dict], players: Iterable[str] = PLAYERS) -> rules.State:
    state = rules.start({}, list(players))
    for event in events:
        state = rules.apply(state, event)
    return state


def refusal(events: list[dict], event: dict, players: Iterable[str] = PLAYERS) -> str:
    """The sentence refusing ``event`` after ``events``; the state is left as it was."""
    state = fold(events, players)
    before = fold(events, players)
    with pytest.raises(RuleError) as caught:
        rules.apply(state, event)
    assert state == before
    return str(caught.value)


def line(state: rules.State, name: str) -> dict:
    return next(p for p in rules.result(state)["players"] if p["name"] == name)


# a row of Anna's cards to the right of the Main Square: (0, 1) .. (0, n)
def anna_row(n: int) -> list[dict]:
    return [build("Anna", 0, c) for c in range(1, n + 1)]


# --- the city -------------------------------------------------------------------------------------

def test_the_first_card_goes_beside_or_below_the_main_square():
    for row, column in ((0, -1), (0, 1), (1, 0)):
        state = fold([build("Anna", row, column)])
        assert (row, column) in state.cards and state.cards[(row, column)].owner == "Anna"


def test_nothing_is_built_above_the_top_row():
    assert refusal([], build("Anna", -1, 0)) == (
        "Row -1 is above the Main Square: the city is built beside and below it, never above.")


def test_the_main_square_spot_is_taken_from_the_start():
    assert refusal([], build("Anna", 0, 0)) == (
        "Row 0, column 0 is the Main Square: build beside or below it.")


def test_a_spot_with_a_card_is_taken_for_good():
    assert refusal([build("Bence", 1, 0)], build("Anna", 1, 0)) == (
        "Row 1, column 0 already has Bence's card; cards never move.")


@pytest.mark.parametrize("row, column", [(1, 1), (1, -1), (0, 2), (3, 0)])
def test_a_card_must_touch_the_city_not_only_diagonally(row, column):
    assert refusal([], build("Anna", row, column)) == (
        f"Row {row}, column {column} is not next to the city: a card goes beside, below or "
        "above a card already built, never only diagonally.")


def test_a_card_may_go_above_a_card_below_the_top_row():
    state = fold([build("Anna", 1, 0), build("Anna", 2, 0), build("Bence", 2, 1),
                  build("Bence", 1, 1)])
    assert (1, 1) in state.cards


@pytest.mark.parametrize("row, column", [(0.5, 1), ("1", 0), (True, 0), (None, 1)])
def test_a_spot_is_named_by_whole_numbers(row, column):
    assert refusal([], build("Anna", row, column)) == (
        "A card's row and column are whole numbers; the Main Square is at row 0, column 0.")


def test_free_spots_are_the_empty_spots_next_to_the_city_never_above_it():
    assert rules.free_spots(fold([])) == [(0, -1), (0, 1), (1, 0)]
    state = fold([build("Anna", 0, 1), build("Anna", 1, 1)])
    assert rules.free_spots(state) == [(0, -1), (0, 2), (1, 0), (1, 2), (2, 1)]


# --- edges ----------------------------------------------------------------------------------------

def test_the_main_square_needs_a_street_facing_it():
    assert refusal([], build("Anna", 0, 1, edges="sssb")) == (
        "The Main Square has streets on its sides: the card's edge facing it must be a street.")
    assert refusal([], build("Anna", 1, 0, edges="bsss")) == (
        "The Main Square has streets on its sides: the card's edge facing it must be a street.")
    assert (0, 1) in fold([build("Anna", 0, 1, edges="bbbs")]).cards


def test_a_street_cannot_meet_a_building_side():
    built = [build("Anna", 0, 1, edges="bbbs")]          # its east side: building
    assert refusal(built, build("Bence", 0, 2, edges="bbbs")) == (
        "The card's street would meet the building side of the card at row 0, column 1: "
        "edges must match, street to street.")


def test_a_building_side_cannot_meet_a_street():
    built = [build("Anna", 0, 1, edges="bsss")]          # its east side: street
    assert refusal(built, build("Bence", 0, 2, edges="bsbb")) == (
        "The card's building side would meet the street of the card at row 0, column 1: "
        "edges must match, building to building.")


def test_every_touching_edge_must_match_not_only_one():
    built = [build("Anna", 0, 1, edges="bbss"), build("Anna", 1, 0, edges="sbbb")]
    # (1, 1) touches (0, 1)'s south street and (1, 0)'s east building side
    assert refusal(built, build("Bence", 1, 1, edges="sbbs")) == (
        "The card's street would meet the building side of the card at row 1, column 0: "
        "edges must match, street to street.")
    assert (1, 1) in fold([*built, build("Bence", 1, 1, edges="sbbb")]).cards


def test_edges_are_checked_only_against_neighbours_that_declare_them():
    built = [build("Anna", 0, 1)]                          # no edges entered
    assert (0, 2) in fold([*built, build("Bence", 0, 2, edges="bbbb")]).cards
    # a card without edges is not checked either, even against the Main Square
    assert (1, 0) in fold([build("Bence", 1, 0)]).cards


def test_required_edges_tell_a_screen_what_a_spot_demands():
    state = fold([build("Anna", 0, 1, edges="bbss"), build("Anna", 1, 0)])
    assert rules.required_edges(state, 1, 1) == "s???"   # (1, 0) declares no edges
    assert rules.required_edges(state, 0, -1) == "?s??"  # the Main Square's street


@pytest.mark.parametrize("edges", ["sbs", "sbsx", 4, "sbsbs", ""])
def test_edges_are_four_street_or_building_letters(edges):
    assert refusal([], build("Anna", 0, 1, edges=edges)) == (
        "A card's edges are four letters for north, east, south and west, each s (street) or "
        "b (building), e.g. sbsb.")


# --- the card's own description -----------------------------------------------------------------

@pytest.mark.parametrize("vp", [None, {}, {"rule": "castle"}, "diamond", {"rule": 3}])
def test_a_card_names_one_of_the_vp_rules(vp):
    event = {**build("Anna", 0, 1), "vp": vp}
    assert refusal([], event) == (
        "A card's VP rule must be one of: diamond, per_diamond, per_neighbour, "
        "three_per_neighbour, per_column, per_row, shields, per_guild.")


@pytest.mark.parametrize("points", [3, 6, "4", None])
def test_a_diamond_card_prints_4_or_5(points):
    assert refusal([], build("Anna", 0, 1, {"rule": "diamond", "points": points})) == (
        "A diamond card prints 4 or 5 points.")


def test_a_printed_base_is_a_whole_number():
    assert refusal([], build("Anna", 0, 1, {"rule": "per_row", "base": -1})) == (
        "The printed base of a per_row card is a whole number, 0 or more.")


def test_a_missing_base_is_the_rulebook_keys():
    state = fold([build("Anna", 0, 1, {"rule": "per_row"}),
                  build("Anna", 1, 0, {"rule": "per_column"}),
                  build("Anna", 0, -1, {"rule": "per_guild", "guild": "lily"})])
    assert [c.vp.number for c in state.cards.values()] == [2, 1, 1]


def test_a_per_guild_card_names_a_guild():
    assert refusal([], build("Anna", 0, 1, {"rule": "per_guild", "base": 1})) == (
        "A per-guild card names the guild it counts: rooster, bells, mask or lily.")


def test_a_guild_symbol_is_one_of_the_four():
    assert refusal([], build("Anna", 0, 1, guild="dragon")) == (
        "A card's guild symbol is rooster, bells, mask or lily (or none).")


@pytest.mark.parametrize("shield", [-1, 1.5, "2"])
def test_shield_points_are_a_whole_number(shield):
    assert refusal([], build("Anna", 0, 1, shield=shield)) == (
        "A card's shield points are a whole number, 0 or more.")


def test_a_builder_must_be_at_the_table():
    assert refusal([], build("Dora", 0, 1)) == "'Dora' is not a player at this table."


# --- figures ------------------------------------------------------------------------------------

def test_nine_figures_in_the_city_leave_none_to_build_with():
    nine = [*anna_row(8), square("Anna")]
    assert rules.workers_in_city(fold(nine), "Anna") == 9
    assert refusal(nine, build("Anna", 0, 9)) == "All 9 of Anna's figures are already in the city."


def test_the_main_square_needs_a_figure_too():
    assert refusal(anna_row(9), square("Anna")) == (
        "All 9 of Anna's figures are already in the city.")


# --- the Main Square ----------------------------------------------------------------------------

def test_one_worker_of_ones_own_on_the_main_square():
    assert refusal([square("Anna")], square("Anna")) == (
        "Anna already has a worker on the Main Square; only one of one's own may stand on it.")


def test_several_players_stand_on_the_main_square_and_each_scores_4():
    state = fold([square("Anna"), square("Bence")])
    assert rules.on_main_square(state, "Anna") and rules.on_main_square(state, "Bence")
    assert [line(state, p)["breakdown"]["main_square"] for p in PLAYERS] == [4, 4, 0]


def test_the_main_square_is_not_among_a_players_cards():
    assert line(fold([square("Anna")]), "Anna")["details"]["cards"] == []


# --- characters ---------------------------------------------------------------------------------

def test_a_characters_printed_points_count_for_its_holder():
    state = fold([character("Anna", "Builder", 2), character("Anna", "Landowner", 3)])
    assert line(state, "Anna")["breakdown"]["characters"] == 5


def test_a_character_is_held_by_one_player_at_a_time():
    assert refusal([character("Anna", "Builder")], character("Bence", "builder")) == (
        "Anna holds builder: it must be given back before another player takes it.")
    assert refusal([character("Anna", "Builder")], character("Anna", "Builder")) == (
        "Anna already holds Builder.")


def test_a_lost_character_must_be_held():
    assert refusal([character("Anna", "Builder")], lose("Bence", "Builder")) == (
        "Bence does not hold Builder, so cannot give it back.")


def test_a_lost_character_scores_nothing_and_may_be_taken_again():
    state = fold([character("Anna", "Builder", 2), lose("Anna", "Builder"),
                  character("Bence", "Builder", 2)])
    assert [line(state, p)["breakdown"]["characters"] for p in PLAYERS] == [0, 2, 0]
    assert rules.holder(state, "builder") == "Bence"


@pytest.mark.parametrize("points", [-1, 1.5, None, "3"])
def test_a_characters_points_are_a_whole_number(points):
    assert refusal([], character("Anna", "Builder", points)) == (
        "A character's points must be a whole number, 0 or more.")


@pytest.mark.parametrize("name", ["", "  ", None, 7])
def test_a_character_is_named(name):
    assert refusal([], character("Anna", name)) == "A character is named, e.g. traveller."


def test_a_characters_name_is_at_most_40_characters():
    assert refusal([], character("Anna", "x" * 41)) == (
        "A character's name is at most 40 characters.")


def test_the_traveller_scores_7_only_with_its_holders_worker_on_the_main_square():
    away = fold([character("Anna", "traveller", 99)])
    assert line(away, "Anna")["breakdown"]["characters"] == 0
    there = fold([character("Anna", "traveller", 99), square("Anna")])
    assert line(there, "Anna")["breakdown"] == {"buildings": 0, "main_square": 4,
                                              "characters": 7, "resource_workers": 0}
    assert line(there, "Anna")["total"] == 11


def test_a_worker_stays_on_the_main_square_when_the_traveller_is_lost():
    events = [character("Anna", "traveller", 7), square("Anna"), lose("Anna", "Traveller"),
              character("Bence", "Traveller", 7)]
    state = fold(events)
    assert line(state, "Anna")["breakdown"]["main_square"] == 4
    assert line(state, "Anna")["breakdown"]["characters"] == 0
    assert line(state, "Bence")["breakdown"]["characters"] == 0   # no worker of his own there
    state = rules.apply(state, square("Bence"))
    assert line(state, "Bence")["breakdown"]["characters"] == 7


# --- the resource board -------------------------------------------------------------------------

def test_workers_on_the_resource_board_score_1_each_and_may_go_down():
    state = fold([resources("Anna", 5), resources("Anna", 2)])
    assert line(state, "Anna")["breakdown"]["resource_workers"] == 2


@pytest.mark.parametrize("count", [-1, 1.5, "3", None, True])
def test_the_resource_board_count_is_a_whole_number(count):
    assert refusal([], resources("Anna", count)) == (
        "The workers on the resource board are counted with a whole number, 0 or more.")


def test_figures_in_the_city_are_not_on_the_resource_board():
    assert fold([resources("Anna", 9)]).resource["Anna"] == 9
    built = [*anna_row(3), square("Anna")]
    assert refusal(built, resources("Anna", 6)) == (
        "Anna has 4 of their 9 figures in the city, so at most 5 can stand on the resource board.")
    assert fold([*built, resources("Anna", 5)]).resource["Anna"] == 5


def test_a_build_paid_with_the_last_free_figures_takes_them_off_the_resource_board():
    state = fold([*anna_row(2), resources("Anna", 7), build("Anna", 0, 3)])
    assert state.resource["Anna"] == 6 and rules.free_figures(state, "Anna") == 0
    assert fold([resources("Anna", 3), build("Anna", 0, 1)]).resource["Anna"] == 3


# --- the end ------------------------------------------------------------------------------------

def test_the_6th_worker_in_the_city_triggers_the_end():
    state = fold(anna_row(5))
    assert rules.trigger(state) is None and rules.result(state)["end_triggered"] is False
    state = rules.apply(state, build("Anna", 0, 6))
    assert rules.trigger(state) == "Anna" and rules.result(state)["end_triggered"] is True


def test_a_worker_on_the_main_square_counts_toward_the_6():
    state = fold([*anna_row(5), square("Anna")])
    assert rules.trigger(state) == "Anna"


def test_the_trigger_stays_the_first_player_to_reach_6():
    bence = [build("Bence", 1, c) for c in range(1, 7)]
    state = fold([*anna_row(6), *bence])
    assert rules.workers_in_city(state, "Bence") == 6 and rules.trigger(state) == "Anna"


def test_the_end_may_name_its_trigger_when_it_is_the_one_detected():
    state = fold([*anna_row(6), end("Anna")])
    assert state.finished and rules.trigger(state) == "Anna"


def test_the_end_refuses_a_trigger_who_was_not_first_to_6():
    assert refusal(anna_row(6), end("Bence")) == (
        "Anna was the first to place a 6th worker in the city, so Anna triggered the end, "
        "not Bence.")


def test_the_end_refuses_a_trigger_before_anyone_has_6():
    assert refusal(anna_row(5), end("Anna")) == (
        "Nobody has a 6th worker in the city yet, so Anna cannot have triggered the end.")


def test_the_end_refuses_a_trigger_who_is_not_at_the_table():
    assert refusal(anna_row(6), end("Dora")) == "'Dora' is not a player at this table."


def test_an_end_without_a_trigger_is_always_allowed():
    assert fold([build("Anna", 0, 1), end()]).finished


def test_nothing_is_entered_after_the_end():
    assert refusal([end()], build("Anna", 0, 1)) == (
        "The game is finished; nothing more can be entered.")


def test_the_record_names_the_event_with_a_wrong_trigger():
    with pytest.raises(record.RecordError) as caught:
        record.load(envelope(PLAYERS, [*anna_row(6), end("Csilla")]))
    assert str(caught.value).startswith("event 7 (end): Anna was the first")


# --- other events, options ------------------------------------------------------------------------

def test_an_unknown_event_is_refused():
    assert refusal([], {"type": "draw", "player": "Anna"}) == "OddVille has no 'draw' event."


def test_a_record_without_options_plays_the_base_end_live():
    assert rules.options({}, list(PLAYERS)) == {"end": "base", "tally": False}
    assert rules.options({"end": "last-turn", "tally": True}, list(PLAYERS)) == \
        {"end": "last-turn", "tally": True}


def test_unknown_or_wrong_options_are_refused_in_words():
    for raw, message in (({"variant": 1}, "OddVille's options are end and tally, not variant."),
                         ({"end": "sudden"}, "OddVille's end option is base, complete-round or "
                                             "last-turn."),
                         ({"tally": "yes"}, "OddVille's tally option is true or false.")):
        with pytest.raises(RuleError) as caught:
            rules.options(raw, list(PLAYERS))
        assert str(caught.value) == message


def test_two_to_four_players():
    with pytest.raises(record.RecordError, match="played by 2 to 4 players"):
        record.load(envelope(["Anna"], []))
    with pytest.raises(record.RecordError, match="played by 2 to 4 players"):
        record.load(envelope(["A", "B", "C", "D", "E"], []))


def test_apply_never_changes_the_state_it_is_given():
    state = fold([build("Anna", 0, 1), character("Anna", "Builder"), resources("Anna", 2)])
    before = fold([build("Anna", 0, 1), character("Anna", "Builder"), resources("Anna", 2)])
    for event in (build("Bence", 1, 1), square("Anna"), lose("Anna", "Builder"),
                  resources("Anna", 0), end()):
        rules.apply(state, event)
    assert state == before


# --- every VP rule --------------------------------------------------------------------------------

def points_of(events: list[dict], cell: tuple[int, int]) -> int:
    return rules.card_points(fold(events), cell)


def test_per_neighbour_counts_base_plus_every_adjacent_card_main_square_included():
    city = [build("Anna", 1, 0, {"rule": "per_neighbour", "base": 1}),
            build("Bence", 1, 1), build("Bence", 2, 0), build("Bence", 2, 1)]   # (2, 1): diagonal
    assert points_of(city, (1, 0)) == 1 + 3


def test_three_per_neighbour_has_no_base():
    assert points_of([build("Anna", 0, 1, {"rule": "three_per_neighbour"})], (0, 1)) == 3


def test_per_row_counts_itself_and_the_main_square_in_row_0():
    city = [build("Anna", 0, 1, {"rule": "per_row", "base": 2}), build("Bence", 0, -1),
            build("Bence", 1, 1)]
    assert points_of(city, (0, 1)) == 2 + 3
    below = [build("Bence", 1, 0), build("Anna", 1, 1, {"rule": "per_row", "base": 2})]
    assert points_of(below, (1, 1)) == 2 + 2


def test_per_column_counts_itself_and_the_main_square_in_column_0():
    city = [build("Anna", 1, 0, {"rule": "per_column", "base": 1}), build("Bence", 2, 0),
            build("Bence", 0, 1)]
    assert points_of(city, (1, 0)) == 1 + 3


def test_per_diamond_counts_every_diamond_card_of_any_owner_but_not_itself():
    city = [build("Anna", 0, 1, {"rule": "per_diamond", "base": 3}),
            build("Bence", 0, -1, {"rule": "diamond", "points": 5}),
            build("Csilla", 1, 0, {"rule": "diamond", "points": 4}),
            build("Csilla", 1, 1, {"rule": "per_row", "base": 2})]
    assert points_of(city, (0, 1)) == 3 + 2


def test_shields_sum_the_neighbours_shields_not_its_own():
    city = [build("Anna", 0, 1, {"rule": "shields"}, shield=5), build("Bence", 0, 2, shield=2),
            build("Bence", 1, 1, shield=1), build("Bence", 1, 2, shield=4)]   # (1, 2): diagonal
    assert points_of(city, (0, 1)) == 3


def test_per_guild_counts_itself_only_when_recorded_with_that_guild():
    city = [build("Bence", 0, -1, guild="lily"), build("Bence", 1, 0, guild="rooster"),
            build("Csilla", 0, -2, guild="lily")]
    own = [*city, build("Anna", 0, 1, {"rule": "per_guild", "base": 1, "guild": "lily"},
                        guild="lily")]
    other = [*city, build("Anna", 0, 1, {"rule": "per_guild", "base": 1, "guild": "lily"},
                          guild="bells")]
    assert points_of(own, (0, 1)) == 1 + 3
    assert points_of(other, (0, 1)) == 1 + 2


def test_a_diamond_card_scores_its_printed_value():
    assert points_of([build("Anna", 0, 1, {"rule": "diamond", "points": 5})], (0, 1)) == 5


def test_cards_are_listed_in_build_order_and_summed_as_buildings():
    state = fold([build("Anna", 1, 0), build("Bence", 0, 1),
                  build("Anna", 0, -1, {"rule": "diamond", "points": 5})])
    anna = line(state, "Anna")
    assert anna["details"]["cards"] == [{"row": 1, "column": 0, "points": 4},
                                        {"row": 0, "column": -1, "points": 5}]
    assert anna["breakdown"]["buildings"] == 9


def test_a_screen_can_ask_where_each_players_figures_stand_and_how_far_the_city_reaches():
    state = fold([build("Anna", 0, -1), build("Anna", 1, -1), square("Anna"), resources("Anna", 2),
                  build("Bence", 0, 1)])
    assert rules.figures(state, "Anna") == {"city": 3, "resource_board": 2, "supply": 4}
    assert rules.figures(state, "Csilla") == {"city": 0, "resource_board": 0, "supply": 9}
    assert rules.bounds(state) == (-1, 1, 1)
    assert rules.bounds(fold([])) == (0, 0, 0)
