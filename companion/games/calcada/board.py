"""Calçada's boards as data: the player board and the scoring board's rows.

Calçada's boards as data: the player board (districts and printed numbers) and the rows of
multipliers on the shared scoring board.

The printed layouts are not public, so both are definitions loaded from JSON and validated
against every fact the rulebook states. The shipped defaults satisfy them but carry
``"unverified": true``, so every screen that shows one can say so. Pure: no Flask, no database.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any, Mapping, Union

from ..base import N_, RuleError
from ..core import whole

SIZE = 5
SIDES = ("8", "9")                  # the two sides of a player board, by district count
DISTRICT_COUNTS = (8, 9)
SMALLEST, LARGEST = 2, 5            # cells in a district
LOWEST, HIGHEST = 1, 5              # numbers printed on cells
MAX_ROWS = 10                       # the real boards have 3 to 5 rows; room for a variant
MAX_MULTIPLIER = 10
BOARDS = Path(__file__).with_name("boards")

Cell = tuple[int, int]              # (row, column), 1-based
DistrictId = Union[int, str]


@dataclass(frozen=True)
class Board:
    """One side of the player board: a district id and a printed number per cell."""

    districts: tuple[tuple[DistrictId, ...], ...]     # districts[row - 1][column - 1]
    numbers: tuple[tuple[int, ...], ...]              # numbers[row - 1][column - 1]
    name: str = "custom"
    unverified: bool = False

    @staticmethod
    def cells() -> tuple[Cell, ...]:
        return tuple((r, c) for r in range(1, SIZE + 1) for c in range(1, SIZE + 1))

    def number(self, cell: Cell) -> int:
        return self.numbers[cell[0] - 1][cell[1] - 1]

    def district(self, cell: Cell) -> DistrictId:
        return self.districts[cell[0] - 1][cell[1] - 1]

    @cached_property
    def groups(self) -> dict[DistrictId, tuple[Cell, ...]]:
        """Each district's cells in reading order, districts in order of their first cell."""
        groups: dict[DistrictId, list[Cell]] = {}
        for cell in self.cells():
            groups.setdefault(self.district(cell), []).append(cell)
        return {key: tuple(cells) for key, cells in groups.items()}

    def district_cells(self, cell: Cell) -> tuple[Cell, ...]:
        """The cells of the district ``cell`` lies in (itself included)."""
        return self.groups[self.district(cell)]


@dataclass(frozen=True)
class ScoringRows:
    """The scoring board's multipliers, top row first; every colour's stone starts on top."""

    rows: tuple[int, ...]
    unverified: bool = False


def neighbours(cell: Cell) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 1 <= r + dr <= SIZE and 1 <= c + dc <= SIZE]


# --- the player board ---------------------------------------------------------------------

# whole sentences per grid, so that each translates as a whole
GRID_MESSAGES = {
    "districts": (N_("The board's districts must be a list of %(size)d rows."),
                  N_("Row %(row)d of the board's districts must have %(size)d cells.")),
    "numbers": (N_("The board's numbers must be a list of %(size)d rows."),
                N_("Row %(row)d of the board's numbers must have %(size)d cells.")),
}


def _grid(data: Any, what: str) -> tuple[tuple[Any, ...], ...]:
    """A 5×5 list of lists; ``what`` is "districts" or "numbers"."""
    rows_message, cells_message = GRID_MESSAGES[what]
    if not isinstance(data, list) or len(data) != SIZE:
        raise RuleError(rows_message, size=SIZE)
    for r, row in enumerate(data, 1):
        if not isinstance(row, list) or len(row) != SIZE:
            raise RuleError(cells_message, row=r, size=SIZE)
    return tuple(tuple(row) for row in data)


def _check_numbers(numbers: tuple[tuple[Any, ...], ...]) -> None:
    for r, row in enumerate(numbers, 1):
        for c, value in enumerate(row, 1):
            if not whole(value) or not LOWEST <= value <= HIGHEST:
                raise RuleError(N_("The cell at row %(row)d, column %(column)d prints %(value)r; "
                                   "a cell prints a number from 1 to 5."),
                                row=r, column=c, value=value)


def _check_ids(districts: tuple[tuple[Any, ...], ...]) -> None:
    for r, row in enumerate(districts, 1):
        for c, value in enumerate(row, 1):
            if not (whole(value) or isinstance(value, str) and value.strip()):
                raise RuleError(N_("The cell at row %(row)d, column %(column)d has the district "
                                   "id %(value)r; a district id is a whole number or a name."),
                                row=r, column=c, value=value)


