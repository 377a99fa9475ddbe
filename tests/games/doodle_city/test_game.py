"""Whole games recorded as events, their results worked out by hand in the comments.

Sheet layout (see test_rules.py), H = house field total/printed crossed:

        c1      c2      c3      c4      c5
  r1   taxi    shop    H 3/1   hotel   taxi
  r2   H 4/2   hotel   shop    taxi    shop
  r3   shop    taxi    hotel   shop    H 3/1
  r4   hotel   H 4/2   taxi    shop    taxi
  r5   taxi    shop    taxi    H 3/1   hotel
"""
from __future__ import annotations

from companion.games.doodle_city import rules

from .test_rules import NAMES, SETUP, draw, house, replay, roll, start_road, tree

END = {"type": "end"}

# Start roads (letters in any order): (2,1) NS, (4,2) NE, (1,3) EW, (5,4) EW, (3,5) NS.
FOUR_PLAYERS = SETUP + [
    # Round 1, Anna starts. Blue 2.
    roll(2, 3, 4, 4, 3, 6),
    draw("Anna", 3, 2, "SW", die=0),     # taxi, joins (4,2)'s start road
    house("Bence", 4, 2, die=1),
    house("Csilla", 4, 2, die=2),
    draw("Dani", 3, 2, "SW", die=3),
    # Round 2, Bence starts. Blue 2.
    roll(2, 3, 3, 4, 1, 5),
    draw("Bence", 3, 2, "SW", die=0),
    draw("Csilla", 3, 2, "SW", die=1),
    draw("Dani", 5, 2, "EW", die=4),     # shop on a road without houses: H 0, circles nothing
    house("Anna", 4, 2, die=2),
    # Round 3, Csilla starts. Blue 3.
    roll(3, 4, 1, 6, 2, 2),
    draw("Csilla", 2, 3, "NS", die=3),   # shop, H 0: nothing
    draw("Dani", 4, 3, "EW", die=0),     # taxi, joins (4,2)
    house("Anna", 1, 3, die=1),
    draw("Bence", 5, 3, "NE", die=2),    # white 6: Bence's 1st tree, any row of column 3
    # Round 4, Dani starts (the others skip: a record may). Blue 1.
    roll(1, 2, 5, 5, 5, 5),
    house("Anna", 2, 1, die=0),
    # Round 5, Anna starts. Blue 2: every white 3 points at (3,2), drawn on all four sheets;
    # Anna takes the 4, so nobody else has a legal die and each crosses a tree.
    roll(2, 3, 3, 3, 3, 4),
    house("Anna", 4, 2, die=4),
    tree("Bence"), tree("Csilla"), tree("Dani"),
    # Round 6, Bence starts. Blue 1: three shops at (3,1) NE, joining (2,1) and (3,2)-(4,2).
    roll(1, 3, 3, 3, 2, 5),
    draw("Bence", 3, 1, "NE", die=0),    # H = (2,1) 2 + (4,2) 2+1 = 5: circles 5, claims +5
    draw("Csilla", 3, 1, "NE", die=1),   # H = 2 + 3 = 5: circles 5, +5 is gone: claims +3
    draw("Dani", 3, 1, "NE", die=2),     # H = 2 + 2 = 4: circles 4, +3 is gone: no bonus
    house("Anna", 2, 1, die=3),
    # Round 7, Csilla starts. Blue 6: everyone chooses the column.
    roll(6, 1, 4, 1, 2, 2),
    draw("Csilla", 4, 3, "EW", die=1),   # taxi, joins (4,2): her second connected taxi
    draw("Dani", 1, 4, "NW", die=2),     # hotel on (1,3)-(1,4): road of 2, nothing free: 0
    draw("Anna", 1, 1, "ES", die=0),     # taxi, joins (2,1)
    draw("Bence", 2, 4, "NS", die=3),    # taxi alone
    # Round 8, Dani starts. Blue 1.
    roll(1, 3, 5, 5, 5, 5),
    draw("Anna", 3, 1, "NE", die=0),     # H = (2,1) 4 + (4,2) 4 = 8: circles 8, claims +7
    # Round 9, Anna starts. Blue 2.
    roll(2, 1, 5, 4, 4, 6),
    draw("Anna", 1, 2, "EW", die=0),     # H = 4 + 4 + (1,3) 1+1 = 10: circles 10, claims +10
    house("Bence", 4, 2, die=2),         # the end is triggered; the round is played out
    draw("Csilla", 2, 2, "NS", die=4),   # white 6: Csilla's 2nd tree; hotel, road of 1: 0
    house("Dani", 4, 2, die=3),
    END,
]


