"""Calçada's rules, folded over the table's events (pure).

Calçada rules: every player's board and the shared scoring board, folded over the table's
events. Pure: no Flask, no database.

A district scores the moment its last cell is filled, in table order, because each completion
moves that colour's stone down the shared scoring board and so lowers the next one's
multiplier. Motif groups, unfinished districts and bonus tiles score at the end. Records do not
enforce turn order: once the end is triggered only the players seated after the trigger finish
the round, one turn each (a placement or a pass), but a late entry of a turn that happened is
scored like any other. The turns are declared once (:data:`TURNS`); the platform reckons them
and the screens follow them (``turn``).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from ..base import N_, RuleError, Turn, largest
from ..choices import make as make_choices
from ..core import Handler, dispatch, whole
from ..ranking import rank
from ..turns import Ask, Order, Taken, begin
from ..turns import still_to_play as still
from ..turns import turn as whose
from .board import (SIDES, SIZE, Board, Cell, ScoringRows, default_board, default_rows,
                    load_board, load_rows, neighbours)

GAME = "calcada"
COLOURS = ("yellow", "blue", "red", "green", "white")
MOTIFS = ("tram", "plaza", "kiosk", "bench", "cafe")
BONUS = "bonus"                         # the bonus symbol, printed instead of a motif
KINDS = MOTIFS + (BONUS,)
COPIES = {**{motif: 4 for motif in MOTIFS}, BONUS: 5}    # per colour: 4 × 5 motifs + 5 = 25
START_BONUS_TILES = 2
BONUS_GAIN = 2                          # bonus tiles for placing a bonus-symbol tile
SLIDE_OFF_POINTS = 2
ENDING_SLIDE_OFFS = 2                   # the second stone off the board triggers the end
ANY_CELL_FROM = 6                       # an announced 6 or more fits any empty cell
MAX_ANNOUNCED = 15                      # the carousel holds 15 stones, none ever leaves it
GROUP_POINTS = (0, 0, 1, 3, 5, 8, 11, 14, 18)    # by motif group size; 8 or more: 18
UNFINISHED_TILE_POINTS = 1              # each tile lying in a district not completed
BONUS_TILES_A_POINT = 2                 # unused bonus tiles, at the end, per point


@dataclass(frozen=True)
class Tile:
    colour: str
    motif: str                          # one of MOTIFS, or BONUS


@dataclass(frozen=True)
class Completion:
    """A district completed: named by the placement that filled it, as the result lists it."""

    row: int
    column: int
    colour: str
    tiles: int
    multiplier: int
    points: int                         # tiles × multiplier, +2 when the stone slid off
    slid_off: bool = False


@dataclass(frozen=True)
class PlayerBoard:
    tiles: Mapping[Cell, Tile] = field(default_factory=dict)
    bonus_tiles: int = START_BONUS_TILES
    completions: tuple[Completion, ...] = ()
    tallied: int | None = None          # completion points entered by a quick tally


@dataclass(frozen=True)
class State:
    board: Board
    scoring: ScoringRows
    players: tuple[str, ...]
    boards: Mapping[str, PlayerBoard]
    stones: Mapping[str, int]           # colour -> 0-based scoring row; len(rows) once slid off
    trigger: str | None = None          # who slid the second stone off
    completed: tuple[tuple[str, Completion], ...] = ()     # (player, completion), table order
    tally: bool = False                 # a table that played on paper: boards entered at the end
    turns: Taken = Taken({}, "")        # the turns counted (the platform's, from start on)
    finished: bool = False


# --- options and start ------------------------------------------------------------------------

def options(raw: Mapping[str, Any], players: list[str]) -> dict[str, Any]:
    """The options checked; the board stays in the form given ("8", "9" or inline)."""
    board = raw.get("board", "8")
    if not (isinstance(board, str) and board in SIDES):
        if not isinstance(board, Mapping):
            raise RuleError(N_('The board must be "8", "9" or a board definition.'))
        load_board(board)
    scoring_of(raw, len(players))
    if not isinstance(raw.get("tally", False), bool):
        raise RuleError(N_('The "tally" option must be true or false.'))
    return {**raw, "board": board}


def board_of(opts: Mapping[str, Any]) -> Board:
    board = opts.get("board", "8")
    return default_board(board) if isinstance(board, str) else load_board(board)


def scoring_of(opts: Mapping[str, Any], players: int) -> ScoringRows:
    if "scoring_rows" in opts:
        return load_rows(opts["scoring_rows"])
    defaults = default_rows()
    if players not in defaults:
        raise RuleError(N_("There is no scoring board for %(count)d players; give the scoring "
                           "rows."), count=players)
    return defaults[players]


def start(opts: Mapping[str, Any], players: list[str]) -> State:
    return State(board_of(opts), scoring_of(opts, len(players)), tuple(players),
                 {p: PlayerBoard() for p in players}, {colour: 0 for colour in COLOURS},
                 tally=opts.get("tally") is True, turns=begin(players))


# --- queries for the screens --------------------------------------------------------------------

def stone_row(state: State, colour: str) -> int | None:
    """The 1-based scoring row of the colour's stone; None once it has slid off."""
    row = state.stones[colour]
    return row + 1 if row < len(state.scoring.rows) else None


