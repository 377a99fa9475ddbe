"""Calçada's rules part: its name and categories, how the end reads, and its record in words."""
from __future__ import annotations

from typing import Any, Mapping

from ...i18n import _l, gettext, ngettext
from ..base import N_, Rules
from . import rules, rules_card, setup_list
from .labels import COLOUR_LABELS, EVENT_LABELS, MOTIF_LABELS, PARAM_LABELS, label


class CalcadaRules(Rules):
    name = "calcada"
    label = _l("Calçada")
    categories = {"districts": _l("Districts"), "motifs": _l("Motifs"),
                  "unfinished": _l("Unfinished districts"), "bonus_tiles": _l("Bonus tiles")}
    tie_break = None            # the rulebook: tied players share the win
    labels = PARAM_LABELS
    # the record's words, in English as in the file; translated for the other languages
    event_labels = EVENT_LABELS
    min_players, max_players = 2, 4

    core = rules

    def setup_list(self, options: Mapping[str, Any], count: int) -> list[dict[str, Any]]:
        """The box for the player count (setup_list.py)."""
        return setup_list.setup_list(options, count)

    def rules_card(self, options: Mapping[str, Any], count: int) -> dict[str, list[dict[str, Any]]]:
        """The player count's scoring board (rules_card.py)."""
        return rules_card.rules_card(options, count)

    def best_single(self, player: Mapping[str, Any]) -> tuple[Any, int] | None:
        points = rules.best_district(player)
        return None if points is None else (_l("Best district"), points)

    def end_status(self, state: rules.State, result: Mapping[str, Any]) -> str | None:
        """"Last round!" while it is played; once it is over the turn line says so (and that the
        host finishes the game), once on each screen."""
        if state.trigger is None or rules.game_over(state):
            return None
        return N_("Last round!")

    def describe(self, event: Mapping[str, Any], options: Mapping[str, Any] | None = None) -> str:
        kind = event.get("type")
        if kind == "place":
            return describe_place(event)
        if kind == "spend_bonus":
            count = event.get("count", 1)
            return ngettext("%(player)s spent a bonus tile", "%(player)s spent %(num)s bonus tiles",
                            count if isinstance(count, int) else 1, player=event.get("player"))
        if kind == "pass":
            return gettext("%(player)s passed", player=event.get("player"))
        if kind == "tally":
            return gettext("%(player)s: final board entered", player=event.get("player"))
        return ""


def describe_place(event: Mapping[str, Any]) -> str:
    words = {"player": event.get("player"), "row": event.get("row"),
             "column": event.get("column"),
             "colour": label(COLOUR_LABELS, event.get("colour")),
             "motif": label(MOTIF_LABELS, event.get("motif"))}
    if event.get("number") is None:
        return gettext("%(player)s: %(colour)s tile (%(motif)s) on row %(row)s, column %(column)s",
                       **words)
    return gettext("%(player)s announced %(colour)s %(number)s: tile (%(motif)s) on row %(row)s, "
                   "column %(column)s", number=event.get("number"), **words)
