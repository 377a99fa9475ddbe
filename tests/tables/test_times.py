"""Time kept in a table's record: the server stamps ``started`` as a table is made and each
event's ``at`` inside its serialised append (the later of its clock and the latest time in the
record), and an import keeps a record's times, pauses and clock as they were."""
from __future__ import annotations

import io
import json
import uuid
from datetime import datetime, timezone

import pytest

from companion import record
from companion.models import utcnow
from tests.story_records import FINISHED
from tests.support import enter, start_table, take_seat, text_of

pytestmark = pytest.mark.database

TIMED = {"format": "table-companion-record", "version": 1, "game": "score-pad",
         "started": "2026-11-29T20:00:00Z", "options": {"clock": {"bank_seconds": 600}},
         "players": [{"name": "Anna"}, {"name": "Bence"}],
         "events": [{"type": "points", "player": "Anna", "round": 1, "points": 5,
                     "at": "2026-11-29T20:01:00.500Z"},
                    {"type": "pause", "at": "2026-11-29T20:02:00Z"},
                    {"type": "resume", "at": "2026-11-29T20:12:00Z"},
                    {"type": "points", "player": "Bence", "round": 1, "points": 7,
                     "at": "2026-11-29T20:13:30.25Z"}]}


def imported(client, data: dict) -> str:
    response = client.post("/import", data={"record": (io.BytesIO(json.dumps(data).encode()),
                                                       "game.json")})
    assert response.status_code == 303, text_of(response)
    return response.headers["Location"].rsplit("/", 1)[1]


def exported(client, code: str) -> dict:
    return client.get(f"/t/{code}/record.json").get_json()


def moment(text: str) -> datetime:
    return datetime.fromtimestamp(record.time_ms(text) / 1000, timezone.utc).replace(tzinfo=None)


def test_a_table_is_stamped_when_started_and_each_act_when_the_server_took_it(app, client):
    before = utcnow().replace(microsecond=0)
    code = start_table(client, players=("Anna", "Bence"))
    phone = app.test_client()
    take_seat(phone, code, 0)
    assert enter(phone, code, 1, 10).status_code == 303
    assert enter(client, code, 1, 4, screen="host", **{"points-player": "Bence"}).status_code == 303
    assert client.post(f"/t/{code}/finish", data={"sure": "yes"}).status_code == 303
    after = utcnow()
    data = exported(client, code)
    times = [data["started"], *(event["at"] for event in data["events"])]
    assert [event["type"] for event in data["events"]] == ["points", "points", "end"]
    assert all(before <= moment(t) <= after for t in times)
    assert [record.time_ms(t) for t in times] == sorted(record.time_ms(t) for t in times)
    # the export replays as it is, times and all: every second of play is someone's or nobody's
    result = record.load(data).result()
    assert result["time"]["paused_seconds"] == 0
    assert result["time"]["playing_seconds"] >= sum(p["time_seconds"] for p in result["players"])


def test_an_act_after_a_later_time_in_the_record_keeps_the_times_in_order(app, client):
    """The record's latest time is ahead of this server's clock (another server's, or this clock
    stepped back): the next act takes that time, never an earlier one."""
    ahead = {**TIMED, "started": "2099-01-01T00:00:00Z",
             "events": [{**TIMED["events"][0], "at": "2099-01-01T00:00:05.250Z"}]}
    code = imported(client, ahead)
    client.post(f"/t/{code}/host")                 # an imported table: claim the host screen
    assert enter(client, code, 1, 4, screen="host", **{"points-player": "Bence"}).status_code == 303
    data = exported(client, code)
    assert data["events"][-1]["at"] == "2099-01-01T00:00:05.250Z"
    record.load(data)                               # its own replay takes it


