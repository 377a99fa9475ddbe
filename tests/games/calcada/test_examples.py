"""The rulebook's worked examples and tables, one test each, named after them.

Board and scoring rows as in test_rules.py (×3, ×3, ×2, ×1 for three players).
"""
from __future__ import annotations

from companion.games.calcada import rules

from .test_rules import D7, district, place, player, refused, replay


def test_edina_picks_a_yellow_stone_from_a_space_of_4_says_yellow_four_and_places_on_a_4():
    state = replay([])
    fours = [cell for cell in state.board.cells() if state.board.number(cell) == 4]
    # "yellow four" lets Edina (here Anna) use exactly the cells printing 4
    assert rules.legal_cells(state, "Anna", "yellow", 4) == fours
    state = rules.apply(state, place("Anna", 1, 2, "yellow", "tram", 4))
    assert state.boards["Anna"].tiles[(1, 2)] == rules.Tile("yellow", "tram")
    refused(state, place("Anna", 1, 1, "yellow", "tram", 4),
            "The cell at row 1, column 1 prints 1, not the announced 4")


def test_edit_completes_a_blue_two_cell_district_on_x3_for_6_and_the_blue_stone_moves_to_x2():
    # one blue completion first, so the blue stone stands on the last ×3 row, as in the
    # picture: the next row down is ×2
    state = replay(district("Bence", "blue", D7))
    assert rules.multiplier(state, "blue") == 3
    state = rules.apply(state, place("Anna", 5, 2, "blue", "cafe"))
    state = rules.apply(state, place("Anna", 5, 3, "blue", "cafe"))
    assert player(state, "Anna")["details"]["completions"] == [
        {"row": 5, "column": 3, "colour": "blue", "tiles": 2, "multiplier": 3, "points": 6}]
    assert player(state, "Anna")["breakdown"]["districts"] == 2 * 3
    assert rules.multiplier(state, "blue") == 2


def test_the_motif_table_2_3_4_5_6_7_8_and_more_score_1_3_5_8_11_14_18():
    # a snake of trams grows one tile at a time across the top two rows; each district gets its
    # own colour (a district holds one colour; the box has 4 trams per colour)
    cells = [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (2, 5), (2, 4), (2, 3), (2, 2)]
    colour = {1: "red", 2: "blue", 3: "white", 4: "green"}
    board = replay([]).board
    expected = [0, 1, 3, 5, 8, 11, 14, 18, 18]
    for n in range(1, len(cells) + 1):
        events = [place("Anna", r, c, colour[board.district((r, c))], "tram")
                  for r, c in cells[:n]]
        scored = player(replay(events), "Anna")
        assert scored["breakdown"]["motifs"] == expected[n - 1], n
        assert scored["details"]["motif_groups"] == ([n] if n >= 2 else [])


def test_a_score_past_49_is_the_true_total_not_the_track_position():
    # the score track wraps after 49 (add 50); the app shows the true total
    events = (district("Anna", "yellow", [(1, 1), (1, 2), (2, 1), (3, 1)])     # 4 × 3 = 12
              + district("Anna", "blue", [(1, 3), (1, 4), (1, 5), (2, 4)], "plaza")   # 12
              + district("Anna", "red", [(2, 5), (3, 4), (3, 5), (4, 5)], "kiosk")    # 12
              + district("Anna", "green", [(2, 2), (2, 3), (3, 2)], "bench")          # 9
              + district("Anna", "white", [(3, 3), (4, 3), (4, 4)], "cafe"))          # 9
    scored = player(replay(events), "Anna")
    assert scored["breakdown"]["districts"] == 54
    assert scored["total"] > 49 and scored["total"] == sum(scored["breakdown"].values())
