"""Every input answered in words, on every route and both databases: bodies that are not forms,
text no keyboard types, kept entries that are not entries, the shared limit on wrong codes, and
one verdict on a record whether it is imported on the web or with ``companion import``."""
from __future__ import annotations

import io
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.cli import cli
from companion.extensions import db
from tests.support import enter, events, examples, make_app, start_table, table_count, take_seat, text_of
from tests.test_hostile_records import JSON, VALID, path_into

pytestmark = pytest.mark.database

NOT_A_FORM = "This address takes a form as a browser sends it"
NOT_TYPED = "a character no keyboard types"


def as_json(client, path: str, value, **headers):
    """A JSON body with the CSRF token's header: what Flask-WTF would have read as a form."""
    return client.post(path, json=value, headers={"X-CSRFToken": "token", **headers})


# --- bodies that are not forms ------------------------------------------------------------------

def test_the_reported_json_bodies_are_refused_415_in_words_and_change_nothing(app, client):
    code = start_table(client, players=("Anna", "Bence"))
    phone = app.test_client()
    take_seat(phone, code, 0)
    refused = [
        as_json(phone, f"/t/{code}/act/points", {"points-round": 1, "points-points": 5}),
        as_json(client, "/", {"game": "score-pad", "players-0": "\ud800"}),
        as_json(client, "/", {"game": "score-pad", "players-0": 5}),
        as_json(client, "/lang", {"lang": 1}),
        as_json(client, "/games/unmerge", {"alias": "\ud800"}),
        as_json(client, "/games/unmerge", {"alias": "a\u0000b"}),
        as_json(client, "/games/doodle-city/sheets/new", {"name": 5}),
        as_json(client, "/games/calcada/boards/new/8", {"name": ["x"]}),
        as_json(client, "/games/calcada/scoring/new", {"name": None}),
        phone.post(f"/t/{code}/act/points", data=b"<points round='1'/>",
                   headers={"Content-Type": "application/xml"}),
        phone.post(f"/t/{code}/act/points", data=b"points-round=1&points-points=5"),  # no type
    ]
    for response in refused:
        assert response.status_code == 415, response.request.path
        assert NOT_A_FORM in text_of(response)
    assert events(client, code) == [] and table_count(app) == 1


def test_a_json_body_to_a_phones_queue_route_gets_the_short_answer_in_words(app, client):
    code = start_table(client, players=("Anna", "Bence"))
    phone = app.test_client()
    take_seat(phone, code, 0)
    response = as_json(phone, f"/t/{code}/act/points", {"points-round": 1}, **{"X-Queued": "1"})
    assert response.status_code == 415
    answer = response.get_json()
    assert answer["ok"] is False and NOT_A_FORM in answer["reason"]
    assert "reasons" in answer and answer["reasons"]["hu"] != answer["reasons"]["en"]


def test_a_post_without_a_body_is_an_empty_form_and_forms_still_work(app, client):
    assert client.post("/lang").status_code == 303           # no body, no type: an empty form
    code = start_table(client, players=("Anna", "Bence"))
    phone = app.test_client()
    take_seat(phone, code, 0)
    assert enter(phone, code, 1, 5).status_code == 303       # urlencoded, as the pages send
    upload = client.post("/import", data={"record": (io.BytesIO(json.dumps(VALID).encode()),
                                                     "game.json")})
    assert upload.status_code == 303                         # multipart
    assert len(events(client, code)) == 1


def test_the_hungarian_sentence_for_a_body_that_is_not_a_form(client):
    client.set_cookie("lang", "hu")
    response = as_json(client, "/lang", {"lang": "en"})
    assert response.status_code == 415
    assert NOT_A_FORM not in text_of(response) and "űrlap" in text_of(response)


# --- text no keyboard types ----------------------------------------------------------------------

def test_nul_wherever_text_arrives_is_refused_400_in_words_and_changes_nothing(app, client):
    code = start_table(client, players=("Anna", "Bence"))
    phone = app.test_client()
    take_seat(phone, code, 0)
    answers = [
        client.post("/games/unmerge", data={"alias": "a\x00b"}),
        client.post("/games/merge", data={"alias\x00": "x", "name": "y"}),
        phone.post(f"/t/{code}/act/points", data={"points-round": "1", "points-points": "5\x00"}),
        client.get("/go", query_string={"code": "AB\x00CD"}),
        client.get(f"/t/{code[:2]}%00{code[3:]}"),
        client.get(f"/t/{code}/history?x=%00"),
        client.post("/import", data={"record": (io.BytesIO(json.dumps(VALID).encode()), "a\x00.json")}),
    ]
    for response in answers:
        assert response.status_code == 400, response.request.path
        assert NOT_TYPED in text_of(response)
    nul_cookie = app.test_client()
    nul_cookie.set_cookie("tc_browser", "a\x00b")
    assert nul_cookie.get("/").status_code == 400
    assert events(client, code) == [] and table_count(app) == 1


