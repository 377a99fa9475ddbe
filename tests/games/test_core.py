"""What every game's rules share: an event applied by its type, whole numbers, seat order."""
from __future__ import annotations

import pytest

from companion.games.core import clockwise, dispatch, fewest_turns, whole
from companion.errors import RuleError

UNKNOWN = "This game has no %(type)r event."
SEATS = ("Anna", "Bence", "Csilla", "Dani")


def add(total, event):
    return total + event["points"]


def stop(total, event):
    return -total


HANDLERS = {"add": add, "stop": stop}


def test_an_event_goes_to_the_handler_for_its_type():
    assert dispatch(HANDLERS, 3, {"type": "add", "points": 4}, unknown=UNKNOWN) == 7
    assert dispatch(HANDLERS, 3, {"type": "stop"}, unknown=UNKNOWN) == -3


@pytest.mark.parametrize("kind", ["jump", "ADD", "", None, 7, ["add"], True])
def test_a_type_the_game_lacks_or_not_a_string_is_refused_in_the_game_s_words(kind):
    event = {"points": 4} if kind is None else {"type": kind, "points": 4}
    with pytest.raises(RuleError) as refused:
        dispatch(HANDLERS, 3, event, unknown=UNKNOWN)
    assert refused.value.message == UNKNOWN
    assert refused.value.params == {"type": kind}
    assert str(refused.value) == f"This game has no {kind!r} event."


def test_the_common_check_sees_the_state_and_type_before_the_handler():
    seen = []

    def closed(total, kind):
        seen.append((total, kind))
        if total > 10:
            raise RuleError("The game is finished; nothing more can be entered.")

    assert dispatch(HANDLERS, 3, {"type": "add", "points": 9}, unknown=UNKNOWN,
                    before=closed) == 12
    with pytest.raises(RuleError, match="finished"):
        dispatch(HANDLERS, 12, {"type": "add", "points": 1}, unknown=UNKNOWN, before=closed)
    assert seen == [(3, "add"), (12, "add")]


def test_an_unknown_type_is_refused_before_the_common_check():
    def closed(total, kind):
        raise RuleError("The game is finished; nothing more can be entered.")

    with pytest.raises(RuleError) as refused:
        dispatch(HANDLERS, 3, {"type": "jump"}, unknown=UNKNOWN, before=closed)
    assert refused.value.message == UNKNOWN


@pytest.mark.parametrize("value", [0, 1, -5, 10**12])
def test_whole_numbers(value):
    assert whole(value)


@pytest.mark.parametrize("value", [True, False, 1.0, "1", None, [1]])
def test_not_whole_numbers(value):
    assert not whole(value)


@pytest.mark.parametrize("seat, order", [
    (0, ["Anna", "Bence", "Csilla", "Dani"]),
    (1, ["Bence", "Csilla", "Dani", "Anna"]),
    (2, ["Csilla", "Dani", "Anna", "Bence"]),
    (3, ["Dani", "Anna", "Bence", "Csilla"]),
])
def test_clockwise_from_each_seat_by_player_or_index(seat, order):
    assert clockwise(SEATS, SEATS[seat]) == order
    assert clockwise(SEATS, seat) == order
    assert clockwise(SEATS, seat + len(SEATS)) == order       # a round number counts on


def test_clockwise_at_a_table_of_one():
    assert clockwise(("Anna",), "Anna") == clockwise(("Anna",), 3) == ["Anna"]


def test_fewest_turns_goes_to_the_first_of_the_tied_in_the_order_given():
    assert fewest_turns(SEATS, {"Anna": 2, "Bence": 1, "Csilla": 1, "Dani": 2}) == "Bence"
    assert fewest_turns(SEATS, dict.fromkeys(SEATS, 3)) == "Anna"
    assert fewest_turns(clockwise(SEATS, "Csilla"), dict.fromkeys(SEATS, 3)) == "Csilla"
    assert fewest_turns(clockwise(SEATS, "Csilla"),
                        {"Anna": 1, "Bence": 1, "Csilla": 2, "Dani": 2}) == "Anna"


def test_a_player_missing_from_the_turns_has_taken_none():
    assert fewest_turns(SEATS, {"Anna": 1, "Bence": 1}) == "Csilla"


@pytest.mark.parametrize("game, event", [
    ("quadropolis", {"type": "round", "round": 2, "player": [1]}),
    ("calcada", {"type": "end", "player": {}}),
    ("doodle-city", {"type": "end", "player": []}),
    ("oddville", {"type": "end", "player": [["x"]]}),
])
def test_an_odd_player_field_on_an_event_without_a_player_counts_no_turn_and_raises_nothing(
        game, event):
    from companion.games import GAMES

    rules = GAMES[game].rules
    options = rules.options({}, ["Anna", "Bence"])
    state = rules.start(options, ["Anna", "Bence"])
    for setup in rules.setup_events(options, ["Anna", "Bence"]):
        state = rules.apply(state, setup)
    after = rules.apply(state, event)
    assert after.turns.counts == state.turns.counts
