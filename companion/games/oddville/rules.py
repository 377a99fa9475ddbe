"""OddVille rules: one city shared by the table, folded from its events. Pure: no Flask, no DB.

The Main Square sits at row 0, column 0 and marks the top row; rows grow downward, columns may be
negative. Each player has 9 figures: in their supply, on the resource board, on a building card
they own or on the Main Square. Whoever first has a 6th figure in the city triggers the end.
Cards score at the end by their VP rule, counting cards of every owner.

Options (every one optional): ``end`` chooses when the game ends after the 6th worker:
``"base"`` (the trigger finishes that turn, nobody else plays), ``"complete-round"`` (appendix
variant 1: play goes on until the last seat, who holds the *End of the game* card, has played)
or ``"last-turn"`` (variant 2: every other player takes one last turn). The record has no turns,
so the variant only tells the live screens who still plays; it never refuses an event.
``tally``: true for a game played on paper and entered afterwards (quick tally); the order of
entry means nothing there, so the trigger is named with a ``trigger`` event instead of detected.

Turns go clockwise from the first seat, one action each (:data:`TURNS`, reckoned by the
platform): a ``build``, a ``pass`` (a worker card played for coins or a building card, nothing
the record scores) or a resource taken (a ``resource_workers`` one higher than before). A worker
on the Main Square is placed during one's own turn (the Traveller: "at any time in your turn")
and does not end it; a ``build`` marked ``builder`` is the Builder's power, a build during
another player's turn, and is no turn of its own; workers taken off the resource board end
nothing. The record stays free of turn order: ``turn`` only tells the screens who is to play.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import product
from typing import Any, Mapping

from ...errors import cut
from ..base import N_, RuleError, Turn, largest
from ..choices import make as make_choices
from ..core import Handler, clockwise, dispatch, whole
from ..ranking import rank
from ..turns import Ask, Order, Taken, begin
from ..turns import still_to_play as still
from ..turns import turn as whose

Cell = tuple[int, int]

SQUARE: Cell = (0, 0)
# The printed card is not in the text: streets on its west, south and east sides (digest ruling).
# Its north edge never meets a card, since nothing is built above the top row.
SQUARE_EDGES = "ssss"
SQUARE_POINTS = 4
TRAVELLER_POINTS = 7
RESOURCE_WORKER_POINTS = 1      # each own figure still on the resource board at the end
FIGURES = 9
END_WORKERS = 6
MAX_CHARACTER_NAME = 40
GUILDS = ("rooster", "bells", "mask", "lily")
EDGE_LETTERS = "sb"
# side index (N, E, S, W) -> step to the neighbour; the neighbour's facing side is (side + 2) % 4
STEPS: tuple[Cell, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))
# VP rule -> the printed base the rulebook's key shows (None: the rule has no base)
RULES: Mapping[str, int | None] = {
    "diamond": None, "per_diamond": 3, "per_neighbour": 1, "three_per_neighbour": None,
    "per_column": 1, "per_row": 2, "shields": None, "per_guild": 1}
DIAMOND_POINTS = (4, 5)
# what the build sheet offers as chips (the rules take any whole number, 0 or more)
BASES = range(0, 7)
SHIELDS = range(0, 5)
TRAVELLER_NAMES = ("traveller", "traveler")
# the twelve character cards, as the record names them (display names are the app's)
CHARACTERS = ("Traveller", "Human Resources Manager", "Landowner", "Seignior", "Cheater",
              "Mistress", "Bookkeeper", "Ghost of the Lovely Spinster", "Tax Collector",
              "Benefactor", "Lamplighter", "Builder")
END_VARIANTS = ("base", "complete-round", "last-turn")
START_RESOURCE_WORKERS = 1      # setup: each player puts one figure on the resource board


@dataclass(frozen=True)
class Vp:
    """A card's end-game rule: ``number`` is the diamond's points or the printed base."""
    rule: str
    number: int = 0
    guild: str | None = None        # the guild a per-guild card counts


@dataclass(frozen=True)
class Card:
    row: int
    column: int
    owner: str
    vp: Vp
    guild: str | None = None
    shield: int = 0
    edges: str | None = None        # N, E, S, W: "s" street or "b" building; None: not entered


@dataclass(frozen=True)
class Character:
    name: str
    points: int

    @property
    def traveller(self) -> bool:
        return key(self.name) in TRAVELLER_NAMES


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    cards: Mapping[Cell, Card] = field(default_factory=dict)      # in build order
    square: tuple[str, ...] = ()        # players with a worker on the Main Square, in order
    characters: Mapping[str, tuple[Character, ...]] = field(default_factory=dict)
    resource: Mapping[str, int] = field(default_factory=dict)    # figures on the resource board
    trigger: str | None = None          # the first player to have a 6th worker in the city
    finished: bool = False
    end: str = "base"                   # the end variant: who still plays after the trigger
    tally: bool = False                 # entered after a paper game: the trigger is named
    printed: Mapping[str, int] = field(default_factory=dict)   # character key -> its points
    turns: Taken = Taken({}, "")        # the turns counted (the platform's, from start on)


# --- options and start ------------------------------------------------------------------------

def options(raw: Mapping[str, Any], players: list[str]) -> dict[str, Any]:
    unknown = set(raw) - {"end", "tally"}
    if unknown:
        raise RuleError(N_("OddVille's options are end and tally, not %(names)s."),
                        names=cut(", ".join(sorted(unknown))))
    end = raw.get("end", "base")
    if end not in END_VARIANTS:
        raise RuleError(N_("OddVille's end option is base, complete-round or last-turn."))
    tally = raw.get("tally", False)
    if not isinstance(tally, bool):
        raise RuleError(N_("OddVille's tally option is true or false."))
    return {"end": end, "tally": tally}


def start(opts: Mapping[str, Any], players: list[str]) -> State:
    return State(tuple(players), characters={p: () for p in players},
                 resource={p: 0 for p in players}, end=opts.get("end", "base"),
                 tally=bool(opts.get("tally")), turns=begin(players))


def setup(players: list[str]) -> list[dict[str, Any]]:
    """The events of the setup: every player's first figure on the resource board (marked
    ``setup``, an extra field the record allows: no player's own act to take back)."""
    return [{"type": "resource_workers", "player": p, "count": START_RESOURCE_WORKERS,
             "setup": True} for p in players]


