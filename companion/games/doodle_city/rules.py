"""Doodle City rules: the table's events folded over every player's sheet. Pure: no Flask, no DB.

Hotels and shops score the moment their segment is drawn (the highest free value that fits, or
a lower free one the draw names with ``circle``); taxis and trees at the end. Events
before the first ``roll`` are not tied to dice (tables playing on paper may never roll in the
app); after a roll every player acts once until the next roll.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from ..base import N_, RuleError, Turn, largest
from ..choices import make as make_choices
from ..core import Handler, dispatch, whole
from ..ranking import rank
from ..turns import Ask, Order, Taken, begin
from ..turns import turn as whose
from .sheet import SHAPES, SIZE, Sheet, default_sheet, load_sheet, shape as shape_name

# a refused "circle", as whole sentences per cell type so that each translates as a whole
CIRCLE_NONE = {
    "hotel": N_("No free hotel value fits a road of %(measure)d, so %(circle)s cannot be circled."),
    "shop": N_("No free shop value fits %(measure)d crossed houses, so %(circle)s cannot be "
               "circled."),
}
CIRCLE_OTHER = {
    "hotel": N_("A road of %(measure)d lets this hotel circle %(allowed)s, not %(circle)s."),
    "shop": N_("%(measure)d crossed houses let this shop circle %(allowed)s, not %(circle)s."),
}
BONUSES = (10, 7, 5, 3)             # shop speed bonuses, highest first: each claimed once per table
VARIANTS = ("standard", "more-control")
DICE_SOURCES = ("app", "physical")
MAX_PLAYERS = 6
BLUE_DICE = 1                       # one blue die a round: the column
ANY = 6                             # a die showing 6 lets the player choose (a white 6: a tree too)
SOLO_WHITE_DICE = 3                 # a solo game rolls three white dice; else one per player + 1
TAXI_POINTS = TREE_POINTS = 4
# side -> (row step, column step, the neighbour's side facing back)
STEPS = {"N": (-1, 0, "S"), "E": (0, 1, "W"), "S": (1, 0, "N"), "W": (0, -1, "E")}
TITLES = ((120, "World power"), (105, "President"), (90, "Mayor"), (70, "Entrepreneur"),
          (50, "Landlord"), (30, "Tenant"))
LOWEST_TITLE = "Try again"
HOTEL_MAGNATE, CAPITALIST, SHOPPING_SPREE = 42, 74, 16

Cell = tuple[int, int]
# what a turn asks (the Turn's ``doing``)
ROLL, PICK = N_("roll the dice"), N_("pick a die")


@dataclass(frozen=True)
class Note:
    """What the player's latest act did, for a line such as "Hotel on a road of 6: circled 5".
    ``kind`` is the cell type drawn on ("hotel", "shop", "taxi"), "house" or "tree"; "road" is
    kept for a drawn cell of no scoring type, which the current sheets do not have."""

    kind: str
    row: int | None
    column: int | None
    measure: int | None = None      # road length (hotel) or crossed houses on the road (shop)
    circled: int | None = None      # value circled, 0 when nothing free was low enough
    bonus: int | None = None        # speed bonus claimed with this shop
    tree: bool = False              # a tree was crossed with this act


@dataclass(frozen=True)
class PlayerSheet:
    roads: Mapping[Cell, str] = field(default_factory=dict)
    crosses: Mapping[Cell, int] = field(default_factory=dict)
    hotels: tuple[int, ...] = ()
    shops: tuple[int, ...] = ()
    bonuses: tuple[int, ...] = ()
    trees: int = 0
    best_shop_houses: int = 0       # highest house count any drawn shop saw (solo achievement)
    note: Note | None = None


@dataclass(frozen=True)
class Roll:
    blue: int
    white: tuple[int, ...]


@dataclass(frozen=True)
class State:
    sheet: Sheet
    players: tuple[str, ...]
    variant: str
    start_roads: Mapping[int, str]          # column -> shape, the same on every sheet
    sheets: Mapping[str, PlayerSheet]
    claimed: Mapping[int, str]              # bonus threshold -> who claimed it
    round: int = 0
    roll: Roll | None = None
    taken: Mapping[int, str] = field(default_factory=dict)   # white die index -> player
    acted: frozenset[str] = frozenset()
    end_triggered: bool = False
    finished: bool = False
    tally: bool = False                     # a quick tally of paper sheets, no play
    setup_faces: Mapping[int, int] = field(default_factory=dict)   # column -> blue die rolled
    tallies: Mapping[str, "Tally"] = field(default_factory=dict)
    turns: Taken = Taken({}, "")        # the turns counted (the platform's, from start on)


# --- options and start ------------------------------------------------------------------------

def options(raw: Mapping[str, Any], players: list[str]) -> dict[str, Any]:
    """The options checked; the sheet stays in the form given ("default" or inline)."""
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise RuleError(N_("Doodle City is played by 1 to %(max)d players."), max=MAX_PLAYERS)
    variant = raw.get("variant", "standard")
    if variant not in VARIANTS:
        raise RuleError(N_('The variant must be "standard" or "more-control".'))
    sheet = raw.get("sheet", "default")
    if sheet != "default":
        if not isinstance(sheet, Mapping):
            raise RuleError(N_('The sheet must be "default" or a sheet definition.'))
        load_sheet(sheet)
    if "dice" in raw and raw["dice"] not in DICE_SOURCES:
        raise RuleError(N_('The dice option must be "app" or "physical".'))
    if "tally" in raw and not isinstance(raw["tally"], bool):
        raise RuleError(N_("The tally option must be true or false."))
    return {**raw, "variant": variant, "sheet": sheet}


def sheet_of(opts: Mapping[str, Any]) -> Sheet:
    sheet = opts.get("sheet", "default")
    return default_sheet() if sheet == "default" else load_sheet(sheet)


def start(opts: Mapping[str, Any], players: list[str]) -> State:
    return State(sheet_of(opts), tuple(players), opts.get("variant", "standard"), {},
                 {p: PlayerSheet() for p in players}, {}, tally=bool(opts.get("tally")),
                 turns=begin(players))


# --- queries for the screens --------------------------------------------------------------------

def start_player(state: State) -> str:
    return state.players[(state.round - 1) % len(state.players)] if state.round else state.players[0]


def next_roller(state: State) -> str:
    """Who rolls the next round's dice: the start player passes clockwise each round."""
    return state.players[state.round % len(state.players)]


