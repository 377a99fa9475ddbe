"""The game plug-ins, registered in one place.

A plug-in is a package under ``companion/games/`` exposing ``game``, an instance of
:class:`companion.games.base.Game` composed of the game's three parts: its rules, its live-table
policy and its screens. The table layer only ever talks to a game through that object, so adding
a game means adding its package and one line below.

A plug-in is imported the first time its game is asked for: replaying a score pad record loads
neither another game's rules nor Quadropolis' optimiser.
"""
from __future__ import annotations

from importlib import import_module
from typing import Iterator, MutableMapping

from .base import Game

_PLUGINS = {"score-pad": "score_pad", "doodle-city": "doodle_city", "calcada": "calcada",
            "oddville": "oddville", "quadropolis": "quadropolis"}


class Registry(MutableMapping[str, Game]):
    """Game name -> plug-in, in the order above; each imported on first use."""

    def __init__(self, plugins: dict[str, str]) -> None:
        self._modules = dict(plugins)
        self._games: dict[str, Game] = {}

    def __getitem__(self, name: str) -> Game:
        if name not in self._games:
            module = self._modules[name]            # KeyError: no such game
            game = import_module(f"{__name__}.{module}").game
            assert game.name == name, f"{module} registers {game.name!r}, not {name!r}"
            self._games[name] = game
        return self._games[name]

    def __setitem__(self, name: str, game: Game) -> None:
        self._modules.setdefault(name, "")
        self._games[name] = game

    def __delitem__(self, name: str) -> None:
        del self._modules[name]
        self._games.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)

    def __contains__(self, name: object) -> bool:
        return name in self._modules


GAMES: MutableMapping[str, Game] = Registry(_PLUGINS)