# --- queries for the screens ------------------------------------------------------------------

def key(name: str) -> str:
    """A character's identity: its name without case or extra spaces."""
    return " ".join(name.split()).casefold()


def neighbours(cell: Cell) -> list[Cell]:
    return [(cell[0] + dr, cell[1] + dc) for dr, dc in STEPS]


def place(row: Any, column: Any) -> RuleError:
    """Where a card lies as the players see it, counted from the Main Square, the one card that
    never moves ("2 left, 1 below the Main Square"): the words of a past act never change as the
    city grows. A sentence's part (nested in a refusal, a question or a history line, it reads
    in the player's language); a spot no valid record has (above the top row, not whole
    numbers) is named by the record's row and column."""
    if not (whole(row) and whole(column)) or row < 0:
        return RuleError(N_("row %(row)s, column %(column)s"), row=row, column=column)
    if row == 0:
        if column == 0:
            return RuleError(N_("on the Main Square"))
        return RuleError(N_("%(columns)d left of the Main Square") if column < 0 else
                         N_("%(columns)d right of the Main Square"), columns=abs(column))
    if column == 0:
        return RuleError(N_("%(rows)d below the Main Square"), rows=row)
    return RuleError(N_("%(columns)d left, %(rows)d below the Main Square") if column < 0 else
                     N_("%(columns)d right, %(rows)d below the Main Square"),
                     columns=abs(column), rows=row)