def roll_due(state: State) -> bool:
    """The next round's roll is what the table waits for: the start roads are drawn and no dice
    are rolled yet, or everyone has acted on the last roll (and that was not the last round)."""
    return (_ready(state) and not state.finished and not round_over(state)
            and (state.roll is None or round_complete(state)))


def round_now(state: State) -> tuple[int, str]:
    """The round the turn belongs to and its start player, as the screens name them: while a
    roll is due, the round that roll opens and the player who rolls it; else the round rolled
    last (0 during the setup, which belongs to no round)."""
    if roll_due(state):
        return state.round + 1, next_roller(state)
    return state.round, start_player(state)


def dice_count(state: State) -> int:
    return white_dice(len(state.players))


def white_dice(count: int) -> int:
    """White dice rolled each round at a table of ``count`` players."""
    return SOLO_WHITE_DICE if count == 1 else count + 1


def may_act(state: State, player: str) -> bool:
    return state.roll is None or player not in state.acted


def round_complete(state: State) -> bool:
    return state.roll is not None and all(p in state.acted for p in state.players)


def targets(state: State, player: str, die: int | None) -> list[Cell]:
    """Cells where ``player`` can act with that untaken white die (every cell when None)."""
    if not _ready(state) or state.finished or player not in state.sheets or not may_act(state, player):
        return []
    rows = columns = range(1, SIZE + 1)
    if die is not None:
        roll = state.roll
        if roll is None or not whole(die) or not 0 <= die < len(roll.white) or die in state.taken:
            return []
        rows = rows if roll.white[die] == ANY else [roll.white[die]]
        columns = columns if roll.blue == ANY else [roll.blue]
    return [(r, c) for r in rows for c in columns if _can_act(state, player, r, c)]


def legal_dice(state: State, player: str) -> list[int]:
    if state.roll is None:
        return []
    return [i for i in range(len(state.roll.white)) if targets(state, player, i)]


def can_cross_tree(state: State, player: str) -> bool:
    if not _ready(state) or state.finished or player not in state.sheets or not may_act(state, player):
        return False
    return state.roll is None or state.variant == "more-control" or not legal_dice(state, player)


