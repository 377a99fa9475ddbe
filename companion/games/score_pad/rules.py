"""Score pad: a per-round score sheet for any game. Pure rules, no Flask."""
from __future__ import annotations

from types import MappingProxyType
from typing import Any, Callable, Mapping

from ..base import N_, RuleError
from ..ranking import rank

MAX_ROUND = 999
MAX_POINTS = 1_000_000


class Sheet:
    """The score sheet: (player, round) -> points; a later entry for the same cell replaces the
    earlier one. An entry costs the same however long the game: it links to the sheet before it,
    and the cells are gathered into a mapping only when asked (once per sheet)."""

    __slots__ = ("players", "lowest_wins", "_entry", "_before", "_points")

    def __init__(self, players: tuple[str, ...], lowest_wins: bool = False,
                 entry: tuple[tuple[str, int], int] | None = None,
                 before: "Sheet | None" = None) -> None:
        self.players = players
        self.lowest_wins = lowest_wins
        self._entry, self._before = entry, before
        self._points: dict[tuple[str, int], int] | None = None if entry else {}

    @property
    def points(self) -> Mapping[tuple[str, int], int]:
        if self._points is None:
            chain, sheet = [], self          # the entries since the last gathered sheet
            while sheet._points is None:
                chain.append(sheet)
                sheet = sheet._before
            points = dict(sheet._points)
            for later in reversed(chain):
                key, value = later._entry
                points[key] = value
                later._points = points if later is self else None
            self._points = points
            self._before = None             # nothing older is needed any more
        return MappingProxyType(self._points)

    def entered(self, player: str, round_: int, points: int) -> "Sheet":
        return Sheet(self.players, self.lowest_wins, ((player, round_), points), self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sheet) and (self.players, self.lowest_wins, dict(self.points)) \
            == (other.players, other.lowest_wins, dict(other.points))

    __hash__ = None         # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Sheet({self.players!r}, lowest_wins={self.lowest_wins!r}, points={dict(self.points)!r})"


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
    """The sheet after ``event``; raises RuleError (and changes nothing) if the rules refuse it."""
    kind = event.get("type")
    handler = HANDLERS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise RuleError(N_("A score pad has no %(type)r event."), type=kind)
    return handler(sheet, event)


def _points(sheet: Sheet, event: Mapping[str, Any]) -> Sheet:
    player, round_, points = event.get("player"), event.get("round"), event.get("points")
    if player not in sheet.players:
        raise RuleError(N_("%(player)r is not a player at this table."), player=player)
    if not _whole(round_) or not 1 <= round_ <= MAX_ROUND:
        raise RuleError(N_("The round must be a whole number from 1 to %(max)d."), max=MAX_ROUND)
    if not _whole(points) or abs(points) > MAX_POINTS:
        raise RuleError(N_("Points must be a whole number between -%(max)d and %(max)d."),
                        max=MAX_POINTS)
    return sheet.entered(player, round_, points)


def _end(sheet: Sheet, event: Mapping[str, Any]) -> Sheet:
    return sheet


HANDLERS: dict[str, Callable[[Sheet, Mapping[str, Any]], Sheet]] = {"points": _points, "end": _end}


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


def running_totals(sheet: Sheet) -> dict[str, list[int]]:
    """Each player's total after rounds 1, 2, ... up to the last round played (an empty cell
    counts 0, as in the result)."""
    totals = {}
    for name in sheet.players:
        running, line = 0, []
        for r in range(1, rounds(sheet) + 1):
            running += sheet.points.get((name, r), 0)
            line.append(running)
        totals[name] = line
    return totals


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


# --- the sheet as data (a table's snapshot) ---------------------------------------------------

def dump_state(sheet: Sheet) -> dict[str, Any]:
    """The sheet as JSON-able data: its players, who wins and its cells as [player, round,
    points] in the order entered; :func:`load_state` gives back an equal sheet."""
    return {"players": list(sheet.players), "lowest_wins": sheet.lowest_wins,
            "points": [[player, round_, points] for (player, round_), points in sheet.points.items()]}


def load_state(data: Any) -> Sheet:
    """The sheet :func:`dump_state` made ``data`` from; ValueError if it is no sheet's data."""
    try:
        players, lowest, cells = data["players"], data["lowest_wins"], data["points"]
        sheet = Sheet(tuple(players), lowest)
        sheet._points = {(player, round_): points for player, round_, points in cells}
    except (KeyError, TypeError, ValueError):
        raise ValueError("not a score sheet's data") from None
    if not (all(isinstance(p, str) for p in sheet.players) and isinstance(lowest, bool)):
        raise ValueError("not a score sheet's data")
    return sheet

