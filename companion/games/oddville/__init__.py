"""OddVille plug-in: the rules of the shared city in ``rules.py``; labels and the history's words
here. Until the city's own screens exist, the platform's generic screens show the scoreboard."""
from __future__ import annotations

from typing import Any, Mapping

from flask_babel import gettext, lazy_gettext as _l, ngettext

from ..base import Game
from . import rules

RULE_LABELS = {
    "diamond": _l("diamond card"),
    "per_diamond": _l("points per diamond card"),
    "per_neighbour": _l("points per neighbour"),
    "three_per_neighbour": _l("3 points per neighbour"),
    "per_column": _l("points per card in its column"),
    "per_row": _l("points per card in its row"),
    "shields": _l("the shields of its neighbours"),
    "per_guild": _l("points per guild card"),
}
CHARACTER_LABELS = {"traveller": _l("Traveller")}     # the rest are named by the players

class OddVille(Game):
    name = "oddville"
    label = _l("OddVille")
    categories = {"buildings": _l("Buildings"), "main_square": _l("Main Square"),
                  "characters": _l("Characters"), "resource_workers": _l("Workers on resources")}
    tie_break = _l("the end's trigger, then clockwise from the trigger")
    labels = {"rule": RULE_LABELS, "name": CHARACTER_LABELS}
    event_labels = {"build": _l("build"), "main_square": _l("main square"),
                    "character": _l("character"), "lose_character": _l("lose character"),
                    "resource_workers": _l("resource workers")}
    min_players, max_players = 2, 4

    core = rules

    def end_event(self, state: rules.State) -> dict[str, Any]:
        """Finishing names the detected trigger, so a tie is broken from it clockwise."""
        trigger = rules.trigger(state)
        return {"type": "end", "trigger": trigger} if trigger else {"type": "end"}

    def describe(self, event: Mapping[str, Any]) -> str:
        kind = event.get("type")
        player = event.get("player")
        if kind == "build":
            vp = event.get("vp")
            rule = RULE_LABELS.get(vp.get("rule")) if isinstance(vp, Mapping) else None
            return gettext("%(player)s built at row %(row)s, column %(column)s: %(rule)s",
                           player=player, row=event.get("row"), column=event.get("column"),
                           rule=rule or "?")
        if kind == "main_square":
            return gettext("%(player)s put a worker on the Main Square", player=player)
        if kind == "character":
            return gettext("%(player)s took the character %(name)s", player=player,
                           name=CHARACTER_LABELS.get(event.get("name"), event.get("name")))
        if kind == "lose_character":
            return gettext("%(player)s gave back the character %(name)s", player=player,
                           name=CHARACTER_LABELS.get(event.get("name"), event.get("name")))
        if kind == "resource_workers":
            count = event.get("count")
            return ngettext("%(player)s has %(num)s worker on the resource board",
                            "%(player)s has %(num)s workers on the resource board",
                            count if isinstance(count, int) else 0, player=player)
        return ""


game = OddVille()
