"""Score pad: a score sheet for any game, by round, or by category with an optional tie-break,
lowest wins and teams. Pure rules, no Flask."""
from __future__ import annotations

import re
import unicodedata
from itertools import accumulate
from types import MappingProxyType
from typing import Any, Mapping

from ..base import N_, RuleError
from ..core import Handler, dispatch, whole
from ..ranking import rank

MAX_ROUND = 999
MAX_POINTS = 1_000_000
MAX_SHEET_NAME = 60
MAX_CATEGORIES = 20
MAX_CATEGORY_NAME = 40
MAX_EXPRESSION = 60
MAX_SETUP = 500          # a sheet's setup: the table's own checklist before the first entry
MAX_SETUP_LINES = 12
CATEGORY_ID = re.compile(r"[a-z0-9_-]{1,32}")
EXPRESSION = re.compile(r" *-?[0-9]+( *[+-] *[0-9]+)* *")
TERM = re.compile(r"([+-]?) *([0-9]+)")

Key = tuple[str, int, "str | None"]      # (player, round, category; None without a sheet)


class Sheet:
    """The score sheet: (player, round, category) -> points; a later entry for the same cell
    replaces the earlier one. ``sheet`` is the categories' definition (None: points by round
    alone), ``teams`` the players' teams (None: each for themselves). An entry costs the same
    however long the game: it links to the sheet before it, and the cells are gathered into a
    mapping only when asked (once per sheet)."""

    __slots__ = ("players", "lowest_wins", "sheet", "teams", "_entry", "_before", "_points")

    def __init__(self, players: tuple[str, ...], lowest_wins: bool = False,
                 entry: tuple[Key, int] | None = None, before: "Sheet | None" = None,
                 sheet: Mapping[str, Any] | None = None,
                 teams: tuple[tuple[str, ...], ...] | None = None) -> None:
        self.players = players
        self.lowest_wins = lowest_wins
        self.sheet, self.teams = sheet, teams
        self._entry, self._before = entry, before
        self._points: dict[Key, int] | None = None if entry else {}

    @property
    def points(self) -> Mapping[Key, int]:
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

    def entered(self, player: str, round_: int, points: int,
                category: str | None = None) -> "Sheet":
        return Sheet(self.players, self.lowest_wins, ((player, round_, category), points), self,
                     self.sheet, self.teams)

    def _parts(self) -> tuple:
        return (self.players, self.lowest_wins, self.sheet, self.teams, dict(self.points))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sheet) and self._parts() == other._parts()

    __hash__ = None         # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"Sheet({self.players!r}, lowest_wins={self.lowest_wins!r}, sheet={self.sheet!r}, "
                f"teams={self.teams!r}, points={dict(self.points)!r})")


# --- a sheet's definition -----------------------------------------------------------------------

def _text(value: Any, longest: int) -> bool:
    return isinstance(value, str) and 1 <= len(value) <= longest


def check_sheet(raw: Any) -> dict[str, Any]:
    """A sheet's definition as the record contract writes it, normalised (``rounds`` and a
    tie-break's ``lowest`` filled in, nothing else kept); RuleError naming what is wrong."""
    if not isinstance(raw, Mapping):
        raise RuleError(N_("A score sheet must be a JSON object with a name and categories."))
    name = raw.get("name")
    if not _text(name, MAX_SHEET_NAME):
        raise RuleError(N_("A score sheet's name must be 1 to %(max)d characters."),
                        max=MAX_SHEET_NAME)
    categories = raw.get("categories")
    if not isinstance(categories, list) or not 1 <= len(categories) <= MAX_CATEGORIES:
        raise RuleError(N_("A score sheet has 1 to %(max)d categories."), max=MAX_CATEGORIES)
    ids: list[str] = []
    kept = []
    for number, category in enumerate(categories, 1):
        if not isinstance(category, Mapping):
            raise RuleError(N_('Category %(n)d must be an object with an "id" and a "name".'),
                            n=number)
        id_, label = category.get("id"), category.get("name")
        if not isinstance(id_, str) or not CATEGORY_ID.fullmatch(id_):
            raise RuleError(N_("Category %(n)d's id must be 1 to 32 small letters, digits, _ or - "
                               "(for example military)."), n=number)
        if id_ in ids:
            raise RuleError(N_("Category %(n)d has the id %(id)s, as category %(other)d does; "
                               "every id must be different."),
                            n=number, id=id_, other=ids.index(id_) + 1)
        if not _text(label, MAX_CATEGORY_NAME):
            raise RuleError(N_("Category %(n)d's name must be 1 to %(max)d characters."),
                            n=number, max=MAX_CATEGORY_NAME)
        ids.append(id_)
        kept.append({"id": id_, "name": label})
    rounds = raw.get("rounds", True)
    if not isinstance(rounds, bool):
        raise RuleError(N_("A score sheet's rounds must be true or false."))
    sheet: dict[str, Any] = {"name": name, "categories": kept, "rounds": rounds}
    if "tie_break" in raw:
        tie = raw["tie_break"]
        if not isinstance(tie, Mapping) or tie.get("category") not in ids:
            raise RuleError(N_("The tie-break must name one of the sheet's categories."))
        lowest = tie.get("lowest", False)
        if not isinstance(lowest, bool):
            raise RuleError(N_("The tie-break's lowest must be true or false."))
        sheet["tie_break"] = {"category": tie["category"], "lowest": lowest}
    if "setup" in raw:
        lines = setup_lines(raw["setup"])
        if lines:
            sheet["setup"] = "\n".join(lines)
    return sheet


