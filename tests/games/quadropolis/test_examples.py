"""Hand cases per building kind, and the rulebook's office example, scored and optimised."""
from __future__ import annotations

from companion.games.quadropolis.data import scores
from companion.games.quadropolis.optimiser import optimise, plan_of
from companion.games.quadropolis.scoring import Building, activatable, score, used

T, S, P, F, H, O, M = (Building(k) for k in ("tower", "shop", "park", "factory", "harbour",
                                            "office", "monument"))


def points(mode, city, activated, customers=None, residents=0, energy=0):
    return score(mode, city, activated, customers or {}, residents, energy)


def test_rulebook_office_example_three_adjacent_offices_two_of_height_2_one_of_3_score_19():
    city = {(1, 1): Building("office", 2), (1, 2): Building("office", 2),
            (1, 3): Building("office", 3)}
    assert points("expert", city, city, residents=3, energy=3)["offices"] == 19


def test_offices_apart_each_score_alone_and_a_group_of_six_uses_row_5():
    apart = {(1, 1): Building("office", 2), (1, 3): Building("office", 3)}
    assert points("expert", apart, apart, residents=2, energy=2)["offices"] == 1 + 3
    six = {(1, c): Building("office", 1) for c in range(1, 6)} | {(2, 1): Building("office", 1)}
    assert points("expert", six, six, residents=6, energy=6)["offices"] == 6 * 4


def test_towers_score_by_height_and_unactivated_towers_are_removed():
    city = {(1, 1): Building("tower", 3), (4, 4): Building("tower", 4)}
    assert points("classic", city, [(1, 1)], energy=1)["towers"] == 6
    assert optimise("classic", city, 0, 2).breakdown["towers"] == 16


def test_shops_score_by_customers_and_the_optimum_fills_one_shop_first():
    city = {(1, 1): S, (4, 4): S}
    assert points("classic", city, [(1, 1)], {(1, 1): 4}, 4, 1)["shops"] == 7
    best = optimise("classic", city, 5, 2)
    assert sorted(best.customers.values()) == [1, 4] and best.breakdown["shops"] == 8


def test_public_services_score_by_districts_plus_printed_vp():
    city = {(1, 1): Building("public", vp=2), (1, 2): Building("public"),
            (4, 4): Building("public", vp=1)}
    assert points("classic", city, city, residents=3)["public_services"] == 5 + 3


def test_parks_score_by_adjacent_activated_towers_a_stack_once():
    city = {(2, 2): P, (1, 2): Building("tower", 3), (2, 1): T, (3, 2): T}
    assert points("classic", city, [(1, 2), (2, 1)], energy=2)["parks"] == 4
    assert optimise("classic", city, 0, 3).breakdown["parks"] == 7


def test_factories_score_per_adjacent_shop_harbour_and_office():
    city = {(2, 2): F, (1, 2): S, (2, 1): H, (3, 2): O}
    assert points("expert", city, city, residents=3, energy=2)["factories"] == 2 + 3 + 4


def test_harbours_score_the_longest_row_and_column_line_and_a_gap_breaks_it():
    city = {(1, 1): H, (1, 2): H, (1, 3): H, (2, 1): H}
    assert points("classic", city, city, residents=4)["harbours"] == 7 + 3
    assert points("classic", city, [(1, 1), (1, 3), (2, 1)], residents=3)["harbours"] == 3


def test_monuments_score_their_staying_neighbours_and_the_optimum_drops_a_factory_beside_one():
    city = {(2, 2): M, (1, 2): P, (2, 1): S, (2, 3): F, (3, 2): Building("public")}
    assert points("expert", city, city, residents=2, energy=1)["monuments"] == 5 + 3 + 2 - 5
    best = optimise("expert", city, 2, 1)
    assert (2, 3) not in best.activated and best.breakdown["monuments"] == 10


def test_unused_residents_and_pollution_cost_one_each_parks_absorb_but_playgrounds_do_not():
    city = {(1, 1): P, (4, 4): Building("park", absorbs=False)}
    assert points("classic", city, [], residents=2, energy=3) | {} == {
        **points("classic", {}, [], residents=0), "unused_residents": -2, "pollution": -2}


