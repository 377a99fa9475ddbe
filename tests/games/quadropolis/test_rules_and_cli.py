"""Builds and allocations checked, the result with its tie-breaks, and the platform: the command
line and a table started or imported with the generic scoreboard."""
from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner

from companion import record
from companion.cli import cli
from companion.games.base import RuleError
from companion.games.quadropolis import data, rules
from tests.support import text_of


def b(player, row, column, kind, **printed):
    return {"type": "build", "player": player, "row": row, "column": column, "kind": kind,
            **printed}


EVENTS = [b("Anna", 1, 1, "tower", residents=3, mayor=True), b("Anna", 1, 2, "factory", energy=3),
          b("Anna", 2, 2, "shop"), b("Bence", 1, 1, "tower", residents=1),
          b("Bence", 1, 1, "tower", residents=2)]
RECORD = {"format": "table-companion-record", "version": 1, "game": "quadropolis",
          "options": {"mode": "classic"}, "players": [{"name": "Anna"}, {"name": "Bence"}],
          "events": EVENTS + [{"type": "end"}]}


def play(*events, mode="classic"):
    state = rules.start({"mode": mode}, ["Anna", "Bence"])
    for event in events:
        state = rules.apply(state, event)
    return state


def test_the_data_files_load_and_the_classic_catalogue_has_25_tiles_a_round_for_4_players():
    assert [len(data.classic_tiles(r, 4)) for r in (1, 2, 3, 4)] == [25] * 4
    assert data.mats()["expert"].district((1, 3)) == 4


@pytest.mark.parametrize("event, words", [
    (b("Anna", 1, 1, "office"), "only in Expert"),
    (b("Anna", 5, 1, "tower"), "no row 5"),
    (b("Anna", 1, 1, "shop", residents=1), "prints residents from 0 to 0"),
    (b("Anna", 1, 1, "shop", mayor=True), "Mayor comes only on a tower"),
    (b("Zoe", 1, 1, "shop"), "not playing"),
])
def test_a_wrong_build_is_refused_in_words(event, words):
    with pytest.raises(RuleError, match=words):
        play(event)


def test_a_floor_goes_only_on_the_same_stackable_kind_within_the_cap():
    with pytest.raises(RuleError, match=r"already holds a building \(shop\)"):
        play(b("Anna", 1, 1, "shop"), b("Anna", 1, 1, "shop"))
    four = [b("Anna", 1, 1, "tower")] * 4
    assert play(*four).cities["Anna"][(1, 1)].height == 4
    with pytest.raises(RuleError, match="already has 4 floors"):
        play(*four, b("Anna", 1, 1, "tower"))
    assert play(*four, b("Anna", 1, 1, "tower"), mode="expert").cities["Anna"][(1, 1)].height == 5


def test_the_mayor_holder_is_first_next_round_and_residents_and_energy_are_received():
    state = play(*EVENTS)
    assert rules.first_player(play()) == "Anna"
    assert rules.first_player(play(b("Bence", 1, 1, "tower", residents=1, mayor=True))) == "Bence"
    assert (state.residents, state.energy) == ({"Anna": 3, "Bence": 3}, {"Anna": 3, "Bence": 0})


@pytest.mark.parametrize("allocation, words", [
    ({"activate": [[3, 3]]}, "no building"),
    ({"activate": [[1, 1], [1, 1]]}, "activated twice"),
    ({"activate": [[1, 1]], "customers": [{"row": 2, "column": 2, "count": 1}]}, "activated"),
    ({"activate": [[2, 2]], "customers": [{"row": 2, "column": 2, "count": 5}]}, "0 to 4"),
    ({"activate": [[1, 2], [2, 2]], "customers": [{"row": 2, "column": 2, "count": 3}]},
     "needs 4 residents"),
])
def test_a_wrong_allocation_is_refused_in_words(allocation, words):
    with pytest.raises(RuleError, match=words):
        play(*EVENTS, {"type": "allocate", "player": "Anna", **allocation})


def test_a_hand_allocation_is_scored_as_given_with_the_best_possible_beside_it():
    hand = {"type": "allocate", "player": "Anna", "activate": [[1, 1]], "customers": []}
    anna = rules.result(play(*EVENTS, hand))["players"][0]
    assert anna["total"] == 1 - 3 - 2 == sum(anna["breakdown"].values())
    assert anna["details"]["optimal"] is False and anna["details"]["best_possible"] == 4


def test_tied_totals_are_ordered_by_residents_then_fewer_empty_cells():
    # Bence's tower has no energy: removed, its 3 residents unused
    result = rules.result(play(*EVENTS))
    assert [p["total"] for p in result["players"]] == [4, -3]
    even = rules.result(play(b("Anna", 1, 1, "park"), b("Bence", 1, 1, "park"),
                             b("Bence", 1, 2, "park")))
    assert [p["rank"] for p in even["players"]] == [2, 1] and even["winners"] == ["Bence"]


def test_score_and_check_handle_quadropolis_records(tmp_path):
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(RECORD), encoding="utf-8")
    bad.write_text(json.dumps({**RECORD, "events": [b("Anna", 1, 1, "monument")]}),
                   encoding="utf-8")
    out = CliRunner().invoke(cli, ["score", str(good)])
    assert out.exit_code == 0 and json.loads(out.output) == record.load(RECORD).result()
    assert "end_triggered" not in json.loads(out.output)
    wrong = CliRunner().invoke(cli, ["check", str(bad)])
    assert wrong.exit_code == 2 and "event 1 (build)" in wrong.stderr


def test_a_table_is_created_and_imported_with_the_generic_scoreboard(client):
    response = client.post("/", data={"game": "quadropolis", "opt-quadropolis-mode": "expert",
                                      "players-0": "Anna", "players-1": "Bence"})
    assert response.status_code == 303, text_of(response)
    code = response.headers["Location"].rsplit("/", 1)[1]
    assert json.loads(client.get(f"/t/{code}/record.json").data)["options"] == {"mode": "expert"}
    upload = client.post("/import", data={"record": (io.BytesIO(json.dumps(RECORD).encode()),
                                                      "game.json")},
                         content_type="multipart/form-data")
    assert upload.status_code == 303, text_of(upload)
    page = text_of(client.get(upload.headers["Location"]))
    assert "Winner: Anna" in page and "Tower blocks" in page
    assert "Anna built a tower block on row 1, column 1 and took the Mayor" in page


def test_the_scoreboard_shows_the_best_possible_beside_a_hand_allocation(client):
    hand = {"type": "allocate", "player": "Anna", "activate": [[1, 1]], "customers": []}
    data = {**RECORD, "events": EVENTS + [hand]}
    upload = client.post("/import", data={"record": (io.BytesIO(json.dumps(data).encode()),
                                                      "game.json")},
                         content_type="multipart/form-data")
    page = text_of(client.get(upload.headers["Location"]))
    assert "Anna allocated by hand; best possible 4" in page
    optimal = client.post("/import", data={"record": (io.BytesIO(json.dumps(RECORD).encode()),
                                                       "game.json")},
                          content_type="multipart/form-data")
    assert "best possible" not in text_of(client.get(optimal.headers["Location"]))


def test_the_history_uses_the_right_article_for_each_building(client):
    from companion.games.quadropolis import game
    with client.application.test_request_context():
        line = game.rules.describe({"type": "build", "player": "Anna", "row": 2, "column": 3,
                              "kind": "office"})
    assert line == "Anna built an office tower on row 2, column 3"