def setup_lines(text: Any) -> list[str]:
    """A sheet's optional ``setup``: what the table does before the first entry, a line each
    (blank lines and the spaces around a line dropped); RuleError naming what is wrong."""
    if not isinstance(text, str) or len(text) > MAX_SETUP:
        raise RuleError(N_("A score sheet's setup is text of at most %(max)d characters."),
                        max=MAX_SETUP)
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_SETUP_LINES:
        raise RuleError(N_("A score sheet's setup has at most %(max)d lines."),
                        max=MAX_SETUP_LINES)
    if any(unicodedata.category(c) == "Cc" or "\ud800" <= c <= "\udfff"
           for line in lines for c in line):
        raise RuleError(N_("A score sheet's setup holds a control character (an invisible one, "
                           "such as a tab); write it as plain lines."))
    return lines


def category_ids(sheet: Mapping[str, Any]) -> list[str]:
    return [c["id"] for c in sheet["categories"]]


def category_names(sheet: Mapping[str, Any]) -> dict[str, str]:
    return {c["id"]: c["name"] for c in sheet["categories"]}


def check_teams(raw: Any, players: list[str]) -> tuple[tuple[str, ...], ...]:
    if not isinstance(raw, list) or len(raw) < 2 or not all(
            isinstance(team, list) and team and all(isinstance(p, str) for p in team)
            for team in raw):
        raise RuleError(N_("Teams must be a list of at least two teams, each a list of players."))
    seen: list[str] = [p for team in raw for p in team]
    for player in seen:
        if player not in players:
            raise RuleError(N_("%(player)r is in a team but not a player at this table."),
                            player=player)
        if seen.count(player) > 1:
            raise RuleError(N_("%(player)s is in more than one team."), player=player)
    for player in players:
        if player not in seen:
            raise RuleError(N_("%(player)s is in no team; every player must be in one."),
                            player=player)
    return tuple(tuple(team) for team in raw)


# --- typed sums -----------------------------------------------------------------------------------

def expression_value(text: Any) -> int:
    """The value of a typed sum or difference ("3 + 6 + 2", "12-4", "-3"); RuleError if it is
    not one the record keeps."""
    if not isinstance(text, str) or len(text) > MAX_EXPRESSION or not EXPRESSION.fullmatch(text):
        raise RuleError(N_("%(expression)r is not a sum of whole numbers such as 3 + 6 + 2, "
                           "12 - 4 or -3."), expression=text)
    total = 0
    for sign, digits in TERM.findall(text):
        if int(digits) > MAX_POINTS:
            raise RuleError(N_("A number in a sum is at most %(max)d."), max=MAX_POINTS)
        total += -int(digits) if sign == "-" else int(digits)
    return total


# --- the rules --------------------------------------------------------------------------------

def options(raw: Mapping[str, Any], players: list[str]) -> dict[str, Any]:
    lowest = raw.get("lowest_wins", False)
    if not isinstance(lowest, bool):
        raise RuleError(N_("The option lowest_wins must be true or false."))
    opts: dict[str, Any] = {"lowest_wins": lowest}
    if "sheet" in raw:
        opts["sheet"] = check_sheet(raw["sheet"])
    if "teams" in raw:
        if "sheet" not in raw:
            raise RuleError(N_("Teams are kept only on a score sheet with categories."))
        opts["teams"] = [list(team) for team in check_teams(raw["teams"], players)]
    return opts


def record_version(opts: Mapping[str, Any]) -> int:
    """The record version a table with these options is written in: 2 with a sheet or teams."""
    return 2 if "sheet" in opts or "teams" in opts else 1


def start(opts: dict[str, Any], players: list[str]) -> Sheet:
    teams = opts.get("teams")
    return Sheet(tuple(players), opts.get("lowest_wins", False), sheet=opts.get("sheet"),
                 teams=tuple(tuple(t) for t in teams) if teams else None)


