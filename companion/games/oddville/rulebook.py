"""OddVille's rules part: its name and categories, setup and end events, and its record in words."""
from __future__ import annotations

from typing import Any, Mapping

from ...i18n import _l, gettext, ngettext
from ...words import explain
from ..base import N_, Rules
from . import rules, rules_card, setup_list
from .labels import CHARACTER_NAMES, RULE_LABELS, character_label


class OddVilleRules(Rules):
    name = "oddville"
    label = _l("OddVille")
    categories = {"buildings": _l("Buildings"), "main_square": _l("Main Square"),
                  "characters": _l("Characters"), "resource_workers": _l("Workers on resources")}
    tie_break = _l("the end's trigger, then clockwise from the trigger")
    labels = {"rule": RULE_LABELS, "name": CHARACTER_NAMES}
    event_labels = {"build": _l("build"), "main_square": _l("main square"),
                    "character": _l("character"), "lose_character": _l("lose character"),
                    "resource_workers": _l("resource workers"), "trigger": _l("trigger"),
                    "pass": _l("pass")}
    min_players, max_players = 2, 4
    # who starts (rulebook, setup): the app turns the seat order to begin with them
    first_player_rule = _l("Rulebook: the start player plays blue; once the start player is "
                           "chosen, the last player takes the End of the game card.")

    core = rules

    def setup_list(self, options: Mapping[str, Any], count: int) -> list[dict[str, Any]]:
        """The box for the player count and the end variant (setup_list.py)."""
        return setup_list.setup_list(options, count)

    def rules_card(self, options: Mapping[str, Any], count: int) -> dict[str, list[dict[str, Any]]]:
        """The end variant chosen (rules_card.py)."""
        return rules_card.rules_card(options, count)

    def setup_events(self, options: Mapping[str, Any], players: list[str]) -> list[dict[str, Any]]:
        return rules.setup(players)

    def end_event(self, state: rules.State) -> dict[str, Any]:
        """Finishing names the detected trigger, so a tie is broken from it clockwise."""
        trigger = rules.trigger(state)
        return {"type": "end", "trigger": trigger} if trigger else {"type": "end"}

    def best_single(self, player: Mapping[str, Any]) -> tuple[Any, int] | None:
        points = rules.best_card(player)
        return None if points is None else (_l("Best card"), points)

    def end_status(self, state: rules.State, result: Mapping[str, Any]) -> str | None:
        """Beside the scoreboard's title once the 6th worker is in the city."""
        if state.trigger is None or state.tally:
            return None
        return {"complete-round": N_("the round is being completed"),
                "last-turn": N_("last turns")}.get(state.end, N_("the game has ended"))

    def describe(self, event: Mapping[str, Any], options: Mapping[str, Any] | None = None) -> str:
        kind = event.get("type")
        player = event.get("player")
        if kind == "build":
            vp = event.get("vp")
            rule = RULE_LABELS.get(vp.get("rule")) if isinstance(vp, Mapping) else None
            where = {"player": player, "rule": rule or "?",
                     "place": explain(rules.place(event.get("row"), event.get("column")))}
            if event.get("builder") is True:
                return gettext("%(player)s built %(place)s as the Builder: %(rule)s", **where)
            return gettext("%(player)s built %(place)s: %(rule)s", **where)
        if kind == "main_square":
            return gettext("%(player)s put a worker on the Main Square", player=player)
        if kind == "character":
            return gettext("%(player)s took the character %(name)s", player=player,
                           name=character_label(event.get("name")))
        if kind == "lose_character":
            return gettext("%(player)s gave back the character %(name)s", player=player,
                           name=character_label(event.get("name")))
        if kind == "resource_workers" and event.get("setup"):
            return gettext("Setup: %(player)s puts a worker on the resource board",
                           player=player)
        if kind == "resource_workers":
            count = event.get("count")
            return ngettext("%(player)s has %(num)s worker on the resource board",
                            "%(player)s has %(num)s workers on the resource board",
                            count if isinstance(count, int) else 0, player=player)
        if kind == "pass":
            return gettext("%(player)s played a worker card", player=player)
        if kind == "trigger":
            return gettext("%(player)s placed the 6th worker in the city first", player=player)
        return ""

