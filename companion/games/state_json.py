"""A game state as JSON-able data and back, exactly: ``load(dump(state)) == state``, with the same
types throughout (a tuple stays a tuple, a frozenset a frozenset, a cell-keyed dict a dict with
tuple keys, in its order). Pure: no Flask, no database; used by every game whose state is made of
frozen dataclasses, tuples, dicts, sets and plain values (a game with another kind of state gives
its rules core its own ``dump_state`` and ``load_state``).

The data says what each value is where JSON alone would not:

- ``None``, booleans, numbers and strings stand for themselves;
- a JSON array is a tuple;
- an object is tagged by its one key: ``{"d": [[key, value], ...]}`` a dict (any keys, in
  order), ``{"l": [...]}`` a list, ``{"f": [...]}`` a frozenset, ``{"s": [...]}`` a set,
  ``{"p": ...}`` a read-only mapping (``MappingProxyType``) over the dict given, and
  ``{"c": "module:Class", "v": {field: value, ...}}`` a dataclass of the games' own modules
  (only a dataclass defined under ``companion.games`` is ever made from the data).

A dataclass keeps its fields (its ``init`` ones, given to its constructor as they were); what a
``cached_property`` remembered is not data and is worked out again when asked.
"""
from __future__ import annotations

import dataclasses
import sys
from importlib import import_module
from types import MappingProxyType
from typing import Any

PACKAGE = __name__.rsplit(".", 1)[0]        # "companion.games": the only classes made from data


class StateDataError(ValueError):
    """Data that is not a state this codec wrote."""


def dump(value: Any) -> Any:
    """``value`` as JSON-able data (see the module's docstring)."""
    kind = type(value)
    if value is None or kind is bool or kind is int or kind is str or kind is float:
        return value
    if kind is tuple:
        return [dump(item) for item in value]
    if kind is dict:
        return {"d": [[dump(k), dump(v)] for k, v in value.items()]}
    if kind is frozenset:
        return {"f": [dump(item) for item in value]}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {"c": f"{kind.__module__}:{kind.__qualname__}",
                "v": {f.name: dump(getattr(value, f.name))
                      for f in dataclasses.fields(value) if f.init}}
    if kind is list:
        return {"l": [dump(item) for item in value]}
    if kind is set:
        return {"s": [dump(item) for item in value]}
    if kind is MappingProxyType:
        return {"p": dump(dict(value))}
    raise TypeError(f"a state holds a {kind.__qualname__}, which has no JSON form here")


def load(data: Any) -> Any:
    """The value ``data`` stands for (the inverse of :func:`dump`); StateDataError if it is no
    data :func:`dump` writes."""
    kind = type(data)
    if data is None or kind is bool or kind is int or kind is str or kind is float:
        return data
    if kind is list:
        return tuple(load(item) for item in data)
    if kind is not dict or len(data) not in (1, 2):
        raise StateDataError(f"not state data: {data!r:.80}")
    if "c" in data:
        cls = _dataclass(data["c"])
        fields = data.get("v")
        if not isinstance(fields, dict):
            raise StateDataError(f"no fields for {data['c']}")
        return cls(**{name: load(value) for name, value in fields.items()})
    if len(data) != 1:
        raise StateDataError(f"not state data: {data!r:.80}")
    (tag, inner), = data.items()
    if tag == "d":
        return {load(k): load(v) for k, v in inner}
    if tag == "f":
        return frozenset(load(item) for item in inner)
    if tag == "l":
        return [load(item) for item in inner]
    if tag == "s":
        return {load(item) for item in inner}
    if tag == "p":
        return MappingProxyType(load(inner))
    raise StateDataError(f"unknown tag {tag!r}")


_CLASSES: dict[str, type] = {}


def _dataclass(name: Any) -> type:
    """The dataclass ``module:Qualname`` names, from the games' own modules only."""
    found = _CLASSES.get(name) if isinstance(name, str) else None
    if found is not None:
        return found
    module_name, _, qualname = name.partition(":") if isinstance(name, str) else ("", "", "")
    if not (module_name == PACKAGE or module_name.startswith(PACKAGE + ".")) or not qualname:
        raise StateDataError(f"not a class of the games: {name!r:.80}")
    module = sys.modules.get(module_name)
    if module is None:
        try:
            module = import_module(module_name)
        except ImportError:
            raise StateDataError(f"no module {module_name!r}") from None
    cls: Any = module
    for part in qualname.split("."):
        cls = getattr(cls, part, None)
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
        raise StateDataError(f"not a dataclass of the games: {name!r:.80}")
    _CLASSES[name] = cls
    return cls
