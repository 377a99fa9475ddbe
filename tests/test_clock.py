"""The table's clock as the screens reckon it (companion/clock.py): each player's total (the
contract's), the turns the platform keeps and their lengths, pauses left out, and a time bank
run by the turns with its delay and increment."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from companion import clock, record
from tests.support import examples
from tests.test_times import at, contract_times, timed_records

CALCADA = {"format": "table-companion-record", "version": 1, "game": "calcada",
           "players": [{"name": "Anna"}, {"name": "Bence"}], "options": {}, "events": []}


def passes(player: str, seconds: float) -> dict:
    return {"type": "pass", "player": player, "at": at(seconds)}


def reckoned(events, option=None, started=0):
    run = record.load({**CALCADA, "started": at(started), "events": events})
    now = run.game.rules.turn(run.state)
    return run, clock.reckon(run.events, run.holders, run.started, run.players,
                             now.player if now and not run.finished else None, option)


def test_a_turn_runs_while_its_player_holds_it_and_a_pause_stands_outside_it():
    run, kept = reckoned([passes("Anna", 30), passes("Bence", 100),
                          {"type": "pause", "at": at(110)}, {"type": "resume", "at": at(170)},
                          passes("Anna", 200)])
    assert run.holders == ["Anna", "Bence", "Anna", "Anna", "Anna"]
    assert [(t.player, t.ms) for t in kept.turns] == [("Anna", 30000), ("Bence", 70000),
                                                      ("Anna", 40000)]
    assert (kept.turn, kept.turn_ms, kept.since, kept.stopped) == ("Bence", 0, record.time_ms(at(200)), False)
    # the contract's totals: the interval the pause closes is nobody's
    assert kept.spent == {"Anna": 60000, "Bence": 70000}
    assert (kept.playing, kept.paused) == (140000, 60000)
    result = run.result()
    assert [p["time_seconds"] for p in result["players"]] == [60, 70]
    assert result["time"] == {"playing_seconds": 140, "paused_seconds": 60}
    assert [(t.player, t.ms) for t in clock.longest(kept)] == [("Bence", 70000), ("Anna", 40000),
                                                               ("Anna", 30000)]
    assert [(t.player, t.ms, t.number) for t in clock.longest(kept, 2)] == [("Bence", 70000, 2),
                                                                          ("Anna", 40000, 3)]


def test_a_paused_turn_stands_still_and_runs_on_after_the_resume():
    _, kept = reckoned([passes("Anna", 30), {"type": "pause", "at": at(50)}])
    assert (kept.turn, kept.turn_ms, kept.stopped) == ("Bence", 20000, True)
    assert not kept.running()
    _, kept = reckoned([passes("Anna", 30), {"type": "pause", "at": at(50)},
                        {"type": "resume", "at": at(650)}])
    assert (kept.turn, kept.turn_ms, kept.running()) == ("Bence", 20000, True)


def test_a_bank_runs_by_the_turns_with_its_delay_free_and_its_increment_capped_at_its_start():
    option = {"bank_seconds": 60, "increment_seconds": 10, "delay_seconds": 5}
    _, kept = reckoned([passes("Anna", 30), passes("Bence", 100),
                        {"type": "pause", "at": at(110)}, {"type": "resume", "at": at(170)},
                        passes("Anna", 200)], option)
    # Anna: 60 - (30 - 5) + 10 = 45, then 45 - (40 - 5) + 10 = 20; Bence: 60 - (70 - 5) + 10 = 5
    assert kept.banks == {"Anna": 20000, "Bence": 5000}
    assert kept.bank_left("Bence") == 5000
    assert kept.bank_left("Bence", kept.since + 4000) == 5000        # within the delay
    assert kept.bank_left("Bence", kept.since + 8000) == 2000
    assert kept.bank_left("Bence", kept.since + 20000) == -10000     # an overrun: shown
    assert kept.bank_left("Anna", kept.since + 20000) == 20000       # not her turn
    _, kept = reckoned([passes("Anna", 2)], option)
    assert kept.banks["Anna"] == 60000                              # never above its start


def test_a_record_without_times_keeps_no_clock_and_a_finished_game_closes_its_last_turn():
    run = record.load({**CALCADA, "events": [{"type": "pass", "player": "Anna"}]})
    assert run.holders == [None]
    assert not clock.reckon(run.events, run.holders, None, run.players, "Bence").timed
    _, kept = reckoned([passes("Anna", 30), {"type": "end", "at": at(45)}])
    assert kept.turn is None and [(t.player, t.ms) for t in kept.turns] == [("Anna", 30000),
                                                                           ("Bence", 15000)]


def test_minutes_are_rounded_as_people_say_a_games_length():
    assert [clock.minutes(ms) for ms in (0, 29_999, 30_000, 89_999, 4_200_000)] == [0, 0, 1, 1, 70]


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=timed_records())
def test_the_screens_clock_of_random_timed_records_is_the_contracts_reckoning(data):
    """What the screens show as each player's time, the game's playing and paused time, is
    what the contract reckons (and the result says); the turns' lengths lie within the playing
    time; a bank is its start less what its turns took past their delays, plus increments."""
    run = record.load(data)
    now = run.game.rules.turn(run.state)
    option = {"bank_seconds": 600, "increment_seconds": 7, "delay_seconds": 3}
    kept = clock.reckon(run.events, run.holders, run.started, run.players,
                        now.player if now and not run.finished else None, option)
    if not any("at" in e for e in data["events"]):
        assert not kept.timed
        return
    per_player, total = contract_times(data["events"], data.get("started"), run.players)
    assert {name: ms // 1000 for name, ms in kept.spent.items()} == per_player
    assert {"playing_seconds": kept.playing // 1000, "paused_seconds": kept.paused // 1000} == total
    assert sum(t.ms for t in kept.turns) + kept.turn_ms <= kept.playing
    for name in run.players:
        theirs = [t.ms for t in kept.turns if t.player == name]
        left = 600_000
        for ms in theirs:
            left = min(600_000, left - max(0, ms - 3000) + 7000)
        assert kept.banks[name] == left
