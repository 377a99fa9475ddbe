"""The rules card on a player's phone: a Rules button and the card itself, drawn with the page
outside its live part (a live update never replaces it), for the table's options, in the
player's language."""
from __future__ import annotations

import re
from html import unescape

import pytest

from companion.games import GAMES
from tests.support import start_table, take_seat

pytestmark = pytest.mark.database

# each game as the start page starts it, with the options its card follows
TABLES = {
    "score-pad": {},
    "doodle-city": {"opt-doodle-city-sheet": "default", "opt-doodle-city-variant": "standard",
                    "opt-doodle-city-dice": "physical"},
    "calcada": {"opt-calcada-board": "8"},
    "oddville": {"opt-oddville-end": "last-turn"},
    "quadropolis": {"opt-quadropolis-mode": "expert"},
}


def phone(client, game: str, lang: str = "en") -> tuple[str, str]:
    code = start_table(client, game, players=("Anna", "Bence"), **TABLES[game])
    take_seat(client, code, 0)
    client.set_cookie("lang", lang)
    page = client.get(f"/t/{code}/phone")
    assert page.status_code == 200
    return code, page.get_data(as_text=True)


def dialog_of(page: str) -> str:
    found = re.search(r'<dialog class="rules-card".*?</dialog>', page, re.S)
    assert found, "the phone page has no rules card"
    return unescape(re.sub(r"<[^>]+>", " ", found.group(0)))


def words(text: str) -> str:
    return " ".join(text.split())


def test_the_phone_has_the_rules_button_and_the_card_outside_its_live_part(client):
    code, page = phone(client, "quadropolis")
    assert 'data-rules-card="rules-card"' in page and "<dialog" in page
    assert page.index('<dialog class="rules-card"') < page.index('id="live"')
    live = client.get(f"/t/{code}/live", query_string={"v": 0, "view": "phone"})
    assert "rules-card" not in live.get_data(as_text=True)
    card = words(dialog_of(page))
    assert "Expert: a city of 4 × 5" in card and "Office towers by height" in card
    assert "A tie: most residents, then fewer empty cells." in card and "Close" in card


def test_the_card_follows_the_tables_options(client):
    card = words(dialog_of(phone(client, "oddville")[1]))
    assert "End variant: every other player takes one last turn" in card
    assert "takes the End of the game card: every other player takes one last turn" in card
    classic = dict(TABLES["quadropolis"], **{"opt-quadropolis-mode": "classic"})
    code = start_table(client, "quadropolis", players=("Anna", "Bence"), **classic)
    take_seat(client, code, 0)
    card = words(dialog_of(client.get(f"/t/{code}/phone").get_data(as_text=True)))
    assert "Classic: a city of 4 × 4" in card and "Office towers" not in card


@pytest.mark.parametrize("game", TABLES)
def test_the_hungarian_card_has_no_english_line(client, game):
    code, page = phone(client, game, "hu")
    card = words(dialog_of(page))
    assert "Szabályok" in page and "Bezárás" in card and "Egy kör" in card
    english = GAMES[game].rules.rules_card(stored_options(client, code), 2)   # as the page drew it
    for line in (line for lines in english.values() for line in lines):
        shown = words(line["text"] % line["params"])
        assert shown not in card, shown


def stored_options(client, code: str) -> dict:
    from companion.tables import service

    with client.application.app_context():
        return service.replay_of(service.find(code)).options
