"""Long polling: a live request with wait=1 is answered as soon as its table changes (an act in
this process, or a version written to the database by another process), and with "nothing new"
(204) at its time-out. Waiting requests hold no database connection."""
from __future__ import annotations

import re
import subprocess
import sys
import threading
import time
from typing import Any

import pytest
from flask import request

from companion.extensions import db
from companion.models import Table
from companion.tables import push
from tests.support import (bump_in_another_process, enter, make_app, start_table,
                           stop_watchers, stored_version, take_seat)

pytestmark = pytest.mark.database

BOUND = 20      # seconds a test waits for something that must happen (far below the time-out)


@pytest.fixture(autouse=True)
def watchers_stopped():
    """Every watcher a test started ends with it (before its database goes)."""
    yield
    stop_watchers()


class LongPoll(threading.Thread):
    """One screen's long poll of the live view, in a thread of its own (its own client)."""

    def __init__(self, app, code: str, version: int, view: str = "host",
                 address: str = "127.0.0.1") -> None:
        super().__init__(daemon=True)
        self.client = app.test_client()
        self.query = {"v": version, "view": view, "wait": "1"}
        self.path = f"/t/{code}/live"
        self.address = address
        self.response: Any = None

    def run(self) -> None:
        self.response = self.client.get(self.path, query_string=self.query,
                                        environ_base={"REMOTE_ADDR": self.address})

    def answer(self):
        self.join(BOUND)
        assert not self.is_alive(), "the long poll was not answered"
        return self.response


def until(condition, what: str) -> None:
    deadline = time.monotonic() + BOUND
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.01)


def waiting(app, code: str, count: int = 1) -> None:
    until(lambda: EXTENSION_OF(app) is not None and EXTENSION_OF(app).waiters(code) == count,
          f"{count} waiting request(s) never registered")


def EXTENSION_OF(app):
    return app.extensions.get(push.EXTENSION)


@pytest.fixture
def slow_checks(tmp_path):
    """Waiting for a minute; the watcher reads the database only when kicked (every 10 min)."""
    return make_app(tmp_path, LIVE_WAIT_SECONDS=60, LIVE_CHECK_SECONDS=600)


@pytest.fixture
def quick_checks(tmp_path):
    """Waiting for a minute; the watcher reads the database every 50 ms."""
    return make_app(tmp_path, LIVE_WAIT_SECONDS=60, LIVE_CHECK_SECONDS=0.05)


def test_an_act_in_this_process_answers_the_waiting_screens_at_once(slow_checks):
    app = slow_checks
    host = app.test_client()
    code = start_table(host, players=("Anna", "Bence"))
    anna = app.test_client()
    take_seat(anna, code, 0)
    version = stored_version(app, code)
    screens = [LongPoll(app, code, version), LongPoll(app, code, version, view="phone")]
    for screen in screens:
        screen.start()
    waiting(app, code, 2)

    assert enter(anna, code, 1, 17).status_code == 303
    new = stored_version(app, code)
    for screen in screens:
        response = screen.answer()
        assert response.status_code == 200
        html = response.get_data(as_text=True)
        assert f'data-version="{new}"' in html
        assert re.search(r'<td[^>]*\btotal\b[^>]*>\s*17\s*</td>', html)
    assert EXTENSION_OF(app).waiters() == 0


def test_a_version_written_by_another_process_answers_the_waiting_screen(quick_checks):
    app = quick_checks
    code = start_table(app.test_client(), players=("Anna", "Bence"))
    version = stored_version(app, code)
    screen = LongPoll(app, code, version)
    screen.start()
    waiting(app, code)

    bump_in_another_process(app, code)
    response = screen.answer()
    assert response.status_code == 200
    assert f'data-version="{version + 1}"' in response.get_data(as_text=True)


