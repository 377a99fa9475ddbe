"""Quadropolis at the table through the web app: builds from a tapped tile, refusals in words,
the override, rounds from the host, quick tally, and the optimiser run once per city."""
from __future__ import annotations

import json
import re

import pytest

from companion.games.quadropolis import optimiser
from tests.support import take_seat, text_of, untimed


def start(client, mode="classic", tally=False, players=("Anna", "Bence")):
    data = {"game": "quadropolis", "opt-quadropolis-mode": mode,
            **{f"players-{i}": n for i, n in enumerate(players)}}
    if tally:
        data["opt-quadropolis-tally"] = "y"
    response = client.post("/", data=data)
    assert response.status_code == 303, text_of(response)
    return response.headers["Location"].rsplit("/", 1)[1]


def act(client, code, form, host=False, **fields):
    data = {f"{form}-{k}": v for k, v in fields.items() if k != "back"}
    data |= {"back": fields["back"]} if "back" in fields else {}
    data |= {"screen": "host"} if host else {}
    return client.post(f"/t/{code}/act/{form}", data=data)


def pass_for(client, code, player):
    """The host screen's Done — pass for a seat whose tile fits nowhere (a seat without a phone
    plays its turns through the host screen)."""
    return client.post(f"/t/{code}/pass", data={"screen": "host", "player": player})


def events(client, code):
    return untimed(json.loads(client.get(f"/t/{code}/record.json").data)["events"])


@pytest.fixture
def table(client, app):
    code = start(client)
    anna = app.test_client()
    take_seat(anna, code, 0)
    return code, anna


def test_a_table_starts_in_round_1_and_a_quick_tally_keeps_no_rounds(client):
    assert events(client, start(client)) == [{"type": "round", "round": 1}]
    tally = start(client, tally=True)
    assert events(client, tally) == []
    assert "Quick tally: enter each final city" in text_of(client.get(f"/t/{tally}?as=0"))


def test_a_tapped_tile_is_built_and_shown_on_the_phone(table, client):
    code, anna = table
    page = text_of(anna.get(f"/t/{code}/phone?cell=1-1"))
    assert "Row 1, column 1" in page and "This round's tiles" in page
    answer = act(anna, code, "build", row=1, column=1, tile="tower.1.0.0.1.1", back="?")
    assert answer.status_code == 303
    assert events(client, code)[-1] == {"type": "build", "player": "Anna", "row": 1, "column": 1,
                                        "kind": "tower", "residents": 1, "mayor": True}
    page = text_of(anna.get(f"/t/{code}/phone"))
    assert "Residents: 1" in page and "Mayor: Anna, first player next round" in page


def test_a_refused_build_says_why_and_changes_nothing(table, client):
    code, anna = table
    act(anna, code, "build", row=2, column=2, tile="shop.0.0.0.0.1")
    before = events(client, code)
    picker = text_of(anna.get(f"/t/{code}/phone?cell=2-2"))
    assert "already holds a building (shop)" in picker                 # said before any tap
    refused = act(anna, code, "build", row=2, column=2, tile="shop.0.0.0.0.1")
    assert refused.status_code == 422 and "already holds a building (shop)" in text_of(refused)
    wrong = act(anna, code, "build", row=1, column=1, tile="tower.9.0.0.0.1")
    assert wrong.status_code == 422 and "prints residents from 0 to 3" in text_of(wrong)
    assert act(anna, code, "build", row=1, column=1, tile="x").status_code == 422
    assert events(client, code) == before


def test_tapping_a_building_overrides_the_plan_and_both_totals_show(table, client):
    code, anna = table
    for cell, tile in (((1, 1), "tower.3.0.0.0.1"), ((1, 2), "factory.0.2.0.0.1")):
        assert act(anna, code, "build", row=cell[0], column=cell[1], tile=tile).status_code == 303
        assert pass_for(client, code, "Bence").status_code == 303
    # the tower uses an energy (1 point), the factory a resident; 2 residents, 1 energy left
    assert "Best activation: -2 points" in text_of(anna.get(f"/t/{code}/phone?plan=1"))
    answer = act(anna, code, "allocate", toggle="1-1", back="?plan=1")
    assert answer.status_code == 303 and answer.headers["Location"].endswith("?plan=1")
    assert events(client, code)[-1] == {"type": "allocate", "player": "Anna",
                                        "activate": [[1, 2]], "customers": []}
    page = text_of(anna.get(f"/t/{code}/phone?plan=1"))
    assert "Best possible -2, yours -4" in page
    assert "Anna allocated by hand; best possible -2" in text_of(client.get(f"/t/{code}"))
    act(anna, code, "allocate", optimal="y")
    assert "Best activation: -2 points" in text_of(anna.get(f"/t/{code}/phone?plan=1"))


