"""A score sheet's results on the platform's screens: the scoreboard's categories and teams, the
tie-break's note, the result card, BG Stats, the story and the games page with its CSV.

The table: four players in two teams fill a three-category sheet once. Anna & Csilla make 30,
Bence & Dani 30 too: the sheet's tie-break, most Coins, decides (9 to 6).
"""
from __future__ import annotations

import csv
import html
import io
import json
import re
import uuid
from urllib.parse import parse_qs, urlsplit

import pytest
from PIL import Image

from companion import record
from companion.tables import story
from tests.support import take_seat, text_of

pytestmark = pytest.mark.database

CITY = {"name": "Seven-category city game",
        "categories": [{"id": "military", "name": "Military"}, {"id": "coins", "name": "Coins"},
                       {"id": "wonders", "name": "Wonders"}],
        "rounds": False, "tie_break": {"category": "coins"}}
PLAYERS = ["Anna", "Bence", "Csilla", "Dani"]
#            Military Coins Wonders
CITY_POINTS = {"Anna": (10, 3, 5),      # 18  \ Anna & Csilla 30, Coins 9
               "Csilla": (4, 6, 2),     # 12  /
               "Bence": (8, 2, 6),      # 16  \ Bence & Dani 30, Coins 6
               "Dani": (7, 4, 3)}       # 14  /
TEAMS = [["Anna", "Csilla"], ["Bence", "Dani"]]

HEARTS = {"name": "Hearts", "categories": [{"id": "hearts", "name": "Hearts"},
                                           {"id": "queen", "name": "Queen"}]}


def sheet_record(sheet, scores, teams=None, lowest_wins=False, players=None) -> dict:
    """A finished version-2 record: every player's points, category by category, in round 1."""
    ids = [c["id"] for c in sheet["categories"]]
    events = [{"type": "points", "player": name, "round": 1, "category": category,
               "points": value}
              for name in players or scores for category, value in zip(ids, scores[name])]
    options = {"lowest_wins": lowest_wins, "sheet": sheet, **({"teams": teams} if teams else {})}
    return {"format": "table-companion-record", "version": 2, "game": "score-pad",
            "options": options, "players": [{"name": n} for n in players or scores],
            "events": [*events, {"type": "end"}]}


CITY_TEAMS = sheet_record(CITY, CITY_POINTS, TEAMS, players=PLAYERS)


def imported(client, data: dict) -> str:
    """The record imported as a table (``client`` becomes its host); returns its code."""
    response = client.post("/import", data={"record": (io.BytesIO(json.dumps(data).encode()),
                                                       "game.json")})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


@pytest.fixture
def city(client) -> str:
    return imported(client, CITY_TEAMS)


# --- the scoreboard ----------------------------------------------------------------------------

def test_the_scoreboard_ranks_the_teams_with_the_sheets_categories_and_tie_break(client, city):
    page = client.get(f"/t/{city}")
    assert page.status_code == 200
    words = text_of(page)
    assert "# Team Military Coins Wonders Total" in words
    # each team's line (its sums per category, its total), then its players' own
    assert ("★ 1 Anna & Csilla Teams tied on 30 points: decided by most Coins. 14 9 7 30 "
            "Anna 10 3 5 18 Csilla 4 6 2 12 "
            "2 Bence & Dani Teams tied on 30 points: decided by most Coins. 15 6 9 30 "
            "Bence 8 2 6 16 Dani 7 4 3 14") in words
    assert "Winning team: Anna & Csilla" in words
    # the phone's list of the categories, team by team
    assert ("1. Anna & Csilla — 30 Military: 14 · Coins: 9 · Wonders: 7 "
            "Anna — 18 Military: 10 · Coins: 3 · Wonders: 5") in words
    html_ = page.get_data(as_text=True)
    assert html_.count('<tr class="team-line') == 2 and html_.count('<tr class="member') == 4


@pytest.mark.sqlite_only("drawn from the result the table keeps: alike on either database")
def test_a_phone_marks_its_own_line_and_names_the_teams_in_its_language(app, city):
    phone = app.test_client()
    take_seat(phone, city, 2)                      # Csilla
    phone.set_cookie("lang", "hu")
    page = phone.get(f"/t/{city}/phone")
    assert page.status_code == 200
    assert "Anna és Csilla" in text_of(page)
    assert re.search(r'<tr class="member mine">\s*<td class="rank"></td>\s*'
                     r'<td class="name">Csilla', page.get_data(as_text=True))


