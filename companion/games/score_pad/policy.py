"""The score pad at a live table: a round entered is replaced only when asked; Finish names gaps."""
from __future__ import annotations

from typing import Any, Mapping

from ...i18n import ngettext
from ..base import N_, Conflict, Policy
from . import rules


class ScorePadPolicy(Policy):
    def overwrite(self, state: rules.Sheet, event: Mapping[str, Any]) -> Conflict | None:
        if event.get("type") != "points":
            return None
        old = rules.entered(state, event["player"], event["round"])
        if old is None or old == event["points"]:
            return None
        return Conflict(N_("%(player)s's round %(round)s is %(old)s. Replace it with %(new)s?"),
                        token=str(old), player=event["player"], round=event["round"], old=old,
                        new=event["points"])

    def missing(self, state: rules.Sheet) -> list[str]:
        return [ngettext("%(player)s has no round %(rounds)s.",
                         "%(player)s has no rounds %(rounds)s.", len(gaps), player=player,
                         rounds=", ".join(map(str, gaps)))
                for player, gaps in rules.missing(state).items()]
