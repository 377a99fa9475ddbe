"""OddVille's turns, golden: one whole game of three players, event by event as the record has
it, and after every event whose turn it is by the rulebook (digest: "A turn", "The city").

Each player takes exactly one action a turn, clockwise from the first seat, and that ends the
turn: a resource taken (a ``resource_workers`` one higher than the player's count before), coins
or a building card taken (a ``pass``), or a ``build``. Nothing else ends a turn: workers taken
off the resource board (a lower count, by anyone, at any time), a count that rises by more than
one (a correction), the Traveller's worker on the Main Square and the character taken with a
build (both part of the turn), the Builder's build during another's turn (``"builder": true``)
and the setup's first worker of each player (``"setup": true``).

The game ends with the first 6th worker in the city (a worker on the Main Square counts): that
player finishes the turn, then the chosen end decides who still plays: nobody (``base``), the
players after the trigger up to the last seat (``complete-round``) or every other player once
(``last-turn``). The opening is shared; Bence (the middle seat) places the 6th worker, either by
a build or by the Main Square, under each of the three ends.

``None``: no turn applies (the game is over); the note's words are not checked.
"""
from __future__ import annotations

from typing import Any

import pytest

from companion.games import GAMES

from .test_rules import character, lose, square

PLAYERS = ["Anna", "Bence", "Csilla"]
DIAMOND = {"rule": "diamond", "points": 4}


def build(player: str, row: int, column: int, **extra: Any) -> dict:
    return {"type": "build", "player": player, "row": row, "column": column, "vp": DIAMOND,
            **extra}


def workers(player: str, count: int, **extra: Any) -> dict:
    """The player's workers on the resource board now."""
    return {"type": "resource_workers", "player": player, "count": count, **extra}


def pass_(player: str) -> dict:
    """A worker card played for coins or a building card."""
    return {"type": "pass", "player": player}


END = {"type": "end"}

# (event, whose turn it is after it). In comments: workers on the resource board (A, B, C) and
# workers in the city (Anna, Bence, Csilla) where they change.
SETUP = [
    (workers("Anna", 1, setup=True), "Anna"),       # the setup's first workers end nothing
    (workers("Bence", 1, setup=True), "Anna"),
    (workers("Csilla", 1, setup=True), "Anna"),     # board 1, 1, 1
]

OPENING = [
    # round 1
    (workers("Anna", 2), "Bence"),                  # a resource taken ends Anna's turn
    (pass_("Bence"), "Csilla"),                     # coins
    (workers("Csilla", 2), "Anna"),                 # Csilla's resource: round 2 starts with Anna
    # round 2
    (workers("Anna", 1), "Anna"),                   # paying for her build ends nothing
    (build("Anna", 0, 1, guild="mask"), "Bence"),   # city: Anna 1
    (character("Anna", "Traveller"), "Bence"),      # the build's character: the turn stays moved
    (workers("Bence", 2), "Csilla"),
    (pass_("Csilla"), "Anna"),                      # a building card taken
    # round 3
    (workers("Anna", 0), "Anna"),                   # the Main Square's fee paid
    (square("Anna"), "Anna"),                       # Traveller, in her turn, which goes on; city 2
    (workers("Anna", 1), "Bence"),                  # then her one action: a resource
    (workers("Csilla", 1), "Bence"),                # Csilla takes a worker off in Bence's turn
    (workers("Bence", 0), "Bence"),                 # board 1, 0, 1
    (build("Bence", 0, -1), "Csilla"),              # city: Bence 1
    (workers("Csilla", 0), "Csilla"),
    (build("Csilla", 1, 0, guild="mask"), "Anna"),  # city: Csilla 1
    (character("Csilla", "Cheater"), "Anna"),       # the mask deck (2 cards with 3 players) empty
    # round 4
    (workers("Bence", 3), "Anna"),                  # Bence's count corrected 0 -> 3: no turn
    (build("Anna", 1, 1, guild="bells"), "Bence"),  # city: Anna 3
    (character("Anna", "Landowner"), "Bence"),
    (workers("Bence", 2), "Bence"),                 # lower: paying, ends nothing
    (build("Bence", 0, -2), "Csilla"),              # city: Bence 2
    (workers("Csilla", 1), "Anna"),                 # board 1, 2, 1
    # round 5
    (pass_("Anna"), "Bence"),
    (build("Bence", 1, -1, guild="bells"), "Csilla"),  # city: Bence 3
    (character("Bence", "Builder"), "Csilla"),
    # Csilla builds; Bence's Builder power builds during her turn: no turn of his own. The
    # digest does not say in which order the record holds the two builds; here Bence's comes
    # first, so Csilla's turn visibly goes on until her own build
    (build("Bence", 2, -1, builder=True), "Csilla"),   # city: Bence 4
    (build("Csilla", 2, 0), "Anna"),                # city: Csilla 2
    # round 6
    (workers("Anna", 2), "Bence"),                  # board 2, 2, 1
    (build("Bence", 0, -3, guild="mask"), "Csilla"),   # city: Bence 5
    # the mask deck is empty: everyone gives back their mask characters, reshuffle, Bence draws.
    # The digest does not name lose_character in "A turn"; it is read here as part of taking
    # the build's character (the reshuffle happens while drawing), so it ends nothing.
    (lose("Anna", "Traveller"), "Csilla"),
    (lose("Csilla", "Cheater"), "Csilla"),
    (character("Bence", "Traveller"), "Csilla"),
    (pass_("Csilla"), "Anna"),
    # round 7
    (pass_("Anna"), "Bence"),                       # Bence: 5 workers in the city, Traveller held
]

