"""A Calçada player board as a screen draws it (no rules here).

A player board as a screen draws it: cells, printed numbers, tiles, district outlines, and
the outlines and marks of final scoring. Computed from the rules' state and queries; no Flask
here either, so it is tested like the rules.
"""
from __future__ import annotations

from math import cos, pi, sin
from typing import Any, Iterable

from . import rules
from .board import SIZE, Board, Cell

CELL = 60           # SVG units per cell
PAD = 3             # room for the outer outline's stroke
EDGE = 32           # room above and at the left for the column and row numbers


def _star(cx: float, cy: float, r: float) -> str:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -pi / 2 + i * pi / 5
        points.append(f"{cx + radius * cos(angle):.1f},{cy + radius * sin(angle):.1f}")
    return "M" + " L".join(points) + " Z"


def icon(kind: str, cx: float, cy: float, r: float = 11) -> str:
    """The motif's symbol centred on (cx, cy): one shape per motif, a star for the bonus."""
    if kind == rules.BONUS:
        return _star(cx, cy, r * 1.25)
    if kind == "tram":          # a square
        return f"M{cx - r:g},{cy - r:g} h{2 * r:g} v{2 * r:g} h{-2 * r:g} Z"
    if kind == "plaza":         # a circle
        return (f"M{cx - r:g},{cy:g} a{r:g},{r:g} 0 1,0 {2 * r:g},0 "
                f"a{r:g},{r:g} 0 1,0 {-2 * r:g},0 Z")
    if kind == "kiosk":         # a triangle
        return f"M{cx:g},{cy - r:g} L{cx + r:g},{cy + r:g} L{cx - r:g},{cy + r:g} Z"
    if kind == "bench":         # a bar on two legs
        return (f"M{cx - r:g},{cy - r / 2:g} h{2 * r:g} v{r / 2:g} h{-r / 3:g} v{r:g} "
                f"h{-r / 3:g} v{-r:g} h{-2 * r / 3:g} v{r:g} h{-r / 3:g} v{-r:g} "
                f"h{-r / 3:g} Z")
    return f"M{cx:g},{cy - r:g} L{cx + r:g},{cy:g} L{cx:g},{cy + r:g} L{cx - r:g},{cy:g} Z"


def outline(cells: Iterable[Cell], same: Any) -> str:
    """An SVG path along every cell edge where ``same(cell, neighbour)`` is false (the board's
    edge included): the outline of districts, or of groups."""
    segments = []
    for row, column in cells:
        x, y = (column - 1) * CELL, (row - 1) * CELL
        for (dr, dc), (x1, y1, x2, y2) in (((-1, 0), (0, 0, 1, 0)), ((1, 0), (0, 1, 1, 1)),
                                           ((0, -1), (0, 0, 0, 1)), ((0, 1), (1, 0, 1, 1))):
            near = (row + dr, column + dc)
            if not (1 <= near[0] <= SIZE and 1 <= near[1] <= SIZE) or not same((row, column), near):
                segments.append(f"M{x + x1 * CELL:g},{y + y1 * CELL:g} "
                                f"L{x + x2 * CELL:g},{y + y2 * CELL:g}")
    return " ".join(segments)


def districts(board: Board) -> str:
    return outline(board.cells(), lambda a, b: board.district(a) == board.district(b))


def board(state: rules.State, player: str, legal: Iterable[Cell] = (),
          selected: Cell | None = None, final: bool = False) -> dict[str, Any]:
    """Everything drawn for ``player``'s board; ``final`` adds the motif groups and the marks
    on unfinished districts' tiles."""
    tiles = state.boards[player].tiles
    legal = set(legal)
    cells = []
    for row, column in state.board.cells():
        tile = tiles.get((row, column))
        x, y = (column - 1) * CELL, (row - 1) * CELL
        cells.append({"row": row, "column": column, "x": x, "y": y,
                      "number": state.board.number((row, column)), "tile": tile,
                      "icon": icon(tile.motif, x + CELL / 2, y + CELL / 2) if tile else "",
                      "legal": (row, column) in legal, "selected": (row, column) == selected})
    drawing = {"cells": cells, "size": SIZE * CELL, "pad": PAD, "edge": EDGE,
               "edges": [{"n": n, "at": (n - 1) * CELL + CELL / 2} for n in range(1, SIZE + 1)],
               "districts": districts(state.board), "groups": [], "unfinished": []}
    if final:
        groups = rules.motif_group_cells(tiles)
        drawing["groups"] = [{"path": outline(group, lambda a, b, g=group: b in g),
                              "size": len(group), "points": rules.group_points(len(group))}
                             for group in groups]
        drawing["unfinished"] = [{"x": (c - 1) * CELL, "y": (r - 1) * CELL}
                                 for r, c in rules.unfinished_cells(state.board, tiles)]
    return drawing


def motif_icons() -> dict[str, str]:
    """Each kind's symbol in a 0..30 box, for the motif buttons and the legend."""
    return {kind: icon(kind, 15, 15, 10) for kind in rules.KINDS}
