"""OddVille at the table: phones build into one shared city in turn (every screen says whose
turn it is; a build out of turn is asked first; Done — pass ends a turn of coins), the host
enters the rulebook's worked example through the screens following the turn, the end is
announced, and the screens are photographed (phone and TV, English and Hungarian) for a person
to look at."""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

from .helpers import (LIVE_TIMEOUT, assert_not_reloaded, caught_up, confirm, expect_turn,
                      mark_page, screen_settled, start_table, take_seat, total_of, until)
from .test_screens import SCREENS, english_messages, to_hungarian

TV = {"viewport": {"width": 1920, "height": 1080}}
PHONE = {"viewport": {"width": 412, "height": 915}}


def tap_spot(page: Page, row: int, column: int) -> None:
    page.locator(f'svg.ov-city-svg g.ov-spot[data-row="{row}"][data-column="{column}"]').click()
    expect(page.locator("form.ov-build-sheet")).to_be_visible()


def chip(page: Page, field: str, value: str) -> None:
    """Tap the chip of a choice on the build sheet (the radio itself is hidden)."""
    sheet = page.locator("form.ov-build-sheet")
    sheet.locator("label.ov-chip").filter(
        has=page.locator(f'input[name="build-{field}"][value="{value}"]')).click()


def build(page: Page, row: int, column: int, rule: str, number: int | None = None,
          named: str | None = None, guild: str | None = None, shield: int | None = None) -> int:
    """Build a card through the sheet; returns the taps it took."""
    taps = 1
    tap_spot(page, row, column)
    for field, value in (("rule", rule), ("number", number), ("named", named),
                         ("guild", guild), ("shield", shield)):
        if value is not None:
            chip(page, field, str(value))
            taps += 1
    with page.expect_response(lambda r: "/act/build" in r.url and r.request.method == "POST"):
        page.locator("form.ov-build-sheet button.primary").click()
    expect(page.locator("form.ov-build-sheet")).to_be_hidden()
    return taps + 1


def card(page: Page, row: int, column: int):
    """A card of the city shown (a host screen acting for a seat also draws the city to build
    on, in its tools)."""
    return page.locator(f'.oddville-city svg.ov-city-svg '
                        f'g.ov-card[data-row="{row}"][data-column="{column}"]')


# what a finger taps on OddVille's parts of a screen: buttons, button links, chips, city spots
TARGETS = """() => Array.from(document.querySelectorAll(
    '.oddville button, .oddville a.button, .ov-sheet button, .ov-sheet a.button, .ov-chip > span, '
    + 'svg.ov-city-svg a'))
  .filter(el => { const r = el.getBoundingClientRect();
                  return r.width > 0 && r.height > 0
                         && el.checkVisibility({visibilityProperty: true}); })
  .map(el => ({text: (el.textContent || '').trim().slice(0, 30),
               size: Math.round(Math.min(el.getBoundingClientRect().width,
                                         el.getBoundingClientRect().height))}))"""
MIN_TAP = 44


def problems(page: Page, lang: str, name: str) -> list[str]:
    """Tap targets under 44 px, and English interface text on a Hungarian screen."""
    found = [f"{lang}-{name}: {t['text']!r} is {t['size']} px" for t in page.evaluate(TARGETS)
             if t["size"] < MIN_TAP]
    if lang == "hu":
        text = page.locator("body").inner_text()
        found += [f"{lang}-{name}: English {english!r}" for english in english_messages()
                  if english in text]
    return found


def shoot(page: Page, name: str, full: bool = False) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"oddville-{name}.png"), full_page=full,
                    caret="initial", animations="disabled")


