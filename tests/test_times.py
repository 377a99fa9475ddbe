"""Time at the table, as ../shared/record-format.md writes it: ``started`` and each event's ``at``
(UTC, RFC 3339, in order), ``pause`` and ``resume`` (never undone), the advisory ``clock``
option, and ``time_seconds`` / ``time`` in the result. Scores never depend on times.

The reckoning below (:func:`contract_times`) is written from the contract's words alone, apart
from the reader's; random timed records are scored by ``companion score`` (its function,
``record.load(...).result()``) and compared with it, and with the same record without times."""
from __future__ import annotations

import copy
import json
import re
from datetime import datetime, timedelta, timezone

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from companion import record
from companion.cli import cli
from tests.story_records import FINISHED
from tests.support import examples

T0 = datetime(2026, 11, 29, 20, 0, 0, tzinfo=timezone.utc)
PAD = {"format": "table-companion-record", "version": 1, "game": "score-pad",
       "players": [{"name": "Anna"}, {"name": "Bence"}], "options": {}, "events": []}
TIMELESS = ("started", "at", "clock", "pause", "resume")


def at(seconds: float) -> str:
    return (T0 + timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def refused(data) -> str:
    with pytest.raises(record.RecordError) as error:
        record.load(data)
    return str(error.value)


def points(player: str, round_: int, value: int, seconds: float | None = None) -> dict:
    event = {"type": "points", "player": player, "round": round_, "points": value}
    return {**event, "at": at(seconds)} if seconds is not None else event


# --- the contract's own example and its words ---------------------------------------------------

def test_a_pause_of_ten_minutes_is_paused_time_and_each_interval_is_charged_to_who_closes_it():
    data = {**PAD, "started": at(0), "options": {"clock": {"bank_seconds": 600}}, "events": [
        points("Anna", 1, 5, 60.5), {"type": "pause", "at": at(120)},
        {"type": "resume", "at": at(720)}, points("Bence", 1, 7, 810.25),
        {"type": "end", "at": at(840)}]}
    result = record.load(data).result()
    assert [(p["name"], p["time_seconds"]) for p in result["players"]] == [("Anna", 60),
                                                                         ("Bence", 90)]
    # 60.5 + 59.5 (closed by the pause: nobody's) + 90.25 + 29.75 (closed by the end)
    assert result["time"] == {"playing_seconds": 240, "paused_seconds": 600}
    assert [p["total"] for p in result["players"]] == [5, 7]
    out = CliRunner().invoke(cli, ["score", "-"], input=json.dumps(data))
    assert out.exit_code == 0 and json.loads(out.output) == result


def test_a_record_without_any_time_has_no_times_in_its_result():
    result = record.load({**PAD, "started": at(0), "events": [points("Anna", 1, 5)]}).result()
    assert "time" not in result and all("time_seconds" not in p for p in result["players"])


@pytest.mark.parametrize("value", ["20:15", "2026-11-29 20:15:03Z", "2026-11-29T20:15:03",
                                   "2026-11-29T20:15:03+01:00", "2026-02-30T10:00:00Z",
                                   "2026-11-29T24:00:00Z", "2026-11-29T23:59:60Z",
                                   "2026-11-29T20:15:03.1234567Z", "٢٠٢٦-11-29T20:15:03Z",
                                   "2026-11-29T20:15:03.١Z", 1764447, None])
def test_a_time_that_is_not_a_utc_time_is_refused_in_the_contracts_words(value):
    shown = repr(value) if isinstance(value, str) else json.dumps(value)
    assert refused({**PAD, "events": [points("Anna", 1, 5), {**points("Bence", 1, 3), "at": value}]}) \
        == f"event 2 (points): its time {shown} is not a UTC time like 2026-11-29T20:15:03Z"
    assert refused({**PAD, "started": value}) == \
        f"started: its time {shown} is not a UTC time like 2026-11-29T20:15:03Z"


def test_a_time_earlier_than_the_one_before_it_or_than_started_is_refused():
    assert refused({**PAD, "events": [points("Anna", 1, 5, 2), points("Bence", 1, 3, 1)]}) == \
        f"event 2 (points): its time {at(1)} is earlier than {at(2)} before it"
    assert refused({**PAD, "started": at(5), "events": [points("Anna", 1, 5, 4)]}) == \
        f"event 1 (points): its time {at(4)} is earlier than {at(5)} before it"
    # equal times are in order; an event without a time between two is too
    record.load({**PAD, "started": at(1), "events": [points("Anna", 1, 5, 1), points("Bence", 1, 3),
                                                      points("Anna", 2, 1, 1)]})


def test_a_pause_while_paused_a_resume_while_running_and_an_undo_of_either_are_refused():
    assert refused({**PAD, "events": [{"type": "pause"}, {"type": "pause"}]}) == \
        "event 2 (pause): The clock is already paused."
    assert refused({**PAD, "events": [{"type": "resume"}]}) == \
        "event 1 (resume): The clock is not paused."
    assert refused({**PAD, "events": [{"type": "pause"}, {"type": "undo", "event": 1}]}).startswith(
        "event 2 (undo): A pause or a resume cannot be undone")
    assert refused({**PAD, "events": [points("Anna", 1, 5), {"type": "end"}, {"type": "pause"}]}) \
        == "event 3 (pause): The game is finished; nothing more can be entered."


def test_an_undo_without_a_number_never_takes_back_a_pause_and_acts_replay_around_them():
    run = record.load({**PAD, "events": [points("Anna", 1, 5), {"type": "pause"},
                                         {"type": "resume"}, points("Bence", 1, 3),
                                         {"type": "undo", "event": 1}]})
    assert run.effective() == [3] and [p["total"] for p in run.result()["players"]] == [0, 3]
    assert run.last_counting(lambda event: True) == 3
    assert not run.paused() and record.load({**PAD, "events": [{"type": "pause"}]}).paused()


@pytest.mark.parametrize("clock, message", [
    ({}, 'options: The clock option needs "bank_seconds"'),
    ({"increment_seconds": 5}, 'options: The clock option needs "bank_seconds"'),
    ({"bank_seconds": 59}, "options: The clock's bank_seconds is a whole number from 60 to 36000."),
    ({"bank_seconds": 36001}, "options: The clock's bank_seconds is a whole number from 60 to 36000."),
    ({"bank_seconds": 600.0}, "options: The clock's bank_seconds is a whole number from 60 to 36000."),
    ({"bank_seconds": 600, "delay_seconds": 601}, "options: The clock's delay_seconds is a whole "
                                                  "number from 0 to 600."),
    ({"bank_seconds": 600, "increment_seconds": True}, "options: The clock's increment_seconds is"),
    ({"bank_seconds": 600, "moves": 40}, "options: The clock option holds only bank_seconds, "
                                         "increment_seconds and delay_seconds, not moves."),
    ("fast", 'options: The clock option needs "bank_seconds"'),
])
def test_a_wrong_clock_option_is_refused_before_any_event(clock, message):
    assert refused({**PAD, "options": {"clock": clock}}).startswith(message)


@pytest.mark.parametrize("game", sorted(FINISHED))
def test_every_game_takes_the_clock_option_and_keeps_it_whole(game):
    data = {**FINISHED[game], "options": {**FINISHED[game].get("options", {}),
                                          "clock": {"bank_seconds": 900, "increment_seconds": 10}}}
    run = record.load(data)
    assert run.options["clock"] == {"bank_seconds": 900, "increment_seconds": 10,
                                    "delay_seconds": 0}
    assert run.result() == record.load(FINISHED[game]).result()      # advisory: no score moves


def test_a_writer_stamps_the_later_of_its_clock_and_the_latest_time():
    assert record.stamp(T0.replace(tzinfo=None), None) == "2026-11-29T20:00:00.000Z"
    assert record.stamp(T0, at(30)) == at(30)                  # the clock stepped back
    assert record.stamp(T0 + timedelta(seconds=31), at(30)) == at(31)
    assert record.time_ms("2026-11-29T20:00:00.123999Z") == record.time_ms(at(0)) + 123


# --- random timed records against the contract's reckoning -----------------------------------

def contract_times(events: list[dict], started: str | None, players: list[str]):
    """The contract's reckoning, from its words: the timestamped events in order, ``started``
    first; each interval closed by the event holding the next timestamp; paused when a pause was
    read before that event and no resume since; else playing, charged to that event's player.
    Milliseconds (fractions truncated to 3 digits), floored to seconds at the end."""
    def ms(text: str) -> int:
        match = re.fullmatch(r"(.{19})(?:\.(\d+))?Z", text)
        whole = datetime.strptime(match[1], "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc)
        return int(whole.timestamp()) * 1000 + int((match[2] or "0").ljust(3, "0")[:3])

    stamps = ([(None, ms(started))] if started else []) + \
        [(event, ms(event["at"])) for event in events if "at" in event]
    charged = {name: 0 for name in players}
    playing = paused = 0
    for (_, before), (closer, moment) in zip(stamps, stamps[1:]):
        position = events.index(closer)         # each event is its own object
        kinds = [e["type"] for e in events[:position] if e["type"] in ("pause", "resume")]
        if kinds and kinds[-1] == "pause":
            paused += moment - before
        else:
            playing += moment - before
            if closer.get("player") in charged:
                charged[closer["player"]] += moment - before
    return ({name: value // 1000 for name, value in charged.items()},
            {"playing_seconds": playing // 1000, "paused_seconds": paused // 1000})


@st.composite
def timed_records(draw):
    """A finished example of any game with its events timed at random (some without a time),
    pauses and resumes between them, maybe ``started`` and a ``clock``."""
    game = draw(st.sampled_from(sorted(FINISHED)))
    data = copy.deepcopy(FINISHED[game])
    events, moved, running = [], {}, True
    for old, event in enumerate(data["events"]):
        if event["type"] != "end" and draw(st.integers(0, 5)) == 0:
            events.append({"type": "pause" if running else "resume"})
            running = not running
        moved[old + 1] = len(events) + 1
        if event["type"] == "undo":             # it names its act by number: as renumbered
            event["event"] = moved[event["event"]]
        events.append(event)
    if not running:
        events.insert(len(events) - 1, {"type": "resume"})
    clock = 0                                   # milliseconds after T0
    for event in events:
        clock += draw(st.integers(0, 400_000)) if draw(st.booleans()) else 0
        if draw(st.integers(0, 3)):
            whole = (T0 + timedelta(milliseconds=clock)).strftime("%Y-%m-%dT%H:%M:%S")
            ms = clock % 1000
            fractions = [f".{ms:03d}", f".{ms:03d}{draw(st.integers(0, 999)):03d}"] + \
                ([""] if ms == 0 else []) + ([f".{ms // 100}"] if ms % 100 == 0 else [])
            event["at"] = whole + draw(st.sampled_from(fractions)) + "Z"
    data["events"] = events
    if draw(st.booleans()):
        data["started"] = (T0 - timedelta(seconds=draw(st.integers(0, 90)))).strftime(
            "%Y-%m-%dT%H:%M:%SZ")
    if draw(st.booleans()):
        data["options"] = {**data.get("options", {}), "clock": {"bank_seconds": 1200}}
    return data


def untimed(data: dict) -> dict:
    """The same record without times: no started, at, clock, pause or resume (undos renumbered)."""
    events, moved = [], {}
    for number, event in enumerate(data["events"], 1):
        if event["type"] in ("pause", "resume"):
            continue
        moved[number] = len(events) + 1
        event = {k: v for k, v in event.items() if k != "at"}
        if event["type"] == "undo":
            event["event"] = moved[event["event"]]
        events.append(event)
    options = {k: v for k, v in data.get("options", {}).items() if k != "clock"}
    return {**{k: v for k, v in data.items() if k != "started"}, "options": options,
            "events": events}


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=timed_records())
def test_random_timed_records_score_as_without_times_and_spend_what_the_contract_reckons(data):
    result = record.load(data).result()
    players = [p["name"] for p in data["players"]]
    if not any("at" in e for e in data["events"]):
        assert "time" not in result
    else:
        per_player, total = contract_times(data["events"], data.get("started"), players)
        assert result["time"] == total
        assert {p["name"]: p["time_seconds"] for p in result["players"]} == per_player
        assert sum(per_player.values()) <= total["playing_seconds"] + len(players)
    plain = record.load(untimed(data)).result()
    for row in result["players"]:
        row.pop("time_seconds", None)
    result.pop("time", None)
    assert result == plain
