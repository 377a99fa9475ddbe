"""Quadropolis' choices of a build (``rules.choices``): a cell, then a tile as the picker posts
it; every build listed enters, nothing next to them does."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.games.base import RuleError
from companion.games.quadropolis import data, rules
from companion.games.quadropolis.web import tile_of

from ..choices_walk import sample, swaps
from tests.support import examples

NAMES = ("Anna", "Bence", "Csilla", "Dora")
FACES = [face for found in data.faces().values() for face in found]


def b(player, row, column, kind, **printed):
    return {"type": "build", "player": player, "row": row, "column": column, "kind": kind,
            **printed}


def play(*events, mode="classic", players=NAMES[:2]):
    state = rules.start({"mode": mode}, list(players))
    for event in events:
        state = rules.apply(state, event)
    return state


def event_of(player: str, path: dict[str, str]) -> dict:
    """The build a phone posts for a cell and a tile picked through the choices."""
    row, column = map(int, path["cell"].split("-"))
    return rules.build_event(player, (row, column), tile_of(path["tile"]))


def test_a_full_stack_and_a_building_take_nothing_and_the_rounds_tiles_come_first():
    state = play({"type": "round", "round": 1},
                 b("Anna", 1, 1, "tower", residents=3), b("Anna", 1, 1, "tower", residents=2),
                 b("Anna", 1, 1, "tower", residents=1, mayor=True),
                 b("Anna", 1, 1, "tower", residents=1),      # 4 floors: the most in Classic
                 b("Bence", 1, 2, "shop"), b("Anna", 1, 2, "park"), b("Bence", 1, 1, "tower"))
    mine, theirs = rules.choices(state, "Anna")["options"], rules.choices(state, "Bence")["options"]
    assert "1-1" not in mine["cell"][""] and "1-2" not in mine["cell"][""]
    assert len(mine["cell"][""]) == 14
    # the round's tiles not built yet (a tower of 1, the factories, ...), then the rest
    assert mine["tile"]["2-1"][:10] == [
        "tower.1.0.0.0.1", "factory.0.3.0.0.1", "factory.0.2.0.0.1", "factory.0.1.0.0.1",
        "harbour.2.0.0.0.1", "harbour.0.2.0.0.1", "public.0.0.2.0.1", "public.0.0.0.0.1",
        "shop.0.0.0.0.1", "park.0.0.0.0.1"]
    assert len(mine["tile"]["2-1"]) == 56 and not any(
        code.startswith(("office", "monument")) for code in mine["tile"]["2-1"])
    # a floor on Bence's tower: towers only, with or without the Mayor
    assert theirs["tile"]["1-1"] == [
        "tower.1.0.0.0.1", "tower.2.0.0.0.1", "tower.3.0.0.0.1", "tower.1.0.0.1.1",
        "tower.0.0.0.0.1", "tower.0.0.0.1.1", "tower.2.0.0.1.1", "tower.3.0.0.1.1"]
    assert "1-2" not in theirs["cell"][""]


def test_the_tile_codes_read_back_as_the_faces_they_name():
    for face in rules.every_face(play(mode="expert")):
        assert rules.face_of(tile_of(rules.tile_code(face))) == rules.face_of(face)


@st.composite
def states(draw) -> tuple[rules.State, list[str]]:
    """A random city: rounds, passes and builds of faces the picker shows, on random cells
    (those the rules refuse are left out)."""
    mode = draw(st.sampled_from(data.MODES))
    players = list(NAMES[:draw(st.integers(2, 4))])
    state = rules.start({"mode": mode}, players)
    for _ in range(draw(st.integers(0, 50))):
        player, act = draw(st.sampled_from(players)), draw(st.integers(0, 9))
        if act == 0:
            event = {"type": "round", "round": (state.round or 0) + 1}
        elif act == 1:
            event = {"type": "pass", "player": player}
        else:
            cell = draw(st.sampled_from(data.mats()[mode].cells()))
            event = rules.build_event(player, cell, draw(st.sampled_from(FACES)))
        try:
            state = rules.apply(state, event)
        except RuleError:
            pass
    return state, players


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states(), st.data())
def test_every_build_offered_enters_and_the_builds_next_to_them_are_refused(played, data_):
    state, players = played
    player = data_.draw(st.sampled_from(players))
    choices = rules.choices(state, player)
    rnd = data_.draw(st.randoms(use_true_random=False))
    expert = data.mats()["expert"]
    domains = {"cell": [f"{r}-{c}" for r, c in expert.cells()],
               "tile": [rules.tile_code(f) for f in rules.every_face(replace(state, mode="expert"))]}
    for n, path in enumerate(sample(choices, rnd)):
        after = rules.apply(state, event_of(player, path))
        # the cell is spent on the phone: after it, the rules offer there a floor of the same
        # kind at most, never another kind (what a repeated tap would build is a floor)
        assert choices["spent"] == ["cell"]
        kind = path["tile"].split(".")[0]
        assert n > 1 or all(code.split(".")[0] == kind for code in
                            rules.choices(after, player)["options"]["tile"].get(path["cell"], []))
        for other in swaps(choices, path, domains, rnd):
            with pytest.raises(RuleError):
                rules.apply(state, event_of(player, other))


def test_the_choices_of_a_mid_game_expert_city_stay_small():
    state = play({"type": "round", "round": 1}, {"type": "round", "round": 2},
                 b("Anna", 1, 1, "tower", residents=2), b("Anna", 1, 2, "factory", energy=3),
                 b("Anna", 2, 2, "office"), b("Anna", 2, 3, "park", residents=1),
                 b("Anna", 3, 1, "harbour", vp=2), b("Anna", 3, 3, "shop"),
                 mode="expert", players=NAMES)
    size = len(json.dumps(rules.choices(state, "Anna")))
    assert size < 30_000, size
    assert len(json.dumps(rules.choices(play(mode="expert"), "Anna"))) < 30_000   # the most
