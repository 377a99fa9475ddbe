"""Live updates: screens poll with their version and get the new view only when it changed."""
from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.support import enter, start_table, stored_version, take_seat, text_of


def live(client, code, version, view="host"):
    return client.get(f"/t/{code}/live", query_string={"v": version, "view": view})


@pytest.fixture
def table(client):
    return start_table(client, players=("Anna", "Bence"))


def test_the_version_endpoint_reports_the_tables_version(app, client, table):
    assert client.get(f"/t/{table}/version").get_json() == {"version": stored_version(app, table)}


def test_an_up_to_date_screen_gets_nothing_new(app, client, table):
    response = live(client, table, stored_version(app, table))
    assert response.status_code == 204
    assert response.get_data() == b""


def test_the_host_screen_carries_its_version_for_polling(app, client, table):
    version = stored_version(app, table)
    html = client.get(f"/t/{table}").get_data(as_text=True)
    assert f'data-version="{version}"' in html
    poll = urlsplit(unescape(re.search(r'<div id="live"[^>]*hx-get="([^"]+)"', html).group(1)))
    assert poll.path == f"/t/{table}/live"
    query = parse_qs(poll.query)
    assert query["v"] == [str(version)]
    assert query["view"] == ["host"]


def test_after_an_entry_the_old_version_gets_the_new_scoreboard(app, client, table):
    old = stored_version(app, table)
    enter(client, table, 1, 42, screen="host", **{"points-player": "Bence"})
    new = stored_version(app, table)
    assert new > old

    response = live(client, table, old)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert f'data-version="{new}"' in html
    assert re.search(r'<td[^>]*\btotal\b[^>]*>\s*42\s*</td>', html)
    assert "Bence: 42 points in round 1" in text_of(response)
    # and then it is up to date again
    assert live(client, table, new).status_code == 204


def test_a_phone_sees_the_update_from_another_phone(app, client, table):
    anna, bence = app.test_client(), app.test_client()
    take_seat(anna, table, 0)
    take_seat(bence, table, 1)
    seen = stored_version(app, table)
    enter(bence, table, 1, 8)
    response = live(anna, table, seen, view="phone")
    assert response.status_code == 200
    assert "Bence: 8 points in round 1" in text_of(response)
    assert "Seats" not in text_of(response)      # the seat list is for the host screen


def test_taking_a_seat_bumps_the_version_so_the_host_sees_the_phone_joined(app, client, table):
    before = stored_version(app, table)
    seats = text_of(live(client, table, -1))
    assert "Anna free" in seats and "Bence free" in seats

    take_seat(app.test_client(), table, 1)
    assert stored_version(app, table) > before
    response = live(client, table, before)
    assert response.status_code == 200
    page = text_of(response)
    assert "Bence phone joined" in page
    assert "Anna free" in page


def test_freeing_a_seat_bumps_the_version(app, client, table):
    take_seat(app.test_client(), table, 0)
    before = stored_version(app, table)
    client.post(f"/t/{table}/seat/0/free", data={"sure": "yes"})
    assert stored_version(app, table) > before
    assert "Anna free" in text_of(live(client, table, before))


def test_a_refused_entry_does_not_change_the_version(app, client, table):
    client.post(f"/t/{table}/finish", data={"sure": "yes"})
    version = stored_version(app, table)
    response = enter(client, table, 1, 5, screen="host", **{"points-player": "Anna"})
    assert response.status_code == 422
    assert stored_version(app, table) == version
    assert live(client, table, version).status_code == 204


def test_a_repeated_form_does_not_change_the_version(app, client, table):
    data = {"points-round": "1", "points-points": "3", "nonce": "same-nonce", "screen": "host",
            "points-player": "Anna"}
    client.post(f"/t/{table}/act/points", data=data)
    version = stored_version(app, table)
    client.post(f"/t/{table}/act/points", data=data)
    assert stored_version(app, table) == version


def test_a_screen_reloads_whole_when_the_game_finishes_so_its_entry_forms_go_away(client):
    code = start_table(client)
    assert "HX-Refresh" not in client.get(f"/t/{code}/live?v=-1&view=host").headers
    client.post(f"/t/{code}/finish", data={"sure": "yes"})
    stale = client.get(f"/t/{code}/live?v=0&view=phone&finished=0")
    assert stale.status_code == 200 and stale.headers["HX-Refresh"] == "true"
    current = client.get(f"/t/{code}/live?v=0&view=phone&finished=1")
    assert "HX-Refresh" not in current.headers