def choices(state: State, player: str) -> dict[str, Any]:
    """A road or a house after a roll as the phone picks it: the white die (its index, the act's
    ``die``), a cell ("row-column") it points at and the shape drawn there, or "house" on a
    house field (the ``house`` act instead of ``draw``); each offered only where those acts
    accept it (``games.choices``). A road on a hotel or a shop carries the extra ``circle``
    (by cell and shape): the value it circles when the draw names none first (0 when no free
    value fits), then the lower free values the draw may name instead. The die drawn with and
    the cell drawn on are spent. The tree is a one-tap act of its own; nothing before a roll."""
    cells = {die: targets(state, player, die) for die in legal_dice(state, player)}
    reached = sorted({cell for found in cells.values() for cell in found})
    return make_choices(
        [("die", ()), ("cell", ("die",)), ("shape", ("die", "cell"))],
        {"die": {(): list(cells)},
         "cell": {(die,): [f"{r}-{c}" for r, c in found] for die, found in cells.items()},
         "shape": {(die, f"{r}-{c}"): _shapes(state, r, c)
                   for die, found in cells.items() for r, c in found},
         "circle": {(f"{r}-{c}", shape): list(circle.values) or [0]
                    for r, c in reached if state.sheet.cell(r, c) in ("hotel", "shop")
                    for shape in SHAPES
                    for circle in [circle_choices(state, player, r, c, shape)]}},
        extras=[("circle", ("cell", "shape"))], spent=("die", "cell"))


def _shapes(state: State, row: int, column: int) -> list[str]:
    """What a cell takes: a cross on a house field, else any road shape."""
    return ["house"] if state.sheet.house_at(row, column) is not None else list(SHAPES)


@dataclass(frozen=True)
class Circle:
    """What drawing a shape on a hotel or shop would measure, and the values it may circle."""
    kind: str
    measure: int                    # road length (hotel) or crossed houses on the road (shop)
    values: tuple[int, ...]         # free values the measure reaches, the default (highest) first


def circle_choices(state: State, player: str, row: int, column: int, segment: str) -> Circle | None:
    """The choice a draw of ``segment`` there would offer; None on a cell that circles nothing."""
    kind = state.sheet.cell(row, column)
    if kind not in ("hotel", "shop"):
        return None
    mine = state.sheets[player]
    road = _component(_segments(state, {**mine.roads, (row, column): segment}), (row, column))
    if kind == "hotel":
        return Circle(kind, len(road), tuple(_fitting(state.sheet.hotel_track, mine.hotels, len(road))))
    houses = _houses_on(state, mine.crosses, road)
    return Circle(kind, houses, tuple(_fitting(state.sheet.shop_track, mine.shops, houses)))


def round_over(state: State) -> bool:
    """The end was triggered and that round has been played out: only Finish is left."""
    return state.end_triggered and round_complete(state)


def waiting_for(state: State) -> list[str]:
    """Players who have not acted yet in this round (seat order)."""
    if state.roll is None:
        return []
    return [p for p in state.players if p not in state.acted]


def _instead(state: State) -> Turn | None:
    """What happens instead of a turn: the setup, the end, a solo game."""
    if not _ready(state):
        return Turn(None, note=N_("The host screen sets up the start roads."))
    if round_over(state):
        return Turn(None, note=N_("The last round is over: the host screen finishes the game."))
    if len(state.players) == 1:
        return Turn(None, note=N_("A solo game: you roll the dice and take a white die every "
                                  "round."))
    return None


# Each round its start player rolls (the start player passes clockwise each round), then from
# the start player clockwise every player takes one white die (a road or a house drawn with it,
# or a tree crossed instead): that is the player's turn. A quick tally keeps no turns.
TURNS = Order(
    doing=PICK,
    ends={"draw": True, "house": True, "tree": True},
    opens=frozenset({"roll"}),
    opening=ROLL,
    opener=lambda state: (next_roller(state) if state.roll is None or round_complete(state)
                          else None),
    first=start_player,
    idle=_instead,
    kept=lambda state: not state.tally,
    asks={"draw": Ask(N_("%(lead)s Take this die anyway?"),
                      N_("%(lead)s Take this die for %(player)s anyway?"),
                      yes=N_("Take it anyway")),
          "house": Ask(N_("%(lead)s Take this die anyway?"),
                       N_("%(lead)s Take this die for %(player)s anyway?"),
                       yes=N_("Take it anyway")),
          "tree": Ask(N_("%(lead)s Cross a tree anyway?"),
                      N_("%(lead)s Cross a tree for %(player)s anyway?"),
                      yes=N_("Cross it anyway"))})


