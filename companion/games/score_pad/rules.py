"""Score pad: a per-round score sheet for any game. Pure rules, no Flask."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from ..base import N_, RuleError
from ..ranking import rank

MAX_ROUND = 999
MAX_POINTS = 1_000_000


@dataclass(frozen=True)
class Sheet:
    players: tuple[str, ...]
    lowest_wins: bool = False
    # (player, round) -> points; a later entry for the same cell replaces the earlier one
    points: Mapping[tuple[str, int], int] = field(default_factory=dict)


def options(raw: Mapping[str, Any], players: list[str]) -> dict[str, Any]:
    lowest = raw.get("lowest_wins", False)
    if not isinstance(lowest, bool):
        raise RuleError(N_("The option lowest_wins must be true or false."))
    return {"lowest_wins": lowest}


def start(opts: dict[str, Any], players: list[str]) -> Sheet:
    return Sheet(tuple(players), opts.get("lowest_wins", False))


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def apply(sheet: Sheet, event: Mapping[str, Any]) -> Sheet:
    kind = event.get("type")
    if kind == "end":
        return sheet
    if kind != "points":
        raise RuleError(N_("A score pad has no %(type)r event."), type=kind)
    player, round_, points = event.get("player"), event.get("round"), event.get("points")
    if player not in sheet.players:
        raise RuleError(N_("%(player)r is not a player at this table."), player=player)
    if not _whole(round_) or not 1 <= round_ <= MAX_ROUND:
        raise RuleError(N_("The round must be a whole number from 1 to %(max)d."), max=MAX_ROUND)
    if not _whole(points) or abs(points) > MAX_POINTS:
        raise RuleError(N_("Points must be a whole number between -%(max)d and %(max)d."),
                        max=MAX_POINTS)
    return replace(sheet, points={**sheet.points, (player, round_): points})


def entered(sheet: Sheet, player: str, round_: int) -> int | None:
    """The points entered for that player and round, None while the cell is empty."""
    return sheet.points.get((player, round_))


def next_empty(sheet: Sheet) -> tuple[int, int]:
    """Seat index and round of the first empty cell: rounds in order, seats clockwise."""
    for round_ in range(1, rounds(sheet) + 2):
        for seat, player in enumerate(sheet.players):
            if (player, round_) not in sheet.points:
                return seat, round_
    raise AssertionError("a round after the last is always empty")


def next_round(sheet: Sheet, player: str) -> int:
    """The player's first round without points."""
    return next(r for r in range(1, rounds(sheet) + 2) if (player, r) not in sheet.points)


def missing(sheet: Sheet) -> dict[str, list[int]]:
    """Rounds up to the last one played that a player has no points for."""
    last = rounds(sheet)
    gaps = {p: [r for r in range(1, last + 1) if (p, r) not in sheet.points] for p in sheet.players}
    return {p: gaps[p] for p in sheet.players if gaps[p]}


def rounds(sheet: Sheet) -> int:
    return max((r for _, r in sheet.points), default=0)


def result(sheet: Sheet) -> dict[str, Any]:
    last = rounds(sheet)
    players = []
    for name in sheet.players:
        row = [sheet.points.get((name, r), 0) for r in range(1, last + 1)]
        players.append({"name": name, "total": sum(row),
                        "breakdown": {"points": sum(row)}, "details": {"rounds": row}})
    keys = [(-p["total"] if not sheet.lowest_wins else p["total"],) for p in players]
    ranks = rank(keys)
    for player, r in zip(players, ranks):
        player["rank"] = r
    return {"game": "score-pad", "finished": False, "end_triggered": False,
            "players": players,
            "winners": [p["name"] for p in players if p["rank"] == 1]}