def occupied(state: State, cell: Cell) -> bool:
    """A card of the city stands there (the Main Square is one)."""
    return cell == SQUARE or cell in state.cards


def city(state: State) -> list[Cell]:
    """Every card of the city, the Main Square first, then in build order."""
    return [SQUARE, *state.cards]


def free_spots(state: State) -> list[Cell]:
    """Empty spots next to the city (never above the top row), top to bottom, left to right."""
    spots = {n for cell in city(state) for n in neighbours(cell)
             if n[0] >= 0 and not occupied(state, n)}
    return sorted(spots)


def edges_at(state: State, cell: Cell) -> str | None:
    if cell == SQUARE:
        return SQUARE_EDGES
    card = state.cards.get(cell)
    return card.edges if card else None


def required_edges(state: State, row: int, column: int) -> str:
    """What a card there must show on each side (N, E, S, W): "s", "b", or "?" where no
    neighbour declares an edge."""
    wanted = []
    for side, cell in enumerate(neighbours((row, column))):
        theirs = edges_at(state, cell) if occupied(state, cell) else None
        wanted.append(theirs[(side + 2) % 4] if theirs else "?")
    return "".join(wanted)


def workers_in_city(state: State, player: str) -> int:
    """The player's figures on building cards and on the Main Square."""
    return (sum(card.owner == player for card in state.cards.values())
            + (player in state.square))


def on_main_square(state: State, player: str) -> bool:
    return player in state.square


def max_resource_workers(state: State, player: str) -> int:
    return FIGURES - workers_in_city(state, player)


def free_figures(state: State, player: str) -> int:
    """Figures in the player's supply (neither in the city nor on the resource board)."""
    return max_resource_workers(state, player) - state.resource.get(player, 0)


def figures(state: State, player: str) -> dict[str, int]:
    """Where the player's 9 figures stand: in the city, on the resource board, in the supply."""
    return {"city": workers_in_city(state, player), "resource_board": state.resource[player],
            "supply": free_figures(state, player)}


def bounds(state: State) -> tuple[int, int, int]:
    """The city's extent for drawing it: leftmost column, rightmost column, lowest row."""
    cells = city(state)
    return (min(c for _, c in cells), max(c for _, c in cells), max(r for r, _ in cells))


def holder(state: State, name: str) -> str | None:
    """Who holds the character of that name now, if anyone."""
    return next((p for p, held in state.characters.items()
                 if any(key(c.name) == key(name) for c in held)), None)


def trigger(state: State) -> str | None:
    """The player whose 6th worker in the city triggered the end (None: not yet)."""
    return state.trigger


def still_to_play(state: State) -> list[str]:
    """Who still takes a turn after the 6th worker, in turn order, by the chosen end."""
    if state.trigger is None:
        return list(state.players)
    seat = state.players.index(state.trigger)
    if state.end == "complete-round":       # up to the End of the game card's holder, last seat
        return list(state.players[seat + 1:])
    if state.end == "last-turn":            # every other player, clockwise from the trigger
        return clockwise(state.players, state.trigger)[1:]
    return []


def last_turns(state: State) -> list[str]:
    """After the 6th worker: who still takes a turn, in order (the trigger first while finishing
    the turn its Main Square worker ended in, then those the chosen end lets play who have not
    played since)."""
    return still(TURNS, state) if state.trigger is not None else []


def has_turn(state: State, player: str) -> bool:
    """May the player still build or take the Main Square by the chosen end? (A quick tally
    has no turns.)"""
    return state.tally or state.trigger is None or player in last_turns(state)


def _resource_taken(before: State, event: Mapping[str, Any]) -> bool:
    """A resource taken with a worker card: one more worker on the resource board than the
    player had (fewer is workers taken off, more than one more a correction: neither a turn)."""
    player, count = event.get("player"), event.get("count")
    return (not event.get("setup") and whole(count)
            and count == before.resource.get(player, -2) + 1)


