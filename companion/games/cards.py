"""What a game's rules card is made of: its three sections, each a few lines, every figure in a
line a parameter taken from the game's rules core (never typed into the card's text), so the
card cannot say what the app does not score. Pure; words marked with ``N_``, translated when
shown."""
from __future__ import annotations

from typing import Any, Iterable

SECTIONS = ("turn", "end", "scoring")          # the card's order, under its options


class Series(tuple):
    """Points by step (1, 2, 3 … floors, customers, tiles) as one figure: "1/3/6/10"."""

    def __str__(self) -> str:
        return "/".join(str(value) for value in self)


def line(heading: str, text: str, **params: Any) -> dict[str, Any]:
    """One line of a card: ``text`` an untranslated message, ``params`` its figures (and names),
    ``heading`` the rules digest's heading it is written from, as written there."""
    return {"text": text, "params": params, "heading": heading}


def card(turn: Iterable[dict[str, Any]], end: Iterable[dict[str, Any]],
         scoring: Iterable[dict[str, Any]],
         options: Iterable[dict[str, Any]] = ()) -> dict[str, list[dict[str, Any]]]:
    """The card: ``options`` (the table's choices the card follows, under its title), then each
    section's lines in the card's order."""
    return {"options": list(options), "turn": list(turn), "end": list(end),
            "scoring": list(scoring)}
