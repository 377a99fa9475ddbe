"""The record's Doodle City extensions: the setup roll and the quick tally of paper sheets."""
from __future__ import annotations

import pytest

from companion import record
from companion.games.base import RuleError
from companion.games.doodle_city import rules

from .test_rules import SHEET


def load(events, players=("Anna", "Bence"), tally=False):
    options = {"sheet": SHEET, **({"tally": True} if tally else {})}
    return record.load({"format": "table-companion-record", "version": 1, "game": "doodle-city",
                        "options": options, "players": [{"name": p} for p in players],
                        "events": events})


def tally(player, hotels=(), shops=(), bonuses=(), taxis=0, trees=0):
    return {"type": "tally", "player": player, "hotels": list(hotels), "shops": list(shops),
            "bonuses": list(bonuses), "taxis": taxis, "trees": trees}


def test_the_setup_roll_gives_each_column_its_blue_die_once():
    state = load([{"type": "setup_roll", "blue": [4, 1, 6, 2, 3]}]).state
    assert state.setup_faces == {1: 4, 2: 1, 3: 6, 4: 2, 5: 3}
    with pytest.raises(record.RecordError, match="rolled once"):
        load([{"type": "setup_roll", "blue": [4, 1, 6, 2, 3]},
              {"type": "setup_roll", "blue": [1, 1, 1, 1, 1]}])
    with pytest.raises(record.RecordError, match="each of the 5 columns"):
        load([{"type": "setup_roll", "blue": [4, 1, 7, 2, 3]}])


def test_a_start_road_may_name_the_face_it_was_rolled_with():
    state = load([{"type": "start_road", "column": 1, "shape": "NS", "face": 4}]).state
    assert state.start_roads == {1: "NS"}
    with pytest.raises(record.RecordError, match="1 to 6"):
        load([{"type": "start_road", "column": 1, "shape": "NS", "face": 9}])


def test_a_quick_tally_scores_like_the_paper_sheet_with_the_tree_adjustment():
    result = load([tally("Anna", (15, 7), (10, 4), (10,), taxis=2, trees=1),
                   tally("Bence", (12,), (9,), (7, 3), taxis=0, trees=4)], tally=True).result()
    anna, bence = result["players"]
    assert anna["breakdown"] == {"hotels": 22, "shops": 14, "shop_bonuses": 10, "taxis": 8, "trees": 4}
    assert bence["breakdown"] == {"hotels": 12, "shops": 9, "shop_bonuses": 10, "taxis": 0, "trees": -4}
    assert anna["details"] == {"hotel_circled": [15, 7], "shop_circled": [10, 4], "bonuses": [10],
                               "trees_crossed": 1}
    assert result["winners"] == ["Anna"]


def test_tied_tallies_go_to_fewer_trees():
    result = load([tally("Anna", (12,), trees=3), tally("Bence", (12,), trees=2)],
                  tally=True).result()
    assert [p["total"] for p in result["players"]] == [12 - 4, 12 + 4]
    even = load([tally("Anna", (15,), trees=3), tally("Bence", (7,), taxis=2, trees=3)],
                tally=True).result()
    assert [p["rank"] for p in even["players"]] == [1, 1]


def test_a_later_tally_replaces_the_earlier():
    result = load([tally("Anna", (15,)), tally("Anna", (3,))], tally=True).result()
    assert result["players"][0]["breakdown"]["hotels"] == 3


@pytest.mark.parametrize("event, message", [
    (tally("Anna", hotels=(4,)), "on the hotel track"),
    (tally("Anna", hotels=(5, 5)), "on the hotel track"),
    (tally("Anna", shops=(11,)), "on the shop track"),
    (tally("Anna", bonuses=(4,)), "one of 3, 5, 7, 10"),
    (tally("Anna", taxis=1), "Connected taxis"),
    (tally("Anna", taxis=9), "Connected taxis"),
    (tally("Anna", trees=8), "Crossed trees: 0 to 7"),
    (tally("Dora"), "not a player"),
])
def test_a_tally_the_sheet_cannot_have_is_refused(event, message):
    with pytest.raises(record.RecordError, match=message):
        load([event], tally=True)


def test_a_speed_bonus_belongs_to_one_player_only():
    with pytest.raises(record.RecordError, match=r"Anna already has the \+10 speed bonus"):
        load([tally("Anna", bonuses=(10,)), tally("Bence", bonuses=(10,))], tally=True)


def test_a_tally_table_takes_only_tallies_and_a_played_table_none():
    with pytest.raises(record.RecordError, match="adds up paper sheets"):
        load([{"type": "start_road", "column": 1, "shape": "NS"}], tally=True)
    with pytest.raises(record.RecordError, match="only for a table started as one"):
        load([tally("Anna", (15,))])


def test_a_solo_tally_gets_its_title_and_the_achievements_a_paper_sheet_can_show():
    result = load([tally("Anna", (3, 5, 7, 12, 15), (4, 5, 6, 7, 8, 9, 10), (3, 5, 7, 10),
                         taxis=4, trees=0)], players=("Anna",), tally=True).result()
    solo = result["players"][0]
    assert solo["total"] == 42 + 49 + 25 + 16
    assert solo["details"]["title"] == "World power"
    assert solo["details"]["achievements"] == ["Environmentalist", "Hotel magnate", "Capitalist"]


def test_tally_state_is_not_changed_by_a_refused_tally():
    before = load([tally("Anna", (15,))], tally=True)
    with pytest.raises(RuleError):
        before.then(tally("Bence", (99,)))
    assert before.result()["players"][0]["total"] == 15
    assert isinstance(before.state, rules.State)


def test_a_player_who_has_entered_nothing_gets_no_tree_adjustment_nor_causes_one():
    result = load([tally("Anna", hotels=[15], trees=3)], players=("Anna", "Bence", "Csilla"),
                  tally=True).result()
    assert [p["breakdown"]["trees"] for p in result["players"]] == [0, 0, 0]
    both = load([tally("Anna", trees=3), tally("Bence", trees=1)],
                players=("Anna", "Bence", "Csilla"), tally=True).result()
    assert [p["breakdown"]["trees"] for p in both["players"]] == [-4, 4, 0]


def test_every_problem_of_a_tally_is_named_at_once():
    state = load([], tally=True).state
    problems = rules.tally_problems(state, tally("Anna", hotels=[4], shops=[11], bonuses=[2],
                                                 taxis=1, trees=9))
    assert set(problems) == {"hotels", "shops", "bonuses", "taxis", "trees"}
