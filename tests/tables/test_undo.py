"""Undo: take back a mistake without erasing anything."""
from __future__ import annotations

import re
import uuid


from tests.support import enter, events, text_of, totals


def undo(client, code, nonce=None, **extra):
    return client.post(f"/t/{code}/undo", data={"nonce": nonce or uuid.uuid4().hex, **extra})


def points(player, round_, value):
    return {"type": "points", "player": player, "round": round_, "points": value}


def test_undo_on_a_phone_takes_back_its_own_last_entry_not_a_later_one_of_another_player(
        client, table, anna, bence):
    enter(anna, table, 1, 10)          # event 1
    enter(bence, table, 1, 7)          # event 2, later, by someone else
    response = undo(anna, table)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/t/{table}/phone")
    assert events(client, table) == [points("Anna", 1, 10), points("Bence", 1, 7),
                                      {"type": "undo", "event": 1}]
    assert totals(client, table) == {"Anna": 0, "Bence": 7, "Csilla": 0}


def test_undo_twice_takes_back_the_entries_one_by_one_from_the_latest(client, table, anna):
    enter(anna, table, 1, 10)          # event 1
    enter(anna, table, 2, 20)          # event 2
    undo(anna, table)                  # event 3 undoes 2
    undo(anna, table)                  # event 4 undoes 1
    assert events(client, table)[2:] == [{"type": "undo", "event": 2}, {"type": "undo", "event": 1}]
    assert totals(client, table)["Anna"] == 0


def test_undo_does_not_take_back_an_entry_the_host_made_for_someone_else(client, table, anna):
    enter(anna, table, 1, 10)                                                   # event 1
    enter(client, table, 1, 3, screen="host", **{"points-player": "Csilla"})    # event 2
    undo(anna, table)
    assert events(client, table)[-1] == {"type": "undo", "event": 1}
    assert totals(client, table) == {"Anna": 0, "Bence": 0, "Csilla": 3}


def test_undo_with_nothing_of_ones_own_says_there_is_nothing_to_take_back(client, table, anna, bence):
    enter(bence, table, 1, 7)
    response = undo(anna, table)
    assert response.status_code == 422
    assert "nothing to take back" in text_of(response)
    assert events(client, table) == [points("Bence", 1, 7)]


def test_the_phone_offers_undo_only_once_it_has_something_to_take_back(table, anna):
    assert "Undo my last entry" not in text_of(anna.get(f"/t/{table}/phone"))
    enter(anna, table, 1, 10)
    assert "Undo my last entry" in text_of(anna.get(f"/t/{table}/phone"))
    undo(anna, table)
    assert "Undo my last entry" not in text_of(anna.get(f"/t/{table}/phone"))


def test_a_phone_cannot_choose_which_event_to_take_back(client, table, anna, bence):
    enter(bence, table, 1, 7)          # event 1, Bence's
    enter(anna, table, 1, 10)          # event 2, Anna's
    undo(anna, table, event="1", screen="host")
    assert events(client, table)[-1] == {"type": "undo", "event": 2}
    assert totals(client, table)["Bence"] == 7


def test_the_host_screen_takes_back_any_event_by_its_number(client, table, anna, bence):
    enter(anna, table, 1, 10)          # 1
    enter(bence, table, 1, 7)          # 2
    enter(anna, table, 2, 5)           # 3
    response = undo(client, table, event="2", screen="host")
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/t/{table}")
    assert events(client, table)[-1] == {"type": "undo", "event": 2}
    assert totals(client, table) == {"Anna": 15, "Bence": 0, "Csilla": 0}


def test_the_host_screens_undo_without_a_number_takes_back_the_last_act(client, table, anna, bence):
    enter(anna, table, 1, 10)
    enter(bence, table, 1, 7)
    undo(client, table, screen="host")
    assert events(client, table)[-1] == {"type": "undo", "event": 2}


def test_the_host_screen_with_nothing_entered_has_nothing_to_take_back(client, table):
    response = undo(client, table, screen="host")
    assert response.status_code == 422
    assert "nothing to take back" in text_of(response)
    assert events(client, table) == []


def test_an_event_cannot_be_taken_back_twice(client, table, anna):
    enter(anna, table, 1, 10)
    undo(client, table, event="1", screen="host")
    response = undo(client, table, event="1", screen="host")
    assert response.status_code == 422
    assert "Event 1 has already been undone." in text_of(response)
    assert len(events(client, table)) == 2


def test_a_stranger_cannot_undo(app, client, table, anna):
    enter(anna, table, 1, 10)
    response = undo(app.test_client(), table, event="1", screen="host")
    assert response.status_code == 403
    assert len(events(client, table)) == 1


def test_the_same_undo_tapped_twice_is_recorded_once(client, table, anna):
    enter(anna, table, 1, 10)
    enter(anna, table, 2, 20)
    nonce = uuid.uuid4().hex
    undo(anna, table, nonce=nonce)
    undo(anna, table, nonce=nonce)
    assert events(client, table)[2:] == [{"type": "undo", "event": 2}]
    assert totals(client, table)["Anna"] == 10


def test_the_history_strikes_through_what_was_taken_back_and_keeps_it(client, table, anna, bence):
    enter(anna, table, 1, 10)
    enter(bence, table, 1, 7)
    undo(anna, table)

    html = client.get(f"/t/{table}").get_data(as_text=True)
    assert re.search(r"<s>\s*Anna: 10 points in round 1\s*</s>[^<]*<small>\s*\(taken back\)", html)
    assert "<s>Bence" not in html
    assert "Bence: 7 points in round 1" in html
    assert "Took back event 1" in text_of(client.get(f"/t/{table}"))

    # nothing is deleted: the original entry and the undo are both in the record
    assert events(client, table) == [points("Anna", 1, 10), points("Bence", 1, 7),
                                      {"type": "undo", "event": 1}]
