"""The choices of a move, as data a screen carries: the steps a move is picked in and, for each
step, the values it offers given the values picked at the steps it depends on. A rules core
answers ``choices(state, player)`` in this shape; a phone walks a move through it with no
request until the act is sent (static/js/moves.js), and a test walks every path of it against
the core (every listed path enters, nothing else does).

    {"steps": [{"name": "colour", "by": []}, {"name": "number", "by": ["colour"]}, ...],
     "options": {"colour": {"": ["blue", ...]}, "number": {"blue": ["1", ...]}, ...}}

A step's options are keyed by the values picked at its ``by`` steps joined with "|" ("" for a
step that depends on none); every value is a string. A key missing means nothing to pick there.

A move may also carry ``extras``: values its picks come with, not picked in turn (Doodle City's
value a road circles, the default first and the lower ones the entry may name instead), listed
like a step's (``{"extras": [{"name": "circle", "by": ["cell", "shape"]}]}``, its values in
``options``); ``offered`` answers for them too, ``paths`` walks only the steps.

A move may name the steps it ``spends`` (``{"spent": ["cell"]}``): a value picked there is used
up once the move is entered (a cell built on, a die drawn with). A phone that keeps a move while
the table cannot be reached leaves those values out of its next move until the table answers,
so a move made twice offline is not offered twice.
"""
from __future__ import annotations

from typing import Any, Iterator, Mapping, Sequence

SEP = "|"


def make(steps: Sequence[tuple[str, Sequence[str]]],
         options: Mapping[str, Mapping[tuple[str, ...], Sequence[Any]]],
         extras: Sequence[tuple[str, Sequence[str]]] = (),
         spent: Sequence[str] = ()) -> dict[str, Any]:
    """Choices from ``steps`` (name, the earlier steps it depends on) and each step's options
    keyed by the tuple of those steps' values; values become strings, empty lists are left out.
    ``extras``: values the picks carry (name, the steps they depend on), keyed the same way;
    ``spent``: the steps whose value an entered move uses up."""
    made = {"steps": [{"name": name, "by": list(by)} for name, by in steps],
            "options": {name: {SEP.join(map(str, key)): [str(v) for v in values]
                               for key, values in options.get(name, {}).items() if values}
                        for name, _by in [*steps, *extras]}}
    if extras:
        made["extras"] = [{"name": name, "by": list(by)} for name, by in extras]
    if spent:
        made["spent"] = list(spent)
    return made


def offered(choices: Mapping[str, Any], step: str, picked: Mapping[str, str]) -> list[str]:
    """What ``step`` offers once the values in ``picked`` are chosen at the steps before it."""
    by = next(s["by"] for s in [*choices["steps"], *choices.get("extras", [])] if s["name"] == step)
    return list(choices["options"][step].get(SEP.join(picked[b] for b in by), []))


def paths(choices: Mapping[str, Any]) -> Iterator[dict[str, str]]:
    """Every complete move the choices offer: {step: value} for each step, in order."""
    steps = [s["name"] for s in choices["steps"]]

    def walk(picked: dict[str, str], rest: list[str]) -> Iterator[dict[str, str]]:
        if not rest:
            yield dict(picked)
            return
        for value in offered(choices, rest[0], picked):
            yield from walk({**picked, rest[0]: value}, rest[1:])
    yield from walk({}, steps)
