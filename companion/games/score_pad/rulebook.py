"""The score pad's rules part: points by round, who wins, and the history's lines."""
from __future__ import annotations

from typing import Any, Mapping

from ...i18n import _l, gettext, ngettext
from ..base import Rules
from . import rules


class ScorePadRules(Rules):
    name = "score-pad"
    label = _l("Score pad (any game)")
    categories = {"points": _l("Points")}
    event_labels = {"points": _l("points")}
    min_players, max_players = 1, 12

    core = rules

    def highest_wins(self, options: Mapping[str, Any]) -> bool:
        return not options.get("lowest_wins")

    def chart_rounds(self, state: rules.Sheet) -> dict[str, list[int]]:
        """A score sheet is kept by round: the chart shows the running total round by round."""
        return rules.running_totals(state)

    def describe(self, event: Mapping[str, Any]) -> str:
        return self.describe_all([event], {})[0]

    def describe_all(self, events: list[Mapping[str, Any]], undone: Mapping[int, int],
                     first: int = 0) -> list[str]:
        """A later entry for the same round reads as the correction it is."""
        entered: dict[tuple[Any, Any], Any] = {}
        lines = []
        for index, event in enumerate(events):
            if event.get("type") != "points" or index < first:
                lines.append("")
                if event.get("type") == "points" and index not in undone:
                    entered[(event.get("player"), event.get("round"))] = event.get("points")
                continue
            key = (event.get("player"), event.get("round"))
            words = {"player": key[0], "round": key[1], "points": event.get("points")}
            old = entered.get(key)
            if old is not None and old != event.get("points"):
                lines.append(gettext("%(player)s: round %(round)s corrected from %(old)s to "
                                     "%(points)s", old=old, **words))
            else:
                count = event.get("points") if isinstance(event.get("points"), int) else 0
                lines.append(ngettext("%(player)s: %(points)s point in round %(round)s",
                                      "%(player)s: %(points)s points in round %(round)s",
                                      abs(count), **words))
            if index not in undone:
                entered[key] = event.get("points")
        return lines
