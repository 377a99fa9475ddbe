"""Quadropolis' rules, folded over the table's events (pure).

Quadropolis rules: every player's city, the residents and energy received, the Mayor, and the
end-game allocation (chosen by hand, or else the optimum), folded over the table's events.
Pure: no Flask, no database.

Records do not carry the architects, so a ``build`` is checked against the city as replayed
(empty cell, or one floor more on the same stackable kind within its cap) and against what the
kind can print; the catalogue is not enforced. A ``round`` event starts the next round (the host
taps it); a record without any keeps no round and scores the same. The queries at the end are
what the screens ask: the round's catalogue, the faces a cell can take, the suggested next round.

Turns: four a player a round (a ``build``, or a ``pass`` for a tile that fits nowhere), clockwise
from the player who held the Mayor when the round began. The round of the turns is counted from
the turns taken (it starts once every player has had four more), so it holds for a record
without ``round`` events too; the host's ``round`` lays out the next round's tiles.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import product
from typing import Any, Mapping

from ..base import N_, RuleError, Turn, largest
from ..choices import make as make_choices
from ..core import Handler, dispatch, whole
from ..ranking import rank
from ..turns import Ask, Order, Taken, begin, round_number
from ..turns import turn as whose
from .data import MODES, PRINTS, Cell, classic_tiles, faces, kinds, mats, scores
from .optimiser import Plan, optimise_cached, plan_of
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
    round: int | None = None            # None: the record keeps no rounds
    turns: Taken = Taken({}, "")        # the turns counted (the platform's, from start on)
    tally: bool = False                 # a quick tally: the final cities, no turns
    built: tuple[tuple, ...] = ()       # the faces built this round, by anyone
    mayor_cell: Cell | None = None      # where the Mayor stands in its holder's city
    finished: bool = False              # an "end" event: the screens show the final plans
    received: Mapping[str, Mapping[Cell, tuple[int, int]]] = field(default_factory=dict)
    # (residents, energy) each cell's tiles printed, floors summed: what the screens show


def options(raw: Mapping[str, Any], players: list[str]) -> dict[str, Any]:
    mode = raw.get("mode", "classic")
    if mode not in MODES:
        raise RuleError(N_('The mode must be "classic" or "expert".'))
    return {**raw, "mode": mode}


def start(opts: Mapping[str, Any], players: list[str]) -> State:
    return State(opts.get("mode", "classic"), tuple(players), {p: {} for p in players},
                 dict.fromkeys(players, 0), dict.fromkeys(players, 0), players[0],
                 turns=begin(players), tally=bool(opts.get("tally")))


def first_player(state: State) -> str:
    """Who starts the next round: the Mayor's holder."""
    return state.mayor


def apply(state: State, event: Mapping[str, Any]) -> State:
    """The state after ``event``; raises RuleError (and changes nothing) if the rules refuse it."""
    return dispatch(HANDLERS, state, event, unknown=N_("Quadropolis has no event %(type)r."),
                    order=TURNS)


def _end(state: State, event: Mapping[str, Any]) -> State:
    return replace(state, finished=True)


# --- build ------------------------------------------------------------------------------------

def _player(state: State, event: Mapping[str, Any]) -> str:
    player = event.get("player")
    if player not in state.players:
        raise RuleError(N_("%(player)r is not playing at this table."), player=player)
    return player


def _cell(state: State, row: Any, column: Any) -> Cell:
    mat = mats()[state.mode]
    if not (whole(row) and whole(column) and 1 <= row <= mat.rows and 1 <= column <= mat.columns):
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
        if not whole(value) or not 0 <= value <= most:
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
    return replace(
        state, cities={**state.cities, player: {**city, cell: building}},
        residents={**state.residents, player: state.residents[player] + printed["residents"]},
        energy={**state.energy, player: state.energy[player] + printed["energy"]},
        mayor=player if mayor else state.mayor,
        mayor_cell=cell if mayor else state.mayor_cell,
        received={**state.received, player: {**state.received.get(player, {}),
                                             cell: _plus(state, player, cell, printed)}},
        built=(*state.built, face_of({**printed, "kind": name, "mayor": mayor,
                                      "absorbs": absorbs})))


def _plus(state: State, player: str, cell: Cell, printed: Mapping[str, int]) -> tuple[int, int]:
    residents, energy = state.received.get(player, {}).get(cell, (0, 0))
    return residents + printed["residents"], energy + printed["energy"]


def face_of(tile: Mapping[str, Any]) -> tuple:
    """What tells two tiles apart: kind, printed values, the Mayor, a playground park."""
    return (tile["kind"], tile.get("residents", 0), tile.get("energy", 0), tile.get("vp", 0),
            bool(tile.get("mayor", False)), bool(tile.get("absorbs", True)))