# Bence's 6th worker in the city, in his own turn, by each way and under each end.
BY_BUILD = {
    "base": [
        (workers("Bence", 1), "Bence"),
        (build("Bence", 0, -4, guild="rooster"), None),   # 6th worker; his turn ends: game over
        (character("Bence", "Seignior"), None),
        (workers("Csilla", 0), None),               # a worker taken off: still nothing to play
        (END, None),
    ],
    "complete-round": [
        (workers("Bence", 1), "Bence"),
        (build("Bence", 0, -4, guild="rooster"), "Csilla"),  # Csilla (last seat) completes it
        (character("Bence", "Seignior"), "Csilla"),
        (workers("Bence", 0), "Csilla"),            # Bence takes a worker off in Csilla's turn
        (workers("Csilla", 2), None),               # the last seat has played: game over
        (END, None),
    ],
    "last-turn": [
        (workers("Bence", 1), "Bence"),
        (build("Bence", 0, -4, guild="rooster"), "Csilla"),  # every other player, clockwise
        (character("Bence", "Seignior"), "Csilla"),
        (workers("Csilla", 2), "Anna"),
        (workers("Bence", 0), "Anna"),              # Bence takes a worker off in Anna's turn
        (build("Anna", 2, 1), None),                # Anna's last turn: game over
        (END, None),
    ],
}

BY_MAIN_SQUARE = {
    "base": [
        (workers("Bence", 1), "Bence"),             # the Main Square's fee
        (square("Bence"), "Bence"),                 # 6th worker: he finishes that turn
        (workers("Bence", 2), None),                # his one action; then the game is over
        (workers("Csilla", 0), None),
        (END, None),
    ],
    "complete-round": [
        (workers("Bence", 1), "Bence"),
        (square("Bence"), "Bence"),
        (workers("Bence", 2), "Csilla"),
        (pass_("Csilla"), None),
        (END, None),
    ],
    "last-turn": [
        (workers("Bence", 1), "Bence"),
        (square("Bence"), "Bence"),
        (workers("Bence", 2), "Csilla"),
        (pass_("Csilla"), "Anna"),
        (workers("Anna", 3), None),
        (END, None),
    ],
}

GAMES_PLAYED = {(end, "build"): SETUP + OPENING + ending for end, ending in BY_BUILD.items()}
GAMES_PLAYED.update({(end, "main-square"): SETUP + OPENING + ending
                     for end, ending in BY_MAIN_SQUARE.items()})


def replay(end: str, game: list[tuple[dict, str | None]]) -> list[str]:
    """Every event applied in order; the events whose turn differs, each with the index, the
    event, the expected player and the one the rules give."""
    g = GAMES["oddville"]
    opts = g.rules.options({"end": end}, PLAYERS)
    state = g.rules.start(opts, PLAYERS)
    wrong = []
    for index, (event, expected) in enumerate(game):
        state = g.rules.apply(state, event)
        turn = g.rules.turn(state)
        got = turn.player if turn is not None else None
        if got != expected:
            wrong.append(f"event {index} {event}: expected {expected!r}, got {got!r}")
    return wrong


def test_the_table_starts_with_the_setup_the_app_enters():
    g = GAMES["oddville"]
    for end in ("base", "complete-round", "last-turn"):
        opts = g.rules.options({"end": end}, PLAYERS)
        assert [event for event, _ in SETUP] == g.rules.setup_events(opts, PLAYERS)


@pytest.mark.parametrize("end, how", sorted(GAMES_PLAYED), ids=lambda v: v)
def test_whose_turn_it_is_after_every_event_of_a_whole_game(end, how):
    wrong = replay(end, GAMES_PLAYED[(end, how)])
    assert not wrong, (f"{len(wrong)} wrong turn(s), in order (the later ones may follow from "
                       f"the first):\n" + "\n".join(wrong))