def turn(state: State) -> Turn | None:
    """Who is to act now: before a round's roll its start player rolls; after the roll the first
    player from the start player clockwise who has not acted yet picks a die (a tree counts as
    the act). During setup, in a solo game and once the last round is over, what is happening
    instead; a quick tally keeps no turns (the platform reckons it from :data:`TURNS`)."""
    return whose(TURNS, state)


def untallied(state: State) -> list[str]:
    """At a quick tally table: players whose paper sheet is not entered yet."""
    return [p for p in state.players if p not in state.tallies] if state.tally else []


def shape_at(state: State, player: str, row: int, column: int) -> str | None:
    return _segments(state, state.sheets[player].roads).get((row, column))


def road_cells(state: State, player: str, row: int, column: int) -> set[Cell]:
    """The road through that cell (empty when the cell holds no segment)."""
    return _component(_segments(state, state.sheets[player].roads), (row, column))


# --- roads ------------------------------------------------------------------------------------

def _segments(state: State, roads: Mapping[Cell, str]) -> dict[Cell, str]:
    """Every segment of a sheet: the start roads in the house fields plus the drawn ones."""
    start_roads = {(h.row, h.column): state.start_roads[h.column]
                   for h in state.sheet.houses if h.column in state.start_roads}
    return {**start_roads, **roads}


def _component(segments: Mapping[Cell, str], cell: Cell) -> set[Cell]:
    if cell not in segments:
        return set()
    seen, todo = {cell}, [cell]
    while todo:
        row, column = todo.pop()
        for side in segments[(row, column)]:
            dr, dc, back = STEPS[side]
            other = (row + dr, column + dc)
            if other not in seen and back in segments.get(other, ""):
                seen.add(other)
                todo.append(other)
    return seen


def _houses_on(state: State, crosses: Mapping[Cell, int], road: set[Cell]) -> int:
    return sum(h.crossed + crosses.get((h.row, h.column), 0)
               for h in state.sheet.houses if (h.row, h.column) in road)


def _fitting(track: tuple[int, ...], circled: tuple[int, ...], measure: int) -> list[int]:
    """The values not yet circled that the measure reaches, highest (the default) first."""
    return sorted((v for v in track if v <= measure and v not in circled), reverse=True)


# --- events -----------------------------------------------------------------------------------

def apply(state: State, event: Mapping[str, Any]) -> State:
    """The state after ``event``; raises RuleError (and changes nothing) if the rules refuse it."""
    return dispatch(HANDLERS, state, event, unknown=N_("Doodle City has no %(type)r event."),
                    before=_open, order=TURNS)


def _open(state: State, kind: str) -> None:
    """Nothing once the game is finished; a tally table takes tallies (and the end) only."""
    if state.finished:
        raise RuleError(N_("The game is finished; nothing more can be entered."))
    if state.tally != (kind == "tally") and kind != "end":
        raise RuleError(N_("This table adds up paper sheets: enter each player's final sheet.")
                        if state.tally else N_("A quick tally is only for a table started as one."))


def _start_road(state: State, event: Mapping[str, Any]) -> State:
    column = event.get("column")
    if not whole(column) or not 1 <= column <= SIZE:
        raise RuleError(N_("A start road's column must be 1 to 5."))
    if state.round or any(s.note for s in state.sheets.values()):
        raise RuleError(N_("Start roads are drawn during setup, before anyone plays."))
    if column in state.start_roads:
        raise RuleError(N_("Column %(column)d already has its start road (%(shape)s)."),
                        column=column, shape=state.start_roads[column])
    face = event.get("face")
    if face is not None and not _face(face):
        raise RuleError(N_("The blue die for a start road shows 1 to 6."))
    return replace(state, start_roads={**state.start_roads, column: shape_name(event.get("shape"))})


