"""The score pad at a live table: a cell entered is replaced only when asked; Finish names gaps."""
from __future__ import annotations

from typing import Any, Mapping

from ...i18n import gettext, ngettext
from ..base import N_, Conflict, Policy
from . import rules


class ScorePadPolicy(Policy):
    def overwrite(self, state: rules.Sheet, event: Mapping[str, Any]) -> Conflict | None:
        if event.get("type") != "points":
            return None
        category = event.get("category")
        old = rules.entered(state, event["player"], event["round"], category)
        if old is None or old == event["points"]:
            return None
        if category is None:
            return Conflict(N_("%(player)s's round %(round)s is %(old)s. Replace it with "
                               "%(new)s?"), token=str(old), player=event["player"],
                            round=event["round"], old=old, new=event["points"])
        name = rules.category_names(state.sheet)[category]
        if not state.sheet["rounds"]:
            return Conflict(N_("%(player)s's %(category)s is %(old)s. Replace it with %(new)s?"),
                            token=str(old), player=event["player"], category=name, old=old,
                            new=event["points"])
        return Conflict(N_("%(player)s's %(category)s in round %(round)s is %(old)s. Replace it "
                           "with %(new)s?"), token=str(old), player=event["player"],
                        category=name, round=event["round"], old=old, new=event["points"])

    def missing(self, state: rules.Sheet) -> list[str]:
        lines = []
        for player, gaps in rules.missing(state).items():
            if state.sheet is None:
                lines.append(ngettext("%(player)s has no round %(rounds)s.",
                                      "%(player)s has no rounds %(rounds)s.", len(gaps),
                                      player=player, rounds=", ".join(str(cell[0]) for cell in gaps)))
                continue
            names = rules.category_names(state.sheet)
            cells = [names[c] if not state.sheet["rounds"] else f"{names[c]} ({r})"
                     for r, c in gaps]
            lines.append(gettext("%(player)s has nothing in %(cells)s.", player=player,
                                 cells=", ".join(cells)))
        return lines
