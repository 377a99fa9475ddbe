"""Quadropolis' rules card for a player's phone: a turn, the end and the scoring of the table's
mode (Classic or Expert). Pure; every figure comes from the game's data (mats, kinds, score
tables) as the scoring reads it, each line written from a heading of the rules digest
(shared/rules/quadropolis.md)."""
from __future__ import annotations

from typing import Any, Mapping

from ..cards import Series, card, line
from ..turns import N_
from .data import kinds, mats, scores
from .rules import TURNS_A_ROUND
from .scoring import PARK_ABSORBS, POLLUTION_POINTS, UNUSED_RESIDENT_POINTS

BOARDS = "City boards"        # the digest's headings, as written there
BUILDINGS = "Buildings"
END = "End of the game: activation, then scoring"


def rules_card(options: Mapping[str, Any], count: int) -> dict[str, list[dict[str, Any]]]:
    mode = options.get("mode", "classic")
    expert = mode == "expert"
    mat, table = mats()[mode], scores()
    turn = [
        line(BOARDS, N_("%(rounds)s rounds of %(turns)s turns. Your turn: play an architect, "
                        "take the tile it points at."), rounds=mat.rounds, turns=TURNS_A_ROUND),
        line(BOARDS, N_("Build it on a cell or in a district with the architect's number.")
             if expert else
             N_("Build it in the row or column with the architect's number.")),
        line(BUILDINGS, N_("Whoever builds the Mayor's tile starts the next round.")),
    ]
    end = [line(END, N_("After round %(rounds)s, place residents and energy: only activated "
                        "buildings score (parks and monuments always)."),
                rounds=mat.rounds)]
    tower, shop = kinds()["tower"].stack[mode], table.shop_cap[mode]
    districts = len({d for row in mat.districts for d in row})
    longest = max(mat.rows, mat.columns)
    factory = table.factory
    scoring = [
        line(END, N_("Tower blocks by floors: %(towers)s."),
             towers=Series(table.tower[1:tower + 1])),
        line(END, N_("Shops by customers: %(shops)s."), shops=Series(table.shop[1:shop + 1])),
        line(END, N_("Public services by districts: %(publics)s, + printed VP."),
             publics=Series(table.public[1:districts + 1])),
        line(END, (N_("Parks by adjacent towers (blocks and offices): %(parks)s.") if expert
                   else N_("Parks by adjacent tower blocks: %(parks)s.")),
             parks=Series(table.park[1:])),
        (line(END, N_("Factories: %(by_shop)s per adjacent shop, %(by_harbour)s per harbour, "
                      "%(by_office)s per office tower."), by_shop=factory["shop"],
              by_harbour=factory["harbour"], by_office=factory["office"])
         if expert else
         line(END, N_("Factories: %(by_shop)s per adjacent shop, %(by_harbour)s per harbour."),
              by_shop=factory["shop"], by_harbour=factory["harbour"])),
        line(END, N_("Harbours: the longest line in a row and in a column, each by length "
                     "%(harbours)s; + printed VP."), harbours=Series(table.harbour[1:longest + 1])),
    ]
    if expert:
        alone = table.office[0][1:]
        scoring += [
            line(END, N_("Office towers by height: %(alone)s alone; +%(per)s a floor per other "
                         "office in its group (up to %(others)s)."),
                 alone=Series(alone), per=table.office[1][1] - alone[0],
                 others=len(table.office) - 1),
            line(END, N_("Monuments: adjacent park %(park)+d, shop %(shop)+d, public service "
                         "%(public)+d, factory or harbour %(factory)+d."),
                 **{kind: table.monument[kind] for kind in ("park", "shop", "public", "factory")}),
        ]
    scoring += [
        line(END, N_("Unused: each resident %(resident)s, each energy %(energy)s (a park "
                     "absorbs %(absorbs)s)."), resident=UNUSED_RESIDENT_POINTS,
             energy=POLLUTION_POINTS, absorbs=PARK_ABSORBS),
    ]
    chosen = line(BOARDS, N_("Expert: a city of %(rows)s × %(columns)s") if expert
                  else N_("Classic: a city of %(rows)s × %(columns)s"),
                  rows=mat.rows, columns=mat.columns)
    return card(turn, end, scoring, options=[chosen])
