"""The score pad's rules card for a player's phone, read off the table's score sheet: when points
are entered, which categories, how the total is made and who wins. Pure; the sheet's names and
counts come from the table's (normalised) options, as the rules core scores them."""
from __future__ import annotations

from typing import Any, Mapping

from ..cards import card, line
from ..turns import N_
from .rules import category_names

SHEET = "score sheet"       # the score pad has no digest: its sheet is its rules


def rules_card(options: Mapping[str, Any], count: int) -> dict[str, list[dict[str, Any]]]:
    sheet = options.get("sheet")
    if sheet is None:
        turn = [line(SHEET, N_("Play the game at the table; after each round, enter each "
                               "player's points."))]
        scoring = [line(SHEET, N_("Total: every round's points added up."))]
    else:
        names = list(category_names(sheet).values())
        turn = [line(SHEET, N_("Play the game at the table; after each round, enter each "
                               "player's points in each of the %(count)s categories.")
                     if sheet["rounds"] else
                     N_("Play the game at the table; at the end, enter each player's points in "
                        "each of the %(count)s categories."), count=len(names))]
        scoring = [line(SHEET, N_("Categories: %(categories)s."), categories=", ".join(names)),
                   line(SHEET, N_("Total: every category of every round added up.")
                        if sheet["rounds"] else N_("Total: the categories added up."))]
    if options.get("teams"):
        scoring.append(line(SHEET, N_("A team's total is its players' totals added up.")))
    scoring.append(line(SHEET, N_("Lowest total wins.") if options.get("lowest_wins")
                        else N_("Highest total wins.")))
    end = [line(SHEET, N_("The game ends when the table says so: the host finishes it."))]
    return card(turn, end, scoring)