def multiplier(state: State, colour: str) -> int | None:
    """What completing a district of that colour multiplies by now; None when closed."""
    row = stone_row(state, colour)
    return None if row is None else state.scoring.rows[row - 1]


def closed_colours(state: State) -> list[str]:
    return [colour for colour in COLOURS if stone_row(state, colour) is None]


def district_colour(state: State, player: str, cell: Cell) -> str | None:
    """The colour the district of ``cell`` is committed to on the player's board, if any."""
    tiles = state.boards[player].tiles
    return next((tiles[c].colour for c in state.board.district_cells(cell) if c in tiles), None)


def tiles_left(state: State, colour: str, motif: str) -> int:
    """Tiles of that colour and motif not yet on any board (the box holds COPIES of each)."""
    placed = sum(tile == Tile(colour, motif) for b in state.boards.values()
                 for tile in b.tiles.values())
    return COPIES[motif] - placed


def _seated_after_trigger(state: State) -> tuple[str, ...]:
    return state.players[state.players.index(state.trigger) + 1:]


# Turns go clockwise in seat order, the first seat starting every round; a turn ends with a
# placement or a pass; spending bonus tiles is part of any turn and ends nothing. Once the second
# stone has slid off, the players seated after the trigger play once more. A quick tally keeps no
# turns.
TURNS = Order(
    doing=N_("pick a stone and place a tile"),
    ends={"place": True, "pass": True},
    trigger=lambda state: state.trigger,
    last=_seated_after_trigger,
    over=lambda state: Turn(None, note=N_("The last round is over: the host finishes the game.")),
    kept=lambda state: not state.tally,
    no_turn=lambda state, player: RuleError(
        N_("%(player)s has no turn left: %(trigger)s slid the second stone off the scoring "
           "board, so only the players seated after %(trigger)s play once more."),
        player=player, trigger=state.trigger),
    asks={"place": Ask(N_("%(lead)s Place the %(colour)s tile on row %(row)s, column %(column)s "
                          "anyway?"),
                       N_("%(lead)s Enter %(player)s's %(colour)s tile on row %(row)s, column "
                          "%(column)s anyway?"))})


def still_to_play(state: State) -> tuple[str, ...]:
    """Who may still take a turn: everyone until the end is triggered; then the players seated
    after the trigger who have not yet played (placed or passed), so that everyone gets the same
    number of turns."""
    return tuple(still(TURNS, state))


def turn(state: State) -> Turn | None:
    """Who is to play now (the platform reckons it from :data:`TURNS`)."""
    return whose(TURNS, state)


