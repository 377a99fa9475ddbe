"""Doodle City at a live table: who rolls, who sets up, what waits offline, a tally replaced."""
from __future__ import annotations

import json
from typing import Any, Mapping

from ...i18n import _l, gettext
from ..base import N_, Act, Conflict, Policy, RuleError
from . import rules


class DoodleCityPolicy(Policy):
    def live_check(self, state: rules.State, options: Mapping[str, Any], act: Act) -> None:
        """A record from a table that rolled real dice early stays valid; the live table rolls
        once per round, the start player's phone or the host screen, and the host sets up."""
        kind = act.event.get("type")
        if kind in ("setup_roll", "start_road") and act.by != "host":
            raise RuleError(N_("Only the host screen sets up the start roads."))
        if kind != "roll":
            return
        if act.form == "typed_roll" and options.get("dice") != "physical":
            raise RuleError(N_("This table rolls the app's dice: tap Roll the dice."))
        roller = rules.next_roller(state)
        if act.by != "host" and act.player != roller:
            raise RuleError(N_("%(player)s rolls this round's dice."), player=roller)
        if state.roll is not None and not rules.round_complete(state):
            raise RuleError(N_("Not everyone has acted yet this round."))

    def moment(self, form_name: str, fields: Mapping[str, Any]) -> Any | None:
        """Rolling counts at the tap: a later send could roll twice. A road or a cross with a
        die picked while online is kept offline and entered when the connection is back, or
        refused then in words by the rules against the table as it is (the die taken by another
        meanwhile); the die itself is picked on a link, which needs the table."""
        if form_name in ("roll", "typed_roll", "setup_roll"):
            return _l("Rolling counts at the moment of the tap, so it is not kept while this "
                      "phone is offline. Roll again when the connection is back.")
        return None

    def overwrite(self, state: rules.State, event: Mapping[str, Any]) -> Conflict | None:
        """A second tally of the same player replaces the first: asked, never silent."""
        old = state.tallies.get(event.get("player")) if event.get("type") == "tally" else None
        if old is None or tally_token(old) == tally_token(rules.Tally(
                *(tuple(event.get(k, [])) for k in ("hotels", "shops", "bonuses")),
                event.get("taxis"), event.get("trees"))):
            return None
        return Conflict(N_("%(player)s's sheet is already entered (%(total)s points). Replace it?"),
                        token=tally_token(old), player=event["player"],
                        total=rules.tally_total(state, event["player"]))

    def missing(self, state: rules.State) -> list[str]:
        if state.tally:
            return [gettext("%(player)s's sheet is not entered yet.", player=p)
                    for p in rules.untallied(state)]
        return [gettext("%(player)s has not acted in round %(round)s yet.", player=p,
                        round=state.round) for p in rules.waiting_for(state)]


def tally_token(tally: rules.Tally) -> str:
    """A saved tally, as the confirmation of its replacement names it."""
    return json.dumps([list(tally.hotels), list(tally.shops), list(tally.bonuses), tally.taxis,
                       tally.trees])
