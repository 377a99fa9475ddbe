"""A table's snapshot: a server that has not replayed the table lately (the replays it keeps
cleared) resumes after it and shows and scores the table as a fresh replay of its whole log
does; acts write it every SNAPSHOT_EVERY events and after an undo, in their own transaction; a
snapshot made by other rules (another fingerprint) is ignored and written again."""
from __future__ import annotations

import re

import pytest
from sqlalchemy import select, update

from companion import record
from companion.extensions import db
from companion.games.base import Act, RuleError
from companion.models import Snapshot
from companion.tables import service
from tests.story_records import FINISHED
from tests.support import text_of

pytestmark = pytest.mark.storage("snapshots stored beside the log")

EVERY = 5       # SNAPSHOT_EVERY in these tests: short records reach it


@pytest.fixture(autouse=True)
def often(monkeypatch):
    monkeypatch.setattr(service.replays, "SNAPSHOT_EVERY", EVERY)


def forget(app) -> None:
    """What a server that has not replayed the table lately lacks."""
    for name in ("table_replays", "table_snapshots", "live_fragments"):
        if name in app.extensions:
            app.extensions[name].clear()


def snapshot_of(app, code: str):
    with app.app_context():
        table = service.find(code)
        return db.session.execute(select(Snapshot.events, Snapshot.fingerprint, Snapshot.data)
                                  .where(Snapshot.table_id == table.id)).first()


def fresh(app, code: str) -> record.Replay:
    """The table's whole log replayed, as its exported record."""
    with app.app_context():
        return record.load(service.record_of(service.find(code)))


def page(client, code: str) -> str:
    """The host page, without what differs on every drawing (the forms' nonces, signed
    tokens, the server's clock)."""
    response = client.get(f"/t/{code}")
    assert response.status_code == 200
    return re.sub(r'name="nonce"[^>]*>|value="[0-9a-f]{32}"|[\w-]{8,}\.[\w-]{4,}\.[\w-]{8,}'
                  r'|(?<=data-now=")\d+', "",
                  response.get_data(as_text=True))


def with_undos(events: list[dict]) -> list[dict]:
    """The record without its end, an act taken back at two places (a correction)."""
    events = [e for e in events if e["type"] != "end"]
    return [*events[:3], {"type": "undo", "event": 3}, *events[3:], {"type": "undo", "event": 1}]


def hosted(app, game: str):
    source = FINISHED[game]
    events = with_undos(source["events"])
    try:
        record.load({**source, "events": events})
    except record.RecordError:          # an undo that would make a later act illegal
        events = [e for e in source["events"] if e["type"] != "end"]
    with app.app_context():
        table, secret = service.create(game, source["options"],
                                       [p["name"] for p in source["players"]], events)
        code = table.code
    client = app.test_client()
    client.set_cookie(f"tc_host_{code}", secret)
    return code, client


@pytest.mark.parametrize("game", list(FINISHED))
def test_a_table_resumed_from_its_snapshot_shows_and_scores_as_its_whole_log(app, game,
                                                                             monkeypatch):
    code, host = hosted(app, game)
    kept = snapshot_of(app, code)
    assert kept is not None and kept.events == len(fresh(app, code).events)
    resumed = []
    monkeypatch.setattr(record, "resumed", lambda *a, _real=record.resumed: resumed.append(1)
                        or _real(*a))
    forget(app)
    from_snapshot = page(host, code)
    assert resumed == [1]
    with app.app_context():
        replay = service.replay_of(service.find(code))
    whole = fresh(app, code)
    assert (replay.state, replay.finished, replay.undone, replay.work, replay.events) == \
        (whole.state, whole.finished, whole.undone, whole.work, whole.events)
    assert replay.result() == whole.result()
    # the same table drawn from its whole log (no snapshot) is the same page
    with app.app_context():
        table = service.find(code)
        db.session.delete(table.snapshot)
        db.session.commit()
    forget(app)
    assert page(host, code) == from_snapshot
    assert resumed == [1]
    assert snapshot_of(app, code).events == len(whole.events)    # written again by the read