def _over(state: State) -> Turn:
    if still_to_play(state):
        return Turn(None, note=N_("The game is over: every last turn is played. The host "
                                  "finishes it."))
    return Turn(None, note=N_("The game is over: %(trigger)s placed the 6th worker in the city. "
                              "The host finishes it."), params={"trigger": state.trigger})


# One action a turn, clockwise from the first seat: a worker card played (coins or a building
# card taken: a pass; a resource taken: one more worker on the resource board) or a build. The
# Traveller's worker on the Main Square is part of one's own turn; a character taken with a
# build, workers taken off the resource board and the Builder's build (in another player's turn)
# end nobody's turn. After the 6th worker, those the chosen end lets play take one more turn.
TURNS = Order(
    doing=N_("one action: build, or a worker card"),
    doing_last=N_("the last turn, one action: build, or a worker card"),
    ends={"build": lambda before, event: event.get("builder") is not True,
          "pass": True, "resource_workers": _resource_taken},
    inside=frozenset({"main_square"}),
    trigger=lambda state: state.trigger,
    last=lambda state: still_to_play(state),
    over=_over,
    kept=lambda state: not state.tally,
    no_turn=lambda state, player: RuleError(N_("%(player)s has no turn left. %(rule)s"),
                                            player=player, rule=end_rule(state)),
    asks={"build": Ask(N_("%(lead)s Build %(place)s anyway?"),
                       N_("%(lead)s Enter %(player)s's build %(place)s anyway?"),
                       words=lambda event: {"place": place(event.get("row"),
                                                           event.get("column"))}),
          "pass": Ask(N_("%(lead)s Enter your worker card (coins or a building card) anyway?"),
                      N_("%(lead)s Enter %(player)s's worker card (coins or a building card) "
                         "anyway?")),
          "resource_workers": Ask(N_("%(lead)s Take a resource anyway?"),
                                  N_("%(lead)s Enter a resource taken by %(player)s anyway?")),
          "main_square": Ask(N_("%(lead)s Put your worker on the Main Square anyway?"),
                             N_("%(lead)s Enter %(player)s's worker on the Main Square "
                                "anyway?"))})


def turn(state: State) -> Turn | None:
    """Who is to play now (the platform reckons it from :data:`TURNS`)."""
    return whose(TURNS, state)


def end_rule(state: State) -> RuleError:
    """The chosen end in the rulebook's words, for the trigger the table has."""
    names = ", ".join(still_to_play(state))
    where = {"trigger": state.trigger, "names": names}
    if state.end == "complete-round":
        if not names:
            return RuleError(N_("The game ended with %(trigger)s's 6th worker; %(trigger)s "
                                "sits last, so nobody plays another turn."), **where)
        return RuleError(N_("The game ended with %(trigger)s's 6th worker; only the players "
                            "after %(trigger)s still play, up to the last seat: %(names)s."),
                         **where)
    if state.end == "last-turn":
        return RuleError(N_("The game ended with %(trigger)s's 6th worker; every other player "
                            "takes one last turn: %(names)s."), **where)
    return RuleError(N_("The game ended with %(trigger)s's 6th worker; nobody plays another "
                        "turn."), **where)


def printed_points(state: State, name: str) -> int | None:
    """The points a character card prints, once a player has taken it (None: not yet known)."""
    return state.printed.get(key(name))


def tie_break(state: State) -> dict[str, Any] | None:
    """How a tie on top is settled: the players tied, the trigger and the winner it gives."""
    players = [score(state, p) for p in state.players]
    top = max(p["total"] for p in players)
    tied = [p["name"] for p in players if p["total"] == top]
    if len(tied) < 2:
        return None
    places = ranks(state.players, [p["total"] for p in players], state.trigger)
    winners = [p for p, place in zip(state.players, places) if place == 1]
    return {"tied": tied, "total": top, "trigger": state.trigger,
            "winner": winners[0] if state.trigger else None}


