"""Rounds and the Mayor: the host starts each round, the catalogue follows it (tiles built this
round greyed), the monuments follow it, and a record without rounds scores the same."""
from __future__ import annotations

import pytest

from companion import record
from companion.games.base import RuleError
from companion.games.quadropolis import rules


def b(player, row, column, kind, **printed):
    return {"type": "build", "player": player, "row": row, "column": column, "kind": kind,
            **printed}


def play(*events, mode="classic", players=("Anna", "Bence")):
    state = rules.start({"mode": mode}, list(players))
    for event in events:
        state = rules.apply(state, event)
    return state


def test_rounds_start_in_order_up_to_the_last_of_the_mode():
    assert play().round is None
    state = play({"type": "round", "round": 1}, {"type": "round", "round": 2})
    assert state.round == 2
    with pytest.raises(RuleError, match="next round is round 3, not 2"):
        rules.apply(state, {"type": "round", "round": 2})
    four = play(*({"type": "round", "round": n} for n in range(1, 5)))
    with pytest.raises(RuleError, match="4 rounds"):
        rules.apply(four, {"type": "round", "round": 5})
    assert play(*({"type": "round", "round": n} for n in range(1, 6)), mode="expert").round == 5


def test_a_record_without_rounds_scores_the_same_as_with_them():
    builds = [b("Anna", 1, 1, "tower", residents=3), b("Anna", 1, 2, "factory", energy=2),
              b("Bence", 2, 2, "shop")]
    envelope = {"format": "table-companion-record", "version": 1, "game": "quadropolis",
                "players": [{"name": "Anna"}, {"name": "Bence"}]}
    plain = record.load({**envelope, "events": builds}).result()
    rounds = record.load({**envelope, "events": [{"type": "round", "round": 1}, *builds[:2],
                                                 {"type": "round", "round": 2}, builds[2]]})
    assert rounds.result() == plain and rounds.state.round == 2


def test_the_catalogue_follows_the_round_and_greys_what_anyone_built_this_round():
    state = play({"type": "round", "round": 1}, b("Anna", 1, 1, "tower", residents=1),
                 b("Bence", 1, 1, "tower", residents=1))
    tiles = rules.catalogue(state)
    ones = [t["taken"] for t in tiles if t["kind"] == "tower" and t["residents"] == 1
            and not t.get("mayor")]
    assert ones == [True, True] and len(tiles) == 16        # round 1 for two players
    again = rules.apply(state, {"type": "round", "round": 2})
    assert not any(t["taken"] for t in rules.catalogue(again))
    assert rules.catalogue(play()) is None                  # no round: every face instead
    assert rules.catalogue(play({"type": "round", "round": 1}, mode="expert")) is None


def test_the_mayor_tile_takes_the_mayor_and_is_not_offered_in_the_last_round():
    state = play({"type": "round", "round": 1}, b("Bence", 2, 3, "tower", residents=1, mayor=True))
    assert (state.mayor, state.mayor_cell) == ("Bence", (2, 3))
    assert any(t.get("mayor") for t in rules.catalogue(state))
    last = play(*({"type": "round", "round": n} for n in range(1, 5)))
    assert not any(t.get("mayor") for t in rules.catalogue(last))
    assert not any(f.get("mayor") for f in rules.all_faces(last))


def test_expert_offers_one_monument_a_round_from_round_2_as_many_as_players():
    def offered(state):
        return any(f["kind"] == "monument" for f in rules.all_faces(state))
    rounds = [{"type": "round", "round": n} for n in range(1, 6)]
    assert not offered(play(rounds[0], mode="expert"))
    second = play(*rounds[:2], mode="expert")
    assert offered(second)
    assert not offered(rules.apply(second, b("Anna", 1, 1, "monument")))
    assert not offered(play(*rounds[:4], mode="expert"))          # two players: rounds 2 and 3
    assert offered(play(*rounds[:4], mode="expert", players=("A", "B", "C")))
    assert not any(f["kind"] == "monument" for f in rules.all_faces(play()))   # Classic


def test_a_cell_takes_any_tile_a_floor_of_its_stackable_kind_or_nothing_with_the_reason():
    state = play(b("Anna", 1, 1, "tower"), b("Anna", 1, 2, "shop"),
                 *[b("Anna", 2, 2, "tower")] * 4)
    assert rules.cell_takes(state, "Anna", (3, 3)) == (None, None)
    assert rules.cell_takes(state, "Anna", (1, 1)) == ("tower", None)
    assert "already holds a building (shop)" in str(rules.cell_takes(state, "Anna", (1, 2))[1])
    assert "already has 4 floors" in str(rules.cell_takes(state, "Anna", (2, 2))[1])


def test_the_next_round_is_suggested_once_everyone_has_built_four_times():
    start = [{"type": "round", "round": 1}]
    anna = [b("Anna", 1, c, "park") for c in range(1, 5)]
    assert not rules.round_done(play(*start, *anna))
    done = play(*start, *anna, *[b("Bence", 1, c, "park") for c in range(1, 5)])
    assert rules.round_done(done)
    assert not rules.round_done(rules.apply(done, {"type": "round", "round": 2}))
