"""Doodle City plug-in: its rules, its live-table policy and its screens, composed into one game.

Roads drawn on a shared roll of the dice: the pure core in ``rules.py`` and ``sheet.py``,
the record in words in ``rulebook.py``, the live table in ``policy.py``, the screens in
``web.py`` (what they show built in ``screens.py``, drawn in ``drawing.py``)."""
from __future__ import annotations

from ..base import Game
from .policy import DoodleCityPolicy
from .rulebook import DoodleCityRules
from .web import DoodleCityScreens

game = Game(rules=DoodleCityRules(), policy=DoodleCityPolicy(), screens=DoodleCityScreens())
