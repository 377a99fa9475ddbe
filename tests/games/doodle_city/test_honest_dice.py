"""Honest dice: who may roll, when, and who sets up are rules of the live table, decided under
the table's lock on the state the roll is appended to; a record keeps only the record's rules."""
from __future__ import annotations

import threading
import urllib.error
import urllib.request

import pytest

from companion import record
from tests.games.doodle_city.test_web import act, exported, set_up, start
from tests.support import LiveServer, examples, make_app, take_seat, text_of

pytestmark = [pytest.mark.database, pytest.mark.storage("two rolls racing for one round")]

RACES = examples(25)


def rolls(client, code) -> int:
    return sum(e["type"] == "roll" for e in exported(client, code)["events"])


def test_a_phone_cannot_type_its_own_dice_on_an_app_dice_table(client, app):
    code = start(client, dice="app")
    set_up(client, code)
    anna = app.test_client()
    take_seat(anna, code, 0)                    # Anna is round 1's start player
    typed = act(anna, code, "typed_roll", blue=6, white="6 6 6")
    assert typed.status_code == 422 and "tap Roll the dice" in text_of(typed)
    assert rolls(client, code) == 0
    assert act(anna, code, "roll").status_code == 303 and rolls(client, code) == 1


def test_only_the_host_screen_sets_up_the_start_roads(client, app):
    code = start(client, dice="app")
    anna = app.test_client()
    take_seat(anna, code, 0)
    for form, fields in (("setup_roll", {}), ("start_road", {"column": 1, "shape": "NS"})):
        refused = act(anna, code, form, **fields)
        assert refused.status_code == 422 and "Only the host screen" in text_of(refused)
    assert exported(client, code)["events"] == []
    assert act(client, code, "setup_roll", host=True).status_code == 303


def test_a_record_from_a_table_that_rolled_real_dice_early_stays_valid(client):
    code = start(client, dice="physical")
    set_up(client, code)
    data = exported(client, code)
    data["events"] += [{"type": "roll", "blue": 2, "white": [1, 3, 5]},
                       {"type": "roll", "blue": 4, "white": [2, 2, 2]}]
    assert len(record.load(data).events) == 7


def post(url: str, cookie: str, fields: str) -> int:
    request = urllib.request.Request(url, data=fields.encode(), headers={"Cookie": cookie})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_the_host_and_the_start_player_tapping_roll_at_once_roll_once(tmp_path):
    """A real threaded server, two taps released together, RACES times: one roll each time."""
    app = make_app(tmp_path, RATELIMIT_ENABLED=False)
    host, anna = app.test_client(), app.test_client()
    code = start(host, dice="app")
    set_up(host, code)
    take_seat(anna, code, 0)
    cookies = {"host": f"tc_host_{code}={host.get_cookie(f'tc_host_{code}').value}",
               "anna": f"tc_seat_{code}={anna.get_cookie(f'tc_seat_{code}').value}"}
    bodies = {"host": "screen=host", "anna": ""}
    counts = []
    with LiveServer(app) as server:
        url = f"{server.url}/t/{code}/act/roll"
        for race in range(RACES):
            gate = threading.Barrier(2)
            answers = {}

            def tap(who):
                gate.wait()
                answers[who] = post(url, cookies[who], bodies[who])
            taps = [threading.Thread(target=tap, args=(who,)) for who in ("host", "anna")]
            for thread in taps:
                thread.start()
            for thread in taps:
                thread.join()
            counts.append(rolls(host, code) - race)
            assert sorted(answers.values()) == [200, 422], answers   # one rolls (and sees its screen), one is refused
            # the host takes the roll back, so the next race starts from the same round
            assert host.post(f"/t/{code}/undo", data={"screen": "host"}).status_code == 303
    assert counts == [1] * RACES
