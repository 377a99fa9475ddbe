"""Calçada's ids and refusals in the player's words.

Display labels of the contract's fixed ids (the real motif names are not public), and the
rules' refusals in the player's words.
"""
from __future__ import annotations

from typing import Any

from ...i18n import _l
from ...words import explain
from ..base import RuleError
from .board import default_board

COLOUR_LABELS = {"yellow": _l("yellow"), "blue": _l("blue"), "red": _l("red"),
                 "green": _l("green"), "white": _l("white")}
MOTIF_LABELS = {"tram": _l("tram"), "plaza": _l("plaza"), "kiosk": _l("kiosk"),
                "bench": _l("bench"), "cafe": _l("café"), "bonus": _l("bonus symbol")}
SIDE_LABELS = {"8": _l("8 districts"), "9": _l("9 districts")}
# refusal parameters that carry an id, shown by their label (the plug-in's ``labels``)
PARAM_LABELS = {"colour": COLOUR_LABELS, "other": COLOUR_LABELS, "motif": MOTIF_LABELS}
EVENT_LABELS = {"place": _l("place"), "pass": _l("pass"), "spend_bonus": _l("spend bonus"),
                "tally": _l("tally")}


def label(labels: dict[str, Any], value: Any) -> Any:
    return labels.get(value, value) if isinstance(value, str) else value


class Words:
    """The ids inside Calçada's refusals in words, as the plug-in names them."""

    labels = PARAM_LABELS
    event_labels = EVENT_LABELS


def refusal_text(error: RuleError) -> str:
    """The refusal as the platform words it: translated, ids shown as the player's words."""
    return explain(error, Words)


def side_label(side: str) -> Any:
    """The side's name, flagged when its layout has not been checked against a real board."""
    if default_board(side).unverified:
        return _l("%(side)s (layout unverified)", side=SIDE_LABELS[side])
    return SIDE_LABELS[side]
