"""The question before an act out of turn, in the asker's words and in both languages, for every
game that keeps turns: on the player's own phone it names the act ("It is Anna's turn. Build 2
right, 1 below the Main Square anyway?"), on the host screen the player and the act ("… Enter
Bence's build 2 right, 1 below the Main Square anyway?"). The platform asks it from each game's
declared turns."""
from __future__ import annotations

import pytest

from companion.games import GAMES
from companion.words import explain
from tests.support import make_app

from .calcada.test_rules import place
from .calcada.test_rules import replay as calcada
from .doodle_city.test_rules import SETUP, draw, roll
from .doodle_city.test_rules import replay as doodle_city

THREE = ["Anna", "Bence", "Csilla"]


def quadropolis(events):
    rules = GAMES["quadropolis"].rules
    state = rules.start(rules.options({}, THREE), THREE)
    for event in [*rules.setup_events({"mode": "classic"}, THREE), *events]:
        state = rules.apply(state, event)
    return state


def oddville(events):
    rules = GAMES["oddville"].rules
    state = rules.start(rules.options({}, THREE), THREE)
    for event in [*rules.setup_events({}, THREE), *events]:
        state = rules.apply(state, event)
    return state


# game, the state, Bence's act out of turn, then (English, Hungarian) on his phone and on the host
CASES = {
    "calcada": (lambda: calcada([]), place("Bence", 5, 2, "blue"),
                ("It is Anna's turn. Place the blue tile on row 5, column 2 anyway?",
                 "Anna következik. Mégis lerakod: kék lapka, 5. sor, 2. oszlop?"),
                ("It is Anna's turn. Enter Bence's blue tile on row 5, column 2 anyway?",
                 "Anna következik. Mégis beírod Bence lapkáját (kék, 5. sor, 2. oszlop)?")),
    "calcada-pass": (lambda: calcada([]), {"type": "pass", "player": "Bence"},
                     ("It is Anna's turn. Pass anyway?", "Anna következik. Mégis passzolsz?"),
                     ("It is Anna's turn. Enter a pass for Bence anyway?",
                      "Anna következik. Mégis beírod Bence passzát?")),
    "oddville": (lambda: oddville([]),
                 {"type": "build", "player": "Bence", "row": 0, "column": 1,
                  "vp": {"rule": "diamond", "points": 4}},
                 ("It is Anna's turn. Build 1 right of the Main Square anyway?",
                  "Anna következik. Mégis építesz ide: a főtértől 1 oszloppal jobbra?"),
                 ("It is Anna's turn. Enter Bence's build 1 right of the Main Square anyway?",
                  "Anna következik. Mégis beírod Bence építését (a főtértől 1 oszloppal "
                  "jobbra)?")),
    "oddville-resource": (lambda: oddville([]),
                          {"type": "resource_workers", "player": "Bence", "count": 2},
                          ("It is Anna's turn. Take a resource anyway?",
                           "Anna következik. Mégis elveszel egy nyersanyagot?"),
                          ("It is Anna's turn. Enter a resource taken by Bence anyway?",
                           "Anna következik. Mégis beírod, hogy Bence elvett egy nyersanyagot?")),
    "quadropolis": (lambda: quadropolis([]),
                    {"type": "build", "player": "Bence", "row": 1, "column": 1, "kind": "park"},
                    ("It is Anna's turn. Build the park on row 1, column 1 anyway?",
                     "Anna következik. Mégis építesz ide: park, 1. sor, 1. oszlop?"),
                    ("It is Anna's turn. Enter Bence's park on row 1, column 1 anyway?",
                     "Anna következik. Mégis beírod Bence építését (park, 1. sor, 1. oszlop)?")),
    "doodle-city": (lambda: doodle_city(SETUP + [roll(2, 3, 5, 1, 4)], THREE),
                    draw("Bence", 5, 2, "NS", die=1),
                    ("It is Anna's turn. Take this die anyway?",
                     "Anna következik. Mégis elveszed ezt a kockát?"),
                    ("It is Anna's turn. Take this die for Bence anyway?",
                     "Anna következik. Mégis elveszed ezt a kockát Bence nevében?")),
}


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    return make_app(tmp_path_factory.mktemp("words"))


@pytest.mark.parametrize("case", CASES)
def test_the_question_names_the_act_on_the_phone_and_the_player_too_on_the_host(app, case):
    state, event, phone, host = CASES[case]
    game = GAMES[case.split("-resource")[0].split("-pass")[0]]
    for language, index in (("en", 0), ("hu", 1)):
        with app.test_request_context(headers={"Accept-Language": language}):
            asked = {screen: explain(game.rules.out_of_turn(state(), event, screen == "host"),
                                     game.rules) for screen in ("phone", "host")}
        assert asked == {"phone": phone[index], "host": host[index]}, language


def test_no_question_for_the_player_whose_turn_it_is_nor_on_a_score_pad():
    state = calcada([])
    rules = GAMES["calcada"].rules
    assert rules.out_of_turn(state, place("Anna", 5, 2, "blue"), True) is None
    pad = GAMES["score-pad"].rules
    points = {"type": "points", "player": "Bence", "round": 1, "points": 3}
    assert pad.out_of_turn(pad.start(pad.options({}, THREE), THREE), points, False) is None
