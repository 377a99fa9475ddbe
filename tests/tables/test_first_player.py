"""Who starts: before the first entry the host screen picks the first player (at random, or
the one the table chose) and the seat order turns to begin with them; the record, the turn,
the phones and every screen follow."""
from __future__ import annotations

import uuid

import pytest

from tests.games.calcada.test_web_and_cli import start as start_calcada
from tests.support import enter, start_table, take_seat, text_of

pytestmark = pytest.mark.database

HTMX = {"HX-Request": "true"}


def pick(client, code: str, player: str | None = None, **headers):
    fields = {"nonce": uuid.uuid4().hex, **({"player": player} if player else {})}
    return client.post(f"/t/{code}/first-player", data=fields, headers=headers)


def players(client, code: str) -> list[str]:
    return [p["name"] for p in client.get(f"/t/{code}/record.json").get_json()["players"]]


def test_choosing_bence_at_calcada_turns_the_record_and_the_turn(client):
    code = start_calcada(client, players=("Anna", "Bence", "Csilla"))
    host = text_of(client.get(f"/t/{code}"))
    assert "Who starts?" in host and "Pick the first player" in host and "Bence starts" in host
    assert "Anna's turn" in host
    assert pick(client, code, "Bence").status_code == 303
    assert players(client, code) == ["Bence", "Csilla", "Anna"]
    assert "Bence's turn" in text_of(client.get(f"/t/{code}"))


def test_a_random_pick_is_one_of_the_players_and_the_screen_draws_it(client, monkeypatch):
    code = start_table(client)
    monkeypatch.setattr("companion.tables.first_player.secrets.choice", lambda names: names[2])
    answer = pick(client, code, **HTMX)
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert 'data-picked="Csilla"' in html and "Csilla starts" in text_of(answer)
    assert players(client, code) == ["Csilla", "Anna", "Bence"]
    # a screen drawn later shows the order, not the drawing again
    assert "data-picked" not in client.get(f"/t/{code}").get_data(as_text=True)


def test_a_seated_phone_keeps_its_seat_and_name_after_the_turn(app, client):
    code = start_table(client)
    bence = app.test_client()
    take_seat(bence, code, 1)
    assert bence.get(f"/t/{code}/phone").status_code == 200
    pick(client, code, "Csilla")
    assert players(client, code) == ["Csilla", "Anna", "Bence"]
    # the phone still holds Bence's seat (now the third): its page, and it enters for Bence
    assert bence.get(f"/t/{code}/phone").status_code == 200
    assert bence.get(f"/j/{code}").status_code == 302
    assert enter(bence, code, 1, 4).status_code in (200, 303)
    record = client.get(f"/t/{code}/record.json").get_json()
    assert [(e["player"], e["points"]) for e in record["events"]] == [("Bence", 4)]
    # the seat list: the free seats are Csilla's and Anna's
    join = text_of(app.test_client().get(f"/j/{code}"))
    assert "Csilla" in join and "Anna" in join


def test_refused_once_an_event_exists_and_the_card_is_gone(client):
    code = start_table(client)
    client.post(f"/t/{code}/clock", data={"clock": "pause", "screen": "host"})
    assert "Who starts?" not in text_of(client.get(f"/t/{code}"))
    refused = pick(client, code, "Bence")
    assert refused.status_code == 409
    assert "The game has begun: the seat order stays." in text_of(refused)
    assert players(client, code) == ["Anna", "Bence", "Csilla"]


def test_only_the_host_screen_picks(app, client):
    code = start_table(client)
    anna = app.test_client()
    take_seat(anna, code, 0)
    assert pick(anna, code, "Anna").status_code == 403
    assert pick(app.test_client(), code).status_code == 403
    assert "Who starts?" not in text_of(anna.get(f"/t/{code}/me"))
    assert "Who starts?" not in text_of(app.test_client().get(f"/t/{code}"))
    assert players(client, code) == ["Anna", "Bence", "Csilla"]


def test_a_name_without_a_seat_is_refused(client):
    code = start_table(client)
    assert pick(client, code, "Zoltán").status_code == 409
    assert players(client, code) == ["Anna", "Bence", "Csilla"]


def test_oddville_setup_is_made_again_for_the_new_order(client):
    code = start_table(client, game="oddville", players=("Anna", "Bence", "Csilla"))
    host = text_of(client.get(f"/t/{code}"))
    assert "the last player takes the End of the game card" in host
    assert pick(client, code, "Bence").status_code == 303
    record = client.get(f"/t/{code}/record.json").get_json()
    assert [p["name"] for p in record["players"]] == ["Bence", "Csilla", "Anna"]
    assert [e["player"] for e in record["events"]] == ["Bence", "Csilla", "Anna"]
    assert "Bence's turn" in text_of(client.get(f"/t/{code}"))


def test_the_card_speaks_hungarian(client):
    code = start_table(client, game="quadropolis", players=("Anna", "Bence"))
    client.post("/lang", data={"lang": "hu", "next": "/"})
    host = text_of(client.get(f"/t/{code}"))
    assert "Ki kezd?" in host and "Kezdőjátékos sorsolása" in host and "Bence kezd" in host
    assert "polgármester-figurát" in host
    assert pick(client, code, "Bence").status_code == 303
    client.post(f"/t/{code}/clock", data={"clock": "pause", "screen": "host"})
    assert "A játék elkezdődött: az ülésrend marad." in text_of(pick(client, code, "Anna"))


def test_a_replay_kept_with_the_old_order_is_not_served(app, client):
    """Another server process may keep the table's replay from before the pick: it is made
    again for the new order, not resumed."""
    from companion.tables import service
    from companion.tables.service import replays

    code = start_table(client)
    with app.app_context():
        table = service.find(code)
        stale, version = service.replay_of(table), table.version
    pick(client, code, "Bence")
    with app.app_context():
        table = service.find(code)
        kept = replays.KeptReplay((version, stale))
        kept.bytes = 1
        replays._replays().put(table.id, kept)       # as another process kept it
        assert service.replay_of(table).players == ["Bence", "Csilla", "Anna"]
