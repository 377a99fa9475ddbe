"""The record envelope and the platform's own events (undo, end), for every game."""
from __future__ import annotations

import pytest

from companion import record
from companion.games import GAMES
from companion.games.base import Game

P = {"type": "points", "player": "Anna", "round": 1, "points": 5}


def rec(**changes):
    base = {"format": "table-companion-record", "version": 1, "game": "score-pad", "options": {},
            "players": [{"name": "Anna"}, {"name": "Bence"}], "events": []}
    return {**base, **changes}


def refused(data) -> str:
    with pytest.raises(record.RecordError) as error:
        record.load(data)
    return str(error.value)


def test_every_registered_game_has_a_name_label_and_pure_rules_hooks():
    assert "score-pad" in GAMES
    for name, game in GAMES.items():
        assert game.name == name and str(game.label)
        assert callable(game.rules.apply) and callable(game.rules.result)


@pytest.mark.parametrize("changes, message", [
    ({"format": "pgn"}, "Not a game record"),
    ({"version": 3}, "Not a game record"),
    ({"version": "2"}, "Not a game record"),
    ({"version": 2.0}, "Not a game record"),
    ({"game": "chess"}, "Unknown game 'chess'"),
    ({"players": []}, "played by 1 to 12 players"),
    ({"players": [{"name": "Anna"}, {"name": "Anna"}]}, "same name"),
    ({"players": [{"name": " "}]}, "cannot be empty"),
    ({"players": [{"name": "x" * 41}]}, "longer than 40"),
    ({"players": ["Anna"]}, "Players must be a list"),
    ({"options": []}, "Options must be a JSON object"),
    ({"events": {}}, "Events must be a list"),
])
def test_a_bad_envelope_is_refused_with_its_reason(changes, message):
    assert message in refused(rec(**changes))


def test_an_event_without_a_type_names_its_number():
    assert refused(rec(events=[P, {"player": "Anna"}])).startswith("event 2: ")


def test_undo_takes_an_act_back_and_keeps_it_in_the_log():
    replay = record.load(rec(events=[P, {**P, "player": "Bence", "points": 3},
                                     {"type": "undo", "event": 1}]))
    assert [p["total"] for p in replay.result()["players"]] == [0, 3]
    assert replay.undone == {0: 2}
    assert len(replay.events) == 3 and replay.effective() == [1]


@pytest.mark.parametrize("undo, message", [
    ({"type": "undo", "event": 3}, "must name an earlier event"),
    ({"type": "undo", "event": 0}, "must name an earlier event"),
    ({"type": "undo", "event": "1"}, "must name an earlier event"),
    ({"type": "undo"}, "must name an earlier event"),
])
def test_undo_must_name_an_earlier_event(undo, message):
    assert refused(rec(events=[P, undo])) == f"event 2 (undo): An undo {message} by its number."


def test_an_act_cannot_be_undone_twice_nor_can_an_undo():
    twice = rec(events=[P, {"type": "undo", "event": 1}, {"type": "undo", "event": 1}])
    assert refused(twice) == "event 3 (undo): Event 1 has already been undone."
    undo_undo = rec(events=[P, {"type": "undo", "event": 1}, {"type": "undo", "event": 2}])
    assert "cannot itself be undone" in refused(undo_undo)


def test_nothing_may_follow_the_end():
    assert refused(rec(events=[P, {"type": "end"}, P])) == \
        "event 3 (points): The game is finished; nothing more can be entered."
    assert "finished" in refused(rec(events=[P, {"type": "end"}, {"type": "undo", "event": 1}]))


def test_an_undo_of_the_end_reopens_the_game():
    reopened = record.load(rec(events=[P, {"type": "end"}, {"type": "undo", "event": 2},
                                       {**P, "player": "Bence", "points": 3}]))
    assert reopened.finished is False and reopened.result()["finished"] is False
    assert [p["total"] for p in reopened.result()["players"]] == [5, 3]
    again = record.load(rec(events=[P, {"type": "end"}, {"type": "undo", "event": 2},
                                    {"type": "end"}]))
    assert again.finished is True


def test_then_checks_one_more_event_without_touching_the_replay():
    replay = record.load(rec(events=[P]))
    after = replay.then({"type": "end"})
    assert after.finished and not replay.finished and len(replay.events) == 1


class Tokens:
    """The rules of a tiny game, for the platform: a player spends only a token they were given."""

    name, label, min_players, max_players = "tokens", "Tokens", 1, 4

    def options(self, raw, players):
        return {}

    def record_version(self, options):
        return 1

    def start(self, options, players):
        return 0

    def apply(self, state, event):
        from companion.games.base import RuleError
        if event["type"] == "give":
            return state + 1
        if event["type"] == "spend" and state > 0:
            return state - 1
        if event["type"] == "end":
            return state
        raise RuleError("There is no token to spend.")

    def result(self, state):
        return {"game": "tokens", "players": [], "winners": []}


def test_an_undo_that_would_make_a_later_act_illegal_is_refused(monkeypatch):
    monkeypatch.setitem(GAMES, "tokens", Game(Tokens()))
    events = [{"type": "give"}, {"type": "spend"}, {"type": "undo", "event": 1}]
    message = refused(rec(game="tokens", events=events))
    assert message == ("event 3 (undo): Taking back event 1 would make event 2 illegal: "
                       "There is no token to spend.")
    assert record.load(rec(game="tokens", events=[*events[:2], {"type": "undo", "event": 2},
                                                  {"type": "undo", "event": 1}])).state == 0
