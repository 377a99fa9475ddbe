"""A finished game of every game, as a record: the worked examples the games' own tests check
by hand, each ended with the game's end event."""
from __future__ import annotations

from typing import Any

from tests.games.calcada import test_game as calcada_game, test_rules as calcada_rules
from tests.games.doodle_city import test_game as doodle_game, test_rules as doodle_rules
from tests.games.oddville import test_example as oddville_example
from tests.games.quadropolis import test_rules_and_cli as quadropolis_example

END = {"type": "end"}


def envelope(game: str, players, events, options=None) -> dict[str, Any]:
    return {"format": "table-companion-record", "version": 1, "game": game,
            "options": options or {}, "players": [{"name": n} for n in players],
            "events": list(events)}


def points(player: str, round_: int, value: int) -> dict[str, Any]:
    return {"type": "points", "player": player, "round": round_, "points": value}


# Three rounds, one correction and one undo: Anna 5+7+1 = 13, Bence 3+9+0 = 12, Csilla 8+2+4 = 14.
SCORE_PAD = envelope("score-pad", ["Anna", "Bence", "Csilla"], [
    points("Anna", 1, 5), points("Bence", 1, 3), points("Csilla", 1, 8),
    points("Anna", 2, 7), points("Bence", 2, 6), points("Csilla", 2, 2),
    points("Bence", 2, 9),                                  # a correction: round 2 is 9
    points("Anna", 3, 1), points("Bence", 3, 4), {"type": "undo", "event": 9},
    points("Bence", 3, 0), points("Csilla", 3, 4), END])

FINISHED = {
    "score-pad": SCORE_PAD,
    "doodle-city": envelope("doodle-city", doodle_rules.NAMES, doodle_game.FOUR_PLAYERS,
                            {"sheet": doodle_rules.SHEET}),
    "calcada": envelope("calcada", calcada_rules.NAMES, calcada_game.GAME, calcada_rules.OPTIONS),
    "quadropolis": quadropolis_example.RECORD,
    "oddville": {**oddville_example.RECORD, "events": [*oddville_example.EVENTS, END]},
}
