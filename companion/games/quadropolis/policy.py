"""Quadropolis at a live table: Finish's warnings."""
from __future__ import annotations

from ...i18n import gettext
from ..base import Policy
from . import rules


class QuadropolisPolicy(Policy):
    def missing(self, state: rules.State) -> list[str]:
        """Before Finish: cities with nothing built, and rounds not yet played."""
        words = [gettext("%(player)s has built nothing yet.", player=p)
                 for p in state.players if not state.cities[p]]
        last = rules.mats()[state.mode].rounds
        if state.round is not None and state.round < last:
            words.append(gettext("This is round %(n)s of %(last)s.", n=state.round, last=last))
        return words