def test_two_phones_build_into_the_one_city_in_turn_and_see_each_other_live(
        live_server, host_page, phone, browser_log):
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"), game="oddville")
    anna, bence = phone("Anna", **PHONE), phone("Bence", **PHONE)
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    take_seat(bence, f"{live_server.url}/j/{code}", "Bence")
    expect(anna.get_by_test_id("resource-count")).to_have_text("1")    # the setup's worker
    phones = {"Anna": anna, "Bence": bence}
    expect_turn("Anna", host_page, phones)

    mark_page(anna)
    spot = anna.locator('svg.ov-city-svg g.ov-spot[data-row="0"][data-column="1"]')
    expect(spot).to_be_in_viewport(ratio=1)     # the city is first on the phone: no scrolling
    tap_spot(anna, 0, 1)                # the sheet comes without reloading the page
    assert_not_reloaded(anna)
    expect(anna.locator("form.ov-build-sheet button.primary")).to_be_in_viewport(ratio=1)
    chip(anna, "rule", "per_guild")
    shoot(anna, "en-phone-build")
    anna.locator("form.ov-build-sheet a.button").click()                   # Cancel
    expect(anna.locator("form.ov-build-sheet")).to_be_hidden()
    assert build(anna, 0, 1, "diamond", guild="bells", shield=2) == 5
    deadline = time.monotonic() + LIVE_TIMEOUT / 1000
    expect(card(bence, 0, 1)).to_have_attribute("data-owner", "Anna", timeout=until(deadline))
    expect_turn("Bence", host_page, phones)

    tap_spot(anna, 0, 2)                # Anna readies her next build while Bence builds
    chip(anna, "rule", "per_row")
    build(bence, 1, 0, "per_neighbour")
    deadline = time.monotonic() + LIVE_TIMEOUT / 1000
    expect(card(anna, 1, 0)).to_have_attribute("data-owner", "Bence", timeout=until(deadline))
    # the update brought Bence's card and left Anna's half-made choice as it was
    expect(anna.locator('form.ov-build-sheet input[value="per_row"]')).to_be_checked()
    anna.locator("form.ov-build-sheet a.button").click()
    expect(card(host_page, 1, 0)).to_have_attribute("data-owner", "Bence", timeout=LIVE_TIMEOUT)
    expect_turn("Anna", host_page, phones)

    # coins taken: Done — pass on the phone whose turn it is (only there) ends the turn
    expect(bence.locator("#live .turn-line button.pass")).to_have_count(0)
    with anna.expect_response(lambda r: r.url.endswith("/pass") and r.request.method == "POST"):
        anna.locator("#live .turn-line button.pass").click()
    expect_turn("Bence", host_page, phones)
    expect(host_page.locator("#live ol.history")).to_contain_text("Anna played a worker card")

    # Anna builds out of turn: the sheet says whose turn it is, the diamond offers 4 or 5 only
    tap_spot(anna, 0, 2)
    chip(anna, "rule", "diamond")
    sheet = anna.locator("form.ov-build-sheet")
    offered = sheet.locator("label.ov-chip:visible").filter(
        has=anna.locator('input[name="build-points"], input[name="build-number"]'))
    expect(offered).to_have_text(["4", "5"])
    expect(sheet.locator(".ov-builder legend")).to_have_text("It is Bence's turn")
    shoot(anna, "en-phone-out-of-turn")
    sheet.locator("button.primary").click()
    question = anna.locator("section.confirm")
    expect(question).to_contain_text("It is Bence's turn. Build 2 right of the Main Square anyway?")
    expect(card(anna, 0, 2)).to_have_count(0)                 # nothing entered yet
    shoot(anna, "en-phone-asked")
    confirm(anna, "Enter it anyway")                          # the second tap enters it
    expect(card(bence, 0, 2)).to_have_attribute("data-owner", "Anna", timeout=LIVE_TIMEOUT)
    expect_turn("Bence", host_page, phones)                   # still Bence's turn
    browser_log.assert_clean()


def enter_for(host: Page, name: str) -> None:
    screen_settled(host)                # the page after the last act is in
    host.locator("p.seat-tabs a", has_text=name).click()
    expect(host.locator("p.seat-tabs a.primary")).to_have_text(name)


def take_back_the_setup_worker(page: Page) -> None:
    with page.expect_response(lambda r: "/act/resource_workers" in r.url):
        page.get_by_role("button", name="One worker fewer on the resource board").click()
    expect(page.get_by_test_id("resource-count")).to_have_text("0")


