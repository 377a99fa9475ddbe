"""Crash safety: a real server process takes acts from several phones at once and is killed
(SIGKILL, no cleanup) in the middle, twice (COMPANION_EXAMPLES=K: 2K times), restarted each
time. A phone resends an act it got no answer for (the same form, the same nonce), as a browser
does. Afterwards every act a
phone saw acknowledged (303) is in the record exactly once, nothing is there twice, the record
replays (`companion check`) and the database is sound (SQLite's integrity check, or PostgreSQL's
amcheck with --db=postgresql)."""
from __future__ import annotations

import http.client
import json
import os
import random
import subprocess
import threading
import time
import uuid
from collections import Counter

import pytest
from sqlalchemy import create_engine, text

from tests import databases
from tests.support import Phone, ServerProcess, companion_command, examples

pytestmark = [pytest.mark.database, pytest.mark.storage("acts written and read back across kill -9")]

KILLS, PHONES = examples(2), 4
ACTS_PER_LIFE = 6           # acknowledged acts before the next kill (or LIFE seconds)
LIFE = 4.0
DEADLINE = 18.0 * KILLS     # the whole test stops by then, whatever happens


def test_acknowledged_acts_survive_repeated_kills_exactly_once(tmp_path):
    instance = tmp_path / "instance"
    instance.mkdir()
    # every phone comes from 127.0.0.1: lift the per-address limit on posts for this server
    (instance / "config.py").write_text('POST_LIMIT = "100000 per minute"\n')
    url = databases.url(tmp_path)
    env = {**os.environ, "COMPANION_INSTANCE": str(instance), "DATABASE_URL": url}
    server = ServerProcess(databases.free_port(), env, tmp_path / "server.log").start()
    names = [f"P{i}" for i in range(PHONES)]
    host = Phone(server.url)
    status, location = host.post("/", game="score-pad",
                                 **{f"players-{i}": n for i, n in enumerate(names)})
    assert status == 303
    code = location.rsplit("/", 1)[1]
    phones = [Phone(server.url) for _ in names]
    for seat, phone in enumerate(phones):
        phone.get(f"/j/{code}")
        assert phone.post(f"/j/{code}", seat=seat)[0] == 303
        phone.get(f"/t/{code}/phone")

    sent: set[tuple[str, int, int]] = set()
    acknowledged: list[tuple[str, int, int]] = []
    refused: list[tuple[int, tuple[str, int, int]]] = []
    cut_off = []                    # requests the kill interrupted (not refused while down)
    lock = threading.Lock()
    stop = threading.Event()
    started = time.monotonic()

    def play(seat: int) -> None:
        for round_ in range(1, 1000):
            act = (names[seat], round_, seat * 1000 + round_)
            fields = {"nonce": uuid.uuid4().hex, "points-round": round_, "points-points": act[2]}
            with lock:
                sent.add(act)
            while True:         # the same form again until it is answered
                if stop.is_set():
                    return
                try:
                    status, _location = phones[seat].post(f"/t/{code}/act/points", timeout=20,
                                                           **fields)
                except (OSError, http.client.HTTPException) as error:   # down, or killed
                    if not isinstance(getattr(error, "reason", error), ConnectionRefusedError):
                        cut_off.append(act)
                    time.sleep(0.02)
                    continue
                with lock:
                    if status == 303:
                        acknowledged.append(act)
                    else:
                        refused.append((status, act))
                break

    threads = [threading.Thread(target=play, args=(seat,), daemon=True) for seat in range(PHONES)]
    for thread in threads:
        thread.start()
    kills = 0
    try:
        while kills < KILLS and time.monotonic() - started < DEADLINE:
            with lock:
                target = len(acknowledged) + ACTS_PER_LIFE
            life = time.monotonic()
            while time.monotonic() - life < LIFE:
                with lock:
                    if len(acknowledged) >= target:
                        break
                time.sleep(0.01)
            time.sleep(random.uniform(0, 0.05))     # land among the requests in flight
            server.kill()
            kills += 1
            server.start()
        time.sleep(0.5)                             # the resent acts are answered
        stop.set()
        for thread in threads:
            thread.join(30)
        assert kills == KILLS
        assert refused == []
        status, body = host.get(f"/t/{code}/record.json")
        assert status == 200
    finally:
        stop.set()
        server.stop()

    exported = json.loads(body)
    events = [(e["player"], e["round"], e["points"]) for e in exported["events"]]
    assert len(acknowledged) >= KILLS * 2           # acts really were made between the kills
    assert cut_off                                  # and kills landed in the middle of some
    counts = Counter(events)
    assert [act for act in acknowledged if counts[act] != 1] == []      # each exactly once
    assert [act for act, n in counts.items() if n > 1] == []            # nothing twice
    assert set(events) <= sent                                          # nothing made up
    for name in names:                      # a phone's acts are kept in the order it made them
        rounds = [round_ for player, round_, _points in events if player == name]
        assert rounds == sorted(rounds)

    (tmp_path / "record.json").write_text(body)
    check = subprocess.run([companion_command(), "check", str(tmp_path / "record.json")],
                           capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert (check.returncode, check.stdout) == (0, "ok\n"), check.stderr
    assert_sound(url, len(events))


def assert_sound(url: str, count: int) -> None:
    """The log's numbers run 1..n and the database's own check finds nothing wrong."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            assert connection.execute(text("SELECT seq FROM events ORDER BY seq")).scalars() \
                .all() == list(range(1, count + 1))
            if engine.dialect.name == "sqlite":
                assert connection.execute(text("PRAGMA integrity_check")).scalars().all() == ["ok"]
            else:
                connection.execute(text("CREATE EXTENSION IF NOT EXISTS amcheck"))
                for table in ("tables", "seats", "events"):
                    assert connection.execute(text("SELECT * FROM verify_heapam(:t)"),
                                              {"t": table}).all() == []
                    indexes = connection.execute(text(
                        "SELECT indexrelid FROM pg_index WHERE indrelid = CAST(:t AS regclass)"),
                        {"t": table}).scalars().all()
                    assert indexes
                    for index in indexes:
                        connection.execute(text("SELECT bt_index_check(:i, true)"), {"i": index})
                connection.commit()
    finally:
        engine.dispose()
