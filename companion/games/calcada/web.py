"""Calçada's screens part: templates, the options form, forms turned into events, the screen."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...i18n import _l
from ..base import N_, RuleError, Screens, web_part
from . import rules
from .board import board_json

if TYPE_CHECKING:
    from .forms import OptionsForm, TallyForm
    from .screens import Screen


class CalcadaScreens(Screens):
    options_form = web_part(".forms", "OptionsForm")
    phone_template = "games/calcada/phone.html"
    host_template = "games/calcada/host.html"
    live_template = "games/calcada/live.html"
    tools_template = "games/calcada/tools.html"
    play_template = "games/calcada/play.html"
    scripts = ("js/moves.js",)             # the moves walked tap by tap
    query_args = ("colour", "number", "cell", "as")
    blueprint = web_part(".editor", "bp")
    options_links = ((_l("Correct the boards (board editor)"), "calcada.boards"),)

    # --- starting a table ---------------------------------------------------------------
    def prepare_options_form(self, form: OptionsForm) -> None:
        from .models import board_choices, scoring_choices
        form.board.choices = board_choices(form.board.data)
        form.scoring.choices = scoring_choices(form.scoring.data)

    def options_from_form(self, form: OptionsForm, players: list[str]) -> dict[str, Any]:
        from .models import board_by_choice, scoring_by_choice
        # both boards are embedded whole, so a game rescores the same after any correction
        options: dict[str, Any] = {"board": board_json(board_by_choice(form.board.data))}
        rows = scoring_by_choice(form.scoring.data, len(players))
        if rows is not None:
            options["scoring_rows"] = list(rows.rows)
        if form.tally.data:
            options["tally"] = True
        return options

    # --- acts -----------------------------------------------------------------------------
    def forms(self, state: rules.State, player: str | None) -> dict[str, Any]:
        from .forms import FORMS
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

    # --- what a screen shows --------------------------------------------------------------
    def screen(self, state: rules.State, options: Mapping[str, Any], view: str, seat: Any,
               host: bool, selection: Mapping[str, str]) -> Screen:
        from . import screens
        return screens.screen(state, options, view, seat, host, selection)


def tally_event(form: TallyForm, player: str | None) -> dict[str, Any]:
    from .forms import CELLS
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
