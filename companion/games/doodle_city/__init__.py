"""Doodle City plug-in: its rules part, its live-table policy and its screens, as one game."""
from __future__ import annotations

from ..base import Game
from .policy import DoodleCityPolicy
from .rulebook import DoodleCityRules
from .web import DoodleCityScreens


class DoodleCity(DoodleCityRules, DoodleCityPolicy, DoodleCityScreens, Game):
    """Roads drawn on a shared roll of the dice: the pure core in ``rules.py`` and ``sheet.py``,
    the record in words in ``rulebook.py``, the live table in ``policy.py``, the screens in
    ``web.py`` (what they show built in ``screens.py``, drawn in ``drawing.py``)."""


game = DoodleCity()
