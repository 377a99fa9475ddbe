"""Turns, as the rulebook has them: four a player a round (Classic 4 rounds, Expert 5), clockwise
from the player who held the Mayor when the round began; the Mayor taken during a round makes
its builder the next round's first player. A turn is a build, or a pass when the tile fits
nowhere. The record stays free of turn order: the live table asks before an act out of turn,
and the command line scores a pass as nothing."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from companion import record
from companion.cli import cli
from companion.games.base import RuleError
from companion.games.quadropolis import game, rules
from companion.words import explain

FREE = [(r, c) for r in range(1, 5) for c in range(1, 5)]


def passed(player: str) -> dict:
    return {"type": "pass", "player": player}


class Table:
    """A table played turn after turn: each player builds parks on the next free cell of their
    city (or passes), the player to act taken from the core's turn."""

    def __init__(self, players=("Anna", "Bence"), mode="classic", **options) -> None:
        self.state = rules.start({"mode": mode, **options}, list(players))
        self.seen: list[str] = []

    def build(self, player: str, **tile) -> None:
        row, column = FREE[len(self.state.cities[player])]
        self.apply({"type": "build", "player": player, "row": row, "column": column,
                    "kind": tile.pop("kind", "park"), **tile})

    def apply(self, event: dict) -> None:
        self.state = rules.apply(self.state, event)

    def to_play(self) -> str | None:
        turn = rules.turn(self.state)
        return turn.player if turn else None

    def turns(self, count: int, mayor_on: int | None = None) -> None:
        """``count`` turns in order (passes), the ``mayor_on``-th of them (1-based) a build of
        the Mayor's tower block; the player of each turn noted in ``seen``."""
        for n in range(1, count + 1):
            player = self.to_play()
            self.seen.append(player)
            if n == mayor_on:
                self.build(player, kind="tower", residents=1, mayor=True)
            else:
                self.apply(passed(player))


def test_the_first_seat_holds_the_mayor_and_starts_round_1_clockwise():
    table = Table(("Anna", "Bence", "Csilla"))
    assert rules.now(table.state) == (1, "Anna", "Anna")
    table.turns(12)
    assert table.seen == ["Anna", "Bence", "Csilla"] * 4
    assert rules.now(table.state) == (2, "Anna", "Anna")    # nobody took the Mayor: it stays
    turn = rules.turn(table.state)
    assert (turn.doing, turn.passes) == ("take a tile and build", True)


def test_the_mayor_taken_during_a_round_makes_its_builder_first_next_round():
    table = Table(("Anna", "Bence", "Csilla"))
    table.turns(12, mayor_on=3)                       # Csilla builds the Mayor in round 1
    assert table.seen[:3] == ["Anna", "Bence", "Csilla"]
    assert rules.now(table.state) == (2, "Csilla", "Csilla")
    table.seen.clear()
    table.turns(12, mayor_on=6)                       # Bence takes it in round 2 (his 2nd turn)
    assert table.seen == ["Csilla", "Anna", "Bence"] * 4
    assert rules.now(table.state) == (3, "Bence", "Bence")
    table.seen.clear()
    table.turns(3)
    assert table.seen == ["Bence", "Csilla", "Anna"]


def test_the_mayor_taken_in_the_last_turn_of_a_round_starts_the_next():
    table = Table()
    table.turns(8, mayor_on=8)                        # Bence's 4th turn
    assert rules.now(table.state) == (2, "Bence", "Bence")


def test_classic_plays_4_rounds_and_expert_5_then_the_screens_say_what_is_left():
    for mode, rounds in (("classic", 4), ("expert", 5)):
        table = Table(mode=mode)
        table.turns(2 * 4 * rounds - 1)
        assert rules.now(table.state)[0] == rounds
        table.turns(1)
        assert rules.now(table.state) is None
        turn = rules.turn(table.state)
        assert turn.player is None
        assert turn.note == "All rounds are played: allocate, then the host finishes."


