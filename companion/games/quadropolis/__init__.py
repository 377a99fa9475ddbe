"""Quadropolis plug-in: the rules in ``rules.py``, the end-game optimiser in ``optimiser.py``,
the mats, tables and tile catalogue in ``data/``; here the web shell's part — the options form,
labels, the acts as events, and what each act means in words. The screens' view models are in
``screens.py``, the city as SVG in ``drawing.py``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...i18n import _l, gettext
from ..base import Game, N_, RuleError, web_part
from . import rules

if TYPE_CHECKING:
    from .forms import OptionsForm

KIND_LABELS = {"tower": _l("tower block"), "shop": _l("shop"), "public": _l("public service"),
               "park": _l("park"), "factory": _l("factory"), "harbour": _l("harbour"),
               "office": _l("office tower"), "monument": _l("monument")}
# the same with the article English needs in a sentence ("an office tower")
BUILT_LABELS = {"tower": _l("a tower block"), "shop": _l("a shop"),
                "public": _l("a public service"), "park": _l("a park"),
                "factory": _l("a factory"), "harbour": _l("a harbour"),
                "office": _l("an office tower"), "monument": _l("a monument")}
PRINT_LABELS = {"residents": _l("residents"), "energy": _l("energy"), "vp": _l("victory points")}


def cell_of(text: str) -> tuple[int, int]:
    row, column = text.split("-")
    return int(row), int(column)


def tile_of(text: str) -> dict[str, Any]:
    """A face posted as kind.residents.energy.vp.mayor.absorbs (checked by the core)."""
    kind, residents, energy, vp, mayor, absorbs = text.split(".")
    return {"kind": kind, "residents": int(residents), "energy": int(energy), "vp": int(vp),
            "mayor": mayor == "1", "absorbs": absorbs == "1"}


class Quadropolis(Game):
    name = "quadropolis"
    label = _l("Quadropolis")
    bgg_id = 176396
    categories = {"towers": _l("Tower blocks"), "shops": _l("Shops"),
                  "public_services": _l("Public services"), "parks": _l("Parks"),
                  "factories": _l("Factories"), "harbours": _l("Harbours"),
                  "offices": _l("Office towers"), "monuments": _l("Monuments"),
                  "unused_residents": _l("Unused residents"), "pollution": _l("Pollution")}
    tie_break = _l("most residents, then fewer empty cells")
    labels = {"kind": KIND_LABELS, "below": KIND_LABELS, "what": PRINT_LABELS}
    event_labels = {"build": _l("build"), "allocate": _l("allocate"), "round": _l("round")}
    min_players, max_players = 2, 4
    options_form = web_part(".forms", "OptionsForm")
    phone_template = "games/quadropolis/phone.html"
    host_template = "games/quadropolis/host.html"
    live_template = "games/quadropolis/live.html"
    play_template = "games/quadropolis/play.html"
    query_args = ("cell", "as", "plan", "shop", "faces")
    leaders_on_home = False             # scoring optimises every city: not for the list

    core = rules

    def options_from_form(self, form: OptionsForm, players: list[str]) -> dict[str, Any]:
        return {"mode": form.mode.data, **({"tally": True} if form.tally.data else {})}

    def setup_events(self, options: Mapping[str, Any], players: list[str]) -> list[dict]:
        # a table played in the app keeps its rounds; a quick tally has none
        return [] if options.get("tally") else [{"type": "round", "round": 1}]

    def forms(self, state: rules.State, player: str | None) -> dict[str, Any]:
        from .forms import FORMS
        return {name: form(prefix=name) for name, form in FORMS.items()}

    def event_from_form(self, form_name: str, form: Any, player: str | None,
                        state: rules.State) -> dict[str, Any] | None:
        if form_name == "round":
            if player is not None:
                raise RuleError(N_("The host screen starts the next round."))
            return {"type": "round", "round": form.round.data}
        if form_name not in ("build", "allocate"):
            return None
        if player not in state.players:
            raise RuleError(N_("First pick the seat you enter for."))
        if form_name == "build":
            return rules.build_event(player, (form.row.data, form.column.data),
                                     tile_of(form.tile.data))
        return allocation_event(state, player, form)

    def score_note(self, player: Mapping[str, Any]) -> str:
        details = player.get("details", {})
        if details.get("optimal", True):
            return ""
        return gettext("allocated by hand; best possible %(best)s", best=details["best_possible"])

    def screen(self, state: rules.State, options: Mapping[str, Any], view: str, seat: Any,
               host: bool, selection: Mapping[str, str]) -> dict[str, Any]:
        from .screens import screen
        return screen(state, options, view, seat, host, selection)

    def best_single(self, player: Mapping[str, Any]) -> tuple[Any, int] | None:
        points = rules.best_activation(player)
        return None if points is None else (_l("Best activation"), points)

    def missing(self, state: rules.State) -> list[str]:
        """Before Finish: cities with nothing built, and rounds not yet played."""
        words = [gettext("%(player)s has built nothing yet.", player=p)
                 for p in state.players if not state.cities[p]]
        last = rules.mats()[state.mode].rounds
        if state.round is not None and state.round < last:
            words.append(gettext("This is round %(n)s of %(last)s.", n=state.round, last=last))
        return words

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
        if kind == "allocate" and event.get("optimal"):
            return gettext("%(player)s went back to the best plan", player=event.get("player"))
        if kind == "allocate":
            return gettext("%(player)s placed residents and energy by hand",
                           player=event.get("player"))
        if kind == "round":
            return gettext("Round %(n)s begins", n=event.get("round"))
        return ""


def allocation_event(state: rules.State, player: str, form: Any) -> dict[str, Any]:
    """The allocation in force (by hand, or else the best plan) with one building or shop
    changed: a tap on the city."""
    if form.optimal.data:
        return {"type": "allocate", "player": player, "optimal": True}
    hand = state.allocations.get(player)
    plan = hand or rules.best(state, player)
    activated, customers = set(plan.activated), dict(plan.customers)
    if form.toggle.data:
        cell = cell_of(form.toggle.data)
        if cell in activated:
            activated.discard(cell)
            customers.pop(cell, None)
        else:
            activated.add(cell)
    elif form.shop.data and form.customers.data is not None:
        cell = cell_of(form.shop.data)
        customers.pop(cell, None)
        if form.customers.data < 0:
            activated.discard(cell)
        else:
            activated.add(cell)
            customers[cell] = form.customers.data
    else:
        raise RuleError(N_("Tap a building to activate it or leave it off."))
    return {"type": "allocate", "player": player, "activate": [list(c) for c in sorted(activated)],
            "customers": [{"row": r, "column": c, "count": n}
                          for (r, c), n in sorted(customers.items())]}


game = Quadropolis()
