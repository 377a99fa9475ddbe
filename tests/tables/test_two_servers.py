"""Several servers behind one address: two real server processes on one database (PostgreSQL
with --db=postgresql, else one SQLite file) serve one table; a phone on each sees the other's
acts, each process's kept replay catches up with the acts the other wrote, and a phone may
switch servers between requests (no sticky sessions)."""
from __future__ import annotations

import json
import os
import re
import uuid

import pytest

from tests import databases
from tests.support import Phone, ServerProcess

pytestmark = [pytest.mark.database, pytest.mark.storage("two servers sharing one database")]


def sheet(html: str) -> list[list[str]]:
    """The score pad's rounds as the fragment draws them: one row of cells per round."""
    return [re.findall(r'<td class="num">([^<]*)</td>', row)
            for row in re.findall(r"<tr><td>\d+</td>(.*?)</tr>", html, flags=re.S)]


def act(phone: Phone, code: str, round_: int, points: int) -> int:
    phone.get(f"/t/{code}/phone")                 # the form, as the phone shows it
    status, _location = phone.post(f"/t/{code}/act/points", nonce=uuid.uuid4().hex,
                                   **{"points-round": round_, "points-points": points})
    return status


def version(phone: Phone, code: str) -> int:
    return json.loads(phone.get(f"/t/{code}/version")[1])["version"]


def test_a_phone_on_each_server_sees_the_other_servers_acts(tmp_path):
    env = {**os.environ, "COMPANION_INSTANCE": str(tmp_path / "instance"),   # one secret key
           "DATABASE_URL": databases.url(tmp_path)}
    first = ServerProcess(databases.free_port(), env, tmp_path / "first.log")
    second = ServerProcess(databases.free_port(), env, tmp_path / "second.log")
    with first, second:
        host = Phone(first.url)
        status, location = host.post("/", game="score-pad",
                                     **{"players-0": "Anna", "players-1": "Bence"})
        assert status == 303
        code = location.rsplit("/", 1)[1]
        anna, bence = Phone(first.url), Phone(second.url)
        for seat, phone in enumerate((anna, bence)):
            phone.get(f"/j/{code}")
            assert phone.post(f"/j/{code}", seat=seat)[0] == 303

        seen = version(bence, code)
        assert bence.get(f"/t/{code}/live?v={seen}&view=phone")[0] == 204
        assert sheet(bence.get(f"/t/{code}/live?v=-1&view=phone")[1]) == []   # replay kept: empty

        assert act(anna, code, 1, 12) == 303                      # through the first server
        status, fragment = bence.get(f"/t/{code}/live?v={seen}&view=phone")
        assert status == 200 and sheet(fragment) == [["12", "–"]]

        seen = version(anna, code)
        assert sheet(anna.get(f"/t/{code}/live?v=-1&view=phone")[1]) == [["12", "–"]]
        assert act(bence, code, 1, 7) == 303                      # through the second server
        status, fragment = anna.get(f"/t/{code}/live?v={seen}&view=phone")
        assert status == 200 and sheet(fragment) == [["12", "7"]]

        anna.base = second.url                  # the proxy sends her next request elsewhere
        assert act(anna, code, 2, 3) == 303
        assert sheet(bence.get(f"/t/{code}/live?v=-1&view=phone")[1]) == [["12", "7"], ["3", "–"]]
        assert sheet(host.get(f"/t/{code}/live?v=-1")[1]) == [["12", "7"], ["3", "–"]]
        for server in (first, second):
            events = json.loads(Phone(server.url).get(f"/t/{code}/record.json")[1])["events"]
            assert [(e["player"], e["round"], e["points"]) for e in events] == \
                [("Anna", 1, 12), ("Bence", 1, 7), ("Anna", 2, 3)]
