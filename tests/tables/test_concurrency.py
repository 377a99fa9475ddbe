"""Several phones posting at once through a real server and a real SQLite file: no event is
lost, duplicated or interleaved, and a refused post writes nothing."""
from __future__ import annotations

import json
import threading
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar

import pytest
from sqlalchemy import select

from companion.extensions import db
from companion.models import Event, Table
from tests.support import LiveServer, make_app

pytestmark = [pytest.mark.database, pytest.mark.storage("concurrent appends under the table's lock")]

PHONES, ENTRIES = 4, 12


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def browser():
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()), NoRedirect)


def post(opener, url, **fields) -> int:
    data = urllib.parse.urlencode(fields).encode()
    try:
        with opener.open(url, data=data, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_phones_posting_at_once_lose_nothing_and_duplicate_nothing(tmp_path):
    app = make_app(tmp_path)
    names = [f"P{i}" for i in range(PHONES)]
    with LiveServer(app) as server:
        host = browser()
        form = {"game": "score-pad", **{f"players-{i}": n for i, n in enumerate(names)}}
        assert post(host, server.url + "/", **form) == 303
        with app.app_context():

            code = db.session.scalar(select(Table.code))
        phones = [browser() for _ in names]
        for seat, phone in enumerate(phones):
            assert post(phone, f"{server.url}/j/{code}", seat=seat) == 303

        statuses: list[int] = []
        lock = threading.Lock()
        start = threading.Barrier(PHONES)

        def play(seat: int) -> None:
            start.wait()
            for round_ in range(1, ENTRIES + 1):
                fields = {"points-round": round_, "points-points": seat * 100 + round_,
                          "nonce": f"{seat}-{round_}"}
                first = post(phones[seat], f"{server.url}/t/{code}/act/points", **fields)
                again = post(phones[seat], f"{server.url}/t/{code}/act/points", **fields)
                wrong = post(phones[seat], f"{server.url}/t/{code}/act/points",
                             **{**fields, "points-round": 0, "nonce": f"bad-{seat}-{round_}"})
                with lock:
                    statuses.extend([first, again, wrong])

        threads = [threading.Thread(target=play, args=(s,)) for s in range(PHONES)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)

        assert statuses.count(303) == 2 * PHONES * ENTRIES
        assert statuses.count(422) == PHONES * ENTRIES
        with urllib.request.urlopen(f"{server.url}/t/{code}/record.json") as response:
            events = json.load(response)["events"]
    assert len(events) == PHONES * ENTRIES
    for seat, name in enumerate(names):
        mine = [e for e in events if e["player"] == name]
        assert [e["round"] for e in mine] == list(range(1, ENTRIES + 1))
        assert [e["points"] for e in mine] == [seat * 100 + r for r in range(1, ENTRIES + 1)]
    with app.app_context():
        seqs = db.session.scalars(select(Event.seq).order_by(Event.seq)).all()
    assert seqs == list(range(1, PHONES * ENTRIES + 1))
