"""Score pad rules, read like the record contract's score-pad section."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from companion import record
from companion.games.base import RuleError
from tests.support import examples

NAMES = ["Anna", "Bence", "Csilla"]


def pad(events, lowest_wins=None, players=NAMES):
    options = {} if lowest_wins is None else {"lowest_wins": lowest_wins}
    return {"format": "table-companion-record", "version": 1, "game": "score-pad",
            "options": options, "players": [{"name": n} for n in players], "events": events}


def points(player, round_, value):
    return {"type": "points", "player": player, "round": round_, "points": value}


def test_totals_sum_every_round_and_details_list_rounds_with_zero_where_missing():
    result = record.load(pad([points("Anna", 1, 10), points("Bence", 1, 7),
                              points("Anna", 3, -2)])).result()
    anna, bence, csilla = result["players"]
    assert (anna["total"], bence["total"], csilla["total"]) == (8, 7, 0)
    assert anna["details"]["rounds"] == [10, 0, -2]
    assert bence["details"]["rounds"] == [7, 0, 0]
    assert csilla["details"]["rounds"] == [0, 0, 0]
    assert anna["breakdown"] == {"points": 8}
    assert result["winners"] == ["Anna"]


def test_a_later_entry_for_the_same_player_and_round_replaces_the_earlier():
    result = record.load(pad([points("Anna", 1, 10), points("Anna", 1, 4)])).result()
    assert result["players"][0]["total"] == 4


def test_highest_total_wins_by_default_and_ties_share_the_rank():
    result = record.load(pad([points("Anna", 1, 5), points("Bence", 1, 9),
                              points("Csilla", 1, 5)])).result()
    assert [p["rank"] for p in result["players"]] == [2, 1, 2]
    assert result["winners"] == ["Bence"]


def test_lowest_total_wins_when_the_option_says_so():
    result = record.load(pad([points("Anna", 1, 5), points("Bence", 1, 9),
                              points("Csilla", 1, 5)], lowest_wins=True)).result()
    assert [p["rank"] for p in result["players"]] == [1, 3, 1]
    assert result["winners"] == ["Anna", "Csilla"]


def test_finished_only_after_an_end_event():
    assert record.load(pad([points("Anna", 1, 5)])).result()["finished"] is False
    assert record.load(pad([points("Anna", 1, 5), {"type": "end"}])).result()["finished"] is True


@pytest.mark.parametrize("event, reason", [
    (points("Dora", 1, 5), "not a player"),
    (points("Anna", 0, 5), "round must be a whole number"),
    (points("Anna", 1.5, 5), "round must be a whole number"),
    (points("Anna", True, 5), "round must be a whole number"),
    (points("Anna", 1, "5"), "Points must be a whole number"),
    (points("Anna", 1, 2_000_000), "Points must be a whole number"),
    ({"type": "draw", "player": "Anna"}, "no 'draw' event"),
])
def test_a_bad_event_is_refused_naming_its_number_and_type(event, reason):
    with pytest.raises(record.RecordError) as refused:
        record.load(pad([points("Bence", 1, 3), event]))
    assert str(refused.value).startswith(f"event 2 ({event['type']}): ")
    assert reason in str(refused.value)


def test_bad_options_are_refused():
    with pytest.raises(record.RecordError, match="lowest_wins must be true or false"):
        record.load(pad([], lowest_wins="yes"))


# --- property tests -------------------------------------------------------------------------

events = st.lists(st.builds(points, st.sampled_from(NAMES), st.integers(1, 12),
                            st.integers(-50, 200)), max_size=40)


@settings(max_examples=examples(200), deadline=None)
@given(events, st.booleans())
def test_replaying_an_exported_record_gives_the_same_scores(evs, lowest):
    original = record.load(pad(evs, lowest))
    exported = json.loads(json.dumps(pad(original.events, lowest)))
    assert record.load(exported).result() == original.result()


@settings(max_examples=examples(200), deadline=None)
@given(events, st.data())
def test_every_prefix_replays_to_the_state_reached_step_by_step(evs, data):
    cut = data.draw(st.integers(0, len(evs)))
    step = record.load(pad([]))
    for event in evs[:cut]:
        step = step.then(event)
    assert record.load(pad(evs[:cut])).state == step.state


@settings(max_examples=examples(200), deadline=None)
@given(events, st.sampled_from([points("Nobody", 1, 1), points("Anna", 0, 1),
                                points("Anna", 1, "x"), {"type": "undo", "event": 999}]))
def test_a_refused_event_changes_nothing(evs, bad):
    before = record.load(pad(evs))
    state, result = before.state, before.result()
    with pytest.raises(RuleError):
        before.then(bad)
    assert before.state == state and before.result() == result and len(before.events) == len(evs)


@settings(max_examples=examples(150), deadline=None)
@given(events.filter(bool), st.data())
def test_undoing_an_act_scores_as_if_it_never_happened(evs, data):
    target = data.draw(st.integers(0, len(evs) - 1))
    with_undo = record.load(pad([*evs, {"type": "undo", "event": target + 1}]))
    without = record.load(pad(evs[:target] + evs[target + 1:]))
    assert with_undo.result() == without.result()
    assert with_undo.undone == {target: len(evs)}


def test_the_shared_screen_offers_the_first_empty_cell_seats_clockwise_then_the_next_round():
    from companion.games.score_pad.rules import next_empty
    assert next_empty(record.load(pad([])).state) == (0, 1, None)
    assert next_empty(record.load(pad([points("Anna", 1, 3)])).state) == (1, 1, None)
    # phones entered round 1 for Bence and Csilla: Anna's round 1 is the empty one, not round 2
    assert next_empty(record.load(pad([points("Bence", 1, 3), points("Csilla", 1, 1)])).state) == (0, 1, None)
    full = [points(p, 1, 2) for p in ("Anna", "Bence", "Csilla")]
    assert next_empty(record.load(pad(full)).state) == (0, 2, None)


def test_a_phone_is_offered_its_first_round_without_points():
    from companion.games.score_pad.rules import next_round
    state = record.load(pad([points("Anna", 1, 3), points("Anna", 3, 1)])).state
    assert next_round(state, "Anna") == 2 and next_round(state, "Bence") == 1


def test_missing_rounds_are_those_up_to_the_last_round_played():
    from companion.games.score_pad.rules import missing
    state = record.load(pad([points("Anna", 1, 3), points("Anna", 3, 1), points("Csilla", 2, 5)])).state
    assert missing(state) == {"Anna": [(2, None)], "Bence": [(1, None), (2, None), (3, None)],
                              "Csilla": [(1, None), (3, None)]}
