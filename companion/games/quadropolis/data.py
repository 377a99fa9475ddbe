"""Quadropolis as data: the mats, the buildings, the score tables, the tiles.

Quadropolis as data: the two city mats, what each building kind prints and needs, the score
tables, and the Classic tile catalogue. Loaded from JSON next to this file and validated on load,
so a mistyped table fails at import, not in the middle of a game. Pure: no Flask, no database.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Mapping

DATA = Path(__file__).with_name("data")
MODES = ("classic", "expert")
KINDS = ("tower", "shop", "public", "park", "factory", "harbour", "office", "monument")
PRINTS = ("residents", "energy", "vp")

Cell = tuple[int, int]                  # (row, column), 1-based


class DataError(ValueError):
    """A data file that does not say what the rules need."""


@dataclass(frozen=True)
class Mat:
    mode: str
    rows: int
    columns: int
    rounds: int
    districts: tuple[tuple[int, ...], ...]           # districts[row - 1][column - 1]
    numbers: tuple[tuple[int, ...], ...] | None      # Expert's printed cell numbers

    def cells(self) -> tuple[Cell, ...]:
        return tuple((r, c) for r in range(1, self.rows + 1) for c in range(1, self.columns + 1))

    def district(self, cell: Cell) -> int:
        return self.districts[cell[0] - 1][cell[1] - 1]

    def neighbours(self, cell: Cell) -> list[Cell]:
        r, c = cell
        return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 1 <= r + dr <= self.rows and 1 <= c + dc <= self.columns]


@dataclass(frozen=True)
class Kind:
    name: str
    expert_only: bool
    stack: Mapping[str, int] | None     # mode -> highest stack; None: not stackable
    needs: Mapping[str, int] | None     # residents and energy to activate; None: never needs
    prints: Mapping[str, int]           # the most a tile of this kind prints of each


def _read(name: str) -> Any:
    with open(DATA / name, encoding="utf-8") as file:
        return json.load(file)


def _check(condition: bool, what: str) -> None:
    if not condition:
        raise DataError(what)


def _whole(value: Any, low: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


def _grid(rows: Any, height: int, width: int, what: str) -> tuple[tuple[int, ...], ...]:
    _check(isinstance(rows, list) and len(rows) == height
           and all(isinstance(r, list) and len(r) == width and all(_whole(v, 1) for v in r)
                   for r in rows), f"{what} must be {height} rows of {width} numbers ≥ 1")
    return tuple(tuple(r) for r in rows)


@cache
def mats() -> dict[str, Mat]:
    raw = _read("mats.json")
    _check(sorted(raw) == sorted(MODES), "mats.json must define classic and expert")
    result = {}
    for mode in MODES:
        m = raw[mode]
        _check(all(_whole(m.get(k), 1) for k in ("rows", "columns", "rounds")),
               f"{mode}: rows, columns and rounds must be numbers ≥ 1")
        districts = _grid(m["districts"], m["rows"], m["columns"], f"{mode} districts")
        numbers = None if m.get("numbers") is None else _grid(
            m["numbers"], m["rows"], m["columns"], f"{mode} numbers")
        sizes: dict[int, int] = {}
        for row in districts:
            for d in row:
                sizes[d] = sizes.get(d, 0) + 1
        _check(set(sizes.values()) == {4}, f"{mode}: every district must have 4 cells")
        result[mode] = Mat(mode, m["rows"], m["columns"], m["rounds"], districts, numbers)
    return result


@cache
def kinds() -> dict[str, Kind]:
    raw = _read("kinds.json")
    _check(sorted(raw) == sorted(KINDS), f"kinds.json must define exactly {', '.join(KINDS)}")
    result = {}
    for name in KINDS:
        k = raw[name]
        stack, needs, prints = k.get("stack"), k.get("needs"), k.get("prints")
        _check(isinstance(k.get("expert_only"), bool), f"{name}: expert_only must be true/false")
        _check(stack is None or (isinstance(stack, dict) and stack and all(
            m in MODES and _whole(v, 2) for m, v in stack.items())), f"{name}: bad stack caps")
        _check(needs is None or (isinstance(needs, dict) and sorted(needs) == ["energy", "residents"]
               and all(_whole(v) for v in needs.values())), f"{name}: bad needs")
        _check(isinstance(prints, dict) and sorted(prints) == sorted(PRINTS)
               and all(_whole(v) for v in prints.values()), f"{name}: bad prints")
        result[name] = Kind(name, k["expert_only"], stack, needs, prints)
    return result


def _table(raw: Any, length: int, what: str) -> tuple[int, ...]:
    _check(isinstance(raw, list) and len(raw) == length and all(_whole(v) for v in raw)
           and raw[0] == 0 and all(a <= b for a, b in zip(raw, raw[1:])),
           f"{what} must be {length} increasing numbers from 0")
    return tuple(raw)


@dataclass(frozen=True)
class Scores:
    tower: tuple[int, ...]              # by height
    shop: tuple[int, ...]               # by customers
    shop_cap: Mapping[str, int]
    public: tuple[int, ...]             # by districts served
    park: tuple[int, ...]               # by adjacent towers (and offices)
    factory: Mapping[str, int]          # per adjacent kind
    harbour: tuple[int, ...]            # by line length
    office: tuple[tuple[int, ...], ...] # [group size - 1][height]
    monument: Mapping[str, int]         # per adjacent kind


@cache
def scores() -> Scores:
    raw = _read("scores.json")
    cap = raw["shop_cap"]
    _check(sorted(cap) == sorted(MODES) and all(_whole(v, 1) for v in cap.values()),
           "shop_cap must give both modes")
    _check(isinstance(raw["office_by_group_and_height"], list)
           and len(raw["office_by_group_and_height"]) == 5, "office table must have 5 rows")
    office = tuple(_table(row, 6, "office row") for row in raw["office_by_group_and_height"])
    _check(all(a <= b for r1, r2 in zip(office, office[1:]) for a, b in zip(r1, r2)),
           "office rows must grow with the group")
    factory, monument = raw["factory_per_neighbour"], raw["monument_per_neighbour"]
    _check(set(factory) <= set(KINDS) and all(_whole(v) for v in factory.values()),
           "factory points must be per kind")
    _check(sorted(monument) == sorted(KINDS) and all(isinstance(v, int) for v in monument.values()),
           "monument points must name every kind")
    return Scores(_table(raw["tower_by_height"], 6, "tower table"),
                  _table(raw["shop_by_customers"], max(cap.values()) + 1, "shop table"), cap,
                  _table(raw["public_by_districts"], 6, "public service table"),
                  _table(raw["park_by_towers"], 5, "park table"), factory,
                  _table(raw["harbour_by_line"], 6, "harbour table"), office, monument)


@cache
def classic_catalogue() -> dict[int, list[dict[str, Any]]]:
    """The Classic tiles per round, each with the fewest players that use it (for the picker)."""
    raw = _read("classic-tiles.json")
    rounds = raw.get("rounds")
    _check(isinstance(rounds, dict) and sorted(rounds) == ["1", "2", "3", "4"],
           "the catalogue must list rounds 1 to 4")
    allowed = kinds()
    for tiles in rounds.values():
        for tile in tiles:
            kind = allowed.get(tile.get("kind"))
            _check(kind is not None and not kind.expert_only, f"bad Classic tile {tile}")
            _check(tile.get("min_players") in (2, 3, 4), f"bad player count in {tile}")
            _check(all(_whole(tile.get(p, 0)) and tile.get(p, 0) <= kind.prints[p]
                       for p in PRINTS), f"tile {tile} prints more than its kind can")
    return {int(r): tiles for r, tiles in rounds.items()}


def classic_tiles(round_: int, players: int) -> list[dict[str, Any]]:
    """The Classic tiles laid out in ``round_`` for ``players`` players."""
    return [t for t in classic_catalogue()[round_] if t["min_players"] <= players]


@cache
def faces() -> dict[str, list[dict[str, Any]]]:
    """Every printed face a tile of each kind can have, for the picker by kind and values."""
    raw = _read("faces.json").get("faces")
    allowed = kinds()
    _check(isinstance(raw, dict) and sorted(raw) == sorted(KINDS), "faces must name every kind")
    result = {}
    for name in KINDS:
        for face in raw[name]:
            _check(all(_whole(face.get(p, 0)) and face.get(p, 0) <= allowed[name].prints[p]
                       for p in PRINTS), f"face {face} prints more than a {name} can")
            _check(not face.get("mayor") or name == "tower", f"only towers carry the Mayor: {face}")
            _check(face.get("absorbs", True) or name == "park", f"only parks absorb: {face}")
        result[name] = [{"kind": name, **face} for face in raw[name]]
    return result


def load_all() -> None:
    mats(), kinds(), scores(), classic_catalogue(), faces()


load_all()