def test_a_waiting_screen_gets_nothing_new_at_its_time_out(tmp_path):
    # (the reads every 50 ms: on PostgreSQL not told of changes, so they are not a fallback)
    app = make_app(tmp_path, LIVE_WAIT_SECONDS=1.5, LIVE_CHECK_SECONDS=0.05, LIVE_NOTIFY=False)
    code = start_table(app.test_client(), players=("Anna", "Bence"))
    screen = LongPoll(app, code, stored_version(app, code))
    screen.start()
    waiting(app, code)          # it waits (the watcher has it) ...
    checks = EXTENSION_OF(app).checks
    until(lambda: EXTENSION_OF(app).checks > checks + 2, "the watcher never read again")
    assert screen.is_alive()    # ... through several reads of an unchanged table
    response = screen.answer()
    assert response.status_code == 204 and response.get_data() == b""


def test_a_screen_already_behind_or_at_an_unknown_table_is_answered_without_waiting(slow_checks):
    app = slow_checks
    host = app.test_client()
    code = start_table(host, players=("Anna", "Bence"))
    version = stored_version(app, code)
    behind = LongPoll(app, code, version - 1)
    unknown = LongPoll(app, "XXXXX", 3)
    behind.start()
    unknown.start()
    assert behind.answer().status_code == 200
    assert unknown.answer().status_code == 404


def test_more_waiting_screens_than_database_connections_are_all_answered(slow_checks):
    app = slow_checks       # the pool holds 15 connections (5 and 10 overflow): 40 wait
    host = app.test_client()
    code = start_table(host, players=("Anna", "Bence"))
    version = stored_version(app, code)
    screens = [LongPoll(app, code, version, view="phone") for _ in range(40)]
    for screen in screens:
        screen.start()
    waiting(app, code, 40)
    assert enter(host, code, 1, 5, screen="host", **{"points-player": "Bence"}).status_code == 303
    assert [screen.answer().status_code for screen in screens] == [200] * 40


def test_a_refused_act_wakes_nobody(slow_checks):
    app = slow_checks
    host = app.test_client()
    code = start_table(host, players=("Anna", "Bence"))
    version = stored_version(app, code)
    screen = LongPoll(app, code, version)
    screen.start()
    waiting(app, code)
    until(lambda: EXTENSION_OF(app).checks == 1, "the new waiter's table was never read")
    checks = EXTENSION_OF(app).checks
    refused = enter(host, code, 0, 5, screen="host", **{"points-player": "Bence"})   # no round 0
    assert refused.status_code != 303
    assert stored_version(app, code) == version
    assert screen.is_alive() and EXTENSION_OF(app).checks == checks    # no commit, no check
    assert enter(host, code, 1, 5, screen="host", **{"points-player": "Bence"}).status_code == 303
    assert screen.answer().status_code == 200


def test_without_wait_or_on_a_server_of_few_threads_the_view_answers_at_once(tmp_path):
    app = make_app(tmp_path)        # no LIVE_WAIT_SECONDS: the server decides
    client = app.test_client()
    code = start_table(client, players=("Anna", "Bence"))
    version = stored_version(app, code)
    path = f"/t/{code}/live"
    assert client.get(path, query_string={"v": version}).status_code == 204
    waitress = {"SERVER_SOFTWARE": "waitress"}
    response = client.get(path, query_string={"v": version, "wait": "1"}, environ_base=waitress,
                          multithread=True)
    assert response.status_code == 204
    assert push.EXTENSION not in app.extensions          # nobody waited
    with app.test_request_context(environ_base=waitress, multithread=True):
        assert push.wait_seconds(app, request.environ) == 0
    threaded = {"SERVER_SOFTWARE": "Werkzeug/3.1"}
    with app.test_request_context(environ_base=threaded, multithread=True):
        assert push.wait_seconds(app, request.environ) == push.WAIT_SECONDS
    with app.test_request_context(environ_base=threaded, multithread=False):
        assert push.wait_seconds(app, request.environ) == 0