# --- rounds -----------------------------------------------------------------------------------

def next_round(state: State, event: Mapping[str, Any]) -> State:
    number, last = event.get("round"), mats()[state.mode].rounds
    expected = (state.round or 0) + 1
    if number != expected:
        raise RuleError(N_("The next round is round %(expected)d, not %(number)r."),
                        expected=expected, number=number)
    if number > last:
        raise RuleError(N_("This mode has %(last)d rounds; the game is over after round "
                           "%(last)d."), last=last)
    return replace(state, round=number, built=())


# --- allocate ---------------------------------------------------------------------------------

def _pair(item: Any) -> tuple[Any, Any]:
    if isinstance(item, (list, tuple)) and len(item) == 2:
        return item[0], item[1]
    raise RuleError(N_("Each building to activate is given as [row, column]."))


def allocate(state: State, event: Mapping[str, Any]) -> State:
    player = _player(state, event)
    if event.get("optimal") is True:        # back to the best plan: the hand allocation goes
        return replace(state, allocations={p: a for p, a in state.allocations.items()
                                           if p != player})
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
        if not whole(count) or not 0 <= count <= cap:
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


HANDLERS: dict[str, Handler[State]] = {
    "build": build, "allocate": allocate, "round": next_round, "end": _end}


# --- result -----------------------------------------------------------------------------------

def best(state: State, player: str) -> Plan:
    """The optimum, computed once per city and resources (every screen and poll asks again)."""
    return optimise_cached(state.mode, state.cities[player], state.residents[player],
                           state.energy[player])


def _cells(cells) -> list[list[int]]:
    return [[r, c] for r, c in sorted(cells)]


def _customers(customers: Mapping[Cell, int]) -> list[dict[str, int]]:
    return [{"row": r, "column": c, "count": n} for (r, c), n in sorted(customers.items()) if n]


def how_to(plan: Plan) -> dict[str, Any]:
    """The plan as the player lays it on the table."""
    return {"activate": _cells(plan.activated), "customers": _customers(plan.customers),
            "energy_on_parks": plan.park_energy, "pieces": plan.pieces,
            "fewest_pieces": plan.tied}     # other plans reach the same total with more


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
                   "energy_on_parks": plan.park_energy,
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


def best_activation(player: Mapping[str, Any]) -> int | None:
    """A stored result entry's best single city activation: the most its city could score
    (the optimum, whether or not the player allocated by hand)."""
    best_possible = (player.get("details") or {}).get("best_possible")
    return largest([best_possible])


# --- queries the screens ask --------------------------------------------------------------------

MONUMENT_ROUNDS = {2: (2, 3), 3: (2, 3, 4), 4: (2, 3, 4, 5)}    # by players: rounds with one


def monument_offered(state: State) -> bool:
    """Expert: one monument a round from round 2, as many in all as players."""
    if state.mode != "expert":
        return False
    if state.round is None:
        built = sum(b.kind == "monument" for city in state.cities.values() for b in city.values())
        return built < len(state.players)
    return (state.round in MONUMENT_ROUNDS[len(state.players)]
            and not any(f[0] == "monument" for f in state.built))


def mayor_offered(state: State) -> bool:
    """The Mayor's tile is laid out in every round but the last."""
    return state.round is None or state.round < mats()[state.mode].rounds


def catalogue(state: State) -> list[dict[str, Any]] | None:
    """Classic: the round's tiles for this many players, each marked ``taken`` once built this
    round by anyone (tiles with the same face are taken in turn). None without a round."""
    if state.mode != "classic" or state.round is None:
        return None
    left: dict[tuple, int] = {}
    for face in state.built:
        left[face] = left.get(face, 0) + 1
    tiles = []
    for tile in classic_tiles(state.round, len(state.players)):
        face = face_of(tile)
        taken = left.get(face, 0) > 0
        if taken:
            left[face] -= 1
        tiles.append({**tile, "taken": taken})
    return tiles


def all_faces(state: State) -> list[dict[str, Any]]:
    """Every face this mode's picker offers by kind and printed values."""
    found = []
    for name, options in faces().items():
        if kinds()[name].expert_only and state.mode == "classic":
            continue
        if name == "monument" and not monument_offered(state):
            continue
        found += [f for f in options if not f.get("mayor") or mayor_offered(state)]
    return found


def build_event(player: str, cell: Cell, tile: Mapping[str, Any]) -> dict[str, Any]:
    event = {"type": "build", "player": player, "row": cell[0], "column": cell[1],
             "kind": tile["kind"]}
    event |= {k: tile[k] for k in ("residents", "energy", "vp") if tile.get(k)}
    event |= {k: True for k in ("mayor",) if tile.get("mayor")}
    return event | ({"absorbs": False} if tile.get("absorbs") is False else {})


