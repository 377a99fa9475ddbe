"""Golden turns: whole games of Quadropolis, event by event, with whose turn it is after each.

The expectations are the rulebook's (digest: /work/shared/rules/quadropolis.md), not the code's:
- Classic is 4 rounds of 4 turns, Expert 5 rounds of 4 turns; a turn is taking a tile and
  building it, or, when the tile fits nowhere, sending it back to the box (a ``pass``: "no
  resources, no Mayor", but the turn is spent).
- A round's turns go clockwise from its first player. At setup the start player (the first seat,
  record contract) holds the Mayor. "Whoever builds that tile takes the Mayor and is first player
  next round"; "if nobody builds the Mayor tile in a round, the Mayor stays where it is". Taking
  the Mayor mid-round does not reorder the round being played.
- After the last round nobody takes a tile: players place residents and energy (``allocate``),
  which is no turn; then no turn applies at all. Moving residents and energy during the game
  ("may move them freely") is no turn either.
- The host's ``round`` event (the app's "next round" button; a table started in the app begins
  with round 1) only lays out tiles: it is no turn and moves no one.
- An act entered out of turn moves nobody else on. The digest is silent on what follows; the
  reading here (and the live table's) is that the early act WAS that player's turn of this
  cycle, so when their seat comes round they are skipped (four turns a player a round).
"""
from __future__ import annotations

import pytest

from companion.games import GAMES
from companion.games.base import RuleError

A, B, C, D = "Anna", "Bence", "Csilla", "Dani"
NONE = None          # no turn applies (the note's words are not checked)


def b(player: str, row: int, column: int, kind: str, **printed) -> dict:
    """A tile built (a floor more when the cell holds the same stackable kind)."""
    return {"type": "build", "player": player, "row": row, "column": column, "kind": kind,
            **printed}


def mayor(player: str, row: int, column: int) -> dict:
    """The 1-resident tower block carrying the Mayor."""
    return b(player, row, column, "tower", residents=1, mayor=True)


def pass_(player: str) -> dict:
    """The tile taken fits nowhere in the city: back to the box; the turn is spent."""
    return {"type": "pass", "player": player}


def allocate(player: str, activate=(), customers=()) -> dict:
    return {"type": "allocate", "player": player, "activate": [list(c) for c in activate],
            "customers": [{"row": r, "column": c, "count": n} for r, c, n in customers]}


def round_(number: int) -> dict:
    """The host lays out the next round's tiles."""
    return {"type": "round", "round": number}


END = {"type": "end"}


