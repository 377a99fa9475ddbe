"""Calçada plug-in: the rules in ``rules.py`` and ``board.py``; here the web shell's part —
options, forms turned into events, and what each act means in words. The screens' view
models live in ``screens.py``, the board drawing in ``drawing.py``, the editors in
``editor.py``."""
from __future__ import annotations

from typing import Any, Mapping

from flask import request
from flask_babel import gettext, lazy_gettext as _l, ngettext

from ..base import Game, N_, RuleError
from . import rules, screens
from .board import board_json
from .editor import bp as editor
from .forms import CELLS, OptionsForm, PlaceForm, SpendForm, TallyForm
from .labels import COLOUR_LABELS, MOTIF_LABELS, SIDE_LABELS, label, side_label
from .models import board_by_choice, board_choices, scoring_by_choice, scoring_choices

__all__ = ["COLOUR_LABELS", "MOTIF_LABELS", "SIDE_LABELS", "game", "side_label"]

FORMS = {"place": PlaceForm, "spend": SpendForm, "tally": TallyForm}


def players_on_form() -> int:
    """How many names the start-a-table form carries (the scoring board depends on it)."""
    from ...tables.forms import NewTableForm
    return len(NewTableForm(meta={"csrf": False}).names())


class Calcada(Game):
    name = "calcada"
    label = _l("Calçada")
    categories = {"districts": _l("Districts"), "motifs": _l("Motifs"),
                  "unfinished": _l("Unfinished districts"), "bonus_tiles": _l("Bonus tiles")}
    tie_break = None            # the rulebook: tied players share the win
    min_players, max_players = 2, 4
    options_form = OptionsForm
    phone_template = "games/calcada/phone.html"
    host_template = "games/calcada/host.html"
    live_template = "games/calcada/live.html"
    query_args = ("colour", "number", "cell", "as")
    blueprint = editor
    options_links = ((_l("Correct the boards (board editor)"), "calcada.boards"),)

    core = rules

    # --- starting a table ---------------------------------------------------------------
    def prepare_options_form(self, form: OptionsForm) -> None:
        form.board.choices = board_choices()
        form.scoring.choices = scoring_choices()

    def options_from_form(self, form: OptionsForm) -> dict[str, Any]:
        # both boards are embedded whole, so a game rescores the same after any correction
        options: dict[str, Any] = {"board": board_json(board_by_choice(form.board.data))}
        rows = scoring_by_choice(form.scoring.data, players_on_form())
        if rows is not None:
            options["scoring_rows"] = list(rows.rows)
        if form.tally.data:
            options["tally"] = True
        return options

    # --- acts -----------------------------------------------------------------------------
    def forms(self, state: rules.State, player: str | None) -> dict[str, Any]:
        return {name: form(prefix=name) for name, form in FORMS.items()}

    def event_from_form(self, form_name: str, form: Any, player: str | None,
                        state: rules.State) -> dict[str, Any] | None:
        if form_name == "place":
            event = {"type": "place", "player": player, "row": form.row.data,
                     "column": form.column.data, "colour": form.colour.data,
                     "motif": form.motif.data}
            return event if form.number.data is None else {**event, "number": form.number.data}
        if form_name == "spend":
            return {"type": "spend_bonus", "player": player, "count": form.count.data or 1}
        if form_name == "tally":
            return tally_event(form, player)
        return None

    def screen(self, state: rules.State, options: Mapping[str, Any], view: str, seat: Any,
               host: bool, selection: Mapping[str, str], result: Mapping[str, Any]) -> dict:
        return screens.screen(state, options, view, seat, host, selection, result)

    def describe(self, event: Mapping[str, Any]) -> str:
        kind = event.get("type")
        if kind == "place":
            return describe_place(event)
        if kind == "spend_bonus":
            count = event.get("count", 1)
            return ngettext("%(player)s spent a bonus tile", "%(player)s spent %(num)s bonus tiles",
                            count if isinstance(count, int) else 1, player=event.get("player"))
        if kind == "tally":
            return gettext("%(player)s: final board entered", player=event.get("player"))
        return ""


def tally_event(form: TallyForm, player: str | None) -> dict[str, Any]:
    tiles = []
    for row, column in CELLS:
        colour = form[f"colour_{row}_{column}"].data or ""
        motif = form[f"motif_{row}_{column}"].data or ""
        if bool(colour) != bool(motif):
            raise RuleError(N_("Row %(row)d, column %(column)d: pick both the colour and the "
                               "motif (or neither for an empty cell)."), row=row, column=column)
        if colour:
            tiles.append({"row": row, "column": column, "colour": colour, "motif": motif})
    if not tiles:
        raise RuleError(N_("Pick the colour and motif of every tile on the board."))
    return {"type": "tally", "player": player, "tiles": tiles,
            "districts": form.districts.data, "bonus_tiles": form.bonus_tiles.data}


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
