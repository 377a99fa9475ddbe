"""The score pad's screens part: the sheet's templates, the points forms and where they go next.
A score sheet with categories is filled cell by cell: a phone its own column, the next empty
category offered, the points typed as a number or a sum on the page's keypad."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Mapping

from ...i18n import _l
from ..base import Screens, web_part
from . import rules
from .rulebook import tie_break_label
from .screens import Screen, category_grid, offered, screen

if TYPE_CHECKING:
    from .start import OptionsForm

PLAIN = re.compile(r"-?[0-9]+")       # typed points that are a number, not a sum to keep


class ScorePadScreens(Screens):
    options_form = web_part(".start", "OptionsForm")
    phone_template = "games/score_pad/phone.html"
    host_template = "games/score_pad/host.html"
    live_template = "games/score_pad/sheet.html"
    live_same_for_every_seat = True
    blueprint = web_part(".editor", "bp")
    options_template = "games/score_pad/_options.html"
    options_scripts = ("js/score-sheet-options.js",)
    scripts = ("js/keypad.js",)            # the entry card's keypad
    options_links = ((_l("Score sheets (sheet editor)"), "score_pad.sheets"),)

    # --- starting a table (``start.py``) --------------------------------------------------
    def prepare_options_form(self, form: OptionsForm) -> None:
        from .start import prepare
        prepare(form)

    def options_from_form(self, form: OptionsForm, players: list[str]) -> dict[str, Any]:
        from .start import options
        return options(form, players)

    # --- entering points --------------------------------------------------------------------

    def forms(self, state: rules.Sheet, player: str | None) -> dict[str, Any]:
        from wtforms.fields.choices import SelectChoice

        from .forms import HostPointsForm, HostSheetPointsForm, PointsForm, SheetPointsForm

        values = self.follow(state, player)
        if state.sheet is not None:
            start = {"round": values["points-round"], "category": values["points-category"]}
            form = (SheetPointsForm(prefix="points", **start) if player is not None else
                    HostSheetPointsForm(prefix="points", player=values["points-player"], **start))
            form.category.choices = [(c["id"], c["name"]) for c in state.sheet["categories"]]
            if player is None:
                form.player.choices = [(p, p) for p in state.players]
        elif player is None:
            form = HostPointsForm(prefix="points", round=values["points-round"],
                                  player=values["points-player"])
            form.player.choices = [SelectChoice(p) for p in state.players]
        else:
            form = PointsForm(prefix="points", round=values["points-round"])
        return {"points": form}

    def follow(self, state: rules.Sheet, player: str | None) -> dict[str, str]:
        """The next empty cell: the host's goes round the table, a phone's is its own (a full
        column of a sheet filled once offers its first category, to correct)."""
        if player is None:
            seat, round_, category = rules.next_empty(state)
            values = {"points-player": state.players[seat], "points-round": str(round_)}
        elif state.sheet is None:
            return {"points-round": str(rules.next_round(state, player))}
        else:
            round_, category = offered(state, player)
            values = {"points-round": str(round_)}
        if state.sheet is not None:
            values["points-category"] = category
        return values

    def event_from_form(self, form_name: str, form: Any, player: str,
                        state: rules.Sheet) -> dict[str, Any] | None:
        if form_name != "points":
            return None
        if state.sheet is None:
            return {"type": "points", "player": player, "round": form.round.data,
                    "points": form.points.data}
        typed = form.points.data        # checked by the form: a number or a sum
        event = {"type": "points", "player": player,
                 "round": form.round.data if state.sheet["rounds"] else 1,
                 "category": form.category.data, "points": rules.expression_value(typed)}
        if not PLAIN.fullmatch(typed):
            event["expression"] = typed
        return event

    # --- what the screens draw ----------------------------------------------------------------

    def screen(self, state: rules.Sheet, options: Mapping[str, Any], view: str, seat: Any,
               host: bool, selection: Mapping[str, str]) -> Screen | None:
        return screen(state, options, view, seat, host, selection)

    def sheet(self, state: rules.Sheet,
              result: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The grid the templates draw. Points by round alone: one row per round, one column per
        player. A sheet: see :func:`category_grid`."""
        if state.sheet is not None:
            return category_grid(state, result if result is not None else rules.result(state),
                                 tie_break_label({"sheet": state.sheet}))
        return {"rounds": [[rules.entered(state, p, r) for p in state.players]
                           for r in range(1, rules.rounds(state) + 1)]}