def test_an_imported_record_keeps_its_times_pauses_and_clock_and_its_history_says_them(client):
    code = imported(client, TIMED)
    data = exported(client, code)
    assert data["started"] == TIMED["started"] and data["events"] == TIMED["events"]
    assert data["options"] == TIMED["options"]          # as written
    # 60.5 s (Anna's) + 59.5 s (closed by the pause) + 90.25 s (Bence's) of play
    assert record.load(data).result()["time"] == {"playing_seconds": 210, "paused_seconds": 600}
    history = text_of(client.get(f"/t/{code}/history"))
    assert "Clock paused" in history and "Clock resumed" in history
    for path in ("", "/story", "/history"):
        assert client.get(f"/t/{code}{path}").status_code == 200


def test_an_imported_record_without_started_exports_none(client):
    code = imported(client, {k: v for k, v in TIMED.items() if k != "started"})
    data = exported(client, code)
    assert "started" not in data and data["events"] == TIMED["events"]


@pytest.mark.parametrize("game", sorted(FINISHED))
def test_every_game_imports_a_timed_record_with_a_clock_and_a_pause_and_draws_it(client, game):
    source = FINISHED[game]
    events = [dict(e) for e in source["events"] if e["type"] != "end"]
    for event in events:
        if event["type"] == "undo" and event["event"] >= 2:     # renumbered past the two below
            event["event"] += 2
    events.insert(1, {"type": "pause"})
    events.insert(2, {"type": "resume"})
    for number, event in enumerate(events):
        event["at"] = f"2026-11-29T20:{number // 60:02d}:{number % 60:02d}Z"
    data = {**source, "started": "2026-11-29T19:59:00Z", "events": events,
            "options": {**source.get("options", {}), "clock": {"bank_seconds": 1200}}}
    code = imported(client, data)
    assert exported(client, code)["events"] == events
    for path in ("", "/history", "/story"):
        assert client.get(f"/t/{code}{path}").status_code == 200, path


# --- a pause for a break ---------------------------------------------------------------------

def pause(client, code: str, which: str = "pause"):
    """The host screen's Pause (or Resume) button, tapped."""
    return client.post(f"/t/{code}/clock", data={"clock": which, "nonce": uuid.uuid4().hex})


def test_the_host_pauses_and_resumes_with_one_tap_and_every_screen_says_paused(app, client):
    code = start_table(client, players=("Anna", "Bence"))
    phone = app.test_client()
    take_seat(phone, code, 0)
    assert 'name="clock" value="pause"' in client.get(f"/t/{code}").get_data(as_text=True)
    assert pause(client, code).status_code == 303
    assert "Paused" in text_of(client.get(f"/t/{code}"))
    assert "Paused" in text_of(phone.get(f"/t/{code}/phone"))
    assert 'name="clock" value="resume"' in client.get(f"/t/{code}").get_data(as_text=True)
    # time advises, never refuses: an act while paused goes in
    assert enter(phone, code, 1, 10).status_code == 303
    # a second tap on a screen not yet updated is refused with the reason, nothing written
    again = pause(client, code)
    assert again.status_code == 422 and "The clock is already paused." in text_of(again)
    assert pause(client, code, "resume").status_code == 303
    assert "Paused" not in text_of(phone.get(f"/t/{code}/phone"))
    data = exported(client, code)
    assert [e["type"] for e in data["events"]] == ["pause", "points", "resume"]
    assert all("at" in e for e in data["events"])
    assert "time" in record.load(data).result()


def test_only_the_host_pauses_and_never_a_finished_game(app, client):
    code = start_table(client, players=("Anna", "Bence"))
    phone = app.test_client()
    take_seat(phone, code, 0)
    assert pause(phone, code).status_code == 403
    assert client.post(f"/t/{code}/finish", data={"sure": "yes"}).status_code == 303
    finished = pause(client, code)
    assert finished.status_code == 422 and "The game is finished" in text_of(finished)
    assert [e["type"] for e in exported(client, code)["events"]] == ["end"]
    assert client.post(f"/t/{code}/clock", data={"clock": "stop"}).status_code == 400
