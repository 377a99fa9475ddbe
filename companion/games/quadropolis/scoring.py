"""Scoring a Quadropolis city at the end (pure).

Scoring a city at the end: what stays (activated, or never needing activation) scores by the
digest's tables; what needs activation and is not activated is removed first. Pure.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from .data import Cell, Mat, kinds, mats, scores

CATEGORIES = ("towers", "shops", "public_services", "parks", "factories", "harbours", "offices",
              "monuments", "unused_residents", "pollution")
UNUSED_RESIDENT_POINTS = -1         # each resident neither activating nor a customer
POLLUTION_POINTS = -1               # each unused energy a park does not absorb
PARK_ABSORBS = 1                    # energy a (non-playground) park takes for free


@dataclass(frozen=True)
class Building:
    kind: str
    height: int = 1                     # floors of a stack
    vp: int = 0                         # printed VP (public services, harbours)
    absorbs: bool = True                # parks: a playground park absorbs no pollution


City = Mapping[Cell, Building]


def needs(building: Building) -> tuple[int, int] | None:
    """(residents, energy) that activate it; None when it never needs activation."""
    need = kinds()[building.kind].needs
    return None if need is None else (need["residents"], need["energy"])


def activatable(city: City) -> list[Cell]:
    return sorted(cell for cell, b in city.items() if needs(b) is not None)


def absorbers(city: City) -> int:
    return PARK_ABSORBS * sum(b.kind == "park" and b.absorbs for b in city.values())


def used(city: City, activated: Iterable[Cell], customers: Mapping[Cell, int]) -> tuple[int, int]:
    """Residents (activations and customers) and energy the allocation places."""
    residents = sum(customers.values())
    energy = 0
    for cell in activated:
        r, e = needs(city[cell]) or (0, 0)
        residents, energy = residents + r, energy + e
    return residents, energy


def longest(cells: set[Cell], step: tuple[int, int]) -> int:
    best = 0
    for r, c in cells:
        if (r - step[0], c - step[1]) not in cells:
            n = 1
            while (r + n * step[0], c + n * step[1]) in cells:
                n += 1
            best = max(best, n)
    return best


def groups(cells: set[Cell], mat: Mat) -> list[set[Cell]]:
    left, found = set(cells), []
    while left:
        group, todo = set(), [left.pop()]
        while todo:
            cell = todo.pop()
            group.add(cell)
            for n in mat.neighbours(cell):
                if n in left:
                    left.remove(n)
                    todo.append(n)
        found.append(group)
    return found


def score(mode: str, city: City, activated: Iterable[Cell], customers: Mapping[Cell, int],
          residents: int, energy: int) -> dict[str, int]:
    """The breakdown of a (legal) allocation, energy left over placed on parks at best."""
    mat, table = mats()[mode], scores()
    activated = set(activated)
    stays = {cell: b for cell, b in city.items() if needs(b) is None or cell in activated}
    of = lambda kind: {cell for cell, b in stays.items() if b.kind == kind}   # noqa: E731
    total = dict.fromkeys(CATEGORIES, 0)
    total["towers"] = sum(table.tower[stays[c].height] for c in of("tower"))
    total["shops"] = sum(table.shop[customers.get(c, 0)] for c in of("shop"))
    publics = of("public")
    total["public_services"] = (table.public[len({mat.district(c) for c in publics})]
                                + sum(stays[c].vp for c in publics))
    for park in of("park"):
        near = sum(n in stays and stays[n].kind in ("tower", "office") for n in mat.neighbours(park))
        total["parks"] += table.park[min(near, len(table.park) - 1)]
    for factory in of("factory"):
        total["factories"] += sum(table.factory.get(stays[n].kind, 0)
                                  for n in mat.neighbours(factory) if n in stays)
    harbours = of("harbour")
    total["harbours"] = (table.harbour[min(longest(harbours, (0, 1)), 5)]
                         + table.harbour[min(longest(harbours, (1, 0)), 5)]
                         + sum(stays[c].vp for c in harbours))
    for group in groups(of("office"), mat):
        row = table.office[min(len(group), 5) - 1]
        total["offices"] += sum(row[stays[c].height] for c in group)
    for monument in of("monument"):
        total["monuments"] += sum(table.monument[stays[n].kind]
                                  for n in mat.neighbours(monument) if n in stays)
    placed_residents, placed_energy = used(city, activated, customers)
    total["unused_residents"] = UNUSED_RESIDENT_POINTS * (residents - placed_residents)
    total["pollution"] = POLLUTION_POINTS * max(0, energy - placed_energy - absorbers(city))
    return total


def pieces(city: City, activated: Iterable[Cell], customers: Mapping[Cell, int],
           energy: int) -> int:
    """Residents and energy the player moves onto the city, energy on parks included."""
    placed_residents, placed_energy = used(city, activated, customers)
    return placed_residents + placed_energy + min(energy - placed_energy, absorbers(city))
