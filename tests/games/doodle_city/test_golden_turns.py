"""Whose turn it is through one whole Doodle City game, event by event, as the rulebook has it.

Three players (seat order Anna, Bence, Csilla), the standard variant, on the test sheet laid out
in ``test_rules`` (SHEET). The expectations come from the rules digest, not from the code:

- Setup: the start player rolls the blue die once per column and every sheet gets that start
  road; no one picks a die before all five start roads are on the sheets. (The digest has the
  start player roll for the start roads but names no turn for it: the table's host enters them,
  so no player's turn applies until the fifth is on the sheets.)
- A round: "The start player rolls all; the start player passes clockwise each round." Then
  "From the start player clockwise, each player takes one white die"; a player who can use no
  remaining die "takes none and crosses a tree" - that tree is their act for the round. A white 6
  crosses a tree too, and the die is still that player's act.
- The end: "The game ends after the round in which any player ... crosses their last (7th)
  tree." The round of the trigger is played out (the later pickers still pick); after it nobody
  rolls again.
- Solo: the one player rolls and takes a die every round, so no turn is handed round.

Bence crosses a tree every round: six white 6s and, in round 4, a tree because every die left
to him points at a cell he has drawn already. His seventh tree comes in round 7, second in the
pick order, so Csilla still picks after the trigger.
"""
from __future__ import annotations

from companion.games import GAMES
from companion.games.doodle_city.rules import PICK, ROLL

from .test_rules import SHEET, draw, house, roll, start_road, tree

g = GAMES["doodle-city"]
PLAYERS = ["Anna", "Bence", "Csilla"]
NOBODY = (None, None)


def rolls(player):
    return (player, ROLL)


def picks(player):
    return (player, PICK)


# (event, whose turn after it: (player, what they do) or NOBODY when no turn applies)
GAME = [
    # --- setup: the five start roads (the blue die rolled per column); nobody's turn yet ---
    (start_road(1, "NS"), NOBODY),
    (start_road(2, "NE"), NOBODY),
    (start_road(3, "EW"), NOBODY),
    (start_road(4, "EW"), NOBODY),
    (start_road(5, "NS"), rolls("Anna")),                 # Anna, first in the seat order, rolls

    # --- round 1: Anna starts; picks Anna, Bence, Csilla ---
    (roll(2, 3, 5, 6, 1), picks("Anna")),
    (draw("Anna", 3, 2, "NS", die=0), picks("Bence")),
    (draw("Bence", 1, 2, "EW", die=2), picks("Csilla")),   # white 6: tree 1, any row
    (draw("Csilla", 5, 2, "NS", die=1), rolls("Bence")),   # the start player passes clockwise

    # --- round 2: Bence starts; picks Bence, Csilla, Anna ---
    (roll(4, 2, 6, 4, 3), picks("Bence")),
    (draw("Bence", 2, 4, "NS", die=1), picks("Csilla")),   # white 6: tree 2
    (draw("Csilla", 2, 4, "EW", die=0), picks("Anna")),
    (draw("Anna", 3, 4, "NS", die=3), rolls("Csilla")),

    # --- round 3: Csilla starts; picks Csilla, Anna, Bence ---
    (roll(1, 4, 4, 6, 2), picks("Csilla")),
    (draw("Csilla", 4, 1, "NS", die=0), picks("Anna")),
    (draw("Anna", 4, 1, "NS", die=1), picks("Bence")),
    (draw("Bence", 5, 1, "NE", die=2), rolls("Anna")),     # white 6: tree 3; back to Anna

    # --- round 4: Anna starts; picks Anna, Bence, Csilla ---
    (roll(2, 1, 1, 1, 5), picks("Anna")),
    (draw("Anna", 5, 2, "EW", die=3), picks("Bence")),
    # every die left points at row 1 column 2, drawn on Bence's sheet in round 1: a tree (4)
    (tree("Bence"), picks("Csilla")),
    (draw("Csilla", 1, 2, "EW", die=0), rolls("Bence")),

    # --- round 5: Bence starts; picks Bence, Csilla, Anna ---
    (roll(6, 2, 5, 6, 3), picks("Bence")),
    (draw("Bence", 3, 3, "EW", die=2), picks("Csilla")),   # both 6: tree 5, any cell
    (house("Csilla", 2, 1, die=0), picks("Anna")),         # blue 6: a house crossed in row 2
    (draw("Anna", 3, 1, "NS", die=3), rolls("Csilla")),

    # --- round 6: Csilla starts; picks Csilla, Anna, Bence ---
    (roll(5, 1, 4, 6, 2), picks("Csilla")),
    (draw("Csilla", 4, 5, "NS", die=1), picks("Anna")),
    (draw("Anna", 1, 5, "SW", die=0), picks("Bence")),
    (draw("Bence", 5, 5, "NW", die=2), rolls("Anna")),     # white 6: tree 6

    # --- round 7: Anna starts; Bence's 7th tree triggers the end; the round is played out ---
    (roll(3, 5, 6, 2, 1), picks("Anna")),
    (draw("Anna", 5, 3, "EW", die=0), picks("Bence")),
    (draw("Bence", 4, 3, "NS", die=1), picks("Csilla")),   # white 6: tree 7, the end trigger
    (draw("Csilla", 2, 3, "NS", die=2), NOBODY),           # the last round is over
    ({"type": "end"}, NOBODY),
]

# A solo game: the one player rolls three white dice and takes one every round; no turn passes.
SOLO = [
    (start_road(1, "NS"), NOBODY),
    (start_road(2, "NE"), NOBODY),
    (start_road(3, "EW"), NOBODY),
    (start_road(4, "EW"), NOBODY),
    (start_road(5, "NS"), NOBODY),
    (roll(2, 3, 5, 1), NOBODY),
    (draw("Anna", 3, 2, "NS", die=0), NOBODY),
    (roll(4, 2, 6, 4), NOBODY),
    (draw("Anna", 2, 4, "NS", die=1), NOBODY),               # white 6: a tree, any row
]


def answer(state):
    turn = g.rules.turn(state)
    assert turn is not None, "Doodle City keeps turns at a played table"
    if turn.player is None:
        return NOBODY
    return (turn.player, turn.doing)


def replay_checking(table, players, options):
    opts = g.rules.options(options, players)
    state = g.rules.start(opts, players)
    for event in g.rules.setup_events(opts, players):
        state = g.rules.apply(state, event)
    assert answer(state) == NOBODY, f"before the start roads: {answer(state)}"
    wrong = []
    for index, (event, expected) in enumerate(table):
        try:
            state = g.rules.apply(state, event)
        except Exception as error:
            raise AssertionError(f"#{index} {event} refused: {error}") from error
        got = answer(state)
        if got != expected:
            wrong.append(f"#{index} {event}: expected {expected}, got {got}")
    assert not wrong, "\n".join(wrong)
    return state


def test_a_whole_three_player_game_hands_the_turn_round_as_the_rulebook_does():
    state = replay_checking(GAME, PLAYERS, {"sheet": SHEET})
    result = g.rules.result(state)
    assert result["end_triggered"] and result["finished"]
    assert result["players"][1]["details"]["trees_crossed"] == 7


def test_a_solo_game_hands_no_turn_round():
    replay_checking(SOLO, ["Anna"], {"sheet": SHEET})