def test_acts_write_the_snapshot_every_so_many_events_and_after_an_undo(app):
    with app.app_context():
        table, _secret = service.create("score-pad", {}, ["Anna", "Bence"])
        code = table.code

    def act(event) -> None:
        with app.app_context():
            service.append(service.find(code), Act(event, "host"))

    for n in range(1, 2 * EVERY + 2):
        act({"type": "points", "player": "Anna", "round": n, "points": n})
        kept = snapshot_of(app, code)
        assert (kept.events if kept else 0) == (n // EVERY) * EVERY
    act({"type": "undo", "event": 4})                       # an undo: written at once
    assert snapshot_of(app, code).events == 2 * EVERY + 2
    with app.app_context(), pytest.raises(RuleError):       # refused: nothing written
        service.append(service.find(code), Act({"type": "undo", "event": 4}, "host"))
    act({"type": "points", "player": "Bence", "round": 1, "points": 7})
    assert snapshot_of(app, code).events == 2 * EVERY + 2
    forget(app)
    with app.app_context():
        replay = service.replay_of(service.find(code))
    whole = fresh(app, code)
    assert replay.state == whole.state and replay.undone == whole.undone == {3: 11}
    assert replay.result() == whole.result()


def test_an_undo_after_the_snapshot_takes_back_an_act_before_it(app):
    with app.app_context():
        table, _secret = service.create("score-pad", {}, ["Anna", "Bence"], [
            {"type": "points", "player": "Anna", "round": n, "points": 10 * n}
            for n in range(1, EVERY + 2)])
        code = table.code
    assert snapshot_of(app, code).events == EVERY + 1
    forget(app)
    with app.app_context():
        service.append(service.find(code), Act({"type": "undo", "event": 2}, "host"))
    forget(app)
    with app.app_context():
        replay = service.replay_of(service.find(code))
    assert replay.result()["players"] == fresh(app, code).result()["players"]
    assert replay.state == fresh(app, code).state and 1 in replay.undone


def test_a_snapshot_of_other_rules_is_ignored_and_written_again(app, monkeypatch):
    code, host = hosted(app, "calcada")
    shown = page(host, code)
    whole = fresh(app, code)
    # a snapshot of other rules, whose state is no longer what the log makes
    with app.app_context():
        table = service.find(code)
        wrong = record.snapshot(record.start(whole.game, whole.options, whole.players))
        wrong["events"] = whole.events
        db.session.execute(update(Snapshot).where(Snapshot.table_id == table.id)
                           .values(fingerprint="0" * 64, data=wrong))
        db.session.commit()
    forget(app)
    assert page(host, code) == shown
    kept = snapshot_of(app, code)
    assert kept.fingerprint == record.fingerprint(whole.game) and kept.data != wrong
    # the rules changed: this process' fingerprint is another one, the snapshot is stale
    monkeypatch.setitem(record._FINGERPRINTS, type(whole.game.rules), "f" * 64)
    forget(app)
    resumed = []
    monkeypatch.setattr(record, "resumed", lambda *a: resumed.append(1))
    assert page(host, code) == shown and resumed == []
    assert snapshot_of(app, code).fingerprint == "f" * 64


def test_a_snapshot_the_log_does_not_hold_is_ignored(app):
    """Never written so (a snapshot goes in with the events it covers), but read with care:
    its last event must be the log's at that place."""
    code, host = hosted(app, "oddville")
    shown = text_of(host.get(f"/t/{code}"))
    whole = fresh(app, code)
    with app.app_context():
        table = service.find(code)
        data = dict(snapshot_of(app, code).data)
        data["events"] = [*data["events"][:-1], {"type": "pass", "player": "nobody"}]
        db.session.execute(update(Snapshot).where(Snapshot.table_id == table.id)
                           .values(data=data))
        db.session.commit()
    forget(app)
    with app.app_context():
        replay = service.replay_of(service.find(code))
    assert replay.events == whole.events and replay.state == whole.state
    assert text_of(host.get(f"/t/{code}")) == shown
