"""The score pad's rules part: points by round or by category, who wins, and the history's lines."""
from __future__ import annotations

from typing import Any, Mapping

from ...i18n import _l, gettext, ngettext
from ..base import Rules
from . import rules, rules_card


def tie_break_label(options: Mapping[str, Any]) -> Any:
    """A sheet's tie-break: the named category, more or fewer (the sheet's grid names it too)."""
    tie = (options.get("sheet") or {}).get("tie_break")
    if not tie:
        return None
    name = rules.category_names(options["sheet"])[tie["category"]]
    return (_l("fewest %(category)s", category=name) if tie["lowest"]
            else _l("most %(category)s", category=name))


class ScorePadRules(Rules):
    name = "score-pad"
    label = _l("Score pad (any game)")
    categories = {"points": _l("Points")}
    event_labels = {"points": _l("points")}
    min_players, max_players = 1, 12

    core = rules

    def rules_card(self, options: Mapping[str, Any], count: int) -> dict[str, list[dict[str, Any]]]:
        """Read off the table's score sheet (rules_card.py)."""
        return rules_card.rules_card(options, count)

    def highest_wins(self, options: Mapping[str, Any]) -> bool:
        return not options.get("lowest_wins")

    def category_labels(self, options: Mapping[str, Any]) -> Mapping[str, Any]:
        """A sheet's categories by their names, as the table embedded them."""
        sheet = options.get("sheet")
        return rules.category_names(sheet) if sheet else self.categories

    def tie_break_label(self, options: Mapping[str, Any]) -> Any:
        return tie_break_label(options)

    def setup_list(self, options: Mapping[str, Any], count: int) -> list[dict[str, Any]]:
        """A sheet's own setup, as its maker wrote it (the table's words, shown untranslated),
        a line each; none without a sheet or a setup."""
        sheet = options.get("sheet") or {}
        return [{"text": line, "params": {}, "heading": None, "cite": None, "verbatim": True}
                for line in rules.setup_lines(sheet.get("setup", ""))]

    def play_group(self, options: Mapping[str, Any]) -> str | None:
        """A sheet's plays are counted, and shared, under the sheet's name."""
        sheet = options.get("sheet")
        return sheet["name"] if sheet else None

    def teams(self, options: Mapping[str, Any]) -> list[list[str]] | None:
        return [list(team) for team in options["teams"]] if options.get("teams") else None

    def chart_rounds(self, state: rules.Sheet) -> dict[str, list[int]]:
        """A score sheet is kept by round: the chart shows the running total round by round; a
        sheet filled once, category by category as its totals are added up at the table."""
        if state.sheet is None or state.sheet["rounds"]:
            return rules.running_totals(state)
        return rules.running_totals_by_category(state)

    def chart_steps(self, options: Mapping[str, Any]) -> list[Any] | None:
        """A sheet filled once: the chart's steps are its categories."""
        sheet = options.get("sheet")
        if not sheet or sheet.get("rounds", True):
            return None
        return list(rules.category_names(sheet).values())

    def describe(self, event: Mapping[str, Any], options: Mapping[str, Any] | None = None) -> str:
        return self.describe_all([event], {}, 0, options)[0]

    def describe_all(self, events: list[Mapping[str, Any]], undone: Mapping[int, int],
                     first: int = 0, options: Mapping[str, Any] | None = None) -> list[str]:
        """A later entry for the same cell reads as the correction it is; a sheet's entries
        name their category, and a typed sum is shown with its value."""
        sheet = (options or {}).get("sheet")
        names = rules.category_names(sheet) if isinstance(sheet, Mapping) else {}
        once = isinstance(sheet, Mapping) and not sheet.get("rounds", True)
        entered: dict[tuple[Any, Any, Any], Any] = {}
        lines = []
        for index, event in enumerate(events):
            key = (event.get("player"), event.get("round"), event.get("category"))
            if event.get("type") != "points" or index < first:
                lines.append("")
                if event.get("type") == "points" and index not in undone:
                    entered[key] = event.get("points")
                continue
            points = event.get("points")
            shown = f"{event['expression'].strip()} = {points}" \
                if isinstance(event.get("expression"), str) else points
            words = {"player": key[0], "round": key[1], "points": shown,
                     "category": names.get(key[2], key[2])}
            old = entered.get(key)
            count = points if isinstance(points, int) else 0
            if key[2] is None:
                if old is not None and old != points:
                    line = gettext("%(player)s: round %(round)s corrected from %(old)s to "
                                   "%(points)s", old=old, **words)
                else:
                    line = ngettext("%(player)s: %(points)s point in round %(round)s",
                                    "%(player)s: %(points)s points in round %(round)s",
                                    abs(count), **words)
            elif old is not None and old != points:
                line = (gettext("%(player)s: %(category)s corrected from %(old)s to %(points)s",
                                old=old, **words) if once else
                        gettext("%(player)s: %(category)s in round %(round)s corrected from "
                                "%(old)s to %(points)s", old=old, **words))
            elif once:
                line = gettext("%(player)s: %(category)s %(points)s", **words)
            else:
                line = gettext("%(player)s: %(category)s %(points)s in round %(round)s", **words)
            lines.append(line)
            if index not in undone:
                entered[key] = points
        return lines
