"""The Doodle City sheet as data: grid, house fields, score tracks, trees.

The printed layout is not public, so a sheet is a definition loaded from JSON and validated
against every fact the rulebooks do state (see ``load_sheet``). The shipped default satisfies
them but is marked unverified: players compare it with their own sheet and correct it.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Mapping

from ..base import N_, RuleError
from ..core import whole

SIZE = 5
SHAPES = ("NS", "EW", "NE", "ES", "SW", "NW")
CELL_TYPES = ("house", "hotel", "shop", "taxi")
COUNTS = {"house": 5, "hotel": 5, "shop": 7, "taxi": 8}
TREES = 7
HOTEL_TOP, SHOP_TOP = 15, 10
# whole sentences per cell type and track, so that each translates as a whole
COUNT_MESSAGES = {
    "hotel": N_("The sheet has %(count)d hotels; it must have %(expected)d."),
    "shop": N_("The sheet has %(count)d shops; it must have %(expected)d."),
    "taxi": N_("The sheet has %(count)d taxis; it must have %(expected)d."),
}
TRACK_MESSAGES = {
    "hotel": {
        "order": N_("The hotel track must list different positive whole numbers, lowest first."),
        "top": N_("The hotel track's top value must be %(top)d."),
        "missing": N_("The hotel track must contain %(value)d."),
        "extra": N_("The hotel track must not contain %(value)d."),
    },
    "shop": {
        "order": N_("The shop track must list different positive whole numbers, lowest first."),
        "top": N_("The shop track's top value must be %(top)d."),
        "missing": N_("The shop track must contain %(value)d."),
        "extra": N_("The shop track must not contain %(value)d."),
    },
}
DEFAULT_FILE = Path(__file__).with_name("sheets") / "default.json"


def shape(value: Any) -> str:
    """The canonical name of a road shape given as its two sides in any order ("EN" -> "NE")."""
    if isinstance(value, str) and len(value) == 2:
        for name in SHAPES:
            if set(name) == set(value.upper()):
                return name
    raise RuleError(N_("%(shape)r is not a road shape: name two different sides of the cell "
                       "with the letters N, E, S, W, e.g. NS or NE."), shape=value)


@dataclass(frozen=True)
class HouseField:
    row: int
    column: int
    total: int                  # houses printed in the field
    crossed: int                # of them printed already crossed
    roads: tuple[str, ...] | None = None   # roads[face - 1]: the start road for that blue face

    @property
    def free(self) -> int:
        return self.total - self.crossed


@dataclass(frozen=True)
class Sheet:
    grid: tuple[tuple[str, ...], ...]       # grid[row - 1][column - 1]
    houses: tuple[HouseField, ...]          # sorted by column
    hotel_track: tuple[int, ...]
    shop_track: tuple[int, ...]
    trees: int
    name: str = "default"
    unverified: bool = True

    def cell(self, row: int, column: int) -> str:
        return self.grid[row - 1][column - 1]

    def house_at(self, row: int, column: int) -> HouseField | None:
        return next((h for h in self.houses if (h.row, h.column) == (row, column)), None)


# --- loading ----------------------------------------------------------------------------------

def _grid(data: Any) -> tuple[tuple[str, ...], ...]:
    if not isinstance(data, list) or len(data) != SIZE:
        raise RuleError(N_("The sheet's grid must have %(size)d rows."), size=SIZE)
    for r, row in enumerate(data, 1):
        if not isinstance(row, list) or len(row) != SIZE:
            raise RuleError(N_("Row %(row)d of the sheet must have %(size)d cells."), row=r, size=SIZE)
        for c, kind in enumerate(row, 1):
            if kind not in CELL_TYPES:
                raise RuleError(N_("Row %(row)d, column %(column)d of the sheet is %(kind)r; a cell "
                                   "is a house, hotel, shop or taxi."), row=r, column=c, kind=kind)
    grid = tuple(tuple(row) for row in data)
    for c in range(1, SIZE + 1):
        count = sum(row[c - 1] == "house" for row in grid)
        if count != 1:
            raise RuleError(N_("Column %(column)d of the sheet has %(count)d house fields; every "
                               "column has exactly one."), column=c, count=count)
    for kind, message in COUNT_MESSAGES.items():
        count = sum(row.count(kind) for row in grid)
        if count != COUNTS[kind]:
            raise RuleError(message, count=count, expected=COUNTS[kind])
    return grid


def _house(entry: Any, n: int, grid: tuple[tuple[str, ...], ...]) -> HouseField:
    if not isinstance(entry, Mapping) or not all(
            whole(entry.get(key)) for key in ("row", "column", "total", "crossed")):
        raise RuleError(N_("House entry %(n)d needs whole numbers row, column, total and crossed."), n=n)
    row, column, total, crossed = (entry[k] for k in ("row", "column", "total", "crossed"))
    where = {"row": row, "column": column}
    if not (1 <= row <= SIZE and 1 <= column <= SIZE) or grid[row - 1][column - 1] != "house":
        raise RuleError(N_("House entry %(n)d: row %(row)d, column %(column)d is not a house "
                           "field of the grid."), n=n, **where)
    if total not in (3, 4):
        raise RuleError(N_("The house field at row %(row)d, column %(column)d shows %(total)d "
                           "houses; a house field shows 3 or 4."), total=total, **where)
    if crossed not in (1, 2) or total - crossed != 2:
        raise RuleError(N_("The house field at row %(row)d, column %(column)d: %(total)d houses "
                           "with %(crossed)d printed crossed; a house field has exactly 2 free "
                           "houses (3 with 1 crossed, or 4 with 2 crossed)."),
                        total=total, crossed=crossed, **where)
    roads = entry.get("roads")
    if roads is not None:
        if not isinstance(roads, list) or len(roads) != 6:
            raise RuleError(N_("The house field at row %(row)d, column %(column)d must list 6 start "
                               "roads, one per blue die face."), **where)
        roads = tuple(shape(r) for r in roads)
    return HouseField(row, column, total, crossed, roads)


def _houses(data: Any, grid: tuple[tuple[str, ...], ...]) -> tuple[HouseField, ...]:
    if not isinstance(data, list):
        raise RuleError(N_("The sheet's houses must be a list with one entry per house field."))
    houses = [_house(entry, n, grid) for n, entry in enumerate(data, 1)]
    seen: set[tuple[int, int]] = set()
    for h in houses:
        if (h.row, h.column) in seen:
            raise RuleError(N_("The house field at row %(row)d, column %(column)d has two house "
                               "entries."), row=h.row, column=h.column)
        seen.add((h.row, h.column))
    for r, row in enumerate(grid, 1):
        for c, kind in enumerate(row, 1):
            if kind == "house" and (r, c) not in seen:
                raise RuleError(N_("The house field at row %(row)d, column %(column)d has no house "
                                   "entry."), row=r, column=c)
    return tuple(sorted(houses, key=lambda h: h.column))


def _track(data: Any, track: str, top: int, present: tuple[int, ...],
           absent: tuple[int, ...] = ()) -> tuple[int, ...]:
    say = TRACK_MESSAGES[track]
    if (not isinstance(data, list) or not data or not all(whole(v) and v > 0 for v in data)
            or any(a >= b for a, b in zip(data, data[1:]))):
        raise RuleError(say["order"])
    if data[-1] != top:
        raise RuleError(say["top"], top=top)
    for value in present:
        if value not in data:
            raise RuleError(say["missing"], value=value)
    for value in absent:
        if value in data:
            raise RuleError(say["extra"], value=value)
    return tuple(data)


def load_sheet(data: Mapping[str, Any]) -> Sheet:
    """A validated sheet; raises RuleError naming the cell, row or field at fault."""
    if not isinstance(data, Mapping):
        raise RuleError(N_("A sheet definition must be a JSON object."))
    grid = _grid(data.get("grid"))
    houses = _houses(data.get("houses"), grid)
    # rulebook example: a road of 5 with 5 taken circles 3, so the hotel track has no 4
    hotel = _track(data.get("hotel_track"), "hotel", HOTEL_TOP, (3, 5), (4,))
    shop = _track(data.get("shop_track"), "shop", SHOP_TOP, (4, 5))
    if data.get("trees") != TREES or not whole(data.get("trees")):
        raise RuleError(N_("A sheet has %(trees)d trees."), trees=TREES)
    name, unverified = data.get("name", "default"), data.get("unverified", True)
    if not isinstance(name, str) or not name.strip():
        raise RuleError(N_("A sheet's name must be a non-empty text."))
    if not isinstance(unverified, bool):
        raise RuleError(N_("A sheet's unverified mark must be true or false."))
    return Sheet(grid, houses, hotel, shop, TREES, name, unverified)


def sheet_json(sheet: Sheet) -> dict[str, Any]:
    """The record contract's inline form of a sheet (what ``load_sheet`` reads)."""
    houses = []
    for h in sheet.houses:
        entry: dict[str, Any] = {"row": h.row, "column": h.column, "total": h.total,
                                 "crossed": h.crossed}
        if h.roads is not None:
            entry["roads"] = list(h.roads)
        houses.append(entry)
    return {"grid": [list(row) for row in sheet.grid], "houses": houses,
            "hotel_track": list(sheet.hotel_track), "shop_track": list(sheet.shop_track),
            "trees": sheet.trees, "name": sheet.name, "unverified": sheet.unverified}


@cache
def default_sheet() -> Sheet:
    return load_sheet(json.loads(DEFAULT_FILE.read_text(encoding="utf-8")))