# --- Classic, 4 players: 4 rounds of 4 turns ---------------------------------------------------
CLASSIC = [
    # Round 1: Anna (the start player, holding the Mayor) first; clockwise A B C D.
    (b(A, 1, 1, "tower", residents=3), B),
    (b(B, 2, 2, "factory", energy=3), C),
    (b(C, 3, 1, "harbour", residents=2), D),
    (b(D, 1, 4, "public", vp=2), A),
    (b(A, 1, 2, "factory", energy=2), B),
    (b(B, 1, 1, "tower", residents=2), C),
    (mayor(C, 2, 3), D),                      # Csilla takes the Mayor: round 1's order holds
    (b(D, 4, 4, "shop"), A),
    (b(A, 2, 1, "park"), B),
    (b(B, 3, 3, "harbour", energy=2), C),
    (b(C, 4, 2, "public"), D),
    (b(D, 2, 4, "tower", residents=2), A),
    (b(A, 1, 3, "shop"), B),
    (b(B, 1, 1, "tower", residents=1), C),    # a second floor on his tower block
    (b(C, 4, 3, "factory", energy=1), D),
    (pass_(D), C),                            # a tile that fits nowhere is a turn; round 1 over:
                                              # Csilla built the Mayor, she starts round 2
    (round_(2), C),
    # Round 2: Csilla first; clockwise C D A B.
    (b(A, 2, 2, "tower", residents=3), C),    # Anna out of turn: still Csilla's turn
    (b(C, 3, 2, "harbour", residents=1, energy=1), D),
    (b(D, 3, 4, "factory", energy=3), B),     # Anna has had this turn already: Bence
    (b(B, 4, 1, "public", vp=2), C),
    (allocate(D, activate=[(1, 4), (4, 4), (2, 4)], customers=[(4, 4, 1)]), C),  # no turn
    (b(C, 1, 4, "tower", residents=2), D),
    (b(D, 2, 4, "tower", residents=1), A),    # a second floor
    (b(A, 3, 1, "shop"), B),
    (b(B, 3, 4, "harbour", vp=2), C),
    (b(C, 2, 4, "park"), D),
    (b(D, 1, 1, "public"), A),
    (b(A, 2, 3, "factory", energy=2), B),
    (b(B, 4, 4, "shop"), C),
    (b(C, 1, 1, "public", vp=1), D),
    (b(D, 3, 3, "harbour", residents=2), A),
    (b(A, 1, 4, "park"), B),
    (b(B, 4, 2, "tower", residents=2), C),    # nobody built round 2's Mayor tile: Csilla
                                              # keeps the Mayor and starts round 3
    (round_(3), C),
    # Round 3: Csilla first again; clockwise C D A B.
    (b(C, 1, 2, "tower", residents=3), D),
    (b(D, 1, 2, "factory", energy=2), A),
    (pass_(A), B),
    (b(B, 1, 2, "park"), C),
    (b(C, 3, 3, "harbour", residents=2), D),
    (b(D, 1, 3, "shop"), A),
    (b(A, 3, 2, "tower", residents=2), B),
    (b(B, 2, 1, "public", vp=2), C),
    (b(C, 1, 3, "shop"), D),
    (b(D, 4, 1, "tower", residents=2), A),
    (b(A, 3, 3, "harbour", vp=2), B),
    (b(B, 2, 3, "factory", energy=3), C),
    (b(C, 2, 2, "factory", energy=1), D),
    (b(D, 3, 2, "park"), A),
    (b(A, 4, 1, "public"), B),
    (mayor(B, 2, 4), B),                      # the round's last turn takes the Mayor: Bence
                                              # starts round 4
    (round_(4), B),
    # Round 4 (the last; no Mayor tile): Bence first; clockwise B C D A.
    (b(B, 1, 3, "tower", residents=3), C),
    (b(C, 4, 1, "shop"), D),
    (b(D, 3, 1, "harbour", energy=2), A),
    (b(A, 4, 2, "public", vp=2), B),
    (b(B, 3, 2, "harbour", vp=3), C),
    (b(C, 1, 2, "tower", residents=2), D),    # a second floor
    (pass_(D), A),
    (b(A, 3, 2, "tower", residents=1), B),    # a second floor
    (b(B, 3, 1, "factory", energy=2), C),
    (b(C, 4, 4, "public", vp=1), D),
    (b(D, 4, 2, "harbour", residents=1, energy=1), A),
    (b(A, 4, 3, "shop"), B),
    (b(B, 4, 3, "park"), C),
    (pass_(C), D),
    (b(D, 4, 3, "tower", residents=2), A),
    (b(A, 4, 4, "harbour", residents=1, energy=1), NONE),   # 4 rounds played: no turn left
    # After the last round: residents and energy are placed; no turn.
    (allocate(A, activate=[(1, 1), (1, 3)], customers=[(1, 3, 1)]), NONE),
    (allocate(B), NONE),
    (allocate(C), NONE),
    (allocate(D), NONE),
    (END, NONE),
]


