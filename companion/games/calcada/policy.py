"""Calçada at a live table: a board replaced only when asked; Finish names who still plays."""
from __future__ import annotations

import hashlib
from typing import Any, Mapping

from ...i18n import gettext
from ..base import N_, Conflict, Policy, RuleError
from . import rules


class CalcadaPolicy(Policy):
    def overwrite(self, state: rules.State, event: Mapping[str, Any]) -> Conflict | None:
        """A second tally of the same player replaces the board entered: asked, never silent."""
        player = event.get("player")
        mine = state.boards.get(player) if event.get("type") == "tally" else None
        if mine is None or mine.tallied is None:
            return None
        token = tally_token(mine)
        try:
            if token == tally_token(rules.tally(state, event).boards[player]):
                return None
        except RuleError:
            return None         # refused anyway, with its own reason
        return Conflict(N_("%(player)s's board is already entered (%(total)s points). Replace "
                           "it?"), token=token, player=player,
                        total=rules.score(state, player)["total"])

    def missing(self, state: rules.State) -> list[str]:
        if state.tally:
            return [gettext("%(player)s's board is not entered yet.", player=p)
                    for p in state.players if state.boards[p].tallied is None]
        if state.trigger is None:
            return [gettext("No second stone has slid off the scoring board yet: the end is not "
                            "triggered.")]
        return [gettext("%(player)s has not played the last round yet.", player=p)
                for p in rules.still_to_play(state)]


def tally_token(board: rules.PlayerBoard) -> str:
    """What a tallied board holds, in a few characters (the confirmation carries it back)."""
    tiles = ",".join(f"{r}{c}{t.colour[:2]}{t.motif[:2]}" for (r, c), t in sorted(board.tiles.items()))
    return hashlib.sha256(f"{tiles}|{board.tallied}|{board.bonus_tiles}".encode()).hexdigest()[:16]
