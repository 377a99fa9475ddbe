"""A history line says an act as the players see it, whole (the TV's last act is the newest one):
each game's longest act in English and Hungarian; OddVille counts where a card lies from the
Main Square, so a past act's words never change as the city grows; the rows and columns the
other games name are the numbers drawn on their boards' edges, on a phone and on the TV."""
from __future__ import annotations

import re

import pytest

from companion.games import GAMES
from companion.games.oddville import rules as oddville
from companion.tables import service
from companion.words import explain
from tests.longest_acts import LONGEST
from tests.story_records import FINISHED
from tests.support import take_seat, text_of

# game -> the longest act's line (tests/longest_acts.py), in English and in Hungarian
LINES = {
    "score-pad": ("Csilla: round 3 corrected from 5 to 8 + 7 + 3 = 18",
                  "Csilla: a(z) 3. forduló javítva, 5 helyett 8 + 7 + 3 = 18"),
    "doodle-city": ("Anna: road ╰ at row 3, column 1, circled 4",
                    "Anna: ╰ út (3. sor, 1. oszlop), bekarikázva: 4"),
    "calcada": ("Csilla announced yellow 7: tile (bonus symbol) on row 1, column 2",
                "Csilla bejelentette: sárga 7; lapka (bónusz-szimbólum) a(z) 1. sor 2. "
                "oszlopába"),
    "quadropolis": ("Bence built a tower block on row 4, column 4 and took the Mayor",
                    "Bence épített: toronyház (4. sor, 4. oszlop), és övé lett a "
                    "Polgármester"),
    "oddville": ("Yellow built 3 left, 2 below the Main Square as the Builder: points per card "
                 "in its column",
                 "Yellow Építészként épített a főtértől 3 oszloppal balra, 2 sorral "
                 "lejjebb: pont az oszlopa minden kártyájáért"),
}
# what the score pad's correction corrects
BEFORE = {"score-pad": [{"type": "points", "player": "Csilla", "round": 3, "points": 5}]}


def line(app, game: str, events: list[dict], language: str, options: dict | None = None) -> str:
    with app.test_request_context(headers={"Accept-Language": language}):
        return GAMES[game].rules.describe_all(events, {}, 0, options or {})[-1]


@pytest.mark.parametrize("game", LINES)
def test_the_longest_act_of_each_game_reads_whole_in_english_and_hungarian(app, game):
    events = [*BEFORE.get(game, []), LONGEST[game]]
    assert (line(app, game, events, "en"), line(app, game, events, "hu")) == LINES[game]


def test_a_score_sheets_category_corrected_by_a_typed_sum_reads_whole(app):
    sheet = {"sheet": {"name": "Ticket to Ride", "rounds": True,
                       "categories": [{"id": "open", "name": "Tickets not completed"}]}}
    entry = {"type": "points", "player": "Csilla", "round": 3, "category": "open", "points": 12}
    events = [entry, {**entry, "points": 18, "expression": "8 + 7 + 3"}]
    assert line(app, "score-pad", events, "en", sheet) == (
        "Csilla: Tickets not completed in round 3 corrected from 12 to 8 + 7 + 3 = 18")
    assert line(app, "score-pad", events, "hu", sheet) == (
        "Csilla: Tickets not completed a(z) 3. fordulóban javítva, 12 helyett 8 + 7 + 3 = 18")


PLACES = {(0, -2): ("2 left of the Main Square", "a főtértől 2 oszloppal balra"),
          (0, 3): ("3 right of the Main Square", "a főtértől 3 oszloppal jobbra"),
          (1, 0): ("1 below the Main Square", "1 sorral a főtér alatt"),
          (1, -2): ("2 left, 1 below the Main Square",
                    "a főtértől 2 oszloppal balra, 1 sorral lejjebb"),
          (2, 1): ("1 right, 2 below the Main Square",
                   "a főtértől 1 oszloppal jobbra, 2 sorral lejjebb")}


def test_oddville_says_where_a_card_lies_counted_from_the_main_square(app):
    for (row, column), words in PLACES.items():
        for language, said in zip(("en", "hu"), words):
            with app.test_request_context(headers={"Accept-Language": language}):
                assert explain(oddville.place(row, column)) == said


def card(player: str, row: int, column: int) -> dict:
    return {"type": "build", "player": player, "row": row, "column": column,
            "vp": {"rule": "diamond", "points": 4}}


def opened(app, client, game: str, options: dict, players: list[str], events: list[dict]) -> str:
    """A table made server-side, ``client`` its host screen."""
    with app.app_context():
        table, secret = service.create(game, options, players, events)
        code = table.code
    client.set_cookie(f"tc_host_{code}", secret)
    return code


def test_oddvilles_words_for_a_past_card_never_change_as_the_city_grows_left(app, client):
    players = ["Blue", "Purple", "Red"]
    first = "Blue built 1 left of the Main Square: diamond card"
    small = opened(app, client, "oddville", {}, players, [card("Blue", 0, -1)])
    grown = opened(app, client, "oddville", {}, players,
                   [card("Blue", 0, -1), card("Purple", 0, -2), card("Red", 0, -3),
                    card("Blue", 1, -3), card("Purple", 2, -3)])
    for code in (small, grown):
        assert first in text_of(client.get(f"/t/{code}/history"))
        assert "Blue's card, 1 left of the Main Square" in client.get(f"/t/{code}").text
    page = text_of(client.get(f"/t/{grown}/history"))
    assert "Purple built 3 left, 2 below the Main Square: diamond card" in page
    assert "column -" not in page and "row 0" not in page


