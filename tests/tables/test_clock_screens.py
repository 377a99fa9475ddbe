"""The table's clock on the screens: the turn's time beside whose turn it is, each player's
total (the record's reckoning), a time bank per player, the game's time on the score pad; the
page ticks them on from the server's times (data-since, and #live's data-now as each response
leaves). Pause from the host screen, and from seated phones where the table lets them. The time
bank chosen as a table starts and on its rematch. What the host screen would say."""
from __future__ import annotations

import re
import time

import pytest

from companion import clock, record
from tests.support import start_table, take_seat, text_of
from tests.tables.test_times import exported, imported

pytestmark = pytest.mark.database

BANK = {"bank_seconds": 300, "increment_seconds": 10, "delay_seconds": 5}
CALCADA = {"format": "table-companion-record", "version": 1, "game": "calcada",
           "started": "2026-11-29T20:00:00Z", "options": {"clock": BANK},
           "players": [{"name": "Anna"}, {"name": "Bence"}],
           "events": [{"type": "pass", "player": "Anna", "at": "2026-11-29T20:01:40Z"},
                      {"type": "pass", "player": "Bence", "at": "2026-11-29T20:07:40Z"},
                      {"type": "pause", "at": "2026-11-29T20:08:00Z"}]}


def attributes(html: str, marker: str) -> list[dict[str, str]]:
    """Each clock's attributes (a bare one, as data-running, as "")."""
    return [{name: value for name, _, value in re.findall(r'\s([\w-]+)(="([^"]*)")?', tag)}
            for tag in re.findall(rf'<span [^>]*data-clock="{marker}"[^>]*>', html)]


def test_the_tv_shows_the_turns_time_each_players_total_and_bank_as_the_record_reckons(client):
    code = imported(client, CALCADA)
    before = time.time_ns() // 1_000_000
    html = client.get(f"/t/{code}").get_data(as_text=True)
    now = int(re.search(r'id="live"[^>]*data-now="(\d+)"', html).group(1))
    assert before <= now <= time.time_ns() // 1_000_000 + 1
    data = exported(client, code)
    run = record.load(data)
    kept = clock.reckon(run.events, run.holders, run.started, run.players, "Anna", BANK)
    (turn,) = attributes(html, "tick")
    # Anna's turn began with Bence's pass and ran 20 s to the pause; the pause stands
    assert (turn["data-ms"], turn["data-since"]) == ("20000", str(record.time_ms("2026-11-29T20:08:00Z")))
    assert "data-running" not in turn and "Paused" in text_of(client.get(f"/t/{code}"))
    # the scoreboard's totals are the result's time_seconds: Anna 100 s, Bence 360 s
    result = run.result()
    assert [p["time_seconds"] for p in result["players"]] == [100, 360]
    assert re.findall(r'<span class="spent">([^<]*)</span>', html) == ["1:40", "6:00"]
    # banks: Anna 300 - 95 + 10 = 215 s before this turn; Bence 300 - 355 + 10 = -45 s (over)
    banks = {b["data-player"]: b for b in attributes(html, "bank")}
    assert {p: b["data-left"] for p, b in banks.items()} == {"Anna": "215000", "Bence": "-45000"}
    assert kept.banks == {"Anna": 215000, "Bence": -45000}
    assert "bank-over" in re.search(r'<span class="bank[^"]*"[^>]*data-player="Bence"', html).group(0)
    # Anna's shown less what her turn took past its delay: 215 - (20 - 5) = 200 s
    assert re.findall(r'<span class="bank-left">([^<]*)</span>', html) == ["3:20", "−0:45"]
    assert 'aria-label="Bence\'s time bank"' in html


def test_a_running_turn_ticks_from_the_latest_time_and_the_phone_shows_its_own_turn_and_bank(app, client):
    code = imported(client, {**CALCADA, "events": CALCADA["events"][:2]})
    phone = app.test_client()
    take_seat(phone, code, 0)
    html = phone.get(f"/t/{code}/phone").get_data(as_text=True)
    (turn,) = attributes(html, "tick")
    assert turn["data-ms"] == "0" and "data-running" in turn
    assert turn["data-since"] == str(record.time_ms("2026-11-29T20:07:40Z"))
    own = [b for b in attributes(html, "bank") if "data-mine" in b]
    assert [b["data-player"] for b in own] == ["Anna"] and "data-running" in own[0]
    assert "Your turn" in text_of(phone.get(f"/t/{code}/phone"))
    other = app.test_client()
    take_seat(other, code, 1)
    assert not [b for b in attributes(other.get(f"/t/{code}/phone").get_data(as_text=True), "bank")
                if "data-mine" in b]


def test_the_score_pad_shows_the_games_time_and_each_total_and_no_turn(client):
    code = start_table(client, players=("Anna", "Bence"))
    client.post(f"/t/{code}/act/points", data={"screen": "host", "points-player": "Anna",
                                                 "points-round": "1", "points-points": "4"})
    html = client.get(f"/t/{code}").get_data(as_text=True)
    (game_time,) = attributes(html, "tick")
    assert game_time["aria-label"] == "Game time" and "data-running" in game_time
    assert not attributes(html, "bank") and "turn-clock" not in html
    assert len(re.findall(r'<span class="spent">', html)) == 2


