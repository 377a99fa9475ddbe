"""Calçada rules, read like the digest: placements checked, districts scored as they close.

The tests pass their board and scoring rows inline (BOARD, ROWS), so a later correction of the
unverified defaults cannot move them. The board (district ids, then printed numbers):

        districts            numbers
    1 1 2 2 2           1 4 2 5 3
    1 3 3 2 4           2 5 3 1 4
    1 3 5 4 4           3 1 4 2 5
    6 6 5 5 4           4 2 5 3 1
    6 7 7 8 8           5 3 1 4 2

District 7 is (5,2) printing 3 and (5,3) printing 1; district 8 is (5,4) 4 and (5,5) 2.
"""
from __future__ import annotations

import copy

import pytest

from companion.games.base import RuleError
from companion.games.calcada import rules

NAMES = ["Anna", "Bence", "Csilla"]
BOARD = {"districts": [[1, 1, 2, 2, 2], [1, 3, 3, 2, 4], [1, 3, 5, 4, 4], [6, 6, 5, 5, 4],
                       [6, 7, 7, 8, 8]],
         "numbers": [[1, 4, 2, 5, 3], [2, 5, 3, 1, 4], [3, 1, 4, 2, 5], [4, 2, 5, 3, 1],
                     [5, 3, 1, 4, 2]]}
ROWS = [3, 3, 2, 1]
OPTIONS = {"board": BOARD, "scoring_rows": ROWS}
END = {"type": "end"}


def place(player, row, column, colour, motif="tram", number=None):
    event = {"type": "place", "player": player, "row": row, "column": column, "colour": colour,
             "motif": motif}
    return event if number is None else {**event, "number": number}


def spend(player, count=None):
    event = {"type": "spend_bonus", "player": player}
    return event if count is None else {**event, "count": count}


# each player's own motif by default, so that no motif of a colour runs out (4 of each)
MOTIF = {"Anna": "tram", "Bence": "plaza", "Csilla": "kiosk"}


def district(player, colour, cells, motif=None):
    """Placements filling ``cells`` in order (numbers not announced)."""
    return [place(player, r, c, colour, motif or MOTIF[player]) for r, c in cells]


D7, D8 = [(5, 2), (5, 3)], [(5, 4), (5, 5)]
D1 = [(1, 1), (1, 2), (2, 1), (3, 1)]
D3 = [(2, 2), (2, 3), (3, 2)]


def replay(events, players=NAMES, **options):
    """Fold the events through the rules, as the platform does (without undo)."""
    state = rules.start(rules.options({**OPTIONS, **options}, players), players)
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


def player(state, name):
    return next(p for p in rules.result(state)["players"] if p["name"] == name)


# --- setup --------------------------------------------------------------------------------------

def test_everyone_starts_with_2_bonus_tiles_and_every_stone_on_the_top_row():
    state = replay([])
    assert all(state.boards[p].bonus_tiles == 2 for p in NAMES)
    assert all(rules.stone_row(state, c) == 1 and rules.multiplier(state, c) == 3
               for c in rules.COLOURS)
    assert rules.closed_colours(state) == [] and rules.still_to_play(state) == tuple(NAMES)


def test_the_default_scoring_rows_follow_the_player_count():
    for players, rows in ((["A", "B"], (3, 2, 1)), (["A", "B", "C"], (3, 3, 2, 1)),
                          (["A", "B", "C", "D"], (3, 3, 2, 2, 1))):
        state = rules.start(rules.options({}, players), players)
        assert state.scoring.rows == rows and state.scoring.unverified
        assert state.board.name == "8" and state.board.unverified


def test_the_board_option_names_a_side_or_defines_one():
    assert rules.start(rules.options({"board": "9"}, NAMES), NAMES).board.name == "9"
    for bad in ("10", 8, None, ["8"]):
        with pytest.raises(RuleError, match='The board must be "8", "9" or a board definition'):
            rules.options({"board": bad}, NAMES)


def test_inline_definitions_are_validated_like_the_shipped_ones():
    with pytest.raises(RuleError, match="The cell at row 1, column 2 prints 7"):
        rules.options({"board": {**BOARD, "numbers": [[1, 7, 2, 5, 3]] + BOARD["numbers"][1:]}},
                      NAMES)
    with pytest.raises(RuleError, match="Row 3 of the scoring board multiplies by 3, more than "
                                        "the row above it"):
        rules.options({"scoring_rows": [3, 2, 3]}, NAMES)


def test_no_default_scoring_board_for_an_unknown_player_count():
    with pytest.raises(RuleError, match="no scoring board for 5 players"):
        rules.options({}, ["A", "B", "C", "D", "E"])
    assert rules.options({"scoring_rows": [2, 1]}, ["A", "B", "C", "D", "E"])


