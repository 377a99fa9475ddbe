"""Doodle City's rules card for a player's phone: a round, what ends the game and what scores,
for the table's sheet, variant and player count. Pure; every figure comes from the rules core
or the table's sheet, each line written from a heading of the rules digest
(shared/rules/doodle-city.md)."""
from __future__ import annotations

from typing import Any, Mapping

from ..cards import Series, card, line
from ..turns import N_
from .rules import ANY, BLUE_DICE, BONUSES, TAXI_POINTS, TREE_POINTS, sheet_of, white_dice

ROUND = "A round"          # the digest's headings, as written there
DURING = "Scoring during play (the moment the segment is drawn, never later)"
END = "End of the game"
FINAL = "Final scoring"


def rules_card(options: Mapping[str, Any], count: int) -> dict[str, list[dict[str, Any]]]:
    sheet = sheet_of(options)
    solo = count == 1
    turn = [
        line(ROUND, N_("Each round you roll %(blue)s blue and %(white)s white dice.") if solo
             else N_("Each round the start player rolls %(blue)s blue and %(white)s white dice; "
                     "the start player passes clockwise."),
             blue=BLUE_DICE, white=white_dice(count)),
        line(ROUND, N_("Take a white die: row = white, column = blue. Draw a road on an empty "
                       "cell, or cross a house in a house field.") if solo
             else N_("From the start player clockwise, take a white die: row = white, column = "
                     "blue. Draw a road on an empty cell, or cross a house in a house field.")),
        line(ROUND, N_("Blue %(any)s: choose the column. White %(any)s: cross a tree, choose the "
                       "row."), any=ANY),
        line(ROUND, N_("You may always cross a tree instead of taking a die.")
             if options.get("variant") == "more-control"
             else N_("No die fits: cross a tree instead.")),
    ]
    end = [line(END, N_("The game ends after the round in which someone circles hotel %(hotel)s or "
                        "shop %(shop)s, or crosses their last tree (%(trees)s)."),
                hotel=sheet.hotel_track[-1], shop=sheet.shop_track[-1], trees=sheet.trees)]
    scoring = [
        line(DURING, N_("Hotel, when its road is drawn: circle the highest free value up to the "
                        "road's length.")),
        line(DURING, N_("Shop, when its road is drawn: circle the highest free value up to the "
                        "crossed houses on the road.")),
        line(DURING, N_("Speed bonus %(bonuses)s, one per shop: the highest not yet claimed, up "
                        "to the value circled."), bonuses=Series(sorted(BONUSES))),
        line(FINAL, N_("Taxis: %(taxi)s each on a road with another taxi."), taxi=TAXI_POINTS),
        line(FINAL, N_("Solo: no points for trees.") if solo
             else N_("Trees: most crossed %(most)+d, fewest crossed %(fewest)+d."),
             most=-TREE_POINTS, fewest=TREE_POINTS),
    ]
    return card(turn, end, scoring)
