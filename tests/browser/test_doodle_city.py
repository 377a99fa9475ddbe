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
    tree = page.get_by_role("button", name="Cross a tree instead")
    expect(legal.or_(tree).first).to_be_visible(timeout=LIVE_TIMEOUT)   # the round's dice are in
    if legal.count() == 0:
        tree.click()
        return None
    value = legal.first.inner_text().strip()
    legal.first.click()
    page.wait_for_url(re.compile(r"\?die=\d"))
    page.locator(".sheet-grid").locator("a.cell.legal, a.cell.target:not(.reach)").first.click()
    page.wait_for_url(re.compile(r"cell=\d-\d"))
    shapes = page.locator("form.shapes:not([hidden]) button.shape")   # a road cell's
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
        expect(other.locator("#live .turn-line .turn")).to_have_text("Your turn: pick a die",
                                                                     timeout=until(deadline))
        expect(host_page.locator("#live .round-line")).to_contain_text(
            f"waiting for {'Bence' if roller is anna else 'Anna'}", timeout=until(deadline))
        act_on_sheet(other)
        expect(host_page.locator("#live ol.history")).to_contain_text(
            "Dice: blue", timeout=LIVE_TIMEOUT)

    newest = host_page.locator("#live ol.history li").first             # setup, rolls, acts
    expect(newest).to_have_attribute("value", str(1 + 5 + 2 + 2 * 2), timeout=LIVE_TIMEOUT)
    expect(host_page.locator("#live .history-card")).to_contain_text("Whole history (12 entries)")
    # both rounds played: the round line names the next round, whose start player rolls
    expect(bence.locator("#live .round-line")).to_have_text("Round 3 · start player: Anna",
                                                            timeout=LIVE_TIMEOUT)
    expect(bence.locator("#live .turn-line .turn")).to_have_text("Anna's turn: roll the dice")
    browser_log.assert_clean()


def turn_shown(pages: dict[str, Page], tv: Page, player: str, doing: str) -> None:
    """Every screen says whose turn it is within the live time-out: the TV names the player,
    that player's phone says "Your turn", the other phones name the player."""
    deadline = time.monotonic() + LIVE_TIMEOUT / 1000
    expect(tv.locator("#live .turn-line .turn")).to_have_text(f"{player}'s turn: {doing}",
                                                              timeout=until(deadline))
    for name, page in pages.items():
        expect(page.locator("#live .turn-line .turn")).to_have_text(
            f"Your turn: {doing}" if name == player else f"{player}'s turn: {doing}",
            timeout=until(deadline))


def take(page: Page, value: str, cell: str) -> None:
    """Tap the white die showing ``value``, then ``cell``, then the first road shape."""
    page.locator("#live a.die.legal", has_text=value).click()
    page.locator(f'.sheet-grid a.cell[href*="cell={cell}"]').click()
    with page.expect_response(lambda r: "/act/draw" in r.url and r.request.method == "POST"):
        page.locator("#shape-bar button.shape").first.click()


def test_every_screen_follows_whose_pick_it_is_and_a_die_out_of_turn_asks_first(
        live_server, desktop, phone, browser_log):
    from .test_at_the_table import SETUP, TV, host_of, opened
    # blue 2: the white 3, 5 and 1 reach the taxi (3,2) and the shops (5,2), (1,2)
    code, secret = opened(live_server, "doodle-city", ("Anna", "Bence", "Csilla"),
                          SETUP + [{"type": "roll", "blue": 2, "white": [3, 5, 1, 4]}],
                          sheet="default")
    tv = desktop("tv", **TV)
    host_of(tv, live_server, code, secret)
    pages = {name: phone(name) for name in ("Anna", "Bence", "Csilla")}
    for name, page in pages.items():
        take_seat(page, f"{live_server.url}/j/{code}", name)
    turn_shown(pages, tv, "Anna", "pick a die")

    bence = pages["Bence"]                      # Bence taps a die before Anna: asked first
    bence.locator("#live a.die.legal", has_text="5").click()
    question = bence.locator(".turn-question")
    expect(question).to_contain_text("It is Anna's pick first. Take this die anyway?")
    expect(bence.locator(".sheet-grid a.cell")).to_have_count(0)
    question.get_by_role("link", name="Take it anyway").click()
    expect(question).to_have_count(0)
    bence.locator('.sheet-grid a.cell[href*="cell=5-2"]').click()
    with bence.expect_response(lambda r: "/act/draw" in r.url and r.status == 200):
        bence.locator("#shape-bar button.shape").first.click()
    expect(tv.locator("#live ol.history li").first).to_contain_text(
        "Bence: road", timeout=LIVE_TIMEOUT)
    turn_shown(pages, tv, "Anna", "pick a die")   # still Anna's pick: nobody moved on

    take(pages["Anna"], "3", "3-2")
    turn_shown(pages, tv, "Csilla", "pick a die")  # Bence has picked already
    take(pages["Csilla"], "1", "1-2")
    turn_shown(pages, tv, "Bence", "roll the dice")      # round 2's start player
    with bence.expect_response(lambda r: "/act/roll" in r.url):
        bence.get_by_role("button", name="Roll the dice").click()
    turn_shown(pages, tv, "Bence", "pick a die")
    browser_log.assert_clean()