def game_over(state: State) -> bool:
    """The end is triggered and the round is played out: only final scoring remains."""
    return state.trigger is not None and not still_to_play(state)


def refusal(state: State, event: Mapping[str, Any]) -> RuleError | None:
    """Why ``event`` would be refused now, or None if it is legal."""
    try:
        apply(state, event)
    except RuleError as error:
        return error
    return None


def motifs_left(state: State, colour: str) -> list[str]:
    """The kinds (motifs and the bonus symbol) of that colour still in the supply."""
    return [kind for kind in KINDS if tiles_left(state, colour, kind) > 0]


def cell_refusal(state: State, player: str, cell: Cell, colour: str,
                 number: int | None = None) -> RuleError | None:
    """Why ``player`` may not put a ``colour`` tile on ``cell`` after announcing ``number``,
    or None when some tile of that colour may go there (``legal_cells`` lists those cells)."""
    try:
        _player(state, {"player": player})
        _tile({"colour": colour, "motif": BONUS})
        _announced({"number": number})
        _check_open(state, colour)
        _check_cell(state, player, cell, colour, number)
        if not motifs_left(state, colour):
            raise RuleError(N_("Every %(colour)s tile is on a board already."), colour=colour)
    except RuleError as error:
        return error
    return None


def legal_cells(state: State, player: str, colour: str, number: int | None = None,
                motif: str | None = None) -> list[Cell]:
    """The cells where ``player`` may place a ``colour`` tile after announcing ``number``
    (None: not announced, any number); ``motif`` None: any tile of that colour still left.
    The same checks as ``place``, so a cell offered here is never refused."""
    kinds = KINDS if motif is None else (motif,)
    if (player not in state.boards or colour not in COLOURS or stone_row(state, colour) is None
            or not any(kind in KINDS and tiles_left(state, colour, kind) > 0 for kind in kinds)):
        return []
    try:
        _announced({"number": number})
    except RuleError:
        return []
    return [cell for cell in state.board.cells()
            if _fits(state, player, cell, colour, number)]


def choices(state: State, player: str) -> dict[str, Any]:
    """A placement as the phone picks it: the colour, the announced number, a cell ("row-column")
    and the tile's motif (or the bonus symbol), each offered only where ``place`` accepts it
    (``games.choices``); a cell once placed on is spent."""
    # the cells for a number are the colour's cells for any number that print it (6 or more:
    # all of them), as _check_cell has it: one look at the board per colour
    anywhere = {c: legal_cells(state, player, c) for c in COLOURS}
    colours = [c for c in COLOURS if anywhere[c]]
    cells = {(c, n): [f"{row}-{column}" for row, column in anywhere[c]
                      if n >= ANY_CELL_FROM or state.board.number((row, column)) == n]
             for c in colours for n in range(1, MAX_ANNOUNCED + 1)}
    return make_choices(
        [("colour", ()), ("number", ("colour",)), ("cell", ("colour", "number")),
         ("motif", ("colour",))],
        {"colour": {(): colours},
         "number": {(c,): [n for n in range(1, MAX_ANNOUNCED + 1) if cells[c, n]]
                    for c in colours},
         "cell": cells,
         "motif": {(c,): motifs_left(state, c) for c in colours}},
        spent=("cell",))


def _fits(state: State, player: str, cell: Cell, colour: str, number: int | None) -> bool:
    try:
        _check_cell(state, player, cell, colour, number)
    except RuleError:
        return False
    return True


# --- events -----------------------------------------------------------------------------------

def apply(state: State, event: Mapping[str, Any]) -> State:
    """The state after ``event``; raises RuleError (and changes nothing) if the rules refuse it."""
    return dispatch(HANDLERS, state, event, unknown=N_("Calçada has no %(type)r event."),
                    order=TURNS)


def _end(state: State, event: Mapping[str, Any]) -> State:
    return replace(state, finished=True)


def _player(state: State, event: Mapping[str, Any]) -> str:
    player = event.get("player")
    if not isinstance(player, str) or player not in state.boards:
        raise RuleError(N_("%(player)r is not a player at this table."), player=player)
    return player


