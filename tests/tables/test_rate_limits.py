"""The per-address limits: one count for the whole server, a window that moves as said, an IPv6
client counted by its /64, and a store whose rows are bounded by design, whatever the traffic."""
from __future__ import annotations

import pytest
from sqlalchemy import func, select

from companion import ratelimits
from companion.extensions import db
from companion.models import RateCount
from tests import databases
from tests.support import examples, make_app

pytestmark = [pytest.mark.database, pytest.mark.storage("the limits' store: its upserts, counts and sweep")]

WRONG = "LIMITER/{}/wrong-codes/30/1/minute"


class Clock:
    """The limits' clock, moved by hand."""

    def __init__(self, at: float = 1_800_000_000.0) -> None:
        self.at = at

    def __call__(self) -> float:
        return self.at


@pytest.fixture
def clock(monkeypatch):
    fake = Clock()
    monkeypatch.setattr(ratelimits, "now", fake)
    return fake


@pytest.fixture
def limited(tmp_path, clock):
    """Two workers of one server: two apps on one database, the limits on."""
    return [make_app(tmp_path, RATELIMIT_ENABLED=True, WRONG_CODE_LIMIT="10 per minute")
            for _worker in range(2)]


def rows(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(RateCount))


# --- the window ------------------------------------------------------------------------------

def test_wrong_codes_are_counted_by_every_worker_together(limited):
    first, second = (app.test_client() for app in limited)
    assert [first.get(f"/go?code=AAAA{n}").status_code for n in range(5)] == [404] * 5
    assert [second.get(f"/go?code=AAAA{n}").status_code for n in range(5)] == [404] * 5
    assert first.get("/go?code=AAAAX").status_code == 429
    assert second.get("/go?code=AAAAX").status_code == 429


def test_the_window_is_a_whole_minute_and_then_moves_on(limited, clock):
    client = limited[0].test_client()
    for n in range(10):
        client.get(f"/go?code=AAAA{n}")
    assert client.get("/go?code=AAAAX").status_code == 429
    clock.at += 45          # three quarters of the window: still held back
    assert client.get("/go?code=AAAAX").status_code == 429
    clock.at += 15          # the minute is over, but the last slice of it not quite
    assert client.get("/go?code=AAAAX").status_code == 429
    clock.at += 11          # a minute and a slice: the old tries no longer count
    assert client.get("/go?code=AAAAX").status_code == 404


def test_tries_spread_over_the_minute_leave_it_one_by_one(tmp_path, clock):
    app = make_app(tmp_path, RATELIMIT_ENABLED=True, WRONG_CODE_LIMIT="3 per minute")
    client = app.test_client()
    for _ in range(3):
        assert client.get("/go?code=AAAAX").status_code == 404
        clock.at += 20
    # the first try was 60 s ago (and its slice ended 50 to 60 s ago + one slice): not yet
    assert client.get("/go?code=AAAAX").status_code == 429
    clock.at += 10
    assert client.get("/go?code=AAAAX").status_code == 404      # the first try left the window
    assert client.get("/go?code=AAAAX").status_code == 429


def test_a_limited_address_is_told_in_words_when_to_come_back(limited):
    client = limited[0].test_client()
    for n in range(10):
        client.get(f"/go?code=AAAA{n}")
    slowed = client.get("/go?code=AAAAX")
    assert slowed.status_code == 429 and "Wait a minute" in slowed.get_data(as_text=True)


# --- who is one address -----------------------------------------------------------------------

@pytest.mark.parametrize("address, key", [
    ("192.0.2.7", "192.0.2.7"),
    ("2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"),
    ("2001:db8:1:2::1", "2001:db8:1:2::/64"),
    ("2001:db8:1:3::1", "2001:db8:1:3::/64"),
    ("::ffff:192.0.2.7", "192.0.2.7"),
    ("fe80::1%eth0", "fe80::/64"),
    ("", ""),
    ("not an address", "not an address"),
])
def test_an_ipv6_client_is_one_address_per_64(address, key):
    assert ratelimits.address_key(address) == key


