"""Whose turn it is in Doodle City: the start player rolls (passing clockwise each round), then
the dice are picked from the start player clockwise; an act out of order is asked about on the
screens, never refused by the record. The contract's ``pass`` is accepted and changes nothing."""
from __future__ import annotations

import json

from click.testing import CliRunner

from companion.cli import cli
from companion.games.doodle_city import game, rules
from companion.words import explain

from tests.support import assert_passes_score_as_without

from .test_game import FOUR_PLAYERS
from .test_rules import NAMES, SETUP, SHEET, draw, refused, replay, roll, tree

THREE = ["Anna", "Bence", "Csilla"]


def turn_after(events, players=THREE, **options):
    return rules.turn(replay(events, players, **options))


def who(turn):
    return (turn.player, turn.doing)


# --- turns through whole rounds -------------------------------------------------------------------

def test_setup_is_the_host_screens_and_then_the_first_start_player_rolls():
    assert turn_after([]).player is None
    assert turn_after([]).note == "The host screen sets up the start roads."
    assert turn_after(SETUP[:4]).note == "The host screen sets up the start roads."
    assert who(turn_after(SETUP)) == ("Anna", "roll the dice")


def test_the_dice_are_picked_from_the_start_player_clockwise_and_the_start_passes_on():
    events = SETUP + [roll(2, 3, 5, 1, 4)]
    seen = [who(turn_after(events))]
    for player, row in (("Anna", 3), ("Bence", 5), ("Csilla", 1)):
        events.append(draw(player, row, 2, "NS"))
        seen.append(who(turn_after(events)))
    assert seen == [("Anna", "pick a die"), ("Bence", "pick a die"), ("Csilla", "pick a die"),
                    ("Bence", "roll the dice")]                      # round 2's start player
    events.append(roll(4, 1, 2, 3, 5))
    seen = [who(turn_after(events))]
    for player, row in (("Bence", 1), ("Csilla", 2), ("Anna", 3)):
        events.append(draw(player, row, 4, "NS"))
        seen.append(who(turn_after(events)))
    assert seen == [("Bence", "pick a die"), ("Csilla", "pick a die"), ("Anna", "pick a die"),
                    ("Csilla", "roll the dice")]


def test_the_round_named_is_the_round_of_the_turn_after_every_event_of_a_whole_game():
    """The four-player game, after each of its events: the round the screens name (and its
    start player) is the one whose turn is asked for. A due roll opens the next round, rolled by
    its start player; a pick belongs to the round rolled; once the last round is played out it
    stays the round named."""
    seen = set()
    for count in range(len(FOUR_PLAYERS)):
        state = replay(FOUR_PLAYERS[:count])
        rolls = sum(event["type"] == "roll" for event in FOUR_PLAYERS[:count])
        now, (number, start) = rules.turn(state), rules.round_now(state)
        due = now.doing == "roll the dice"
        expected = rolls + 1 if due else rolls
        assert (number, start) == (expected, NAMES[(expected - 1) % 4] if expected else "Anna")
        assert now.player == start or not due
        assert rules.roll_due(state) == due
        seen.add(now.doing or now.note)
    assert seen == {"The host screen sets up the start roads.", "roll the dice", "pick a die",
                    "The last round is over: the host screen finishes the game."}


def test_a_tree_is_the_turns_act_too():
    events = SETUP + [roll(2, 3, 5, 1, 4), draw("Anna", 3, 2, "NS")]
    assert turn_after(events + [tree("Bence")], variant="more-control").player == "Csilla"


def test_a_pick_out_of_turn_does_not_move_the_others_on():
    events = SETUP + [roll(2, 3, 5, 1, 4), draw("Csilla", 1, 2, "NS")]     # before Anna
    assert who(turn_after(events)) == ("Anna", "pick a die")
    events.append(draw("Anna", 3, 2, "NS"))
    assert who(turn_after(events)) == ("Bence", "pick a die")              # Csilla has picked
    events.append(draw("Bence", 5, 2, "NS"))
    assert who(turn_after(events)) == ("Bence", "roll the dice")


def test_a_roll_before_everyone_has_picked_starts_the_next_round_all_the_same():
    events = SETUP + [roll(2, 3, 5, 1, 4), draw("Anna", 3, 2, "NS"), roll(4, 1, 2, 3, 5)]
    assert who(turn_after(events)) == ("Bence", "pick a die")