def test_the_host_starts_the_next_round_and_enters_for_a_seat(table, client):
    code, anna = table
    assert act(anna, code, "round", round=2).status_code == 422
    assert "Start round 2" in text_of(client.get(f"/t/{code}"))
    assert act(client, code, "round", host=True, round=2).status_code == 303
    assert act(client, code, "round", host=True, round=2).status_code == 422  # a double tap
    assert anna.post(f"/t/{code}/pass").status_code == 303          # Anna's turn first
    answer = act(client, code, "build", host=True, player="Bence", row=4, column=4,
                 tile="park.0.0.0.0.1", back="?as=1")
    assert answer.status_code == 303 and answer.headers["Location"].endswith("?as=1")
    assert events(client, code)[-1]["player"] == "Bence"
    assert "Round 2 of 4" in text_of(anna.get(f"/t/{code}/phone"))


def test_the_optimiser_runs_once_per_city_and_never_for_the_home_page(table, client,
                                                                     monkeypatch):
    code, anna = table
    act(anna, code, "build", row=1, column=1, tile="tower.3.0.0.0.1")
    calls = []
    real = optimiser.optimise
    monkeypatch.setattr(optimiser, "optimise", lambda *a: calls.append(a) or real(*a))
    optimiser._optimise_frozen.cache_clear()
    for _ in range(3):
        client.get(f"/t/{code}")
        anna.get(f"/t/{code}/phone?plan=1")
        anna.get(f"/t/{code}/live?v=0&view=phone")
    assert len(calls) == 2                                   # Anna's city and Bence's
    pass_for(client, code, "Bence")
    act(anna, code, "build", row=1, column=2, tile="factory.0.1.0.0.1")
    anna.get(f"/t/{code}/phone")
    assert len(calls) == 3                                   # Anna's changed city only
    optimiser._optimise_frozen.cache_clear()
    assert client.get("/").status_code == 200 and len(calls) == 3


def test_a_quick_tally_enters_each_final_city_in_any_order_and_ranks_them(client):
    code = start(client, mode="expert", tally=True)
    city = {1: [(2, 2, "park.0.0.0.0.1")], 0: [(4, 5, "park.0.0.0.0.1")]}   # Bence first
    for seat in (1, 0):
        page = text_of(client.get(f"/t/{code}?as={seat}"))
        assert "the tile by kind and values" not in page          # no cell tapped yet
        for row, column, tile in city[seat]:
            answer = act(client, code, "build", host=True, player=("Anna", "Bence")[seat],
                         row=row, column=column, tile=tile, back=f"?as={seat}")
            assert answer.status_code == 303, text_of(answer)
    page = text_of(client.get(f"/t/{code}"))
    assert "most residents first" not in page         # 0 residents, 19 empty cells each
    assert "Round" not in page.split("Scoreboard")[1].split("History")[0]
    assert "turn" not in page.split("Scoreboard")[0]           # a quick tally keeps no turns


def test_an_act_returns_to_its_view_keeping_only_the_games_selections(table, client):
    code, anna = table
    act(anna, code, "build", row=1, column=1, tile="tower.3.0.0.0.1")
    pass_for(client, code, "Bence")
    act(anna, code, "build", row=1, column=2, tile="factory.0.2.0.0.1")
    answer = act(anna, code, "allocate", toggle="1-1",
                 back="?plan=1&next=//evil.example&as=0")
    assert answer.status_code == 303
    assert answer.headers["Location"] == f"/t/{code}/phone?as=0&plan=1"
    refused = act(anna, code, "allocate", toggle="4-4", back="?plan=1")
    assert refused.status_code == 422
    page = text_of(refused)                                   # still the plan, with the reason
    assert "There is no building at row 4, column 4" in page and "Best possible" in page


def test_an_untouched_host_screen_enters_for_the_player_whose_turn_it_is(table, client):
    code, anna = table
    page = client.get(f"/t/{code}").get_data(as_text=True)
    assert 'data-follow-turn="Anna"' in page and "Anna's city" in text_of(client.get(f"/t/{code}"))
    assert "Your turn" in text_of(anna.get(f"/t/{code}/phone"))
    assert act(anna, code, "build", row=1, column=1, tile="park.0.0.0.0.1").status_code == 303
    page = client.get(f"/t/{code}").get_data(as_text=True)
    assert 'data-follow-turn="Bence"' in page and "Bence's city" in text_of(client.get(f"/t/{code}"))
    done = re.search(rf'<form method="post" action="/t/{code}/pass".*?</form>', page, re.S)
    assert 'name="player" value="Bence"' in done.group(0)      # Done — pass for Bence
    assert "Bence's turn: take a tile and build" in text_of(anna.get(f"/t/{code}/phone"))
    picked = client.get(f"/t/{code}?as=0").get_data(as_text=True)    # a seat picked: it stays
    assert "data-follow-turn" not in picked and "Anna's city" in picked
    asked = act(client, code, "build", host=True, player="Anna", row=1, column=2,
                tile="park.0.0.0.0.1", back="?as=0")
    assert asked.status_code == 409
    assert ("It is Bence's turn. Enter Anna's park on row 1, column 2 anyway?"
            in text_of(asked))
    assert pass_for(client, code, "Bence").status_code == 303
    assert events(client, code)[-1] == {"type": "pass", "player": "Bence"}
    assert "Bence passed: the tile fits nowhere" in text_of(client.get(f"/t/{code}"))
