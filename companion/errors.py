"""The refusals every layer shares: a rule's, a replacement's question, a record's."""
from __future__ import annotations

import json
from typing import Any

QUOTED = 60     # a value a refusal repeats shows at most this many characters


def N_(message: str) -> str:
    """Mark a message for translation without translating it (shown later in the player's
    language, printed in English by the command line)."""
    return message


def cut(text: str) -> str:
    """``text`` at most :data:`QUOTED` characters long, ending in "…" when cut."""
    return text if len(text) <= QUOTED else text[:QUOTED - 1] + "…"


class Quoted:
    """A value a refusal repeats, cut to :data:`QUOTED` characters: a 200-number list or a long
    text is named, not repeated whole. A text in ``%(name)s`` stays whole (it is the app's own
    words, e.g. the list of known games; a rule that shows a record's text so cuts it first);
    quoted in ``%(name)r``, or a list or an object either way, it is cut."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __str__(self) -> str:
        return self.value if isinstance(self.value, str) else cut(str(self.value))

    def __repr__(self) -> str:
        return cut(repr(self.value))


def quoted(params: dict[str, Any]) -> dict[str, Any]:
    """A refusal's parameters as a sentence repeats them: texts, lists and objects cut (see
    :class:`Quoted`); numbers, labels and nested refusals as they are."""
    return {name: Quoted(value) if isinstance(value, (str, list, dict, tuple)) else value
            for name, value in params.items()}


def written(kind: str) -> str:
    """An event's type as a record writes it (``spend_bonus``, a control character escaped as
    JSON escapes it), cut to :data:`QUOTED` characters."""
    return cut(json.dumps(kind, ensure_ascii=False)[1:-1])


class RuleError(ValueError):
    """An event the rules refuse; the message is a sentence a player can read.

    ``message`` is the untranslated sentence with ``%(name)s`` placeholders and ``params`` fills
    them, so the web shell can show it in the player's language while the command line prints it
    in English.
    """

    def __init__(self, message: str, **params: Any) -> None:
        self.message = message
        self.params = params
        super().__init__(message % quoted(params) if params else message)


class Conflict(RuleError):
    """A change that would replace what is already entered: the screen asks before it happens.

    ``token`` names the value that would be replaced; the player's confirmation carries it back
    (in the form field ``field``) and counts only while that value is still the one entered
    (checked under the table's lock). ``yes`` is the untranslated word of the button that agrees
    (None: "Replace"). ``changes`` lists, in words, what happened since the screen was loaded."""

    field = "replaces"
    yes: str | None = None

    def __init__(self, message: str, token: str, **params: Any) -> None:
        super().__init__(message, **params)
        self.token = token
        self.changes: list[str] = []


class OutOfTurn(Conflict):
    """An act from a player whose turn it is not: asked about on the screen (the record itself
    is free of turn order), agreed in the form field ``anyway``; ``token`` names whose turn it
    was, so the yes counts only while it still is."""

    field = "anyway"

    def __init__(self, message: str, token: str, yes: str, **params: Any) -> None:
        super().__init__(message, token, **params)
        self.yes = yes


class RecordError(ValueError):
    """A record that cannot be replayed; ``index`` is the 0-based event at fault, if any;
    ``part`` the part of the record at fault before any event ("options"), if any."""

    def __init__(self, reason: RuleError, index: int | None = None, event_type: str | None = None,
                 part: str | None = None):
        self.reason = reason
        self.index = index
        self.event_type = event_type
        self.part = part
        super().__init__(self.where() + str(reason))

    def where(self) -> str:
        if self.index is None:
            return f"{self.part}: " if self.part else ""
        kind = f" ({written(self.event_type)})" if self.event_type else ""
        return f"event {self.index + 1}{kind}: "
