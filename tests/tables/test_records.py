"""Game records: export a table, open a record as a new table, and refuse broken records."""
from __future__ import annotations

import io
import json
import re
import uuid

import pytest

from companion import record
from tests.support import enter, make_app, start_table, table_count, take_seat, text_of

pytestmark = pytest.mark.database


def upload(client, content: bytes, filename="game.json"):
    return client.post("/import", data={"record": (io.BytesIO(content), filename)},
                       content_type="multipart/form-data")


def pad(events, players=("Anna", "Bence")):
    return {"format": "table-companion-record", "version": 1, "game": "score-pad",
            "options": {}, "players": [{"name": n} for n in players], "events": events}


@pytest.fixture
def played(app, client):
    code = start_table(client, players=("Anna", "Bence", "Ádám"))
    phone = app.test_client()
    take_seat(phone, code, 0)
    enter(phone, code, 1, 10)
    enter(client, code, 1, -4, screen="host", **{"points-player": "Ádám"})
    enter(client, code, 1, 6, screen="host", **{"points-player": "Bence"})
    phone.post(f"/t/{code}/undo", data={"nonce": uuid.uuid4().hex})
    enter(phone, code, 1, 11)
    return code


def test_the_export_is_the_contract_envelope_as_a_download(client, played):
    response = client.get(f"/t/{played}/record.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    disposition = response.headers["Content-Disposition"]
    assert disposition.startswith("attachment")
    assert re.search(r'filename="[^"]+\.json"', disposition)

    data = json.loads(response.get_data(as_text=True))
    assert list(data) == ["format", "version", "game", "started", "options", "players", "events"]
    # when the table was started and took each event, by the server's clock, in order
    assert record.time_ms(data["started"]) is not None
    moments = [record.time_ms(data["started"]), *(record.time_ms(e.pop("at")) for e in data["events"])]
    assert None not in moments and moments == sorted(moments)
    assert data["format"] == "table-companion-record"
    assert data["version"] == 1
    assert data["game"] == "score-pad"
    assert data["options"] == {"lowest_wins": False}
    assert data["players"] == [{"name": "Anna"}, {"name": "Bence"}, {"name": "Ádám"}]
    assert data["events"] == [
        {"type": "points", "player": "Anna", "round": 1, "points": 10},
        {"type": "points", "player": "Ádám", "round": 1, "points": -4},
        {"type": "points", "player": "Bence", "round": 1, "points": 6},
        {"type": "undo", "event": 1},
        {"type": "points", "player": "Anna", "round": 1, "points": 11},
    ]


def test_the_export_keeps_accented_names_readable(client, played):
    assert "Ádám" in client.get(f"/t/{played}/record.json").get_data(as_text=True)


def test_anyone_at_the_table_may_export_the_record(app, client, played):
    assert app.test_client().get(f"/t/{played}/record.json").status_code == 200


def test_a_record_round_trips_through_import_unchanged(app, client, played):
    client.post(f"/t/{played}/finish", data={"sure": "yes"})
    exported = client.get(f"/t/{played}/record.json").get_data()

    importer = app.test_client()
    response = upload(importer, exported)
    assert response.status_code == 303
    new_code = response.headers["Location"].rsplit("/", 1)[1]
    assert new_code != played
    assert table_count(app) == 2
    assert importer.get_cookie(f"tc_host_{new_code}") is not None

    again = importer.get(f"/t/{new_code}/record.json").get_data()
    assert json.loads(again) == json.loads(exported)
    assert again == exported


def test_an_imported_table_shows_the_same_scores_and_can_be_played_on(app, client):
    importer = app.test_client()
    response = upload(importer, json.dumps(pad([
        {"type": "points", "player": "Anna", "round": 1, "points": 3},
        {"type": "points", "player": "Bence", "round": 1, "points": 8},
    ])).encode())
    assert response.status_code == 303
    code = response.headers["Location"].rsplit("/", 1)[1]
    page = text_of(importer.get(f"/t/{code}"))
    assert "Bence: 8 points in round 1" in page
    assert "Enter for any seat" in page
    assert enter(importer, code, 2, 1, screen="host", **{"points-player": "Anna"}).status_code == 303
    assert len(importer.get(f"/t/{code}/record.json").get_json()["events"]) == 3


def test_an_invalid_record_names_the_first_bad_event_and_opens_nothing(app, client):
    bad = pad([{"type": "points", "player": "Anna", "round": 1, "points": 3},
               {"type": "points", "player": "Bence", "round": 0, "points": 8}])
    response = upload(client, json.dumps(bad).encode())
    assert response.status_code == 422
    assert "Event 2 (points):" in text_of(response)
    assert "round" in text_of(response)
    assert table_count(app) == 0
    assert "hosts or sits at" in text_of(client.get("/"))


@pytest.mark.parametrize("mutate, message", [
    (lambda r: r.update(format="pgn"), "Not a game record"),
    (lambda r: r.update(game="chess"), "Unknown game"),
    (lambda r: r.update(players=[{"name": "Anna"}, {"name": "Anna"}]), "same name"),
    (lambda r: r.update(players=[{"name": "x" * 41}]), "longer than 40 characters"),
    (lambda r: r["events"].append({"type": "undo", "event": 5}), "Event 1 (undo):"),
])
def test_a_record_breaking_the_contract_is_refused_with_the_reason(app, client, mutate, message):
    bad = pad([])
    mutate(bad)
    response = upload(client, json.dumps(bad).encode())
    assert response.status_code == 422
    assert message in text_of(response)
    assert table_count(app) == 0


@pytest.mark.parametrize("content", [b"Anna 10, Bence 8\n", b"\xff\xfe\x00\x81 not text", b""])
def test_a_file_that_is_not_json_is_refused_in_plain_words(app, client, content):
    response = upload(client, content, filename="notes.txt")
    assert response.status_code == 422
    assert "Not valid JSON: " in text_of(response)       # and why, precisely
    assert table_count(app) == 0


def test_json_that_is_not_an_object_is_refused(app, client):
    response = upload(client, b'["Anna", "Bence"]')
    assert response.status_code == 422
    assert "A record must be a JSON object." in text_of(response)
    assert table_count(app) == 0


def test_importing_without_a_file_asks_for_one(app, client):
    response = client.post("/import", data={}, content_type="multipart/form-data")
    assert response.status_code == 422
    assert "Choose a record file." in text_of(response)
    assert table_count(app) == 0


def test_a_file_too_large_for_a_record_is_refused_with_a_message(tmp_path):
    """The import takes a play's zip too (16 MB): a larger record file is refused by its size,
    named; a body larger than a zip may be is not read at all."""
    app = make_app(tmp_path, TESTING=False)     # as served: errors become pages
    client = app.test_client()

    def sent(megabytes: int):
        huge = b" " * (megabytes * 1024 * 1024) + b"{}"
        # the multipart body built by hand, so no temporary file is left behind by the client
        body = (b"--B\r\nContent-Disposition: form-data; name=\"record\"; filename=\"big.json\"\r\n"
                b"Content-Type: application/json\r\n\r\n" + huge + b"\r\n--B--\r\n")
        return client.post("/import", data=body, content_type="multipart/form-data; boundary=B")

    response = sent(3)
    assert response.status_code == 422
    assert "A game record is at most 512 kB; this one is 3072 kB." in text_of(response)
    response = sent(17)
    assert response.status_code == 413
    assert "a game record is at most 512 kB, a play's zip 16 MB." in text_of(response)
    assert table_count(app) == 0


def test_imports_are_limited_per_address_and_the_rest_of_the_site_is_not(app):
    """A record's import is the heaviest thing a browser can ask for: a few a minute from one
    address; another address, and the other pages of the same one, are served as ever."""
    one, other = app.test_client(), app.test_client()
    record = json.dumps(pad([{"type": "points", "player": "Anna", "round": 1, "points": 3}])).encode()
    first = app.config["IMPORT_LIMIT"].split()[0]
    before = table_count(app)
    answers = [upload(one, record).status_code for _ in range(int(first) + 1)]
    assert answers == [303] * int(first) + [429]
    assert table_count(app) == before + int(first)          # the refused one made nothing
    assert one.get("/").status_code == 200
    assert other.post("/import", data={"record": (io.BytesIO(record), "game.json")},
                      content_type="multipart/form-data",
                      environ_base={"REMOTE_ADDR": "10.1.2.3"}).status_code == 303


@pytest.mark.parametrize("game", [[], {"x": 1}, 5, None])
def test_a_record_whose_game_is_not_text_is_refused_in_words(client, game):
    record = dict(pad([]), game=game)
    response = upload(client, json.dumps(record).encode())
    assert response.status_code == 422
    assert "Unknown game" in text_of(response)


def imported_in_a_process(tmp_path, content: bytes):
    """The import as ``companion run`` does it (a process of its own reads and replays the
    record), and the same in this process: (response, app) for each."""
    answers = []
    for apart in (True, False):
        app = make_app(tmp_path / f"apart-{apart}", IMPORT_IN_A_PROCESS=apart)
        answers.append((upload(app.test_client(), content), app))
    return answers


def test_a_long_record_imported_in_a_process_of_its_own_makes_the_same_table_kept_replayed(tmp_path):
    from companion import record
    from companion.games import GAMES
    from companion.models import Snapshot, Table
    from companion.extensions import db
    from companion.tables import service

    events = [{"type": "points", "player": ("Anna", "Bence")[i % 2], "round": i // 2 + 1,
               "points": i % 7} for i in range(2 * service.replays.SNAPSHOT_EVERY)] + [{"type": "end"}]
    content = json.dumps(pad(events)).encode()
    expected = record.load(json.loads(content))
    for response, app in imported_in_a_process(tmp_path, content):
        assert response.status_code == 303
        code = response.headers["Location"].rsplit("/", 1)[1]
        with app.app_context():
            table = db.session.query(Table).filter_by(code=code).one()
            snapshot = db.session.query(Snapshot).filter_by(table_id=table.id).one()
            assert (table.version, snapshot.events) == (len(events), len(events))
            assert snapshot.fingerprint == record.fingerprint(GAMES["score-pad"])
            assert table.result == expected.result()
            resumed = record.resumed(GAMES["score-pad"], {}, ["Anna", "Bence"], snapshot.data)
            assert resumed.state == expected.state and resumed.events == expected.events
        exported = app.test_client().get(f"/t/{code}/record.json").get_json()
        assert exported["events"] == events


@pytest.mark.parametrize("content", [
    json.dumps(pad([{"type": "points", "player": "Anna", "round": 0, "points": 3}])).encode(),
    json.dumps(dict(pad([]), game="chess")).encode(),
    json.dumps(dict(pad([]), game=["score-pad"])).encode(),
    b"Anna 10, Bence 8\n",
    b"\xff\xfe\x00\x81 not text",
])
def test_a_record_refused_in_a_process_of_its_own_is_refused_in_the_same_words(tmp_path, content):
    (apart, app), (here, _app) = imported_in_a_process(tmp_path, content)
    assert apart.status_code == here.status_code == 422
    error = re.search(r'class="error[^"]*"[^>]*>([^<]+)<', apart.get_data(as_text=True))
    assert error is not None and error.group(1).strip()
    assert error.group(1) in here.get_data(as_text=True)
    assert table_count(app) == 0
