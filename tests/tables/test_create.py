"""The home page: what a host sees and does before the game starts."""
from __future__ import annotations

import re

from companion.extensions import db
from companion.models import Table, digest
from tests.support import start_table, table_count, text_of


def start(client, *names, game="score-pad"):
    data = {"game": game, **{f"players-{i}": name for i, name in enumerate(names)}}
    return client.post("/", data=data)


def test_home_page_offers_the_score_pad(client):
    response = client.get("/")
    assert response.status_code == 200
    page = text_of(response)
    assert "Score pad" in page
    assert "Start a table" in page
    assert re.search(r'<option[^>]*value="score-pad"', response.get_data(as_text=True))


def test_starting_a_table_without_any_name_is_refused_in_plain_words(app, client):
    response = start(client)
    assert response.status_code == 422
    assert "Enter at least one player's name" in text_of(response)
    assert table_count(app) == 0
    assert "hosts or sits at" in text_of(client.get("/"))


def test_blank_names_do_not_count_as_players(app, client):
    response = start(client, "   ", "")
    assert response.status_code == 422
    assert "Enter at least one player's name" in text_of(response)
    assert table_count(app) == 0


def test_two_players_whose_names_differ_only_in_case_are_refused(app, client):
    response = start(client, "Anna", "Bence", "ANNA")
    assert response.status_code == 422
    assert "Two players have the same name" in text_of(response)
    assert table_count(app) == 0
    assert "hosts or sits at" in text_of(client.get("/"))


def test_a_name_longer_than_40_characters_is_refused(app, client):
    response = start(client, "Anna", "x" * 41)
    assert response.status_code == 422
    assert "At most 40 characters" in text_of(response)
    assert table_count(app) == 0


def test_a_name_of_exactly_40_characters_is_accepted(app, client):
    response = start(client, "Anna", "y" * 40)
    assert response.status_code == 303
    assert table_count(app) == 1


def test_the_typed_names_are_kept_when_the_form_is_refused(client):
    response = start(client, "Anna", "anna")
    html = response.get_data(as_text=True)
    assert 'value="Anna"' in html and 'value="anna"' in html


def test_starting_a_table_opens_its_host_screen_and_remembers_the_host(app, client):
    response = start(client, "Anna", "Bence", "Csilla")
    assert response.status_code == 303
    location = response.headers["Location"]
    match = re.fullmatch(r"(?:https?://[^/]+)?/t/([A-Z0-9]+)", location)
    assert match, location
    code = match.group(1)

    cookie = client.get_cookie(f"tc_host_{code}")
    assert cookie is not None and cookie.value
    with app.app_context():
        table = db.session.query(Table).filter_by(code=code).one()
        assert table.host_hash == digest(cookie.value)
        assert table.players == ["Anna", "Bence", "Csilla"]

    host = client.get(f"/t/{code}")
    assert host.status_code == 200
    page = text_of(host)
    assert code in page
    assert re.search(rf'data-testid="table-code"[^>]*>\s*{code}\s*<', host.get_data(as_text=True))
    # the host screen can enter points for anyone and finish
    assert "Enter for any seat" in page
    assert "Finish the game" in page


def test_the_players_keep_the_seat_order_they_were_entered_in(app, client):
    code = start_table(client, players=("Csilla", "Anna", "Bence"))
    record = client.get(f"/t/{code}/record.json").get_json()
    assert record["players"] == [{"name": "Csilla"}, {"name": "Anna"}, {"name": "Bence"}]


def test_the_lowest_wins_option_reaches_the_record(client):
    code = start_table(client, **{"opt-score-pad-lowest_wins": "y"})
    assert client.get(f"/t/{code}/record.json").get_json()["options"] == {"lowest_wins": True}


def test_recent_tables_show_a_table_in_play_then_finished_with_its_winner(client):
    code = start_table(client, players=("Anna", "Bence"))
    home = text_of(client.get("/"))
    assert "hosts or sits at" not in home
    assert code in home
    assert "Playing" in home
    assert "Finished" not in home

    for player, points in (("Anna", 5), ("Bence", 9)):
        response = client.post(f"/t/{code}/act/points", data={
            "screen": "host", "points-player": player, "points-round": "1",
            "points-points": str(points)})
        assert response.status_code == 303
    assert client.post(f"/t/{code}/finish", data={"sure": "yes"}).status_code == 303

    home = text_of(client.get("/"))
    entry = home[home.index(code):]
    assert "Finished" in entry
    assert "Won by Bence" in entry
    assert "Playing" not in home


def test_a_stranger_opening_the_host_screen_cannot_enter_or_finish(client, app):
    code = start_table(client)
    stranger = app.test_client()
    page = text_of(stranger.get(f"/t/{code}"))
    assert code in page
    assert "Enter for any seat" not in page
    assert "Finish the game" not in page
