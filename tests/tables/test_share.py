"""Sharing a finished table: the result card (a PNG for every game's finished example) and the
play for BG Stats, its link decoded back to the JSON its support page documents."""
from __future__ import annotations

import html
import io
import json
import re
import time
import uuid
from datetime import datetime
from urllib.parse import parse_qs, urlsplit

import pytest
from PIL import Image, ImageDraw
from sqlalchemy import update

from companion.extensions import db
from companion.models import Event, Table
from companion.tables import card
from tests.games.calcada.test_web_and_cli import RECORD as CALCADA
from tests.games.doodle_city.test_game import FOUR_PLAYERS
from tests.games.doodle_city.test_rules import NAMES as DOODLE_NAMES, SHEET
from tests.games.oddville.test_example import RECORD as ODDVILLE
from tests.games.quadropolis.test_rules_and_cli import RECORD as QUADROPOLIS
from tests.support import ROOT, enter, start_table, take_seat


LONG_NAMES = ["Anna", "Bence", "Csilla", "Dániel Őrsűrű-Kovácsné Szentgyörgyi Ödön", "Emese",
              "Ferenc", "Gábor", "Hajnalka", "Imre", "Júlia", "Kálmán", "Lőrinc"]


def envelope(game, options, players, events):
    return {"format": "table-companion-record", "version": 1, "game": game, "options": options,
            "players": [{"name": n} for n in players], "events": events}


FINISHED = {
    "score-pad": envelope("score-pad", {"lowest_wins": False}, LONG_NAMES,
                          [{"type": "points", "player": n, "round": 1, "points": 7 * i % 30}
                           for i, n in enumerate(LONG_NAMES)] + [{"type": "end"}]),
    "doodle-city": envelope("doodle-city", {"sheet": SHEET}, DOODLE_NAMES, FOUR_PLAYERS),
    "calcada": CALCADA,
    "oddville": {**ODDVILLE, "events": [*ODDVILLE["events"], {"type": "end"}]},
    "quadropolis": QUADROPOLIS,
}


def imported(client, data) -> str:
    upload = (io.BytesIO(json.dumps(data).encode()), "game.json")
    response = client.post("/import", data={"record": upload}, content_type="multipart/form-data")
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def finish(client, code):
    response = client.post(f"/t/{code}/finish", data={"nonce": uuid.uuid4().hex, "sure": "yes"})
    assert response.status_code == 303


def png(response) -> Image.Image:
    assert response.status_code == 200
    assert response.mimetype == "image/png"
    image = Image.open(io.BytesIO(response.data))
    image.load()
    return image


# --- the card -------------------------------------------------------------------------------

@pytest.mark.parametrize("game", FINISHED)
@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_games_finished_example_has_a_card_of_1200_by_630(client, game, lang):
    code = imported(client, FINISHED[game])
    client.set_cookie("lang", lang)
    response = client.get(f"/t/{code}/card.png")
    image = png(response)
    assert image.format == "PNG" and image.size == (1200, 630)
    assert len(response.data) < 300_000
    assert response.headers["Content-Disposition"] == f'inline; filename="{game}-{code}.png"'


def test_an_unfinished_or_reopened_table_and_an_unknown_code_have_no_card(client, table):
    assert client.get(f"/t/{table}/card.png").status_code == 404
    finish(client, table)
    assert client.get(f"/t/{table}/card.png").status_code == 200
    reopened = client.post(f"/t/{table}/reopen", data={"nonce": uuid.uuid4().hex, "sure": "yes"})
    assert reopened.status_code == 303
    assert client.get(f"/t/{table}/card.png").status_code == 404
    assert client.get("/t/XXXXX/card.png").status_code == 404


def test_anyone_with_the_code_gets_the_card_as_with_the_record(app, client, table):
    finish(client, table)
    assert png(app.test_client().get(f"/t/{table}/card.png")).size == (1200, 630)


def card_url(page) -> str:
    return re.search(r'<img src="([^"]*/card\.png[^"]*)"', page.get_data(as_text=True)).group(1)


def test_the_card_is_cached_by_version_and_language(client, table):
    enter(client, table, 1, 5, screen="host", **{"points-player": "Anna"})
    finish(client, table)
    url = card_url(client.get(f"/t/{table}"))
    assert url == f"/t/{table}/card.png?v=2&amp;lang=en"   # two acts: the points and the end
    url = html.unescape(url)
    first = client.get(url)
    assert first.headers["Cache-Control"] == "private, max-age=3600"
    again = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    hungarian = client.get(url.replace("lang=en", "lang=hu"),
                           headers={"If-None-Match": first.headers["ETag"]})
    assert hungarian.status_code == 200 and hungarian.data != first.data
    # an address from before a reopen, or without the language: checked every time
    for stale in (f"/t/{table}/card.png?v=1&lang=en", f"/t/{table}/card.png"):
        response = client.get(stale)
        assert response.headers["Cache-Control"] == "no-cache"
        assert set(response.vary) == {"Cookie", "Accept-Language"}
    client.set_cookie("lang", "hu")
    assert client.get(f"/t/{table}/card.png").data == hungarian.data
    assert client.get(url).data == first.data       # the address's language comes first