# the tables in play the TV walk opens (tests/browser/test_tv_reads_at_3m.py), each of which the
# longest act may follow: game -> (seat whose phone is looked at, events)
IN_PLAY = {
    "doodle-city": ("Anna", FINISHED["doodle-city"]["events"][:18]),
    "calcada": ("Csilla", FINISHED["calcada"]["events"][:26]),
    "quadropolis": ("Bence", [{"type": "round", "round": 1},
                              *FINISHED["quadropolis"]["events"][:3]]),
}
EDGES = {"doodle-city": (r'edge-columns"[^>]*>(.*?)</div>', r'edge-rows"[^>]*>(.*?)</div>'),
         "calcada": (r'class="edge-column">(\d)<', r'class="edge-row">(\d)<'),
         "quadropolis": (r'class="q-edge">(\d)<', r'class="q-edge q-edge-row">(\d)<')}


def edges(page: str, game: str) -> tuple[str, str]:
    """The numbers drawn along the top and down the left of every board on the page."""
    return tuple("".join(re.findall(r"\d", "".join(re.findall(pattern, page, re.S))))
                 for pattern in EDGES[game])


@pytest.mark.parametrize("game", IN_PLAY)
def test_the_row_and_column_the_history_names_are_the_numbers_on_the_boards_edges(
        app, client, game):
    seat, events = IN_PLAY[game]
    record = FINISHED[game]
    players = [p["name"] for p in record["players"]]
    code = opened(app, client, game, record["options"], players, [*events, LONGEST[game]])
    phone = app.test_client()
    take_seat(phone, code, players.index(seat))
    row, column = LONGEST[game]["row"], LONGEST[game]["column"]
    assert f"row {row}, column {column}" in text_of(client.get(f"/t/{code}/history"))
    across = "12345"[:5 if game != "quadropolis" else 4]
    for page, boards in ((client.get(f"/t/{code}").text, len(players) + 1),    # every board and
                         (phone.get(f"/t/{code}/phone").text, 1)):           # the acting seat's
        if game == "doodle-city":
            boards = 1          # a sheet is drawn only to act on it
        assert edges(page, game) == (across * boards, across * boards), page


def test_the_tv_gives_a_long_last_act_the_room_of_what_the_turn_asks(app, client):
    """A long last act: the turn line is marked so that the TV shows what the turn asks no more
    (the browser walk checks the act is then whole); a short one keeps it beside the act."""
    seat, events = IN_PLAY["doodle-city"]
    record = FINISHED["doodle-city"]
    players = [p["name"] for p in record["players"]]
    short = opened(app, client, "doodle-city", record["options"], players,
                   [*events, LONGEST["doodle-city"]])
    long = opened(app, client, "oddville", {}, ["Blue", "Purple", "Red", "Yellow"],
                  [card("Blue", 0, -1), card("Purple", 0, -2), card("Red", 0, -3),
                   card("Blue", 1, -3), LONGEST["oddville"]])
    for code, marked in ((short, False), (long, True)):
        page = client.get(f"/t/{code}").text
        turn_line = re.search(r'<section class="turn-line[^"]*"', page)[0]
        assert ("long-last" in turn_line) is marked, turn_line
        last = re.search(r'<p class="last-act">(.*?)</p>', page, re.S)[1]
        assert LINES["oddville" if marked else "doodle-city"][0] in last


def test_a_last_act_too_long_beside_whose_turn_it_is_has_the_name_alone_beside_it(app, client):
    """Names of 20 characters and OddVille's longest act in Hungarian: the TV's turn shows the
    player's name alone (the words stay for screen readers), so the act fits beside it."""
    names = ["Kovács-Szabó Erzsike", "Mészáros-Wágner Máté", "Szentgyörgyi Csillag",
             "Fehérvári-Kis Dániel"]
    code = opened(app, client, "oddville", {}, names,
                  [card(names[0], 0, -1), card(names[1], 0, -2), card(names[2], 0, -3),
                   card(names[0], 1, -3), {**LONGEST["oddville"], "player": names[3]}])
    page = client.get(f"/t/{code}", headers={"Accept-Language": "hu"}).text
    turn_line = re.search(r'<section class="turn-line[^"]*"', page)[0]
    assert "name-turn" in turn_line and "long-last" not in turn_line, turn_line
    who = re.search(r'<span class="turn-who">(.*?)</span><span class="turn-doing', page, re.S)[1]
    assert who == (f'<span aria-hidden="true">{names[3]}</span>'
                   f'<span class="sr-only">{names[3]} következik</span>'), who
    # the phone keeps the words
    phone = app.test_client()
    take_seat(phone, code, 0)
    assert f"{names[3]} következik" in text_of(phone.get(f"/t/{code}/phone",
                                                         headers={"Accept-Language": "hu"}))