# --- placing ------------------------------------------------------------------------------------

def test_a_tile_goes_on_an_empty_cell_printing_the_announced_number():
    state = replay([place("Anna", 5, 2, "yellow", number=3)])
    assert state.boards["Anna"].tiles[(5, 2)] == rules.Tile("yellow", "tram")
    refused(state, place("Anna", 5, 2, "yellow", number=3),
            "Anna already has a tile at row 5, column 2.")
    refused(state, place("Anna", 5, 3, "yellow", number=3),
            "The cell at row 5, column 3 prints 1, not the announced 3")
    # boards are per player: Bence's (5,2) is still empty
    assert rules.apply(state, place("Bence", 5, 2, "blue", number=3))


def test_an_announced_6_or_more_fits_any_empty_cell_and_15_is_the_most():
    state = replay([])
    for number in (6, 9, 15):
        assert rules.apply(state, place("Anna", 5, 3, "red", number=number))
    assert rules.legal_cells(state, "Anna", "red", 6) == list(state.board.cells())
    refused(state, place("Anna", 5, 3, "red", number=16), "The announced number 16 is not possible")
    refused(state, place("Anna", 5, 3, "red", number=0), "The announced number 0 is not possible")
    refused(state, place("Anna", 5, 3, "red", number="1"), "The announced number '1'")
    refused(state, place("Anna", 5, 3, "red", number=True), "The announced number True")


def test_without_an_announced_number_the_cell_is_not_checked():
    assert replay([place("Anna", 1, 2, "red")]).boards["Anna"].tiles[(1, 2)].colour == "red"


def test_all_tiles_of_a_district_share_one_colour():
    state = replay([place("Anna", 5, 2, "yellow")])
    refused(state, place("Anna", 5, 3, "blue"),
            "The district of row 5, column 3 already holds yellow tiles")
    assert rules.legal_cells(state, "Anna", "blue", 1) == [(1, 1), (2, 4), (3, 2), (4, 5)]
    assert (5, 3) in rules.legal_cells(state, "Anna", "yellow", 1)


def test_refusals_name_the_player_cell_colour_and_motif_at_fault():
    state = replay([])
    refused(state, place("Dora", 1, 1, "red"), "'Dora' is not a player at this table.")
    refused(state, place("Anna", 6, 1, "red"), "Row 6, column 1 is not on the board")
    refused(state, place("Anna", 1, 0, "red"), "Row 1, column 0 is not on the board")
    refused(state, place("Anna", "1", 1, "red"), "Row '1', column 1 is not on the board")
    refused(state, place("Anna", 1, 1, "purple"), "'purple' is not a colour of Calçada")
    refused(state, place("Anna", 1, 1, "red", motif="dragon"), "'dragon' is not a motif")
    refused(state, {"type": "roll"}, "Calçada has no 'roll' event.")


def test_each_colour_has_4_tiles_of_each_motif_and_5_with_the_bonus_symbol():
    trams = [place(p, 1, c, "red") for p, c in (("Anna", 1), ("Anna", 2), ("Bence", 1), ("Csilla", 1))]
    state = replay(trams)
    assert rules.tiles_left(state, "red", "tram") == 0
    refused(state, place("Bence", 1, 2, "red"), "All 4 red tram tiles are already on the boards.")
    assert rules.apply(state, place("Bence", 1, 2, "red", motif="plaza"))
    bonus = [place(p, r, 1, "green", "bonus") for p in ("Anna", "Bence") for r in (4, 5)]
    state = replay(bonus + [place("Csilla", 4, 1, "green", "bonus")])
    refused(state, place("Csilla", 5, 1, "green", "bonus"),
            "All 5 green tiles with the bonus symbol are already on the boards.")


def test_a_bonus_symbol_tile_gives_2_bonus_tiles_at_once_and_is_no_motif():
    state = replay([place("Anna", 5, 2, "red", "bonus"), place("Anna", 5, 3, "red", "bonus")])
    assert state.boards["Anna"].bonus_tiles == 6
    assert player(state, "Anna")["details"]["motif_groups"] == []


def test_apply_never_changes_the_state_it_is_given():
    state = replay([place("Anna", 5, 2, "yellow")])
    before = copy.deepcopy(state)
    after = rules.apply(state, place("Anna", 5, 3, "yellow", "bonus"))
    assert state == before and after != before
    assert after.stones["yellow"] == 1 and state.stones["yellow"] == 0


# --- bonus tiles ----------------------------------------------------------------------------------