def apply(sheet: Sheet, event: Mapping[str, Any]) -> Sheet:
    """The sheet after ``event``; raises RuleError (and changes nothing) if the rules refuse it."""
    return dispatch(HANDLERS, sheet, event, unknown=N_("A score pad has no %(type)r event."))


def _points(sheet: Sheet, event: Mapping[str, Any]) -> Sheet:
    player, round_, points = event.get("player"), event.get("round"), event.get("points")
    if player not in sheet.players:
        raise RuleError(N_("%(player)r is not a player at this table."), player=player)
    if not whole(round_) or not 1 <= round_ <= MAX_ROUND:
        raise RuleError(N_("The round must be a whole number from 1 to %(max)d."), max=MAX_ROUND)
    if not whole(points) or abs(points) > MAX_POINTS:
        raise RuleError(N_("Points must be a whole number between -%(max)d and %(max)d."),
                        max=MAX_POINTS)
    category = event.get("category")
    if sheet.sheet is None:
        if "category" in event:
            raise RuleError(N_("This score pad has no categories: points carry no category."))
    else:
        if category not in category_ids(sheet.sheet):
            raise RuleError(N_("%(category)r is not a category of this sheet."), category=category)
        if not sheet.sheet["rounds"] and round_ != 1:
            raise RuleError(N_("This sheet is filled once, not every round: the round must be 1."))
    if "expression" in event and expression_value(event["expression"]) != points:
        raise RuleError(N_("%(expression)s makes %(value)d, not %(points)d."),
                        expression=event["expression"],
                        value=expression_value(event["expression"]), points=points)
    return sheet.entered(player, round_, points, category)


def _end(sheet: Sheet, event: Mapping[str, Any]) -> Sheet:
    return sheet


HANDLERS: dict[str, Handler[Sheet]] = {"points": _points, "end": _end}


# --- queries ------------------------------------------------------------------------------------

def categories(sheet: Sheet) -> list[str | None]:
    """The cells of a round: the sheet's category ids, or [None] for points by round alone."""
    return category_ids(sheet.sheet) if sheet.sheet else [None]


def entered(sheet: Sheet, player: str, round_: int, category: str | None = None) -> int | None:
    """The points entered for that player, round and category, None while the cell is empty."""
    return sheet.points.get((player, round_, category))


def _rounds_to_fill(sheet: Sheet) -> range:
    if sheet.sheet is not None and not sheet.sheet["rounds"]:
        return range(1, 2)
    return range(1, rounds(sheet) + 2)


def next_cell(sheet: Sheet, player: str) -> tuple[int, str | None] | None:
    """The player's first empty cell, rounds in order and the categories of each in order;
    None when a sheet filled once is full."""
    for round_ in _rounds_to_fill(sheet):
        for category in categories(sheet):
            if (player, round_, category) not in sheet.points:
                return round_, category
    return None


def next_empty(sheet: Sheet) -> tuple[int, int, str | None]:
    """Seat index, round and category of the first empty cell: rounds in order, then the
    categories one by one, seats clockwise within each (the first cell when all are full)."""
    for round_ in _rounds_to_fill(sheet):
        for category in categories(sheet):
            for seat, player in enumerate(sheet.players):
                if (player, round_, category) not in sheet.points:
                    return seat, round_, category
    return 0, 1, categories(sheet)[0]


def next_round(sheet: Sheet, player: str) -> int:
    """The player's first round with an empty cell."""
    cell = next_cell(sheet, player)
    return cell[0] if cell else 1


def missing(sheet: Sheet) -> dict[str, list[tuple[int, str | None]]]:
    """The cells up to the last round played that a player has no points for, as (round,
    category): every category of a sheet filled once."""
    last = 1 if sheet.sheet is not None and not sheet.sheet["rounds"] else rounds(sheet)
    gaps = {p: [(r, c) for r in range(1, last + 1) for c in categories(sheet)
                if (p, r, c) not in sheet.points] for p in sheet.players}
    return {p: gaps[p] for p in sheet.players if gaps[p]}


def rounds(sheet: Sheet) -> int:
    return max((key[1] for key in sheet.points), default=0)


def running_totals(sheet: Sheet) -> dict[str, list[int]]:
    """Each player's total after rounds 1, 2, ... up to the last round played (an empty cell
    counts 0, as in the result)."""
    totals = {}
    for name in sheet.players:
        running, line = 0, []
        for r in range(1, rounds(sheet) + 1):
            running += sum(sheet.points.get((name, r, c), 0) for c in categories(sheet))
            line.append(running)
        totals[name] = line
    return totals


def running_totals_by_category(sheet: Sheet) -> dict[str, list[int]]:
    """Each player's total after the sheet's first category, its first two, ... (a sheet filled
    once, added up at the table category by category; an empty cell counts 0)."""
    return {name: list(accumulate(sheet.points.get((name, 1, c), 0)
                                  for c in category_ids(sheet.sheet)))
            for name in sheet.players}


