"""Calçada plug-in: its rules, its live-table policy and its screens, composed into one game.

Mosaic districts on a scoring board: the pure core in ``rules.py`` and ``board.py``, the
record in words in ``rulebook.py``, the live table in ``policy.py``, the screens in
``web.py`` (what they show built in ``screens.py``, drawn in ``drawing.py``; the editors in
``editor.py``)."""
from __future__ import annotations

from ..base import Game
from .policy import CalcadaPolicy
from .rulebook import CalcadaRules
from .web import CalcadaScreens

game = Game(rules=CalcadaRules(), policy=CalcadaPolicy(), screens=CalcadaScreens())
