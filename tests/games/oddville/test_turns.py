"""Turns, as the rulebook has them: clockwise from the first seat, one act a turn (a build, or a
worker card played: the record's pass). The Main Square worker is placed during one's own turn;
the Builder builds during another player's. After the 6th worker only the players the chosen
end lets play still have a turn, each once. The record stays free of turn order: the live
table asks before an act out of turn, and the command line scores a pass as nothing."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from companion import record
from companion.cli import cli
from companion.games.base import RuleError
from companion.games.oddville import game, rules

from .test_rules import build, character, envelope, square

SEATS = ("Anna", "Bence", "Csilla")


def passed(player: str) -> dict:
    return {"type": "pass", "player": player}


def play(*events, **options) -> rules.State:
    state = rules.start(options, list(SEATS))
    for event in events:
        state = rules.apply(state, event)
    return state


def to_play(state: rules.State) -> str | None:
    turn = rules.turn(state)
    return turn.player if turn else None


def asked(state: rules.State, event: dict, host: bool = False) -> str | None:
    """The question the live table asks before ``event`` on the player's own phone (``host``:
    on the host screen); None: entered unasked."""
    from companion.words import explain

    question = game.rules.out_of_turn(state, event, host)
    return None if question is None else explain(question, game.rules)


def row_for(player: str, row: int, others: tuple[str, ...]) -> list[dict]:
    """The player builds a row of six in six turns, the others play worker cards between."""
    events = []
    for column in range(1, 7):
        events.append(build(player, row, column))
        if column < 6:
            events += [passed(p) for p in others]
    return events


# --- before the 6th worker ------------------------------------------------------------------

def test_turns_go_clockwise_from_the_first_seat_whole_rounds_long():
    state, seen = play(), []
    for act in (build("Anna", 0, 1), passed("Bence"), build("Csilla", 0, -1),
                passed("Anna"), build("Bence", 1, 0), passed("Csilla"), passed("Anna")):
        seen.append(to_play(state))
        state = rules.apply(state, act)
    assert seen == ["Anna", "Bence", "Csilla"] * 2 + ["Anna"]
    turn = rules.turn(state)
    assert (turn.player, turn.doing, turn.passes) == ("Bence", "one action: build, or a worker "
                                                      "card", True)


def test_an_act_out_of_turn_shifts_no_one_elses_turn():
    state = play(build("Anna", 0, 1), build("Csilla", 0, -1))     # Csilla before Bence
    assert to_play(state) == "Bence"
    state = rules.apply(state, passed("Bence"))
    assert to_play(state) == "Anna"                # a new round: Csilla has had hers


def test_a_pass_changes_no_score_and_names_a_player_of_the_table():
    state = play(build("Anna", 0, 1))
    assert rules.result(rules.apply(state, passed("Bence"))) == rules.result(state)
    with pytest.raises(RuleError, match="is not a player"):
        rules.apply(state, passed("Dora"))


def test_the_main_square_worker_is_placed_during_ones_turn_which_goes_on():
    """The Traveller: "at any time in your turn" a worker goes to the Main Square."""
    state = play(character("Anna", "Traveller"), square("Anna"))
    assert to_play(state) == "Anna"
    assert to_play(rules.apply(state, build("Anna", 0, 1))) == "Bence"


def test_the_builders_power_builds_during_another_players_turn_and_is_no_turn():
    state = play(build("Anna", 0, 1), {**build("Csilla", 0, 2), "builder": True})
    assert to_play(state) == "Bence"
    assert state.cards[(0, 2)].owner == "Csilla"
    state = rules.apply(state, passed("Bence"))
    assert to_play(state) == "Csilla"              # her own turn is still to come
    with pytest.raises(RuleError, match="builder mark is true"):
        rules.apply(state, {**build("Csilla", 1, 0), "builder": "yes"})


def test_a_quick_tally_keeps_no_turns():
    assert rules.turn(play(build("Bence", 0, 1), tally=True)) is None


# --- after the 6th worker: the end variants -------------------------------------------------

def test_base_end_nobody_plays_after_the_trigger_and_the_screens_say_so():
    state = play(*row_for("Anna", 0, ("Bence", "Csilla")))
    turn = rules.turn(state)
    assert turn.player is None
    assert turn.note % turn.params == ("The game is over: Anna placed the 6th worker in the "
                                       "city. The host finishes it.")


def test_variant_1_the_players_after_the_trigger_complete_the_round_once_each():
    state = play(passed("Anna"), *row_for("Bence", 0, ("Csilla", "Anna")), end="complete-round")
    assert rules.trigger(state) == "Bence"
    turn = rules.turn(state)
    assert (turn.player, turn.doing) == ("Csilla", "the last turn, one action: build, or a "
                                         "worker card")
    state = rules.apply(state, passed("Csilla"))
    turn = rules.turn(state)
    assert turn.player is None and turn.note == ("The game is over: every last turn is played. "
                                                 "The host finishes it.")


def test_variant_2_every_other_player_takes_one_last_turn_in_order():
    state = play(passed("Anna"), *row_for("Bence", 0, ("Csilla", "Anna")), end="last-turn")
    assert rules.last_turns(state) == ["Csilla", "Anna"]
    state = rules.apply(state, build("Anna", 1, 1))        # Anna before Csilla (the table agreed)
    assert rules.last_turns(state) == ["Csilla"] and to_play(state) == "Csilla"
    assert "Anna" not in rules.last_turns(state)
    state = rules.apply(state, build("Csilla", 1, 2))
    assert to_play(state) is None and rules.last_turns(state) == []


def test_a_6th_worker_on_the_main_square_lets_the_trigger_finish_that_turn():
    five = [e for c in range(1, 6)
            for e in (build("Anna", 0, c), passed("Bence"), passed("Csilla"))]
    state = play(character("Anna", "Traveller"), *five)
    assert to_play(state) == "Anna" and rules.workers_in_city(state, "Anna") == 5
    state = rules.apply(state, square("Anna"))
    assert rules.trigger(state) == "Anna" and to_play(state) == "Anna"   # finishes the turn
    state = rules.apply(state, passed("Anna"))
    assert to_play(state) is None


# --- the live table asks before an act out of turn ------------------------------------------

def test_an_act_out_of_turn_is_asked_about_and_one_in_turn_is_not():
    state = play()
    assert asked(state, build("Anna", 0, 1)) is None
    assert asked(state, passed("Bence")) == ("It is Anna's turn. Enter your worker card (coins "
                                             "or a building card) anyway?")
    assert asked(state, passed("Bence"), host=True) == (
        "It is Anna's turn. Enter Bence's worker card (coins or a building card) anyway?")
    assert asked(state, build("Bence", 0, 1)) == ("It is Anna's turn. Build 1 right of the "
                                                  "Main Square anyway?")
    assert asked(state, build("Bence", 0, 1), host=True) == (
        "It is Anna's turn. Enter Bence's build 1 right of the Main Square anyway?")
    assert asked(state, square("Csilla")) == ("It is Anna's turn. Put your worker on the Main "
                                              "Square anyway?")
    one_more = {"type": "resource_workers", "player": "Csilla", "count": 1}
    assert asked(state, one_more, host=True) == ("It is Anna's turn. Enter a resource taken by "
                                                 "Csilla anyway?")
    assert asked(state, {**one_more, "count": 0}) is None           # workers off: any time
    assert asked(state, {**one_more, "count": 3}) is None           # a correction
    assert asked(state, character("Csilla", "Builder")) is None     # not a turn's act
    assert asked(state, {**build("Csilla", 0, 1), "builder": True}) is None


def test_after_the_end_an_act_is_asked_about_in_the_ends_words():
    state = play(*row_for("Anna", 0, ("Bence", "Csilla")))
    assert asked(state, build("Bence", 1, 1)) == (
        "Bence has no turn left. The game ended with Anna's 6th worker; nobody plays another "
        "turn. Build 1 right, 1 below the Main Square anyway?")
    assert asked(play(build("Bence", 0, 1), tally=True), build("Anna", 0, 2)) is None


# --- the record: pass is checked and scores nothing -----------------------------------------

def test_companion_check_and_score_accept_pass_and_score_as_without_it(tmp_path):
    events = [build("Anna", 0, 1), passed("Bence"), {**build("Csilla", 0, 2), "builder": True},
              passed("Csilla"), build("Anna", 1, 1)]
    with_passes = envelope(SEATS, events)
    without = envelope(SEATS, [e for e in events if e["type"] != "pass"])
    results = []
    for name, data in (("with", with_passes), ("without", without)):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(data))
        check = CliRunner().invoke(cli, ["check", str(path)])
        assert (check.exit_code, check.output) == (0, "ok\n")
        score = CliRunner().invoke(cli, ["score", str(path)])
        assert score.exit_code == 0, score.output
        results.append(json.loads(score.output))
    assert results[0] == results[1] == record.load(with_passes).result()
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(envelope(SEATS, [passed("Dora")])))
    refused = CliRunner().invoke(cli, ["check", str(bad)])
    assert refused.exit_code == 2 and refused.stderr.startswith("error: event 1 (pass):")
