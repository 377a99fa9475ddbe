"""Whose turn it is, for every game that keeps turns: declared once per game, reckoned here.

A game declares its turns with an :class:`Order` (in its pure rules module): which events end a
turn, which are part of one's own turn without ending it, which are free at any time; how many
turns a round has and who begins each round; what opens a round (a roll); who still plays after
the end is triggered; and the question asked before each kind of act made out of turn. Its state
keeps a :class:`Taken`, which :func:`counted` brings up to date after every event (through
``core.dispatch``); :func:`turn` answers whose turn it is (the screens draw *Your turn*, *Done —
pass*, the TV's turn line and the vibration from that answer) and :func:`out_of_turn` whether an
act is out of turn, in the asker's words.

The record stays free of turn order: nothing here refuses an event. A turn played out of order
moves nobody else on: the player to act is the one with the fewest turns taken, the first of
them clockwise from the round's first player. Pure: no Flask, no database; words are marked with
``N_`` and translated when shown.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping, Sequence, TypeVar

from ..errors import OutOfTurn, RuleError

__all__ = ["Ask", "Order", "Taken", "Turn", "begin", "counted", "turn", "out_of_turn",
           "still_to_play", "round_number", "ends_turn", "handler", "EVENTS", "PASS"]

PASS = "pass"       # the contract's event for a turn ended with nothing the record scores


def N_(message: str) -> str:
    """Mark a message for translation without translating it (the rules cores stay pure)."""
    return message


P = TypeVar("P")


def clockwise(players: Sequence[P], first: P | int) -> list[P]:
    """Every seat once, clockwise from ``first``: a player, or a seat index (taken round the
    table, so a round number counts on from the first seat)."""
    index = isinstance(first, int) and not isinstance(first, bool)
    seat = first % len(players) if index else players.index(first)
    return [*players[seat:], *players[:seat]]


def fewest_turns(players: Sequence[P], turns: Mapping[P, int]) -> P:
    """The player with the fewest turns taken, the first of them in the order given (a player
    missing from ``turns`` has taken none); a turn played out of order moves nobody else on."""
    return min(players, key=lambda p: turns.get(p, 0))


Event = Mapping[str, Any]


@dataclass(frozen=True)
class Turn:
    """Who is to act now, from the rulebook. ``player``: the one whose turn it is, with
    ``doing``, what the turn asks of them in a few untranslated words ("pick a die"); or None
    when no turn applies (solo, a quick tally, after the last round), with ``note``, an
    untranslated sentence of what is happening instead, its ``%(name)s`` filled from
    ``params``. ``passes``: the turn may end with nothing scored (the platform's *Done — pass*)."""

    player: str | None
    doing: str | None = None
    note: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    passes: bool = False


@dataclass(frozen=True)
class Ask:
    """The question before an act out of turn: ``own`` on the player's own phone, naming the act
    ("%(lead)s Place the blue tile on row %(row)s, column %(column)s anyway?"), ``host`` on the
    host screen, naming the player too; ``yes`` the button. ``%(turn)s`` is whose turn it is,
    ``%(player)s`` the event's player, the other names the event's own fields and what
    ``words`` adds from the event (e.g. where a card lies in the players' words, as a nested
    refusal that reads in the asker's language)."""

    own: str
    host: str
    yes: str = N_("Enter it anyway")
    words: Callable[[Event], Mapping[str, Any]] | None = None


@dataclass(frozen=True)
class Order:
    """A game's turns, declared once.

    ``doing``: what a turn asks, in a few untranslated words (``doing_last``: after the end is
    triggered, if it says more). ``ends``: the events that end
    their player's turn, each True or a test of (the state before, the event) for one that ends a
    turn only sometimes. ``inside``: acts made in one's own turn that do not end it (asked about
    out of turn). Every other event ends nothing and is never asked about (free at any time).
    ``per_round``: each player's turns in a round. ``first``: who begins the round beginning now
    (the state after the event that began it; default the first seat). ``opens``: an event that
    opens each round before anyone's turn (a roll); the turns of the round are then counted
    from it, and ``opener`` says who makes it while it is due (None: the round is open).
    ``rounds``: how many rounds the game has (None: until the end is triggered). ``trigger``:
    the player who triggered the end (None: not yet); ``last``: then who still plays, each one
    turn, in order (the trigger itself first when the trigger came in the middle of its turn).
    ``idle``: a Turn with what is happening instead of a turn (setup, a solo game), or None;
    ``over``: the Turn once every turn is played. ``kept``: False for a state that keeps no
    turns (a quick tally). ``asks``: the question per kind of act (:class:`Ask`), else the
    platform's."""

    doing: str
    ends: Mapping[str, bool | Callable[[Any, Event], bool]]
    doing_last: str | None = None
    inside: frozenset[str] = frozenset()
    per_round: int = 1
    first: Callable[[Any], str] | None = None
    opens: frozenset[str] = frozenset()
    opener: Callable[[Any], str | None] | None = None
    opening: str | None = None
    rounds: Callable[[Any], int | None] | None = None
    trigger: Callable[[Any], str | None] | None = None
    last: Callable[[Any], Sequence[str]] | None = None
    idle: Callable[[Any], Any] | None = None
    over: Callable[[Any], Any] | None = None
    kept: Callable[[Any], bool] | None = None
    no_turn: Callable[[Any, str], RuleError] | None = None
    asks: Mapping[str, Ask] = field(default_factory=dict)

    @property
    def passes(self) -> bool:
        """A turn may end with nothing scored: the platform's *Done — pass*."""
        return PASS in self.ends


@dataclass(frozen=True)
class Taken:
    """The turns counted so far, kept in a game's state: how many each player has ended (this
    round's only, in a game whose rounds are opened), who began the round, and once the end is
    triggered the counts then and whether the trigger's own turn was still going on."""

    counts: Mapping[str, int]
    first: str
    at_trigger: Mapping[str, int] | None = None
    finishing: bool = False


# The platform's own turn events, for every game whose turns declare them (``Order.ends``), with
# their line in the history where the game words none: the contract's pass.
EVENTS = {PASS: N_("%(player)s passed")}


def handler(order: Order, kind: Any) -> Callable[[Any, Event], Any] | None:
    """The platform's handler of a ``kind`` of event the game itself has none for, if its turns
    declare it: its player is checked, nothing else changes (the turn is counted by
    :func:`counted`)."""
    known = isinstance(kind, str) and kind in EVENTS and kind in order.ends
    return _player_checked if known else None


def _player_checked(state: Any, event: Event) -> Any:
    player = event.get("player")
    if not isinstance(player, str) or player not in state.players:
        raise RuleError(N_("%(player)r is not a player at this table."), player=player)
    return state


def begin(players: Sequence[str]) -> Taken:
    """Nobody has played: the first seat begins the first round."""
    return Taken(dict.fromkeys(players, 0), players[0])


def ends_turn(order: Order, state: Any, event: Event) -> bool:
    """Whether ``event``, applied to ``state``, ends its player's turn."""
    rule = order.ends.get(event.get("type"))
    return bool(rule(state, event)) if callable(rule) else bool(rule)


def counted(order: Order, before: Any, after: Any, event: Event) -> Any:
    """``after`` (the state ``event`` made of ``before``) with its turns brought up to date."""
    taken: Taken = before.turns
    kind = event.get("type")
    if kind in order.opens:
        counts = dict.fromkeys(taken.counts, 0)
        first = order.first(after) if order.first else taken.first
        return replace(after, turns=replace(taken, counts=counts, first=first))
    player = event.get("player")
    # a player field on an event that names none (an end, a round) may be anything at all
    ended = isinstance(player, str) and player in taken.counts and ends_turn(order, before, event)
    if ended:
        counts = {**taken.counts, player: taken.counts[player] + 1}
        began = (not order.opens and min(counts.values()) // order.per_round
                 > min(taken.counts.values()) // order.per_round)
        first = order.first(after) if began and order.first else taken.first
        taken = replace(taken, counts=counts, first=first)
    if order.trigger is not None and taken.at_trigger is None:
        trigger = order.trigger(after)
        if trigger is not None:
            taken = replace(taken, at_trigger=dict(taken.counts),
                            finishing=kind in order.inside and player == trigger)
    return replace(after, turns=taken) if taken is not before.turns else after


def round_number(order: Order, state: Any) -> int:
    """The round the turns are in (a game whose rounds are opened keeps its own)."""
    return min(state.turns.counts.values()) // order.per_round + 1


def still_to_play(order: Order, state: Any) -> list[str]:
    """Who may still take a turn: everyone until the end is triggered; then, in order, the
    trigger finishing the turn it triggered in, and those the game lets play once more who
    have not played since."""
    taken: Taken = state.turns
    trigger = order.trigger(state) if order.trigger else None
    if trigger is None or taken.at_trigger is None:
        return list(state.players)
    waiting = [p for p in (order.last(state) if order.last else ())
               if taken.counts[p] == taken.at_trigger[p] and p != trigger]
    if taken.finishing and taken.counts[trigger] == taken.at_trigger[trigger]:
        return [trigger, *waiting]
    return waiting


def turn(order: Order, state: Any) -> Turn | None:
    """Who is to act now, or what is happening instead; None when the state keeps no turns."""
    if order.kept is not None and not order.kept(state):
        return None
    if order.idle is not None:
        instead = order.idle(state)
        if instead is not None:
            return instead
    taken: Taken = state.turns
    if order.trigger is not None and order.trigger(state) is not None:
        left = still_to_play(order, state)
        if not left:
            return order.over(state)
        return Turn(fewest_turns(left, taken.counts), order.doing_last or order.doing,
                    passes=order.passes)
    if order.opener is not None:
        opener = order.opener(state)
        if opener is not None:
            return Turn(opener, order.opening or order.doing)
    if order.rounds is not None:
        rounds = order.rounds(state)
        if rounds is not None and round_number(order, state) > rounds:
            return order.over(state)
    seats = clockwise(state.players, taken.first)
    return Turn(fewest_turns(seats, taken.counts), order.doing, passes=order.passes)


def out_of_turn(order: Order, state: Any, event: Event, by_host: bool,
                now: Any) -> OutOfTurn | None:
    """The question before ``event`` is entered for a player whose turn (``now``, the answer of
    :func:`turn` on ``state``) it is not: an act that ends a turn or is part of one, on a table
    that keeps turns. Asked in the asker's words: on the player's own phone the act, on the
    host screen the player and the act; led by why (whose turn it is, or that the player has no
    turn left, in the game's words). ``token``: whose turn it was (the yes counts only while it
    still is)."""
    kind, player = event.get("type"), event.get("player")
    if (now is None or not isinstance(player, str) or player not in state.turns.counts
            or player == now.player):
        return None
    if not (ends_turn(order, state, event) or kind in order.inside):
        return None
    if order.opening is not None and now.doing == order.opening:
        return None         # the round waits to be opened: an act now is tied to no turn
    if player not in still_to_play(order, state):
        lead = (order.no_turn(state, player) if order.no_turn is not None
                else RuleError(N_("%(player)s has no turn left."), player=player))
    elif now.player is None:
        lead = RuleError(N_("Every turn of the game is played."))
    else:
        lead = RuleError(N_("It is %(turn)s's turn."), turn=now.player)
    ask = order.asks.get(kind) or ASKS.get(kind, DEFAULT)
    params = {k: v for k, v in event.items() if k not in ("type", "at") and _plain(v)}
    if ask.words is not None:
        params.update(ask.words(event))
    return OutOfTurn(ask.host if by_host else ask.own, token=now.player or "over", yes=ask.yes,
                     **{**params, "player": player, "lead": lead})


def _plain(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


DEFAULT = Ask(N_("%(lead)s Enter this anyway?"), N_("%(lead)s Enter this for %(player)s anyway?"))
# the platform's own turn events, asked about in their own words where the game has none
ASKS = {PASS: Ask(N_("%(lead)s Pass anyway?"), N_("%(lead)s Enter a pass for %(player)s anyway?"),
                  yes=N_("Pass anyway"))}
