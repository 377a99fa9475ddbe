"""What the Calçada screens show, built from the rules' queries.

What the Calçada screens show: the move a phone is making, the shared scoring board, what
just happened, the end, and every board at the finish. Built from the rules' queries; the
templates only lay it out.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from flask_babel import gettext

from ...bounds import small_int
from ..base import acting_player
from . import drawing, rules
from .board import SIZE, Cell
from .labels import COLOUR_LABELS, MOTIF_LABELS, refusal_text

NUMBERS = range(1, rules.MAX_ANNOUNCED + 1)


@dataclass(frozen=True)
class Screen:
    """What the Calçada part of a screen draws (the templates' ``d``), for the acting player
    when there is one: the phone's own seat, or the seat the host screen enters for."""

    player: str | None
    move: dict[str, Any] | None     # the player's move in taps: colour, number, cell, motif
    scoring: dict[str, Any]         # the shared scoring board: a stone per colour on its row
    latest: str                     # the latest district completed, in words ("" before one)
    completions: list[str]          # every district completed, in words, the latest first
    trigger: str | None             # who slid the second stone off: the last round is on
    still_to_play: list[str]        # who still plays in the last round
    over: bool                      # the last round is over
    boards: list[dict[str, Any]]    # every player's board with its score, in seat order
    marks: bool                     # the boards show their motif groups and unfinished tiles
    tally: bool                     # a quick tally: each final board is entered at the end
    unverified_board: bool          # the board layout is not checked against the printed one
    icons: dict[str, str]           # each motif's picture
    as_: str | None                 # the seat the host screen was asked to enter for ("as")


def cell_arg(value: str | None) -> Cell | None:
    parts = (value or "").split("-")
    if len(parts) == 2 and all(small_int(p) is not None and 1 <= int(p) <= SIZE for p in parts):
        return int(parts[0]), int(parts[1])
    return None


def number_arg(value: str | None) -> int | None:
    number = small_int(value)
    return number if number in NUMBERS else None



def completion_text(player: str, done: rules.Completion) -> str:
    words = {"player": player, "colour": COLOUR_LABELS[done.colour], "tiles": done.tiles,
             "multiplier": done.multiplier, "points": done.points}
    if done.slid_off:
        return gettext("%(player)s completed a %(colour)s district of %(tiles)d at "
                       "×%(multiplier)d: %(points)d points, with +2 as the %(colour)s stone "
                       "slid off the scoring board (%(colour)s is closed).", **words)
    return gettext("%(player)s completed a %(colour)s district of %(tiles)d at ×%(multiplier)d: "
                   "%(points)d points", **words)


def scoring_board(state: rules.State) -> dict[str, Any]:
    """One column per colour, one line per row with its multiplier; a stone on its row, or
    below the board once it has slid off."""
    columns = [{"colour": c, "label": COLOUR_LABELS[c],
                "row": rules.stone_row(state, c), "closed": rules.stone_row(state, c) is None}
               for c in rules.COLOURS]
    rows = [{"number": n, "multiplier": m,
             "stones": [col["row"] == n for col in columns]}
            for n, m in enumerate(state.scoring.rows, 1)]
    return {"columns": columns, "rows": rows, "unverified": state.scoring.unverified,
            "closed": [col["label"] for col in columns if col["closed"]]}


class Move:
    """The phone's move in at most four taps: colour, number, cell, motif. Each tap is a link
    adding to the query string, so the screen keeps the choice across live updates."""

    def __init__(self, state: rules.State, player: str, selection: Mapping[str, str],
                 keep: Mapping[str, str]):
        self.state, self.player, self.keep = state, player, dict(keep)
        colour = selection.get("colour")
        self.colour = colour if colour in rules.COLOURS else None
        self.number = number_arg(selection.get("number")) if self.colour else None
        self.cell = cell_arg(selection.get("cell")) if self.number else None

    def href(self, **choice: Any) -> dict[str, Any]:
        """The query of a tap (the screen's selection after it), host's seat kept."""
        return {**choice, **self.keep}

    def legal(self) -> list[Cell]:
        if self.number is None:
            return []
        return rules.legal_cells(self.state, self.player, self.colour, self.number)

    def refusal(self) -> str:
        if self.cell is None:
            return ""
        error = rules.cell_refusal(self.state, self.player, self.cell, self.colour, self.number)
        return refusal_text(error) if error else ""

    def step(self) -> str:
        if self.colour is None:
            return "colour"
        if self.number is None:
            return "number"
        if self.cell is None or self.refusal():
            return "cell"
        return "motif"

    def colours(self) -> list[dict[str, Any]]:
        return [{"colour": c, "label": COLOUR_LABELS[c], "href": self.href(colour=c),
                 "closed": rules.stone_row(self.state, c) is None} for c in rules.COLOURS]

    def numbers(self) -> list[dict[str, Any]]:
        return [{"n": n, "href": self.href(colour=self.colour, number=n)} for n in NUMBERS]

    def motifs(self) -> list[dict[str, Any]]:
        left = rules.motifs_left(self.state, self.colour) if self.colour else []
        icons = drawing.motif_icons()
        return [{"kind": k, "label": MOTIF_LABELS[k], "icon": icons[k], "left": k in left}
                for k in rules.KINDS]

    def board(self) -> dict[str, Any]:
        drawn = drawing.board(self.state, self.player, self.legal(), self.cell)
        drawn["pickable"] = True        # its cells are the move's choices (a group, not a picture)
        tiles = self.state.boards[self.player].tiles
        for cell in drawn["cells"]:
            empty = (cell["row"], cell["column"]) not in tiles
            cell["href"] = (self.href(colour=self.colour, number=self.number,
                                      cell=f"{cell['row']}-{cell['column']}")
                            if self.number and empty else None)
        return drawn

    def gained(self) -> int:
        """Bonus tiles the player's latest tile gave (tiles are kept in the order placed)."""
        tiles = self.state.boards[self.player].tiles
        last = list(tiles.values())[-1] if tiles else None
        return rules.BONUS_GAIN if last and last.motif == rules.BONUS else 0

    def view(self) -> dict[str, Any]:
        step = self.step()
        return {"player": self.player, "step": step, "colour": self.colour,
                "colour_label": COLOUR_LABELS.get(self.colour or "", ""),
                "number": self.number, "cell": self.cell, "refusal": self.refusal(),
                "colours": self.colours(), "numbers": self.numbers(),
                "motifs": self.motifs(),
                "board": self.board(),
                "reset": self.href(),
                "back_to_number": self.href(colour=self.colour) if self.colour else self.href(),
                "bonus_tiles": self.state.boards[self.player].bonus_tiles,
                "gained": self.gained(),
                "no_turn_left": self.player not in rules.still_to_play(self.state),
                "who": {"player": self.player} if "as" in self.keep else {},
                # the whole move as data: the phone picks it with no request (moves.js)
                "choices": rules.choices(self.state, self.player),
                "picked": {"colour": self.colour, "number": self.number,
                           "cell": f"{self.cell[0]}-{self.cell[1]}" if self.cell else None}}


def final_boards(state: rules.State, result: Mapping[str, Any],
                 marks: bool) -> list[dict[str, Any]]:
    """Every board with its score, in seat order; ``marks``: with its motif groups and
    unfinished tiles outlined (at the end; during play they would only be in the way)."""
    scored = {p["name"]: p for p in result["players"]}
    return [{"name": name, "board": drawing.board(state, name, final=marks),
             "score": scored[name], "bonus_tiles": state.boards[name].bonus_tiles}
            for name in state.players]


def screen(state: rules.State, options: Mapping[str, Any], view: str, seat: Any, host: bool,
           selection: Mapping[str, str]) -> Screen:
    player = acting_player(state, view, seat, host, selection, rules.turn(state))
    result = rules.result(state)
    # a tap on the host screen keeps the seat it enters for, even once the turn moves on
    keep = {"as": str(state.players.index(player))} if view == "host" and player else {}
    latest = state.completed[-1] if state.completed else None
    marks = state.finished or rules.game_over(state) or bool(options.get("tally"))
    return Screen(
        player=player,
        move=Move(state, player, selection, keep).view() if player else None,
        scoring=scoring_board(state),
        latest=completion_text(*latest) if latest else "",
        completions=[completion_text(p, c) for p, c in reversed(state.completed)],
        trigger=state.trigger,
        still_to_play=list(rules.still_to_play(state)) if state.trigger else [],
        over=rules.game_over(state),
        boards=final_boards(state, result, marks),
        marks=marks,
        tally=bool(options.get("tally")),
        unverified_board=state.board.unverified,
        icons=drawing.motif_icons(),
        as_=selection.get("as"),
    )
