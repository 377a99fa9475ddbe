"""A whole 3-player game, recorded as events, scored by hand in the comments.

Board (inline, see test_rules.py), district ids then printed numbers:

        districts            numbers
    1 1 2 2 2           1 4 2 5 3
    1 3 3 2 4           2 5 3 1 4
    1 3 5 4 4           3 1 4 2 5
    6 6 5 5 4           4 2 5 3 1
    6 7 7 8 8           5 3 1 4 2

Scoring board for 3 players: ×3, ×3, ×2, ×1 top to bottom. Anna, Bence and Csilla sit in that
order; Anna starts every round. Everyone places every turn.
"""
from __future__ import annotations

from companion.games.calcada import rules

from .test_rules import END, NAMES, place, replay, spend

ROUNDS = [
    # Round 1
    place("Anna", 1, 1, "red", "kiosk", 1),
    place("Bence", 5, 2, "blue", "cafe", 3),
    place("Csilla", 1, 1, "yellow", "plaza", 1),
    # Round 2
    place("Anna", 5, 2, "yellow", "tram", 3),
    place("Bence", 5, 3, "blue", "bench", 1),      # district 7 blue: 2 × 3 = 6; blue to row 2
    place("Csilla", 3, 3, "yellow", "tram", 4),
    # Round 3
    place("Anna", 5, 3, "yellow", "tram", 1),      # district 7 yellow: 2 × 3 = 6; yellow to row 2
    place("Bence", 5, 4, "yellow", "cafe", 4),
    place("Csilla", 4, 3, "yellow", "tram", 5),
    # Round 4
    spend("Anna"),                                 # moves a stone before announcing: 2 -> 1
    place("Anna", 2, 1, "red", "kiosk", 2),
    place("Bence", 5, 5, "yellow", "cafe", 2),     # district 8 yellow: 2 × 3 = 6; yellow to row 3
    place("Csilla", 5, 4, "white", "kiosk", 4),
    # Round 5
    place("Anna", 5, 4, "blue", "tram", 4),
    place("Bence", 4, 1, "blue", "bench", 4),
    place("Csilla", 5, 5, "white", "kiosk", 2),    # district 8 white: 2 × 3 = 6; white to row 2
    # Round 6
    place("Anna", 5, 5, "blue", "bonus", 2),       # district 8 blue: 2 × 3 = 6; blue to row 3;
                                                   # bonus symbol: Anna 1 -> 3 bonus tiles
    place("Bence", 4, 2, "blue", "bonus", 2),      # Bence 2 -> 4
    place("Csilla", 2, 5, "green", "tram", 4),
    # Round 7
    spend("Anna", 2),                              # Anna 3 -> 1
    place("Anna", 2, 2, "yellow", "plaza", 5),
    place("Bence", 1, 3, "blue", "kiosk", 2),
    place("Csilla", 3, 4, "green", "tram", 2),
    # Round 8
    place("Anna", 2, 3, "yellow", "plaza", 3),
    spend("Bence", 2),                             # Bence 4 -> 2: a space now holds 7 stones
    place("Bence", 1, 4, "blue", "kiosk", 7),      # 7: any cell (this one prints 5)
    place("Csilla", 4, 1, "green", "cafe", 4),
    # Round 9
    place("Anna", 3, 2, "yellow", "bonus", 1),     # district 3 yellow: 3 × 2 = 6; yellow to
                                                   # row 4; Anna 1 -> 3 bonus tiles
    place("Bence", 5, 1, "blue", "bench", 5),      # district 6 blue: 3 × 2 = 6; blue to row 4
    place("Csilla", 5, 2, "red", "plaza", 3),
    # Round 10
    place("Anna", 4, 2, "green", "tram", 2),
    place("Bence", 1, 5, "blue", "kiosk"),         # number not entered: not checked
    place("Csilla", 4, 4, "yellow", "bonus", 3),   # district 5 yellow: 3 × 1 + 2 = 5, yellow
                                                   # slides off and closes; Csilla 2 -> 4
    # Round 11
    place("Anna", 4, 1, "green", "bench", 4),
    place("Bence", 2, 4, "blue", "bonus", 1),      # district 2 blue: 4 × 1 + 2 = 6, blue slides
                                                   # off: the second, Bence triggers the end;
                                                   # Bence 2 -> 4 bonus tiles
    place("Csilla", 5, 3, "red", "plaza", 1),      # the last round: district 7 red: 2 × 3 = 6
]
TRIGGER = len(ROUNDS) - 2           # index of Bence's last placement

