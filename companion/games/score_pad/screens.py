"""What the score pad's screens show: a sheet's entry card and the sheet as the table sees it.

Built from the rules' queries (the next empty cell, the results); the templates only lay it out."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from . import rules


@dataclass(frozen=True)
class Screen:
    """What a score sheet's entry card draws (the templates' ``d``); points by round alone have
    none (the screen is None)."""

    # every player's points so far: player -> round (as text) -> category -> points
    cells: dict[str, dict[str, dict[str, int]]]
    full: bool          # the phone's own column is full: a tap on a category corrects it


def screen(state: rules.Sheet, options: Mapping[str, Any], view: str, seat: Any, host: bool,
           selection: Mapping[str, str]) -> Screen | None:
    """The entry card's cells (a sheet's): every player's points by round and category."""
    if state.sheet is None:
        return None
    player = seat.name if view == "phone" and seat is not None else None
    return Screen(cells=cells(state),
                  full=player is not None and rules.next_cell(state, player) is None)


def offered(state: rules.Sheet, player: str) -> tuple[int, str | None]:
    """The cell a player's entry card offers: the first empty one of the player's column (a full
    column of a sheet filled once: its first category, to correct)."""
    return rules.next_cell(state, player) or (1, rules.categories(state)[0])


def category_grid(state: rules.Sheet, outcome: Mapping[str, Any], tie_break: Any) -> dict[str, Any]:
    """A sheet as the table sees it: one row per category (its sum over the rounds, None while
    empty), one column per player (teammates side by side), the totals and ranks, the teams'
    totals and ranks, the rounds' sums, the tie-break and whether it decided a rank; and for the
    entry card's script every player's cells and offered cell. A sheet of one category
    (``single``) is drawn without its row, which would repeat the total: kept every round, its
    rows are the rounds instead (``round_cells``: each round's points, None while empty)."""
    last = rules.rounds(state)
    by_name = {p["name"]: p for p in outcome["players"]}
    teams = state.teams or (tuple(state.players),)
    columns = [{"name": name, "total": by_name[name]["total"], "rank": by_name[name]["rank"],
                "team_start": index == 0 and number > 0}
               for number, team in enumerate(teams) for index, name in enumerate(team)]
    rows = []
    for category in state.sheet["categories"]:
        shown = []
        for column in columns:
            filled = [v for v in (rules.entered(state, column["name"], r, category["id"])
                                  for r in range(1, last + 1)) if v is not None]
            shown.append(sum(filled) if filled else None)
        rows.append({"id": category["id"], "name": category["name"], "cells": shown})
    tie = state.sheet.get("tie_break")
    return {
        "categories": rows, "columns": columns, "single": len(rows) == 1,
        "round_cells": [[rules.entered(state, c["name"], r, rows[0]["id"]) for c in columns]
                        for r in range(1, last + 1)] if len(rows) == 1 else [],
        "teams": [{"size": len(team), "total": t["total"], "rank": t["rank"]}
                  for team, t in zip(state.teams, outcome["teams"])] if state.teams else None,
        "by_rounds": state.sheet["rounds"],
        "rounds": [[by_name[c["name"]]["details"]["rounds"][r] for c in columns]
                   for r in range(last)],
        "tie_break": tie["category"] if tie else None, "tie_break_label": tie_break,
        "decided_by_tie_break": rules.decided_by_tie_break(state, outcome),
        "entry": {"cells": cells(state),
                  "next": {p: list(offered(state, p)) for p in state.players}},
    }


def cells(state: rules.Sheet) -> dict[str, dict[str, dict[str, int]]]:
    """Every player's entered points: player -> round (as text) -> category -> points (for the
    entry card, and as JSON for its script)."""
    found: dict[str, dict[str, dict[str, int]]] = {p: {} for p in state.players}
    for (player, round_, category), points in state.points.items():
        if player in found:
            found[player].setdefault(str(round_), {})[category] = points
    return found
