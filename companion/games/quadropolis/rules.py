"""Quadropolis rules: every player's city, the residents and energy received, the Mayor, and the
end-game allocation (chosen by hand, or else the optimum), folded over the table's events.
Pure: no Flask, no database.

Records do not carry the architects, so a ``build`` is checked against the city as replayed
(empty cell, or one floor more on the same stackable kind within its cap) and against what the
kind can print; the catalogue is not enforced.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from ..base import N_, RuleError
from ..ranking import rank
from .data import MODES, Cell, kinds, mats, scores
from .optimiser import Plan, optimise, plan_of
from .scoring import Building, City, needs, used

GAME = "quadropolis"


@dataclass(frozen=True)
class Allocation:
    activated: frozenset[Cell]
    customers: Mapping[Cell, int]


@dataclass(frozen=True)
class State:
    mode: str
    players: tuple[str, ...]
    cities: Mapping[str, City]
    residents: Mapping[str, int]
    energy: Mapping[str, int]
    mayor: str                          # holds the Mayor: first player of the next round
    allocations: Mapping[str, Allocation] = field(default_factory=dict)


def options(raw: Mapping[str, Any], players: list[str]) -> dict[str, Any]:
    mode = raw.get("mode", "classic")
    if mode not in MODES:
        raise RuleError(N_('The mode must be "classic" or "expert".'))
    return {**raw, "mode": mode}


def start(opts: Mapping[str, Any], players: list[str]) -> State:
    return State(opts.get("mode", "classic"), tuple(players), {p: {} for p in players},
                 dict.fromkeys(players, 0), dict.fromkeys(players, 0), players[0])


def first_player(state: State) -> str:
    """Who starts the next round: the Mayor's holder."""
    return state.mayor


def apply(state: State, event: Mapping[str, Any]) -> State:
    kind = event.get("type")
    if kind == "build":
        return build(state, event)
    if kind == "allocate":
        return allocate(state, event)
    if kind == "end":
        return state
    raise RuleError(N_("Quadropolis has no event %(type)r."), type=kind)


# --- build ------------------------------------------------------------------------------------

def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _player(state: State, event: Mapping[str, Any]) -> str:
    player = event.get("player")
    if player not in state.players:
        raise RuleError(N_("%(player)r is not playing at this table."), player=player)
    return player


def _cell(state: State, row: Any, column: Any) -> Cell:
    mat = mats()[state.mode]
    if not (_whole(row) and _whole(column) and 1 <= row <= mat.rows and 1 <= column <= mat.columns):
        raise RuleError(N_("The city has rows 1 to %(rows)d and columns 1 to %(columns)d; "
                           "there is no row %(row)s, column %(column)s."),
                        rows=mat.rows, columns=mat.columns, row=row, column=column)
    return row, column


def build(state: State, event: Mapping[str, Any]) -> State:
    player = _player(state, event)
    cell = _cell(state, event.get("row"), event.get("column"))
    name = event.get("kind")
    kind = kinds().get(name) if isinstance(name, str) else None
    if kind is None:
        raise RuleError(N_("%(kind)r is not a building kind; the kinds are tower, shop, public, "
                           "park, factory, harbour, office and monument."), kind=name)
    if kind.expert_only and state.mode == "classic":
        raise RuleError(N_("There are no %(kind)s tiles in Classic Quadropolis; they are used "
                           "only in Expert."), kind=name)
    printed = {}
    for what, most in kind.prints.items():
        value = event.get(what, 0)
        if not _whole(value) or not 0 <= value <= most:
            raise RuleError(N_("A tile (%(kind)s) prints %(what)s from 0 to %(most)d, not %(value)r."),
                            kind=name, what=what, most=most, value=value)
        printed[what] = value
    mayor, absorbs = event.get("mayor", False), event.get("absorbs", True)
    if not isinstance(mayor, bool) or (mayor and name != "tower"):
        raise RuleError(N_("The Mayor comes only on a tower block tile."))
    if not isinstance(absorbs, bool) or (not absorbs and name != "park"):
        raise RuleError(N_("Only a park can be marked as not absorbing pollution "
                           "(a playground park)."))
    city = state.cities[player]
    below = city.get(cell)
    if below is None:
        building = Building(name, 1, printed["vp"], absorbs)
    elif below.kind != name or kind.stack is None:
        raise RuleError(N_("Row %(row)d, column %(column)d already holds a building (%(below)s); a building "
                           "goes on an empty cell, or a floor on the same stackable kind."),
                        row=cell[0], column=cell[1], below=below.kind)
    elif below.height >= kind.stack[state.mode]:
        raise RuleError(N_("The %(kind)s at row %(row)d, column %(column)d already has %(most)d "
                           "floors, the most it can have."),
                        kind=name, row=cell[0], column=cell[1], most=below.height)
    else:
        building = replace(below, height=below.height + 1)
    return replace(state, cities={**state.cities, player: {**city, cell: building}},
                   residents={**state.residents, player: state.residents[player]
                              + printed["residents"]},
                   energy={**state.energy, player: state.energy[player] + printed["energy"]},
                   mayor=player if mayor else state.mayor)


