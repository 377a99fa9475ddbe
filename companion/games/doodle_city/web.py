"""Doodle City's screens part: templates, the options form, forms turned into events, the screen."""
from __future__ import annotations

import re
import secrets
from typing import TYPE_CHECKING, Any, Mapping

from ...i18n import _l
from ..base import Screens, web_part
from . import rules
from .sheet import sheet_json

if TYPE_CHECKING:
    from .forms import OptionsForm
    from .screens import Screen


class DoodleCityScreens(Screens):
    options_form = web_part(".forms", "OptionsForm")
    phone_template = "games/doodle_city/phone.html"
    host_template = "games/doodle_city/host.html"
    live_template = "games/doodle_city/live.html"
    tools_template = "games/doodle_city/tools.html"
    play_template = "games/doodle_city/play.html"
    scripts = ("js/moves.js",)             # the moves walked tap by tap
    query_args = ("die", "cell", "as", "anyway")
    blueprint = web_part(".editor", "bp")
    options_links = ((_l("Correct the sheet layout (sheet editor)"), "doodle_city.sheets"),)

    # --- starting a table ---------------------------------------------------------------
    def prepare_options_form(self, form: OptionsForm) -> None:
        from .models import sheet_choices
        form.sheet.choices = sheet_choices(form.sheet.data)

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
            return roll_event(form_name, form, state)
        if form_name == "setup_roll":
            return {"type": "setup_roll", "blue": [secrets.randbelow(6) + 1 for _ in range(5)]}
        if form_name == "start_road":
            return {"type": "start_road", "column": form.column.data, "shape": form.shape.data,
                    **({"face": form.face.data} if form.face.data else {})}
        if form_name == "tally":
            return form.event(player)
        return None

    # --- what a screen shows --------------------------------------------------------------
    def screen(self, state: rules.State, options: Mapping[str, Any], view: str, seat: Any,
               host: bool, selection: Mapping[str, str]) -> Screen:
        from .screens import screen
        return screen(state, options, view, seat, host, selection)


def roll_event(form_name: str, form: Any, state: rules.State) -> dict[str, Any]:
    """The next round's dice, from a secure source (or as typed); who may roll is the live
    table's policy (``live_check``)."""
    if form_name == "typed_roll":
        white = [int(d) for d in re.findall(r"[1-6]", form.white.data)]
        return {"type": "roll", "blue": form.blue.data, "white": white}
    count = rules.dice_count(state)
    return {"type": "roll", "blue": secrets.randbelow(6) + 1,
            "white": [secrets.randbelow(6) + 1 for _ in range(count)]}
