"""What the Quadropolis part of a screen shows.

What the Quadropolis part of a screen shows: the round and the Mayor, a city to build on
(the cell tapped, the tiles it may take), the best activation drawn with its breakdown, every
city for the TV, and ties settled in words. Built from the state, the core's queries and the
result the screen already computed (the optimiser never runs here).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping
from urllib.parse import urlencode

from flask_babel import gettext, ngettext

from ...words import explain
from .. import GAMES
from ..base import acting_player
from . import drawing, rules
from .data import Cell, mats, scores


@dataclass(frozen=True)
class Screen:
    """What the Quadropolis part of a screen draws (the templates' ``d``), for the acting player
    when there is one: the phone's own seat, or the seat the host screen enters for."""

    # the build as data: the phone picks the cell and sees its tiles with no request (moves.js)
    choices: dict[str, Any] | None  # every cell and the tiles it may take; None once not building
    picked: dict[str, str | None]   # the cell tapped ("row-column"), if any
    picker: dict[str, Any] | None   # every tile the picker can show, each with the code it posts
    player: str | None
    mode: str                       # "classic" or "expert"
    tally: bool                     # a quick tally: each final city is entered, no turns
    # the rounds
    round: int | None               # the round being played; None when the table keeps none
    rounds: int                     # how many rounds the mode plays
    mayor: str                      # who holds the Mayor: first player next round
    next_round: int | None          # the round the host may start next
    suggest_round: bool             # everyone has had four turns this round: start the next
    # the acting player's city
    residents: int
    energy: int
    city: dict[str, Any] | None     # the city drawn, with the cell tapped or the plan
    plan: dict[str, Any] | None     # the best activation with its breakdown, when shown
    shop: Cell | None               # the shop tapped on the plan, to set its customers
    shop_counts: list[int]          # the customers a shop may take
    offer: dict[str, Any] | None    # the tiles the cell tapped may take, or why none
    # the queries of the taps (city, plan, a cell, a shop, every face), the host's seat kept
    links: dict[str, Any]
    who: dict[str, str]             # the host screen's hidden seat field; {} on a phone
    optimal_fields: dict[str, str]  # the form's fields going back to the best plan
    cities: list[dict[str, Any]]    # every city with its plan, for the TV; [] on a phone
    ties: list[str]                 # how each tie on points was settled, in words


def cell_arg(value: str | None) -> Cell | None:
    match = re.fullmatch(r"([1-5])-([1-5])", value or "")
    return (int(match[1]), int(match[2])) if match else None


def offer(state: rules.State, player: str, cell: Cell, faces: bool) -> dict[str, Any]:
    """The tiles a tapped cell may take: the round's catalogue (Classic), or every face by kind
    and values; only the same stackable kind on a building; the core's reason when none."""
    floor, refused = rules.cell_takes(state, player, cell)
    catalogue = None if faces else rules.catalogue(state)
    tiles = catalogue if catalogue is not None else rules.all_faces(state)
    if floor:
        tiles = [t for t in tiles if t["kind"] == floor]
    return {"cell": cell, "floor": floor, "refused": refused, "catalogue": catalogue is not None,
            "refused_text": explain(refused, GAMES[rules.GAME].rules) if refused else "",
            "tiles": [] if refused else [{**t, "code": rules.tile_code(t)} for t in tiles]}


def picker(state: rules.State) -> dict[str, Any]:
    """Every tile the picker can show, whatever the cell: the round's catalogue (Classic) and
    every face by kind and values, each with the code it posts (a cell shows those it takes)."""
    catalogue = rules.catalogue(state)
    return {"catalogue": [{**t, "code": rules.tile_code(t)} for t in catalogue or []],
            "faces": [{**t, "code": rules.tile_code(t)} for t in rules.all_faces(state)],
            "has_catalogue": catalogue is not None}


def tie_words(state: rules.State, result: Mapping[str, Any]) -> list[str]:
    """How each group of equal totals was ordered: residents, then empty cells; only where
    they decide something (a tie they leave whole shares its rank, as the scoreboard says)."""
    words, rows = [], sorted(result["players"], key=lambda p: p["rank"])
    for total in sorted({p["total"] for p in rows}, reverse=True):
        tied = [p["name"] for p in rows if p["total"] == total]
        if len({p["rank"] for p in rows if p["total"] == total}) < 2:
            continue
        facts = ", ".join(gettext(
            "%(name)s %(residents)s and %(empty)s", name=name,
            residents=ngettext("%(num)d resident", "%(num)d residents", state.residents[name]),
            empty=ngettext("%(num)d empty cell", "%(num)d empty cells",
                           rules.empty_cells(state, name))) for name in tied)
        words.append(ngettext("Tied on %(total)d point (%(facts)s): most residents first, then "
                              "fewer empty cells.",
                              "Tied on %(total)d points (%(facts)s): most residents first, then "
                              "fewer empty cells.", abs(total), total=total, facts=facts))
    return words


def player_plan(state: rules.State, row: Mapping[str, Any]) -> dict[str, Any]:
    details = row["details"]
    return {"activated": details["activated"], "customers": details["customers"],
            "energy_on_parks": details.get("energy_on_parks", 0), "total": row["total"],
            "breakdown": row["breakdown"], "optimal": details["optimal"],
            "best": details["best_possible"], "tied": details["how_to"]["fewest_pieces"],
            "pieces": details["how_to"]["pieces"]}


def screen(state: rules.State, options: Mapping[str, Any], view: str, seat: Any, host: bool,
           selection: Mapping[str, str]) -> Screen:
    result = rules.result(state)        # the plans come from the optimiser's cache
    player = acting_player(state, view, seat, host, selection, rules.turn(state))
    # a seat the host picked is kept; an untouched host screen follows the turn
    keep = {"as": selection["as"]} if view == "host" and player and "as" in selection else {}
    rows = {row["name"]: row for row in result["players"]}
    showing_plan = bool(selection.get("plan")) or state.finished   # the final screen: always
    selected = None if showing_plan or state.finished else cell_arg(selection.get("cell"))
    plan = player_plan(state, rows[player]) if player else None
    shop = cell_arg(selection.get("shop")) if showing_plan and player else None
    if shop and getattr(state.cities[player].get(shop), "kind", None) != "shop":
        shop = None
    mine = drawing.city(state, player, plan if showing_plan else None,
                        shop or selected) if player else None
    last = mats()[state.mode].rounds
    # the whole build as data: the phone picks the cell and sees its tiles with no request
    building = bool(player) and not showing_plan and not state.finished
    choices = rules.choices(state, player) if building else None
    return Screen(
        choices=choices,
        picked={"cell": f"{selected[0]}-{selected[1]}" if selected else None},
        picker=picker(state) if building else None,
        player=player, mode=state.mode, tally=bool(options.get("tally")),
        round=state.round, rounds=last, mayor=state.mayor,
        next_round=(state.round or 0) + 1 if state.round and state.round < last else None,
        suggest_round=rules.round_done(state),
        residents=state.residents.get(player, 0), energy=state.energy.get(player, 0),
        city=mine, plan=plan if showing_plan else None, shop=shop,
        shop_counts=list(range(scores().shop_cap[state.mode] + 1)),
        offer=offer(state, player, selected, bool(selection.get("faces")))
        if player and selected else None,
        links={"city": keep, "plan": {"plan": 1, **keep},       # the queries of the picks
               "cell": lambda c: {"cell": f"{c['row']}-{c['column']}", **keep},
               "shop": lambda c: {"plan": 1, "shop": f"{c['row']}-{c['column']}", **keep},
               "faces": {"cell": selection.get("cell", ""), "faces": 1, **keep}},
        who={"player": player} if view == "host" and player else {},
        optimal_fields={"allocate-optimal": "y", "back": "?" + urlencode({"plan": 1, **keep}),
                        **({"screen": "host", "allocate-player": player} if view == "host" else {})},
        cities=[{"name": name, "city": drawing.city(state, name, player_plan(state, rows[name])),
                 "plan": player_plan(state, rows[name]), "residents": state.residents[name],
                 "energy": state.energy[name]} for name in state.players]
        if view == "host" else [],
        ties=tie_words(state, result),
    )