def _roll(state: State, event: Mapping[str, Any]) -> State:
    if not _ready(state):
        raise RuleError(N_("Draw the five start roads before the first roll."))
    blue, white, count = event.get("blue"), event.get("white"), dice_count(state)
    if not _face(blue):
        raise RuleError(N_("The blue die must show 1 to 6."))
    if not isinstance(white, list) or len(white) != count or not all(_face(w) for w in white):
        raise RuleError(N_("Roll %(count)d white dice, each showing 1 to 6."), count=count)
    return replace(state, round=state.round + 1, roll=Roll(blue, tuple(white)), taken={},
                   acted=frozenset())


def _draw(state: State, event: Mapping[str, Any]) -> State:
    player = _player(state, event)
    row, column = _cell(event)
    where = {"row": row, "column": column}
    kind = state.sheet.cell(row, column)
    if kind == "house":
        raise RuleError(N_("Row %(row)d, column %(column)d is a house field: it takes a cross, "
                           "not a road."), **where)
    mine = state.sheets[player]
    if (row, column) in mine.roads:
        raise RuleError(N_("Row %(row)d, column %(column)d already has a road."), **where)
    segment = shape_name(event.get("shape"))
    circle = event.get("circle")
    if circle is not None and kind not in ("hotel", "shop"):
        raise RuleError(N_("Only a hotel or a shop circles a value; row %(row)d, column %(column)d "
                           "is a %(kind)s."), kind=kind, **where)
    die = _die(state, event, row, column)
    mine = replace(mine, roads={**mine.roads, (row, column): segment})
    road = _component(_segments(state, mine.roads), (row, column))
    note, claimed = Note(kind, row, column), state.claimed
    if kind == "hotel":
        mine, note = _score_hotel(state, mine, note, road, circle)
    elif kind == "shop":
        mine, note = _score_shop(state, mine, note, road, circle)
        if note.bonus:
            claimed = {**claimed, note.bonus: player}
    return _acted(replace(state, claimed=claimed), player, mine, note, die)


def _chosen(kind: str, fitting: list[int], measure: int, circle: Any) -> int:
    """The value circled: the highest that fits unless the player chose a lower free one."""
    if circle is None:
        return fitting[0] if fitting else 0
    if whole(circle) and circle in fitting:
        return circle
    words = {"circle": circle, "measure": measure, "kind": kind}
    if not fitting:
        raise RuleError(CIRCLE_NONE[kind], **words)
    raise RuleError(CIRCLE_OTHER[kind], allowed=", ".join(map(str, fitting)), **words)


def _score_hotel(state: State, mine: PlayerSheet, note: Note, road: set[Cell],
                 circle: Any = None) -> tuple[PlayerSheet, Note]:
    fitting = _fitting(state.sheet.hotel_track, mine.hotels, len(road))
    value = _chosen("hotel", fitting, len(road), circle)
    return (replace(mine, hotels=mine.hotels + ((value,) if value else ())),
            replace(note, measure=len(road), circled=value))


def _score_shop(state: State, mine: PlayerSheet, note: Note, road: set[Cell],
                circle: Any = None) -> tuple[PlayerSheet, Note]:
    houses = _houses_on(state, mine.crosses, road)
    value = _chosen("shop", _fitting(state.sheet.shop_track, mine.shops, houses), houses, circle)
    # the bonus threshold is compared with the value circled (the rulebooks: "points for a shop")
    bonus = next((t for t in BONUSES if t <= value and t not in state.claimed), None) if value else None
    mine = replace(mine, shops=mine.shops + ((value,) if value else ()),
                   bonuses=mine.bonuses + ((bonus,) if bonus else ()),
                   best_shop_houses=max(mine.best_shop_houses, houses))
    return mine, replace(note, measure=houses, circled=value, bonus=bonus)


def _house(state: State, event: Mapping[str, Any]) -> State:
    player = _player(state, event)
    row, column = _cell(event)
    where = {"row": row, "column": column}
    house = state.sheet.house_at(row, column)
    if house is None:
        raise RuleError(N_("Row %(row)d, column %(column)d is not a house field: draw a road "
                           "there instead."), **where)
    mine = state.sheets[player]
    crossed = mine.crosses.get((row, column), 0)
    if crossed >= house.free:
        raise RuleError(N_("The house field at row %(row)d, column %(column)d has no free house "
                           "left."), **where)
    die = _die(state, event, row, column)
    mine = replace(mine, crosses={**mine.crosses, (row, column): crossed + 1})
    return _acted(state, player, mine, Note("house", row, column), die)


