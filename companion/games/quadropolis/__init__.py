"""Quadropolis plug-in: its rules, its live-table policy and its screens, composed into one game.

Cities of four quarters built over rounds: the pure core in ``rules.py`` (the end-game
optimiser in ``optimiser.py``; the mats, tables and tile catalogue in ``data/``), the record
in words in ``rulebook.py``, the live table in ``policy.py``, the screens in ``web.py`` (what
they show built in ``screens.py``, the city as SVG in ``drawing.py``)."""
from __future__ import annotations

from ..base import Game
from .policy import QuadropolisPolicy
from .rulebook import QuadropolisRules
from .web import QuadropolisScreens

game = Game(rules=QuadropolisRules(), policy=QuadropolisPolicy(), screens=QuadropolisScreens())