def test_the_watcher_ends_when_nobody_waits_and_a_new_waiter_starts_it_again(tmp_path, monkeypatch):
    monkeypatch.setattr(push, "IDLE_SECONDS", 0.2)
    app = make_app(tmp_path, LIVE_WAIT_SECONDS=0.3, LIVE_CHECK_SECONDS=0.05)
    code = start_table(app.test_client(), players=("Anna", "Bence"))
    version = stored_version(app, code)
    first = LongPoll(app, code, version)
    first.start()
    assert first.answer().status_code == 204
    watcher = EXTENSION_OF(app)
    until(lambda: watcher.thread is None, "the idle watcher never ended")
    second = LongPoll(app, code, version)
    second.start()
    waiting(app, code)
    assert watcher.thread is not None and watcher.thread.is_alive()
    assert second.answer().status_code == 204


# --- bounds: no table and no address takes the server's capacity --------------------------------

def crowded(response) -> bool:
    """Answered at once, beyond a bound: 503, when to ask again, no body."""
    return (response.status_code == 503 and response.headers["Retry-After"] ==
            str(push.CROWDED_RETRY_AFTER) and response.get_data() == b"")


@pytest.mark.sqlite_only("the bounds on waiting screens are kept in memory: alike on either database")
def test_screens_beyond_a_tables_bound_get_503_at_once_and_nothing_else_changes(tmp_path):
    app = make_app(tmp_path, LIVE_WAIT_SECONDS=60, LIVE_CHECK_SECONDS=600,
                   LIVE_WAITERS_PER_TABLE=3)
    host = app.test_client()
    code = start_table(host, players=("Anna", "Bence"))
    other = start_table(host, players=("Csilla", "Dani"))
    anna = app.test_client()
    take_seat(anna, code, 0)
    version = stored_version(app, code)
    screens = [LongPoll(app, code, version, address=f"10.0.0.{n}") for n in range(3)]
    for screen in screens:
        screen.start()
    waiting(app, code, 3)
    extra = LongPoll(app, code, version, address="10.0.0.9")
    extra.start()
    assert crowded(extra.answer())                       # at once, not after the wait
    assert EXTENSION_OF(app).waiters(code) == 3 and EXTENSION_OF(app).crowded == 1
    # a seat's phone is never refused for the table's bound: strangers fill it, not the players
    seated = LongPoll(app, code, version, view="phone", address="10.0.0.8")
    seated.client = anna
    seated.start()
    waiting(app, code, 4)
    screens.append(seated)
    # another table waits as ever; a screen behind, the page and an act are served
    elsewhere = LongPoll(app, other, stored_version(app, other))
    elsewhere.start()
    waiting(app, other)
    assert host.get(f"/t/{code}/live", query_string={"v": version - 1}).status_code == 200
    assert host.get(f"/t/{code}").status_code == 200
    assert stored_version(app, code) == version        # the refusal changed nothing
    assert enter(host, code, 1, 5, screen="host", **{"points-player": "Bence"}).status_code == 303
    assert [screen.answer().status_code for screen in screens] == [200] * 4
    enter(host, other, 1, 5, screen="host", **{"points-player": "Dani"})
    assert elsewhere.answer().status_code == 200
    assert EXTENSION_OF(app).waiters() == 0


@pytest.mark.sqlite_only("the bounds on waiting screens are kept in memory: alike on either database")
def test_screens_beyond_an_addresss_bound_get_503_and_other_addresses_wait(tmp_path):
    app = make_app(tmp_path, LIVE_WAIT_SECONDS=60, LIVE_CHECK_SECONDS=600,
                   LIVE_WAITERS_PER_ADDRESS=2)
    host = app.test_client()
    codes = [start_table(host, players=("Anna", "Bence")) for _ in range(3)]
    versions = {code: stored_version(app, code) for code in codes}
    mine = [LongPoll(app, code, versions[code], address="10.0.0.1") for code in codes[:2]]
    for screen in mine:
        screen.start()
    for code in codes[:2]:
        waiting(app, code)
    third = LongPoll(app, codes[2], versions[codes[2]], address="10.0.0.1")
    third.start()
    assert crowded(third.answer())
    neighbour = LongPoll(app, codes[2], versions[codes[2]], address="10.0.0.2")
    neighbour.start()
    waiting(app, codes[2])
    for code in codes:
        enter(host, code, 1, 5, screen="host", **{"points-player": "Bence"})
    assert [s.answer().status_code for s in (*mine, neighbour)] == [200] * 3
    # the address's screens answered: it may wait again
    again = LongPoll(app, codes[2], stored_version(app, codes[2]), address="10.0.0.1")
    again.start()
    waiting(app, codes[2])
    enter(host, codes[2], 2, 5, screen="host", **{"points-player": "Bence"})
    assert again.answer().status_code == 200


