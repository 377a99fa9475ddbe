"""The words players read for Doodle City's ids (cells, road shapes), translated when shown."""
from __future__ import annotations

from typing import Any

from ...i18n import _l

CELL_LABELS = {"house": _l("house field"), "hotel": _l("hotel"), "shop": _l("shop"),
               "taxi": _l("taxi")}

# road shapes drawn in text (box-drawing arcs) and said in words: never compass letters
SHAPE_GLYPHS = {"NS": "│", "EW": "─", "NE": "╰", "ES": "╭", "SW": "╮", "NW": "╯"}
SHAPE_WORDS = {"NS": _l("straight, top to bottom"), "EW": _l("straight, left to right"),
               "NE": _l("curve, top to right"), "ES": _l("curve, right to bottom"),
               "SW": _l("curve, bottom to left"), "NW": _l("curve, left to top")}


def shape_glyph(shape: Any) -> str:
    return SHAPE_GLYPHS.get(shape, "?") if isinstance(shape, str) else "?"
