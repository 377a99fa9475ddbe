"""The game plug-ins, registered in one place.

A plug-in is a package under ``companion/games/`` exposing ``game``, an instance of
:class:`companion.games.base.Game`. The table layer only ever talks to a game through that
object, so adding a game means adding its package and one line below.
"""
from __future__ import annotations

from importlib import import_module

from .base import Game

_PLUGINS = ("score_pad", "doodle_city", "calcada", "oddville", "quadropolis")

GAMES: dict[str, Game] = {}
for _module in _PLUGINS:
    _game = import_module(f"{__name__}.{_module}").game
    GAMES[_game.name] = _game


def get(name: str) -> Game | None:
    return GAMES.get(name)