@pytest.mark.sqlite_only("the bounds on waiting screens are kept in memory: alike on either database")
def test_a_process_holds_no_more_waiting_screens_than_its_share(tmp_path):
    app = make_app(tmp_path, LIVE_WAIT_SECONDS=60, LIVE_CHECK_SECONDS=600, LIVE_WAITERS=4)
    host = app.test_client()
    codes = [start_table(host, players=("Anna", "Bence")) for _ in range(5)]
    screens = [LongPoll(app, code, stored_version(app, code), address=f"10.0.1.{n}")
               for n, code in enumerate(codes)]
    for screen in screens[:4]:
        screen.start()
    until(lambda: EXTENSION_OF(app) is not None and EXTENSION_OF(app).waiters() == 4,
          "four screens never waited")
    screens[4].start()
    assert crowded(screens[4].answer())
    for code in codes[:4]:
        enter(host, code, 1, 5, screen="host", **{"points-player": "Bence"})
    assert [s.answer().status_code for s in screens[:4]] == [200] * 4


def test_on_postgresql_a_commit_through_another_server_wakes_the_screen_at_once(tmp_path):
    """Two servers on one PostgreSQL database, the waiting one reading versions only every ten
    minutes: the act made through the other server NOTIFYs, and its screen has it at once."""
    first = make_app(tmp_path / "one", LIVE_WAIT_SECONDS=60, LIVE_CHECK_SECONDS=600)
    if first.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        pytest.skip("LISTEN/NOTIFY is PostgreSQL's")
    second = make_app(tmp_path / "two", LIVE_WAIT_SECONDS=60, LIVE_CHECK_SECONDS=600,
                      SQLALCHEMY_DATABASE_URI=first.config["SQLALCHEMY_DATABASE_URI"])
    host = first.test_client()
    code = start_table(host, players=("Anna", "Bence"))
    version = stored_version(first, code)
    screen = LongPoll(second, code, version)
    screen.start()
    waiting(second, code)
    until(lambda: EXTENSION_OF(second).listening, "the second server never listened")
    checks = EXTENSION_OF(second).checks
    assert enter(host, code, 1, 5, screen="host", **{"points-player": "Anna"}).status_code == 303
    response = screen.answer()
    assert response.status_code == 200
    assert f'data-version="{version + 1}"' in response.get_data(as_text=True)
    assert EXTENSION_OF(second).checks > checks      # read because it was told, not by its clock


def test_on_postgresql_with_listening_off_the_reads_still_wake_the_screen(tmp_path):
    first = make_app(tmp_path / "one", LIVE_WAIT_SECONDS=60, LIVE_CHECK_SECONDS=0.05)
    if first.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        pytest.skip("LISTEN/NOTIFY is PostgreSQL's")
    second = make_app(tmp_path / "two", LIVE_WAIT_SECONDS=60, LIVE_CHECK_SECONDS=0.05,
                      LIVE_NOTIFY=False,
                      SQLALCHEMY_DATABASE_URI=first.config["SQLALCHEMY_DATABASE_URI"])
    host = first.test_client()
    code = start_table(host, players=("Anna", "Bence"))
    screen = LongPoll(second, code, stored_version(first, code))
    screen.start()
    waiting(second, code)
    assert EXTENSION_OF(second).listener is None
    assert enter(host, code, 1, 5, screen="host", **{"points-player": "Anna"}).status_code == 303
    assert screen.answer().status_code == 200