def _tree(state: State, event: Mapping[str, Any]) -> State:
    """Cross a tree instead of taking a die. With every tree already crossed it is still a
    legal pass, it just crosses nothing more."""
    player = _player(state, event)
    if state.roll is not None and state.variant == "standard":
        dice = legal_dice(state, player)
        if dice:
            raise RuleError(N_("%(player)s can still act with a white die (%(dice)s); a tree is "
                               "crossed only when no die fits."), player=player,
                            dice=", ".join(str(state.roll.white[i]) for i in dice))
    return _acted(state, player, state.sheets[player], Note("tree", None, None), None, tree=True)


def _end(state: State, event: Mapping[str, Any]) -> State:
    return replace(state, finished=True)


def _pass(state: State, event: Mapping[str, Any]) -> State:
    """The contract's pass: Doodle City's own record never needs one (a turn with no usable
    die crosses a tree), so it changes nothing; only its player is checked."""
    player = event.get("player")
    if not isinstance(player, str) or player not in state.sheets:
        raise RuleError(N_("%(player)r is not a player at this table."), player=player)
    return state




# --- checks and bookkeeping shared by the acts ------------------------------------------------------

def _face(value: Any) -> bool:
    return whole(value) and 1 <= value <= 6


def _ready(state: State) -> bool:
    return len(state.start_roads) == SIZE


def _can_act(state: State, player: str, row: int, column: int) -> bool:
    mine = state.sheets[player]
    house = state.sheet.house_at(row, column)
    if house is not None:
        return mine.crosses.get((row, column), 0) < house.free
    return (row, column) not in mine.roads


def _player(state: State, event: Mapping[str, Any]) -> str:
    """The acting player, checked: known, setup done, and not yet acted this round."""
    player = event.get("player")
    if not isinstance(player, str) or player not in state.sheets:
        raise RuleError(N_("%(player)r is not a player at this table."), player=player)
    if not _ready(state):
        raise RuleError(N_("Draw the five start roads before anyone plays."))
    if not may_act(state, player):
        raise RuleError(N_("%(player)s has already acted this round; wait for the next roll."),
                        player=player)
    return player


def _cell(event: Mapping[str, Any]) -> Cell:
    row, column = event.get("row"), event.get("column")
    if not (whole(row) and whole(column) and 1 <= row <= SIZE and 1 <= column <= SIZE):
        raise RuleError(N_("Row and column must be whole numbers from 1 to 5."))
    return row, column


def _die(state: State, event: Mapping[str, Any], row: int, column: int) -> int | None:
    """The white die the act takes, checked against the roll; None when it names none."""
    die = event.get("die")
    if die is None:
        return None
    if state.roll is None:
        raise RuleError(N_("No dice have been rolled yet, so no die can be taken."))
    if not whole(die):
        raise RuleError(N_("A die is named by its position in this roll's white dice: 0 for the "
                           "first, 1 for the second, and so on."))
    if not 0 <= die < len(state.roll.white):
        raise RuleError(N_("This roll has no white die number %(number)d."), number=die + 1)
    white, blue = state.roll.white[die], state.roll.blue
    if die in state.taken:
        raise RuleError(N_("%(holder)s already took that white die (%(white)d) this round."),
                        holder=state.taken[die], white=white)
    if white != ANY and row != white:
        raise RuleError(N_("That white die shows %(white)d: it gives row %(white)d."), white=white)
    if blue != ANY and column != blue:
        raise RuleError(N_("The blue die shows %(blue)d: everyone acts in column %(blue)d."),
                        blue=blue)
    return die


def _acted(state: State, player: str, mine: PlayerSheet, note: Note, die: int | None,
           tree: bool = False) -> State:
    """Record the act: a white 6 (or a tree act) crosses a tree, the die is taken, the player
    has acted this round, and the end is triggered by a top value or the last tree."""
    tree = tree or (die is not None and state.roll.white[die] == ANY)
    trees = min(mine.trees + int(tree), state.sheet.trees)
    crossed = trees > mine.trees
    mine = replace(mine, trees=trees, note=replace(note, tree=crossed))
    top = ((note.kind == "hotel" and note.circled == state.sheet.hotel_track[-1])
           or (note.kind == "shop" and note.circled == state.sheet.shop_track[-1])
           or (crossed and trees == state.sheet.trees))
    rolled = state.roll is not None
    return replace(state, sheets={**state.sheets, player: mine},
                   taken={**state.taken, die: player} if die is not None else state.taken,
                   acted=state.acted | {player} if rolled else state.acted,
                   end_triggered=state.end_triggered or top)