def test_fresh_ipv6_addresses_of_one_64_share_one_count(limited):
    client = limited[0].test_client()
    for n in range(10):     # a new address for every try, all in 2001:db8:1:2::/64
        assert client.get(f"/go?code=AAAA{n}", environ_base={
            "REMOTE_ADDR": f"2001:db8:1:2::{n + 1:x}"}).status_code == 404
    assert client.get("/go?code=AAAAX", environ_base={
        "REMOTE_ADDR": "2001:db8:1:2:ffff::1"}).status_code == 429
    assert client.get("/go?code=AAAAX", environ_base={           # the next /64 is another
        "REMOTE_ADDR": "2001:db8:1:3::1"}).status_code == 404


# --- the store, bounded by design -------------------------------------------------------------

def test_the_store_keeps_a_bounded_number_of_rows_per_address_and_none_past_the_window(tmp_path, clock):
    """ADDRESSES addresses try 30 times each, spread over the window (three slices of it):
    at most SLICES + 1 rows per address (here exactly 3), each try one upsert, and none at all
    once the window has passed: the bound is per address, so 60 show it as well as thousands;
    COMPANION_EXAMPLES=40 tries 2,400 (on PostgreSQL, whose upsert is the same statement, a
    third as many)."""
    addresses = examples(60 if databases.current.name == "sqlite" else 20)
    app = make_app(tmp_path, RATELIMIT_ENABLED=True)
    storage = ratelimits.DatabaseStorage()
    start = clock.at
    with app.app_context():
        for n in range(addresses):
            key = WRONG.format(f"10.{n // 65536}.{n // 256 % 256}.{n % 256}")
            for attempt in range(30):
                clock.at = start + attempt       # 30 tries in 30 s: three slices of 10 s
                assert storage.acquire_entry(key, 30, 60)
            assert not storage.acquire_entry(key, 30, 60)       # the 31st: refused, not kept
        assert rows(app) <= addresses * (ratelimits.SLICES + 1)
        assert rows(app) == addresses * 3
        first = WRONG.format("10.0.0.0")
        assert storage.get_moving_window(first, 30, 60)[1] == 30
        clock.at = start + 30 + 60 + 10     # the last slice has left the window
        assert storage.get_moving_window(first, 30, 60)[1] == 0
        assert storage.sweep() == addresses * 3
        assert rows(app) == 0


def test_a_try_is_one_upsert_and_the_sweep_runs_once_a_minute(tmp_path, clock):
    app = make_app(tmp_path, RATELIMIT_ENABLED=True)
    storage = ratelimits.DatabaseStorage()
    written: list[str] = []
    with app.app_context():
        from sqlalchemy import event

        @event.listens_for(db.engine, "before_cursor_execute")
        def seen(_conn, _cursor, statement, *_args) -> None:
            if not statement.lstrip().upper().startswith("SELECT"):
                written.append(statement.split()[0].upper())

        storage.acquire_entry(WRONG.format("10.0.0.1"), 30, 60)     # the process's first sweep
        written.clear()
        for n in range(20):
            storage.acquire_entry(WRONG.format(f"10.0.0.{n}"), 30, 60)
        assert written == ["INSERT"] * 20
        clock.at += ratelimits.SWEEP_SECONDS
        storage.acquire_entry(WRONG.format("10.0.0.1"), 30, 60)
        assert written[20:] == ["INSERT", "DELETE"]
        event.remove(db.engine, "before_cursor_execute", seen)


# --- no oracle of codes -------------------------------------------------------------------------

ARGUMENTS = {"form_name": "points", "position": "0", "token": "abc", "photo_id": "1"}


def paths_taking_a_code(app) -> list[tuple[str, str]]:
    """(method, path with {code}) for every route of the app whose address takes a table code,
    the live view asked both as a poll and as a long poll, up to date (as a guesser would)."""
    found = []
    for rule in app.url_map.iter_rules():
        if "code" not in rule.arguments:
            continue
        path = rule.rule
        for name in rule.arguments - {"code"}:
            path = path.replace(f"<int:{name}>", ARGUMENTS[name]).replace(f"<{name}>", ARGUMENTS[name])
        path = path.replace("<code>", "{code}")
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            found.append((method, path))
            if path.endswith("/live"):
                found += [(method, path + "?v={version}"), (method, path + "?v={version}&wait=1"),
                          (method, path + "?v={version}&view=phone&wait=1")]
    return sorted(set(found))