def test_the_card_is_drawn_once_per_version_and_language_however_many_browsers_ask(
        app, client, table, monkeypatch):
    finish(client, table)
    drawn = []
    real = card.render
    monkeypatch.setattr(card, "render", lambda *args: drawn.append(1) or real(*args))
    answers = [app.test_client().get(f"/t/{table}/card.png?lang={lang}")
               for lang in ("en", "en", "hu", "en", "hu")]
    assert len(drawn) == 2                      # one in English, one in Hungarian
    assert answers[0].data == answers[1].data == answers[3].data != answers[2].data
    client.post(f"/t/{table}/reopen")           # another version: drawn again
    finish(client, table)
    assert app.test_client().get(f"/t/{table}/card.png?lang=en").status_code == 200
    assert len(drawn) == 3


def test_the_vendored_font_draws_every_letter_of_the_hungarian_texts():
    from babel.messages.pofile import read_po

    with (ROOT / "companion/translations/hu/LC_MESSAGES/messages.po").open("rb") as handle:
        strings = [m.string for m in read_po(handle) if m.id]
    letters = set("".join(s if isinstance(s, str) else "".join(s) for s in strings))
    letters |= set("őűŐŰáéíóöúüÁÉÍÓÖÚÜ★…·")
    for bold in (False, True):
        face = card.font(str(ROOT / "static/fonts"), bold, 30)

        def drawn(text: str) -> bytes:
            image = Image.new("L", (60, 60))
            ImageDraw.Draw(image).text((10, 10), text, font=face, fill=255)
            return image.tobytes()
        missing = drawn("\U0010fffd")      # a code point no font has: the "missing" box
        assert drawn("\U0010fffe") == missing and drawn("o") != missing
        assert {ch for ch in letters if not ch.isspace() and drawn(ch) == missing} == set()


def test_a_long_name_is_shortened_with_an_ellipsis_to_fit():
    draw = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    face = card.font(str(ROOT / "static/fonts"), True, 40)
    short = card.cut(draw, LONG_NAMES[3], face, 300)
    assert short.endswith("…") and LONG_NAMES[3].startswith(short[:-1])
    assert draw.textlength(short, font=face) <= 300
    assert card.cut(draw, "Anna", face, 300) == "Anna"


def test_a_breakdown_too_long_for_its_lines_ends_with_an_ellipsis():
    draw = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    face = card.font(str(ROOT / "static/fonts"), False, 20)
    items = tuple(f"Category {i} {i * 3}" for i in range(10))
    lines = card.wrapped(draw, items, face, 400, 2)
    assert len(lines) == 2 and lines[-1].endswith("…")
    assert lines[0].startswith("Category 0 0 · Category 1 3")
    assert card.wrapped(draw, items[:2], face, 400, 2) == ["Category 0 0 · Category 1 3"]


# --- BG Stats ---------------------------------------------------------------------------------

@pytest.fixture
def budapest(monkeypatch):
    """The server's clock in Budapest (the play's date is the table's local time)."""
    monkeypatch.setenv("TZ", "Europe/Budapest")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def played_at(app, code, first: str, last: str) -> None:
    """Date the table's first act and the act that finished it (as stored: UTC), as a table
    made before tables kept their times (BG Stats' duration is then read from these two)."""
    with app.app_context():
        table = db.session.query(Table).filter_by(code=code).one()
        table.started = None
        count = db.session.query(Event).filter_by(table_id=table.id).count()
        for seq, moment in ((1, first), (count, last)):
            db.session.execute(update(Event).where(Event.table_id == table.id, Event.seq == seq)
                               .values(created_at=datetime.fromisoformat(moment)))
        db.session.commit()


def bgstats(page) -> dict:
    """The play the finished screen's "Open in BG Stats" link carries."""
    found = re.search(r'<a class="button" href="([^"]+)"[^>]*>[^<]*BG Stats[^<]*</a>',
                      page.get_data(as_text=True))
    assert found, "no BG Stats link"
    link = urlsplit(html.unescape(found.group(1)))
    assert (link.scheme, link.netloc, link.path) == ("https", "app.bgstatsapp.com", "/createPlay.html")
    return json.loads(parse_qs(link.query, strict_parsing=True)["data"][0])


@pytest.fixture
def tied(app, client, table, anna, budapest):
    """Anna and Bence tie on 10 and share the win; Csilla 4. Played 19:00 to 20:37:30 UTC."""
    enter(anna, table, 1, 10)
    enter(client, table, 1, 10, screen="host", **{"points-player": "Bence"})
    enter(client, table, 1, 4, screen="host", **{"points-player": "Csilla"})
    finish(client, table)
    played_at(app, table, "2026-11-20 19:00:00", "2026-11-20 20:37:30")
    return table