def test_bonus_tiles_are_spent_one_or_more_at_a_time_never_below_zero():
    state = replay([spend("Anna"), spend("Bence", 2)])
    assert (state.boards["Anna"].bonus_tiles, state.boards["Bence"].bonus_tiles) == (1, 0)
    refused(state, spend("Bence"), "Bence has no bonus tiles left to spend.")
    refused(state, spend("Anna", 2), "Anna wants to spend 2 bonus tiles but holds only 1.")
    refused(state, spend("Anna", 0), "at least 1; 0 is not")
    refused(state, spend("Anna", "1"), "at least 1; '1' is not")
    refused(state, spend("Dora"), "'Dora' is not a player at this table.")


def test_one_point_per_two_unused_bonus_tiles_rounded_down():
    assert player(replay([]), "Anna")["breakdown"]["bonus_tiles"] == 1
    assert player(replay([spend("Anna")]), "Anna")["breakdown"]["bonus_tiles"] == 0
    state = replay([place("Anna", 5, 2, "red", "bonus"), spend("Anna")])     # 2 + 2 - 1 = 3
    assert player(state, "Anna")["breakdown"]["bonus_tiles"] == 1
    assert player(state, "Anna")["details"]["bonus_tiles_left"] == 3


# --- completing districts -----------------------------------------------------------------------

def test_a_completion_scores_tiles_times_the_row_and_moves_the_stone_down():
    state = replay(district("Anna", "blue", D1))
    assert player(state, "Anna")["details"]["completions"] == [
        {"row": 3, "column": 1, "colour": "blue", "tiles": 4, "multiplier": 3, "points": 12}]
    assert rules.stone_row(state, "blue") == 2 and rules.multiplier(state, "blue") == 3
    # one player's completions move the stone for everyone, in table order
    state = replay(district("Anna", "blue", D1) + district("Bence", "blue", D7)
                   + district("Csilla", "blue", D3))
    assert [c["multiplier"] for p in NAMES for c in player(state, p)["details"]["completions"]] \
        == [3, 3, 2]
    assert rules.multiplier(state, "blue") == 1


def test_the_stone_slides_off_the_bottom_row_for_2_more_points_and_closes_the_colour():
    events = (district("Anna", "red", D7) + district("Bence", "red", D7)
              + district("Csilla", "red", D7) + district("Anna", "red", D8))
    state = replay(events)
    last = player(state, "Anna")["details"]["completions"][-1]
    assert last == {"row": 5, "column": 5, "colour": "red", "tiles": 2, "multiplier": 1,
                    "points": 2 * 1 + 2}
    assert player(state, "Anna")["breakdown"]["districts"] == 2 * 3 + 4
    assert rules.closed_colours(state) == ["red"] and rules.stone_row(state, "red") is None
    assert rules.multiplier(state, "red") is None and not state.trigger
    refused(state, place("Bence", 1, 1, "red", number=1),
            "The red stone has slid off the scoring board: red is closed")
    assert rules.legal_cells(state, "Bence", "red") == []


def test_a_district_started_in_a_closed_colour_stays_unfinished():
    events = [place("Bence", 3, 2, "red", "bench")] + district("Anna", "red", D7) + \
        district("Anna", "red", D8) + district("Csilla", "red", D7) + district("Csilla", "red", D8)
    state = replay(events)
    assert rules.closed_colours(state) == ["red"]
    # cells printing 5, but not (2,2): its district holds Bence's red tile
    assert rules.legal_cells(state, "Bence", "blue", 5) == [(1, 4), (3, 5), (4, 3), (5, 1)]
    assert player(state, "Bence")["breakdown"]["unfinished"] == 1


def two_slide_offs(trigger="Bence"):
    """Red and blue each completed 4 times; the second slide-off is ``trigger``'s D8 in blue."""
    others = [p for p in NAMES if p != trigger]
    return (district(others[0], "red", D7) + district(others[0], "red", D8)
            + district(others[1], "red", D7) + district(others[1], "red", D8)
            + district(others[0], "blue", D3) + district(others[1], "blue", D3)
            + district(trigger, "blue", D7) + district(trigger, "blue", D8))


def test_the_second_slide_off_triggers_the_end_and_the_round_is_played_out():
    state = replay(two_slide_offs("Bence"))
    assert state.trigger == "Bence" and rules.result(state)["end_triggered"]
    assert rules.still_to_play(state) == ("Csilla",) and not rules.game_over(state)
    for who in ("Anna", "Bence"):       # a late entry is the record's like any other
        late = rules.apply(rules.apply(state, place(who, 1, 1, "green")), spend(who))
        assert rules.still_to_play(late) == ("Csilla",)
        assert player(late, who)["breakdown"] != player(state, who)["breakdown"]
    state = rules.apply(state, spend("Csilla"))
    state = rules.apply(state, place("Csilla", 1, 5, "green"))
    assert rules.game_over(state) and rules.still_to_play(state) == ()
    late = rules.apply(state, place("Csilla", 2, 5, "green"))
    assert rules.game_over(late) and rules.turn(late).player is None
    assert rules.result(rules.apply(state, END))["finished"]


