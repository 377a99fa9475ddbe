"""Rivalries on the games page: head to head per pair and game (teammates never paired, a
lowest-wins sheet counted the right way round), nemesis and favourite victim, winning streaks
and one player's totals game by game; every figure below is reckoned by hand."""
from __future__ import annotations

import re

import pytest

from tests.tables.test_history import imported

pytestmark = pytest.mark.database

END = {"type": "end"}
GOLF = {"name": "Golf", "rounds": True, "categories": [{"id": "strokes", "name": "Strokes"}]}
RELAY = {"name": "Relay", "rounds": True, "categories": [{"id": "laps", "name": "Laps"}]}


def pad(totals: dict[str, int], options: dict | None = None, category: str | None = None) -> dict:
    """A finished score pad: one round, each player's total (a sheet: in its one category)."""
    return {"format": "table-companion-record", "version": 2 if category else 1,
            "game": "score-pad", "options": options or {},
            "players": [{"name": n} for n in totals],
            "events": [{"type": "points", "player": n, "round": 1, "points": p,
                        **({"category": category} if category else {})}
                       for n, p in totals.items()] + [END]}


PLAYS = [   # finished in this order
    pad({"Anna": 10, "Bence": 8}),                                      # P1 Anna first
    pad({"Anna": 5, "Bence": 9}),                                       # P2 Bence first
    pad({"Anna": 7, "Bence": 7}),                                       # P3 a shared first
    pad({"Anna": 12, "Bence": 6, "Csilla": 12}),                        # P4 Anna, Csilla first
    pad({"Anna": 30, "Bence": 34}, {"lowest_wins": True, "sheet": GOLF}, "strokes"),  # P5 Anna
    pad({"Anna": 33, "Bence": 31}, {"lowest_wins": True, "sheet": GOLF}, "strokes"),  # P6 Bence
    pad({"Anna": 4, "Bence": 5, "Csilla": 6, "Dóra": 3},                # P7 teams 10 to 8
        {"sheet": RELAY, "teams": [["Anna", "Csilla"], ["Bence", "Dóra"]]}, "laps"),
    pad({"Anna": 3, "Dóra": 9}),                                        # P8 Dóra first
    pad({"Anna": 4, "Dóra": 8}),                                        # P9 Dóra first
]


@pytest.fixture
def played(client):
    for data in PLAYS:
        imported(client, data)
    return client


def cells(html: str, table: str) -> list[list[str]]:
    """A table's body rows as read: each cell's text."""
    body = re.search(rf'<table class="[^"]*\b{table}\b.*?</table>', html, re.S).group(0)
    return [[" ".join(re.sub(r"<[^>]+>", " ", cell).split())
             for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body.split("</thead>")[1], re.S)]


def test_head_to_head_per_pair_and_game_from_the_leaders_side(played):
    rows = cells(played.get("/games").get_data(as_text=True), "head-to-head")
    assert rows == [
        # Anna–Bence, 7 plays together. Score pad P1–P4: W (10−8=+2), L (5−9=−4), T (0),
        # W (12−6=+6): 2–1–1, (2−4+0+6)/4 = +1
        ["Anna – Bence", "Score pad (any game)", "2–1–1", "+1"],
        # Golf, lowest wins: P5 30 to 34 W, (30−34)·−1 = +4; P6 33 to 31 L, −2: 1–0–1,
        # (4−2)/2 = +1 (wins level: the better difference leads)
        ["Anna – Bence", "Golf", "1–0–1", "+1"],
        # Relay, teams' totals: Anna's 4+6 = 10 to Bence's 5+3 = 8: W, +2
        ["Anna – Bence", "Relay", "1–0–0", "+2"],
        # all: 4–1–2, (2−4+0+6+4−2+2)/7 = 8/7 = 1.14
        ["Anna – Bence", "All games", "4–1–2", "+1.1"],
        # Anna–Dóra, 3 plays: P8 9−3 = +6, P9 8−4 = +4 for Dóra: 2–0–0, +5
        ["Dóra – Anna", "Score pad (any game)", "2–0–0", "+5"],
        ["Anna – Dóra", "Relay", "1–0–0", "+2"],                # 10 − 8
        # all from Dóra's side: 2–0–1, (6+4−2)/3 = 2.67
        ["Dóra – Anna", "All games", "2–0–1", "+2.7"],
        # Bence–Csilla, 2 plays: P4 12−6 = +6, Relay 10−8 = +2 for Csilla; (6+2)/2 = +4
        ["Csilla – Bence", "Score pad (any game)", "1–0–0", "+6"],
        ["Csilla – Bence", "Relay", "1–0–0", "+2"],
        ["Csilla – Bence", "All games", "2–0–0", "+4"],
        # 1 play each: P4 12 to 12, a tie; Relay only (Csilla's 10 to Dóra's 8)
        ["Anna – Csilla", "Score pad (any game)", "0–1–0", "0"],
        ["Csilla – Dóra", "Relay", "1–0–0", "+2"],
    ]
    # teammates are never a pair: Anna and Csilla met at Relay on one team, so did Bence and Dóra
    assert not any(row[0] in ("Bence – Dóra", "Dóra – Bence") for row in rows)


