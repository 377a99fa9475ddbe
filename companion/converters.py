"""URL converters of the app (Werkzeug's, bounded as ``bounds`` says)."""
from __future__ import annotations

from typing import Any

from werkzeug.routing import BaseConverter, IntegerConverter

from .bounds import MAX_ID


class BoundedInt(IntegerConverter):
    """``<int:...>`` in a path: a number past nine digits is no page (404), never a 500."""

    regex = r"\d{1,9}"

    def __init__(self, map: Any, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max", MAX_ID)
        super().__init__(map, *args, **kwargs)


class Token(BaseConverter):
    """``<token:...>``: a saved definition's link (``secrets.token_urlsafe``), never a number."""

    regex = r"[A-Za-z0-9_-]{16,32}"
