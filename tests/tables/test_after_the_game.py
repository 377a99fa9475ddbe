"""After the game: its length (playing and paused), each player's share of the playing time
and the longest turns on the finished screens, the story page and the result card, as
``companion score`` gives them for the table's exported record; BG Stats' duration from the
playing time; the CSV's time columns; and how long a game usually takes."""
from __future__ import annotations

import csv
import io
import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from click.testing import CliRunner
from sqlalchemy import update

from companion import clock
from companion.cli import cli
from companion.extensions import db
from companion.models import Table
from companion.tables import lengths, service, share
from tests.support import text_of
from tests.tables.test_times import TIMED, exported, imported
from tests.test_times import at

pytestmark = pytest.mark.database

# Calçada by turns: Anna 30 s; Bence 70 s; Anna 10 s, a pause of a minute, 30 s more; Bence
# 6 min 12 s; the end 28 s into Anna's turn
CALCADA = {"format": "table-companion-record", "version": 1, "game": "calcada",
           "started": at(0), "options": {}, "players": [{"name": "Anna"}, {"name": "Bence"}],
           "events": [{"type": "pass", "player": "Anna", "at": at(30)},
                      {"type": "pass", "player": "Bence", "at": at(100)},
                      {"type": "pause", "at": at(110)}, {"type": "resume", "at": at(170)},
                      {"type": "pass", "player": "Anna", "at": at(200)},
                      {"type": "pass", "player": "Bence", "at": at(572)},
                      {"type": "end", "at": at(600)}]}
PAD = {**TIMED, "events": [*TIMED["events"], {"type": "end", "at": "2026-11-29T20:14:00Z"}]}


def scored(client, code: str) -> dict:
    """What ``companion score`` gives for the table's exported record."""
    out = CliRunner().invoke(cli, ["score", "-"], input=json.dumps(exported(client, code)))
    assert out.exit_code == 0, out.output
    return json.loads(out.output)


def time_part(html: str) -> str:
    found = re.search(r'<div class="game-time">.*?</div>', html, re.S)
    return found.group(0) if found else ""


def figures(part: str) -> dict:
    """The seconds the time part carries beside its words."""
    return {"playing": int(re.search(r'data-playing="(\d+)"', part).group(1)),
            "paused": int(re.search(r'data-paused="(\d+)"', part).group(1)),
            "players": {name: int(seconds) for seconds, name in re.findall(
                r'<li data-seconds="(\d+)"><span class="time-share-text"><span class="time-name">'
                r'([^<]+)</span>', part)}}


@pytest.fixture
def calcada(client):
    code = imported(client, CALCADA)
    client.post(f"/t/{code}/host")                  # the importing browser claims the host
    return code


def test_the_finished_screens_and_the_story_show_the_times_companion_score_gives(client, calcada):
    result = scored(client, calcada)
    assert result["time"] == {"playing_seconds": 540, "paused_seconds": 60}
    expected = {"playing": 540, "paused": 60,
                "players": {p["name"]: p["time_seconds"] for p in result["players"]}}
    assert expected["players"] == {"Anna": 60, "Bence": 442}
    for path in ("", "/story"):
        page = client.get(f"/t/{calcada}{path}")
        part = time_part(page.get_data(as_text=True))
        assert figures(part) == expected, path
        words = text_of(page)
        assert "9 min playing, 1 min paused" in words
        # the largest share first, each with its percentage and time in words
        assert "Bence 82% · 7 min 22 s" in words and "Anna 11% · 1 min" in words
        assert words.index("Bence 82%") < words.index("Anna 11%")
        assert '<rect width="81.9" height="10" fill="#7b3fa0"/>' in part     # Bence's seat colour


def test_a_game_with_turns_names_its_three_longest(client, calcada):
    words = text_of(client.get(f"/t/{calcada}"))
    turns = words[words.index("The longest turns"):]
    assert "Bence's turn 4: 6 min 12 s Bence's turn 2: 1 min 10 s Anna's turn 3: 40 s" in turns


def test_the_score_pad_has_a_length_and_shares_but_no_turns(client):
    code = imported(client, PAD)
    client.post(f"/t/{code}/host")
    result = scored(client, code)
    page = client.get(f"/t/{code}")
    assert figures(time_part(page.get_data(as_text=True))) == {
        "playing": result["time"]["playing_seconds"], "paused": result["time"]["paused_seconds"],
        "players": {p["name"]: p["time_seconds"] for p in result["players"]}}
    words = text_of(page)
    assert "4 min playing, 10 min paused" in words
    assert "The longest turns" not in words


