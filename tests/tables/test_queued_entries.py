"""An entry a phone kept while offline and sends later (header X-Queued: 1) gets a short JSON
answer: appended once by its nonce however often it is sent, or refused in words by the rules
of the table as it is when it arrives — never a page, never a silent overwrite."""
from __future__ import annotations

import uuid

from tests.support import enter, events, totals

QUEUED = {"X-Queued": "1"}


def send(phone, code, round_, points, nonce, **extra):
    return phone.post(f"/t/{code}/act/points", headers=QUEUED,
                      data={"points-round": str(round_), "points-points": str(points),
                            "nonce": nonce, **extra})


def test_the_same_queued_entry_sent_twice_is_in_the_record_once(client, table, anna):
    nonce = uuid.uuid4().hex
    first = send(anna, table, 1, 12, nonce, seen="0")
    again = send(anna, table, 1, 12, nonce, seen="0")     # the answer was lost: sent again
    assert (first.status_code, first.get_json()) == (200, {"ok": True})
    assert (again.status_code, again.get_json()) == (200, {"ok": True})
    assert [e["points"] for e in events(client, table)] == [12]


def test_a_queued_entry_whose_round_the_host_filled_meanwhile_is_refused_in_words(
        client, table, anna):
    enter(client, table, 1, 9, screen="host", **{"points-player": "Anna"})   # while Anna is offline
    late = send(anna, table, 1, 12, uuid.uuid4().hex, seen="0")
    assert late.status_code == 409
    reason = late.get_json()["reason"]
    assert late.get_json()["ok"] is False
    assert "while this phone was offline" in reason
    assert "Anna: 9 points in round 1" in reason and "Anna's round 1 is 9" in reason
    assert totals(client, table)["Anna"] == 9 and len(events(client, table)) == 1


def test_a_queued_entry_the_rules_refuse_is_answered_with_the_reason(client, table, anna):
    client.post(f"/t/{table}/finish", data={"sure": "yes"})        # the host finished meanwhile
    late = send(anna, table, 2, 5, uuid.uuid4().hex)
    assert late.status_code in (404, 422) and late.get_json()["ok"] is False
    assert late.get_json()["reason"]
    assert all(e["type"] != "points" for e in events(client, table))


def test_a_queued_entry_that_is_not_a_valid_form_is_refused_in_words(client, table, anna):
    bad = send(anna, table, 1, "lots", uuid.uuid4().hex)
    assert bad.status_code == 422 and bad.get_json()["ok"] is False and bad.get_json()["reason"]
    assert events(client, table) == []


def test_a_stranger_queued_entry_is_refused_in_json(app, table):
    stranger = app.test_client()
    refused = send(stranger, table, 1, 5, uuid.uuid4().hex)
    assert refused.status_code == 403 and refused.get_json()["ok"] is False
    assert "seat's own phone" in refused.get_json()["reason"]
    assert stranger.post(f"/t/{table}/act/points", data={}).mimetype == "text/html"
