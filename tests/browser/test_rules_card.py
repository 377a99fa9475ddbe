"""The rules card on a 412×915 phone: the Rules button opens it, it fits the screen with nothing
to scroll, in English and in Hungarian, for every game (Quadropolis in both modes, an OddVille end
variant); Close and Escape close it."""
from __future__ import annotations

from playwright.sync_api import expect

from companion.tables import service

SCREEN = {"width": 412, "height": 915}
SHEET = {"name": "7 Wonders", "rounds": False, "tie_break": {"category": "coins"},
         "categories": [{"id": c, "name": c.title()} for c in
                        ("military", "coins", "wonder", "civilian", "commercial", "guilds",
                         "science")]}
# the tables whose cards are longest: the most players, the most options
TABLES = [("score-pad", {"sheet": SHEET}), ("doodle-city", {}), ("calcada", {}),
          ("quadropolis", {"mode": "classic"}), ("quadropolis", {"mode": "expert"}),
          ("oddville", {"end": "complete-round"})]
PLAYERS = ["Anna", "Bence", "Csilla", "Dani"]


def test_the_rules_card_fits_one_phone_screen_in_both_languages(live_server, phone, browser_log):
    seats = []
    with live_server.app.app_context():
        for game, options in TABLES:
            table, _ = service.create(game, options, PLAYERS)
            seats.append((table.code, service.take_seat(table, 0)))
    page = phone("Anna", viewport=SCREEN, screen=SCREEN)
    for lang, close in (("en", "Close"), ("hu", "Bezárás")):
        page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server.url}])
        for (game, options), (code, secret) in zip(TABLES, seats):
            page.context.add_cookies([{"name": f"tc_seat_{code}", "value": secret,
                                       "url": live_server.url}])
            page.goto(f"{live_server.url}/t/{code}/phone", wait_until="commit")
            card = page.locator("dialog.rules-card")
            expect(card).to_be_hidden()
            page.locator("button[data-rules-card]").click()
            expect(card).to_be_visible()
            fit = card.evaluate("""card => ({
                inside: card.scrollHeight - card.clientHeight,
                page: document.scrollingElement.scrollTop,
                top: card.getBoundingClientRect().top,
                bottom: card.getBoundingClientRect().bottom,
                text: parseFloat(getComputedStyle(card.querySelector("li")).fontSize)})""")
            where = f"{game} {options} {lang}: {fit}"
            assert fit["inside"] <= 0 and fit["page"] == 0, where
            assert 0 <= fit["top"] and fit["bottom"] <= SCREEN["height"], where
            assert fit["text"] >= 16, where
            if game == "score-pad" and lang == "en":
                live_update_leaves_the_card_open(page, card)
            if game == "calcada":
                page.keyboard.press("Escape")
            else:
                card.get_by_role("button", name=close).click()
            expect(card).to_be_hidden()
    browser_log.assert_clean()



def live_update_leaves_the_card_open(page, card) -> None:
    """A live update swaps the live part while the card is open: the card stays, open."""
    page.evaluate("""() => { const live = document.getElementById("live");
        live.dataset.old = "1";
        const url = live.getAttribute("hx-get").replace(/([?&]v=)[0-9]+/, "$10");
        return htmx.ajax("GET", url, {target: "#live", swap: "outerHTML"}); }""")
    expect(page.locator("#live")).not_to_have_attribute("data-old", "1")
    expect(card).to_be_visible()
    assert card.evaluate("card => card.open")