def page(response, code: str) -> list[str]:
    """The page's lines but for the address it echoes (its language links) and its form token
    (signed with the second it was made in): a real and a made-up code get every other byte
    alike."""
    import re

    text = re.sub(r'("X-CSRFToken": "|name="csrf_token" value=")[^"]*', r"\1…",
                  response.get_data(as_text=True))
    return text.replace(code, "CODE").splitlines()


def test_over_the_limit_every_address_that_takes_a_code_answers_a_real_and_a_made_up_code_alike(tmp_path, clock):
    from companion.tables import long_poll
    from tests.support import start_table, take_seat

    app = long_poll.in_front(make_app(tmp_path, RATELIMIT_ENABLED=True, WRONG_CODE_LIMIT="10 per minute",
                                 LIVE_WAIT_SECONDS=0.2))
    host = app.test_client()
    code = start_table(host, players=("Anna", "Bence"))
    anna = app.test_client()
    take_seat(anna, code, 0)
    version = host.get(f"/t/{code}/version").get_json()["version"]
    made_up = "QQQQQ" if code != "QQQQQ" else "ZZZZZ"
    routes = paths_taking_a_code(app)
    assert len(routes) >= 20 and ("GET", "/t/{code}/live?v={version}&wait=1") in routes

    guesser = app.test_client()
    before = {(method, path): guesser.open(path.format(code=code, version=version), method=method).status_code
              for method, path in routes if method == "GET"}
    assert before[("GET", "/t/{code}/live?v={version}")] == 204      # under the limit: known
    for n in range(10):
        guesser.get(f"/j/AAAA{n}")
    clock.at += 3       # past the front's kept verdict (every worker reads it again)
    table = {}
    for method, path in routes:
        real = guesser.open(path.format(code=code, version=version), method=method)
        fake = guesser.open(path.format(code=made_up, version=version), method=method)
        table[method, path] = (real.status_code, fake.status_code)
        assert real.status_code == fake.status_code == 429, (method, path, real.status_code, fake.status_code)
        assert page(real, code) == page(fake, made_up), (method, path)
        assert dict(real.headers) == dict(fake.headers), (method, path)
    print("\n".join(f"{m:4} {p:50} real {r} made-up {f}" for (m, p), (r, f) in table.items()))

    # the table's own screens are never limited by the address's wrong codes
    assert anna.get(f"/t/{code}/live?v={version}").status_code == 204
    assert anna.get(f"/t/{code}/live?v={version}&view=phone&wait=1").status_code == 204
    assert anna.get(f"/t/{code}/phone").status_code == 200
    assert host.get(f"/t/{code}").status_code == 200
    assert host.get(f"/t/{code}/live?v={version}&wait=1").status_code == 204


def test_the_live_view_in_front_of_the_app_follows_the_count_every_worker_shares(tmp_path, clock):
    """An address over the limit through one worker is over it in front of the other once the
    verdict kept there expires (seconds); once its tries left the window, it is answered
    "nothing new" in front again."""
    from companion.tables import long_poll
    from tests.support import start_table

    first, second = (long_poll.in_front(make_app(tmp_path, RATELIMIT_ENABLED=True,
                                            WRONG_CODE_LIMIT="10 per minute")) for _ in range(2))
    code = start_table(first.test_client(), players=("Anna", "Bence"))
    guesser = second.test_client()
    version = first.test_client().get(f"/t/{code}/version").get_json()["version"]
    live = f"/t/{code}/live?v={version}"
    assert guesser.get(live).status_code == 204
    one = first.test_client()
    for n in range(10):
        one.get(f"/j/AAAA{n}")
    clock.at += ratelimits.VERDICT_SECONDS + 0.5
    assert guesser.get(live).status_code == 429
    clock.at += 71      # a minute and a slice: the tries left the window, the verdict expired
    assert guesser.get(live).status_code == 204


def test_as_shipped_30_wrong_codes_hold_an_address_back_a_whole_minute(tmp_path, clock):
    client = make_app(tmp_path, RATELIMIT_ENABLED=True).test_client()
    assert [client.get(f"/go?code=AAA{n:02}").status_code for n in range(30)] == [404] * 30
    assert client.get("/go?code=AAAXX").status_code == 429
    clock.at += 45
    assert client.get("/go?code=AAAXX").status_code == 429
    clock.at += 26
    assert client.get("/go?code=AAAXX").status_code == 404