def test_the_rulebooks_worked_example_entered_on_the_host_screen(
        live_server, desktop, phone, browser_log):
    """Blue 8, Purple 10, Red 13, Yellow 7 (test_example.py has the layout), played in turn:
    the untouched host screen enters for the player whose turn it is."""
    host = desktop("tv", **TV)
    code = start_table(host, live_server.url, players=("Blue", "Purple", "Red", "Yellow"),
                       game="oddville")

    def turn_of(name: str) -> None:
        screen_settled(host)            # the page after the last act is in
        expect(host.locator("#live .turn-line p.turn")).to_contain_text(f"{name}'s turn")
        expect(host.locator("p.seat-tabs a.primary")).to_have_text(name)     # it enters for

    turn_of("Blue")
    build(host, 0, -1, "diamond")                                           # A
    turn_of("Purple")
    # B: base 2 (not the key's 1) and a shield: 6 taps; its own guild follows the named one
    assert build(host, 0, 1, "per_guild", number=2, named="mask", shield=2) == 6
    turn_of("Red")
    build(host, 1, 0, "three_per_neighbour", shield=1)                      # E
    turn_of("Yellow")
    build(host, 0, 2, "per_column", guild="mask")                           # G
    turn_of("Blue")
    with host.expect_response(lambda r: "/act/main_square" in r.url):
        host.get_by_role("button", name="Worker on the Main Square").click()    # C, in the turn
    turn_of("Blue")
    with host.expect_response(lambda r: r.url.endswith("/pass")):
        host.locator(".ov-movebar button.pass").click()                     # coins taken
    turn_of("Purple")
    build(host, 0, -2, "per_diamond", guild="mask")                         # D
    turn_of("Red")
    with host.expect_response(lambda r: "/act/main_square" in r.url):
        host.get_by_role("button", name="Worker on the Main Square").click()    # C
    turn_of("Red")
    build(host, 1, 1, "shields")                                            # F
    turn_of("Yellow")
    tap_spot(host, 1, 2)
    shoot(host, "en-tv-build")
    chip(host, "rule", "diamond")
    with host.expect_response(lambda r: "/act/build" in r.url):
        host.locator("form.ov-build-sheet button.primary").click()             # H
    turn_of("Blue")
    for name in ("Blue", "Purple", "Red", "Yellow"):    # not a turn's act: any seat, any time
        caught_up(host, live_server.url, code)          # no update comes in under the tap
        enter_for(host, name)
        take_back_the_setup_worker(host)

    for name, total in (("Blue", 8), ("Purple", 10), ("Red", 13), ("Yellow", 7)):
        expect(total_of(host, name)).to_have_text(str(total))
    host.get_by_role("link", name="Show the points").click()
    expect(card(host, 0, 1).locator("text.ov-badge-points")).to_have_text("5")
    expect(card(host, 1, 0).locator("text.ov-badge-points")).to_have_text("6")
    shoot(host, "en-tv-points")

    red = phone("Red", **PHONE)
    take_seat(red, f"{live_server.url}/j/{code}", "Red")
    shoot(red, "en-phone-city")
    host.locator(f'form[action="/t/{code}/finish"] button').click()
    expect(host.locator("section.confirm")).to_contain_text(
        "Nobody has placed a 6th worker in the city yet.")         # what Finish warns about
    shoot(host, "en-tv-finish-asked")
    confirm(host)
    expect(host.locator("#live .winners")).to_contain_text("Red")
    shoot(host, "en-tv-final", full=True)
    expect(red.locator("#live .winners")).to_be_visible(timeout=LIVE_TIMEOUT)
    shoot(red, "en-phone-final")
    red.locator("#live dl.breakdown").scroll_into_view_if_needed()
    shoot(red, "en-phone-final-scores")
    to_hungarian(red)
    to_hungarian(host)
    shoot(host, "hu-tv-final", full=True)
    shoot(red, "hu-phone-final")
    browser_log.assert_clean()


def open_table(live_server, events: list[dict], options: dict | None = None) -> tuple[str, str]:
    """A table opened from a record; returns its code and the host screen's secret."""
    from companion.tables import service

    with live_server.app.app_context():
        table, secret = service.create("oddville", options or {}, list(EXAMPLE_SEATS), events)
        return table.code, secret


EXAMPLE_SEATS = ("Blue", "Purple", "Red", "Yellow")


