"""Quadropolis' screens part: templates, the options form, forms turned into events, the screen."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ..base import N_, RuleError, Screens, web_part
from . import rules

if TYPE_CHECKING:
    from .forms import OptionsForm
    from .screens import Screen


def cell_of(text: str) -> tuple[int, int]:
    row, column = text.split("-")
    return int(row), int(column)


def tile_of(text: str) -> dict[str, Any]:
    """A face posted as kind.residents.energy.vp.mayor.absorbs (checked by the core)."""
    kind, residents, energy, vp, mayor, absorbs = text.split(".")
    return {"kind": kind, "residents": int(residents), "energy": int(energy), "vp": int(vp),
            "mayor": mayor == "1", "absorbs": absorbs == "1"}


class QuadropolisScreens(Screens):
    options_form = web_part(".forms", "OptionsForm")
    phone_template = "games/quadropolis/phone.html"
    host_template = "games/quadropolis/host.html"
    live_template = "games/quadropolis/live.html"
    play_template = "games/quadropolis/play.html"
    scripts = ("js/moves.js",)             # the moves walked tap by tap
    category_icons = {"towers": "q-tower", "shops": "q-shop", "public_services": "q-public",
                      "parks": "q-park", "factories": "q-factory", "harbours": "q-harbour",
                      "offices": "q-office", "monuments": "q-monument",
                      "unused_residents": "q-resident", "pollution": "q-energy"}
    query_args = ("cell", "as", "plan", "shop", "faces")
    leaders_on_home = False             # scoring optimises every city: not for the list

    def options_from_form(self, form: OptionsForm, players: list[str]) -> dict[str, Any]:
        return {"mode": form.mode.data, **({"tally": True} if form.tally.data else {})}

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

    def screen(self, state: rules.State, options: Mapping[str, Any], view: str, seat: Any,
               host: bool, selection: Mapping[str, str]) -> Screen:
        from .screens import screen
        return screen(state, options, view, seat, host, selection)


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
