"""OddVille plug-in: its rules, its live-table policy and its screens, composed into one game.

A shared city of workers and cards: the pure core in ``rules.py``, the record in words in
``rulebook.py``, the live table in ``policy.py``, the screens in ``web.py`` (what they show
built in ``screens.py``, the city drawn in ``drawing.py``)."""
from __future__ import annotations

from ..base import Game
from .policy import OddVillePolicy
from .rulebook import OddVilleRules
from .web import OddVilleScreens

game = Game(rules=OddVilleRules(), policy=OddVillePolicy(), screens=OddVilleScreens())
