"""A whole game of Calçada for four, entered event by event as a record holds it, and after every
event whose turn the rulebook says it is (or that no turn applies any more).

From the digest (/work/shared/rules/calcada.md):
- "Turns go clockwise in seat order; the first seat starts every round." A turn is one
  placement (A then B); a turn without a legal placement is a `pass` (the record contract:
  "that player's turn ended with nothing the record scores ... a Calçada turn without a
  placement"). Spending bonus tiles is done *during* a turn ("before (A)", "before (B)"), so a
  `spend_bonus` ends nothing.
- End: "When a completion slides the second stone off the scoring board, finish the current
  round (the players after the trigger up to the last seat still play, so everyone gets the
  same number of turns), then final scoring." After that no turn applies.
- The record contract: "A record stays free of turn order: events are never invalid for being
  out of turn." So an entry from a player who has no turn left (a late entry of a turn that
  happened at the table) is accepted and scored like any other, and changes nobody's turn.

The board and scoring rows are given inline (those of test_rules.py: rows x3, x3, x2, x1, so a
colour's 4th completion slides its stone off), so the unverified defaults cannot move the game.
Cells used, with the numbers they print: district 7 = (5,2) 3, (5,3) 1; district 8 = (5,4) 4,
(5,5) 2; district 1 = (1,1) 1, (1,2) 4, (2,1) 2, (3,1) 3; district 3 = (2,2) 5, (2,3) 3, (3,2) 1.
"""
from __future__ import annotations

from companion.games import GAMES

from .test_rules import BOARD, ROWS, place, spend

PLAYERS = ["Anna", "Bence", "Csilla", "Dani"]
OPTIONS = {"board": BOARD, "scoring_rows": ROWS}
NONE = None          # no turn applies: the last round is over
END = {"type": "end"}


def pass_(name):
    return {"type": "pass", "player": name}


# Each player keeps to one motif (Anna tram, Bence plaza, Csilla kiosk, Dani bench), so no
# colour runs out of a motif.
GAME = [
    # --- round 1 ------------------------------------------------------------------------------
    (place("Anna", 5, 2, "red", "tram", 3), "Bence"),
    (spend("Bence"), "Bence"),                          # part of his turn: it ends nothing
    (place("Bence", 5, 2, "red", "plaza", 3), "Csilla"),
    (pass_("Csilla"), "Dani"),                          # no fitting cell: her turn ends
    (place("Dani", 5, 2, "red", "bench", 3), "Anna"),   # the first seat starts round 2
    # --- round 2 ------------------------------------------------------------------------------
    (place("Anna", 5, 3, "red", "tram", 1), "Bence"),   # red completed, x3
    # Csilla plays her round-2 turn before Bence (out of order): still Bence's turn.
    (place("Csilla", 5, 2, "red", "kiosk", 3), "Bence"),
    # Csilla's round-2 turn is already played, so after Bence comes Dani. (The digest says
    # nothing about turns entered out of order beyond "Records do not enforce turn order";
    # an early turn counts as that player's turn of the round and moves nobody else on.)
    (place("Bence", 5, 3, "red", "plaza", 1), "Dani"),  # red completed, x3
    (place("Dani", 5, 3, "red", "bench", 1), "Anna"),   # red completed, x2
    # --- round 3 ------------------------------------------------------------------------------
    (place("Anna", 5, 4, "blue", "tram", 4), "Bence"),
    (place("Bence", 5, 4, "blue", "plaza", 4), "Csilla"),
    # red completed on its bottom row: x1 + 2, the red stone slides off (the first: no end)
    (place("Csilla", 5, 3, "red", "kiosk", 1), "Dani"),
    (place("Dani", 5, 4, "blue", "bench", 4), "Anna"),
    # --- round 4 ------------------------------------------------------------------------------
    (place("Anna", 5, 5, "blue", "tram", 2), "Bence"),  # blue completed, x3
    (place("Bence", 2, 3, "green", "plaza", 3), "Csilla"),
    (place("Csilla", 5, 4, "blue", "kiosk", 4), "Dani"),
    (place("Dani", 5, 5, "blue", "bench", 2), "Anna"),  # blue completed, x3
    # --- round 5 ------------------------------------------------------------------------------
    (place("Anna", 1, 1, "yellow", "bonus", 1), "Bence"),   # bonus symbol: +2 bonus tiles
    (place("Bence", 2, 2, "green", "plaza", 5), "Csilla"),
    (place("Csilla", 5, 5, "blue", "kiosk", 2), "Dani"),    # blue completed, x2
    (spend("Dani"), "Dani"),
    (pass_("Dani"), "Anna"),
    # --- round 6: the last ----------------------------------------------------------------------
    (place("Anna", 1, 2, "yellow", "tram", 4), "Bence"),
    # blue completed on its bottom row: the second stone off the board. Bence triggers the
    # end: Csilla and Dani, seated after him, play once more; Anna and Bence are done.
    (place("Bence", 5, 5, "blue", "plaza", 2), "Csilla"),
    # A late entry: Anna (seated before the trigger, no turn left) passed at the table.
    # Accepted (the record is free of turn order); it is still Csilla's turn.
    (pass_("Anna"), "Csilla"),
    # A late entry from the trigger player himself: a placement completing his green district
    # 3 (3 tiles x3 = 9 points, checked below). Accepted; still Csilla's turn.
    (place("Bence", 3, 2, "green", "plaza", 1), "Csilla"),
    (place("Csilla", 2, 2, "yellow", "kiosk", 5), "Dani"),
    (spend("Dani"), "Dani"),                             # in the last round too: ends nothing
    (place("Dani", 1, 1, "white", "bench", 7), NONE),    # 7 announced: any cell; round over
    # --- after the last round: no turn applies, late entries are still accepted ---------------
    (pass_("Csilla"), NONE),
    (place("Anna", 2, 1, "yellow", "tram", 2), NONE),   # scored: one more unfinished tile
    (END, NONE),
]

