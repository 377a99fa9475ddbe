"""The sheet definition: what the default must satisfy and what a broken definition is told."""
from __future__ import annotations

import copy

import pytest

from companion.games.base import RuleError
from companion.games.doodle_city.sheet import (CELL_TYPES, SHAPES, HouseField, default_sheet,
                                               load_sheet, shape, sheet_json)


def test_the_default_sheet_has_every_count_the_rulebooks_state():
    sheet = default_sheet()
    assert len(sheet.grid) == 5 and all(len(row) == 5 for row in sheet.grid)
    cells = [kind for row in sheet.grid for kind in row]
    assert {kind: cells.count(kind) for kind in CELL_TYPES} == {
        "house": 5, "hotel": 5, "shop": 7, "taxi": 8}
    # exactly one house field per column, each with 3 or 4 houses of which exactly 2 are free
    assert [h.column for h in sheet.houses] == [1, 2, 3, 4, 5]
    for h in sheet.houses:
        assert sheet.cell(h.row, h.column) == "house"
        assert (h.total, h.crossed) in ((3, 1), (4, 2))
    assert sheet.trees == 7
    assert sheet.hotel_track[-1] == 15 and {3, 5} <= set(sheet.hotel_track)
    assert 4 not in sheet.hotel_track
    assert sheet.shop_track[-1] == 10 and {4, 5} <= set(sheet.shop_track)


def test_the_default_sheet_is_marked_unverified_and_fits_the_solo_goals():
    sheet = default_sheet()
    assert (sheet.name, sheet.unverified) == ("default", True)
    assert sum(sheet.hotel_track[-5:]) == 42                        # Hotel magnate
    assert sum(sheet.shop_track) + 10 + 7 + 5 + 3 == 74              # Capitalist
    assert sum(h.total for h in sheet.houses) >= 16                  # Shopping spree
    # a plausible layout: the house fields do not all sit in one row
    assert len({h.row for h in sheet.houses}) == 5


def test_cell_and_house_at_read_the_grid_one_based():
    sheet = default_sheet()
    field = sheet.houses[0]
    assert sheet.house_at(field.row, field.column) == field
    assert sheet.cell(field.row, field.column) == "house"
    other = next((r, c) for r in range(1, 6) for c in range(1, 6) if sheet.cell(r, c) != "house")
    assert sheet.house_at(*other) is None


def test_a_sheet_survives_its_json_form():
    sheet = default_sheet()
    assert load_sheet(sheet_json(sheet)) == sheet
    data = sheet_json(sheet)
    data["houses"][0]["roads"] = ["NS", "EW", "EN", "SE", "WS", "NW"]
    data["name"], data["unverified"] = "Our copy", False
    ours = load_sheet(data)
    assert ours.houses[0].roads == ("NS", "EW", "NE", "ES", "SW", "NW")
    assert (ours.name, ours.unverified) == ("Our copy", False)
    assert load_sheet(sheet_json(ours)) == ours
    assert sheet_json(ours)["houses"][0]["roads"] == list(ours.houses[0].roads)
    assert "roads" not in sheet_json(ours)["houses"][1]


def test_houses_are_sorted_by_column_whatever_the_entry_order():
    data = sheet_json(default_sheet())
    data["houses"].reverse()
    assert load_sheet(data) == default_sheet()
    assert isinstance(load_sheet(data).houses[0], HouseField)


@pytest.mark.parametrize("given, name", [
    ("NS", "NS"), ("SN", "NS"), ("EW", "EW"), ("WE", "EW"), ("EN", "NE"), ("NE", "NE"),
    ("SE", "ES"), ("WS", "SW"), ("WN", "NW"), ("nw", "NW")])
def test_a_shape_is_named_by_its_two_sides_in_any_order(given, name):
    assert shape(given) == name
    assert name in SHAPES


@pytest.mark.parametrize("given", ["NN", "N", "NSE", "XY", "", None, 12, ["N", "S"]])
def test_anything_else_is_not_a_shape(given):
    with pytest.raises(RuleError, match="is not a road shape"):
        shape(given)


# --- every validation rule refuses a broken definition, naming where -----------------------

def _set(path, value):
    def change(data):
        *parents, last = path
        target = data
        for key in parents:
            target = target[key]
        target[last] = value
    return change


def _swap(row, column, kind):
    return _set(("grid", row - 1, column - 1), kind)


def _move_house_entry(data):
    data["houses"][0]["row"] = 1 if data["houses"][0]["row"] != 1 else 2


