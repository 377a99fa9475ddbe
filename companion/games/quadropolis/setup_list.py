"""Quadropolis' setup checklist for the host screen: what the box gives the table for the mode
and the player count. Pure; every line names the rules digest's heading it comes from
(``docs``: shared/rules/quadropolis.md) and the figures in it are that section's."""
from __future__ import annotations

from typing import Any, Mapping

from ..turns import N_

BOARDS = "City boards"        # the digest's headings, as written there
BUILDINGS = "Buildings"
CITE = {BOARDS: N_("rules: City boards"), BUILDINGS: N_("rules: Buildings")}


def line(heading: str, text: str, **params: Any) -> dict[str, Any]:
    return {"text": text, "params": params, "heading": heading, "cite": CITE[heading]}


def setup_list(options: Mapping[str, Any], count: int) -> list[dict[str, Any]]:
    if options.get("mode") == "expert":
        return [
            line(BUILDINGS, N_("Put back in the box: the tiles backed Classic (Expert uses "
                               "%(tiles)s tiles)."), tiles=125),
            line(BOARDS, N_("Architects: a common pool of %(count)s of each number 1 to "
                            "%(top)s; %(rounds)s rounds of 4 turns."),
                 count=count, top=5, rounds=5),
            line(BUILDINGS, N_("Monuments: %(count)s in play (as many as players), one a round "
                               "in rounds 2 to %(last)s."), count=count, last=count + 1),
        ]
    if count == 2:
        tiles = line(BUILDINGS, N_("Put back in the box: the tiles marked 3-4 and 4 (not used "
                                   "with %(count)s players)."), count=count)
    elif count == 3:
        tiles = line(BUILDINGS, N_("Put back in the box: the tiles marked 4 (only with 4 "
                                   "players)."))
    else:
        tiles = line(BUILDINGS, N_("Use the tiles marked 3-4 and 4 too (%(count)s players)."),
                     count=count)
    return [
        line(BUILDINGS, N_("Put back in the box: the tiles backed Expert (Classic uses "
                           "%(tiles)s tiles)."), tiles=100),
        tiles,
        line(BOARDS, N_("%(rounds)s rounds of 4 turns on a 4 × 4 city board each."), rounds=4),
    ]
