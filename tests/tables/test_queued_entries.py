"""An entry a phone kept while offline and sends later (header X-Queued: 1) gets a short JSON
answer: appended once by its nonce however often it is sent, or refused in words by the rules
of the table as it is when it arrives — never a page, never a silent overwrite."""
from __future__ import annotations

import re
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


def test_a_queued_entry_that_would_replace_a_value_is_entered_once_the_phone_says_replace(
        client, table, anna):
    """The refusal asks (in every language, as the phone may switch to another one before it
    is read) and gives the token that enters the entry anyway when sent with it again."""
    enter(client, table, 1, 9, screen="host", **{"points-player": "Anna"})
    nonce = uuid.uuid4().hex
    late = send(anna, table, 1, 12, nonce, seen="0").get_json()
    assert late["reasons"]["en"] == late["reason"] and late["reason"].endswith(
        "Anna's round 1 is 9. Replace it with 12?")
    assert late["reasons"]["hu"].startswith("Nem került be: amíg ez a telefon nem kapcsolódott")
    assert late["entries"] == {"en": "Anna: 12 points in round 1",
                               "hu": "Anna: 12 pont, 1. forduló"}
    again = send(anna, table, 1, 12, nonce, seen="0", replaces=late["replaces"])
    assert (again.status_code, again.get_json()) == (200, {"ok": True})
    assert totals(client, table)["Anna"] == 12 and len(events(client, table)) == 2


def test_a_queued_entry_the_rules_refuse_is_answered_with_the_reason(client, table, anna):
    client.post(f"/t/{table}/finish", data={"sure": "yes"})        # the host finished meanwhile
    late = send(anna, table, 2, 5, uuid.uuid4().hex)
    assert late.status_code in (404, 422) and late.get_json()["ok"] is False
    assert late.get_json()["reason"]
    assert all(e["type"] != "points" for e in events(client, table))


def test_a_queued_entry_that_is_not_a_valid_form_is_refused_in_words(client, table, anna):
    bad = send(anna, table, 1, "lots", uuid.uuid4().hex)
    assert bad.status_code == 422 and bad.get_json()["ok"] is False and bad.get_json()["reason"]
    words = bad.get_json()["reasons"]          # the form's own messages, in each language
    assert words["hu"].startswith("Nem került be: ") and words["hu"][15:] != words["en"][14:]
    assert events(client, table) == []


def test_a_stranger_queued_entry_is_refused_in_json(app, table):
    stranger = app.test_client()
    refused = send(stranger, table, 1, 5, uuid.uuid4().hex)
    assert refused.status_code == 403 and refused.get_json()["ok"] is False
    assert "seat's own phone" in refused.get_json()["reason"]
    assert stranger.post(f"/t/{table}/act/points", data={}).mimetype == "text/html"


def test_a_roll_kept_offline_is_refused_and_a_die_s_move_is_judged_by_the_rules_when_it_arrives(
        client, app):
    """A roll counts only at the moment of the tap (sent late it could roll a second time), so
    the server refuses it from a queue, with the reason; a road or a cross with a die picked
    online is kept, and judged when it arrives by the rules against the table as it is then."""
    from tests.games.doodle_city.test_web import act, exported, set_up, start
    from tests.support import take_seat
    code = start(client, dice="app")
    set_up(client, code)
    anna = app.test_client()
    take_seat(anna, code, 0)                    # Anna is round 1's start player
    late = anna.post(f"/t/{code}/act/roll", headers=QUEUED, data={"nonce": uuid.uuid4().hex})
    assert late.status_code == 409 and late.get_json()["ok"] is False
    assert late.get_json()["reason"].startswith("Not entered: Rolling counts at the moment")
    assert all(e["type"] != "roll" for e in exported(client, code)["events"])
    page = anna.get(f"/t/{code}/phone").get_data(as_text=True)
    assert 'data-no-queue="Rolling counts at the moment' in page      # refused at once offline
    assert act(anna, code, "roll").status_code == 303                    # online it rolls
    claim = anna.post(f"/t/{code}/act/house", headers=QUEUED,
                      data={"nonce": uuid.uuid4().hex, "house-die": "9", "house-row": "1",
                            "house-column": "3"})
    assert claim.status_code in (409, 422) and claim.get_json()["ok"] is False
    assert "no white die number 10" in claim.get_json()["reason"]        # the rules' words
    assert [e["type"] for e in exported(client, code)["events"]][-1] == "roll"


def test_the_live_screens_carry_the_offline_words_translated(client, table, anna):
    page = anna.get(f"/t/{table}/phone").get_data(as_text=True)
    assert 'id="offline"' in page and re.search(r'src="/static/js/offline\.[0-9a-f]{8}\.js"', page)
    assert 'data-behind="Offline — last update {s} s ago"' in page
    assert 'data-entry="Round {points-round}: {points-points} points"' in page
    anna.post("/lang", data={"lang": "hu", "next": f"/t/{table}/phone"})
    page = anna.get(f"/t/{table}/phone").get_data(as_text=True)
    assert 'data-behind="Nincs kapcsolat — utolsó frissítés {s} mp-e"' in page
    assert 'data-kept-many="{n} beírás vár ezen a telefonon"' in page


def test_a_phones_own_earlier_entries_are_not_named_as_changes_made_while_it_was_offline(
        client, table, anna):
    """Two entries kept on the phone (both made on a screen showing 0 events); the host entered
    round 2 meanwhile: the refusal names the host's entry, not the phone's own round 1."""
    enter(client, table, 2, 5, screen="host", **{"points-player": "Anna"})
    assert send(anna, table, 1, 12, uuid.uuid4().hex, seen="0").get_json() == {"ok": True}
    late = send(anna, table, 2, 7, uuid.uuid4().hex, seen="0")
    reason = late.get_json()["reason"]
    assert late.status_code == 409 and "Anna: 5 points in round 2" in reason
    assert "12" not in reason