def test_nemesis_and_victim_need_three_plays_together_and_then_the_share_decides(played):
    html = played.get("/games").get_data(as_text=True)
    rivals = {m[0]: " ".join(re.sub(r"<[^>]+>", " ", m[1]).split()) for m in re.findall(
        r"<li><strong>([^<]+)</strong>(.*?)</li>", html.split('class="rivals"')[1], re.S)}
    # Anna: Bence ahead 2 of 7 (P2, P6), Dóra 2 of 3 (P8, P9): as often, the larger share;
    # Anna ahead of Bence 4 of 7 (P1, P4, P5, P7), of Dóra 1 of 3
    assert "nemesis: Dóra (ahead 2 of 3)" in rivals["Anna"]
    assert "favourite victim: Bence (behind 4 of 7)" in rivals["Anna"]
    assert "nemesis: Anna (ahead 4 of 7)" in rivals["Bence"]
    assert "favourite victim: Anna (behind 2 of 7)" in rivals["Bence"]
    # Csilla met Bence twice only (ahead both times), Anna once: none is hers yet
    assert "no nemesis yet" in rivals["Csilla"] and "no favourite victim yet" in rivals["Csilla"]
    # Dóra met Anna 3 times (not Bence: her teammate): behind at P7, ahead at P8, P9
    assert rivals["Dóra"] == "nemesis: Anna (ahead 1 of 3) favourite victim: Anna (behind 2 of 3)"


def test_streaks_of_firsts_in_the_order_played(played):
    rows = cells(played.get("/games").get_data(as_text=True), "streaks")
    assert rows == [
        # Anna first at P1, P3, P4, P5, P7 of P1–P9: Y N Y Y Y N Y N N: longest 3, now 0;
        # score pad P1 P2 P3 P4 P8 P9: Y N Y Y N N; golf Y N; relay Y
        ["Anna", "All games", "3", "0"], ["Score pad (any game)", "2", "0"], ["Golf", "1", "0"],
        ["Relay", "1", "1"],
        # Csilla: P4 Y, P7 Y; Dóra: P7 N, P8 Y, P9 Y
        ["Csilla", "All games", "2", "2"], ["Score pad (any game)", "1", "1"], ["Relay", "1", "1"],
        ["Dóra", "All games", "2", "2"], ["Score pad (any game)", "2", "2"], ["Relay", "0", "0"],
        # Bence: N Y Y N N Y N; score pad N Y Y N; golf N Y; relay N
        ["Bence", "All games", "2", "0"], ["Score pad (any game)", "2", "0"], ["Golf", "1", "1"],
        ["Relay", "0", "0"],
    ]


def test_the_chosen_players_totals_are_a_line_per_game(played):
    html = played.get("/games?player=Anna").get_data(as_text=True)
    svg = re.search(r'<svg[^>]*class="trend-chart".*?</svg>', html, re.S).group(0)
    lines = re.findall(r'<polyline class="game" data-game="([^"]+)" points="([^"]+)"', svg)
    # Anna's totals: score pad 10 5 7 12 3 4, golf 30 33, relay 4: a point per play
    assert [(game, len(points.split())) for game, points in lines] == [
        ("Score pad (any game)", 6), ("Golf", 2), ("Relay", 1)]
    assert "style=" not in svg
    # one player chosen: only her pairs and her rivals
    rows = cells(html, "head-to-head")
    assert rows and all("Anna" in row[0] for row in rows)
    one = played.get("/games?player=Anna&game=calcada").get_data(as_text=True)
    assert "trend-chart" not in one and "head-to-head" not in one


def test_the_page_reads_in_hungarian_and_the_csv_is_as_it_was(played):
    played.set_cookie("lang", "hu")
    html = played.get("/games?player=Anna").get_data(as_text=True)
    assert "Egymás ellen" in html and "Gy–D–V" in html and "Győzelmi sorozatok" in html
    assert "Minden játék" in html and "+1,1" in html          # the Hungarian decimal comma
    played.set_cookie("lang", "en")
    csv = played.get("/games.csv").get_data(as_text=True)
    assert csv.splitlines()[0].lstrip("\ufeff").startswith("Date,Game,Table code,Player")
    # a row per player per play: P1–P3 2 each, P4 3, golf 2 + 2, relay 4, P8 P9 2 each
    assert len(csv.splitlines()) == 1 + 2 * 3 + 3 + 2 * 2 + 4 + 2 * 2
