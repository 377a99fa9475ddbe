"""Quadropolis plug-in: the rules in ``rules.py``, the end-game optimiser in ``optimiser.py``,
the mats, tables and tile catalogue in ``data/``; here the web shell's part — the options form,
labels, and what each act means in words. Until Quadropolis has its own phone screens the
platform's generic scoreboard and history show the table."""
from __future__ import annotations

from typing import Any, Mapping

from flask_babel import gettext, lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import SelectField
from wtforms.fields.choices import SelectChoice

from ..base import Game
from . import rules

MODE_LABELS = {"classic": _l("Classic"), "expert": _l("Expert")}
KIND_LABELS = {"tower": _l("tower block"), "shop": _l("shop"), "public": _l("public service"),
               "park": _l("park"), "factory": _l("factory"), "harbour": _l("harbour"),
               "office": _l("office tower"), "monument": _l("monument")}
# the same with the article English needs in a sentence ("an office tower")
BUILT_LABELS = {"tower": _l("a tower block"), "shop": _l("a shop"),
                "public": _l("a public service"), "park": _l("a park"),
                "factory": _l("a factory"), "harbour": _l("a harbour"),
                "office": _l("an office tower"), "monument": _l("a monument")}
PRINT_LABELS = {"residents": _l("residents"), "energy": _l("energy"), "vp": _l("victory points")}


class OptionsForm(FlaskForm):
    class Meta:
        csrf = False        # a part of the start-a-table form, which carries the token

    mode = SelectField(_l("Mode"), default="classic",
                       choices=[SelectChoice(mode, label) for mode, label in MODE_LABELS.items()])


class Quadropolis(Game):
    name = "quadropolis"
    label = _l("Quadropolis")
    categories = {"towers": _l("Tower blocks"), "shops": _l("Shops"),
                  "public_services": _l("Public services"), "parks": _l("Parks"),
                  "factories": _l("Factories"), "harbours": _l("Harbours"),
                  "offices": _l("Office towers"), "monuments": _l("Monuments"),
                  "unused_residents": _l("Unused residents"), "pollution": _l("Pollution")}
    tie_break = _l("most residents, then fewer empty cells")
    labels = {"kind": KIND_LABELS, "below": KIND_LABELS, "what": PRINT_LABELS}
    event_labels = {"build": _l("build"), "allocate": _l("allocate")}
    min_players, max_players = 2, 4
    options_form = OptionsForm

    core = rules

    def options_from_form(self, form: OptionsForm) -> dict[str, Any]:
        return {"mode": form.mode.data}

    def score_note(self, player: Mapping[str, Any]) -> str:
        details = player.get("details", {})
        if details.get("optimal", True):
            return ""
        return gettext("allocated by hand; best possible %(best)s", best=details["best_possible"])

    def describe(self, event: Mapping[str, Any]) -> str:
        kind = event.get("type")
        if kind == "build":
            words = {"player": event.get("player"), "row": event.get("row"),
                     "column": event.get("column"),
                     "building": BUILT_LABELS.get(event.get("kind"), event.get("kind"))}
            if event.get("mayor"):
                return gettext("%(player)s built %(building)s on row %(row)s, column %(column)s "
                               "and took the Mayor", **words)
            return gettext("%(player)s built %(building)s on row %(row)s, column %(column)s",
                           **words)
        if kind == "allocate":
            return gettext("%(player)s placed residents and energy by hand",
                           player=event.get("player"))
        return ""


game = Quadropolis()
