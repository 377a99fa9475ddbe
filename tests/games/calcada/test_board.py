"""Board definitions as data: the shipped sides and scoring rows load, and every broken
definition is refused with a message naming the cell or row at fault."""
from __future__ import annotations

import copy
import json

import pytest

from companion import record
from companion.games.base import RuleError
from companion.games.calcada import board
from companion.games.calcada.board import board_json, default_board, default_rows, load_board, load_rows

from .test_rules import BOARD


def side(name):
    with (board.BOARDS / f"side-{name}.json").open(encoding="utf-8") as handle:
        return json.load(handle)


def broken(change):
    """BOARD with ``change(definition)`` applied."""
    data = copy.deepcopy(BOARD)
    change(data)
    return data


def set_cell(grid, row, column, value):
    def change(data):
        data[grid][row - 1][column - 1] = value
    return change


@pytest.mark.parametrize("name, count", [("8", 8), ("9", 9)])
def test_both_shipped_sides_load_flagged_unverified(name, count):
    loaded = default_board(name)
    assert len(loaded.groups) == count and loaded.name == name
    assert loaded.unverified is True and side(name)["unverified"] is True
    assert all(2 <= len(cells) <= 5 for cells in loaded.groups.values())
    assert sorted(c for cells in loaded.groups.values() for c in cells) == list(loaded.cells())


def test_the_shipped_scoring_rows_fall_top_to_bottom_per_player_count_and_are_unverified():
    rows = default_rows()
    assert {n: r.rows for n, r in rows.items()} == {2: (3, 2, 1), 3: (3, 3, 2, 1),
                                                    4: (3, 3, 2, 2, 1)}
    assert all(r.unverified for r in rows.values())


def test_a_board_round_trips_through_its_inline_form():
    loaded = default_board("9")
    assert load_board(board_json(loaded)) == loaded
    assert board_json(loaded)["unverified"] is True


def test_district_ids_may_be_names():
    names = {1: "a", 2: "b", 3: "c", 4: "d", 5: "e", 6: "f", 7: "g", 8: "h"}
    data = {**BOARD, "districts": [[names[i] for i in row] for row in BOARD["districts"]]}
    assert load_board(data).district_cells((5, 2)) == ((5, 2), (5, 3))


@pytest.mark.parametrize("data, message", [
    ("8", 'A board definition must be a JSON object with "districts" and "numbers".'),
    ({"numbers": BOARD["numbers"]}, "The board's districts must be a list of 5 rows."),
    (broken(lambda d: d["numbers"].pop()), "The board's numbers must be a list of 5 rows."),
    (broken(lambda d: d["districts"][2].append(4)), "Row 3 of the board's districts must have 5 cells."),
    (broken(lambda d: d["numbers"].__setitem__(4, "54321")),
     "Row 5 of the board's numbers must have 5 cells."),
    (broken(set_cell("numbers", 2, 3, 6)),
     "The cell at row 2, column 3 prints 6; a cell prints a number from 1 to 5."),
    (broken(set_cell("numbers", 4, 1, 0)), "The cell at row 4, column 1 prints 0;"),
    (broken(set_cell("numbers", 1, 5, "3")), "The cell at row 1, column 5 prints '3';"),
    (broken(set_cell("numbers", 1, 1, True)), "The cell at row 1, column 1 prints True;"),
    (broken(set_cell("districts", 3, 4, None)), "The cell at row 3, column 4 has the district id None"),
    (broken(set_cell("districts", 3, 4, " ")), "The cell at row 3, column 4 has the district id ' '"),
    # every row one district: 5 districts
    ({**BOARD, "districts": [[r] * 5 for r in range(5)]}, "The board has 5 districts; a side has 8 or 9."),
    # the 9-district side with its 5-cell district split in two: 10
    ({**side("9"), "districts": [[1, 1, 2, 2, 3], [4, 1, 2, 3, 3], [4, 5, 5, 10, 7],
                                 [8, 6, 10, 10, 7], [8, 6, 6, 9, 9]]},
     "The board has 10 districts; a side has 8 or 9."),
    # (5,5) made a district of its own leaves (5,4) alone too; (5,4) comes first
    (broken(set_cell("districts", 5, 5, 9)),
     "The cell at row 5, column 4 is a district on its own; a district has 2 to 5 cells."),
    # the 9-district side with its districts 5 and 7 merged: 7 cells
    ({**side("9"), "districts": [[1, 1, 2, 2, 3], [4, 1, 2, 3, 3], [4, 5, 5, 5, 5],
                                 [8, 6, 5, 5, 5], [8, 6, 6, 9, 9]]},
     "The district of the cell at row 3, column 2 has 7 cells; a district has 2 to 5."),
    # districts 7 and 8 swap a cell each: (5,2)+(5,4) and (5,3)+(5,5)
    ({**BOARD, "districts": BOARD["districts"][:4] + [[6, 7, 8, 7, 8]]},
     "The cell at row 5, column 4 is cut off from the rest of its district (which starts at "
     "row 5, column 2)"),
    ({**BOARD, "unverified": "yes"}, "A board's unverified mark must be true or false."),
    ({**BOARD, "name": ""}, "A board's name must be a non-empty text."),
])
def test_a_broken_board_is_refused_naming_what_is_wrong(data, message):
    with pytest.raises(RuleError) as error:
        load_board(data)
    assert message in str(error.value)


@pytest.mark.parametrize("rows, message", [
    ([], "The scoring board must list 1 to 10 rows of multipliers, top row first."),
    ("3,2,1", "The scoring board must list 1 to 10 rows"),
    ([3] * 11, "The scoring board must list 1 to 10 rows"),
    ([3, 0, 0], "Row 2 of the scoring board has the multiplier 0; a multiplier is a whole number "
                "from 1 to 10."),
    ([3, 2, 1.5], "Row 3 of the scoring board has the multiplier 1.5;"),
    ([11], "Row 1 of the scoring board has the multiplier 11;"),
    ([3, 2, 2, 3], "Row 4 of the scoring board multiplies by 3, more than the row above it (2); "
                   "multipliers fall from top to bottom."),
])
def test_broken_scoring_rows_are_refused_naming_the_row(rows, message):
    with pytest.raises(RuleError) as error:
        load_rows(rows)
    assert message in str(error.value)


def test_equal_neighbouring_rows_are_allowed():
    assert load_rows([3, 3, 2, 2, 1]).rows == (3, 3, 2, 2, 1)


def record_with(options):
    return {"format": "table-companion-record", "version": 1, "game": "calcada",
            "options": options, "players": [{"name": "Anna"}, {"name": "Bence"}], "events": []}


def test_a_records_inline_board_and_scoring_rows_are_validated_the_same_way():
    bad_board = broken(set_cell("numbers", 2, 3, 9))
    with pytest.raises(record.RecordError, match="The cell at row 2, column 3 prints 9"):
        record.load(record_with({"board": bad_board}))
    with pytest.raises(record.RecordError, match="Row 2 of the scoring board multiplies by 4"):
        record.load(record_with({"scoring_rows": [3, 4]}))
    loaded = record.load(record_with({"board": BOARD, "scoring_rows": [4, 2]}))
    assert loaded.state.scoring.rows == (4, 2) and loaded.state.board.unverified is False
