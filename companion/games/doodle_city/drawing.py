"""A Doodle City sheet as a screen draws it (no rules here).

The sheet as a screen draws it: cells, dice, tracks and what just happened. Computed from
the rules' state and queries; no Flask here either, so it is tested like the rules.
"""
from __future__ import annotations

from typing import Any

from . import rules
from .sheet import SHAPES

CELL = 60           # SVG units per cell
SIDES = {"N": (0.5, 0.0), "E": (1.0, 0.5), "S": (0.5, 1.0), "W": (0.0, 0.5)}


def road_path(row: int, column: int, shape: str) -> str:
    """An SVG path joining the two sides of the cell, curved through its centre."""
    x, y = (column - 1) * CELL, (row - 1) * CELL
    (ax, ay), (bx, by) = (SIDES[side] for side in shape)
    cx, cy = x + CELL / 2, y + CELL / 2
    return (f"M{x + ax * CELL:g},{y + ay * CELL:g} Q{cx:g},{cy:g} "
            f"{x + bx * CELL:g},{y + by * CELL:g}")


def shape_icon(shape: str) -> str:
    """The same path in a 0..60 box, for the six shape buttons."""
    return road_path(1, 1, shape)


def board(state: rules.State, player: str, die: int | None = None,
          cell: tuple[int, int] | None = None, every_die: bool = False) -> dict[str, Any]:
    """Everything the phone draws for ``player``'s sheet, with the cells this die can reach
    (``every_die``, no die picked yet: the cells any legal die reaches, each a choice the page
    offers once its die is picked; ``reach`` marks them)."""
    mine = state.sheets[player]
    acting = rules.may_act(state, player) and not state.finished and state.roll is not None
    targets = set(rules.targets(state, player, die)) if acting and die is not None else set()
    reach: set[tuple[int, int]] = set()
    if acting and die is None and every_die:
        reach = {found for legal in rules.legal_dice(state, player)
                 for found in rules.targets(state, player, legal)}
    cells = []
    for row in range(1, 6):
        for column in range(1, 6):
            kind = state.sheet.cell(row, column)
            shape = rules.shape_at(state, player, row, column)
            field = state.sheet.house_at(row, column)
            houses = []
            if field:
                drawn = mine.crosses.get((row, column), 0)
                houses = (["printed"] * field.crossed + ["crossed"] * drawn
                          + ["free"] * (field.total - field.crossed - drawn))
            cells.append({"row": row, "column": column, "type": kind, "houses": houses,
                          "x": (column - 1) * CELL, "y": (row - 1) * CELL,
                          "path": shape_icon(shape) if shape else None,   # in the cell's box
                          "target": (row, column) in targets or (row, column) in reach,
                          "reach": (row, column) in reach, "selected": cell == (row, column)})
    return {"cells": cells, "size": 5 * CELL, "acting": acting,
            "selected": cell if cell in targets else None,
            "selected_type": state.sheet.cell(*cell) if cell in targets else None}


def dice(state: rules.State, player: str | None) -> list[dict[str, Any]]:
    if state.roll is None:
        return []
    legal = set(rules.legal_dice(state, player)) if player and rules.may_act(state, player) else set()
    return [{"index": i, "value": value, "taken_by": state.taken.get(i), "legal": i in legal}
            for i, value in enumerate(state.roll.white)]


def tracks(state: rules.State, player: str) -> dict[str, Any]:
    mine = state.sheets[player]
    return {
        "hotel": [{"value": v, "circled": v in mine.hotels} for v in state.sheet.hotel_track],
        "shop": [{"value": v, "circled": v in mine.shops} for v in state.sheet.shop_track],
        "bonuses": [{"value": t, "holder": state.claimed.get(t), "mine": state.claimed.get(t) == player}
                    for t in sorted(rules.BONUSES)],
        "trees": [i < mine.trees for i in range(state.sheet.trees)],
    }


def shapes() -> list[dict[str, str]]:
    return [{"shape": s, "path": shape_icon(s)} for s in SHAPES]


def tally_tracks(state: rules.State, player: str) -> dict[str, Any]:
    """A saved quick tally drawn like the paper sheet's tracks."""
    tally = state.tallies[player]
    return {
        "hotel": [{"value": v, "circled": v in tally.hotels} for v in state.sheet.hotel_track],
        "shop": [{"value": v, "circled": v in tally.shops} for v in state.sheet.shop_track],
        "bonuses": [{"value": t, "mine": t in tally.bonuses} for t in sorted(rules.BONUSES)],
        "trees": [i < tally.trees for i in range(state.sheet.trees)],
        "taxis": tally.taxis,
    }
