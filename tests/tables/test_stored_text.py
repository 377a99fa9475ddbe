"""Text the database keeps: PostgreSQL's text cannot hold a NUL character and its columns have
lengths, so what no screen sends is refused before it reaches the database, the same on SQLite
and PostgreSQL (no 500 on either)."""
from __future__ import annotations

import io
import json

import pytest

from tests.support import enter, events, start_table, table_count, take_seat, text_of

pytestmark = pytest.mark.storage("text stored and read back exactly")


def test_a_request_carrying_a_nul_character_is_refused_and_changes_nothing(app, client):
    code = start_table(client)
    phone = app.test_client()
    take_seat(phone, code, 0)
    for response in (client.get(f"/j/{code}\x00"), client.get("/go", query_string={"code": "\x00"}),
                     enter(phone, code, 1, 5, nonce="a\x00b"),
                     client.post("/", data={"game": "score-pad", "players-0": "An\x00na"})):
        assert response.status_code == 400
    assert events(client, code) == [] and table_count(app) == 1


def test_a_record_naming_a_player_with_a_nul_character_is_refused_with_the_reason(app, client):
    record = {"format": "table-companion-record", "version": 1, "game": "score-pad",
              "options": {}, "players": [{"name": "An\u0000na"}, {"name": "Bence"}], "events": []}
    response = client.post("/import", data={"record": (io.BytesIO(json.dumps(record).encode()),
                                                       "game.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 422
    assert "A game record's text cannot contain the character U+0000 (NUL)." in text_of(response)
    assert table_count(app) == 0


def test_a_nonce_no_form_sends_is_no_nonce_and_the_act_is_kept(app, client):
    code = start_table(client)
    phone = app.test_client()
    take_seat(phone, code, 0)
    odd = "x" * 41                  # longer than any form's nonce (and than its column)
    assert enter(phone, code, 1, 5, nonce=odd).status_code == 303
    assert enter(phone, code, 2, 6, nonce=odd).status_code == 303      # not taken as a repeat
    assert [e["points"] for e in events(client, code)] == [5, 6]
    same = "f" * 32
    assert enter(phone, code, 3, 7, nonce=same).status_code == 303
    assert enter(phone, code, 3, 7, nonce=same).status_code == 303     # a repeat: kept once
    assert [e["points"] for e in events(client, code)] == [5, 6, 7]