def test_a_seated_phone_pauses_only_where_the_table_lets_it(app, client):
    code = start_table(client, players=("Anna", "Bence"))
    phone = app.test_client()
    take_seat(phone, code, 0)
    assert "pause-clock" not in phone.get(f"/t/{code}/phone").get_data(as_text=True)
    assert phone.post(f"/t/{code}/clock", data={"clock": "pause"}).status_code == 403
    open_code = start_table(client, players=("Anna", "Bence"), seats_pause="y")
    take_seat(phone, open_code, 1)
    assert "pause-clock" in phone.get(f"/t/{open_code}/phone").get_data(as_text=True)
    assert phone.post(f"/t/{open_code}/clock", data={"clock": "pause"}).status_code == 303
    assert "Paused" in text_of(client.get(f"/t/{open_code}"))
    assert phone.post(f"/t/{open_code}/clock", data={"clock": "resume"}).status_code == 303
    assert [e["type"] for e in exported(client, open_code)["events"]] == ["pause", "resume"]


def test_the_time_bank_is_chosen_as_a_table_starts_and_kept_or_changed_on_its_rematch(client):
    code = start_table(client, "calcada", players=("Anna", "Bence"), bank="10",
                       increment="5", delay="3")
    assert exported(client, code)["options"]["clock"] == {"bank_seconds": 600,
                                                          "increment_seconds": 5,
                                                          "delay_seconds": 3}
    # the score pad keeps no turns: no bank, whatever is posted
    pad = start_table(client, players=("Anna", "Bence"), bank="10")
    assert "clock" not in exported(client, pad)["options"]
    assert client.post(f"/t/{code}/finish", data={"sure": "yes"}).status_code == 303
    card = client.get(f"/t/{code}").get_data(as_text=True)
    assert re.search(r'<select id="rematch-bank" name="bank">.*?<option selected value="10">', card, re.S)
    kept = client.post(f"/t/{code}/rematch", data={"order": "keep"})
    new = kept.headers["Location"].rsplit("/", 1)[1]
    assert exported(client, new)["options"]["clock"]["bank_seconds"] == 600
    assert client.post(f"/t/{new}/finish", data={"sure": "yes"}).status_code == 303
    changed = client.post(f"/t/{new}/rematch", data={"order": "rotate", "bank": "",
                                                      "increment": "0", "delay": "0"})
    third = changed.headers["Location"].rsplit("/", 1)[1]
    assert "clock" not in exported(client, third)["options"]
    assert client.post("/", data={"game": "calcada", "players-0": "A", "players-1": "B",
                                  "bank": "7"}).status_code == 422


@pytest.mark.parametrize("lang, turn, ranking", [
    ("en", "Anna's turn.", "Final result. 1. Bence, 3 points. 2. Anna, 0 points."),
    ("hu", "Anna következik.", "Végeredmény. 1. Bence, 3 pont. 2. Anna, 0 pont.")])
def test_the_host_screen_says_whose_turn_it_is_and_at_the_end_the_ranking(client, lang, turn, ranking):
    client.set_cookie("lang", lang)
    code = start_table(client, players=("Anna", "Bence"))
    html = client.get(f"/t/{code}").get_data(as_text=True)
    assert 'id="speech"' in html and 'data-key=""' in html      # the score pad keeps no turns
    client.post(f"/t/{code}/act/points", data={"screen": "host", "points-player": "Bence",
                                                 "points-round": "1", "points-points": "3"})
    assert client.post(f"/t/{code}/finish", data={"sure": "yes"}).status_code == 303
    html = client.get(f"/t/{code}").get_data(as_text=True)
    assert re.search(r'id="speech"[^>]*data-key="end" data-say="([^"]*)"', html).group(1) == ranking
    code = imported(client, {**CALCADA, "options": {}, "events": CALCADA["events"][:2]})
    html = client.get(f"/t/{code}").get_data(as_text=True)
    assert re.search(r'id="speech"[^>]*data-key="turn Anna" data-say="([^"]*)"', html).group(1) \
        .replace("&#39;", "'") == turn


def test_a_new_table_says_how_long_the_game_usually_takes_with_its_players(client):
    def finished(minutes: int) -> dict:
        return {**CALCADA, "events": [*CALCADA["events"][:2],
                                      {"type": "end", "at": f"2026-11-29T20:{minutes:02d}:00Z"}]}
    code = start_table(client, "calcada", players=("Anna", "Bence"))
    assert "usual-length" not in client.get(f"/t/{code}").get_data(as_text=True)
    imported(client, finished(10))
    code = start_table(client, "calcada", players=("Anna", "Bence"))
    assert "usual-length" not in client.get(f"/t/{code}").get_data(as_text=True)   # one play
    imported(client, finished(12))
    code = start_table(client, "calcada", players=("Anna", "Bence"))
    assert "Usually about 11 minutes with 2 players (2 plays)" in text_of(client.get(f"/t/{code}"))
    three = start_table(client, "calcada", players=("Anna", "Bence", "Csilla"))
    assert "usual-length" not in client.get(f"/t/{three}").get_data(as_text=True)
