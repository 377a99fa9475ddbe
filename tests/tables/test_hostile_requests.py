"""Hostile requests: every route, every role, any body. Never a 5xx, and a refusal changes nothing.

One app serves every example (a fresh app per example would cost more than the requests); the
tables may move on when a generated request happens to be legal, which only widens the states
the next examples meet. With TESTING on, an exception inside a view fails the test itself.
"""
from __future__ import annotations

import io
import re
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from sqlalchemy import func, select

from companion.extensions import db
from companion.models import Event, Seat, Table
from tests.games.doodle_city.test_web import act, set_up, start
from tests.support import enter, examples, make_app, start_table, take_seat

pytestmark = [pytest.mark.database, pytest.mark.storage("hostile values reaching the database")]

EXAMPLES = examples(100)    # per request test below: 3 tests, 300 requests a run
UPLOADS = examples(30)      # an import replays a record: the costliest request

# values that broke or could break parsing: Unicode digits, past int's 4,300-digit limit, huge
# path numbers, NaN, control characters, surrogate escapes, markup, far too long text
NASTY = ["²", "٣", "9" * 5000, "99999999999999999999", "-99999999999999999999", "-1", "0", "1",
         "2", "5", "6", "7", "", " ", "\x00", "\t\n", "NaN", "1e999", "0x10", "1_000", "+3", "٣ ٤",
         "3 5 1 6", "1-1", "5-5", "<script>", "host", "phone", "yes", "NS", "EW", "Anna",
         "Bence", "x" * 3000, "[" * 200, "\u202e", "\ufeff1", "%00", "../../etc/passwd"]
VALUES = st.one_of(st.sampled_from(NASTY), st.text(max_size=12),
                   st.integers(-10**30, 10**30).map(str))
PATH_VALUES = st.one_of(st.sampled_from(NASTY), st.text(max_size=12).filter(lambda s: "/" not in s))

# a legal-looking body per form, to reach the checks behind form validation
BASES = {
    "points": {"points-round": "1", "points-points": "5", "points-player": "Anna"},
    "draw": {"draw-die": "0", "draw-row": "1", "draw-column": "2", "draw-shape": "NS",
             "draw-player": "Anna"},
    "house": {"house-row": "1", "house-column": "3", "house-player": "Anna"},
    "tree": {"tree-player": "Bence"},
    "roll": {},
    "setup_roll": {},
    "typed_roll": {"typed_roll-blue": "2", "typed_roll-white": "1 3 5"},
    "start_road": {"start_road-column": "1", "start_road-shape": "NS"},
    "tally": {"tally-player": "Anna", "tally-hotels": "3 5", "tally-shops": "2",
              "tally-bonuses": "", "tally-taxis": "0", "tally-trees": "0"},
}
OTHER_FIELDS = ["seat", "event", "sure", "screen", "nonce", "replaces", "seen", "lang", "next",
                "game", "players-0", "players-1", "opt-doodle-city-dice", "name", "hotel_track",
                "shop_track", "trees", "cell_1_1", "road_1_1", "total_1"]
FIELDS = sorted({k for body in BASES.values() for k in body} | set(OTHER_FIELDS))


@pytest.fixture(scope="module")
def world(tmp_path_factory, database_kind):
    """Four tables (score pad, Doodle City with app dice and with real dice, a finished one)
    and the four people who meet them: the host, a seated phone, the other seat, a stranger."""
    app = make_app(tmp_path_factory.mktemp("hostile"), RATELIMIT_ENABLED=False)
    host = app.test_client()
    codes = [start_table(host, players=("Anna", "Bence")), start(host, dice="app"),
             start(host, dice="physical"), start_table(host, players=("Anna", "Bence"))]
    for code in codes[1:3]:
        set_up(host, code)
    enter(host, codes[3], 1, 4, screen="host", **{"points-player": "Anna"})
    host.post(f"/t/{codes[3]}/finish", data={"sure": "yes"})
    anna, bence, stranger = app.test_client(), app.test_client(), app.test_client()
    for code in codes:
        take_seat(anna, code, 0)
        take_seat(bence, code, 1)
    act(anna, codes[2], "typed_roll", blue=2, white="1 3 5")
    return {"app": app, "codes": codes, "clients": [host, anna, bence, stranger]}


def snapshot(app) -> list:
    """What a refusal must leave as it was: every table's log (append-only, so its length),
    seats and host."""
    with app.app_context():
        logs = dict(db.session.execute(select(Event.table_id, func.count())
                                       .group_by(Event.table_id)).all())
        seats: dict[int, list] = {}
        for table_id, secret in db.session.execute(select(Seat.table_id, Seat.secret_hash)
                                                   .order_by(Seat.table_id, Seat.position)):
            seats.setdefault(table_id, []).append(secret)
        return [(table_id, host, logs.get(table_id, 0), seats.get(table_id))
                for table_id, host in db.session.execute(select(Table.id, Table.host_hash)
                                                         .order_by(Table.id))]


def routes(app) -> list[tuple[str, str]]:
    return sorted((method, rule.rule) for rule in app.url_map.iter_rules()
                  for method in rule.methods - {"HEAD", "OPTIONS"} if rule.endpoint != "static")


def fill(rule: str, data: st.DataObject, codes: list[str]) -> str:
    """The rule's path with each variable replaced: a table's code, a form's name or anything."""
    def value(match: re.Match) -> str:
        name = match[1].split(":")[-1]
        if name == "code":
            chosen = data.draw(st.one_of(st.sampled_from(codes), st.sampled_from(codes).map(str.lower),
                                         PATH_VALUES))
        elif name == "form_name":
            chosen = data.draw(st.one_of(st.sampled_from(sorted(BASES)), PATH_VALUES))
        else:
            chosen = data.draw(st.one_of(st.integers(0, 3).map(str), st.sampled_from(
                ["99999999999999999999", "9" * 5000, "²", "-1", "0x1"]), PATH_VALUES))
        return quote(chosen, safe="") or "x"
    return re.sub(r"<([^>]+)>", value, rule)