def test_a_surrogates_bytes_in_a_path_query_or_form_are_never_a_server_error(app, client):
    """A browser cannot send a lone surrogate but as the bytes UTF-8 forbids (ED A0 80), read as
    U+FFFD; a JSON body's "\\ud800" is refused as not a form (above)."""
    code = start_table(client, players=("Anna", "Bence"))
    answers = [client.get("/t/%ED%A0%80"), client.get("/go?code=%ED%A0%80"),
               client.post("/games/unmerge", data="alias=%ED%A0%80",
                           content_type="application/x-www-form-urlencoded"),
               client.post("/", data="game=score-pad&players-0=%ED%A0%80&players-1=B",
                           content_type="application/x-www-form-urlencoded")]
    assert [r.status_code for r in answers][:3] == [404, 404, 404]     # no such table, alias
    assert answers[3].status_code == 303        # a player named "\ufffd": as typed, kept
    assert events(client, code) == []


# --- kept entries that are not entries ------------------------------------------------------------

def test_a_queued_undo_or_finish_is_refused_by_the_server_in_words(app, client):
    code = start_table(client, players=("Anna", "Bence"))
    phone = app.test_client()
    take_seat(phone, code, 0)
    assert enter(phone, code, 1, 5).status_code == 303
    undo = phone.post(f"/t/{code}/undo", data={}, headers={"X-Queued": "1"})
    assert undo.status_code == 409
    assert undo.get_json()["ok"] is False and "undo is never kept" in undo.get_json()["reason"]
    finish = client.post(f"/t/{code}/finish", data={"sure": "yes"}, headers={"X-Queued": "1"})
    assert finish.status_code == 409 and "Only entries are kept" in finish.get_json()["reason"]
    assert len(events(client, code)) == 1
    assert phone.post(f"/t/{code}/undo", data={}).status_code == 303    # from the screen: taken back
    assert len(events(client, code)) == 2


# --- over the wrong-code limit (the window itself: test_rate_limits.py) -----------------------------

@pytest.fixture
def limited(tmp_path):
    """Two workers of one server: two apps on one database, the limits on."""
    return [make_app(tmp_path, RATELIMIT_ENABLED=True, WRONG_CODE_LIMIT="10 per minute")
            for _worker in range(2)]


def test_over_the_limit_right_and_wrong_codes_are_answered_alike_but_a_seated_phone_is_not_limited(limited):
    app = limited[0]
    host = app.test_client()
    code = start_table(host, players=("Anna", "Bence"))
    anna = app.test_client()
    take_seat(anna, code, 0)
    guesser = limited[1].test_client()      # the same address, through the other worker
    for n in range(10):
        guesser.get(f"/j/AAAA{n}")
    right, wrong = guesser.get(f"/j/{code}"), guesser.get("/j/AAAAX")
    assert right.status_code == wrong.status_code == 429
    assert text_of(right) == text_of(wrong)
    assert anna.get(f"/j/{code}").status_code in (200, 302, 303)
    assert anna.get(f"/t/{code}/phone").status_code == 200
    assert enter(anna, code, 1, 4).status_code == 303
    assert host.get(f"/t/{code}").status_code == 200


# --- one verdict on a record, on the web and on the command line -------------------------------

def verdicts(app, runner, tmp_path, content: bytes) -> tuple[str, str]:
    """(the web import's verdict, companion import's): "in", or the reason in words."""
    web = app.test_client().post("/import", data={"record": (io.BytesIO(content), "game.json")})
    assert web.status_code in (303, 422), web.status_code
    web_said = "in" if web.status_code == 303 else re.search(
        r'class="error[^"]*"[^>]*>([^<]+)<', web.get_data(as_text=True)).group(1).strip()
    path = tmp_path / "record.json"
    path.write_bytes(content)
    out = runner.invoke(cli, ["import", str(path)])
    assert out.exit_code in (0, 2), out.output
    cli_said = "in" if out.exit_code == 0 else out.output.strip().splitlines()[-1].removeprefix("error: ")
    return web_said, cli_said


def same_words(web: str, cli_said: str) -> bool:
    """The same refusal in the same words: the web page says it to a player with a capital
    ("Event 2 (points): …", "Not valid JSON: …"), the command line as the record contract does
    ("event 2 (points): …"); the sentence is otherwise the very same."""
    import html

    web = html.unescape(web)
    return web[:1].lower() + web[1:] == cli_said[:1].lower() + cli_said[1:]


def envelope(game: str, *events, **more) -> bytes:
    return json.dumps({"format": "table-companion-record", "version": 1, "game": game,
                       "players": [{"name": "Anna"}, {"name": "Bence"}], "events": list(events),
                       **more}).encode()


