"""What every game's pure rules share: applying an event by its type (its turns counted), whole
numbers, seat order (from :mod:`turns`).

Each game keeps its own ``rules.apply`` as its public entry point; it hands its table of event
types to :func:`dispatch`. Pure: no Flask, no database, nothing translated at import.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, TypeVar

from ..errors import RuleError
from . import turns
from .turns import clockwise, fewest_turns

__all__ = ["Handler", "dispatch", "whole", "clockwise", "fewest_turns"]

S = TypeVar("S")

Handler = Callable[[S, Mapping[str, Any]], S]


def dispatch(handlers: Mapping[str, Handler[S]], state: S, event: Mapping[str, Any], *,
             unknown: str, before: Callable[[S, str], None] | None = None,
             order: Any = None) -> S:
    """The state after ``event``, by the handler for its ``type``. A type the game lacks (or one
    that is not a string) is refused with ``unknown``, its ``%(type)r`` filled; then ``before``,
    the check every event of the game passes first (a finished game…), may refuse it. With
    the game's turns (``order``, a ``turns.Order``), the turns are counted too, and the
    platform's own turn events (the contract's ``pass``) are taken where the game has none."""
    kind = event.get("type")
    handler = handlers.get(kind) if isinstance(kind, str) else None
    if handler is None and order is not None:
        handler = turns.handler(order, kind)
    if handler is None:
        raise RuleError(unknown, type=kind)
    if before is not None:
        before(state, kind)
    after = handler(state, event)
    return after if order is None else turns.counted(order, state, after, event)


def whole(value: Any) -> bool:
    """An int that is not a bool (JSON's true is no number of points)."""
    return isinstance(value, int) and not isinstance(value, bool)