def test_the_result_card_carries_the_length_and_the_shares_on_two_lines(app, client, calcada):
    with app.test_request_context():
        table = service.find(calcada)
        replay = service.replay_of(table)
        drawn = share.result_card(table, replay, replay.result())
    assert drawn.time_lines == ("9 min playing, 1 min paused", "Bence 82% · Anna 11%")
    assert client.get(f"/t/{calcada}/card.png").status_code == 200


def play_of(client, code: str) -> dict:
    link = re.search(r'href="(https://app\.bgstatsapp\.com[^"]+)"',
                     client.get(f"/t/{code}").get_data(as_text=True)).group(1)
    return json.loads(parse_qs(urlsplit(link.replace("&amp;", "&")).query)["data"][0])


def test_bgstats_takes_the_playing_time_as_the_duration(client, calcada):
    # imported at once: by the database's clock the game took no time at all
    assert play_of(client, calcada)["durationMin"] == 9


def csv_rows(client) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(client.get("/games.csv").data.decode("utf-8-sig"))))


def untimed(data: dict) -> dict:
    return {**{k: v for k, v in data.items() if k != "started"},
            "events": [{k: v for k, v in e.items() if k != "at"} for e in data["events"]]}


def test_the_csv_ends_with_the_times_and_leaves_a_table_without_them_empty(app, client, calcada):
    app.config["HISTORY_ALL_GAMES"] = True
    legacy = imported(client, untimed(CALCADA))
    with app.app_context():         # a table made before tables kept their times
        db.session.execute(update(Table).where(Table.code == legacy).values(started=None))
        db.session.commit()
    rows = csv_rows(client)
    assert list(rows[0])[-3:] == ["Playing minutes", "Paused minutes", "Player's time (seconds)"]
    times = {(r["Table code"], r["Player"]): [r["Playing minutes"], r["Paused minutes"],
                                               r["Player's time (seconds)"]] for r in rows}
    result = scored(client, calcada)
    for player in result["players"]:
        assert times[calcada, player["name"]] == [
            str(clock.minutes(result["time"]["playing_seconds"] * 1000)),
            str(clock.minutes(result["time"]["paused_seconds"] * 1000)),
            str(player["time_seconds"])]
        assert times[legacy, player["name"]] == ["", "", ""]
    client.post(f"/t/{legacy}/host")
    for path in ("", "/story"):
        page = client.get(f"/t/{legacy}{path}")
        assert page.status_code == 200 and 'class="game-time"' not in page.get_data(as_text=True)
    assert play_of(client, legacy)["durationMin"] == 0          # the database's clock, as before


def later(data: dict, seconds: int) -> dict:
    """The record with its end ``seconds`` later (that much longer)."""
    events = [*data["events"][:-1], {"type": "end", "at": at(600 + seconds)}]
    return {**data, "events": events}


def test_the_games_page_says_the_usual_length_from_two_plays_on(app, client, calcada):
    app.config["HISTORY_ALL_GAMES"] = True
    assert "usually" not in text_of(client.get("/games"))
    with app.app_context():
        assert lengths.usual_minutes("calcada", 2) is None
    imported(client, later(CALCADA, 60))                # 540 s and 600 s: 9.5 min, about 10
    assert "2 players · usually about 10 minutes (2 plays)" in text_of(client.get("/games"))
    with app.app_context():
        assert lengths.usual_minutes("calcada", 2) == (10, 2)
        assert lengths.usual_minutes("calcada", 3) is None
        assert lengths.usual_minutes("score-pad", 2) is None        # any game's: none usual


def test_the_new_table_hint_reads_usual_minutes(app):
    with app.test_request_context(headers={"Accept-Language": "hu"}):
        template = app.jinja_env.get_template("tables/_usual.html")
        said = " ".join(re.sub(r"<[^>]+>", "", template.render(usual=(70, 9), players=4)).split())
        assert said == "4 játékossal általában nagyjából 70 perc (9 játszma)"
        assert template.render(usual=None, players=4).strip() == ""


def test_a_hungarian_screen_says_the_durations_in_hungarian(client, calcada):
    client.set_cookie("lang", "hu")
    words = text_of(client.get(f"/t/{calcada}"))
    assert "9 perc játék, 1 perc szünet" in words
    assert "4. kör (Bence): 6 perc 12 mp" in words
