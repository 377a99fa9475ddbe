"""Bounds on what a request or a record may carry.

Bounds on what a request or a record may carry, so hostile input gets a clear refusal and
never a server error: integers in range (ASCII digits only, well under Python's 4,300-digit
limit), JSON depth capped, no lone surrogates.
"""
from __future__ import annotations

import re
from typing import Any, Callable, Iterator

MAX_ID = 10**9 - 1          # an id in a path: at most 9 digits
MAX_NUMBER = 10**9          # any number in a record or a form
DIGITS = re.compile(r"[0-9]{1,9}")
MAX_DEPTH = 32              # the deepest record (an embedded sheet) nests 6 levels


def small_int(value: str | None) -> int | None:
    """A query argument as a number: ASCII digits only (``"²".isdigit()`` is true, ``int`` fails)."""
    return int(value) if value and DIGITS.fullmatch(value) else None


def numbers_in(text: str | None, limit: int = MAX_NUMBER) -> list[int]:
    """Every whole number typed in ``text``; one past ``limit`` reads as ``limit + 1`` (refused
    by the rules as out of range) instead of being converted digit by digit."""
    found = []
    for token in re.findall(r"-?[0-9]+", text or ""):
        digits = token.lstrip("-").lstrip("0") or "0"
        value = int(digits) if len(digits) <= 9 else limit + 1
        found.append(-value if token.startswith("-") else value)
    return found


def has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def walk(value: Any) -> Iterator[tuple[Any, int]]:
    """Every value inside ``value`` (keys included) with its depth, without recursion."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        yield item, depth
        if depth > MAX_DEPTH:
            continue
        if isinstance(item, dict):
            stack.extend((k, depth + 1) for k in item)
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)


def body_limit(setting: str, too_large: Callable[[], str]) -> Callable[[Callable], Callable]:
    """A view whose request body may be larger than the app's (``MAX_CONTENT_LENGTH``): at most
    the configuration's ``setting`` bytes, for this view only; ``too_large`` words its refusal
    (413) when a body is larger still."""
    def mark(view: Callable) -> Callable:
        view.body_limit = setting           # type: ignore[attr-defined]
        view.too_large = too_large          # type: ignore[attr-defined]
        return view
    return mark