# --- scoring --------------------------------------------------------------------------------

def tree_points(crossed: list[int]) -> list[int]:
    """Most trees -4, fewest +4, every tied player alike; all tied (or solo): 0."""
    if len(crossed) < 2 or max(crossed) == min(crossed):
        return [0] * len(crossed)
    most, fewest = max(crossed), min(crossed)
    return [-TREE_POINTS if t == most else TREE_POINTS if t == fewest else 0 for t in crossed]


def solo_title(total: int) -> str:
    return next((title for floor, title in TITLES if total >= floor), LOWEST_TITLE)


def _connected_taxis(state: State, player: str) -> int:
    """Drawn taxis whose road holds at least one other taxi (4 points each)."""
    segments = _segments(state, state.sheets[player].roads)
    taxis = {cell for cell in segments if state.sheet.cell(*cell) == "taxi"}
    return sum(bool(_component(segments, cell) & (taxis - {cell})) for cell in taxis)


def _as_tally(state: State, player: str) -> "Tally":
    """A sheet played in the app, summed up as a paper sheet would be."""
    mine = state.sheets[player]
    return Tally(mine.hotels, mine.shops, mine.bonuses, _connected_taxis(state, player), mine.trees)


def _achievements(state: State, player: str, breakdown: Mapping[str, int]) -> list[str]:
    tally = state.tallies.get(player)
    mine = state.sheets[player]
    goals = {
        "Environmentalist": (tally or mine).trees == 0,
        "Hotel magnate": breakdown["hotels"] >= HOTEL_MAGNATE,
        "Capitalist": breakdown["shops"] + breakdown["shop_bonuses"] >= CAPITALIST,
    }
    if tally is None:       # a paper tally does not tell the roads or the houses per shop
        segments = _segments(state, mine.roads)
        goals["City planner"] = len(_component(segments, (1, 1))) == SIZE * SIZE
        goals["Shopping spree"] = mine.best_shop_houses >= SHOPPING_SPREE
    order = ("Environmentalist", "City planner", "Hotel magnate", "Capitalist", "Shopping spree")
    return [name for name in order if goals.get(name)]


def result(state: State) -> dict[str, Any]:
    """The contract's result, scoring the sheets as if the game ended now."""
    solo = len(state.players) == 1
    sheets = {p: state.tallies.get(p) or _as_tally(state, p) for p in state.players}
    # at a quick tally, a sheet not entered yet neither gets nor causes a tree adjustment
    counted = [p for p in state.players if not state.tally or p in state.tallies]
    adjustment = dict(zip(counted, tree_points([sheets[p].trees for p in counted])))
    players = []
    for name in state.players:
        trees = adjustment.get(name, 0)
        mine = sheets[name]
        breakdown = {"hotels": sum(mine.hotels), "shops": sum(mine.shops),
                     "shop_bonuses": sum(mine.bonuses), "taxis": TAXI_POINTS * mine.taxis,
                     "trees": trees}
        total = sum(breakdown.values())
        details: dict[str, Any] = {"hotel_circled": list(mine.hotels),
                                   "shop_circled": list(mine.shops),
                                   "bonuses": list(mine.bonuses), "trees_crossed": mine.trees}
        if solo:
            details |= {"title": solo_title(total),
                        "achievements": _achievements(state, name, breakdown)}
        players.append({"name": name, "total": total, "rank": 0, "breakdown": breakdown,
                        "details": details})
    ranks = rank([(-p["total"], p["details"]["trees_crossed"]) for p in players])
    for player, place in zip(players, ranks):
        player["rank"] = place
    return {"game": "doodle-city", "finished": state.finished,
            "end_triggered": state.end_triggered, "players": players,
            "winners": [p["name"] for p in players if p["rank"] == 1]}


def best_hotel(player: Mapping[str, Any]) -> int | None:
    """A stored result entry's best single hotel: the highest value circled for one hotel."""
    return largest((player.get("details") or {}).get("hotel_circled"))


# --- extensions of the record: the setup roll and the quick tally -------------------------------