def _cell(event: Mapping[str, Any]) -> Cell:
    row, column = event.get("row"), event.get("column")
    if not (whole(row) and whole(column) and 1 <= row <= SIZE and 1 <= column <= SIZE):
        raise RuleError(N_("Row %(row)r, column %(column)r is not on the board: rows and "
                           "columns go from 1 to 5."), row=row, column=column)
    return row, column


def _tile(event: Mapping[str, Any]) -> Tile:
    colour, motif = event.get("colour"), event.get("motif")
    if colour not in COLOURS:
        raise RuleError(N_("%(colour)r is not a colour of Calçada: yellow, blue, red, green or "
                           "white."), colour=colour)
    if motif not in KINDS:
        raise RuleError(N_("%(motif)r is not a motif: tram, plaza, kiosk, bench, cafe, or bonus "
                           "for the bonus symbol."), motif=motif)
    return Tile(colour, motif)


def _announced(event: Mapping[str, Any]) -> int | None:
    number = event.get("number")
    if number is not None and not (whole(number) and 1 <= number <= MAX_ANNOUNCED):
        raise RuleError(N_("The announced number %(number)r is not possible: it counts the "
                           "stones on one carousel space, 1 to 15."), number=number)
    return number


def _check_open(state: State, colour: str) -> None:
    if stone_row(state, colour) is None:
        raise RuleError(N_("The %(colour)s stone has slid off the scoring board: %(colour)s is "
                           "closed, no more %(colour)s tiles can be taken."), colour=colour)


def _check_cell(state: State, player: str, cell: Cell, colour: str, number: int | None) -> None:
    where = {"row": cell[0], "column": cell[1]}
    if cell in state.boards[player].tiles:
        raise RuleError(N_("%(player)s already has a tile at row %(row)d, column %(column)d."),
                        player=player, **where)
    printed = state.board.number(cell)
    if number is not None and number < ANY_CELL_FROM and number != printed:
        raise RuleError(N_("The cell at row %(row)d, column %(column)d prints %(printed)d, not "
                           "the announced %(number)d: a tile goes on a cell printing the "
                           "announced number (6 or more: any cell)."),
                        printed=printed, number=number, **where)
    other = district_colour(state, player, cell)
    if other is not None and other != colour:
        raise RuleError(N_("The district of row %(row)d, column %(column)d already holds "
                           "%(other)s tiles: all tiles of a district share one colour."),
                        other=other, **where)


def _check_supply(state: State, tile: Tile) -> None:
    if tiles_left(state, tile.colour, tile.motif) > 0:
        return
    if tile.motif == BONUS:
        raise RuleError(N_("All %(copies)d %(colour)s tiles with the bonus symbol are already on "
                           "the boards."), copies=COPIES[BONUS], colour=tile.colour)
    raise RuleError(N_("All %(copies)d %(colour)s %(motif)s tiles are already on the boards."),
                    copies=COPIES[tile.motif], colour=tile.colour, motif=tile.motif)


def place(state: State, event: Mapping[str, Any]) -> State:
    player = _player(state, event)
    cell, tile, number = _cell(event), _tile(event), _announced(event)
    _check_open(state, tile.colour)
    _check_cell(state, player, cell, tile.colour, number)
    _check_supply(state, tile)
    return _placed(state, player, cell, tile)


def _placed(state: State, player: str, cell: Cell, tile: Tile) -> State:
    mine = state.boards[player]
    gained = BONUS_GAIN if tile.motif == BONUS else 0
    mine = replace(mine, tiles={**mine.tiles, cell: tile}, bonus_tiles=mine.bonus_tiles + gained)
    state = replace(state, boards={**state.boards, player: mine})
    if all(c in mine.tiles for c in state.board.district_cells(cell)):
        state = _complete(state, player, cell, tile.colour)
    return state