# --- allocate ---------------------------------------------------------------------------------

def _pair(item: Any) -> tuple[Any, Any]:
    if isinstance(item, (list, tuple)) and len(item) == 2:
        return item[0], item[1]
    raise RuleError(N_("Each building to activate is given as [row, column]."))


def allocate(state: State, event: Mapping[str, Any]) -> State:
    player = _player(state, event)
    city = state.cities[player]
    activate, shoppers = event.get("activate", []), event.get("customers", [])
    if not isinstance(activate, list) or not isinstance(shoppers, list):
        raise RuleError(N_("An allocation lists the buildings to activate and the customers."))
    activated: set[Cell] = set()
    for item in activate:
        cell = _cell(state, *_pair(item))
        if cell not in city:
            raise RuleError(N_("There is no building at row %(row)d, column %(column)d to "
                               "activate."), row=cell[0], column=cell[1])
        if needs(city[cell]) is None:
            raise RuleError(N_("The %(kind)s at row %(row)d, column %(column)d needs no "
                               "activation."), kind=city[cell].kind, row=cell[0], column=cell[1])
        if cell in activated:
            raise RuleError(N_("Row %(row)d, column %(column)d is activated twice; a building "
                               "is activated once."), row=cell[0], column=cell[1])
        activated.add(cell)
    cap = scores().shop_cap[state.mode]
    customers: dict[Cell, int] = {}
    for item in shoppers:
        if not isinstance(item, Mapping):
            raise RuleError(N_('Customers are given as {"row", "column", "count"}.'))
        cell = _cell(state, item.get("row"), item.get("column"))
        count = item.get("count")
        if cell not in activated or city[cell].kind != "shop":
            raise RuleError(N_("Customers go only on a shop that is activated; row %(row)d, "
                               "column %(column)d is not one."), row=cell[0], column=cell[1])
        if cell in customers:
            raise RuleError(N_("The shop at row %(row)d, column %(column)d has its customers "
                               "given twice."), row=cell[0], column=cell[1])
        if not _whole(count) or not 0 <= count <= cap:
            raise RuleError(N_("A shop takes 0 to %(cap)d customers, not %(count)r."),
                            cap=cap, count=count)
        customers[cell] = count
    residents, energy = used(city, activated, customers)
    if residents > state.residents[player]:
        raise RuleError(N_("This allocation needs %(need)d residents but %(player)s has received "
                           "only %(have)d."), need=residents, player=player,
                        have=state.residents[player])
    if energy > state.energy[player]:
        raise RuleError(N_("This allocation needs %(need)d energy but %(player)s has received "
                           "only %(have)d."), need=energy, player=player, have=state.energy[player])
    return replace(state, allocations={**state.allocations,
                                       player: Allocation(frozenset(activated), customers)})


# --- result -----------------------------------------------------------------------------------

def best(state: State, player: str) -> Plan:
    return optimise(state.mode, state.cities[player], state.residents[player],
                    state.energy[player])


def _cells(cells) -> list[list[int]]:
    return [[r, c] for r, c in sorted(cells)]


def _customers(customers: Mapping[Cell, int]) -> list[dict[str, int]]:
    return [{"row": r, "column": c, "count": n} for (r, c), n in sorted(customers.items()) if n]


def how_to(plan: Plan) -> dict[str, Any]:
    """The plan as the player lays it on the table."""
    return {"activate": _cells(plan.activated), "customers": _customers(plan.customers),
            "energy_on_parks": plan.park_energy, "pieces": plan.pieces,
            "fewest_pieces": True}      # among allocations of the best total


def empty_cells(state: State, player: str) -> int:
    return len(mats()[state.mode].cells()) - len(state.cities[player])


def result(state: State) -> dict[str, Any]:
    rows = []
    for player in state.players:
        optimum = best(state, player)
        hand = state.allocations.get(player)
        plan = optimum if hand is None else plan_of(
            state.mode, state.cities[player], hand.activated, hand.customers,
            state.residents[player], state.energy[player])
        details = {"residents": state.residents[player], "energy": state.energy[player],
                   "activated": _cells(plan.activated), "customers": _customers(plan.customers),
                   "optimal": hand is None, "mayor": state.mayor == player,
                   "best_possible": optimum.total, "how_to": how_to(optimum)}
        rows.append({"name": player, "total": plan.total, "breakdown": dict(plan.breakdown),
                     "details": details})
    keys = [(-row["total"], -state.residents[row["name"]], empty_cells(state, row["name"]))
            for row in rows]
    for row, place in zip(rows, rank(keys)):
        row["rank"] = place
    return {"game": GAME, "players": rows,
            "winners": [row["name"] for row in rows if row["rank"] == 1]}
