"""Quadropolis at a live table: the question before a turn out of turn, Finish's warnings."""
from __future__ import annotations

from ...i18n import gettext
from ..base import N_, Act, OutOfTurn, Policy, Turn
from . import rules


class QuadropolisPolicy(Policy):
    turn_events = frozenset({"build", "pass"})      # allocating is no turn

    def out_of_turn(self, state: rules.State, act: Act,
                    turn: Turn | None) -> OutOfTurn | None:
        """Asked before a tile is built (or passed) out of turn, and after the last round."""
        player = act.event.get("player")
        if (turn is not None and turn.player is None and player in state.players
                and act.event.get("type") in self.turn_events):
            return OutOfTurn(N_("All rounds are played. Enter this for %(player)s anyway?"),
                             token="over", yes=N_("Enter it anyway"), player=player)
        return super().out_of_turn(state, act, turn)

    def missing(self, state: rules.State) -> list[str]:
        """Before Finish: cities with nothing built, and rounds not yet played."""
        words = [gettext("%(player)s has built nothing yet.", player=p)
                 for p in state.players if not state.cities[p]]
        last = rules.mats()[state.mode].rounds
        if state.round is not None and state.round < last:
            words.append(gettext("This is round %(n)s of %(last)s.", n=state.round, last=last))
        return words
