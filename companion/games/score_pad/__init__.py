"""Score pad plug-in: its rules, its live-table policy and its screens, composed into one game.

Any game's points, round by round: the pure core in ``rules.py``, the words of the record
in ``rulebook.py``, the live table in ``policy.py``, the forms and templates in ``web.py``,
what the screens draw in ``screens.py``."""
from __future__ import annotations

from ..base import Game
from .policy import ScorePadPolicy
from .rulebook import ScorePadRules
from .web import ScorePadScreens

game = Game(rules=ScorePadRules(), policy=ScorePadPolicy(), screens=ScorePadScreens())
