"""Refusals and event names in the player's language (the games' labels name the ids inside)."""
from __future__ import annotations

from typing import Any

from .errors import RecordError, RuleError, quoted, written
from .i18n import _l, gettext

PLATFORM_EVENTS = {"undo": _l("undo"), "end": _l("end")}


def event_label(rules: Any, kind: Any) -> Any:
    """An event's type in words (``rules``: the game's rules part, naming its own events)."""
    labels = {**PLATFORM_EVENTS, **(rules.event_labels if rules else {})}
    return labels.get(kind, kind) if isinstance(kind, str) else "?"


def _word(rules: Any, name: str, value: Any) -> Any:
    """A refusal's parameter as a player reads it: the game's label for an id (an event's type
    has none: it stays as the record writes it), a long value cut (:func:`errors.quoted`)."""
    if isinstance(value, Exception):
        return explain(value, rules)
    labels = rules.labels.get(name, {}) if rules else {}
    if isinstance(value, str) and value in labels:
        return labels[value]
    return quoted({name: value})[name]


def explain(error: Exception, rules: Any = None) -> str:
    """A refusal in the player's language (``rules``, a game's rules part, names the ids inside
    it with its ``labels``)."""
    if isinstance(error, RecordError):
        reason = explain(error.reason, rules)
        if error.index is None:
            return gettext("Options: %(reason)s", reason=reason) if error.part == "options" \
                else reason
        if not error.event_type:        # not even an event with a type
            return gettext("Event %(n)d: %(reason)s", n=error.index + 1, reason=reason)
        # the type as the record writes it (spend_bonus), as `companion import` says it
        return gettext("Event %(n)d (%(type)s): %(reason)s",
                       n=error.index + 1, type=written(error.event_type), reason=reason)
    if isinstance(error, RuleError):
        params = {k: _word(rules, k, v) for k, v in error.params.items()}
        return gettext(error.message, **params) if params else gettext(error.message)
    return str(error)
