"""What every game's pure rules share: applying an event by its type, whole numbers, seat order.

Each game keeps its own ``rules.apply`` as its public entry point; it hands its table of event
types to :func:`dispatch`. Pure: no Flask, no database, nothing translated at import.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence, TypeVar

from ..errors import RuleError

S = TypeVar("S")
P = TypeVar("P")

Handler = Callable[[S, Mapping[str, Any]], S]


def dispatch(handlers: Mapping[str, Handler[S]], state: S, event: Mapping[str, Any], *,
             unknown: str, before: Callable[[S, str], None] | None = None) -> S:
    """The state after ``event``, by the handler for its ``type``. A type the game lacks (or one
    that is not a string) is refused with ``unknown``, its ``%(type)r`` filled; then ``before``,
    the check every event of the game passes first (a finished game…), may refuse it."""
    kind = event.get("type")
    handler = handlers.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise RuleError(unknown, type=kind)
    if before is not None:
        before(state, kind)
    return handler(state, event)


def whole(value: Any) -> bool:
    """An int that is not a bool (JSON's true is no number of points)."""
    return isinstance(value, int) and not isinstance(value, bool)


def clockwise(players: Sequence[P], first: P | int) -> list[P]:
    """Every seat once, clockwise from ``first``: a player, or a seat index (taken round the
    table, so a round number counts on from the first seat)."""
    seat = first % len(players) if whole(first) else players.index(first)
    return [*players[seat:], *players[:seat]]


def fewest_turns(players: Sequence[P], turns: Mapping[P, int]) -> P:
    """The player with the fewest turns taken, the first of them in the order given (a player
    missing from ``turns`` has taken none); a turn played out of order moves nobody else on."""
    return min(players, key=lambda p: turns.get(p, 0))