PADDED = json.dumps(VALID)
# a record and what `companion import` says of it (after "error: "), the web the same
SAID = {
    PADDED.replace('"points": 5', '"points": NaN').encode():
        "not valid JSON: NaN is not a number a game record may hold.",
    PADDED.replace('"points": 5', '"points": -Infinity').encode():
        "not valid JSON: -Infinity is not a number a game record may hold.",
    PADDED.replace('"points": 5', '"points": ' + "9" * 5000).encode():
        "not valid JSON: a number of 5000 digits is longer than the 4300 digits the reader reads.",
    b'{"format": "table-companion-record",\n "version" 1}':
        "not valid JSON: a colon (:) was expected at line 2, column 12.",
    PADDED[:-1].encode(): "not valid JSON: a comma (,) was expected at line 1, column "
                          f"{len(PADDED)}.",
    b"": "not valid JSON: the text is empty.",
    b"\xff{}": "not valid JSON: byte 1 (0xff) is not UTF-8 text.",
    envelope("score-pad", {"type": "points", "player": list(range(200)), "round": 1, "points": 5}):
        "event 1 (points): [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, … "
        "is not a player at this table.",
    envelope("score-pad", players=[{"name": "A" * 300}, {"name": "Bence"}]):
        f"The name {'A' * 59}… is longer than 40 characters.",
    envelope("score-pad", {"type": "points", "player": "Anna", "round": 1, "points": 5},
             {"type": "x" * 200}):
        f"event 2 ({'x' * 59}…): A score pad has no '{'x' * 58}… event.",
    envelope("calcada", {"type": "spend_bonus", "player": "Anna", "count": 0}):
        "event 1 (spend_bonus): The number of bonus tiles to spend must be a whole number, at "
        "least 1; 0 is not.",
    envelope("score-pad", {"type": "spend_bonus", "player": "Anna"}):
        "event 1 (spend_bonus): A score pad has no 'spend_bonus' event.",
    # the ids as the record writes them ("office", not the screens' "office tower")
    envelope("quadropolis", {"type": "build", "player": "Anna", "row": 1, "column": 1,
                             "kind": "office"}, options={"mode": "classic"}):
        "event 1 (build): There are no office tiles in Classic Quadropolis; they are used only "
        "in Expert.",
}


@pytest.mark.parametrize("content", SAID, ids=range(len(SAID)))
def test_a_refused_record_is_named_precisely_and_alike_on_the_web_and_by_companion_import(
        importer, tmp_path, content):
    app, runner = importer
    web, cli_said = verdicts(app, runner, tmp_path, content)
    assert cli_said == SAID[content]
    assert same_words(web, cli_said), (web, cli_said)
    assert len(SAID[content]) < 200         # the offending value cut, not repeated whole


def test_the_hungarian_refusal_of_a_record_names_the_same_precise_reason(importer):
    app, _runner = importer
    client = app.test_client()
    client.post("/lang", data={"lang": "hu", "next": "/"})
    said = {}
    for content in (PADDED.replace('"points": 5', '"points": NaN').encode(),
                    b'{"format": "table-companion-record",\n "version" 1}',
                    envelope("calcada", {"type": "spend_bonus", "player": "Anna", "count": 0})):
        page = client.post("/import", data={"record": (io.BytesIO(content), "game.json")})
        assert page.status_code == 422
        said[content] = text_of(page)
    nan, syntax, spend = said.values()
    assert "Nem érvényes JSON: NaN nem olyan szám" in nan
    assert "Nem érvényes JSON: a(z) 2. sor 12. oszlopában kettőspontnak (:)" in syntax
    assert "1. esemény (spend_bonus):" in spend


@pytest.fixture
def importer(tmp_path):
    """An app whose imports are not limited (a few a minute per address): the test imports
    many records from one address."""
    app = make_app(tmp_path / "importer", RATELIMIT_ENABLED=False)
    return app, app.test_cli_runner()


@settings(max_examples=examples(40), deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(data=st.data(), leaf=JSON)
def test_the_web_import_and_companion_import_give_the_same_verdict_in_the_same_words(
        importer, tmp_path, data, leaf):
    app, runner = importer
    value = json.loads(json.dumps(VALID))
    if data.draw(st.booleans()):
        container, key = path_into(value, data)
        container[key] = leaf
    content = json.dumps(value).encode() if data.draw(st.integers(0, 9)) else \
        data.draw(st.sampled_from([b"not json", b"\xff\xfe", b"[1, 2", b'{"game": []}', b"[NaN]",
                                   b"[Infinity]", b"1" * 5000, b'{"game":\n  "score-pad",}']))
    web, cli_said = verdicts(app, runner, tmp_path, content)
    assert same_words(web, cli_said), (web, cli_said)
