"""Calçada plug-in: the rules in ``rules.py`` and ``board.py``; here the web shell's part —
the options form, labels, and what each act means in words. Until Calçada has its own phone
screens the platform's generic scoreboard and history show the table."""
from __future__ import annotations

from typing import Any, Mapping

from flask_babel import gettext, lazy_gettext as _l, ngettext
from flask_wtf import FlaskForm
from wtforms import SelectField
from wtforms.fields.choices import SelectChoice

from ..base import Game
from . import rules
from .board import SIDES, board_json, default_board

# display labels of the contract's fixed ids (the real motif names are not public)
COLOUR_LABELS = {"yellow": _l("yellow"), "blue": _l("blue"), "red": _l("red"),
                 "green": _l("green"), "white": _l("white")}
MOTIF_LABELS = {"tram": _l("tram"), "plaza": _l("plaza"), "kiosk": _l("kiosk"),
                "bench": _l("bench"), "cafe": _l("café"), "bonus": _l("bonus symbol")}
SIDE_LABELS = {"8": _l("8 districts"), "9": _l("9 districts")}


class OptionsForm(FlaskForm):
    class Meta:
        csrf = False        # a part of the start-a-table form, which carries the token

    board = SelectField(_l("Player board side"), default="8",
                        choices=[SelectChoice(side, SIDE_LABELS[side]) for side in SIDES])


def side_label(side: str) -> Any:
    """The side's name, flagged when its layout has not been checked against a real board."""
    if default_board(side).unverified:
        return _l("%(side)s (layout unverified)", side=SIDE_LABELS[side])
    return SIDE_LABELS[side]


class Calcada(Game):
    name = "calcada"
    label = _l("Calçada")
    categories = {"districts": _l("Districts"), "motifs": _l("Motifs"),
                  "unfinished": _l("Unfinished districts"), "bonus_tiles": _l("Bonus tiles")}
    tie_break = None            # the rulebook: tied players share the win
    labels = {"colour": COLOUR_LABELS, "other": COLOUR_LABELS, "motif": MOTIF_LABELS}
    # the record's words, in English as in the file; translated for the other languages
    event_labels = {"place": _l("place"), "spend_bonus": _l("spend bonus")}
    min_players, max_players = 2, 4
    options_form = OptionsForm

    core = rules

    def prepare_options_form(self, form: OptionsForm) -> None:
        form.board.choices = [SelectChoice(side, side_label(side)) for side in SIDES]

    def options_from_form(self, form: OptionsForm) -> dict[str, Any]:
        # the side is embedded whole (with its unverified mark), so a game rescores the same
        # after the shipped layout is corrected
        return {"board": board_json(default_board(form.board.data))}

    def describe(self, event: Mapping[str, Any]) -> str:
        kind = event.get("type")
        if kind == "place":
            return describe_place(event)
        if kind == "spend_bonus":
            count = event.get("count", 1)
            return ngettext("%(player)s spent a bonus tile", "%(player)s spent %(num)s bonus tiles",
                            count if isinstance(count, int) else 1, player=event.get("player"))
        return ""


def label(labels: Mapping[str, Any], value: Any) -> Any:
    return labels.get(value, value) if isinstance(value, str) else value


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


game = Calcada()
