"""A player scans the QR code, taps their name and gets their own sheet on the phone."""
from __future__ import annotations

import hashlib
import re

from companion.extensions import db
from companion.models import Seat, Table
from tests.support import start_table, take_seat, text_of


def seat_buttons(html: str) -> list[tuple[str, str, bool]]:
    """(value, visible name, disabled) of each seat button on the join page."""
    buttons = []
    for attrs, inner in re.findall(r"<button\b([^>]*)>(.*?)</button>", html, re.S):
        if 'name="seat"' in attrs:
            value = re.search(r'value="([^"]*)"', attrs).group(1)
            name = re.sub(r"<small>.*?</small>", "", inner, flags=re.S).strip()
            buttons.append((value, name, bool(re.search(r"\sdisabled\b", attrs))))
    return buttons


def seat_hashes(app, code: str) -> list[str | None]:
    with app.app_context():
        table = db.session.query(Table).filter_by(code=code).one()
        return [seat.secret_hash for seat in table.seats]


def test_the_join_page_lists_every_seat_as_a_button(client):
    code = start_table(client, players=("Anna", "Bence", "Csilla"))
    response = client.get(f"/j/{code}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert seat_buttons(html) == [("0", "Anna", False), ("1", "Bence", False), ("2", "Csilla", False)]
    assert "Who are you?" in text_of(response)


def test_taking_a_seat_opens_the_phone_sheet_and_remembers_the_seat(app, client):
    code = start_table(client)
    phone = app.test_client()
    response = phone.post(f"/j/{code}", data={"seat": "1"})
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/t/{code}/phone")
    cookie = phone.get_cookie(f"tc_seat_{code}")
    assert cookie is not None and cookie.value

    sheet = phone.get(f"/t/{code}/phone")
    assert sheet.status_code == 200
    assert re.search(r"<h1>\s*Bence\s*</h1>", sheet.get_data(as_text=True))
    assert "Save my points" in text_of(sheet)


def test_the_database_keeps_only_a_digest_of_the_phones_secret(app, client):
    code = start_table(client)
    phone = app.test_client()
    take_seat(phone, code, 2)
    secret = phone.get_cookie(f"tc_seat_{code}").value

    hashes = seat_hashes(app, code)
    assert hashes[:2] == [None, None]
    assert hashes[2] == hashlib.sha256(secret.encode()).hexdigest()
    with app.app_context():
        stored = [value for seat in db.session.query(Seat).all()
                  for value in (seat.secret_hash, seat.name)]
        tables = [value for table in db.session.query(Table).all()
                  for value in (table.host_hash, table.code)]
    assert all(secret not in str(value) for value in stored + tables)


def test_a_seat_already_taken_cannot_be_taken_by_another_phone(app, client):
    code = start_table(client)
    first, second = app.test_client(), app.test_client()
    take_seat(first, code, 0)
    before = seat_hashes(app, code)

    response = second.post(f"/j/{code}", data={"seat": "0"})
    assert response.status_code == 409
    assert "took that seat" in text_of(response)
    assert second.get_cookie(f"tc_seat_{code}") is None
    assert seat_hashes(app, code) == before
    # the first phone keeps its seat
    assert first.get(f"/t/{code}/phone").status_code == 200


def test_the_join_page_marks_taken_seats(app, client):
    code = start_table(client)
    take_seat(app.test_client(), code, 1)
    html = client.get(f"/j/{code}").get_data(as_text=True)
    assert seat_buttons(html) == [("0", "Anna", False), ("1", "Bence", True), ("2", "Csilla", False)]
    assert "(taken)" in text_of(client.get(f"/j/{code}"))


def test_picking_a_seat_that_does_not_exist_is_refused(app, client):
    code = start_table(client)
    phone = app.test_client()
    response = phone.post(f"/j/{code}", data={"seat": "7"})
    assert response.status_code == 409
    assert "Pick your seat" in text_of(response)
    assert phone.get_cookie(f"tc_seat_{code}") is None
    assert seat_hashes(app, code) == [None, None, None]


def test_a_phone_that_already_has_a_seat_comes_back_to_its_sheet(app, client):
    code = start_table(client)
    phone = app.test_client()
    take_seat(phone, code, 1)
    response = phone.get(f"/j/{code}")
    assert response.status_code in (302, 303)
    assert response.headers["Location"].endswith(f"/t/{code}/phone")
    # tapping another name does not move the phone to a second seat
    again = phone.post(f"/j/{code}", data={"seat": "2"})
    assert again.status_code == 303
    assert again.headers["Location"].endswith(f"/t/{code}/phone")
    assert seat_hashes(app, code)[2] is None


def test_the_phone_sheet_without_a_seat_sends_the_visitor_to_the_join_page(app, client):
    code = start_table(client)
    visitor = app.test_client()
    response = visitor.get(f"/t/{code}/phone")
    assert response.status_code in (302, 303)
    assert response.headers["Location"].endswith(f"/j/{code}")


def test_a_made_up_seat_cookie_is_not_a_seat(app, client):
    code = start_table(client)
    take_seat(app.test_client(), code, 0)
    forger = app.test_client()
    forger.set_cookie(f"tc_seat_{code}", "guessed-secret")
    response = forger.get(f"/t/{code}/phone")
    assert response.status_code in (302, 303)
    assert response.headers["Location"].endswith(f"/j/{code}")


def test_a_player_leaving_the_seat_frees_it_for_another_phone(app, client):
    code = start_table(client)
    phone, other = app.test_client(), app.test_client()
    take_seat(phone, code, 0)
    response = phone.post(f"/t/{code}/seat/0/free", data={"sure": "yes"})
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/j/{code}")
    assert seat_hashes(app, code)[0] is None
    assert phone.get_cookie(f"tc_seat_{code}") is None
    take_seat(other, code, 0)


def test_the_host_screen_can_free_a_seat_held_by_a_lost_phone(app, client):
    code = start_table(client)
    lost, replacement = app.test_client(), app.test_client()
    take_seat(lost, code, 1)
    response = client.post(f"/t/{code}/seat/1/free", data={"sure": "yes"})
    assert response.status_code == 303
    assert lost.get(f"/t/{code}/phone").headers["Location"].endswith(f"/j/{code}")
    take_seat(replacement, code, 1)


def test_another_player_cannot_free_someone_elses_seat(app, client):
    code = start_table(client)
    anna, bence = app.test_client(), app.test_client()
    take_seat(anna, code, 0)
    take_seat(bence, code, 1)
    assert bence.post(f"/t/{code}/seat/0/free").status_code == 403
    assert seat_hashes(app, code)[0] is not None


def test_leaving_a_seat_asks_first_and_changes_nothing_until_yes(app, client):
    code = start_table(client, players=("Anna", "Bence"))
    phone = app.test_client()
    take_seat(phone, code, 0)
    asked = phone.post(f"/t/{code}/seat/0/free")
    assert asked.status_code == 200
    assert "Leave Anna's seat?" in text_of(asked)
    assert phone.get(f"/t/{code}/phone").status_code == 200         # still seated


def test_freeing_a_seat_on_the_host_screen_asks_first(app, client):
    code = start_table(client, players=("Anna", "Bence"))
    phone = app.test_client()
    take_seat(phone, code, 1)
    asked = client.post(f"/t/{code}/seat/1/free", data={"screen": "host"})
    assert "Free Bence's seat?" in text_of(asked)
    assert phone.get(f"/t/{code}/phone").status_code == 200