BUILD_STEPS = (("spot", ()), ("rule", ()), ("number", ("rule",)), ("named", ("rule",)),
               ("guild", ()), ("shield", ()), ("edges", ("spot",)))
BUILD_SPENT = ("spot",)         # a spot built on is free no more


def choices(state: State, player: str) -> dict[str, Any]:
    """A build as the build sheet picks it (``games.choices``): a free spot ("row_column"), the
    VP rule, its number (a diamond's 4 or 5; a base, "" as the key or 0 to 6; "" for a rule
    without one), the guild a per-guild card counts ("" for any other rule), the guild symbol
    ("" none, or on a per-guild card the one it counts), the shield (0 to 4) and the edges ("" not
    entered, else N, E, S, W each "s" or "b", matching the neighbours); the spot built on is
    spent. Nothing once the game is finished or all 9 of the player's figures are in the city."""
    room = (not state.finished and player in state.players
            and workers_in_city(state, player) < FIGURES)
    spots = free_spots(state) if room else []
    if not spots:
        return make_choices(BUILD_STEPS, {})
    return make_choices(BUILD_STEPS, {
        "spot": {(): [f"{r}_{c}" for r, c in spots]}, "rule": {(): list(RULES)},
        "number": {(rule,): _numbers(rule) for rule in RULES},
        "named": {(rule,): GUILDS if rule == "per_guild" else [""] for rule in RULES},
        "guild": {(): ["", *GUILDS]}, "shield": {(): SHIELDS},
        "edges": {(f"{r}_{c}",): _edge_choices(state, (r, c)) for r, c in spots}},
        spent=BUILD_SPENT)


def _numbers(rule: str) -> list[Any]:
    """The numbers a card of that rule is entered with, as the build sheet offers them."""
    if rule == "diamond":
        return list(DIAMOND_POINTS)
    return [""] if RULES[rule] is None else ["", *BASES]


def _edge_choices(state: State, spot: Cell) -> list[str]:
    """A card's edges there: not entered (""), or all four matching each neighbour's declared
    edge; first what the build sheet presets (all four when the neighbours fix them)."""
    wanted = required_edges(state, *spot)
    full = ["".join(p) for p in product(*(EDGE_LETTERS if w == "?" else w for w in wanted))]
    return [*full, ""] if "?" not in wanted else ["", *full]


def card_points(state: State, cell: Cell) -> int:
    """The end-game points of the card there for its owner."""
    card = state.cards[cell]
    vp = card.vp
    around = [n for n in neighbours(cell) if occupied(state, n)]
    if vp.rule == "diamond":
        return vp.number
    if vp.rule == "per_diamond":
        return vp.number + sum(c.vp.rule == "diamond" for c in state.cards.values())
    if vp.rule == "per_neighbour":
        return vp.number + len(around)
    if vp.rule == "three_per_neighbour":
        return 3 * len(around)
    if vp.rule == "per_column":
        return vp.number + sum(c[1] == card.column for c in city(state))
    if vp.rule == "per_row":
        return vp.number + sum(c[0] == card.row for c in city(state))
    if vp.rule == "shields":
        return sum(state.cards[n].shield for n in around if n in state.cards)
    # per_guild: the card counts itself only when it is recorded with the guild it names
    return vp.number + sum(c.guild == vp.guild for c in state.cards.values())


# --- events -----------------------------------------------------------------------------------

def apply(state: State, event: Mapping[str, Any]) -> State:
    """The state after ``event``; raises RuleError (and changes nothing) if the rules refuse it."""
    return dispatch(HANDLERS, state, event, unknown=N_("OddVille has no %(type)r event."),
                    before=_open, order=TURNS)


def _open(state: State, kind: str) -> None:
    if state.finished:
        raise RuleError(N_("The game is finished; nothing more can be entered."))