@dataclass(frozen=True)
class Tally:
    """A paper sheet's final state, entered instead of playing the game in the app."""
    hotels: tuple[int, ...]
    shops: tuple[int, ...]
    bonuses: tuple[int, ...]
    taxis: int          # taxi cells on a road with another taxi
    trees: int


def _setup_roll(state: State, event: Mapping[str, Any]) -> State:
    """The blue die rolled for each column's start road (the shapes follow as start_road)."""
    faces = event.get("blue")
    if state.round or state.start_roads or state.setup_faces:
        raise RuleError(N_("The start roads' dice are rolled once, before the start roads."))
    if not isinstance(faces, list) or len(faces) != SIZE or not all(_face(f) for f in faces):
        raise RuleError(N_("Roll the blue die once for each of the 5 columns."))
    return replace(state, setup_faces={column: face for column, face in enumerate(faces, 1)})


def _values(event: Mapping[str, Any], key: str, allowed: tuple[int, ...], message: str) -> tuple[int, ...]:
    values = event.get(key, [])
    if not isinstance(values, list) or not all(whole(v) and v in allowed for v in values) \
            or len(set(values)) != len(values):
        raise RuleError(message, values=", ".join(map(str, values)) if isinstance(values, list)
                        else values, allowed=", ".join(map(str, allowed)))
    return tuple(values)


def tally_problems(state: State, event: Mapping[str, Any]) -> dict[str, RuleError]:
    """Every field of a tally the sheet cannot have, by field name (a form shows them all)."""
    problems: dict[str, RuleError] = {}
    player = event.get("player")
    if not isinstance(player, str) or player not in state.sheets:
        return {"player": RuleError(N_("%(player)r is not a player at this table."), player=player)}
    checks = (("hotels", state.sheet.hotel_track, N_(
        "Circled hotel values %(values)s: each must be on the hotel track (%(allowed)s), once.")),
        ("shops", state.sheet.shop_track, N_(
            "Circled shop values %(values)s: each must be on the shop track (%(allowed)s), once.")),
        ("bonuses", tuple(sorted(BONUSES)), N_(
            "Speed bonuses %(values)s: each must be one of %(allowed)s, once.")))
    for key, allowed, message in checks:
        try:
            _values(event, key, allowed, message)
        except RuleError as error:
            problems[key] = error
    bonuses = event.get("bonuses") if "bonuses" not in problems else []
    for bonus in bonuses or []:
        holder = next((p for p, t in state.tallies.items() if p != player and bonus in t.bonuses), None)
        if holder:
            problems["bonuses"] = RuleError(N_("%(player)s already has the +%(bonus)d speed bonus."),
                                            player=holder, bonus=bonus)
    taxis, trees = event.get("taxis"), event.get("trees")
    taxi_cells = sum(row.count("taxi") for row in state.sheet.grid)
    if not whole(taxis) or not 0 <= taxis <= taxi_cells or taxis == 1:
        problems["taxis"] = RuleError(N_("Connected taxis: 0, or 2 to %(max)d (a taxi counts with "
                                         "another on its road)."), max=taxi_cells)
    if not whole(trees) or not 0 <= trees <= state.sheet.trees:
        problems["trees"] = RuleError(N_("Crossed trees: 0 to %(max)d."), max=state.sheet.trees)
    return problems


def tally_total(state: State, player: str) -> int:
    """A saved tally's points before the tree adjustment (which depends on the others)."""
    tally = state.tallies[player]
    return sum(tally.hotels) + sum(tally.shops) + sum(tally.bonuses) + TAXI_POINTS * tally.taxis


def _tally(state: State, event: Mapping[str, Any]) -> State:
    """A player's final sheet from paper; a later tally replaces the earlier one."""
    problems = tally_problems(state, event)
    if problems:
        raise next(iter(problems.values()))
    tally = Tally(*(tuple(event.get(k, [])) for k in ("hotels", "shops", "bonuses")),
                  event["taxis"], event["trees"])
    return replace(state, tallies={**state.tallies, event["player"]: tally})


HANDLERS: dict[str, Handler[State]] = {
    "start_road": _start_road, "roll": _roll, "draw": _draw, "house": _house, "tree": _tree,
    "pass": _pass, "end": _end, "setup_roll": _setup_roll, "tally": _tally}