@pytest.mark.sqlite_only("drawn from the result the table keeps: alike on either database")
def test_without_teams_a_tie_on_the_total_is_decided_by_the_sheets_tie_break(client):
    scores = {"Anna": (10, 3, 5), "Bence": (8, 6, 4), "Csilla": (1, 1, 1)}
    code = imported(client, sheet_record(CITY, scores))
    words = text_of(client.get(f"/t/{code}"))
    assert "# Player Military Coins Wonders Total" in words
    assert ("★ 1 Bence Tied on 18 points: decided by most Coins. 8 6 4 18 "
            "2 Anna Tied on 18 points: decided by most Coins. 10 3 5 18 3 Csilla 1 1 1 3") in words
    assert "Winner: Bence" in words


def test_fewest_is_the_tie_break_of_a_sheet_that_prefers_fewer():
    sheet = {**CITY, "tie_break": {"category": "coins", "lowest": True}}
    replay = record.load(sheet_record(sheet, CITY_POINTS, TEAMS, players=PLAYERS))
    assert str(replay.game.rules.tie_break_label(replay.options)) == "fewest Coins"
    assert replay.result()["winners"] == ["Bence", "Dani"]


# --- the result card ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.sqlite_only("drawn from the result the table keeps: alike on either database")
def test_the_result_card_of_a_team_sheet_is_a_png(client, city, lang):
    response = client.get(f"/t/{city}/card.png?lang={lang}")
    assert response.status_code == 200 and response.mimetype == "image/png"
    image = Image.open(io.BytesIO(response.data))
    assert image.size == (1200, 630)


@pytest.mark.sqlite_only("drawn from the result the table keeps: alike on either database")
def test_the_card_lists_each_team_then_its_players_under_the_sheets_name(app, city):
    from companion.tables import service
    from companion.tables.share import result_card

    with app.test_request_context():
        table = service.find(city)
        replay = service.replay_of(table)
        card = result_card(table, replay, replay.result())
    assert card.game == "Seven-category city game"
    assert card.winner_line == "Winning team: Anna & Csilla"
    assert [(r.rank, r.name, r.total, r.winner) for r in card.rows] == [
        (1, "Anna & Csilla", 30, True), (None, "Anna", 18, True), (None, "Csilla", 12, True),
        (2, "Bence & Dani", 30, False), (None, "Bence", 16, False), (None, "Dani", 14, False)]
    assert card.rows[0].breakdown == ("Military 14", "Coins 9", "Wonders 7")


# --- BG Stats ----------------------------------------------------------------------------------

def bgstats(page) -> dict:
    found = re.search(r'<a class="button" href="([^"]+)"[^>]*>[^<]*BG Stats[^<]*</a>',
                      page.get_data(as_text=True))
    assert found, "no BG Stats link"
    link = urlsplit(html.unescape(found.group(1)))
    return json.loads(parse_qs(link.query, strict_parsing=True)["data"][0])


@pytest.mark.sqlite_only("drawn from the result the table keeps: alike on either database")
def test_bgstats_gets_each_players_own_score_and_both_winning_teammates(app, client, city):
    play = bgstats(client.get(f"/t/{city}"))
    assert play["game"] == {"name": "Seven-category city game", "highestWins": True,
                            "noPoints": False,
                            "sourceGameId": "score-pad/Seven-category city game"}
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == [
        ("Anna", 18, 1, True), ("Bence", 16, 2, False), ("Csilla", 12, 1, True),
        ("Dani", 14, 2, False)]
    assert play["comments"] == ("Teams: 1. Anna & Csilla 30; 2. Bence & Dani 30. "
                                "Teams tied on 30 points: decided by most Coins.")
    # in English whatever the phone's language
    phone = app.test_client()
    take_seat(phone, city, 1)
    phone.set_cookie("lang", "hu")
    assert bgstats(phone.get(f"/t/{city}/phone")) == play


