"""The optimiser is exact: on a thousand random small cities of both modes it finds the same
total as plain brute force, and the same fewest pieces among equal totals."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from companion.games.quadropolis.data import mats
from companion.games.quadropolis.optimiser import brute_force, optimise
from companion.games.quadropolis.scoring import Building
from tests.support import examples

KINDS = {"classic": ("tower", "shop", "public", "park", "factory", "harbour"),
         "expert": ("tower", "shop", "public", "park", "factory", "harbour", "office",
                    "monument")}


@st.composite
def cities(draw):
    mode = draw(st.sampled_from(("classic", "expert")))
    cells = draw(st.lists(st.sampled_from(mats()[mode].cells()), unique=True, max_size=8))
    city = {}
    for cell in cells:
        kind = draw(st.sampled_from(KINDS[mode]))
        city[cell] = Building(kind, draw(st.integers(1, 5 if mode == "expert" else 4)),
                              draw(st.integers(0, 2)), draw(st.booleans()))
    return mode, city, draw(st.integers(0, 9)), draw(st.integers(0, 9))


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cities())
def test_the_optimiser_agrees_with_brute_force(case):
    mode, city, residents, energy = case
    fast, slow = optimise(mode, city, residents, energy), brute_force(mode, city, residents, energy)
    assert (fast.total, fast.pieces) == (slow.total, slow.pieces)
    assert fast.total == sum(fast.breakdown.values())