def greedy(mode, city, residents, energy):
    """The tempting shortcut: from nothing, take the one change (a building on, one more
    customer) that raises the total most, until none does. Returns (total, activated)."""
    on, shoppers = set(), {}
    now = plan_of(mode, city, on, shoppers, residents, energy).total
    while True:
        steps = [(on | {c}, shoppers) for c in activatable(city) if c not in on]
        steps += [(on, {**shoppers, c: shoppers.get(c, 0) + 1}) for c in on
                  if city[c].kind == "shop" and shoppers.get(c, 0) < scores().shop_cap[mode]]
        steps = [s for s in steps if all(a <= b for a, b in zip(used(city, *s), (residents, energy)))]
        best = max(steps, key=lambda s: plan_of(mode, city, *s, residents, energy).total,
                   default=None)
        if best is None or plan_of(mode, city, *best, residents, energy).total <= now:
            return now, set(on)
        on, shoppers = best
        now = plan_of(mode, city, on, shoppers, residents, energy).total


def test_greedy_activation_is_wrong_removing_a_harbour_breaks_the_line():
    # four residents: the lone harbour's printed 3 VP is the best first step, but the line of
    # four (12) needs every resident; 3 VP plus a line of three is only 10
    city = {(1, 1): H, (1, 2): H, (1, 3): H, (1, 4): H, (4, 4): Building("harbour", vp=3)}
    best = optimise("classic", city, 4, 0)
    assert best.total == best.breakdown["harbours"] == 12 and (4, 4) not in best.activated
    assert greedy("classic", city, 4, 0)[0] == 10


def test_greedy_activation_is_wrong_a_monument_beside_a_factory():
    # the factory between two harbours and above a shop looks worth 8, but the monument above
    # it loses 5 and the three residents it takes are worth 7 as customers of the shop
    city = {(1, 2): M, (2, 2): F, (2, 1): H, (2, 3): H, (3, 2): S}
    best = optimise("expert", city, 4, 1)
    assert best.total == best.breakdown["shops"] == 7 and best.activated == ((3, 2),)
    total, activated = greedy("expert", city, 4, 1)
    assert total == 4 and (2, 2) in activated


def test_greedy_activation_is_wrong_an_office_group_pays_only_whole():
    # three offices of height 2 side by side score 5 each (15); one at a time each looks worth
    # no more than the tower of 3 floors, which takes the energy the group needs
    city = {(1, 1): Building("office", 2), (1, 2): Building("office", 2),
            (1, 3): Building("office", 2), (4, 5): Building("tower", 3)}
    best = optimise("expert", city, 3, 3)
    assert best.total == best.breakdown["offices"] == 15 and (4, 5) not in best.activated
    assert greedy("expert", city, 3, 3)[0] == 11


def test_greedy_activation_is_wrong_a_park_absorbs_the_energy_a_shop_would_use():
    # the park absorbs the one energy, so switching the shop on gains nothing by itself; only
    # its three customers (4 points, no unused residents) make it worth it
    city = {(1, 1): S, (4, 4): P}
    best = optimise("classic", city, 3, 1)
    assert best.total == 4 and best.customers == {(1, 1): 3}
    assert greedy("classic", city, 3, 1) == (-3, set())


def test_among_equal_totals_the_plan_moves_the_fewest_pieces():
    # the factory gains 4 beside the office and costs 5 beside the monument, for the resident
    # it saves: -1 either way, so the plan leaves it off the table
    city = {(1, 1): M, (1, 2): F, (1, 3): O}
    with_factory = score("expert", city, [(1, 2), (1, 3)], {}, 2, 1)
    best = optimise("expert", city, 2, 1)
    assert best.total == sum(with_factory.values()) == -1
    assert best.activated == ((1, 3),) and best.pieces == 2
    assert best.tied                        # so the screen says "fewest pieces"
    assert not optimise("classic", {(1, 1): T}, 0, 1).tied     # one best plan: nothing to say