def test_when_the_last_seat_triggers_the_end_nobody_plays_on():
    state = replay(two_slide_offs("Csilla"))
    assert state.trigger == "Csilla" and rules.game_over(state)
    assert rules.game_over(rules.apply(state, place("Anna", 1, 1, "green")))


def test_the_first_slide_off_does_not_trigger_the_end():
    state = replay(district("Anna", "red", D7) + district("Anna", "red", D8)
                   + district("Bence", "red", D7) + district("Bence", "red", D8))
    assert rules.closed_colours(state) == ["red"] and rules.result(state)["end_triggered"] is False


def test_completions_in_the_last_round_score_a_third_slide_off_included():
    D6 = [(4, 1), (4, 2), (5, 1)]
    # green reaches the bottom row; red slides off; Anna's blue slide-off triggers the end
    events = ([place("Csilla", 5, 4, "green", "bench")]
              + district("Csilla", "green", D1) + district("Csilla", "green", D3, "plaza")
              + district("Csilla", "green", D6, "cafe")
              + district("Bence", "red", D7, "tram") + district("Bence", "red", D8, "tram")
              + district("Bence", "red", D3) + district("Bence", "red", D6, "kiosk")
              + district("Anna", "blue", D7) + district("Anna", "blue", D8, "plaza")
              + district("Anna", "blue", D3, "kiosk") + district("Anna", "blue", D6, "bench"))
    state = replay(events)
    assert state.trigger == "Anna" and rules.multiplier(state, "green") == 1
    # the last round: Bence places, Csilla completes green on its bottom row: 2 × 1 + 2
    state = replay(events + [place("Bence", 1, 1, "white"), place("Csilla", 5, 5, "green", "bench")])
    assert player(state, "Csilla")["details"]["completions"][-1] == {
        "row": 5, "column": 5, "colour": "green", "tiles": 2, "multiplier": 1, "points": 4}
    assert rules.closed_colours(state) == ["blue", "red", "green"] and rules.game_over(state)


def test_the_end_event_is_accepted_any_time():
    assert rules.result(replay([END]))["finished"] is True
    assert rules.result(replay([]))["finished"] is False


# --- final scoring --------------------------------------------------------------------------------

def test_motif_groups_count_side_by_side_tiles_whatever_their_colour_or_district():
    # a plaza group of 3 across three districts and colours, a bench pair, a lone kiosk
    events = [place("Anna", 1, 1, "red", "plaza"), place("Anna", 1, 2, "red", "plaza"),
              place("Anna", 1, 3, "blue", "plaza"), place("Anna", 2, 2, "green", "bench"),
              place("Anna", 3, 2, "green", "bench"), place("Anna", 5, 5, "white", "kiosk"),
              place("Anna", 2, 3, "green", "bonus"), place("Anna", 2, 4, "blue", "bonus")]
    scored = player(replay(events), "Anna")
    assert scored["details"]["motif_groups"] == [3, 2]
    assert scored["breakdown"]["motifs"] == 3 + 1


def test_the_group_table_from_2_to_8_and_more():
    assert [rules.group_points(n) for n in range(1, 12)] == [0, 1, 3, 5, 8, 11, 14, 18, 18, 18, 18]


def test_unfinished_districts_score_a_point_per_tile_bonus_symbols_included():
    events = [place("Anna", 1, 1, "red"), place("Anna", 1, 2, "red", "bonus"),
              place("Anna", 5, 2, "blue", "kiosk"), place("Anna", 5, 3, "blue", "cafe")]
    scored = player(replay(events), "Anna")
    assert scored["breakdown"]["unfinished"] == 2      # district 7 is complete: scored already
    assert scored["breakdown"]["districts"] == 6


def test_the_result_has_the_contract_shape_and_total_is_the_sum_of_the_breakdown():
    result = rules.result(replay(district("Anna", "blue", D7)))
    assert list(result) == ["game", "finished", "end_triggered", "players", "winners"]
    assert result["game"] == "calcada"
    for entry in result["players"]:
        assert list(entry) == ["name", "total", "rank", "breakdown", "details"]
        assert list(entry["breakdown"]) == ["districts", "motifs", "unfinished", "bonus_tiles"]
        assert list(entry["details"]) == ["completions", "bonus_tiles_left", "motif_groups"]
        assert entry["total"] == sum(entry["breakdown"].values())
    assert [p["name"] for p in result["players"]] == NAMES and result["winners"] == ["Anna"]


def test_players_tied_for_the_most_points_share_the_win():
    state = replay(district("Anna", "blue", D7) + district("Bence", "red", D7))
    result = rules.result(state)
    assert [p["rank"] for p in result["players"]] == [1, 1, 3]
    assert result["winners"] == ["Anna", "Bence"]