def _reachable(start: Cell, cells: set[Cell]) -> set[Cell]:
    seen, todo = {start}, [start]
    while todo:
        for near in neighbours(todo.pop()):
            if near in cells and near not in seen:
                seen.add(near)
                todo.append(near)
    return seen


def _check_districts(board: Board) -> None:
    groups = board.groups
    if len(groups) not in DISTRICT_COUNTS:
        raise RuleError(N_("The board has %(count)d districts; a side has 8 or 9."),
                        count=len(groups))
    for cells in groups.values():
        (row, column) = cells[0]
        if len(cells) < SMALLEST:
            raise RuleError(N_("The cell at row %(row)d, column %(column)d is a district on its "
                               "own; a district has 2 to 5 cells."), row=row, column=column)
        if len(cells) > LARGEST:
            raise RuleError(N_("The district of the cell at row %(row)d, column %(column)d has "
                               "%(count)d cells; a district has 2 to 5."),
                            row=row, column=column, count=len(cells))
        apart = [cell for cell in cells if cell not in _reachable(cells[0], set(cells))]
        if apart:
            raise RuleError(N_("The cell at row %(row)d, column %(column)d is cut off from the "
                               "rest of its district (which starts at row %(first_row)d, column "
                               "%(first_column)d); a district's cells must touch side by side."),
                            row=apart[0][0], column=apart[0][1], first_row=row,
                            first_column=column)


def load_board(data: Any, name: str = "custom") -> Board:
    """A validated board side; raises RuleError naming the cell or row at fault."""
    if not isinstance(data, Mapping):
        raise RuleError(N_('A board definition must be a JSON object with "districts" and '
                           '"numbers".'))
    districts = _grid(data.get("districts"), "districts")
    numbers = _grid(data.get("numbers"), "numbers")
    _check_ids(districts)
    _check_numbers(numbers)
    unverified = data.get("unverified", False)
    if not isinstance(unverified, bool):
        raise RuleError(N_("A board's unverified mark must be true or false."))
    name = data.get("name", name)
    if not isinstance(name, str) or not name.strip():
        raise RuleError(N_("A board's name must be a non-empty text."))
    board = Board(districts, numbers, name, unverified)
    _check_districts(board)
    return board


def board_json(board: Board) -> dict[str, Any]:
    """The record's inline form of a board (what ``load_board`` reads)."""
    return {"name": board.name, "unverified": board.unverified,
            "districts": [list(row) for row in board.districts],
            "numbers": [list(row) for row in board.numbers]}


@cache
def default_board(side: str) -> Board:
    """The shipped side "8" or "9" (unverified: the printed layouts are not public)."""
    with (BOARDS / f"side-{side}.json").open(encoding="utf-8") as handle:
        return load_board(json.load(handle), side)


# --- the scoring board --------------------------------------------------------------------

def load_rows(data: Any, unverified: bool = False) -> ScoringRows:
    """Validated multipliers, top row first; raises RuleError naming the row at fault."""
    if not isinstance(data, list) or not 1 <= len(data) <= MAX_ROWS:
        raise RuleError(N_("The scoring board must list 1 to %(max)d rows of multipliers, top "
                           "row first."), max=MAX_ROWS)
    for number, value in enumerate(data, 1):
        if not whole(value) or not 1 <= value <= MAX_MULTIPLIER:
            raise RuleError(N_("Row %(row)d of the scoring board has the multiplier %(value)r; "
                               "a multiplier is a whole number from 1 to %(max)d."),
                            row=number, value=value, max=MAX_MULTIPLIER)
        if number > 1 and value > data[number - 2]:
            raise RuleError(N_("Row %(row)d of the scoring board multiplies by %(value)d, more "
                               "than the row above it (%(above)d); multipliers fall from top to "
                               "bottom."), row=number, value=value, above=data[number - 2])
    return ScoringRows(tuple(data), unverified)


@cache
def default_rows() -> dict[int, ScoringRows]:
    """The shipped scoring boards by player count (unverified: the rulebook prints none)."""
    with (BOARDS / "scoring-rows.json").open(encoding="utf-8") as handle:
        data = json.load(handle)
    unverified = data.get("unverified", False)
    return {int(count): load_rows(rows, unverified) for count, rows in data["rows"].items()}
