"""OddVille at a live table: whose acts the setup's are, what is replaced, Finish's warnings."""
from __future__ import annotations

from typing import Any, Mapping

from ...i18n import gettext
from ...words import explain
from ..base import N_, Conflict, Policy
from . import rules


class OddVillePolicy(Policy):
    def actor(self, event: Mapping[str, Any]) -> str | None:
        """The setup's workers are nobody's act: a phone's Undo never takes them back."""
        return None if event.get("setup") else super().actor(event)

    def overwrite(self, state: rules.State, event: Mapping[str, Any]) -> Conflict | None:
        """A resource-board count or a tally's trigger replaces the one there. The stepper sends
        the count it showed, so only a change made meanwhile on another screen is asked about."""
        player = event.get("player")
        if event.get("type") == "resource_workers" and player in state.resource:
            count = state.resource[player]
            if count != event.get("count"):
                return Conflict(N_("%(player)s has %(count)s workers on the resource board now "
                                   "(changed meanwhile); make it %(new)s?"), token=str(count),
                                player=player, count=count, new=event.get("count"))
        if event.get("type") == "trigger" and state.tally and state.trigger not in (None, player):
            return Conflict(N_("%(trigger)s is named as the player who placed the 6th worker "
                               "first; name %(player)s instead?"), token=state.trigger,
                            trigger=state.trigger, player=player)
        return None

    def missing(self, state: rules.State) -> list[str]:
        """What Finish warns about: no 6th worker yet (a tally: its trigger not named), or
        players the chosen end still lets play who have not played yet."""
        if state.trigger is None:
            return [gettext("Nobody has placed a 6th worker in the city yet.") if not state.tally
                    else gettext("Name who placed the 6th worker in the city first.")]
        still = rules.last_turns(state)
        return [explain(rules.end_rule(state))] if still and not state.tally else []