@pytest.mark.sqlite_only("drawn from the result the table keeps: alike on either database")
def test_bgstats_hears_that_the_lowest_wins_a_sheet_played_so(client):
    code = imported(client, sheet_record(HEARTS, {"Anna": (3, 13), "Bence": (7, 0)},
                                         lowest_wins=True))
    play = bgstats(client.get(f"/t/{code}"))
    assert play["game"]["highestWins"] is False and play["game"]["name"] == "Hearts"
    assert "comments" not in play
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == [
        ("Anna", 16, 2, False), ("Bence", 7, 1, True)]


# --- the story ---------------------------------------------------------------------------------

@pytest.mark.sqlite_only("drawn from the result the table keeps: alike on either database")
def test_a_sheet_filled_once_is_charted_category_by_category_a_line_per_team(client, city):
    chart = story.series(record.load(CITY_TEAMS))
    assert chart.by == "step" and chart.labels == ("Military", "Coins", "Wonders")
    assert chart.totals["Anna"] == (0, 10, 13, 18)
    teams = story.by_team(chart, TEAMS, ["A", "B"])
    assert teams.totals == {"A": (0, 14, 23, 30), "B": (0, 15, 21, 30)}

    page = client.get(f"/t/{city}/story")
    assert page.status_code == 200
    body = page.get_data(as_text=True)
    assert re.findall(r'<polyline class="player" data-player="([^"]*)"', body) == \
        ["Anna &amp; Csilla", "Bence &amp; Dani"]
    assert re.findall(r'class="step-label">([^<]*)<', body) == ["Military", "Coins", "Wonders"]
    words = text_of(page)
    assert "Seven-category city game · table" in words
    assert "Teams tied on 30 points: decided by most Coins." in words
    # the table after its first act: one cell filled
    first = text_of(client.get(f"/t/{city}/story?at=1"))
    assert "Act 1 of 12:" in first and "Anna & Csilla 10 0 0 10" in first


def test_a_sheet_kept_by_round_is_charted_round_by_round():
    sheet = {**CITY, "rounds": True}
    data = sheet_record(sheet, {"Anna": (1, 2, 3), "Bence": (0, 0, 4)})
    data["events"][-1:-1] = [{"type": "points", "player": "Anna", "round": 2,
                              "category": "coins", "points": 5}]
    chart = story.series(record.load(data))
    assert chart.by == "round" and chart.labels == ()
    assert chart.totals == {"Anna": (0, 6, 11), "Bence": (0, 4, 4)}


# --- the games page and its CSV ----------------------------------------------------------------

def finished_pad(client, scores: dict[str, int]) -> str:
    """A plain score pad (no sheet), one round, finished."""
    events = [{"type": "points", "player": n, "round": 1, "points": p} for n, p in scores.items()]
    return imported(client, {"format": "table-companion-record", "version": 1,
                             "game": "score-pad", "options": {}, "players": [
                                 {"name": n} for n in scores], "events": [*events,
                                                                          {"type": "end"}]})


class Part:
    """A piece of a page, read as text_of reads a page."""

    def __init__(self, html_: str) -> None:
        self.html = html_

    def get_data(self, as_text: bool = True) -> str:
        return self.html


def sections(page) -> dict[str, str]:
    """The statistics' sections as read, by their titles (a sheet's: "Hearts · Score pad …")."""
    stats = page.get_data(as_text=True).split('<section class="card stats">')[1] \
        .split("</section>")[0]
    parts = [text_of(Part("<h3>" + part)) for part in stats.split("<h3>")[1:]]
    return {part[:part.index(" Player Plays")]: part for part in parts}


@pytest.fixture
def played(client, city):
    """The city game twice (Anna's Military 10, then 12), Hearts twice (lowest wins) and a
    plain score pad."""
    again = {**CITY_POINTS, "Anna": (12, 1, 1)}
    codes = {"city": city, "city2": imported(client, sheet_record(CITY, again, TEAMS,
                                                                  players=PLAYERS)),
             "hearts": imported(client, sheet_record(HEARTS, {"Anna": (3, 13), "Bence": (7, 0)},
                                                     lowest_wins=True)),
             "hearts2": imported(client, sheet_record(HEARTS, {"Anna": (2, 0), "Bence": (5, 13)},
                                                      lowest_wins=True)),
             "pad": finished_pad(client, {"Anna": 9, "Ede": 4})}
    return codes


