"""OddVille's shared city as a screen draws it (no rules here).

The shared city as a screen draws it: card boxes, free spots, icons and points, computed from
the rules' state and queries. No Flask and no rule here: the numbers come from the core.
"""
from __future__ import annotations

from typing import Any

from . import rules

CELL = 100                  # SVG units per card
# a phone draws the city across its whole width; a city of more columns than fit at a 44 px
# tap target each keeps PIXELS per column and pans (a TV always fits it whole)
PAN_COLUMNS = 9
PIXELS = 46
# seat -> owner colour (the four worker colours of the box: blue, purple, red, yellow)
COLOURS = ("#2a5db0", "#7b3fa0", "#c0392b", "#c99a06")
# the same as ink for words and numbers on a card (4.5:1 at least: red and yellow darkened)
INKS = ("#2a5db0", "#7b3fa0", "#a93226", "#7a5c00")
# seat -> the shape of its mark, beside its colour: a card's owner and a worker on the Main
# Square told apart without telling colours apart; the legend under the city names them whole
MARKS = ("circle", "square", "triangle", "diamond")
SIDES = "NESW"
# side -> the strip along that edge: x, y, width, height in a 0..CELL box
STRIPS = {"N": (14, 0, 72, 9), "E": (91, 14, 9, 72), "S": (14, 91, 72, 9), "W": (0, 14, 9, 72)}


def colour(state: rules.State, player: str) -> str:
    return COLOURS[state.players.index(player) % len(COLOURS)]


def ink(state: rules.State, player: str) -> str:
    return INKS[state.players.index(player) % len(INKS)]


def mark(state: rules.State, player: str) -> str:
    return MARKS[state.players.index(player) % len(MARKS)]


def legend(state: rules.State) -> list[dict[str, str]]:
    """Each seat's colour and mark with the player's whole name, in seat order."""
    return [{"name": p, "colour": colour(state, p), "mark": mark(state, p)}
            for p in state.players]


def vp_text(vp: rules.Vp) -> str:
    """The printed numbers beside the rule's icon."""
    if vp.rule == "diamond":
        return str(vp.number)
    if vp.rule == "three_per_neighbour":
        return "3×"
    if vp.rule == "shields":
        return ""
    return f"{vp.number}+"


def edge_strips(edges: str | None) -> list[dict[str, Any]]:
    if not edges:
        return []
    return [{"side": side, "kind": "street" if letter == "s" else "building",
             "box": STRIPS[side]} for side, letter in zip(SIDES, edges)]


def extent(state: rules.State, spots: list[rules.Cell]) -> tuple[int, int, int]:
    left, right, bottom = rules.bounds(state)
    for row, column in spots:
        left, right, bottom = min(left, column), max(right, column), max(bottom, row)
    return left, right, bottom


def city(state: rules.State, spots: list[rules.Cell], selected: rules.Cell | None = None,
         points: bool = False) -> dict[str, Any]:
    """The city with ``spots`` drawn as places to tap; ``points`` shows each card's points."""
    left, right, bottom = extent(state, spots)
    place = lambda row, column: ((column - left) * CELL, row * CELL)   # noqa: E731
    cards = []
    for (row, column), card in state.cards.items():
        x, y = place(row, column)
        cards.append({"row": row, "column": column, "x": x, "y": y, "owner": card.owner,
                      "mark": mark(state, card.owner),
                      "colour": colour(state, card.owner), "ink": ink(state, card.owner),
                      "rule": card.vp.rule,
                      "text": vp_text(card.vp), "named": card.vp.guild, "guild": card.guild,
                      "shield": card.shield, "edges": edge_strips(card.edges),
                      "points": rules.card_points(state, (row, column)) if points else None})
    x, y = place(*rules.SQUARE)
    # its north side faces nothing: only the three streets that meet cards are drawn
    streets = [s for s in edge_strips(rules.SQUARE_EDGES) if s["side"] != "N"]
    square = {"x": x, "y": y, "edges": streets,
              "workers": [{"name": p, "colour": colour(state, p), "ink": ink(state, p),
                           "mark": mark(state, p)} for p in state.square],
              "points": rules.SQUARE_POINTS if points else None}
    free = [{"row": r, "column": c, "x": place(r, c)[0], "y": place(r, c)[1],
             "selected": (r, c) == selected} for r, c in spots]
    columns = right - left + 1
    return {"cards": cards, "square": square, "spots": free, "columns": columns,
            "legend": legend(state),
            "width": columns * CELL, "height": (bottom + 1) * CELL,
            "pan": columns > PAN_COLUMNS, "pixels": columns * PIXELS}
