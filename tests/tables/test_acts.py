"""Entering points: a phone enters only for its own seat, the host screen for anyone."""
from __future__ import annotations

import re
import uuid

import pytest

from tests.support import enter, events, start_table, text_of, totals


def test_a_phone_enters_points_for_its_own_seat(client, table, bence):
    response = enter(bence, table, 1, 12)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/t/{table}/phone")
    assert events(client, table) == [{"type": "points", "player": "Bence", "round": 1, "points": 12}]
    assert totals(client, table) == {"Anna": 0, "Bence": 12, "Csilla": 0}


def test_negative_points_are_allowed(client, table, bence):
    assert enter(bence, table, 2, -3).status_code == 303
    assert events(client, table) == [{"type": "points", "player": "Bence", "round": 2, "points": -3}]


def test_the_phone_sheet_shows_the_points_it_entered(table, bence):
    enter(bence, table, 1, 12)
    page = text_of(bence.get(f"/t/{table}/phone"))
    assert "Bence: 12 points in round 1" in page


@pytest.mark.parametrize("smuggled", [
    {"points-player": "Anna"},
    {"screen": "host", "points-player": "Anna"},
    {"screen": "host", "points-player": "Csilla", "player": "Csilla"},
])
def test_a_phone_cannot_enter_points_for_another_player(client, table, bence, smuggled):
    response = enter(bence, table, 1, 30, **smuggled)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/t/{table}/phone")
    assert events(client, table) == [{"type": "points", "player": "Bence", "round": 1, "points": 30}]


def test_a_visitor_with_neither_seat_nor_host_screen_is_refused(app, client, table):
    stranger = app.test_client()
    response = enter(stranger, table, 1, 5, screen="host", **{"points-player": "Anna"})
    assert response.status_code == 403
    assert events(client, table) == []


def test_a_host_cookie_of_another_table_gives_no_rights_here(app, client, table):
    other_host = app.test_client()
    other = start_table(other_host, players=("Dora",))
    secret = other_host.get_cookie(f"tc_host_{other}").value
    forger = app.test_client()
    forger.set_cookie(f"tc_host_{table}", secret)
    response = enter(forger, table, 1, 5, screen="host", **{"points-player": "Anna"})
    assert response.status_code == 403
    assert events(client, table) == []


def test_the_host_screen_enters_points_for_any_player(client, table):
    response = enter(client, table, 1, 7, screen="host", **{"points-player": "Csilla"})
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/t/{table}")
    assert events(client, table) == [{"type": "points", "player": "Csilla", "round": 1, "points": 7}]
    host = text_of(client.get(f"/t/{table}"))
    assert "Csilla: 7 points in round 1" in host


def test_the_host_screen_cannot_enter_points_for_someone_not_at_the_table(client, table):
    response = enter(client, table, 1, 7, screen="host", **{"points-player": "Zoltan"})
    assert response.status_code == 422
    assert events(client, table) == []


@pytest.mark.parametrize("round_, points, message", [
    ("0", "5", "The round must be a number from 1 to 999."),
    ("1000", "5", "The round must be a number from 1 to 999."),
    ("1", "abc", "Enter a whole number, for example 12 or -3."),
    ("x", "5", "Enter a whole number, for example 12 or -3."),
    ("1", "", "Enter the points, for example 12 or -3."),
    ("1", "1000001", "That is too many points."),
    ("", "5", "Which round? Enter its number."),
])
def test_invalid_input_is_refused_with_the_fields_message(client, table, bence,
                                                          round_, points, message):
    enter(bence, table, 1, 4)
    before = events(client, table)
    response = bence.post(f"/t/{table}/act/points", data={
        "points-round": round_, "points-points": points, "nonce": uuid.uuid4().hex})
    assert response.status_code == 422
    assert message in text_of(response)
    assert events(client, table) == before


def test_missing_points_field_is_refused(client, table, bence):
    response = bence.post(f"/t/{table}/act/points", data={"points-round": "1",
                                                          "nonce": uuid.uuid4().hex})
    assert response.status_code == 422
    assert "Enter the points, for example 12 or -3." in text_of(response)
    assert events(client, table) == []


