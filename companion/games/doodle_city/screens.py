"""What a Doodle City screen shows: a typed model built from the rules' state and queries.

In the player's words. No rule is decided here: the values a road may circle, the legal dice and
cells, who still has to act all come from ``rules``."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from flask_babel import gettext, ngettext

from ...bounds import small_int
from . import drawing as draw
from ..base import acting_player
from . import rules
from .labels import SHAPE_WORDS, shape_glyph
from .policy import tally_token
from .sheet import SHAPES


@dataclass(frozen=True)
class Screen:
    """What the Doodle City part of a screen draws (the templates' ``d``), for the acting player
    when there is one: the phone's own seat, or the seat the host screen enters for."""

    player: str | None
    who: dict[str, str]             # the host screen's hidden seat field; {} on a phone
    physical: bool                  # the table rolls real dice and types them in
    tally: bool                     # a quick tally: only each final sheet is entered
    # the start roads
    setup_done: bool
    setup: dict[str, Any]           # the next column's start road (setup_view)
    setup_shapes: list[dict[str, Any]]
    # the round
    roller: str                     # who rolls the next round's dice
    can_roll: bool                  # this screen may roll them now
    complete: bool                  # everyone has acted on the dice rolled
    over: bool                      # the last round is over
    end_message: str | None
    round: int                      # the round the turn belongs to (0 during the setup)
    start_player: str               # that round's start player
    rolled: bool                    # the dice on the table are that round's (not the last one's)
    dice: list[dict[str, Any]]      # each with the query that picks it
    blue: int | None
    acted: list[str]
    waiting: list[str]
    bonuses: list[dict[str, Any]]   # each speed bonus and who holds it
    # the acting player's sheet
    die: int | None                 # the die picked
    board: dict[str, Any] | None    # the sheet's cells, each with the query that picks it
    choices: dict[str, Any] | None  # the shapes for the cell picked, with the values they circle
    tracks: dict[str, Any] | None
    note: str                       # what the player's latest act did, in words
    may_act: bool
    can_tree: bool
    ask: dict[str, Any] | None      # a die picked out of turn: the question before it is taken
    anyway: dict[str, str]          # the act's agreement to pick out of turn ({} in turn)
    cell_words: str                 # "Row %(row)s, column %(column)s: %(kind)s", filled per cell
    # the move as data once a die is picked: the phone picks the cell and the shape with no
    # request (moves.js); the values any road may circle, for the lower-value chips
    walk: dict[str, Any] | None
    # a quick tally saved
    saved: dict[str, Any] | None
    saved_token: str                # what a correction replaces (the policy's question)


def note_text(note: Any) -> str:
    """What just happened, as the player would say it."""
    if note is None:
        return ""
    if note.kind == "hotel":
        text = (ngettext("Hotel on a road of %(num)s cell: circled %(value)s.",
                         "Hotel on a road of %(num)s cells: circled %(value)s.", note.measure,
                         value=note.circled) if note.circled else
                ngettext("Hotel on a road of %(num)s cell: no free value, 0 points.",
                         "Hotel on a road of %(num)s cells: no free value, 0 points.", note.measure))
    elif note.kind == "shop":
        text = (ngettext("Shop on a road with %(num)s house: circled %(value)s.",
                         "Shop on a road with %(num)s houses: circled %(value)s.", note.measure,
                         value=note.circled) if note.circled else
                ngettext("Shop on a road with %(num)s house: no free value, 0 points.",
                         "Shop on a road with %(num)s houses: no free value, 0 points.",
                         note.measure))
        if note.bonus:
            text += " " + gettext("Speed bonus +%(bonus)s is yours!", bonus=note.bonus)
    elif note.kind == "house":
        text = gettext("House crossed.")
    elif note.kind == "tree":
        text = ""
    else:
        text = gettext("Road drawn.")
    if note.tree:
        text = (text + " " + gettext("A tree is crossed.")).strip()
    return text


def cell_arg(value: str | None) -> tuple[int, int] | None:
    match = re.fullmatch(r"([1-5])-([1-5])", value or "")
    return (int(match[1]), int(match[2])) if match else None


def die_arg(value: str | None) -> int | None:
    return small_int(value)


def shape_choices(state: rules.State, player: str, cell: tuple[int, int] | None) -> dict[str, Any]:
    """The six shapes for the chosen cell; on a hotel or shop each with the value it circles,
    and the lower free values a player may circle instead."""
    shapes = []
    lower: set[int] = set()
    for shape in SHAPES:
        choice = rules.circle_choices(state, player, *cell, shape) if cell else None
        values = list(choice.values) if choice else []
        shapes.append({"shape": shape, "path": draw.shape_icon(shape), "words": SHAPE_WORDS[shape],
                       "circles": values[0] if values else (0 if choice else None),
                       "fits": " ".join(map(str, values))})
        lower |= set(values[1:])
    return {"shapes": shapes, "lower": sorted(lower, reverse=True),
            "scoring": bool(cell) and state.sheet.cell(*cell) in ("hotel", "shop")}



def setup_view(state: rules.State) -> dict[str, Any]:
    """The next column's start road: the rolled face and, when the sheet knows it, its shape."""
    column = next((c for c in range(1, 6) if c not in state.start_roads), None)
    face = state.setup_faces.get(column)
    field = next((h for h in state.sheet.houses if h.column == column), None)
    suggested = field.roads[face - 1] if field and field.roads and face else None
    return {"next_column": column, "face": face, "suggested": suggested,
            "suggested_glyph": shape_glyph(suggested), "suggested_words": SHAPE_WORDS.get(suggested),
            "roads_known": all(h.roads for h in state.sheet.houses),
            "faces": sorted(state.setup_faces.items())}


def end_message(state: rules.State, finished: bool) -> str | None:
    """The last round while it is played (once it is over, the turn line says so)."""
    if finished or not state.end_triggered or rules.round_over(state):
        return None
    return gettext("Last round! The game ends after this round.")


def picks_out_of_turn(state: rules.State, player: str | None) -> bool:
    """A die ``player`` picked now would come before an earlier player's pick (the screen asks
    first: :func:`out_of_turn`)."""
    turn = rules.turn(state)
    return turn is not None and turn.doing == rules.PICK and turn.player != player


def out_of_turn(state: rules.State, player: str | None, die: int | None,
                selection: Mapping[str, str], keep: Mapping[str, str],
                host: bool = False) -> tuple[Any, Any]:
    """A die picked before an earlier player's pick: the question the screen asks first (None
    in turn, or once agreed), in the asker's words (the host screen names the player), and the
    agreement the act then carries (``anyway``, the name the platform checks under the table's
    lock; the screen's address keeps that seat's position)."""
    turn = rules.turn(state)
    if (die is None or player is None or turn is None or turn.doing != rules.PICK
            or turn.player == player or not rules.may_act(state, player)):
        return None, {}
    position = str(state.players.index(turn.player))
    if selection.get("anyway") == position:
        return None, {"anyway": turn.player}
    question = (gettext("It is %(turn)s's pick first. Take this die for %(player)s anyway?",
                        turn=turn.player, player=player) if host else
                gettext("It is %(turn)s's pick first. Take this die anyway?", turn=turn.player))
    return {"question": question,
            "yes": {"die": die, "anyway": position, **keep}, "back": dict(keep)}, {}


def screen(state: rules.State, options: Mapping[str, Any], view: str, seat: Any, host: bool,
           selection: Mapping[str, str]) -> Screen:
    """What the Doodle City part of a screen shows, for the acting player (if any)."""
    player = acting_player(state, view, seat, host, selection, rules.turn(state))
    die = die_arg(selection.get("die"))
    cell = cell_arg(selection.get("cell"))
    setup_done = len(state.start_roads) == 5
    complete = state.roll is None or rules.round_complete(state)
    over = rules.round_over(state)
    roller = rules.next_roller(state)
    round_, start_player = rules.round_now(state)
    rolled = state.roll is not None and not rules.roll_due(state)
    # a tap on the host screen keeps the seat it enters for, even once the turn moves on
    keep = {"as": str(state.players.index(player))} if view == "host" and player else {}
    ask, anyway = out_of_turn(state, player, die, selection, keep, host=view == "host")
    agreed = {"anyway": selection["anyway"]} if anyway else {}
    dice = draw.dice(state, player)
    for die_ in dice:
        die_["query"] = {"die": die_["index"], **keep}
    may_act = bool(player) and state.roll is not None and rules.may_act(state, player)
    # in turn, the die is picked in the page too (no request): every cell some legal die reaches
    # is drawn as a choice, the move's choices saying which the picked die reaches; a die picked
    # before an earlier player's pick still asks the server first (its question)
    early = may_act and die is None and not ask and not picks_out_of_turn(state, player)
    board = draw.board(state, player, None if ask else die, cell, every_die=early) \
        if player else None
    for cell_ in board["cells"] if board else []:
        cell_["query"] = {"die": "" if die is None else die,
                          "cell": f"{cell_['row']}-{cell_['column']}", **keep, **agreed}
    selected = board["selected"] if board else None
    walk = ({"choices": rules.choices(state, player),
             "picked": {"die": die, "cell": f"{selected[0]}-{selected[1]}" if selected else None},
             "circle_values": sorted(set(state.sheet.hotel_track) | set(state.sheet.shop_track),
                              reverse=True),
             "road_shapes": " ".join(SHAPES)}
            if may_act and (die is not None or early) and not ask else None)
    return Screen(
        player=player,
        who={"player": player} if view == "host" and player else {},
        physical=options.get("dice") == "physical",
        tally=bool(options.get("tally")),
        setup_done=setup_done,
        setup=setup_view(state),
        setup_shapes=shape_choices(state, player, None)["shapes"],
        roller=roller,
        can_roll=setup_done and complete and not over and not state.finished
        and (view == "host" and host or player == roller),
        complete=complete,
        over=over,
        end_message=end_message(state, state.finished),
        round=round_,
        start_player=start_player,
        rolled=rolled,
        dice=dice,
        blue=state.roll.blue if state.roll else None,
        acted=[p for p in state.players if p in state.acted] if rolled else [],
        waiting=rules.waiting_for(state),
        bonuses=[{"value": t, "holder": state.claimed.get(t)} for t in rules.BONUSES],
        die=die,
        board=board,
        choices=shape_choices(state, player, board["selected"]) if board else None,
        tracks=draw.tracks(state, player) if player else None,
        note=note_text(state.sheets[player].note) if player else "",
        may_act=may_act,
        can_tree=may_act and rules.can_cross_tree(state, player),
        ask=ask,
        anyway=anyway,
        cell_words=gettext("Row %(row)s, column %(column)s: %(kind)s"),   # filled per cell
        walk=walk,
        saved=draw.tally_tracks(state, player) if player in state.tallies else None,
        saved_token=tally_token(state.tallies[player]) if player in state.tallies else "",
    )
