"""The board as the screens draw it: outlines follow the districts, lit cells are the legal
ones, and the final marks are the rules' motif groups and unfinished tiles."""
from __future__ import annotations

from companion.games.calcada import drawing, rules

from .test_rules import D3, district, place, replay


def segments(path: str) -> set[str]:
    return {part.strip() for part in ("M" + p for p in path.split("M")[1:])}


def test_district_outlines_run_round_the_board_and_between_districts_only():
    state = replay([])
    lines = segments(drawing.districts(state.board))
    assert len([s for s in lines if s.startswith("M0,0 ")]) == 2          # the top-left corner
    assert "M120,240 L120,300" not in lines       # (5,2) and (5,3) share district 7: no line
    assert "M60,240 L120,240" in lines            # (4,2) above is district 6
    assert "M180,240 L180,300" in lines           # between districts 7 and 8


def test_the_drawn_board_lights_the_legal_cells_and_shows_the_tiles():
    state = replay([place("Anna", 5, 2, "blue", "tram")])
    legal = rules.legal_cells(state, "Anna", "blue", 1)
    drawn = drawing.board(state, "Anna", legal, selected=(5, 3))
    cells = {(c["row"], c["column"]): c for c in drawn["cells"]}
    assert {cell for cell, c in cells.items() if c["legal"]} == set(legal)
    assert cells[(5, 2)]["tile"] == rules.Tile("blue", "tram") and cells[(5, 3)]["selected"]
    assert cells[(1, 1)]["number"] == 1 and drawn["groups"] == [] == drawn["unfinished"]


def test_the_final_board_outlines_motif_groups_and_marks_unfinished_tiles():
    state = replay(district("Anna", "red", D3, "cafe") + [place("Anna", 1, 1, "blue", "cafe")])
    drawn = drawing.board(state, "Anna", final=True)
    assert [(g["size"], g["points"]) for g in drawn["groups"]] == [(3, 3)]
    assert drawn["unfinished"] == [{"x": 0, "y": 0}]
    assert len(segments(drawn["groups"][0]["path"])) == 8     # the L of three cells
