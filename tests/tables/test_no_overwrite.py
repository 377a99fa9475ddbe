"""Nothing is silently overwritten: a correction is asked for, a stale screen is refused."""
from __future__ import annotations

import re

from tests.support import enter, events, text_of, totals


def host_entry(client, code, player, round_, points, **extra):
    return enter(client, code, round_, points, screen="host", **{"points-player": player}, **extra)


def seen(client, code) -> int:
    return len(events(client, code))


def test_a_phone_saving_a_round_it_already_has_is_asked_with_the_value_it_replaces(
        client, table, anna):
    enter(anna, table, 3, 10)
    asked = enter(anna, table, 3, 2)
    assert asked.status_code == 409
    assert "Anna's round 3 is 10. Replace it with 2?" in text_of(asked)
    assert totals(client, table)["Anna"] == 10 and len(events(client, table)) == 1
    html = asked.get_data(as_text=True)
    assert 'name="replaces" value="10"' in html            # the yes carries the value it replaces
    assert enter(anna, table, 3, 2, replaces="10").status_code == 303
    assert totals(client, table)["Anna"] == 2


def test_the_same_value_again_is_no_replacement(client, table, anna):
    enter(anna, table, 1, 7)
    assert enter(anna, table, 1, 7).status_code == 303


def test_the_history_shows_a_replacement_as_a_replacement(client, table, anna):
    enter(anna, table, 3, 10)
    enter(anna, table, 3, 2, replaces="10")
    page = text_of(client.get(f"/t/{table}"))
    assert "Anna: round 3 corrected from 10 to 2" in page
    assert "Anna: 10 points in round 3" in page


def test_a_stale_host_entry_that_would_replace_a_phones_is_refused_with_what_changed(
        client, table, anna):
    shown = seen(client, table)                 # the host screen loaded: Anna, round 1 offered
    enter(anna, table, 1, 12)                   # meanwhile Anna's phone enters round 1
    refused = host_entry(client, table, "Anna", 1, 5, seen=shown)
    assert refused.status_code == 409
    page = text_of(refused)
    assert "Entered since this screen was loaded: Anna: 12 points in round 1" in page
    assert "Anna's round 1 is 12. Replace it with 5?" in page
    assert totals(client, table)["Anna"] == 12


def test_a_yes_given_to_a_value_that_has_changed_since_counts_for_nothing(client, table, anna):
    enter(anna, table, 1, 12)
    enter(anna, table, 1, 20, replaces="12")
    again = host_entry(client, table, "Anna", 1, 5, replaces="12")     # the yes was to 12
    assert again.status_code == 409
    assert "Anna's round 1 is 20. Replace it with 5?" in text_of(again)
    assert totals(client, table)["Anna"] == 20


def test_a_stale_entry_into_an_empty_round_goes_through(client, table, anna):
    shown = seen(client, table)
    enter(anna, table, 1, 12)
    assert host_entry(client, table, "Bence", 1, 5, seen=shown).status_code == 303


def test_the_host_form_offers_the_next_empty_seat_and_round(client, table, anna, bence):
    enter(anna, table, 1, 12)
    enter(bence, table, 1, 8)
    html = client.get(f"/t/{table}").get_data(as_text=True)
    assert '<option selected value="Csilla">' in html
    assert re.search(r'<input[^>]*name="points-round"[^>]*value="1"', html)
    # the live view carries the same for a form nobody has touched yet
    live = client.get(f"/t/{table}/live?v=-1&view=host").get_data(as_text=True)
    assert '"points-player": "Csilla"' in live and '"points-round": "1"' in live