def _build(state: State, event: Mapping[str, Any]) -> State:
    player = _player(state, event.get("player"))
    row, column = _spot(state, event)
    card = Card(row, column, player, _vp(event.get("vp")), _guild(event.get("guild")),
                _shield(event.get("shield")), _edges(event.get("edges")))
    builder = event.get("builder", False)
    if not isinstance(builder, bool):
        raise RuleError(N_("A build's builder mark is true (the Builder's power, during another "
                           "player's turn) or false."))
    _check_edges(state, card)
    _check_figure(state, player)
    built = replace(state, cards={**state.cards, (row, column): card})
    return _placed(built, player)


def _main_square(state: State, event: Mapping[str, Any]) -> State:
    """A worker placed during the player's turn, which goes on (the Traveller's ability)."""
    player = _player(state, event.get("player"))
    if player in state.square:
        raise RuleError(N_("%(player)s already has a worker on the Main Square; only one of "
                           "one's own may stand on it."), player=player)
    _check_figure(state, player)
    return _placed(replace(state, square=(*state.square, player)), player)


def _character(state: State, event: Mapping[str, Any]) -> State:
    player = _player(state, event.get("player"))
    name = _name(event.get("name"))
    points = event.get("points")
    card = Character(name, 0)
    if not card.traveller:      # the Traveller's points come from the Main Square, not the record
        if not whole(points) or points < 0:
            raise RuleError(N_("A character's points must be a whole number, 0 or more."))
        card = Character(name, points)
    taken = holder(state, name)
    if taken == player:
        raise RuleError(N_("%(player)s already holds %(name)s."), player=player, name=name)
    if taken is not None:
        raise RuleError(N_("%(holder)s holds %(name)s: it must be given back before another "
                           "player takes it."), holder=taken, name=name)
    held = state.characters[player]
    printed = {**state.printed, key(name): card.points} if not card.traveller else state.printed
    return replace(state, characters={**state.characters, player: (*held, card)},
                   printed=printed)


def _lose_character(state: State, event: Mapping[str, Any]) -> State:
    player = _player(state, event.get("player"))
    name = _name(event.get("name"))
    held = state.characters[player]
    kept = tuple(c for c in held if key(c.name) != key(name))
    if len(kept) == len(held):
        raise RuleError(N_("%(player)s does not hold %(name)s, so cannot give it back."),
                        player=player, name=name)
    return replace(state, characters={**state.characters, player: kept})


def _resource_workers(state: State, event: Mapping[str, Any]) -> State:
    player = _player(state, event.get("player"))
    count = event.get("count")
    if not whole(count) or count < 0:
        raise RuleError(N_("The workers on the resource board are counted with a whole number, "
                           "0 or more."))
    most = max_resource_workers(state, player)
    if count > most:
        raise RuleError(N_("%(player)s has %(city)d of their 9 figures in the city, so at most "
                           "%(most)d can stand on the resource board."),
                        player=player, city=FIGURES - most, most=most)
    return replace(state, resource={**state.resource, player: count})


def _end(state: State, event: Mapping[str, Any]) -> State:
    named = event.get("trigger")
    if named is not None:
        _player(state, named)
        if state.trigger is None:
            raise RuleError(N_("Nobody has a 6th worker in the city yet, so %(player)s cannot "
                               "have triggered the end."), player=named)
        if named != state.trigger:
            raise RuleError(N_("%(trigger)s was the first to place a 6th worker in the city, so "
                               "%(trigger)s triggered the end, not %(player)s."),
                            trigger=state.trigger, player=named)
    return replace(state, finished=True)


def _trigger(state: State, event: Mapping[str, Any]) -> State:
    """A quick tally names who placed the 6th worker first (the paper game knows it)."""
    player = _player(state, event.get("player"))
    if not state.tally:
        raise RuleError(N_("The trigger is named only in a quick tally; at a live table it is "
                           "the first player to place a 6th worker in the city."))
    if workers_in_city(state, player) < END_WORKERS:
        raise RuleError(N_("%(player)s has %(count)d workers in the city: the trigger placed a "
                           "6th."), player=player, count=workers_in_city(state, player))
    return replace(state, trigger=player)


