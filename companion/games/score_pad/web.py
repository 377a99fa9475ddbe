"""The score pad's screens part: the sheet's templates, the points forms and where they go next."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..base import Screens, web_part
from . import rules

if TYPE_CHECKING:
    from .start import OptionsForm


class ScorePadScreens(Screens):
    options_form = web_part(".start", "OptionsForm")
    phone_template = "games/score_pad/phone.html"
    host_template = "games/score_pad/host.html"
    live_template = "games/score_pad/sheet.html"
    live_same_for_every_seat = True
    blueprint = web_part(".editor", "bp")
    options_template = "games/score_pad/_options.html"

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

        from .forms import HostPointsForm, PointsForm

        values = self.follow(state, player)
        if player is None:
            form = HostPointsForm(prefix="points", round=values["points-round"],
                                  player=values["points-player"])
            form.player.choices = [SelectChoice(p) for p in state.players]
        else:
            form = PointsForm(prefix="points", round=values["points-round"])
        return {"points": form}

    def follow(self, state: rules.Sheet, player: str | None) -> dict[str, str]:
        """The next empty cell: the host's goes round the table, a phone's is its own."""
        if player is None:
            seat, round_, _category = rules.next_empty(state)
            return {"points-player": state.players[seat], "points-round": str(round_)}
        return {"points-round": str(rules.next_round(state, player))}

    def event_from_form(self, form_name: str, form: Any, player: str,
                        state: rules.Sheet) -> dict[str, Any] | None:
        if form_name != "points":
            return None
        return {"type": "points", "player": player, "round": form.round.data,
                "points": form.points.data}

    def sheet(self, state: rules.Sheet) -> dict[str, Any]:
        """The grid the templates draw: one row per round, one column per player."""
        last = rules.rounds(state)
        return {"rounds": [[state.points.get((p, r)) for p in state.players]
                           for r in range(1, last + 1)]}