def test_a_four_player_game_scores_as_worked_out_by_hand():
    # Anna: shops 8 + 10 = 18; bonuses 7 + 10 = 17; taxis (1,1) and (3,2) share the road
    #   (1,1)-(1,2)-(1,3)-(2,1)-(3,1)-(3,2)-(4,2): 2 x 4 = 8; no tree: fewest, +4. Total 47.
    # Bence: shop 5; bonus 5; taxis (3,2), (5,3), (2,4) each alone: 0; 2 trees: most, -4. Total 6.
    # Csilla: shops 0 and 5; bonus 3; hotel 0; taxis (3,2) and (4,3) on one road: 8;
    #   2 trees: most, -4. Total 12.
    # Dani: shops 0 and 4; hotel 0; taxis (3,2) and (4,3): 8; 1 tree: 0. Total 12.
    # Csilla and Dani tie on 12: Dani crossed fewer trees, so Dani 2nd, Csilla 3rd.
    result = rules.result(replay(FOUR_PLAYERS))
    assert result == {
        "game": "doodle-city", "finished": True, "end_triggered": True,
        "players": [
            {"name": "Anna", "total": 47, "rank": 1,
             "breakdown": {"hotels": 0, "shops": 18, "shop_bonuses": 17, "taxis": 8, "trees": 4},
             "details": {"hotel_circled": [], "shop_circled": [8, 10], "bonuses": [7, 10],
                         "trees_crossed": 0}},
            {"name": "Bence", "total": 6, "rank": 4,
             "breakdown": {"hotels": 0, "shops": 5, "shop_bonuses": 5, "taxis": 0, "trees": -4},
             "details": {"hotel_circled": [], "shop_circled": [5], "bonuses": [5],
                         "trees_crossed": 2}},
            {"name": "Csilla", "total": 12, "rank": 3,
             "breakdown": {"hotels": 0, "shops": 5, "shop_bonuses": 3, "taxis": 8, "trees": -4},
             "details": {"hotel_circled": [], "shop_circled": [5], "bonuses": [3],
                         "trees_crossed": 2}},
            {"name": "Dani", "total": 12, "rank": 2,
             "breakdown": {"hotels": 0, "shops": 4, "shop_bonuses": 0, "taxis": 8, "trees": 0},
             "details": {"hotel_circled": [], "shop_circled": [4], "bonuses": [],
                         "trees_crossed": 1}},
        ],
        "winners": ["Anna"]}


def test_the_four_player_game_along_the_way():
    def upto(marker):
        return replay(FOUR_PLAYERS[:FOUR_PLAYERS.index(marker) + 1])

    state = upto(draw("Dani", 3, 1, "NE", die=2))
    assert state.claimed == {5: "Bence", 3: "Csilla"} and state.round == 6
    assert state.sheets["Dani"].note == rules.Note("shop", 3, 1, measure=4, circled=4)
    state = upto(draw("Dani", 1, 4, "NW", die=2))
    assert state.sheets["Dani"].note == rules.Note("hotel", 1, 4, measure=2, circled=0)
    state = upto(draw("Anna", 3, 1, "NE", die=0))
    assert state.claimed == {5: "Bence", 3: "Csilla", 7: "Anna"} and not state.end_triggered
    state = upto(draw("Anna", 1, 2, "EW", die=0))
    assert state.end_triggered and not rules.round_complete(state)
    assert rules.start_player(state) == "Anna"
    state = replay(FOUR_PLAYERS[:-1])
    assert rules.round_complete(state) and not state.finished
    assert [state.sheets[p].trees for p in NAMES] == [0, 2, 2, 1]


