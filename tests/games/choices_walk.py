"""Walking a rules core's choices (``games.choices``) in tests: random complete moves, and the
moves next to them that the choices do not offer."""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from companion.games.choices import offered


def steps(choices: Mapping[str, Any]) -> list[str]:
    return [s["name"] for s in choices["steps"]]


def walk(choices: Mapping[str, Any], rnd: random.Random) -> dict[str, str] | None:
    """A random complete move, one offered value at each step; None when nothing is offered.
    A step that offers nothing once an earlier value is picked is a dead end the phone could
    not leave: it fails."""
    picked: dict[str, str] = {}
    for step in steps(choices):
        values = offered(choices, step, picked)
        if not values:
            assert not picked, f"a dead end at {step!r} after {picked}"
            return None
        picked[step] = rnd.choice(values)
    return picked


def sample(choices: Mapping[str, Any], rnd: random.Random, most: int = 50) -> list[dict[str, str]]:
    """Up to ``most`` random complete moves (the same one may come twice)."""
    found = [walk(choices, rnd) for _ in range(most)]
    return [path for path in found if path is not None]


def is_offered(choices: Mapping[str, Any], path: Mapping[str, str]) -> bool:
    return all(path[step] in offered(choices, step, path) for step in steps(choices))


def swaps(choices: Mapping[str, Any], path: Mapping[str, str],
          domains: Mapping[str, Sequence[Any]], rnd: random.Random,
          most: int = 3) -> list[dict[str, str]]:
    """Moves next to ``path`` that the choices do not offer: one step's value changed to up to
    ``most`` values of that step's whole domain."""
    step = rnd.choice(steps(choices))
    others = [str(v) for v in domains[step] if str(v) != path[step]]
    changed = [{**path, step: value} for value in others]
    missing = [p for p in changed if not is_offered(choices, p)]
    return rnd.sample(missing, min(most, len(missing)))
