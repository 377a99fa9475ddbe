"""Quadropolis' rules part: its name and categories, its rounds, and its record in words."""
from __future__ import annotations

from typing import Any, Mapping

from ...i18n import _l, gettext
from ..base import Rules
from . import rules, rules_card, setup_list

KIND_LABELS = {"tower": _l("tower block"), "shop": _l("shop"), "public": _l("public service"),
               "park": _l("park"), "factory": _l("factory"), "harbour": _l("harbour"),
               "office": _l("office tower"), "monument": _l("monument")}
# the same with the article English needs in a sentence ("an office tower")
BUILT_LABELS = {"tower": _l("a tower block"), "shop": _l("a shop"),
                "public": _l("a public service"), "park": _l("a park"),
                "factory": _l("a factory"), "harbour": _l("a harbour"),
                "office": _l("an office tower"), "monument": _l("a monument")}
PRINT_LABELS = {"residents": _l("residents"), "energy": _l("energy"), "vp": _l("victory points")}


class QuadropolisRules(Rules):
    name = "quadropolis"
    label = _l("Quadropolis")
    bgg_id = 176396
    categories = {"towers": _l("Tower blocks"), "shops": _l("Shops"),
                  "public_services": _l("Public services"), "parks": _l("Parks"),
                  "factories": _l("Factories"), "harbours": _l("Harbours"),
                  "offices": _l("Office towers"), "monuments": _l("Monuments"),
                  "unused_residents": _l("Unused residents"), "pollution": _l("Pollution")}
    tie_break = _l("most residents, then fewer empty cells")
    labels = {"kind": KIND_LABELS, "below": KIND_LABELS, "what": PRINT_LABELS}
    event_labels = {"build": _l("build"), "pass": _l("pass"), "allocate": _l("allocate"),
                    "round": _l("round")}
    min_players, max_players = 2, 4
    # who starts (rulebook, setup): the app turns the seat order to begin with them
    first_player_rule = _l("Rulebook: choose the start player any way you like; they take the "
                           "Mayor.")

    core = rules

    def setup_list(self, options: Mapping[str, Any], count: int) -> list[dict[str, Any]]:
        """The box for the mode and the player count (setup_list.py)."""
        return setup_list.setup_list(options, count)

    def rules_card(self, options: Mapping[str, Any], count: int) -> dict[str, list[dict[str, Any]]]:
        """Classic or Expert (rules_card.py)."""
        return rules_card.rules_card(options, count)

    def setup_events(self, options: Mapping[str, Any], players: list[str]) -> list[dict]:
        # a table played in the app keeps its rounds; a quick tally has none
        return [] if options.get("tally") else [{"type": "round", "round": 1}]

    def score_note(self, player: Mapping[str, Any]) -> str:
        details = player.get("details", {})
        if details.get("optimal", True):
            return ""
        return gettext("allocated by hand; best possible %(best)s", best=details["best_possible"])

    def best_single(self, player: Mapping[str, Any]) -> tuple[Any, int] | None:
        points = rules.best_activation(player)
        return None if points is None else (_l("Best activation"), points)

    def describe(self, event: Mapping[str, Any], options: Mapping[str, Any] | None = None) -> str:
        kind = event.get("type")
        if kind == "build":
            words = {"player": event.get("player"), "row": event.get("row"),
                     "column": event.get("column"),
                     "building": BUILT_LABELS.get(event.get("kind"), event.get("kind"))}
            if event.get("mayor"):
                return gettext("%(player)s built %(building)s on row %(row)s, column %(column)s "
                               "and took the Mayor", **words)
            return gettext("%(player)s built %(building)s on row %(row)s, column %(column)s",
                           **words)
        if kind == "pass":
            return gettext("%(player)s passed: the tile fits nowhere", player=event.get("player"))
        if kind == "allocate" and event.get("optimal"):
            return gettext("%(player)s went back to the best plan", player=event.get("player"))
        if kind == "allocate":
            return gettext("%(player)s placed residents and energy by hand",
                           player=event.get("player"))
        if kind == "round":
            return gettext("Round %(n)s begins", n=event.get("round"))
        return ""