# --- checks shared by the events ------------------------------------------------------------

def _player(state: State, player: Any) -> str:
    if not isinstance(player, str) or player not in state.players:
        raise RuleError(N_("%(player)r is not a player at this table."), player=player)
    return player


def _spot(state: State, event: Mapping[str, Any]) -> Cell:
    """Where the card goes, checked: in or below the top row, free, next to the city."""
    row, column = event.get("row"), event.get("column")
    if not (whole(row) and whole(column)):
        raise RuleError(N_("A card's row and column are whole numbers; the Main Square is at "
                           "row 0, column 0."))
    where = {"row": row, "column": column}
    if row < 0:
        raise RuleError(N_("Row %(row)d is above the Main Square: the city is built beside and "
                           "below it, never above."), **where)
    if (row, column) == SQUARE:
        raise RuleError(N_("Row 0, column 0 is the Main Square: build beside or below it."))
    if (row, column) in state.cards:
        raise RuleError(N_("Row %(row)d, column %(column)d already has %(owner)s's card; cards "
                           "never move."), owner=state.cards[(row, column)].owner, **where)
    if not any(occupied(state, n) for n in neighbours((row, column))):
        raise RuleError(N_("Row %(row)d, column %(column)d is not next to the city: a card goes "
                           "beside, below or above a card already built, never only "
                           "diagonally."), **where)
    return row, column


def _vp(raw: Any) -> Vp:
    rule = raw.get("rule") if isinstance(raw, Mapping) else None
    if not isinstance(rule, str) or rule not in RULES:
        raise RuleError(N_("A card's VP rule must be one of: %(rules)s."), rules=", ".join(RULES))
    if rule == "diamond":
        points = raw.get("points")
        if not whole(points) or points not in DIAMOND_POINTS:
            raise RuleError(N_("A diamond card prints 4 or 5 points."))
        return Vp(rule, points)
    base = raw.get("base", RULES[rule]) if RULES[rule] is not None else 0
    if not whole(base) or base < 0:
        raise RuleError(N_("The printed base of a %(rule)s card is a whole number, 0 or more."),
                        rule=rule)
    guild = None
    if rule == "per_guild":
        guild = raw.get("guild")
        if guild not in GUILDS:
            raise RuleError(N_("A per-guild card names the guild it counts: rooster, bells, "
                               "mask or lily."))
    return Vp(rule, base, guild)


def _guild(guild: Any) -> str | None:
    if guild is not None and guild not in GUILDS:
        raise RuleError(N_("A card's guild symbol is rooster, bells, mask or lily (or none)."))
    return guild


def _shield(shield: Any) -> int:
    if shield is None:
        return 0
    if not whole(shield) or shield < 0:
        raise RuleError(N_("A card's shield points are a whole number, 0 or more."))
    return shield


def _edges(edges: Any) -> str | None:
    if edges is None:
        return None
    if not (isinstance(edges, str) and len(edges) == 4
            and all(letter in EDGE_LETTERS for letter in edges.lower())):
        raise RuleError(N_("A card's edges are four letters for north, east, south and west, "
                           "each s (street) or b (building), e.g. sbsb."))
    return edges.lower()


def _check_edges(state: State, card: Card) -> None:
    """Every edge touching a card must match it, street to street, building to building."""
    if card.edges is None:
        return
    wanted = required_edges(state, card.row, card.column)
    for side, cell in enumerate(neighbours((card.row, card.column))):
        if wanted[side] in ("?", card.edges[side]):
            continue
        if cell == SQUARE:
            raise RuleError(N_("The Main Square has streets on its sides: the card's edge facing "
                               "it must be a street."))
        message = (N_("The card's street would meet the building side of the card at row "
                      "%(row)d, column %(column)d: edges must match, street to street.")
                   if card.edges[side] == "s" else
                   N_("The card's building side would meet the street of the card at row "
                      "%(row)d, column %(column)d: edges must match, building to building."))
        raise RuleError(message, row=cell[0], column=cell[1])


