"""Serving: live polls shed with 503 and Retry-After while a worker runs late, "nothing new"
answered and long polls held in front of the app (the next poll after any write has it), and
the gunicorn settings companion run serves with."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion import serve
from companion.extensions import db
from companion.models import Table
from companion.tables import long_poll, push
from tests.support import (bump_in_another_process, enter, make_app, start_table,
                           stop_watchers, stored_version)

pytestmark = [pytest.mark.database, pytest.mark.storage("the served app's connections under gevent")]

BOUND = 20


@pytest.fixture(autouse=True)
def watchers_stopped():
    """Every watcher a test started ends with it (before its database goes)."""
    yield
    stop_watchers()


def until(condition, what: str) -> None:
    deadline = time.monotonic() + BOUND
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.01)


def lag_of(seconds: float) -> serve.LoopLag:
    """A worker's loop measure whose last tick was ``seconds`` ago (measuring in this process)."""
    lag = serve.LoopLag()
    lag.pid = os.getpid()
    lag.last = time.perf_counter() - seconds
    return lag


def test_a_late_worker_sheds_live_polls_but_serves_pages_and_acts(tmp_path):
    app = make_app(tmp_path)
    client = app.test_client()      # the host screen
    code = start_table(client, players=("Anna", "Bence"))
    version = stored_version(app, code)
    late = serve.Shed(app.wsgi_app, max_lag=1.0, retry_after=2, lag=lag_of(5))
    app.wsgi_app = late
    poll = client.get(f"/t/{code}/live", query_string={"v": version - 1})
    assert poll.status_code == 503 and poll.headers["Retry-After"] == "2"
    assert poll.get_data() == b"" and late.shed == 1
    assert client.get(f"/t/{code}").status_code == 200                       # the page
    assert enter(client, code, 1, 7, screen="host", **{"points-player": "Anna"}).status_code == 303
    assert stored_version(app, code) == version + 1                          # the act

    late.lag = lag_of(0)            # on time again: the poll gets the view
    assert client.get(f"/t/{code}/live", query_string={"v": version}).status_code == 200


def test_the_loop_lag_counts_a_tick_that_is_overdue():
    assert lag_of(0).now() < 0.5
    assert lag_of(3).now() > 2.9
    measured = lag_of(0)
    measured.measured = 1.5
    assert measured.now() == 1.5


def test_nothing_new_is_answered_in_front_of_the_app(tmp_path):
    app = long_poll.in_front(make_app(tmp_path))
    client = app.test_client()
    code = start_table(client, players=("Anna", "Bence"))
    version = stored_version(app, code)
    path = f"/t/{code}/live"
    assert "Content-Security-Policy" in client.get(f"/t/{code}").headers      # the app's answers
    first = client.get(path, query_string={"v": version})
    assert first.status_code == 204 and "Content-Security-Policy" not in first.headers
    assert first.headers["Vary"] == "Cookie"

    # a screen that is behind and an unknown table go to the app
    behind = client.get(path, query_string={"v": version - 1})
    assert behind.status_code == 200 and "Content-Security-Policy" in behind.headers
    assert client.get("/t/XXXXX/live", query_string={"v": version}).status_code == 404
    assert client.get(path, query_string={"v": "x"}).status_code == 200       # as the app reads it

    # an act: the very next poll has it
    enter(client, code, 1, 9, screen="host", **{"points-player": "Bence"})
    after = client.get(path, query_string={"v": version})
    assert after.status_code == 200
    assert f'data-version="{version + 1}"' in after.get_data(as_text=True)


def test_a_version_written_by_another_process_is_the_next_polls_news(tmp_path):
    app = long_poll.in_front(make_app(tmp_path))
    client = app.test_client()
    code = start_table(client, players=("Anna", "Bence"))
    version = stored_version(app, code)
    path = f"/t/{code}/live"
    assert client.get(path, query_string={"v": version}).status_code == 204
    bump_in_another_process(app, code)
    after = client.get(path, query_string={"v": version})
    assert after.status_code == 200 and f'data-version="{version + 1}"' in after.get_data(as_text=True)


def test_companion_run_serves_with_one_gevent_worker_per_core_and_bounded_queues():
    options = serve.settings("0.0.0.0", 5000)
    assert options["bind"] == ["0.0.0.0:5000"] and options["worker_class"] == "gevent"
    assert options["workers"] == len(os.sched_getaffinity(0))
    assert options["worker_connections"] == serve.WORKER_CONNECTIONS
    assert options["backlog"] == serve.BACKLOG and options["forwarded_allow_ips"] == ""
    assert serve.settings("::1", 8000, workers=3)["bind"] == ["[::1]:8000"]
    assert serve.settings("::1", 8000, workers=3)["workers"] == 3
    line = serve.command("127.0.0.1", 8000, 2)
    assert line[1:5] == ["-m", "gevent.monkey", "--module", "companion.serve"]


