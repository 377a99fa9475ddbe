"""The allocation of residents and energy with the highest total, found exactly.

Removing an unactivated building changes its neighbours, districts, harbour lines and monument
bonuses, so the choice is a 0-1 programme over the cells that need activation. It is solved with
OR-Tools' CP-SAT, reached through OR-Tools' linear-solver wrapper, which (unlike CP-SAT's own
Python API) loads neither numpy nor pandas: every scoring table grows with what it counts, so
each step of a table becomes a yes/no variable that may only be true when the city allows it
(k parks' neighbours, a k-long harbour line, a district served, an office group of k); the
solver sets it wherever it pays.
Among allocations of equal total it returns one with the fewest pieces moved (residents and
energy placed, energy on parks included). :func:`brute_force` is the plain baseline the tests and
the benchmark compare with. Pure: no Flask, no database.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations, product
from typing import Mapping

from .data import Cell, mats, scores
from .scoring import City, absorbers, activatable, needs, pieces, score, used


@dataclass(frozen=True)
class Plan:
    activated: tuple[Cell, ...]
    customers: Mapping[Cell, int]       # only shops with at least one customer
    park_energy: int                    # energy laid on parks to absorb pollution
    breakdown: Mapping[str, int]
    total: int
    pieces: int
    tied: bool = False                  # other allocations reach the same total with more pieces


def plan_of(mode: str, city: City, activated, customers: Mapping[Cell, int], residents: int,
            energy: int) -> Plan:
    activated = tuple(sorted(activated))
    customers = {c: n for c, n in sorted(customers.items()) if n}
    breakdown = score(mode, city, activated, customers, residents, energy)
    energy_left = energy - used(city, activated, customers)[1]
    return Plan(activated, customers, min(energy_left, absorbers(city)), breakdown,
                sum(breakdown.values()), pieces(city, activated, customers, energy))


def connected_sets(cells: set[Cell], mode: str, most: int) -> set[frozenset[Cell]]:
    """Every connected set of up to ``most`` of ``cells``."""
    mat = mats()[mode]
    found: set[frozenset[Cell]] = set()
    layer = {frozenset([c]) for c in cells}
    while layer:
        found |= layer
        if len(next(iter(layer))) == most:
            break
        layer = {group | {n} for group in layer for c in group for n in mat.neighbours(c)
                 if n in cells and n not in group}
    return found


def optimise(mode: str, city: City, residents: int, energy: int) -> Plan:
    # OR-Tools' linear-solver wrapper loads with the first city to solve, never with the rules
    # alone; unlike CP-SAT's own Python API it needs neither numpy nor pandas
    from ortools.linear_solver import pywraplp

    mat, table = mats()[mode], scores()
    solver = pywraplp.Solver.CreateSolver("SAT")     # CP-SAT on the 0-1 programme, exactly
    if solver is None:                          # pragma: no cover - part of every OR-Tools wheel
        raise RuntimeError("OR-Tools offers no CP-SAT backend")
    solver.SetNumThreads(1)                     # deterministic: the same plan on every screen
    boolean = solver.BoolVar
    x = {c: boolean(f"x{c}") for c in activatable(city)}
    kind = {c: b.kind for c, b in city.items()}
    points: list = []                   # coefficient * variable terms
    constant = 0

    def stays(cell: Cell):
        return x.get(cell, 1)           # parks and monuments always stay

    def steps(values, top: int, tab, name: str) -> None:
        """Table ``tab`` by a count: step k may be taken only if the count reaches k."""
        total = solver.Sum(values)
        for k in range(1, top + 1):
            gain = tab[k] - tab[k - 1]
            if gain:
                step = boolean(f"{name}{k}")
                solver.Add(k * step <= total)
                points.append(gain * step)

    def both(a, b):
        if isinstance(b, int):          # b always stays
            return a
        z = boolean("")
        solver.Add(z <= a)
        solver.Add(z <= b)
        return z

    cap = table.shop_cap[mode]
    customers: dict[Cell, list] = {}
    for cell, b in city.items():
        if b.kind == "tower":
            points.append(table.tower[b.height] * x[cell])
        elif b.kind == "shop":
            customers[cell] = [boolean(f"s{cell}{k}") for k in range(1, cap + 1)]
            solver.Add(solver.Sum(customers[cell]) <= x[cell])
            points.extend(table.shop[k] * w for k, w in enumerate(customers[cell], 1))
        elif b.kind in ("public", "harbour"):
            points.append(b.vp * x[cell])
        elif b.kind == "park":
            near = [x[n] for n in mat.neighbours(cell) if kind.get(n) in ("tower", "office")]
            steps(near, min(len(near), len(table.park) - 1), table.park, f"p{cell}")
        elif b.kind == "factory":
            for n in mat.neighbours(cell):
                if table.factory.get(kind.get(n), 0):
                    points.append(table.factory[kind[n]] * both(x[cell], stays(n)))
        elif b.kind == "monument":
            for n in mat.neighbours(cell):
                if n in kind:
                    if n in x:
                        points.append(table.monument[kind[n]] * x[n])
                    else:
                        constant += table.monument[kind[n]]
    districts: dict[int, list] = {}
    for cell in sorted(c for c in city if kind[c] == "public"):
        districts.setdefault(mat.district(cell), []).append(x[cell])
    served = []
    for d, members in districts.items():
        served.append(boolean(f"d{d}"))
        solver.Add(served[-1] <= solver.Sum(members))
    steps(served, min(len(served), len(table.public) - 1), table.public, "d")
    harbours = {c for c in city if kind[c] == "harbour"}
    for step in ((0, 1), (1, 0)):
        by_length: dict[int, list] = {}
        for r, c in harbours:
            line = [(r, c)]
            while len(line) < len(table.harbour) - 1 and (
                    nxt := (r + len(line) * step[0], c + len(line) * step[1])) in harbours:
                line.append(nxt)
                seg = boolean("")
                for cell in line:
                    solver.Add(seg <= x[cell])
                by_length.setdefault(len(line), []).append(seg)
        for k, segs in by_length.items():
            reach = boolean(f"h{step}{k}")
            solver.Add(reach <= solver.Sum(segs))
            points.append((table.harbour[k] - table.harbour[k - 1]) * reach)
    offices = {c for c in city if kind[c] == "office"}
    sets = connected_sets(offices, mode, len(table.office))
    whole = {}
    for group in sets:
        if len(group) > 1:
            whole[group] = boolean("")
            for cell in group:
                solver.Add(whole[group] <= x[cell])
    for cell in offices:
        h = city[cell].height
        points.append(table.office[0][h] * x[cell])
        for k in range(2, len(table.office) + 1):
            gain = table.office[k - 1][h] - table.office[k - 2][h]
            groups = [v for g, v in whole.items() if len(g) == k and cell in g]
            if gain and groups:
                big = boolean("")
                solver.Add(big <= solver.Sum(groups))
                points.append(gain * big)
    placed_residents = solver.Sum(
        [needs(city[c])[0] * v for c, v in x.items()]
        + [k * w for ws in customers.values() for k, w in enumerate(ws, 1)])
    placed_energy = solver.Sum([needs(city[c])[1] * v for c, v in x.items()])
    solver.Add(placed_residents <= residents)
    solver.Add(placed_energy <= energy)
    park_energy = solver.IntVar(0, min(absorbers(city), energy), "parks")
    solver.Add(park_energy <= energy - placed_energy)
    total = (solver.Sum(points) + constant + placed_residents - residents
             - (energy - placed_energy - park_energy))
    moved = placed_residents + placed_energy + park_energy
    weight = residents + energy + 1             # more than any number of pieces moved
    solver.Maximize(weight * total - moved)
    status = solver.Solve()
    if status != pywraplp.Solver.OPTIMAL:       # pragma: no cover - the model is always feasible
        raise RuntimeError(f"the optimiser stopped without an optimum (status {status})")
    chosen = [c for c, v in x.items() if round(v.solution_value())]
    counts = {c: sum(k * round(w.solution_value()) for k, w in enumerate(ws, 1))
              for c, ws in customers.items()}
    plan = plan_of(mode, city, chosen, counts, residents, energy)
    least = round(moved.solution_value())
    assert round(solver.Objective().Value()) + least == weight * plan.total, \
        "the model and the scorer disagree"
    # is there another way to the same total? then the plan is the one with the fewest pieces
    solver.Add(total == plan.total)
    solver.Add(moved >= least + 1)
    solver.Objective().Clear()
    return replace(plan, tied=solver.Solve() in (pywraplp.Solver.OPTIMAL,
                                                 pywraplp.Solver.FEASIBLE))


@lru_cache(maxsize=512)
def _optimise_frozen(mode: str, city: frozenset, residents: int, energy: int) -> Plan:
    return optimise(mode, dict(city), residents, energy)


def optimise_cached(mode: str, city: City, residents: int, energy: int) -> Plan:
    """:func:`optimise`, remembered by city and resources: a table's version and player ask
    the same question on every screen and poll, so the solver runs once for it."""
    return _optimise_frozen(mode, frozenset(city.items()), residents, energy)


def brute_force(mode: str, city: City, residents: int, energy: int) -> Plan:
    """Every subset of cells to activate, every spread of customers: the plain baseline."""
    cap = scores().shop_cap[mode]
    cells = activatable(city)
    best: Plan | None = None
    for size in range(len(cells) + 1):
        for chosen in combinations(cells, size):
            need_r, need_e = used(city, chosen, {})
            if need_r > residents or need_e > energy:
                continue
            shops = [c for c in chosen if city[c].kind == "shop"]
            for counts in product(range(cap + 1), repeat=len(shops)):
                if need_r + sum(counts) > residents:
                    continue
                plan = plan_of(mode, city, chosen, dict(zip(shops, counts)), residents, energy)
                if best is None or (plan.total, -plan.pieces) > (best.total, -best.pieces):
                    best = plan
    assert best is not None
    return best