def refusal(state: State, player: str, cell: Cell, tile: Mapping[str, Any]) -> RuleError | None:
    """Why the core would refuse this tile on this cell, or None when it may go there."""
    try:
        build(state, build_event(player, cell, tile))
    except RuleError as error:
        return error
    return None


def cell_takes(state: State, player: str, cell: Cell) -> tuple[str | None, RuleError | None]:
    """What a cell can take: (None, None) any tile; (kind, None) a floor of that kind only;
    (None, error) nothing, with the core's reason."""
    below = state.cities[player].get(cell)
    if below is None:
        return None, None
    error = refusal(state, player, cell, {"kind": below.kind})
    return (None, error) if error else (below.kind, None)


def tile_code(tile: Mapping[str, Any]) -> str:
    """A face as the phone's picker posts it: kind.residents.energy.vp.mayor.absorbs."""
    kind, residents, energy, vp, mayor, absorbs = face_of(tile)
    return f"{kind}.{residents}.{energy}.{vp}.{int(mayor)}.{int(absorbs)}"


def every_face(state: State) -> list[dict[str, Any]]:
    """Every face ``build`` accepts in this mode: each kind's printed values from 0 to the most
    it prints, a tower with or without the Mayor, a park absorbing or not (a playground)."""
    found = []
    for name, kind in kinds().items():
        if kind.expert_only and state.mode == "classic":
            continue
        for values in product(*(range(kind.prints[what] + 1) for what in PRINTS)):
            for mayor, absorbs in product((False, True) if name == "tower" else (False,),
                                          (True, False) if name == "park" else (True,)):
                found.append({"kind": name, **dict(zip(PRINTS, values)), "mayor": mayor,
                              "absorbs": absorbs})
    return found


def choices(state: State, player: str) -> dict[str, Any]:
    """A build as the phone picks it: a cell ("row-column") and a tile (``tile_code``), every
    face ``build`` accepts there (the catalogue is not enforced); the picker's tiles first (the
    round's tiles not built yet in Classic, then the faces by kind and values), then the rest.
    The cell is spent: a floor on a tile just built waits for the table's answer rather than be
    offered where a tap repeated would make it (a tower's second floor by mistake)."""
    if player not in state.players:
        return make_choices([("cell", ()), ("tile", ("cell",))], {})
    picker = [t for t in catalogue(state) or [] if not t["taken"]] + all_faces(state)
    codes = {tile_code(t): t["kind"] for t in picker + every_face(state)}   # first seen first
    tiles = {}
    for cell in mats()[state.mode].cells():
        floor, refused = cell_takes(state, player, cell)
        if not refused:
            tiles[cell] = [code for code, kind in codes.items() if floor in (None, kind)]
    return make_choices([("cell", ()), ("tile", ("cell",))],
                        {"cell": {(): [f"{r}-{c}" for r, c in tiles]},
                         "tile": {(f"{r}-{c}",): found for (r, c), found in tiles.items()}},
                        spent=("cell",))


def round_done(state: State) -> bool:
    """Every player has had their four turns of the round the tiles are laid out for: suggest
    the next round."""
    return (state.round is not None and state.round < mats()[state.mode].rounds
            and round_number(TURNS, state) > state.round)


# --- turns --------------------------------------------------------------------------------------

TURNS_A_ROUND = 4

# Each round every player takes four turns (a tile built, or a pass when it fits nowhere),
# clockwise from the round's first player: the Mayor's holder when the round began (a Mayor
# taken in the turn that completed the round before included). Allocating is no turn. After
# the last round nobody has a turn; a quick tally keeps none.
TURNS = Order(
    doing=N_("take a tile and build"),
    ends={"build": True, "pass": True},
    per_round=TURNS_A_ROUND,
    first=first_player,
    rounds=lambda state: mats()[state.mode].rounds,
    over=lambda state: Turn(None, note=N_("All rounds are played: allocate, then the host "
                                          "finishes.")),
    kept=lambda state: not state.tally,
    asks={"build": Ask(N_("%(lead)s Build the %(kind)s on row %(row)s, column %(column)s "
                          "anyway?"),
                       N_("%(lead)s Enter %(player)s's %(kind)s on row %(row)s, column "
                          "%(column)s anyway?"))})


def now(state: State) -> tuple[int, str, str] | None:
    """The round of the turns, its first player and the player to act. None once every round
    is played (or at a quick tally, which keeps no turns)."""
    current = whose(TURNS, state)
    if current is None or current.player is None:
        return None
    return round_number(TURNS, state), state.turns.first, current.player


def turn(state: State) -> Turn | None:
    """Who is to take a tile and build now; after the last round, what is left to do (the
    platform reckons it from :data:`TURNS`)."""
    return whose(TURNS, state)
