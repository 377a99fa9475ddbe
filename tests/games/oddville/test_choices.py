"""OddVille's choices of a build (``rules.choices``): a free spot, the VP rule, its number, the
guild a per-guild card counts, the guild symbol, the shield and the edges; every build listed
enters, and a build next to them enters only when it is one the choices list."""
from __future__ import annotations

import json
from itertools import product
from types import SimpleNamespace

from hypothesis import given, settings, strategies as st

from companion.games.base import RuleError
from companion.games.choices import paths
from companion.games.oddville import rules
from companion.games.oddville.web import build_event

from ..choices_walk import is_offered, sample, swaps
from .test_properties import SETTINGS, games
from .test_rules import build, end, fold, square
from tests.support import examples

EDGES = ["", *("".join(p) for p in product("sb", repeat=4))]


def event_of(player: str, path: dict[str, str]) -> dict:
    """The build a phone posts for a move picked through the choices (the build sheet's fields)."""
    row, column = map(int, path["spot"].split("_"))
    diamond = path["rule"] == "diamond"
    number = int(path["number"]) if path["number"] else None
    edges = path["edges"] or "????"
    fields = {"row": row, "column": column, "rule": path["rule"],
              "number": None if diamond else number, "points": number if diamond else None,
              "named": path["named"], "guild": path["guild"], "shield": int(path["shield"]),
              "builder": False, **{f"edge_{side}": edge for side, edge in zip("nesw", edges)}}
    form = SimpleNamespace(**{name: SimpleNamespace(data=value) for name, value in fields.items()})
    return build_event(form, player)


def path_of(event: dict) -> dict[str, str]:
    """The move through the choices that enters ``event``."""
    vp = event["vp"]
    number = vp["points"] if vp["rule"] == "diamond" else vp.get("base", "")
    return {"spot": f"{event['row']}_{event['column']}", "rule": vp["rule"], "number": str(number),
            "named": vp.get("guild") or "", "guild": event.get("guild", ""),
            "shield": str(event.get("shield", 0)), "edges": event.get("edges", "")}


def test_the_spots_beside_the_city_and_the_edges_its_neighbours_fix():
    state = fold([build("Anna", 0, 1, edges="bsbs"), build("Bence", 1, 0)])
    choices = rules.choices(state, "Csilla")
    options = choices["options"]
    assert [s["name"] for s in choices["steps"]] == [
        "spot", "rule", "number", "named", "guild", "shield", "edges"]
    assert options["spot"] == {"": ["0_-1", "0_2", "1_-1", "1_1", "2_0"]}
    assert options["number"]["diamond"] == ["4", "5"]
    assert options["number"]["shields"] == options["number"]["three_per_neighbour"] == [""]
    assert options["number"]["per_row"] == ["", "0", "1", "2", "3", "4", "5", "6"]
    assert options["named"]["per_guild"] == list(rules.GUILDS)
    assert options["named"]["per_row"] == [""]
    # north: the building side of Anna's card; west: Bence's card, its edges not entered
    assert options["edges"]["1_1"] == ["", *("b" + "".join(p) for p in product("sb", repeat=3))]
    assert options["edges"]["0_-1"][:2] == ["", "ssss"] and len(options["edges"]["0_-1"]) == 9


def test_edges_all_four_neighbours_fix_come_first_and_not_entered_second():
    cards = [(0, 1), (0, 2), (1, 2), (1, 0), (2, 0), (2, 1)]
    state = fold([build("Anna", r, c, edges="ssss") for r, c in cards])
    assert rules.choices(state, "Bence")["options"]["edges"]["1_1"] == ["ssss", ""]


def test_nothing_is_offered_once_finished_or_with_every_figure_in_the_city():
    assert list(paths(rules.choices(fold([build("Anna", 0, 1), end()]), "Anna"))) == []
    spots = [(0, c) for c in range(1, 9)]
    state = fold([square("Anna"), *(build("Anna", r, c) for r, c in spots)])
    assert rules.workers_in_city(state, "Anna") == rules.FIGURES
    assert rules.choices(state, "Anna")["options"]["spot"] == {}
    assert rules.choices(state, "Bence")["options"]["spot"]


def domains(state: rules.State) -> dict[str, list]:
    """Each step's values, offered or not: spots around the city (and above it), every rule,
    number, guild, shield and edges the build sheet has."""
    west, east, low = rules.bounds(state)
    spots = [f"{r}_{c}" for r in range(-1, low + 2) for c in range(west - 1, east + 2)]
    return {"spot": spots, "rule": list(rules.RULES),
            "number": ["", *map(str, rules.BASES)], "named": ["", *rules.GUILDS],
            "guild": ["", *rules.GUILDS], "shield": list(rules.SHIELDS), "edges": EDGES}


@settings(SETTINGS, max_examples=examples(20))
@given(games(may_end=False), st.data())
def test_every_build_offered_enters_and_a_build_next_to_them_only_if_listed(played, data):
    state = played.states[-1]
    player = data.draw(st.sampled_from(played.players))
    choices = rules.choices(state, player)
    rnd = data.draw(st.randoms(use_true_random=False))
    for path in sample(choices, rnd):
        event = event_of(player, path)
        after = rules.apply(state, event)
        assert is_offered(choices, path_of(event))
        assert choices["spent"] == ["spot"]       # a spot built on: offered to no one after
        assert all(path["spot"] not in rules.choices(after, p)["options"].get("spot", {}).get("", [])
                   for p in played.players)
        for other in swaps(choices, path, domains(state), rnd):
            event = event_of(player, other)
            try:
                rules.apply(state, event)
            except RuleError:
                continue
            # entered: the same card as one listed (a diamond's default 4, a base as the key,
            # a per-guild card's own guild, a number a rule without one ignores)
            assert is_offered(choices, path_of(event)), (other, event)


def test_the_choices_of_a_mid_game_city_stay_small():
    cells = [(0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (0, -1), (1, -1), (2, 0), (2, 1), (0, 3),
             (2, -1), (3, 0), (3, 1), (0, -2), (1, 3)]
    # edges not entered: every spot offers the most edges
    state = fold([build(("Anna", "Bence", "Csilla")[i % 3], r, c) for i, (r, c) in enumerate(cells)])
    size = len(json.dumps(rules.choices(state, "Anna")))
    assert size < 30_000, size