# Final scoring by hand.
# Anna — districts: 6 (yellow 7) + 6 (blue 8) + 6 (yellow 3) = 18.
#   Motifs: trams (4,2) (5,2) (5,3) (5,4) touch: a group of 4 = 5; plazas (2,2) (2,3): 2 = 1;
#   kiosks (1,1) (2,1): 2 = 1; the bench at (4,1) is alone; (3,2) and (5,5) are bonus
#   symbols. 5 + 1 + 1 = 7.
#   Unfinished: district 1 holds 2 tiles, district 6 holds 2: 4.
#   Bonus tiles: 3 left: 1. Total 18 + 7 + 4 + 1 = 30.
# Bence — districts: 6 (blue 7) + 6 (yellow 8) + 6 (blue 6) + 6 (blue 2) = 24.
#   Motifs: kiosks (1,3) (1,4) (1,5): 3 = 3; cafés (5,4) (5,5): 2 = 1; benches (4,1) (5,1):
#   2 = 1; the café at (5,2) and the bench at (5,3) are alone. 3 + 1 + 1 = 5.
#   Unfinished: none, every district he started is complete: 0.
#   Bonus tiles: 4 left: 2. Total 24 + 5 + 0 + 2 = 31.
# Csilla — districts: 6 (white 8) + 5 (yellow 5) + 6 (red 7) = 17.
#   Motifs: trams (3,3) (4,3) (3,4): 3 = 3 ((2,5) touches none); plazas (5,2) (5,3): 2 = 1
#   ((1,1) alone); kiosks (5,4) (5,5): 2 = 1. 3 + 1 + 1 = 5.
#   Unfinished: district 1 (her yellow tile, yellow now closed) 1, district 4: 2, district 6: 1
#   = 4. Bonus tiles: 4 left: 2. Total 17 + 5 + 4 + 2 = 28.
# Bence wins with 31.
EXPECTED = {
    "game": "calcada", "finished": True, "end_triggered": True,
    "players": [
        {"name": "Anna", "total": 30, "rank": 2,
         "breakdown": {"districts": 18, "motifs": 7, "unfinished": 4, "bonus_tiles": 1},
         "details": {"completions": [
             {"row": 5, "column": 3, "colour": "yellow", "tiles": 2, "multiplier": 3, "points": 6},
             {"row": 5, "column": 5, "colour": "blue", "tiles": 2, "multiplier": 3, "points": 6},
             {"row": 3, "column": 2, "colour": "yellow", "tiles": 3, "multiplier": 2, "points": 6}],
             "bonus_tiles_left": 3, "motif_groups": [4, 2, 2]}},
        {"name": "Bence", "total": 31, "rank": 1,
         "breakdown": {"districts": 24, "motifs": 5, "unfinished": 0, "bonus_tiles": 2},
         "details": {"completions": [
             {"row": 5, "column": 3, "colour": "blue", "tiles": 2, "multiplier": 3, "points": 6},
             {"row": 5, "column": 5, "colour": "yellow", "tiles": 2, "multiplier": 3, "points": 6},
             {"row": 5, "column": 1, "colour": "blue", "tiles": 3, "multiplier": 2, "points": 6},
             {"row": 2, "column": 4, "colour": "blue", "tiles": 4, "multiplier": 1, "points": 6}],
             "bonus_tiles_left": 4, "motif_groups": [3, 2, 2]}},
        {"name": "Csilla", "total": 28, "rank": 3,
         "breakdown": {"districts": 17, "motifs": 5, "unfinished": 4, "bonus_tiles": 2},
         "details": {"completions": [
             {"row": 5, "column": 5, "colour": "white", "tiles": 2, "multiplier": 3, "points": 6},
             {"row": 4, "column": 4, "colour": "yellow", "tiles": 3, "multiplier": 1, "points": 5},
             {"row": 5, "column": 3, "colour": "red", "tiles": 2, "multiplier": 3, "points": 6}],
             "bonus_tiles_left": 4, "motif_groups": [3, 2, 2]}},
    ],
    "winners": ["Bence"],
}
GAME = ROUNDS + [END]


def test_the_whole_game_scores_as_worked_out_by_hand():
    assert rules.result(replay(GAME)) == EXPECTED


def test_yellow_closes_first_and_csillas_yellow_district_can_never_be_finished():
    state = replay(ROUNDS[:TRIGGER])
    assert rules.closed_colours(state) == ["yellow"] and state.trigger is None
    assert [rules.stone_row(state, c) for c in rules.COLOURS] == [None, 4, 1, 1, 2]
    for colour in rules.COLOURS:
        assert not {(1, 2), (2, 1), (3, 1)} & set(rules.legal_cells(state, "Csilla", colour))


def test_bences_second_slide_off_leaves_csilla_the_last_round_and_nobody_else():
    state = replay(ROUNDS[:TRIGGER + 1])
    assert state.trigger == "Bence" and rules.closed_colours(state) == ["yellow", "blue"]
    assert rules.still_to_play(state) == ("Csilla",)
    # a late entry of Anna's is the record's, scored like any other: it gives nobody a turn
    late = rules.apply(state, place("Anna", 3, 1, "red", "cafe", 3))
    assert rules.still_to_play(late) == ("Csilla",)
    state = rules.apply(state, ROUNDS[-1])
    assert rules.game_over(state)
    assert rules.result(state) == {**EXPECTED, "finished": False}


def test_the_score_before_the_end_counts_what_is_on_the_boards_now():
    result = rules.result(replay(ROUNDS[:6]))      # after round 2
    assert result["end_triggered"] is False and result["finished"] is False
    assert [p["total"] for p in result["players"]] == [
        0 + 0 + 2 + 1,                 # Anna: red (1,1), yellow (5,2) unfinished; 2 bonus tiles
        6 + 0 + 0 + 1,                 # Bence: district 7 blue
        0 + 0 + 2 + 1]                 # Csilla: yellow (1,1), (3,3) unfinished
    assert result["winners"] == ["Bence"] and NAMES == [p["name"] for p in result["players"]]