def test_points_that_are_not_a_number_are_not_called_too_many(client, table, bence):
    response = enter(bence, table, 1, "abc")
    assert response.status_code == 422
    page = text_of(response)
    assert "Enter a whole number, for example 12 or -3." in page
    assert "Not a valid integer value." not in page
    assert "too many points" not in page


def test_the_host_screens_invalid_input_is_refused_too(client, table):
    response = enter(client, table, 0, 5, screen="host", **{"points-player": "Anna"})
    assert response.status_code == 422
    assert "The round must be a number from 1 to 999." in text_of(response)
    assert events(client, table) == []


def test_the_same_form_sent_twice_is_recorded_once(client, table, bence):
    nonce = uuid.uuid4().hex
    assert enter(bence, table, 1, 12, nonce=nonce).status_code == 303
    assert enter(bence, table, 1, 12, nonce=nonce).status_code == 303
    assert len(events(client, table)) == 1
    # a new form (new nonce) with the same values is a new entry
    assert enter(bence, table, 1, 12).status_code == 303
    assert len(events(client, table)) == 2


def test_later_points_for_the_same_round_replace_the_earlier_once_confirmed(client, table, bence):
    enter(bence, table, 1, 10)
    enter(bence, table, 2, 4)
    assert enter(bence, table, 1, 15).status_code == 409          # asked first
    assert enter(bence, table, 1, 15, replaces="10").status_code == 303
    assert totals(client, table)["Bence"] == 19
    assert [e["points"] for e in events(client, table)] == [10, 4, 15]   # nothing erased
    live = client.get(f"/t/{table}/live?v=-1&view=host")
    html = live.get_data(as_text=True)
    assert re.search(r'<td[^>]*\btotal\b[^>]*>\s*19\s*</td>', html)
    assert not re.search(r'<td[^>]*\btotal\b[^>]*>\s*29\s*</td>', html)


def test_the_phone_form_suggests_the_next_round(table, bence):
    enter(bence, table, 1, 10)
    enter(bence, table, 2, 4)
    html = bence.get(f"/t/{table}/phone").get_data(as_text=True)
    field = re.search(r'<input[^>]*name="points-round"[^>]*>', html).group(0)
    assert 'value="3"' in field


def test_an_htmx_post_answers_the_next_screen_itself_as_its_get_would(client, table, bence):
    """An act from the page (htmx) is one request: the screen comes back with the post (the
    address bar set to it), drawn fresh (the next round suggested, the points field empty), the
    same screen the GET would give; without htmx the post keeps its 303."""
    entered = bence.post(f"/t/{table}/act/points", headers={"HX-Request": "true"},
                         data={"points-round": "1", "points-points": "12",
                               "nonce": uuid.uuid4().hex})
    assert entered.status_code == 200 and "Location" not in entered.headers
    assert entered.headers["HX-Push-Url"] == f"/t/{table}/phone"
    assert totals(client, table) == {"Anna": 0, "Bence": 12, "Csilla": 0}
    fields = re.findall(r'<input[^>]*name="points-(?:round|points)"[^>]*>', entered.get_data(as_text=True))
    assert 'value="2"' in fields[0] and "value=" not in fields[1].replace('value=""', "")
    fresh = bence.get(f"/t/{table}/phone", headers={"HX-Request": "true"})

    def steady(page) -> str:    # a page's own tokens and nonces aside, and the server's clock
        return re.sub(r'[0-9a-f]{32}|(?<=value=")[^"]{40,}|(?<="X-CSRFToken": ")[^"]+|(?<=data-now=")\d+', "",
                      page.get_data(as_text=True))
    assert steady(entered) == steady(fresh)


def test_an_unknown_act_is_not_found(client, table, bence):
    response = bence.post(f"/t/{table}/act/dice", data={"nonce": uuid.uuid4().hex})
    assert response.status_code == 404
    assert events(client, table) == []
