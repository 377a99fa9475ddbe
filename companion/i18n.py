"""Player-facing text that loads Flask-Babel only when a text is shown.

Player-facing text for the modules the command line also loads (the game plug-ins' labels and
words): the same calls as Flask-Babel's, but Flask-Babel (and with it Flask) is imported only
when a text is shown, so ``companion score`` and ``check`` replay a record without loading the
web app. Outside a request the texts are English, as Flask-Babel's are.
"""
from __future__ import annotations

from typing import Any

LANGUAGES = ("en", "hu")      # the languages the app ships in


def gettext(string: str, **variables: Any) -> str:
    from flask_babel import gettext as translate
    return translate(string, **variables)


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    from flask_babel import ngettext as translate
    return translate(singular, plural, num, **variables)


def _l(string: str, **variables: Any) -> "LazyText":
    """``flask_babel.lazy_gettext``: a text translated each time it is used."""
    return LazyText(string, variables)


class LazyText:
    """A string translated when it is used, into the language of the request at hand; behaves
    as Flask-Babel's lazy strings do (str, HTML, comparisons, formatting)."""

    __slots__ = ("message", "variables")

    def __init__(self, message: str, variables: dict[str, Any]) -> None:
        self.message = message
        self.variables = variables

    def __str__(self) -> str:
        return gettext(self.message, **self.variables)

    def __html__(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return f"l{str(self)!r}"

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in LazyText.__slots__:   # copy, pickle: not a str's
            raise AttributeError(name)
        return getattr(str(self), name)

    def __len__(self) -> int:
        return len(str(self))

    def __getitem__(self, key: Any) -> str:
        return str(self)[key]

    def __iter__(self) -> Any:
        return iter(str(self))

    def __contains__(self, item: str) -> bool:
        return item in str(self)

    def __add__(self, other: str) -> str:
        return str(self) + other

    def __radd__(self, other: str) -> str:
        return other + str(self)

    def __mod__(self, other: Any) -> str:
        return str(self) % other

    def __rmod__(self, other: str) -> str:
        return other % str(self)

    def __eq__(self, other: object) -> bool:
        return str(self) == other

    def __ne__(self, other: object) -> bool:
        return str(self) != other

    def __lt__(self, other: str) -> bool:
        return str(self) < other

    def __le__(self, other: str) -> bool:
        return str(self) <= other

    def __gt__(self, other: str) -> bool:
        return str(self) > other

    def __ge__(self, other: str) -> bool:
        return str(self) >= other

    def __hash__(self) -> int:
        return hash(str(self))
