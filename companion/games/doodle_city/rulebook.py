"""Doodle City's rules part: its name and categories, how the end reads, and its record in words."""
from __future__ import annotations

from typing import Any, Mapping

from ...i18n import _l, gettext
from ..base import N_, Rules
from . import rules, rules_card, setup_list
from .labels import CELL_LABELS, SHAPE_WORDS, shape_glyph


class DoodleCityRules(Rules):
    name = "doodle-city"
    label = _l("Doodle City")
    categories = {"hotels": _l("Hotels"), "shops": _l("Shops"), "shop_bonuses": _l("Speed bonuses"),
                  "taxis": _l("Taxis"), "trees": _l("Trees")}
    tie_break = _l("fewer trees crossed")
    min_players, max_players = 1, 6
    labels = {"kind": CELL_LABELS, "shape": SHAPE_WORDS}
    event_labels = {"start_road": _l("start road"), "roll": _l("roll"), "draw": _l("draw"),
                    "house": _l("house"), "tree": _l("tree"), "pass": _l("pass"),
                    "setup_roll": _l("setup roll"), "tally": _l("tally")}

    core = rules

    def setup_list(self, options: Mapping[str, Any], count: int) -> list[dict[str, Any]]:
        """The box for the sheets, the start roads and the dice (setup_list.py)."""
        return setup_list.setup_list(options, count)

    def rules_card(self, options: Mapping[str, Any], count: int) -> dict[str, list[dict[str, Any]]]:
        """The table's sheet, variant and dice (rules_card.py)."""
        return rules_card.rules_card(options, count)

    def best_single(self, player: Mapping[str, Any]) -> tuple[Any, int] | None:
        points = rules.best_hotel(player)
        return None if points is None else (_l("Best hotel"), points)

    def end_status(self, state: rules.State, result: Mapping[str, Any]) -> str | None:
        """"Last round!" while it is played; once it is over the turn line says so (and that the
        host finishes the game), once on each screen."""
        if not state.end_triggered or rules.round_over(state):
            return None
        return N_("Last round!")

    def describe(self, event: Mapping[str, Any], options: Mapping[str, Any] | None = None) -> str:
        kind = event.get("type")
        if kind == "start_road":
            return gettext("Start road in column %(column)s: %(shape)s",
                           column=event.get("column"), shape=shape_glyph(event.get("shape")))
        if kind == "setup_roll":
            return gettext("Start roads rolled: %(faces)s",
                           faces=", ".join(str(f) for f in event.get("blue", [])))
        if kind == "roll":
            return gettext("Dice: blue %(blue)s, white %(white)s", blue=event.get("blue"),
                           white=" ".join(str(w) for w in event.get("white", [])))
        if kind == "draw":
            words = {k: event.get(k) for k in ("player", "row", "column")}
            words["shape"] = shape_glyph(event.get("shape"))
            if event.get("circle") is not None:
                return gettext("%(player)s: road %(shape)s at row %(row)s, column %(column)s, "
                               "circled %(circle)s", circle=event["circle"], **words)
            return gettext("%(player)s: road %(shape)s at row %(row)s, column %(column)s", **words)
        if kind == "house":
            return gettext("%(player)s: crossed a house at row %(row)s, column %(column)s",
                           **{k: event.get(k) for k in ("player", "row", "column")})
        if kind == "tree":
            return gettext("%(player)s: crossed a tree", player=event.get("player"))
        if kind == "pass":
            return gettext("%(player)s passed", player=event.get("player"))
        if kind == "tally":
            return gettext("%(player)s: final sheet entered", player=event.get("player"))
        return ""

    def describe_all(self, events: list[Mapping[str, Any]], undone: Mapping[int, int],
                     first: int = 0, options: Mapping[str, Any] | None = None) -> list[str]:
        """A second tally of a player reads as the correction it is."""
        lines, tallied = [], set()
        for index, event in enumerate(events):
            player = event.get("player")
            if index < first:
                lines.append("")
            elif event.get("type") == "tally" and player in tallied:
                lines.append(gettext("%(player)s: final sheet corrected", player=player))
            else:
                lines.append(self.describe(event))
            if event.get("type") == "tally" and index not in undone:
                tallied.add(player)
        return lines