def body(data: st.DataObject) -> dict[str, str]:
    base = dict(data.draw(st.sampled_from(sorted(BASES.items())))[1])
    noise = data.draw(st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=4))
    if data.draw(st.booleans()):
        base["screen"] = "host"
    return {**base, **noise}


# a JSON body's values: what a form never sends (numbers, lists, objects, null) and text no
# keyboard types (a lone surrogate, NUL) beside the nasty text above
JSON_LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(),
                        st.sampled_from(["\ud800", "\udfff", "a\x00b", "\x00", *NASTY]),
                        st.text(max_size=8))
JSON_VALUES = st.recursive(JSON_LEAVES, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(FIELDS), inner, max_size=3)),
    max_leaves=6)
OTHER_BODIES = [("text/plain", b"points-round=1"), ("application/xml", b"<a/>"),
                ("application/octet-stream", b"\x00\xff"), ("", b"points-round=1&points-points=5")]


def json_body(data: st.DataObject) -> dict:
    """A form's fields as a JSON object, as a script (not our pages) may post one."""
    base = {k: data.draw(st.one_of(st.just(v), JSON_VALUES))
            for k, v in data.draw(st.sampled_from(sorted(BASES.items())))[1].items()}
    return {**base, **data.draw(st.dictionaries(st.sampled_from(FIELDS), JSON_VALUES, max_size=4))}


def post(client, path: str, data: st.DataObject):
    """A post with a form body (as our pages send), a JSON one with the CSRF token's header (as
    Flask-WTF would read), or another kind; sometimes as a phone's kept entry (X-Queued)."""
    headers = {"X-Queued": "1"} if data.draw(st.integers(0, 4)) == 0 else {}
    kind = data.draw(st.sampled_from(["form", "form", "json", "other"]))
    if kind == "form":
        return kind, client.post(path, data=body(data), headers=headers)
    if kind == "json":
        return kind, client.post(path, json=json_body(data),
                                 headers={**headers, "X-CSRFToken": "token"})
    mimetype, raw = data.draw(st.sampled_from(OTHER_BODIES))
    return kind, client.post(path, data=raw, headers={**headers, "Content-Type": mimetype}
                             if mimetype else headers)


def query(data: st.DataObject) -> dict[str, str]:
    names = st.sampled_from(["die", "as", "cell", "v", "view", "finished", "code", "x"])
    return data.draw(st.dictionaries(names, VALUES, max_size=3))


def send(world, data: st.DataObject, methods: set[str]):
    app, codes = world["app"], world["codes"]
    method, rule = data.draw(st.sampled_from([r for r in routes(app) if r[0] in methods]))
    client = data.draw(st.sampled_from(world["clients"]))
    path = fill(rule, data, codes)
    before = snapshot(app)
    kind = "query"
    if method == "GET":
        response = client.get(path, query_string=query(data))
    else:
        kind, response = post(client, path, data)
    assert response.status_code < 500, (method, path, kind)
    if kind in ("json", "other"):      # never read as a form: 415 (unless no route is there)
        assert response.status_code in (404, 405, 415), (method, path, kind, response.status_code)
    if method == "GET" or response.status_code >= 400:
        assert snapshot(app) == before, (method, path, response.status_code)
    return response


FAST = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FAST
@given(data=st.data())
def test_any_get_with_any_arguments_is_answered_without_a_server_error(world, data):
    send(world, data, {"GET"})


@FAST
@given(data=st.data())
def test_any_post_from_anyone_is_answered_and_a_refusal_changes_nothing(world, data):
    send(world, data, {"POST"})


@FAST
@given(data=st.data())
def test_any_act_on_any_table_from_anyone_is_refused_cleanly_or_applied(world, data):
    """The act route alone: the forms behind it are where the rules are reached."""
    codes = world["codes"]
    client = data.draw(st.sampled_from(world["clients"]))
    form = data.draw(st.sampled_from(sorted(BASES)))
    code = data.draw(st.sampled_from(codes))
    before = snapshot(world["app"])
    kind, response = post(client, f"/t/{code}/act/{form}", data)
    assert response.status_code < 500
    if kind != "form":
        assert response.status_code == 415
    if response.status_code >= 400:
        assert snapshot(world["app"]) == before


@settings(FAST, max_examples=UPLOADS)
@given(upload=st.one_of(st.binary(max_size=300), st.sampled_from([
    b"[" * 100_000, b'{"a":' * 50_000, b'{"format": "table-companion-record", "version": 1, '
    b'"game": "score-pad", "players": [{"name": "\\ud800"}], "events": []}',
    b'{"format": "table-companion-record", "version": 1, "game": "score-pad", '
    b'"players": [{"name": "A"}], "events": [{"type": "points", "player": "A", "round": 1, '
    b'"points": NaN}]}', b"1" * 5000, "\udcff".encode("utf-8", "surrogatepass")])),
    client=st.integers(0, 3))
def test_any_uploaded_file_is_refused_with_a_reason_or_opens_a_table(world, upload, client):
    before = snapshot(world["app"])
    response = world["clients"][client].post(
        "/import", data={"record": (io.BytesIO(upload), "game.json")})
    assert response.status_code in (303, 422)
    if response.status_code == 422:
        assert snapshot(world["app"]) == before