# A solo game on paper (no rolls): every house crossed, then one road snaking through all 25
# cells, row 1 left to right, row 2 back, and so on; the shop (5,2) is drawn last.
SNAKE_SETUP = [start_road(1, "ES"), start_road(2, "EW"), start_road(3, "EW"),
               start_road(4, "EW"), start_road(5, "SW")]
CROSSES = [house("Anna", r, c) for r, c in [(2, 1), (4, 2), (1, 3), (5, 4), (3, 5)] for _ in "12"]
SNAKE = [draw("Anna", r, c, s) for r, c, s in [
    (1, 1, "EW"),   # taxi
    (1, 2, "EW"),   # shop: road (1,1)-(1,3), 3 houses: nothing
    (1, 4, "EW"),   # hotel: road of 4: circles 3
    (1, 5, "SW"),   # taxi
    (2, 5, "NW"),   # shop: 3 houses: nothing
    (2, 4, "EW"),   # taxi
    (2, 3, "EW"),   # shop: 3 houses: nothing
    (2, 2, "EW"),   # hotel: road reaches (2,1): 10 cells: circles 7
    (3, 1, "NE"),   # shop: houses 3 + 4 = 7: circles 7, claims +7
    (3, 2, "EW"),   # taxi
    (3, 3, "EW"),   # hotel: 13 cells: circles 12
    (3, 4, "EW"),   # shop: reaches (3,5): 3 + 4 + 3 = 10 houses: circles 10, claims +10 (end)
    (4, 5, "NW"),   # taxi
    (4, 4, "EW"),   # shop: 10 houses, 10 taken: circles 9, +7 gone: claims +5
    (4, 3, "EW"),   # taxi, reaches (4,2)
    (4, 1, "ES"),   # hotel: 20 cells: circles 15
    (5, 1, "NE"),   # taxi
    (5, 3, "EW"),   # taxi, joins (5,4)
    (5, 5, "EW"),   # hotel: road (5,3)-(5,5) of 3, 3 taken: 0
    (5, 2, "EW"),   # shop: one road of 25 cells, 17 houses: 10, 9 taken: circles 8, claims +3
]]


def test_a_solo_city_planner_game_scores_as_worked_out_by_hand():
    # hotels 3 + 7 + 12 + 15 = 37; shops 7 + 10 + 9 + 8 = 34; bonuses 7 + 10 + 5 + 3 = 25;
    # taxis: all 8 on the one road: 32; no tree points alone. Total 128: World power.
    # Achievements: no tree crossed, one road through all 25 cells, a shop with 17 >= 16 houses;
    # not Hotel magnate (37 < 42) nor Capitalist (34 + 25 = 59 < 74).
    state = replay(SNAKE_SETUP + CROSSES + SNAKE + [END], players=["Anna"])
    assert len(rules.road_cells(state, "Anna", 3, 3)) == 25
    assert state.end_triggered
    assert rules.result(state) == {
        "game": "doodle-city", "finished": True, "end_triggered": True,
        "players": [{
            "name": "Anna", "total": 128, "rank": 1,
            "breakdown": {"hotels": 37, "shops": 34, "shop_bonuses": 25, "taxis": 32, "trees": 0},
            "details": {"hotel_circled": [3, 7, 12, 15], "shop_circled": [7, 10, 9, 8],
                        "bonuses": [7, 10, 5, 3], "trees_crossed": 0, "title": "World power",
                        "achievements": ["Environmentalist", "City planner", "Shopping spree"]}}],
        "winners": ["Anna"]}


def test_the_solo_game_triggers_the_end_with_the_shop_that_circles_10():
    before = replay(SNAKE_SETUP + CROSSES + SNAKE[:11], players=["Anna"])
    assert not before.end_triggered
    after = rules.apply(before, SNAKE[11])
    assert after.end_triggered and after.sheets["Anna"].note.circled == 10