def test_a_long_poll_waits_in_front_of_the_app_and_the_app_renders_the_change(tmp_path):
    import threading

    app = long_poll.in_front(make_app(tmp_path, LIVE_CHECK_SECONDS=600, LIVE_WAIT_SECONDS=60))
    host = app.test_client()
    code = start_table(host, players=("Anna", "Bence"))
    version = stored_version(app, code)
    answers = []
    polls = [threading.Thread(target=lambda: answers.append(app.test_client().get(
        f"/t/{code}/live", query_string={"v": version, "wait": "1"})), daemon=True) for _ in range(3)]
    for poll in polls:
        poll.start()
    until(lambda: push.EXTENSION in app.extensions
          and app.extensions[push.EXTENSION].waiters(code) == 3, "the long polls never waited")
    enter(host, code, 1, 4, screen="host", **{"points-player": "Anna"})
    for poll in polls:
        poll.join(BOUND)
    assert [a.status_code for a in answers] == [200] * 3
    assert all(f'data-version="{version + 1}"' in a.get_data(as_text=True) for a in answers)
    assert app.extensions[push.EXTENSION].waiters() == 0


def test_a_long_poll_in_front_of_the_app_gets_nothing_new_at_its_time_out(tmp_path):
    app = long_poll.in_front(make_app(tmp_path, LIVE_WAIT_SECONDS=0.5))
    client = app.test_client()
    code = start_table(client, players=("Anna", "Bence"))
    version = stored_version(app, code)
    answer = client.get(f"/t/{code}/live", query_string={"v": version, "wait": "1"})
    assert answer.status_code == 204 and "Content-Security-Policy" not in answer.headers
    behind = client.get(f"/t/{code}/live", query_string={"v": version - 1, "wait": "1"})
    assert behind.status_code == 200        # at once, rendered by the app


