"""Refusals and event names in the player's language (the games' labels name the ids inside)."""
from __future__ import annotations

from typing import Any

from .errors import RecordError, RuleError, quoted, written
from .i18n import _l, gettext

PLATFORM_EVENTS = {"undo": _l("undo"), "end": _l("end")}


def event_label(game: Any, kind: Any) -> Any:
    labels = {**PLATFORM_EVENTS, **(game.event_labels if game else {})}
    return labels.get(kind, kind) if isinstance(kind, str) else "?"


def _word(game: Any, name: str, value: Any) -> Any:
    """A refusal's parameter as a player reads it: the game's label for an id (an event's type
    has none: it stays as the record writes it), a long value cut (:func:`errors.quoted`)."""
    if isinstance(value, Exception):
        return explain(value, game)
    labels = game.labels.get(name, {}) if game else {}
    if isinstance(value, str) and value in labels:
        return labels[value]
    return quoted({name: value})[name]


def explain(error: Exception, game: Any = None) -> str:
    """A refusal in the player's language (``game`` names the ids inside it)."""
    if isinstance(error, RecordError):
        reason = explain(error.reason, game)
        if error.index is None:
            return gettext("Options: %(reason)s", reason=reason) if error.part == "options" \
                else reason
        if not error.event_type:        # not even an event with a type
            return gettext("Event %(n)d: %(reason)s", n=error.index + 1, reason=reason)
        # the type as the record writes it (spend_bonus), as `companion import` says it
        return gettext("Event %(n)d (%(type)s): %(reason)s",
                       n=error.index + 1, type=written(error.event_type), reason=reason)
    if isinstance(error, RuleError):
        params = {k: _word(game, k, v) for k, v in error.params.items()}
        return gettext(error.message, **params) if params else gettext(error.message)
    return str(error)