def test_the_games_page_counts_each_sheet_under_its_name_with_each_categorys_best(
        client, played):
    page = client.get("/games")
    words = text_of(page)
    found = sections(page)
    # the game's own plays, then its sheets by name
    assert list(found) == ["Score pad (any game)", "Hearts · Score pad (any game)",
                           "Seven-category city game · Score pad (any game)"]
    city = found["Seven-category city game · Score pad (any game)"]
    assert "Anna 2 1 16 18 best Military: 12 · best Coins: 3 · best Wonders: 5" in city
    assert "Dani 2 1 14 14 best Military: 7 · best Coins: 4 · best Wonders: 3" in city
    assert "Ede" not in city
    hearts = found["Hearts · Score pad (any game)"]
    # the lowest wins: the best total and each category's are the least
    assert "Bence 2 1 12.5 7 fewest Hearts: 5 · fewest Queen: 0" in hearts
    assert "Anna 2 1 9 2 fewest Hearts: 2 · fewest Queen: 0" in hearts
    pad = found["Score pad (any game)"]
    assert "Ede 1 0 4 4" in pad and "best" not in pad and "Hearts" not in pad
    # the plays are listed under their sheet's name, a team game by its teams
    assert f"· Seven-category city game {played['city']} Anna & Csilla 30 (Anna 18, Csilla 12) " \
           f"Bence & Dani 30 (Bence 16, Dani 14)" in words
    assert f"· Hearts {played['hearts']}" in words


def read_csv(response) -> list[list[str]]:
    assert response.status_code == 200 and response.mimetype == "text/csv"
    return list(csv.reader(io.StringIO(response.data.decode("utf-8-sig"))))


PLAIN_HEADER = ["Date", "Game", "Table code", "Player", "Score", "Rank", "Winner"]


def test_the_csv_has_a_column_per_category_beside_the_sheet_and_team(client, played):
    rows = read_csv(client.get("/games.csv"))
    # the categories in the order the plays are listed, newest first
    assert rows[0] == PLAIN_HEADER + ["Score sheet", "Team", "Team score", "Hearts", "Queen",
                                      "Military", "Coins", "Wonders"]
    by = {(r[2], r[3]): r[4:] for r in rows[1:]}
    assert by[(played["city"], "Csilla")] == ["12", "1", "1", "Seven-category city game",
                                              "Anna & Csilla", "30", "", "", "4", "6", "2"]
    assert by[(played["hearts"], "Anna")] == ["16", "2", "0", "Hearts", "", "", "3", "13", "",
                                              "", ""]
    assert by[(played["pad"], "Ede")] == ["4", "2", "0", "", "", "", "", "", "", "", ""]


def test_the_csv_of_plays_without_a_sheet_is_as_before(client, played):
    rows = read_csv(client.get("/games.csv?player=Ede"))
    assert rows[0] == PLAIN_HEADER
    assert [r[1:] for r in rows[1:]] == [["Score pad (any game)", played["pad"], "Ede", "4", "2",
                                          "0"]]


def test_a_sheet_named_like_a_formula_is_text_in_the_csv(client):
    sheet = {"name": "=HYPERLINK(1)", "categories": [{"id": "a", "name": "@a"},
                                                     {"id": "b", "name": "Score"}]}
    imported(client, sheet_record(sheet, {"Anna": (1, 2), "Bence": (3, 4)}))
    rows = read_csv(client.get("/games.csv"))
    assert rows[0][-2:] == ["'@a", "Score (category)"]
    assert rows[1][7] == "'=HYPERLINK(1)"


# --- what the pad has today still holds ---------------------------------------------------------

def test_a_finished_sheet_table_starts_its_rematch_with_the_sheet_and_teams(client, city):
    response = client.post(f"/t/{city}/rematch", data={"nonce": uuid.uuid4().hex,
                                                        "order": "keep"})
    assert response.status_code == 303, response.get_data(as_text=True)
    new = response.headers["Location"].rsplit("/", 1)[1]
    data = client.get(f"/t/{new}/record.json").get_json()
    assert data["version"] == 2
    assert data["options"]["sheet"]["name"] == "Seven-category city game"
    assert data["options"]["teams"] == TEAMS
    assert client.get(f"/t/{new}").status_code == 200