def test_an_act_out_of_turn_shifts_no_one_elses_turn():
    table = Table(("Anna", "Bence", "Csilla"))
    table.build("Csilla")                             # before Anna and Bence
    assert table.to_play() == "Anna"
    table.apply(passed("Anna"))
    assert table.to_play() == "Bence"
    table.apply(passed("Bence"))
    assert table.to_play() == "Anna"                  # Csilla has had her turn already


def test_a_pass_changes_no_score_and_names_a_player_of_the_table():
    table = Table()
    table.build("Anna", kind="tower", residents=3)
    before = rules.result(table.state)
    table.apply(passed("Bence"))
    assert rules.result(table.state) == before
    with pytest.raises(RuleError, match="is not a player at this table"):
        rules.apply(table.state, passed("Dora"))


def test_the_next_round_is_suggested_once_every_player_has_had_four_turns():
    table = Table()
    table.apply({"type": "round", "round": 1})
    table.turns(7)
    assert not rules.round_done(table.state)
    table.turns(1)
    assert rules.round_done(table.state)
    table.apply({"type": "round", "round": 2})
    assert not rules.round_done(table.state)


def test_a_quick_tally_keeps_no_turns():
    table = Table(tally=True)
    table.build("Bence")
    assert rules.turn(table.state) is None


# --- the live table asks before an act out of turn ------------------------------------------

def asked(state: rules.State, event: dict, host: bool = False) -> str | None:
    question = game.rules.out_of_turn(state, event, host)
    return None if question is None else explain(question, game.rules)


def test_a_build_or_pass_out_of_turn_is_asked_about_and_an_allocation_is_not():
    table = Table()
    park = {"type": "build", "player": "Bence", "row": 1, "column": 1, "kind": "park"}
    assert asked(table.state, park) == ("It is Anna's turn. Build the park on row 1, column 1 "
                                        "anyway?")
    assert asked(table.state, park, host=True) == ("It is Anna's turn. Enter Bence's park on row "
                                                   "1, column 1 anyway?")
    assert asked(table.state, passed("Bence")) == "It is Anna's turn. Pass anyway?"
    assert asked(table.state, passed("Bence"), host=True) == ("It is Anna's turn. Enter a pass "
                                                              "for Bence anyway?")
    assert asked(table.state, {**park, "player": "Anna"}) is None
    allocate = {"type": "allocate", "player": "Bence", "activate": [], "customers": []}
    assert asked(table.state, allocate) is None
    table.turns(32)
    assert asked(table.state, park, host=True) == ("Every turn of the game is played. Enter "
                                                   "Bence's park on row 1, column 1 anyway?")
    assert asked(table.state, allocate) is None


# --- the record: pass is checked and scores nothing -----------------------------------------

def test_companion_check_and_score_accept_pass_and_score_as_without_it(tmp_path):
    events = [{"type": "round", "round": 1},
              {"type": "build", "player": "Anna", "row": 1, "column": 1, "kind": "tower",
               "residents": 2},
              passed("Bence"),
              {"type": "build", "player": "Anna", "row": 1, "column": 2, "kind": "factory",
               "energy": 2}]
    envelope = {"format": "table-companion-record", "version": 1, "game": "quadropolis",
                "options": {}, "players": [{"name": "Anna"}, {"name": "Bence"}]}
    results = []
    for name, kept in (("with", events), ("without", [e for e in events if e["type"] != "pass"])):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps({**envelope, "events": kept}))
        check = CliRunner().invoke(cli, ["check", str(path)])
        assert (check.exit_code, check.output) == (0, "ok\n")
        score = CliRunner().invoke(cli, ["score", str(path)])
        assert score.exit_code == 0, score.output
        results.append(json.loads(score.output))
    assert results[0] == results[1] == record.load({**envelope, "events": events}).result()
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**envelope, "events": [passed("Dora")]}))
    refused = CliRunner().invoke(cli, ["check", str(bad)])
    assert refused.exit_code == 2 and refused.stderr.startswith("error: event 1 (pass):")