def _check_figure(state: State, player: str) -> None:
    if workers_in_city(state, player) >= FIGURES:
        raise RuleError(N_("All 9 of %(player)s's figures are already in the city."),
                        player=player)


def _placed(state: State, player: str) -> State:
    """A figure of the player went into the city. It came from the supply or, as payment, off the
    resource board: the board keeps at most the figures not in the city. The first player to
    reach 6 in the city triggers the end."""
    most = max_resource_workers(state, player)
    resource = {**state.resource, player: min(state.resource[player], most)}
    first = (not state.tally and state.trigger is None
             and workers_in_city(state, player) >= END_WORKERS)
    if not first:
        return replace(state, resource=resource)
    return replace(state, resource=resource, trigger=player)


def _name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip():
        raise RuleError(N_("A character is named, e.g. traveller."))
    if len(name) > MAX_CHARACTER_NAME:
        raise RuleError(N_("A character's name is at most %(max)d characters."),
                        max=MAX_CHARACTER_NAME)
    return name.strip()


HANDLERS: dict[str, Handler[State]] = {
    "build": _build, "main_square": _main_square, "character": _character,
    "lose_character": _lose_character, "resource_workers": _resource_workers,
    "end": _end, "trigger": _trigger}


# --- scoring --------------------------------------------------------------------------------

def score(state: State, player: str) -> dict[str, Any]:
    """One player's line of the result: breakdown by the contract's keys, cards in build order."""
    cards = [{"row": cell[0], "column": cell[1], "points": card_points(state, cell)}
             for cell, card in state.cards.items() if card.owner == player]
    on_square = on_main_square(state, player)
    # the Traveller pays 7 only while its holder has a worker of their own on the Main Square
    characters = sum((TRAVELLER_POINTS if on_square else 0) if c.traveller else c.points
                     for c in state.characters[player])
    breakdown = {"buildings": sum(c["points"] for c in cards),
                 "main_square": SQUARE_POINTS if on_square else 0,
                 "characters": characters,
                 "resource_workers": RESOURCE_WORKER_POINTS * state.resource[player]}
    return {"name": player, "total": sum(breakdown.values()), "rank": 0,
            "breakdown": breakdown, "details": {"cards": cards}}


def ranks(players: tuple[str, ...], totals: list[int], trigger: str | None) -> list[int]:
    """Most points first. Among those tied on top the trigger wins, else the first of them
    clockwise from the trigger; the rest of a tie shares a rank. Nobody has reached 6 workers
    yet (no trigger): ties share."""
    top = max(totals)
    tied = [p for p, total in zip(players, totals) if total == top]
    winner = None
    if trigger is not None and len(tied) > 1:
        winner = next(p for p in clockwise(players, trigger) if p in tied)
    behind = [winner is not None and total == top and p != winner
              for p, total in zip(players, totals)]
    return rank([(-total, later) for total, later in zip(totals, behind)])


def best_card(player: Mapping[str, Any]) -> int | None:
    """A stored result entry's best single card: the most points one built card scored."""
    return largest((player.get("details") or {}).get("cards"), "points")


def result(state: State) -> dict[str, Any]:
    """The contract's result, scoring the city as if the game ended now."""
    players = [score(state, p) for p in state.players]
    # the rulebook breaks ties from the trigger, whether or not an end event names it
    places = ranks(state.players, [p["total"] for p in players], state.trigger)
    for player, place in zip(players, places):
        player["rank"] = place
    return {"game": "oddville", "finished": state.finished,
            "end_triggered": state.trigger is not None, "players": players,
            "winners": [p["name"] for p in players if p["rank"] == 1]}
