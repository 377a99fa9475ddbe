"""Doodle City on two phones: roll, claim a die, draw; the other phone sees the claim live."""
from __future__ import annotations

import re
import time

from playwright.sync_api import Page, expect

from .helpers import LIVE_TIMEOUT, set_up_doodle_city, start_table, take_seat, until


def act_on_sheet(page: Page) -> str | None:
    """Take the first legal white die, tap the first cell it reaches and draw (or cross a
    house); returns the die's value, or None when the phone had to cross a tree."""
    legal = page.locator("#live a.die.legal")
    if legal.count() == 0:
        page.get_by_role("button", name="Cross a tree instead").click()
        return None
    value = legal.first.inner_text().strip()
    legal.first.click()
    page.wait_for_url(re.compile(r"\?die=\d"))
    page.locator(".sheet-grid a.cell").first.click()
    page.wait_for_url(re.compile(r"cell=\d-\d"))
    shapes = page.locator("form.shapes button.shape")
    with page.expect_response(lambda r: "/act/" in r.url and r.request.method == "POST"):
        if shapes.count():
            shapes.first.click()
        else:
            page.get_by_role("button", name="Cross a house here").click()
    return value


def test_two_rounds_on_two_phones(live_server, host_page, phone, browser_log):
    code = start_table(host_page, live_server.url, game="doodle-city")
    expect(host_page.locator("main")).to_contain_text("This sheet layout is unverified")
    set_up_doodle_city(host_page)

    anna, bence = phone("Anna"), phone("Bence")
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    take_seat(bence, f"{live_server.url}/j/{code}", "Bence")

    for round_, (roller, other) in enumerate(((anna, bence), (bence, anna)), 1):
        roller.get_by_role("button", name="Roll the dice").click()
        deadline = time.monotonic() + LIVE_TIMEOUT / 1000
        expect(other.locator("#live .dice .die.blue")).to_be_visible(timeout=until(deadline))
        expect(other.locator("#live")).to_contain_text(f"Round {round_}", timeout=until(deadline))
        expect(other.locator("#live .dice .die:not(.blue)")).to_have_count(3)

        taken = act_on_sheet(roller)
        deadline = time.monotonic() + LIVE_TIMEOUT / 1000
        name = "Anna" if roller is anna else "Bence"
        if taken is not None:
            claimed = other.locator(f'#live .dice .die.taken[title="{name}"]')
            expect(claimed).to_have_count(1, timeout=until(deadline))
            expect(claimed).to_contain_text(taken)
        waiting = "Bence" if roller is anna else "Anna"
        expect(other.locator("#live .round-line")).to_contain_text(f"waiting for {waiting}",
                                                                   timeout=until(deadline))
        expect(other.locator("#live .round-line .hint")).not_to_contain_text(name)
        act_on_sheet(other)
        expect(host_page.locator("#live ol.history")).to_contain_text(
            "Dice: blue", timeout=LIVE_TIMEOUT)

    newest = host_page.locator("#live ol.history li").first             # setup, rolls, acts
    expect(newest).to_have_attribute("value", str(1 + 5 + 2 + 2 * 2), timeout=LIVE_TIMEOUT)
    expect(host_page.locator("#live .history-card")).to_contain_text("Whole history (12 entries)")
    expect(bence.locator("#live")).to_contain_text("Round 2 · start player: Bence")
    browser_log.assert_clean()
