"""Score pad plug-in: the rules in ``rules.py``, forms and labels for the web shell here."""
from __future__ import annotations

from typing import Any, Mapping

from flask_babel import gettext, lazy_gettext as _l
from wtforms.fields.choices import SelectChoice

from ..base import Game
from . import rules
from .forms import HostPointsForm, OptionsForm, PointsForm


class ScorePad(Game):
    name = "score-pad"
    label = _l("Score pad (any game)")
    categories = {"points": _l("Points")}
    min_players, max_players = 1, 12
    options_form = OptionsForm
    phone_template = "games/score_pad/phone.html"
    host_template = "games/score_pad/host.html"
    live_template = "games/score_pad/sheet.html"

    core = rules

    def options_from_form(self, form: OptionsForm) -> dict[str, Any]:
        return {"lowest_wins": bool(form.lowest_wins.data)}

    def forms(self, state: rules.Sheet, player: str | None) -> dict[str, Any]:
        if player is None:
            # the shared screen goes round the table: next seat after the last entry
            seat, round_ = rules.next_entry(state)
            form = HostPointsForm(prefix="points", round=round_, player=state.players[seat])
            form.player.choices = [SelectChoice(p) for p in state.players]
        else:
            done = [r for (p, r) in state.points if p == player]
            form = PointsForm(prefix="points", round=max(done, default=0) + 1)
        return {"points": form}

    def event_from_form(self, form_name: str, form: Any, player: str,
                        state: rules.Sheet) -> dict[str, Any] | None:
        if form_name != "points":
            return None
        return {"type": "points", "player": player, "round": form.round.data,
                "points": form.points.data}

    def describe(self, event: Mapping[str, Any]) -> str:
        if event.get("type") == "points":
            return gettext("%(player)s: %(points)s points in round %(round)s",
                           player=event["player"], points=event["points"], round=event["round"])
        return ""

    def sheet(self, state: rules.Sheet) -> dict[str, Any]:
        """The grid the templates draw: one row per round, one column per player."""
        last = rules.rounds(state)
        return {"rounds": [[state.points.get((p, r)) for p in state.players]
                           for r in range(1, last + 1)]}


game = ScorePad()