def test_the_last_round_is_played_out_then_only_the_host_is_left():
    rounds = []
    for row, column in [(1, 1), (1, 2), (1, 4), (1, 5), (2, 2), (2, 3), (2, 4)]:
        rounds += [roll(6, row, row, row), tree("Anna"),
                   draw("Bence", row, column, "NS")]
    state = replay(SETUP + rounds[:-1], ["Anna", "Bence"], variant="more-control")
    assert state.end_triggered and who(rules.turn(state)) == ("Bence", "pick a die")
    over = rules.turn(rules.apply(state, rounds[-1]))
    assert over.player is None and over.note == ("The last round is over: the host screen "
                                                 "finishes the game.")


def test_a_solo_game_and_a_quick_tally_have_no_turns():
    solo = turn_after(SETUP + [roll(2, 3, 5, 1)], ["Anna"])
    assert solo.player is None and "solo" in solo.note
    assert turn_after([], ["Anna", "Bence"], tally=True) is None


# --- the question before a pick out of turn -------------------------------------------------------

def asked(events, event, players=THREE, host=False, **options):
    state = replay(events, players, **options)
    question = game.rules.out_of_turn(state, event, host)
    return question and (explain(question, game.rules), question)


def test_a_die_taken_before_the_earlier_pick_is_asked_about_in_the_askers_words():
    events = SETUP + [roll(2, 3, 5, 1, 4)]
    words, question = asked(events, draw("Bence", 5, 2, "NS", die=1))
    assert words == "It is Anna's turn. Take this die anyway?"
    assert asked(events, draw("Bence", 5, 2, "NS", die=1), host=True)[0] == (
        "It is Anna's turn. Take this die for Bence anyway?")
    assert (question.token, question.yes, question.field) == ("Anna", "Take it anyway", "anyway")
    assert asked(events, draw("Anna", 3, 2, "NS", die=0)) is None            # in turn


def test_a_tree_out_of_turn_is_asked_about_too():
    words, question = asked(SETUP + [roll(2, 3, 5, 1, 4)], tree("Csilla"), variant="more-control")
    assert words == "It is Anna's turn. Cross a tree anyway?"
    assert question.yes == "Cross it anyway"


def test_nothing_is_asked_before_the_first_roll_and_the_rules_refuse_a_second_act():
    assert asked(SETUP, draw("Bence", 5, 2, "NS")) is None      # not tied to dice yet
    events = SETUP + [roll(2, 3, 5, 1, 4), draw("Csilla", 1, 2, "NS")]
    # the table checks the rules first: an act they refuse is refused, never asked about
    refused(replay(events, THREE), draw("Csilla", 3, 2, "NS"), "already")


# --- the contract's pass ----------------------------------------------------------------------

def test_a_pass_changes_nothing():
    events = SETUP + [roll(2, 3, 5, 1, 4), draw("Anna", 3, 2, "NS", die=0)]
    state = replay(events, THREE)
    assert rules.apply(state, {"type": "pass", "player": "Bence"}) == state
    assert rules.apply(state, {"type": "pass", "player": "Anna"}) == state
    refused(state, {"type": "pass", "player": "Dora"}, "'Dora' is not a player at this table.")
    refused(state, {"type": "pass"}, "None is not a player at this table.")


def record_of(events, players=THREE):
    return {"format": "table-companion-record", "version": 1, "game": "doodle-city",
            "options": {"sheet": SHEET}, "players": [{"name": p} for p in players],
            "events": events}


def test_companion_check_and_score_accept_a_pass_and_score_as_without_it(tmp_path):
    plain = SETUP + [roll(2, 3, 5, 1, 4), draw("Anna", 3, 2, "NS", die=0),
                     draw("Bence", 5, 2, "EW", die=1), draw("Csilla", 1, 2, "SW", die=2)]
    passing = plain[:6] + [{"type": "pass", "player": "Bence"}] + plain[6:] + [
        {"type": "pass", "player": "Csilla"}]
    assert_passes_score_as_without(tmp_path, record_of(passing), record_of(plain))


def test_companion_check_names_a_pass_for_a_stranger():
    bad = record_of(SETUP + [{"type": "pass", "player": "Dora"}])
    out = CliRunner().invoke(cli, ["check", "-"], input=json.dumps(bad))
    assert out.exit_code == 2
    assert out.stderr.strip() == "error: event 6 (pass): 'Dora' is not a player at this table."