@pytest.mark.album
def test_screens_of_the_city_in_english_and_hungarian(live_server, desktop, phone, browser_log):
    """Phone (412x915) and TV (1920x1080) screenshots of every OddVille screen, looked at by a
    person; here they are checked to open and to show the city."""
    from tests.games.oddville.test_example import EVENTS

    setup = [{"type": "resource_workers", "player": p, "count": 1} for p in EXAMPLE_SEATS]
    blue_six = [{"type": "build", "player": "Blue", "row": 2, "column": c,
                 "vp": {"rule": "per_row", "base": 2}} for c in (0, 1, 2, 3)]
    blue_row = [{"type": "build", "player": "Blue", "row": 1, "column": c,
                 "vp": {"rule": "per_row", "base": 2}} for c in (0, 1, 2, 3, -1, -2)]
    code, secret = open_table(live_server, [*setup, *EVENTS, *blue_six],
                              {"end": "complete-round"})
    seen: list[str] = []

    def look(page: Page, lang: str, name: str) -> None:
        shoot(page, f"{lang}-{name}")
        seen.extend(problems(page, lang, name))

    for lang in ("en", "hu"):
        tv = desktop(f"{lang}-tv", **TV)
        tv.context.add_cookies([{"name": f"tc_host_{code}", "value": secret,
                                 "url": live_server.url}])
        tv.goto(f"{live_server.url}/t/{code}")
        if lang == "hu":
            to_hungarian(tv)
        expect(tv.locator(".oddville-city svg.ov-city-svg g.ov-card")).to_have_count(12)     # the square too
        look(tv, lang, "tv-game")
        red = phone(f"{lang}-blue", **PHONE)
        red.goto(f"{live_server.url}/j/{code}")
        if lang == "hu":
            to_hungarian(red)
        red.locator("button.seat", has_text="Blue").click()     # the trigger: no turn left
        red.wait_for_url(re.compile(r"/phone"))
        expect(red.locator(".ov-end-notice")).to_be_visible()
        look(red, lang, "phone-end")
        tap_spot(red, 2, 4)                 # Purple's last turn (the round is completed)
        expect(red.locator(".ov-build-sheet .ov-builder")).to_be_visible()
        chip(red, "rule", "diamond")        # its own chips: 4 or 5
        expect(red.locator("form.ov-build-sheet .ov-diamond label.ov-chip")).to_have_text(["4", "5"])
        expect(red.locator("form.ov-build-sheet .ov-numbers")).to_be_hidden()
        look(red, lang, "phone-late-build")
        red.locator("form.ov-build-sheet button.primary").click()
        expect(red.locator("section.confirm")).to_contain_text("Blue")     # no turn left
        look(red, lang, "phone-late-build-asked")
        red.locator("section.confirm a.button").click()             # Back, change nothing
        expect(red.locator("section.confirm")).to_have_count(0)
        red.locator("form.ov-build-sheet a.button").click()        # Cancel
        red.locator('.ov-movebar a[href*="take=1"]').click()        # Characters
        expect(red.locator(".ov-character-sheet")).to_be_visible()
        look(red, lang, "phone-characters")
        red.locator(".ov-character-grid a.button").first.click()
        expect(red.locator(".ov-points-grid")).to_be_visible()
        look(red, lang, "phone-character-points")
        red.locator(".ov-points-grid button").nth(3).click()
        expect(red.locator(".ov-held-card")).to_have_count(1)
        red.locator("form[action*='/act/'] button.ov-lose").click()      # give it back again
        expect(red.locator(".ov-held-card")).to_have_count(0)
        red.locator("section.actions form button").last.click()      # leave the seat
        confirm(red)
        red.wait_for_url(re.compile(r"/j/"))
        red.context.close()
        tv.context.close()

        # the base end: Blue's 6th worker ends the game, so Purple's Main Square worker is asked
        late_code, _ = open_table(live_server, [*setup, *blue_row])
        purple = phone(f"{lang}-purple", **PHONE)
        purple.goto(f"{live_server.url}/j/{late_code}")
        if lang == "hu":
            to_hungarian(purple)
        purple.locator("button.seat", has_text="Purple").click()
        purple.wait_for_url(re.compile(r"/phone"))
        expect(purple.locator("#live .turn-line .turn-note")).to_be_visible()   # the game is over
        purple.locator('.ov-movebar form[action$="/act/main_square"] button').click()
        expect(purple.locator("section.confirm")).to_contain_text("Purple")
        look(purple, lang, "phone-late-square")
        purple.locator("section.confirm a.button").click()          # Back: nothing entered
        expect(purple.locator("section.confirm")).to_have_count(0)
        expect(purple.locator('.ov-movebar form[action$="/act/main_square"]')).to_be_visible()
        purple.context.close()
    assert not seen, "\n".join(seen)
    browser_log.assert_clean()