# --- Expert, 3 players: 5 rounds of 4 turns on the 4 x 5 mat ----------------------------------
EXPERT = [
    # Round 1: Anna first; clockwise A B C. Nobody builds the Mayor tile.
    (b(A, 1, 1, "office"), B),
    (b(B, 1, 1, "tower", residents=2), C),
    (b(C, 1, 1, "factory", energy=2), A),
    (b(A, 1, 2, "tower", residents=3), B),
    (b(B, 1, 2, "office"), C),
    (b(C, 1, 2, "shop"), A),
    (b(A, 1, 3, "park"), B),
    (b(B, 1, 3, "factory", energy=3), C),
    (b(C, 1, 3, "tower", residents=2), A),
    (b(A, 1, 1, "office"), B),                # a second floor
    (b(B, 1, 4, "harbour", residents=2), C),
    (b(C, 1, 4, "public", vp=1), A),          # round 1 over, the Mayor unbuilt: Anna again
    (round_(2), A),
    # Round 2: Anna first; clockwise A B C.
    (b(A, 1, 4, "monument"), B),
    (mayor(B, 2, 1), C),                      # Bence takes the Mayor
    (b(C, 2, 1, "office"), A),
    (b(A, 2, 1, "factory", energy=2), B),
    (b(B, 2, 2, "shop"), C),
    (pass_(C), A),
    (b(A, 2, 2, "harbour", energy=2), B),
    (b(B, 2, 3, "public", vp=2), C),
    (b(C, 2, 2, "park", absorbs=False, residents=1), A),
    (b(A, 2, 3, "office"), B),
    (b(B, 2, 4, "park"), C),
    (b(C, 2, 3, "tower", residents=1), B),    # round 2 over: Bence (the Mayor) starts round 3
    (round_(3), B),
    # Round 3: Bence first; clockwise B C A.
    (b(B, 1, 5, "monument"), C),
    (b(C, 2, 4, "factory", energy=3), A),
    (b(A, 2, 4, "tower", residents=2), B),
    (b(B, 3, 1, "office"), C),
    (b(C, 3, 1, "shop"), A),
    (pass_(A), B),
    (b(B, 3, 2, "tower", residents=3), C),
    (b(C, 3, 2, "harbour", vp=2), A),
    (b(A, 3, 1, "public", vp=2), B),
    (b(B, 3, 2, "tower", residents=1), C),    # a second floor
    (b(C, 3, 3, "park"), A),
    (mayor(A, 3, 2), A),                      # the round's last turn takes the Mayor: Anna
    (round_(4), A),
    # Round 4: Anna first; clockwise A B C.
    (b(A, 3, 3, "shop"), B),
    (b(B, 3, 3, "harbour", energy=1, residents=1), C),
    (mayor(C, 3, 4), A),                      # Csilla takes the Mayor at once
    (b(A, 3, 4, "factory", energy=1), B),
    (b(B, 3, 4, "office"), C),
    (b(C, 1, 5, "monument"), A),
    (b(A, 2, 5, "harbour", residents=2), B),
    (b(B, 3, 5, "shop"), C),
    (b(C, 2, 5, "office"), A),
    (b(A, 3, 5, "park"), B),
    (b(B, 4, 1, "public"), C),
    (b(C, 4, 1, "tower", residents=3), C),    # round 4 over: Csilla starts round 5
    (round_(5), C),
    # Round 5 (the last; no Mayor tile): Csilla first; clockwise C A B.
    (b(C, 4, 2, "public", vp=2), A),
    (b(A, 4, 1, "tower", residents=1), B),
    (b(B, 4, 2, "factory", energy=2), C),
    (b(C, 4, 3, "office"), A),
    (b(A, 4, 2, "office"), B),
    (pass_(B), C),
    (b(C, 4, 3, "office"), A),                # a second floor
    (b(A, 4, 3, "shop"), B),
    (b(B, 4, 3, "park"), C),
    (b(C, 4, 4, "harbour", vp=1), A),
    (b(A, 4, 4, "public", vp=1), B),
    (b(B, 4, 4, "tower", residents=2), NONE),  # 5 rounds played: no turn left
    (allocate(A), NONE),
    (allocate(B), NONE),
    (allocate(C), NONE),
    (END, NONE),
]


def who(game, state) -> str | None:
    turn = game.rules.turn(state)
    assert turn is not None, "Quadropolis keeps turns: turn() answered None, not a Turn"
    return turn.player


@pytest.mark.parametrize("mode, players, table, first", [
    ("classic", [A, B, C, D], CLASSIC, A),
    ("expert", [A, B, C], EXPERT, A),
], ids=["classic-4-players", "expert-3-players"])
def test_a_whole_game_gives_the_rulebooks_turn_after_every_event(mode, players, table, first):
    game = GAMES["quadropolis"]
    opts = game.rules.options({"mode": mode}, players)
    state = game.rules.start(opts, players)
    for event in game.rules.setup_events(opts, players):
        state = game.rules.apply(state, event)
    assert who(game, state) == first, "before any turn"
    wrong = []
    for index, (event, expected) in enumerate(table):
        try:
            state = game.rules.apply(state, event)
        except RuleError as error:
            pytest.fail(f"event {index} {event} refused: {error}")
        got = who(game, state)
        if got != expected:
            wrong.append(f"event {index} {event}: expected {expected!r}, got {got!r}")
    assert not wrong, "\n".join(wrong)


def test_the_tables_hold_the_rulebooks_turn_counts():
    """Classic: 4 rounds x 4 turns x 4 players; Expert: 5 rounds x 4 turns x 3 players."""
    def turns(table):
        return sum(e["type"] in ("build", "pass") for e, _ in table)
    assert turns(CLASSIC) == 4 * 4 * 4
    assert turns(EXPERT) == 5 * 4 * 3