@pytest.mark.sqlite_only("the bounds on waiting screens are kept in memory: alike on either database")
def test_in_front_of_the_app_one_client_holding_polls_is_bounded_by_its_address(tmp_path):
    """One client (behind a proxy: the address the proxy names) holding long polls on a table
    gets 503 at once beyond its bound; a phone at another address still waits, and the table's
    page and acts are served as ever."""
    import threading

    app = long_poll.in_front(make_app(tmp_path, LIVE_CHECK_SECONDS=600, LIVE_WAIT_SECONDS=60,
                                 LIVE_WAITERS_PER_ADDRESS=2, PROXY_HOPS=1))
    host = app.test_client()
    code = start_table(host, players=("Anna", "Bence"))
    version = stored_version(app, code)
    path = f"/t/{code}/live"
    answers: dict[str, list] = {"greedy": [], "phone": []}

    def poll(who: str, address: str) -> threading.Thread:
        environ = {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": f"{address}, 127.0.0.1"}
        thread = threading.Thread(target=lambda: answers[who].append(app.test_client().get(
            path, query_string={"v": version, "wait": "1"},
            environ_base={**environ, "HTTP_X_FORWARDED_FOR": address})), daemon=True)
        thread.start()
        return thread

    def waiters() -> int:
        return app.extensions[push.EXTENSION].waiters(code) if push.EXTENSION in app.extensions else 0

    held = [poll("greedy", "203.0.113.7") for _ in range(2)]
    until(lambda: waiters() == 2, "the first two polls never waited")
    refused = [poll("greedy", "203.0.113.7") for _ in range(3)]
    for thread in refused:
        thread.join(BOUND)
    assert [(a.status_code, a.headers["Retry-After"]) for a in answers["greedy"]] == \
        [(503, str(push.CROWDED_RETRY_AFTER))] * 3
    phone = poll("phone", "198.51.100.2")
    until(lambda: waiters() == 3, "the other address's phone never waited")
    assert host.get(f"/t/{code}").status_code == 200
    enter(host, code, 1, 4, screen="host", **{"points-player": "Anna"})
    for thread in (*held, phone):
        thread.join(BOUND)
    assert [a.status_code for a in answers["greedy"][3:]] == [200, 200]
    assert [a.status_code for a in answers["phone"]] == [200]


def test_a_worker_keeps_connections_for_pages_beside_its_waiting_share():
    held = serve.connections()
    assert 100 <= held <= serve.WORKER_CONNECTIONS
    assert serve.settings("127.0.0.1", 5000)["worker_connections"] == held
    share = serve.waiting_share(5000)
    assert share == 4000 and 5000 - share >= serve.KEPT_FOR_PAGES
    assert serve.waiting_share(500) == 400          # few files: still a fifth for pages


@pytest.mark.sqlite_only("SQLite's lock under gevent")
@pytest.mark.parametrize("mode", ["pool", "direct"])
def test_under_gevent_an_act_waiting_for_sqlites_lock_leaves_the_worker_serving(tmp_path, mode):
    """Another process holds SQLite's write lock for half a second: the act waiting for it runs
    in gevent's pool of threads, so the worker's loop goes on (a greenlet ticking every 10 ms
    ticks on); connected directly (the control), the loop stands still until the lock is free.
    With nobody else writing, an act goes to the pool once (its commit): a trip per statement
    held the worker's write turn across as many rounds of a busy loop, and acts queued."""
    probe = subprocess.run(
        [sys.executable, "-m", "gevent.monkey", str(Path(__file__).parent / "gevent_sqlite_probe.py"),
         str(tmp_path), *(["direct"] if mode == "direct" else [])],
        capture_output=True, text=True, timeout=120)
    found = re.search(r"ticks=(\d+) entered=(True|False) trips=(\d+)", probe.stdout)
    assert found, probe.stdout + probe.stderr
    ticks, entered, trips = int(found.group(1)), found.group(2) == "True", int(found.group(3))
    assert entered
    assert ticks >= 10 if mode == "pool" else ticks <= 5, ticks
    assert trips == (1 if mode == "pool" else 0), trips


@pytest.mark.sqlite_only("how a server stops: the same on either database")
def test_a_server_told_to_stop_answers_its_waiting_screens_and_stops_in_seconds(tmp_path):
    """SIGTERM (a restart): the long polls waiting in the workers are answered at once (not
    cut when the graceful time-out kills the worker), and the server exits well before it."""
    import signal
    import threading

    from tests import databases
    from tests.support import Phone, ServerProcess

    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / "config.py").write_text("LIVE_WAIT_SECONDS = 120\n")
    env = {**os.environ, "COMPANION_INSTANCE": str(instance), "DATABASE_URL": databases.url(tmp_path)}
    server = ServerProcess(databases.free_port(), env, tmp_path / "server.log").start()
    try:
        host = Phone(server.url)
        status, location = host.post("/", game="score-pad", **{"players-0": "Anna", "players-1": "Bence"})
        assert status == 303
        code = location.rsplit("/", 1)[1]
        version = int(re.search(r'data-version="(\d+)"', host.get(f"/t/{code}")[1]).group(1))
        answers: list = []

        def wait() -> None:
            try:
                answers.append(Phone(server.url).get(f"/t/{code}/live?v={version}&wait=1", timeout=90)[0])
            except OSError as error:
                answers.append(error)
        polls = [threading.Thread(target=wait, daemon=True) for _ in range(3)]
        for poll in polls:
            poll.start()
        time.sleep(1.5)                         # they wait (up to 120 s)
        assert answers == []
        stopped = time.monotonic()
        os.kill(server.process.pid, signal.SIGTERM)     # to the master, as a service manager does
        server.process.wait(25)                 # (gunicorn's graceful time-out is 30 s)
        for poll in polls:
            poll.join(5)
        assert sorted(answers) == [204, 204, 204], answers
        assert time.monotonic() - stopped < 25
    finally:
        server.kill()


@pytest.mark.sqlite_only("SQLite's writes under gevent")
def test_under_gevent_a_name_taken_is_refused_with_one_line_and_no_traceback(tmp_path):
    """Five saves of one name at once: four refused by the database's unique name, in gevent's
    pool of threads; each refusal is caught where it happens and the log holds one line for it,
    never the pool's stack."""
    probe = subprocess.run(
        [sys.executable, "-m", "gevent.monkey", str(Path(__file__).parent / "gevent_refusal_probe.py"),
         str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert "caught=4" in probe.stdout, probe.stdout + probe.stderr
    assert "Traceback" not in probe.stderr and "IntegrityError" not in probe.stderr, probe.stderr
    assert probe.stderr.splitlines() == ["INFO a second Wingspan refused: the name is taken"] * 4
