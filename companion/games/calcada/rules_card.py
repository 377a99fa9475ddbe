"""Calçada's rules card for a player's phone: a turn, what ends the game and what scores, with
the scoring board of the table's player count. Pure; every figure comes from the rules core,
each line written from a heading of the rules digest (shared/rules/calcada.md)."""
from __future__ import annotations

from typing import Any, Mapping

from ..cards import Series, card, line
from ..turns import N_
from .rules import (ANY_CELL_FROM, BONUS_GAIN, BONUS_TILES_A_POINT, ENDING_SLIDE_OFFS,
                    GROUP_POINTS, SLIDE_OFF_POINTS, UNFINISHED_TILE_POINTS, scoring_of)

TURN = "A turn (for validation)"        # the digest's headings, as written there
COMPLETION = "District completion (during play)"
END = "End of the game"
FINAL = "Final scoring"


def rules_card(options: Mapping[str, Any], count: int) -> dict[str, list[dict[str, Any]]]:
    smallest = next(size for size, points in enumerate(GROUP_POINTS) if points)
    turn = [
        line(TURN, N_("Pick a stone on the carousel: say its colour and N, the stones on its "
                      "space; move it one space clockwise.")),
        line(TURN, N_("Place a tile of that colour on an empty cell printing N (N of %(any)s or "
                      "more: any cell). A district holds one colour."), any=ANY_CELL_FROM),
        line(TURN, N_("Before that, a bonus tile each: move a stone one space, or new tiles of "
                      "a colour. A bonus-symbol tile placed: +%(gain)s bonus tiles."),
             gain=BONUS_GAIN),
    ]
    end = [line(END, N_("Once %(stones)s stones have slid off the scoring board, the players "
                        "seated after the one who slid the last play once more; then final "
                        "scoring."), stones=ENDING_SLIDE_OFFS)]
    scoring = [
        line(COMPLETION, N_("District completed: its tiles × its colour's row on the scoring "
                            "board (%(rows)s from the top); the stone moves down a row."),
             rows=Series(scoring_of(options, count).rows)),
        line(COMPLETION, N_("A stone sliding off the bottom row: +%(slide)s, and that colour "
                            "is closed."), slide=SLIDE_OFF_POINTS),
        line(FINAL, N_("Motif groups of %(smallest)s, %(next)s … %(most)s or more tiles: "
                       "%(groups)s."), smallest=smallest, next=smallest + 1,
             most=len(GROUP_POINTS) - 1, groups=Series(GROUP_POINTS[smallest:])),
        line(FINAL, N_("Each tile in an unfinished district scores %(unfinished)s. A point for "
                       "every %(per)s bonus tiles left."), unfinished=UNFINISHED_TILE_POINTS,
             per=BONUS_TILES_A_POINT),
    ]
    return card(turn, end, scoring)
