"""The end as the rulebook has it: the 6th worker in the city ends the game; the appendix's two
variants let others play on. The record has no turns, so the variant only says who still plays;
the rules never refuse a late event for it. A quick tally names the trigger instead."""
from __future__ import annotations

import pytest

from companion import record
from companion.games.base import RuleError
from companion.games.oddville import rules

from .test_rules import anna_row, build, character, envelope, lose, refusal, square

SEATS = ("Anna", "Bence", "Csilla", "Dora")


def after_trigger(end: str, trigger_row: int = 0, trigger: str = "Bence") -> rules.State:
    state = rules.start({"end": end}, list(SEATS))
    for column in range(1, 7):
        state = rules.apply(state, build(trigger, trigger_row, column))
    return state


def test_before_the_6th_worker_everyone_still_plays():
    state = rules.start({"end": "base"}, list(SEATS))
    assert rules.still_to_play(state) == list(SEATS)
    assert all(rules.has_turn(state, p) for p in SEATS)


def test_base_end_the_trigger_finishes_that_turn_and_nobody_plays_on():
    state = after_trigger("base")
    assert rules.trigger(state) == "Bence" and rules.still_to_play(state) == []
    assert not any(rules.has_turn(state, p) for p in SEATS)


def test_variant_1_the_round_is_completed_up_to_the_last_seat():
    state = after_trigger("complete-round")
    assert rules.still_to_play(state) == ["Csilla", "Dora"]
    assert [rules.has_turn(state, p) for p in SEATS] == [False, False, True, True]


def test_variant_1_when_the_last_seat_triggers_nobody_plays_on():
    assert rules.still_to_play(after_trigger("complete-round", trigger="Dora")) == []


def test_variant_2_every_other_player_takes_one_last_turn_clockwise():
    state = after_trigger("last-turn", trigger="Csilla")
    assert rules.still_to_play(state) == ["Dora", "Anna", "Bence"]
    assert not rules.has_turn(state, "Csilla")


def test_a_late_build_is_still_a_legal_event_of_the_record():
    """Only the live screen asks about it: companion check accepts it."""
    events = [build("Bence", 0, c) for c in range(1, 7)] + [build("Anna", 1, 1), square("Bence")]
    replay = record.load({**envelope(SEATS, events), "options": {"end": "base"}})
    assert replay.state.cards[(1, 1)].owner == "Anna" and "Bence" in replay.state.square


def test_the_setup_puts_one_worker_of_each_player_on_the_resource_board():
    events = rules.setup(list(SEATS))
    assert events == [{"type": "resource_workers", "player": p, "count": 1, "setup": True}
                      for p in SEATS]
    result = record.load(envelope(SEATS, events)).result()
    assert [p["breakdown"]["resource_workers"] for p in result["players"]] == [1, 1, 1, 1]


def test_a_characters_printed_points_are_known_once_taken_and_kept_after_it_is_lost():
    state = rules.start({}, list(SEATS))
    assert rules.printed_points(state, "Builder") is None
    for event in (character("Anna", "Builder", 3), lose("Anna", "Builder")):
        state = rules.apply(state, event)
    assert rules.printed_points(state, "builder") == 3
    assert rules.printed_points(state, "Traveller") is None


def test_the_twelve_characters_of_the_rulebook():
    assert len(rules.CHARACTERS) == 12 and len({rules.key(c) for c in rules.CHARACTERS}) == 12
    assert rules.Character("Traveller", 0).traveller


def tally(events: list[dict]) -> rules.State:
    state = rules.start({"tally": True}, list(SEATS))
    for event in events:
        state = rules.apply(state, event)
    return state


def test_a_quick_tally_names_its_trigger_since_the_order_of_entry_means_nothing():
    state = tally([*anna_row(6), *[build("Bence", 1, c) for c in range(1, 7)]])
    assert rules.trigger(state) is None
    state = rules.apply(state, {"type": "trigger", "player": "Bence"})
    assert rules.trigger(state) == "Bence" and rules.has_turn(state, "Anna")
    assert rules.apply(state, {"type": "end", "trigger": "Bence"}).finished


def test_the_named_trigger_must_have_6_workers_in_the_city():
    state = tally(anna_row(5))
    with pytest.raises(RuleError) as caught:
        rules.apply(state, {"type": "trigger", "player": "Anna"})
    assert str(caught.value) == "Anna has 5 workers in the city: the trigger placed a 6th."


def test_a_live_table_never_names_the_trigger_by_hand():
    assert refusal(anna_row(6), {"type": "trigger", "player": "Anna"}) == (
        "The trigger is named only in a quick tally; at a live table it is the first player "
        "to place a 6th worker in the city.")


def test_the_tie_break_in_words_names_the_tied_the_trigger_and_the_winner():
    state = after_trigger("base", trigger="Bence")              # Bence: 6 diamonds, 24
    state = rules.apply(state, character("Dora", "Seignior", 24))
    assert rules.tie_break(state) == {"tied": ["Bence", "Dora"], "total": 24,
                                      "trigger": "Bence", "winner": "Bence"}
    assert rules.tie_break(rules.start({}, list(SEATS)))["winner"] is None
