"""Score pad plug-in: the rules in ``rules.py``, forms and labels for the web shell here."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...i18n import _l, gettext, ngettext
from ..base import N_, Conflict, Game, web_part
from . import rules

if TYPE_CHECKING:
    from .forms import OptionsForm


class ScorePad(Game):
    name = "score-pad"
    label = _l("Score pad (any game)")
    categories = {"points": _l("Points")}
    event_labels = {"points": _l("points")}
    min_players, max_players = 1, 12
    options_form = web_part(".forms", "OptionsForm")
    phone_template = "games/score_pad/phone.html"
    host_template = "games/score_pad/host.html"
    live_template = "games/score_pad/sheet.html"

    core = rules

    def options_from_form(self, form: OptionsForm, players: list[str]) -> dict[str, Any]:
        return {"lowest_wins": bool(form.lowest_wins.data)}

    def highest_wins(self, options: Mapping[str, Any]) -> bool:
        return not options.get("lowest_wins")

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
            seat, round_ = rules.next_empty(state)
            return {"points-player": state.players[seat], "points-round": str(round_)}
        return {"points-round": str(rules.next_round(state, player))}

    def event_from_form(self, form_name: str, form: Any, player: str,
                        state: rules.Sheet) -> dict[str, Any] | None:
        if form_name != "points":
            return None
        return {"type": "points", "player": player, "round": form.round.data,
                "points": form.points.data}

    def overwrite(self, state: rules.Sheet, event: Mapping[str, Any]) -> Conflict | None:
        if event.get("type") != "points":
            return None
        old = rules.entered(state, event["player"], event["round"])
        if old is None or old == event["points"]:
            return None
        return Conflict(N_("%(player)s's round %(round)s is %(old)s. Replace it with %(new)s?"),
                        token=str(old), player=event["player"], round=event["round"], old=old,
                        new=event["points"])

    def missing(self, state: rules.Sheet) -> list[str]:
        return [ngettext("%(player)s has no round %(rounds)s.",
                         "%(player)s has no rounds %(rounds)s.", len(gaps), player=player,
                         rounds=", ".join(map(str, gaps)))
                for player, gaps in rules.missing(state).items()]

    def describe(self, event: Mapping[str, Any]) -> str:
        return self.describe_all([event], {})[0]

    def describe_all(self, events: list[Mapping[str, Any]], undone: Mapping[int, int],
                     first: int = 0) -> list[str]:
        """A later entry for the same round reads as the correction it is."""
        entered: dict[tuple[Any, Any], Any] = {}
        lines = []
        for index, event in enumerate(events):
            if event.get("type") != "points" or index < first:
                lines.append("")
                if event.get("type") == "points" and index not in undone:
                    entered[(event.get("player"), event.get("round"))] = event.get("points")
                continue
            key = (event.get("player"), event.get("round"))
            words = {"player": key[0], "round": key[1], "points": event.get("points")}
            old = entered.get(key)
            if old is not None and old != event.get("points"):
                lines.append(gettext("%(player)s: round %(round)s corrected from %(old)s to "
                                     "%(points)s", old=old, **words))
            else:
                count = event.get("points") if isinstance(event.get("points"), int) else 0
                lines.append(ngettext("%(player)s: %(points)s point in round %(round)s",
                                      "%(player)s: %(points)s points in round %(round)s",
                                      abs(count), **words))
            if index not in undone:
                entered[key] = event.get("points")
        return lines

    def chart_rounds(self, state: rules.Sheet) -> dict[str, list[int]]:
        """A score sheet is kept by round: the chart shows the running total round by round."""
        return rules.running_totals(state)

    def sheet(self, state: rules.Sheet) -> dict[str, Any]:
        """The grid the templates draw: one row per round, one column per player."""
        last = rules.rounds(state)
        return {"rounds": [[state.points.get((p, r)) for p in state.players]
                           for r in range(1, last + 1)]}


game = ScorePad()
