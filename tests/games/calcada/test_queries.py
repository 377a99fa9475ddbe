"""The queries the screens ask: why a cell is refused, which tiles are left, the completions in
table order, the cells of motif groups and of unfinished districts; and the quick tally."""
from __future__ import annotations

import pytest

from companion.games.base import RuleError
from companion.games.calcada import rules

from .test_rules import D3, D7, D8, district, place, player, refused, replay


def test_a_cell_refusal_says_why_and_agrees_with_legal_cells():
    state = replay([place("Anna", 5, 2, "blue")])
    legal = set(rules.legal_cells(state, "Anna", "red", 4))
    for cell in state.board.cells():
        assert (rules.cell_refusal(state, "Anna", cell, "red", 4) is None) == (cell in legal)
    assert "prints 1, not the announced 4" in str(rules.cell_refusal(state, "Anna", (1, 1), "red", 4))
    assert "already holds blue tiles" in str(rules.cell_refusal(state, "Anna", (5, 3), "red", 7))
    assert "already has a tile" in str(rules.cell_refusal(state, "Anna", (5, 2), "blue", 7))


def test_a_closed_colour_is_refused_on_every_cell():
    closing = district("Anna", "blue", D7) + district("Bence", "blue", D7) + \
        district("Csilla", "blue", D7) + district("Anna", "blue", D8)
    state = replay(closing)
    assert rules.closed_colours(state) == ["blue"]
    assert rules.legal_cells(state, "Bence", "blue", 7) == []
    assert "blue is closed" in str(rules.cell_refusal(state, "Bence", (1, 1), "blue", 7))


def test_motifs_left_drop_a_kind_once_its_4_tiles_are_placed():
    four = [place(p, 1, 1, "red", "kiosk") for p in ("Anna", "Bence", "Csilla")] + \
        [place("Anna", 1, 2, "red", "kiosk")]
    state = replay(four)
    assert "kiosk" not in rules.motifs_left(state, "red")
    assert "kiosk" in rules.motifs_left(state, "blue")


def test_completions_are_kept_in_table_order_with_the_multiplier_each_used():
    state = replay(district("Anna", "blue", D7) + district("Bence", "blue", D7))
    assert [(p, c.multiplier, c.points) for p, c in state.completed] == \
        [("Anna", 3, 6), ("Bence", 3, 6)]      # 3 players: x3, x3, x2, x1
    state = replay(district("Anna", "blue", D7) + district("Bence", "blue", D7)
                   + district("Csilla", "blue", D7))
    assert state.completed[-1][1].multiplier == 2


def test_motif_group_cells_and_unfinished_cells_are_what_the_final_screen_marks():
    state = replay(district("Anna", "red", D3, "cafe") + [place("Anna", 1, 1, "blue", "cafe")])
    assert rules.motif_group_cells(state.boards["Anna"].tiles) == [frozenset(D3)]
    assert rules.unfinished_cells(state.board, state.boards["Anna"].tiles) == [(1, 1)]


# --- quick tally --------------------------------------------------------------------------------

def tally(name, tiles, districts=0, bonus_tiles=0):
    return {"type": "tally", "player": name, "districts": districts, "bonus_tiles": bonus_tiles,
            "tiles": [{"row": r, "column": c, "colour": colour, "motif": motif}
                      for (r, c), colour, motif in tiles]}


def test_a_tally_needs_a_table_started_as_one():
    refused(replay([], tally=False), tally("Anna", []), "only for a table started as one")
    with pytest.raises(RuleError, match='"tally" option must be true or false'):
        rules.options({"tally": "yes"}, ["Anna", "Bence"])


def test_a_tallied_board_scores_its_motifs_unfinished_districts_and_bonus_tiles():
    tiles = [((2, 2), "red", "cafe"), ((2, 3), "red", "cafe"), ((3, 2), "red", "cafe"),
             ((1, 1), "blue", "tram")]
    state = replay([tally("Anna", tiles, districts=14, bonus_tiles=5)], tally=True)
    anna = player(state, "Anna")
    assert anna["breakdown"] == {"districts": 14, "motifs": 3, "unfinished": 1, "bonus_tiles": 2}
    assert anna["total"] == 20 and state.completed == ()


def test_a_later_tally_replaces_the_earlier_one():
    state = replay([tally("Anna", [((1, 1), "red", "tram")], 5),
                    tally("Anna", [((1, 2), "red", "tram")], 7)], tally=True)
    assert set(state.boards["Anna"].tiles) == {(1, 2)}
    assert player(state, "Anna")["breakdown"]["districts"] == 7


def test_a_tally_is_checked_like_the_table():
    state = replay([], tally=True)
    refused(state, tally("Anna", [((1, 1), "red", "tram"), ((1, 2), "blue", "tram")]),
            "already holds red tiles")
    refused(state, tally("Anna", [((1, 1), "red", "tram"), ((1, 1), "red", "tram")]),
            "names row 1, column 1 twice")
    refused(state, tally("Anna", [((6, 1), "red", "tram")]), "is not on the board")
    refused(state, tally("Anna", [], districts=-1), "Completion points are a whole number")
    refused(state, tally("Anna", [], bonus_tiles="2"), "Unused bonus tiles are a whole number")
    refused(state, tally("Dora", []), "'Dora' is not a player")
    full = replay([tally(name, [((1, 1), "red", "tram")]) for name in ("Anna", "Bence", "Csilla")]
                  + [tally("Anna", [((1, 1), "red", "tram"), ((1, 2), "red", "tram")])],
                  tally=True)
    refused(full, tally("Bence", [((1, 1), "red", "tram"), ((1, 2), "red", "tram")]),
            "All 4 red tram tiles are already on the boards")
