"""An uploaded record costs a bounded amount: its size, its events and the replay its undos ask
for are limited, each refused with a message that says the limit."""
from __future__ import annotations

import io
import json

import pytest

from companion import record
from tests.support import table_count, text_of

pytestmark = pytest.mark.storage("the largest values stored")

PLAYERS = [{"name": f"P{i}"} for i in range(8)]


def envelope(events) -> dict:
    return {"format": "table-companion-record", "version": 1, "game": "score-pad",
            "players": PLAYERS, "events": events}


def points(count: int) -> list[dict]:
    return [{"type": "points", "player": f"P{i % 8}", "round": i // 8 + 1, "points": 5}
            for i in range(count)]


def upload(client, data: bytes):
    return client.post("/import", data={"record": (io.BytesIO(data), "game.json")})


def test_a_record_past_the_event_limit_is_refused_naming_the_limit(app, client):
    response = upload(client, json.dumps(envelope(points(record.MAX_EVENTS + 1))).encode())
    assert response.status_code == 422
    assert f"at most {record.MAX_EVENTS} events; this one has {record.MAX_EVENTS + 1}" in text_of(response)
    assert table_count(app) == 0


def test_a_record_past_the_size_limit_is_refused_naming_the_limit(app, client):
    padded = envelope(points(8))
    padded["note"] = "x" * record.MAX_BYTES
    with pytest.raises(record.RecordError, match="at most 512 kB"):
        record.parse(json.dumps(padded))
    too_big = client.post("/import", data=b" " * (2 * 1024 * 1024),
                          content_type="application/json")
    assert too_big.status_code == 413 and "too large" in text_of(too_big)
    assert table_count(app) == 0


def test_a_record_whose_undos_replay_too_much_is_refused(app, client):
    many = points(1500) + [{"type": "undo", "event": n} for n in range(1, 1501)]
    response = upload(client, json.dumps(envelope(many)).encode())
    assert response.status_code == 422 and "takes back too many acts" in text_of(response)
    assert table_count(app) == 0


def test_a_long_game_with_its_undos_still_opens(client):
    game = points(600) + [{"type": "undo", "event": n} for n in range(1, 60)]
    assert upload(client, json.dumps(envelope(game)).encode()).status_code == 303