def result(sheet: Sheet) -> dict[str, Any]:
    last = rounds(sheet)
    players = []
    for name in sheet.players:
        if sheet.sheet is None:
            row = [sheet.points.get((name, r, None), 0) for r in range(1, last + 1)]
            players.append({"name": name, "total": sum(row),
                            "breakdown": {"points": sum(row)}, "details": {"rounds": row}})
            continue
        by_category = {c: [sheet.points.get((name, r, c), 0) for r in range(1, last + 1)]
                       for c in category_ids(sheet.sheet)}
        breakdown = {c: sum(points) for c, points in by_category.items()}
        players.append({"name": name, "total": sum(breakdown.values()), "breakdown": breakdown,
                        "details": {"rounds": [sum(points[r] for points in by_category.values())
                                               for r in range(last)],
                                    "categories": by_category}})
    tie = sheet.sheet.get("tie_break") if sheet.sheet else None
    sign = 1 if sheet.lowest_wins else -1
    tie_sign = 1 if tie and tie["lowest"] else -1

    def key(total: int, tie_sum: int) -> tuple[int, ...]:
        return (sign * total, tie_sign * tie_sum) if tie else (sign * total,)

    def tie_sum(entries: list[dict[str, Any]]) -> int:
        return sum(p["breakdown"][tie["category"]] for p in entries) if tie else 0

    outcome: dict[str, Any] = {"game": "score-pad", "finished": False, "end_triggered": False,
                               "players": players}
    if sheet.teams:
        by_name = {p["name"]: p for p in players}
        teams = [[by_name[n] for n in team] for team in sheet.teams]
        totals = [sum(p["total"] for p in team) for team in teams]
        ranks = rank([key(total, tie_sum(team)) for total, team in zip(totals, teams)])
        for team, r in zip(teams, ranks):
            for player in team:
                player["rank"] = r
        outcome["teams"] = [{"players": list(names), "total": total, "rank": r}
                            for names, total, r in zip(sheet.teams, totals, ranks)]
    else:
        for player, r in zip(players, rank([key(p["total"], tie_sum([p])) for p in players])):
            player["rank"] = r
    outcome["winners"] = [p["name"] for p in players if p["rank"] == 1]
    return outcome


def decided_by_tie_break(sheet: Sheet, outcome: Mapping[str, Any]) -> bool:
    """Whether the tie-break separated some ranks of ``outcome`` (players, or teams) that the
    totals alone left tied."""
    tie = sheet.sheet.get("tie_break") if sheet.sheet else None
    if not tie:
        return False
    entries = outcome.get("teams") or outcome["players"]
    for a in entries:
        for b in entries:
            if a is not b and a["total"] == b["total"] and a["rank"] != b["rank"]:
                return True
    return False


# --- the sheet as data (a table's snapshot) ---------------------------------------------------

def dump_state(sheet: Sheet) -> dict[str, Any]:
    """The sheet as JSON-able data: its players, who wins, its cells in the order entered as
    [player, round, points] (a pad without categories, as a table's snapshot has always kept
    it) or, with a sheet, its definition and teams and the cells as [player, round, category,
    points]; :func:`load_state` gives back an equal sheet."""
    data: dict[str, Any] = {"players": list(sheet.players), "lowest_wins": sheet.lowest_wins}
    if sheet.sheet is None:
        data["points"] = [[player, round_, points]
                          for (player, round_, _none), points in sheet.points.items()]
        return data
    data["sheet"] = sheet.sheet
    data["teams"] = [list(t) for t in sheet.teams] if sheet.teams else None
    data["points"] = [[player, round_, category, points]
                      for (player, round_, category), points in sheet.points.items()]
    return data


def load_state(data: Any) -> Sheet:
    """The sheet :func:`dump_state` made ``data`` from; ValueError if it is no sheet's data."""
    try:
        players, lowest, cells = data["players"], data["lowest_wins"], data["points"]
        definition, teams = data.get("sheet"), data.get("teams")
        sheet = Sheet(tuple(players), lowest, sheet=definition,
                      teams=tuple(tuple(t) for t in teams) if teams is not None else None)
        if definition is None:
            sheet._points = {(player, round_, None): points for player, round_, points in cells}
        else:
            sheet._points = {(player, round_, category): points
                             for player, round_, category, points in cells}
    except (KeyError, TypeError, ValueError, AttributeError):
        raise ValueError("not a score sheet's data") from None
    if not (all(isinstance(p, str) for p in sheet.players) and isinstance(lowest, bool)
            and (definition is None or isinstance(definition, dict))):
        raise ValueError("not a score sheet's data")
    return sheet