def _complete(state: State, player: str, cell: Cell, colour: str) -> State:
    """Score the district just filled at the colour's current row, then move its stone down."""
    rows = state.scoring.rows
    row = state.stones[colour]
    slid_off = row == len(rows) - 1
    tiles = len(state.board.district_cells(cell))
    points = tiles * rows[row] + (SLIDE_OFF_POINTS if slid_off else 0)
    done = Completion(cell[0], cell[1], colour, tiles, rows[row], points, slid_off)
    mine = state.boards[player]
    mine = replace(mine, completions=mine.completions + (done,))
    state = replace(state, boards={**state.boards, player: mine},
                    stones={**state.stones, colour: row + 1},
                    completed=state.completed + ((player, done),))
    if slid_off and state.trigger is None and len(closed_colours(state)) >= ENDING_SLIDE_OFFS:
        state = replace(state, trigger=player)
    return state


def spend_bonus(state: State, event: Mapping[str, Any]) -> State:
    player = _player(state, event)
    count = event.get("count", 1)
    if not whole(count) or count < 1:
        raise RuleError(N_("The number of bonus tiles to spend must be a whole number, at least "
                           "1; %(count)r is not."), count=count)
    left = state.boards[player].bonus_tiles
    if left == 0:
        raise RuleError(N_("%(player)s has no bonus tiles left to spend."), player=player)
    if count > left:
        raise RuleError(N_("%(player)s wants to spend %(count)d bonus tiles but holds only "
                           "%(left)d."), player=player, count=count, left=left)
    mine = replace(state.boards[player], bonus_tiles=left - count)
    return replace(state, boards={**state.boards, player: mine})


# --- quick tally: a game played on paper, entered at the end -------------------------------------

MAX_TALLY = 999


def _count(event: Mapping[str, Any], key: str, message: str) -> int:
    value = event.get(key, 0)
    if not whole(value) or not 0 <= value <= MAX_TALLY:
        raise RuleError(message, value=value)
    return value


def _tally_tiles(state: State, player: str, entries: Any) -> dict[Cell, Tile]:
    if not isinstance(entries, list):
        raise RuleError(N_('A tally lists its tiles as {"row", "column", "colour", "motif"} '
                           'entries.'))
    tiles: dict[Cell, Tile] = {}
    for entry in entries:
        if not isinstance(entry, Mapping):
            raise RuleError(N_('A tally lists its tiles as {"row", "column", "colour", "motif"} '
                               'entries.'))
        cell, tile = _cell(entry), _tile(entry)
        if cell in tiles:
            raise RuleError(N_("The tally names row %(row)d, column %(column)d twice."),
                            row=cell[0], column=cell[1])
        other = next((tiles[c].colour for c in state.board.district_cells(cell) if c in tiles),
                     None)
        if other is not None and other != tile.colour:
            raise RuleError(N_("The district of row %(row)d, column %(column)d already holds "
                               "%(other)s tiles: all tiles of a district share one colour."),
                            row=cell[0], column=cell[1], other=other)
        tiles[cell] = tile
    return tiles


def tally(state: State, event: Mapping[str, Any]) -> State:
    """A player's final board as it lies on the table, with the completion points they scored
    and their unused bonus tiles; replaces whatever that board held."""
    if not state.tally:
        raise RuleError(N_("A quick tally is only for a table started as one."))
    player = event.get("player")
    if not isinstance(player, str) or player not in state.boards:
        raise RuleError(N_("%(player)r is not a player at this table."), player=player)
    tiles = _tally_tiles(state, player, event.get("tiles", []))
    points = _count(event, "districts", N_("Completion points are a whole number from 0 to "
                                           "999; %(value)r is not."))
    bonus = _count(event, "bonus_tiles", N_("Unused bonus tiles are a whole number from 0 to "
                                            "999; %(value)r is not."))
    others = [t for p, b in state.boards.items() if p != player for t in b.tiles.values()]
    for tile in set(tiles.values()):
        if sum(t == tile for t in [*others, *tiles.values()]) > COPIES[tile.motif]:
            raise RuleError(N_("All %(copies)d %(colour)s %(motif)s tiles are already on the "
                               "boards."), copies=COPIES[tile.motif], colour=tile.colour,
                            motif=tile.motif)
    mine = PlayerBoard(tiles=tiles, bonus_tiles=bonus, tallied=points)
    return replace(state, boards={**state.boards, player: mine})