LATE_BENCE = 25     # index in GAME of Bence's late green placement
LATE_ANNA = 30      # index in GAME of Anna's late yellow placement


def new_state():
    g = GAMES["calcada"]
    opts = g.rules.options(OPTIONS, PLAYERS)
    state = g.rules.start(opts, PLAYERS)
    for event in g.rules.setup_events(opts, PLAYERS):
        state = g.rules.apply(state, event)
    return g, state


def answer(turn):
    return turn.player if turn is not None and turn.player else None


def test_the_late_entries_are_where_the_table_says():
    assert GAME[LATE_BENCE][0] == place("Bence", 3, 2, "green", "plaza", 1)
    assert GAME[LATE_ANNA][0] == place("Anna", 2, 1, "yellow", "tram", 2)


def test_the_whole_game_turn_by_turn():
    g, state = new_state()
    assert answer(g.rules.turn(state)) == "Anna", "before the first event: Anna starts"
    wrong = []
    for index, (event, expected) in enumerate(GAME):
        try:
            state = g.rules.apply(state, event)
        except Exception as error:          # a refusal: noted, the game goes on without it
            wrong.append(f"event {index} {event}: refused ({error}); expected the turn of "
                         f"{expected!r}")
            continue
        got = answer(g.rules.turn(state))
        if got != expected:
            note = "" if got or g.rules.turn(state) is None else f" ({g.rules.turn(state).note})"
            wrong.append(f"event {index} {event}: turn is {got!r}{note}, expected {expected!r}")
    assert not wrong, "\n".join(wrong)


def test_the_game_ends_with_the_trigger_in_the_last_round():
    g, state = new_state()
    trigger = GAME.index((place("Bence", 5, 5, "blue", "plaza", 2), "Csilla"))
    for index, (event, _) in enumerate(GAME[:trigger + 1]):
        before = g.rules.result(state)["end_triggered"]
        assert before is False, f"end triggered before event {index}"
        state = g.rules.apply(state, event)
    assert g.rules.result(state)["end_triggered"] is True


def scored(g, state, name):
    return next(p for p in g.rules.result(state)["players"] if p["name"] == name)


def test_late_placements_are_scored_like_any_other():
    g, state = new_state()
    states = [state]
    for index, (event, _) in enumerate(GAME):
        states.append(g.rules.apply(states[-1], event))     # a refusal fails here, at `index`
    # Bence's late placement completes his green district 3: 3 tiles x3 (green untouched)
    before, after = (scored(g, states[i], "Bence") for i in (LATE_BENCE, LATE_BENCE + 1))
    assert after["details"]["completions"][-1] == {
        "row": 3, "column": 2, "colour": "green", "tiles": 3, "multiplier": 3, "points": 9}
    assert after["breakdown"]["districts"] - before["breakdown"]["districts"] == 9
    assert after["breakdown"]["unfinished"] - before["breakdown"]["unfinished"] == -2
    assert after["breakdown"]["motifs"] - before["breakdown"]["motifs"] == 3 - 1   # plaza 2 -> 3
    assert after["total"] - before["total"] == 9 - 2 + 2
    # Anna's late placement after the last round: one more tile in her unfinished district 1
    before, after = (scored(g, states[i], "Anna") for i in (LATE_ANNA, LATE_ANNA + 1))
    assert after["breakdown"]["unfinished"] - before["breakdown"]["unfinished"] == 1
    assert after["total"] - before["total"] == 1
    final = g.rules.result(states[-1])
    assert final["finished"] is True and final["end_triggered"] is True
    assert scored(g, states[-1], "Bence")["breakdown"]["districts"] == 3 * 2 + (2 + 2) + 9
