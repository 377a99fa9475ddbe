"""Whose turn it is in Calçada: clockwise in seat order, the first seat starting every round; a
turn ends with a placement or a pass (no fitting cell, a closed colour). A turn out of order is
asked about on the screens, never refused by the record; after the end is triggered only the
players seated after the trigger play once more."""
from __future__ import annotations

import json

from click.testing import CliRunner

from companion.cli import cli
from companion.words import explain
from companion.games.calcada import game, rules

from tests.support import assert_passes_score_as_without

from .test_rules import (BOARD, D7, D8, NAMES, ROWS, district, place, player, refused, replay,
                         spend, two_slide_offs)


def pass_(name):
    return {"type": "pass", "player": name}


def who(events, players=NAMES, **options):
    turn = rules.turn(replay(events, players, **options))
    return turn.player if turn.player else turn.note


# --- turns through whole rounds -------------------------------------------------------------------

def test_turns_go_clockwise_and_the_first_seat_starts_every_round():
    events = []
    seen = [who(events)]
    for act in (place("Anna", 5, 2, "blue"), pass_("Bence"), place("Csilla", 5, 2, "red"),
                place("Anna", 5, 3, "blue"), place("Bence", 1, 1, "green")):
        events.append(act)
        seen.append(who(events))
    assert seen == ["Anna", "Bence", "Csilla", "Anna", "Bence", "Csilla"]
    turn = rules.turn(replay(events))
    assert (turn.doing, turn.passes) == ("pick a stone and place a tile", True)


def test_a_turn_played_out_of_order_moves_nobody_else_on():
    events = [place("Csilla", 5, 2, "red")]                 # before Anna and Bence
    assert who(events) == "Anna"
    events.append(place("Anna", 5, 2, "blue"))
    assert who(events) == "Bence"
    events.append(pass_("Bence"))
    assert who(events) == "Anna"                            # round 2: everyone has played once
    events += [place("Bence", 5, 2, "green")]               # Bence early again
    assert who(events) == "Anna"


def test_spending_bonus_tiles_is_no_turn():
    assert who([place("Anna", 5, 2, "blue"), spend("Bence")]) == "Bence"


def test_after_the_trigger_only_the_players_left_play_then_the_host_finishes():
    events = two_slide_offs("Bence")
    assert who(events) == "Csilla"                          # seated after the trigger
    state = rules.apply(replay(events), pass_("Csilla"))   # her last turn, without a tile
    assert rules.game_over(state)
    turn = rules.turn(state)
    assert turn.player is None and turn.note == ("The last round is over: the host finishes "
                                                 "the game.")
    # a late entry of a turn that happened is the record's like any other: nobody plays more
    for late in (pass_("Csilla"), pass_("Anna"), place("Anna", 1, 1, "green")):
        state = rules.apply(state, late)
        assert rules.game_over(state) and rules.turn(state).player is None


def test_when_the_last_seat_triggers_the_end_no_one_has_a_turn():
    assert who(two_slide_offs("Csilla")) == ("The last round is over: the host finishes the "
                                             "game.")


def test_a_quick_tally_keeps_no_turns():
    assert rules.turn(replay([], tally=True)) is None


# --- the contract's pass ----------------------------------------------------------------------

def test_a_pass_scores_nothing_and_is_that_players_turn():
    before = replay(district("Anna", "blue", D7))
    after = rules.apply(before, pass_("Bence"))
    assert rules.result(after) == rules.result(before)
    assert after.turns.counts == {"Anna": 2, "Bence": 1, "Csilla": 0}
    assert player(after, "Bence")["details"]["bonus_tiles_left"] == 2
    refused(before, pass_("Dora"), "'Dora' is not a player at this table.")
    refused(before, {"type": "pass"}, "None is not a player at this table.")


# --- the question before a turn out of order ------------------------------------------------------

def asked(events, event, host=False):
    return game.rules.out_of_turn(replay(events), event, host)


def test_a_placement_or_a_pass_out_of_turn_is_asked_about_in_the_askers_words():
    question = asked([], place("Bence", 5, 2, "blue"))
    assert explain(question, game.rules) == ("It is Anna's turn. Place the blue tile on row 5, "
                                             "column 2 anyway?")
    assert explain(asked([], place("Bence", 5, 2, "blue"), host=True), game.rules) == (
        "It is Anna's turn. Enter Bence's blue tile on row 5, column 2 anyway?")
    assert (question.token, question.yes) == ("Anna", "Enter it anyway")
    assert explain(asked([], pass_("Csilla")), game.rules) == "It is Anna's turn. Pass anyway?"
    assert explain(asked([], pass_("Csilla"), host=True), game.rules) == (
        "It is Anna's turn. Enter a pass for Csilla anyway?")
    assert asked([], pass_("Csilla")).token == "Anna"
    assert asked([], place("Anna", 5, 2, "blue")) is None
    assert asked([], spend("Bence")) is None                # not a turn


def test_a_late_entry_from_a_player_with_no_turn_left_is_asked_with_the_reason():
    question = asked(two_slide_offs("Bence"), place("Anna", 1, 1, "green"), host=True)
    assert explain(question, game.rules) == (
        "Anna has no turn left: Bence slid the second stone off the scoring board, so only the "
        "players seated after Bence play once more. Enter Anna's green tile on row 1, column 1 "
        "anyway?")
    assert question.token == "Csilla"


# --- the record: companion check and score ----------------------------------------------------

def record_of(events):
    return {"format": "table-companion-record", "version": 1, "game": "calcada",
            "options": {"board": BOARD, "scoring_rows": ROWS},
            "players": [{"name": p} for p in NAMES], "events": events}


def test_companion_check_and_score_accept_a_pass_and_score_as_without_it(tmp_path):
    plain = district("Anna", "blue", D7) + district("Csilla", "blue", D8)
    passing = plain[:1] + [pass_("Bence")] + plain[1:] + [pass_("Bence"), pass_("Anna")]
    assert_passes_score_as_without(tmp_path, record_of(passing), record_of(plain))


def test_companion_check_takes_a_pass_after_the_players_last_turn():
    """The record is free of turn order: a late pass is no error."""
    late = record_of(two_slide_offs("Bence") + [pass_("Csilla"), pass_("Csilla")])
    out = CliRunner().invoke(cli, ["check", "-"], input=json.dumps(late))
    assert (out.exit_code, out.output) == (0, "ok\n")
