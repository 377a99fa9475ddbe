"""The rulebook's scoring example ("Példa a pontozásra"), one test per player.

The rulebook's photo of the city is not in the text; this layout fits every number it gives
(the Main Square C at row 0, column 0; edges chosen so that every touching pair matches):

    column:  -2   -1    0    1    2
    row 0:    D    A    C    B    G
    row 1:              E    F    H

B, D and G show the mask (B counts 3 mask cards, itself included); A and H are the only diamond
cards (D counts 2); E touches C and F (2 neighbours); F touches B (shield 2) above and E
(shield 1) beside; G's column holds G and H. Blue and Red both stand on the Main Square.
"""
from __future__ import annotations

from companion import record

from .test_rules import build, envelope

PLAYERS = ("Blue", "Purple", "Red", "Yellow")
EVENTS = [
    build("Blue", 0, -1, {"rule": "diamond", "points": 4}, edges="bsbb"),                 # A
    build("Purple", 0, 1, {"rule": "per_guild", "base": 2, "guild": "mask"},              # B
          guild="mask", shield=2, edges="ssbs"),
    build("Purple", 0, -2, {"rule": "per_diamond", "base": 3}, guild="mask", edges="sbss"),  # D
    {"type": "main_square", "player": "Blue"},                                            # C
    build("Red", 1, 0, {"rule": "three_per_neighbour"}, shield=1, edges="sbsb"),          # E
    build("Red", 1, 1, {"rule": "shields"}, edges="bsbb"),                                # F
    {"type": "main_square", "player": "Red"},                                             # C
    build("Yellow", 0, 2, {"rule": "per_column", "base": 1}, guild="mask", edges="bbss"),  # G
    build("Yellow", 1, 2, {"rule": "diamond", "points": 4}, edges="sbbs"),                # H
]
RECORD = envelope(PLAYERS, EVENTS)


def line(name: str) -> dict:
    result = record.load(RECORD).result()
    return next(p for p in result["players"] if p["name"] == name)


def test_blue_scores_8_for_diamond_card_a_and_the_main_square():
    blue = line("Blue")
    assert blue["details"]["cards"] == [{"row": 0, "column": -1, "points": 4}]
    assert blue["breakdown"] == {"buildings": 4, "main_square": 4, "characters": 0,
                                 "resource_workers": 0}
    assert blue["total"] == 8


def test_purple_scores_10_for_card_b_by_masks_and_card_d_by_diamonds():
    purple = line("Purple")
    assert purple["details"]["cards"] == [{"row": 0, "column": 1, "points": 5},    # 2 + 3 masks
                                          {"row": 0, "column": -2, "points": 5}]   # 3 + 2 diamonds
    assert purple["breakdown"] == {"buildings": 10, "main_square": 0, "characters": 0,
                                   "resource_workers": 0}
    assert purple["total"] == 10


def test_red_scores_13_for_the_main_square_card_e_by_neighbours_and_card_f_by_shields():
    red = line("Red")
    assert red["details"]["cards"] == [{"row": 1, "column": 0, "points": 6},       # 3 x 2
                                       {"row": 1, "column": 1, "points": 3}]       # 2 + 1
    assert red["breakdown"] == {"buildings": 9, "main_square": 4, "characters": 0,
                                "resource_workers": 0}
    assert red["total"] == 13


def test_yellow_scores_7_for_card_g_by_its_column_and_diamond_card_h():
    yellow = line("Yellow")
    assert yellow["details"]["cards"] == [{"row": 0, "column": 2, "points": 3},    # 1 + 2
                                          {"row": 1, "column": 2, "points": 4}]
    assert yellow["breakdown"] == {"buildings": 7, "main_square": 0, "characters": 0,
                                   "resource_workers": 0}
    assert yellow["total"] == 7