def test_the_bgstats_link_carries_the_play_with_ranks_ties_and_winners(client, tied):
    assert bgstats(client.get(f"/t/{tied}")) == {
        "sourceName": "Table Companion",
        "sourcePlayId": tied,
        "playDate": "2026-11-20 21:37:30",       # 20:37:30 UTC is 21:37:30 in Budapest
        "durationMin": 98,                       # 97.5 minutes, by the database's clock
        "game": {"name": "Score pad (any game)", "highestWins": True, "noPoints": False,
                 "sourceGameId": "score-pad"},   # no bggId: BG Stats matches by name
        "players": [
            {"name": "Anna", "score": 10, "rank": 1, "winner": True, "startPlayer": True,
             "sourcePlayerId": "Anna"},
            {"name": "Bence", "score": 10, "rank": 1, "winner": True, "startPlayer": False,
             "sourcePlayerId": "Bence"},
            {"name": "Csilla", "score": 4, "rank": 3, "winner": False, "startPlayer": False,
             "sourcePlayerId": "Csilla"},
        ]}


def test_the_phone_has_the_same_link_in_english_whatever_its_language(client, tied, anna):
    anna.set_cookie("lang", "hu")
    assert bgstats(anna.get(f"/t/{tied}/phone")) == bgstats(client.get(f"/t/{tied}"))


def test_the_host_fills_in_the_boardgamegeek_id(client, tied):
    play = bgstats(client.get(f"/t/{tied}?bgg=12345"))
    assert play["game"] == {"name": "Score pad (any game)", "bggId": 12345, "highestWins": True,
                            "noPoints": False, "sourceGameId": "score-pad"}


@pytest.mark.parametrize("value", ["0", "-5", "10000000", "99999999999999999999", "abc", "1.5",
                                   "１２", "", "12 ", "²"])
def test_a_boardgamegeek_id_out_of_range_is_ignored(client, tied, value):
    response = client.get(f"/t/{tied}", query_string={"bgg": value})
    assert response.status_code == 200
    assert "bggId" not in bgstats(response)["game"]


def test_quadropolis_carries_its_boardgamegeek_id_and_lowest_wins_says_so(client):
    play = bgstats(client.get(f"/t/{imported(client, QUADROPOLIS)}"))
    assert play["game"] == {"name": "Quadropolis", "bggId": 176396, "highestWins": True,
                            "noPoints": False, "sourceGameId": "quadropolis"}
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == \
        [("Anna", 4, 1, True), ("Bence", -3, 2, False)]

    lowest = envelope("score-pad", {"lowest_wins": True}, ["Anna", "Bence"],
                      [{"type": "points", "player": "Anna", "round": 1, "points": 30},
                       {"type": "points", "player": "Bence", "round": 1, "points": 12},
                       {"type": "end"}])
    play = bgstats(client.get(f"/t/{imported(client, lowest)}"))
    assert play["game"]["highestWins"] is False
    assert [(p["name"], p["rank"], p["winner"]) for p in play["players"]] == \
        [("Anna", 2, False), ("Bence", 1, True)]


# --- the finished screens -------------------------------------------------------------------

def test_the_finished_screens_offer_the_card_and_bgstats_the_host_the_id_form(app, client, table, anna):
    for page in (client.get(f"/t/{table}"), anna.get(f"/t/{table}/phone")):
        assert 'id="share"' not in page.get_data(as_text=True)
    finish(client, table)
    host = client.get(f"/t/{table}").get_data(as_text=True)
    phone = anna.get(f"/t/{table}/phone").get_data(as_text=True)
    stranger = app.test_client().get(f"/t/{table}").get_data(as_text=True)
    for page in (host, phone, stranger):
        assert page.count('id="share"') == 1
        assert f'href="/t/{table}/card.png?v=2&amp;lang=en" download="score-pad-{table}.png"' in page
        assert f'<img src="/t/{table}/card.png?v=2&amp;lang=en"' in page
        assert "Open in BG Stats" in page
    assert 'name="bgg"' in host
    assert 'name="bgg"' not in phone and 'name="bgg"' not in stranger


def test_the_share_part_is_hungarian_on_a_hungarian_phone(client, table, anna):
    finish(client, table)
    anna.set_cookie("lang", "hu")
    page = anna.get(f"/t/{table}/phone").get_data(as_text=True)
    assert "Eredmény megosztása" in page and "Megnyitás a BG Stats alkalmazásban" in page


@pytest.mark.parametrize("lang", ["xx", "../hu", "hu-HU", "HU", "é" * 300])
def test_a_card_address_naming_no_language_of_ours_gets_the_viewers(client, table, lang):
    finish(client, table)
    english = client.get(f"/t/{table}/card.png?lang=en").data
    response = client.get(f"/t/{table}/card.png", query_string={"lang": lang, "v": "x" * 50})
    assert response.status_code == 200 and response.data == english
    assert response.headers["Cache-Control"] == "no-cache"
