"""The live part of a screen, rendered once and served to every screen alike.

Live fragments rendered once per table, version and viewer kind, served to every screen that
asks for the same (the nth phone polling a table after an act gets the first phone's bytes).

A fragment holds two things that belong to one browser: the CSRF token of its forms and the
nonce that makes each submitted form count once. They are rendered as markers and filled in per
response, so shared bytes never carry one phone's token or nonce to another.
"""
from __future__ import annotations

import re
import uuid
from typing import Any, Callable, Hashable

from flask_wtf.csrf import generate_csrf

from .. import cache

NONCE = "\x1enonce\x1e"          # never in a page otherwise: a control character
CSRF = "\x1ecsrf\x1e"
KEPT = 512                       # fragments a process keeps (a few per table in play)


def shared(key: Hashable, render: Callable[[Callable[[], str]], tuple[str, Any]]) -> tuple[str, Any]:
    """The fragment for ``key`` (rendering it once with ``render(nonce)`` on a miss) and what
    ``render`` returned beside it; the fragment still has its markers (see :func:`personal`)."""
    def marked() -> tuple[str, Any]:
        text, extra = render(lambda: NONCE)
        return text.replace(generate_csrf(), CSRF), extra
    return cache.of_app("live_fragments", KEPT).get_or_make(key, marked)


def personal(text: str) -> str:
    """A shared fragment made this browser's: its CSRF token, a fresh nonce per form."""
    text = text.replace(CSRF, generate_csrf())
    return re.sub(NONCE, lambda _match: uuid.uuid4().hex, text)
