"""Finishing the game: the ranking, each player's points, and a read-only table."""
from __future__ import annotations

import re
import uuid

import pytest

from companion import record
from tests.support import enter, events, start_table, text_of, untimed


@pytest.fixture
def played(client, table, anna):
    """Two rounds: Bence 20+5, Anna 12+3, Csilla 9."""
    host = {"screen": "host"}
    enter(client, table, 1, 20, **host, **{"points-player": "Bence"})
    enter(anna, table, 1, 12)
    enter(client, table, 1, 9, **host, **{"points-player": "Csilla"})
    enter(client, table, 2, 5, **host, **{"points-player": "Bence"})
    enter(anna, table, 2, 3)
    return table


def finish(client, code):
    return client.post(f"/t/{code}/finish", data={"nonce": uuid.uuid4().hex, "sure": "yes"})


def test_a_phone_cannot_finish_the_game(client, played, anna):
    assert finish(anna, played).status_code == 403
    assert all(e["type"] != "end" for e in events(client, played))


def test_a_stranger_cannot_finish_the_game(app, client, played):
    response = finish(app.test_client(), played)
    assert response.status_code == 403
    assert "Only the host screen" in text_of(response)
    assert all(e["type"] != "end" for e in events(client, played))


def test_the_host_finishes_and_sees_the_final_result(client, played):
    response = finish(client, played)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/t/{played}")
    assert events(client, played)[-1] == {"type": "end"}

    page = text_of(client.get(f"/t/{played}"))
    assert "Final result" in page
    assert "Winner: Bence" in page
    assert "★ 1 Bence 25 2 Anna 15 3 Csilla 9" in page
    assert "Game finished" in page
    # the entry form, undo and finish buttons are gone
    assert "Enter for any seat" not in page
    assert "Finish the game" not in page
    assert "Undo the last act" not in page


def test_the_winners_row_is_marked_on_the_scoreboard(client, played):
    finish(client, played)
    html = client.get(f"/t/{played}").get_data(as_text=True)
    row = re.search(r'<tr class="[^"]*\bwinner\b[^"]*">(.*?)</tr>', html, re.S)
    assert row and "Bence" in row.group(1)


def test_phones_see_the_final_result_too(client, played, anna):
    finish(client, played)
    page = text_of(anna.get(f"/t/{played}/phone"))
    assert "Final result" in page
    assert "Winner: Bence" in page
    assert "Save my points" not in page


def test_a_tie_at_the_top_names_both_winners(client, table):
    host = {"screen": "host"}
    enter(client, table, 1, 10, **host, **{"points-player": "Anna"})
    enter(client, table, 1, 10, **host, **{"points-player": "Csilla"})
    finish(client, table)
    page = text_of(client.get(f"/t/{table}"))
    assert "Winners: Anna, Csilla" in page
    assert "Tied on 10 points: rank shared." in page


def test_lowest_total_wins_when_the_table_was_started_that_way(client):
    code = start_table(client, players=("Anna", "Bence"), **{"opt-score-pad-lowest_wins": "y"})
    enter(client, code, 1, 10, screen="host", **{"points-player": "Anna"})
    enter(client, code, 1, 4, screen="host", **{"points-player": "Bence"})
    finish(client, code)
    assert "Winner: Bence" in text_of(client.get(f"/t/{code}"))


@pytest.mark.parametrize("who", ["phone", "host"])
def test_a_finished_table_refuses_further_entries(client, played, anna, who):
    finish(client, played)
    before = events(client, played)
    if who == "phone":
        response = enter(anna, played, 3, 50)
    else:
        response = enter(client, played, 3, 50, screen="host", **{"points-player": "Csilla"})
    assert response.status_code == 422
    assert "finished" in text_of(response)
    assert events(client, played) == before


def test_a_finished_table_refuses_undo_and_a_second_finish(client, played, anna):
    finish(client, played)
    before = events(client, played)
    for response in (client.post(f"/t/{played}/undo", data={"event": "1", "screen": "host"}),
                     anna.post(f"/t/{played}/undo", data={"nonce": uuid.uuid4().hex}),
                     finish(client, played)):
        assert response.status_code == 422
        assert "finished" in text_of(response)
    assert events(client, played) == before


def test_a_finished_table_can_still_be_exported(client, played):
    finish(client, played)
    response = client.get(f"/t/{played}/record.json")
    assert response.status_code == 200
    data = response.get_json()
    assert untimed(data["events"])[-1] == {"type": "end"}
    result = record.load(data).result()
    assert result["finished"] is True
    assert result["winners"] == ["Bence"]


def test_finish_asks_first_and_names_the_missing_entries(client, played):
    asked = client.post(f"/t/{played}/finish", data={"nonce": uuid.uuid4().hex})
    assert asked.status_code == 200
    page = text_of(asked)
    assert "Finish the game?" in page
    assert "Csilla has no round 2." in page
    assert "Anna has no" not in page and "Bence has no" not in page
    assert 'name="sure" value="yes"' in asked.get_data(as_text=True)
    assert all(e["type"] != "end" for e in events(client, played))


def test_the_host_reopens_a_finished_game_and_play_goes_on(client, played, anna):
    finish(client, played)
    assert "Reopen the game" in text_of(client.get(f"/t/{played}"))
    reopened = client.post(f"/t/{played}/reopen", data={"nonce": uuid.uuid4().hex})
    assert reopened.status_code == 303
    assert events(client, played)[-1] == {"type": "undo", "event": 6}
    page = text_of(client.get(f"/t/{played}"))
    assert "Game reopened" in page and "Final result" not in page
    assert enter(anna, played, 3, 4).status_code == 303
    assert record.load(client.get(f"/t/{played}/record.json").get_json()).finished is False


def test_only_the_host_may_reopen(client, played, anna):
    finish(client, played)
    assert anna.post(f"/t/{played}/reopen", data={"nonce": uuid.uuid4().hex}).status_code == 403
    # a phone's own Undo never reaches the end event
    assert anna.post(f"/t/{played}/undo", data={"nonce": uuid.uuid4().hex}).status_code == 422
    assert events(client, played)[-1] == {"type": "end"}


def test_reopen_on_a_game_in_play_is_refused(client, played):
    refused = client.post(f"/t/{played}/reopen", data={"nonce": uuid.uuid4().hex})
    assert refused.status_code == 422 and "not finished" in text_of(refused)