BROKEN = [
    ("four rows", lambda d: d["grid"].pop(), "grid must have 5 rows"),
    ("short row", lambda d: d["grid"][2].pop(), "Row 3 of the sheet must have 5 cells"),
    ("unknown type", _swap(2, 4, "park"), "Row 2, column 4 of the sheet is 'park'"),
    ("two houses in a column", _swap(1, 1, "house"), "Column 1 of the sheet has 2 house fields"),
    ("no house in a column", _swap(2, 1, "taxi"), "Column 1 of the sheet has 0 house fields"),
    ("a hotel too few", _swap(1, 4, "taxi"), "The sheet has 4 hotels; it must have 5."),
    ("a shop too many", _swap(1, 1, "shop"), "The sheet has 8 shops; it must have 7."),
    ("houses not a list", _set(("houses",), {}), "houses must be a list"),
    ("entry without total", lambda d: d["houses"][1].pop("total"),
     "House entry 2 needs whole numbers row, column, total and crossed"),
    ("entry off a house field", _move_house_entry, "House entry 1: row 1, column 1 is not a house field"),
    ("missing entry", lambda d: d["houses"].pop(2),
     "The house field at row 1, column 3 has no house entry"),
    ("duplicate entry", lambda d: d["houses"].append(dict(d["houses"][0])),
     "The house field at row 2, column 1 has two house entries"),
    ("five houses", _set(("houses", 0, "total"), 5),
     "The house field at row 2, column 1 shows 5 houses"),
    ("three crossed", _set(("houses", 0, "crossed"), 3), "row 2, column 1: 4 houses with 3 printed"),
    ("three free", _set(("houses", 0, "crossed"), 1), "row 2, column 1: 4 houses with 1 printed"),
    ("five start roads", _set(("houses", 3, "roads"), ["NS"] * 5),
     "row 5, column 4 must list 6 start roads"),
    ("bad start road", _set(("houses", 3, "roads"), ["NS"] * 5 + ["NN"]), "'NN' is not a road shape"),
    ("hotel track unordered", _set(("hotel_track",), [3, 7, 5, 12, 15]),
     "The hotel track must list different positive whole numbers"),
    ("hotel track repeats", _set(("hotel_track",), [3, 5, 5, 12, 15]),
     "The hotel track must list different positive whole numbers"),
    ("hotel track of text", _set(("hotel_track",), ["3", "5", "15"]),
     "The hotel track must list different positive whole numbers"),
    ("hotel top", _set(("hotel_track",), [3, 5, 7, 12, 14]), "The hotel track's top value must be 15"),
    ("hotel without 3", _set(("hotel_track",), [5, 7, 12, 15]), "The hotel track must contain 3"),
    ("hotel without 5", _set(("hotel_track",), [3, 7, 12, 15]), "The hotel track must contain 5"),
    ("hotel with 4", _set(("hotel_track",), [3, 4, 5, 12, 15]), "The hotel track must not contain 4"),
    ("shop track with 0", _set(("shop_track",), [0, 4, 5, 10]),
     "The shop track must list different positive whole numbers"),
    ("shop top", _set(("shop_track",), [4, 5, 6, 7, 8, 9]), "The shop track's top value must be 10"),
    ("shop without 4", _set(("shop_track",), [5, 6, 7, 8, 9, 10]), "The shop track must contain 4"),
    ("shop without 5", _set(("shop_track",), [4, 6, 7, 8, 9, 10]), "The shop track must contain 5"),
    ("six trees", _set(("trees",), 6), "A sheet has 7 trees"),
    ("trees as text", _set(("trees",), "7"), "A sheet has 7 trees"),
    ("empty name", _set(("name",), " "), "name must be a non-empty text"),
    ("unverified as text", _set(("unverified",), "yes"), "unverified mark must be true or false"),
]


@pytest.mark.parametrize("change, reason", [(c, r) for _, c, r in BROKEN],
                         ids=[i for i, _, _ in BROKEN])
def test_a_broken_definition_is_refused_naming_the_fault(change, reason):
    data = copy.deepcopy(sheet_json(default_sheet()))
    change(data)
    with pytest.raises(RuleError) as refused:
        load_sheet(data)
    assert reason in str(refused.value)


def test_a_definition_that_is_not_an_object_is_refused():
    with pytest.raises(RuleError, match="must be a JSON object"):
        load_sheet(["grid"])
