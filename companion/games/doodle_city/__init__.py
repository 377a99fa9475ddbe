"""Doodle City plug-in: the rules in ``rules.py`` and ``sheet.py``; here the web shell's part —
forms, events from forms and what each act means in words. What a screen shows is built in
``screens.py``."""
from __future__ import annotations

import re
import secrets
from functools import cached_property
from typing import TYPE_CHECKING, Any, Mapping

from ...i18n import _l, gettext
from ..base import N_, Act, Conflict, Game, RuleError, web_part
from . import rules
from .sheet import sheet_json

if TYPE_CHECKING:
    from .forms import OptionsForm

CELL_LABELS = {"house": _l("house field"), "hotel": _l("hotel"), "shop": _l("shop"),
               "taxi": _l("taxi")}


class DoodleCity(Game):
    name = "doodle-city"
    label = _l("Doodle City")
    categories = {"hotels": _l("Hotels"), "shops": _l("Shops"), "shop_bonuses": _l("Speed bonuses"),
                  "taxis": _l("Taxis"), "trees": _l("Trees")}
    tie_break = _l("fewer trees crossed")
    min_players, max_players = 1, 6
    options_form = web_part(".forms", "OptionsForm")
    phone_template = "games/doodle_city/phone.html"
    host_template = "games/doodle_city/host.html"
    live_template = "games/doodle_city/live.html"
    play_template = "games/doodle_city/play.html"
    query_args = ("die", "cell", "as")
    blueprint = web_part(".editor", "bp")
    options_links = ((_l("Correct the sheet layout (sheet editor)"), "doodle_city.sheets"),)
    event_labels = {"start_road": _l("start road"), "roll": _l("roll"), "draw": _l("draw"),
                    "house": _l("house"), "tree": _l("tree"), "setup_roll": _l("setup roll"),
                    "tally": _l("tally")}

    core = rules

    @cached_property
    def labels(self) -> dict[str, Mapping[str, Any]]:     # type: ignore[override]
        from .screens import SHAPE_WORDS
        return {"kind": CELL_LABELS, "shape": SHAPE_WORDS}

    # --- starting a table ---------------------------------------------------------------
    def prepare_options_form(self, form: OptionsForm) -> None:
        from .models import sheet_choices
        form.sheet.choices = sheet_choices()

    def options_from_form(self, form: OptionsForm, players: list[str]) -> dict[str, Any]:
        from .models import sheet_by_choice
        # the sheet is embedded whole, so an old game rescores the same after any edit
        return {"variant": form.variant.data, "sheet": sheet_json(sheet_by_choice(form.sheet.data)),
                "dice": form.dice.data, "tally": bool(form.tally.data)}

    # --- acts -----------------------------------------------------------------------------
    def forms(self, state: rules.State, player: str | None) -> dict[str, Any]:
        from .forms import FORMS
        forms = {name: form(prefix=name) for name, form in FORMS.items()}
        forms["tally"].bind(state, player)
        return forms

    def event_from_form(self, form_name: str, form: Any, player: str | None,
                        state: rules.State) -> dict[str, Any] | None:
        die = {"die": form.die.data} if "die" in form and form.die.data is not None else {}
        if form_name == "draw":
            circle = {"circle": form.circle.data} if form.circle.data is not None else {}
            return {"type": "draw", "player": player, "row": form.row.data,
                    "column": form.column.data, "shape": form.shape.data, **die, **circle}
        if form_name == "house":
            return {"type": "house", "player": player, "row": form.row.data,
                    "column": form.column.data, **die}
        if form_name == "tree":
            return {"type": "tree", "player": player}
        if form_name in ("roll", "typed_roll"):
            return self.roll_event(form_name, form, player, state)
        if form_name == "setup_roll":
            return {"type": "setup_roll", "blue": [secrets.randbelow(6) + 1 for _ in range(5)]}
        if form_name == "start_road":
            return {"type": "start_road", "column": form.column.data, "shape": form.shape.data,
                    **({"face": form.face.data} if form.face.data else {})}
        if form_name == "tally":
            return form.event(player)
        return None

    def roll_event(self, form_name: str, form: Any, player: str | None,
                   state: rules.State) -> dict[str, Any]:
        """The next round's dice, from a secure source (or as typed); who may roll is checked
        under the table's lock (``live_check``)."""
        if form_name == "typed_roll":
            white = [int(d) for d in re.findall(r"[1-6]", form.white.data)]
            return {"type": "roll", "blue": form.blue.data, "white": white}
        count = rules.dice_count(state)
        return {"type": "roll", "blue": secrets.randbelow(6) + 1,
                "white": [secrets.randbelow(6) + 1 for _ in range(count)]}

    def live_check(self, state: rules.State, options: Mapping[str, Any], act: Act) -> None:
        """A record from a table that rolled real dice early stays valid; the live table rolls
        once per round, the start player's phone or the host screen, and the host sets up."""
        kind = act.event.get("type")
        if kind in ("setup_roll", "start_road") and act.by != "host":
            raise RuleError(N_("Only the host screen sets up the start roads."))
        if kind != "roll":
            return
        if act.form == "typed_roll" and options.get("dice") != "physical":
            raise RuleError(N_("This table rolls the app's dice: tap Roll the dice."))
        roller = rules.next_roller(state)
        if act.by != "host" and act.player != roller:
            raise RuleError(N_("%(player)s rolls this round's dice."), player=roller)
        if state.roll is not None and not rules.round_complete(state):
            raise RuleError(N_("Not everyone has acted yet this round."))

    def moment(self, form_name: str, fields: Mapping[str, Any]) -> Any | None:
        """Rolling and claiming a die count at the tap: a later send could roll twice or take a
        die someone else took meanwhile."""
        if form_name in ("roll", "typed_roll", "setup_roll"):
            return _l("Rolling counts at the moment of the tap, so it is not kept while this "
                      "phone is offline. Roll again when the connection is back.")
        if form_name in ("draw", "house") and fields.get("die") not in (None, ""):
            return _l("A die is claimed at the moment of the tap, so it is not kept while this "
                      "phone is offline. Claim it again when the connection is back.")
        return None

    def overwrite(self, state: rules.State, event: Mapping[str, Any]) -> Conflict | None:
        """A second tally of the same player replaces the first: asked, never silent."""
        from .screens import tally_token
        old = state.tallies.get(event.get("player")) if event.get("type") == "tally" else None
        if old is None or tally_token(old) == tally_token(rules.Tally(
                *(tuple(event.get(k, [])) for k in ("hotels", "shops", "bonuses")),
                event.get("taxis"), event.get("trees"))):
            return None
        return Conflict(N_("%(player)s's sheet is already entered (%(total)s points). Replace it?"),
                        token=tally_token(old), player=event["player"],
                        total=rules.tally_total(state, event["player"]))

    def best_single(self, player: Mapping[str, Any]) -> tuple[Any, int] | None:
        points = rules.best_hotel(player)
        return None if points is None else (_l("Best hotel"), points)

    def missing(self, state: rules.State) -> list[str]:
        if state.tally:
            return [gettext("%(player)s's sheet is not entered yet.", player=p)
                    for p in rules.untallied(state)]
        return [gettext("%(player)s has not acted in round %(round)s yet.", player=p,
                        round=state.round) for p in rules.waiting_for(state)]

    def end_status(self, state: rules.State, result: Mapping[str, Any]) -> str | None:
        if not state.end_triggered:
            return None
        return N_("The last round is over") if rules.round_over(state) else N_("Last round!")

    def screen(self, state: rules.State, options: Mapping[str, Any], view: str, seat: Any,
               host: bool, selection: Mapping[str, str]) -> dict[str, Any]:
        from .screens import screen
        return screen(state, options, view, seat, host, selection)

    def describe(self, event: Mapping[str, Any]) -> str:
        from .screens import shape_glyph
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
        if kind == "tally":
            return gettext("%(player)s: final sheet entered", player=event.get("player"))
        return ""

    def describe_all(self, events: list[Mapping[str, Any]], undone: Mapping[int, int],
                     first: int = 0) -> list[str]:
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


game = DoodleCity()
