"""The replays a process keeps are bounded by what they hold (their snapshots' JSON), not only
by their count: a few long games take the room of many short ones."""
from __future__ import annotations

import pytest

from companion import record
from companion.games import GAMES
from companion.tables import service
from tests.support import make_app

pytestmark = [pytest.mark.database,
              pytest.mark.sqlite_only("the replays kept are in memory: alike on either database")]

PLAYERS = ["Anna", "Bence", "Csilla"]


def long_game(rounds: int) -> list[dict]:
    return [{"type": "points", "player": name, "round": n, "points": n % 17}
            for n in range(1, rounds + 1) for name in PLAYERS]


def test_the_replays_kept_stay_within_their_budget_in_bytes(tmp_path):
    app = make_app(tmp_path, REPLAYS_MEGABYTES=0.05)       # 52 kB of JSON
    with app.app_context():
        codes = [service.create("score-pad", {}, PLAYERS, long_game(120))[0].code
                 for _ in range(6)]
        tables = [service.find(code) for code in codes]
        for table in tables:
            service.replay_of(table)
        kept = service.replays._replays()
        held = [entry for entry in (kept.get(t.id) for t in tables) if entry is not None]
        one = held[-1]
        assert one.bytes == one[1].size + record.json_size(
            GAMES["score-pad"].rules.dump_state(one[1].state))
        assert one[1].size == sum(record.json_size(e) for e in one[1].events)
        # a game of 360 events is some 11 kB: four fit in 52 kB, not six
        assert 2 <= len(held) < 6
        assert sum(entry.bytes for entry in held) <= 0.05 * 1024 * 1024
        assert kept.get(tables[-1].id) is not None           # the newest stays
        # one larger than the whole budget is not kept, and is replayed as ever
        huge = service.create("score-pad", {}, PLAYERS, long_game(900))[0]
        assert len(service.replay_of(huge).events) == 2700
        assert kept.get(huge.id) is None
