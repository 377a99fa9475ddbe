"""A Quadropolis city as a screen draws it (no rules here).

The city as a screen draws it: each cell's building (kind, floors, what it printed, the
Mayor), the mat's districts and numbers, and a plan's pieces on it. Computed from the rules'
state and result; no Flask here, so it is tested like the rules.
"""
from __future__ import annotations

from typing import Any, Mapping

from .data import Cell, mats
from .rules import State
from .scoring import needs

CELL = 80           # SVG units per cell
EDGE = 32           # room above and at the left for the column and row numbers
PAD = 2             # room at the right and below for the outline's stroke (the tap grid laid
                    # over the cells leaves both: static/css/app.css, .q-hit)


def outlines(state: State) -> list[str]:
    """SVG path pieces along the edges between districts (and around the mat)."""
    mat, parts = mats()[state.mode], []
    for r, c in mat.cells():
        x, y = (c - 1) * CELL, (r - 1) * CELL
        if c == mat.columns or mat.district((r, c)) != mat.district((r, c + 1)):
            parts.append(f"M{x + CELL},{y} v{CELL}")
        if r == mat.rows or mat.district((r, c)) != mat.district((r + 1, c)):
            parts.append(f"M{x},{y + CELL} h{CELL}")
        if c == 1:
            parts.append(f"M{x},{y} v{CELL}")
        if r == 1:
            parts.append(f"M{x},{y} h{CELL}")
    return parts


def pieces(state: State, player: str, plan: Mapping[str, Any]) -> dict[Cell, dict[str, Any]]:
    """Per cell, what the plan lays on it: residents and energy that activate it, customers,
    energy absorbed on a park; ``off`` for a building that needs activation and has none."""
    city = state.cities[player]
    on = {tuple(c) for c in plan["activated"]}
    shoppers = {(s["row"], s["column"]): s["count"] for s in plan["customers"]}
    parks = iter(sorted(c for c, b in city.items() if b.kind == "park" and b.absorbs))
    park_energy = {next(parks): 1 for _ in range(plan.get("energy_on_parks", 0))}
    marks = {}
    for cell, building in city.items():
        need = needs(building)
        residents, energy = need if need and cell in on else (0, 0)
        marks[cell] = {"residents": residents, "energy": energy + park_energy.get(cell, 0),
                       "customers": shoppers.get(cell, 0), "off": need is not None and cell not in on}
    return marks


def city(state: State, player: str, plan: Mapping[str, Any] | None = None,
         selected: Cell | None = None) -> dict[str, Any]:
    """Everything the SVG needs for one player's city."""
    mat = mats()[state.mode]
    buildings, received = state.cities[player], state.received.get(player, {})
    marks = pieces(state, player, plan) if plan else {}
    cells = []
    for r, c in mat.cells():
        b = buildings.get((r, c))
        residents, energy = received.get((r, c), (0, 0))
        cells.append({
            "row": r, "column": c, "x": (c - 1) * CELL, "y": (r - 1) * CELL,
            "district": mat.district((r, c)),
            "number": mat.numbers[r - 1][c - 1] if mat.numbers else None,
            "kind": b.kind if b else None, "height": b.height if b else 0,
            "vp": b.vp if b else 0, "needs": bool(b and needs(b)), "playground": bool(b and not b.absorbs),
            "residents": residents, "energy": energy,
            "mayor": state.mayor == player and state.mayor_cell == (r, c),
            "selected": selected == (r, c), "marks": marks.get((r, c))})
    return {"cells": cells, "width": mat.columns * CELL, "height": mat.rows * CELL,
            "rows": mat.rows, "columns": mat.columns, "edge": EDGE, "pad": PAD,
            "outlines": " ".join(outlines(state)),
            "player": player, "plan": plan is not None}