HANDLERS: dict[str, Handler[State]] = {
    "place": place, "spend_bonus": spend_bonus, "tally": tally, "end": _end}


# --- final scoring ----------------------------------------------------------------------------

def motif_groups(tiles: Mapping[Cell, Tile]) -> list[int]:
    """Sizes of the groups of 2 or more side-by-side tiles showing the same motif, largest
    first (colour and district do not matter; the bonus symbol is no motif)."""
    return [len(group) for group in motif_group_cells(tiles)]


def motif_group_cells(tiles: Mapping[Cell, Tile]) -> list[frozenset[Cell]]:
    """The cells of each motif group of 2 or more, largest first (what the final screen
    outlines)."""
    seen: set[Cell] = set()
    groups = []
    for start, tile in sorted(tiles.items()):
        if start in seen or tile.motif == BONUS:
            continue
        group, todo = {start}, [start]
        while todo:
            for near in neighbours(todo.pop()):
                if near not in group and near in tiles and tiles[near].motif == tile.motif:
                    group.add(near)
                    todo.append(near)
        seen |= group
        groups.append(frozenset(group))
    return sorted((g for g in groups if len(g) >= 2), key=len, reverse=True)


def group_points(size: int) -> int:
    return GROUP_POINTS[min(size, len(GROUP_POINTS) - 1)]


def unfinished_cells(board: Board, tiles: Mapping[Cell, Tile]) -> list[Cell]:
    """Cells holding a tile (bonus symbols included) in a district with an empty cell."""
    return sorted(cell for cell in tiles
                  if not all(c in tiles for c in board.district_cells(cell)))


def unfinished_tiles(board: Board, tiles: Mapping[Cell, Tile]) -> int:
    return len(unfinished_cells(board, tiles))


def score(state: State, player: str) -> dict[str, Any]:
    mine = state.boards[player]
    groups = motif_groups(mine.tiles)
    breakdown = {"districts": sum(c.points for c in mine.completions) + (mine.tallied or 0),
                 "motifs": sum(group_points(size) for size in groups),
                 "unfinished": UNFINISHED_TILE_POINTS * unfinished_tiles(state.board, mine.tiles),
                 "bonus_tiles": mine.bonus_tiles // BONUS_TILES_A_POINT}
    completions = [{"row": c.row, "column": c.column, "colour": c.colour, "tiles": c.tiles,
                    "multiplier": c.multiplier, "points": c.points} for c in mine.completions]
    return {"name": player, "total": sum(breakdown.values()), "breakdown": breakdown,
            "details": {"completions": completions, "bonus_tiles_left": mine.bonus_tiles,
                        "motif_groups": groups}}


def best_district(player: Mapping[str, Any]) -> int | None:
    """A stored result entry's best single district: the most points one completion scored
    (None for a quick tally, which enters the districts' points as one sum)."""
    return largest((player.get("details") or {}).get("completions"), "points")


def result(state: State) -> dict[str, Any]:
    """The contract's result; ties share the rank and the win (the rulebook breaks none)."""
    scored = [score(state, player) for player in state.players]
    ranks = rank([(-p["total"],) for p in scored])
    players = [{"name": p["name"], "total": p["total"], "rank": r, "breakdown": p["breakdown"],
                "details": p["details"]} for p, r in zip(scored, ranks)]
    return {"game": GAME, "finished": state.finished, "end_triggered": state.trigger is not None,
            "players": players, "winners": [p["name"] for p in players if p["rank"] == 1]}
