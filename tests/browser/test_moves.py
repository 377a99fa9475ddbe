"""A move picked in the page: the choices travel with the screen (its rules core's, as data),
so every pick answers at once with no request, and a whole move can be made offline; without
JavaScript the picks are links to the server as always. Calçada (colour, number, cell, tile)."""
from __future__ import annotations

import re
from contextlib import contextmanager
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support import untimed

from .helpers import LIVE_TIMEOUT, live_polls_due, start_table, take_seat
from .test_screens import Album, to_hungarian


def offline(page: Page) -> None:
    """The phone's network gone, and the page saying so."""
    page.context.set_offline(True)
    expect(page.locator("#offline")).to_be_visible(timeout=3000)


@contextmanager
def phone_without_script(browser: Browser) -> Iterator[Page]:
    """A phone (412×915) whose browser runs no JavaScript: every pick a link to the server."""
    context = browser.new_context(java_script_enabled=False,
                                  viewport={"width": 412, "height": 915})
    try:
        yield context.new_page()
    finally:
        context.close()


def record(host: Page, base_url: str, code: str) -> list[dict]:
    """The table's events as exported, without the times the server stamped on them."""
    return untimed(host.request.get(f"{base_url}/t/{code}/record.json").json()["events"])


def calcada_move(page: Page, colour: str, number: int, cell: str, motif: str,
                 requests: list[str]) -> None:
    """The four taps; after each pick, the next step drawn, with no request made."""
    steps = page.locator(".calcada-move")
    for tap, step in ((f'.colours a[data-colour="{colour}"]', "number"),
                      (f'.numbers a[data-number="{number}"]', "cell"),
                      (f'svg.calcada-board g[data-cell="{cell}"]', "motif")):
        requests.clear()
        page.locator(tap).click()
        expect(steps).to_have_attribute("data-step", step, timeout=500)
        # (the live view's own polls go on as ever: not a pick's)
        assert [url for url in requests if "/static/" not in url and "/live?" not in url] == [], tap
    page.locator(f'form.motifs button[value="{motif}"]').click()


@pytest.mark.parametrize("online", [True, False], ids=["online", "offline"])
def test_a_whole_calcada_move_is_picked_in_the_page_and_entered_once(
        online, live_server, host_page, phone, browser_log):
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"), game="calcada")
    anna = phone("Anna")
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    requests: list[str] = []
    anna.on("request", lambda request: requests.append(request.url))
    if not online:          # gone before the first pick
        offline(anna)
    calcada_move(anna, "blue", 3, "5-2", "tram", requests)
    if not online:
        waiting = anna.locator("#live .history-card ul.kept-waiting li")
        expect(waiting).to_have_count(1)
        expect(waiting).to_contain_text("blue 3 on row 5, column 2: tram")
        anna.context.set_offline(False)
    # on the TV within 2 s of the phone's answer (the live update's own pace)
    expect(host_page.locator('#live g[data-cell="5-2"][data-tile="blue:tram"]')).to_have_count(
        1, timeout=LIVE_TIMEOUT + 2000)
    live_polls_due(anna)
    places = [e for e in record(host_page, live_server.url, code) if e["type"] == "place"]
    assert places == [{"type": "place", "player": "Anna", "row": 5, "column": 2,
                       "colour": "blue", "motif": "tram", "number": 3}]
    expect(anna.locator(".calcada-move")).to_have_attribute("data-step", "colour")
    browser_log.assert_clean()


def test_two_calcada_moves_made_offline_in_a_row_both_enter_in_order(
        live_server, host_page, phone, browser_log):
    """The network gone, a move kept, then another made at once (a new one-time number, the
    form open again past the double tap's window): both enter, in the order made."""
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"), game="calcada")
    anna = phone("Anna")
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    offline(anna)
    requests: list[str] = []
    calcada_move(anna, "blue", 3, "5-2", "tram", requests)
    expect(anna.locator(".calcada-move")).to_have_attribute("data-step", "colour")
    # the next move is drawn from the phone's own pending state: the cell just kept is taken
    anna.locator('.colours a[data-colour="blue"]').click()
    anna.locator('.numbers a[data-number="3"]').click()
    legal = re.compile(r"\blegal\b")
    expect(anna.locator('svg.calcada-board g[data-cell="4-4"]')).to_have_class(legal)
    kept = anna.locator('svg.calcada-board g[data-cell="5-2"]')
    expect(kept).not_to_have_class(legal)
    kept.click()
    expect(anna.locator("#offline .offline-note")).to_have_text(
        "Already made on this phone: it is sent when the table answers.")
    expect(anna.locator(".calcada-move")).to_have_attribute("data-step", "cell")
    anna.locator('[data-unchoose="colour"]').click()
    calcada_move(anna, "red", 9, "1-1", "kiosk", requests)
    waiting = anna.locator("#live .history-card ul.kept-waiting li")
    expect(waiting).to_have_count(2)
    anna.context.set_offline(False)
    expect(waiting).to_have_count(0, timeout=LIVE_TIMEOUT + 2000)
    places = [(e["colour"], e["row"], e["column"]) for e in
              record(host_page, live_server.url, code) if e["type"] == "place"]
    assert places == [("blue", 5, 2), ("red", 1, 1)]
    browser_log.assert_clean()


def test_a_pick_made_in_the_page_survives_a_live_update_and_a_reload(
        live_server, host_page, phone, browser_log):
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"), game="calcada")
    anna = phone("Anna")
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    anna.locator('.colours a[data-colour="red"]').click()
    anna.locator('.numbers a[data-number="9"]').click()
    expect(anna).to_have_url(re.compile(r"\?colour=red&number=9$"))
    live_polls_due(anna)                                  # updates drawn where the move is
    expect(anna.locator(".calcada-move")).to_have_attribute("data-step", "cell")
    anna.reload()
    expect(anna.locator(".calcada-move")).to_have_attribute("data-step", "cell")
    anna.locator('[data-unchoose="number"]').click()      # the number again
    expect(anna.locator(".calcada-move")).to_have_attribute("data-step", "number")
    expect(anna).to_have_url(re.compile(r"\?colour=red$"))
    browser_log.assert_clean()


def test_without_javascript_a_calcada_move_is_four_links_and_a_post(live_server, browser,
                                                                  host_page):
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"), game="calcada")
    with phone_without_script(browser) as anna:
        take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
        anna.locator('.colours a[data-colour="blue"]').click()
        expect(anna).to_have_url(re.compile(r"colour=blue"))
        anna.locator('.numbers a[data-number="3"]').click()
        anna.locator('svg.calcada-board a:has(g[data-cell="5-2"])').click()
        expect(anna).to_have_url(re.compile(r"cell=5-2"))
        anna.locator('form.motifs button[value="tram"]').click()
        expect(anna.locator('g[data-cell="5-2"]')).to_have_attribute("data-tile", "blue:tram")
    assert [e["type"] for e in record(host_page, live_server.url, code)].count("place") == 1


@pytest.mark.album
@pytest.mark.parametrize("lang", ["en", "hu"])
def test_screens_of_a_calcada_move_made_offline(lang, live_server, desktop, phone, browser_log):
    """Photographed for a person to read (phone 412×915): the move picked offline at its last
    step, then kept on the phone and the next move ready."""
    album = Album(f"moves-offline-{lang}")
    tv = desktop(f"{lang}-tv", viewport={"width": 1920, "height": 1080})
    code = start_table(tv, live_server.url, players=("Anna", "Bence"), game="calcada")
    anna = phone(f"{lang}-Anna", viewport={"width": 412, "height": 915})
    anna.goto(live_server.url + "/")
    if lang == "hu":
        to_hungarian(anna)
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    offline(anna)
    anna.locator('.colours a[data-colour="green"]').click()
    anna.locator('.numbers a[data-number="2"]').click()
    anna.locator('svg.calcada-board g[data-cell="1-3"]').click()
    expect(anna.locator(".calcada-move")).to_have_attribute("data-step", "motif")
    album.shoot(anna, lang, "calcada-move-offline-last-step")
    anna.locator('form.motifs button[value="kiosk"]').click()
    expect(anna.locator("#live .kept-waiting li")).to_have_count(1)
    expect(anna.locator(".calcada-move")).to_have_attribute("data-step", "colour")
    album.shoot(anna, lang, "calcada-move-offline-kept")
    anna.locator('.colours a[data-colour="green"]').click()      # the next move, from the
    anna.locator('.numbers a[data-number="2"]').click()          # phone's own pending state
    anna.locator('svg.calcada-board g[data-cell="1-3"]').click()
    expect(anna.locator("#offline .offline-note")).to_be_visible()
    album.shoot(anna, lang, "calcada-move-offline-cell-kept")
    anna.context.set_offline(False)
    expect(tv.locator('#live g[data-cell="1-3"][data-tile="green:kiosk"]')).to_have_count(
        1, timeout=LIVE_TIMEOUT + 2000)
    album.check()
    browser_log.assert_clean()


# --- Quadropolis: a cell, then one of the tiles it takes ---------------------------------------

def quadropolis_build(page: Page, cell: str, tile: str, requests: list[str],
                      double: bool = False) -> None:
    """The cell tapped (its tiles drawn with no request), then the tile (twice: a double tap)."""
    requests.clear()
    page.locator(f'.quadro.play .q-hit a.q-tap[data-value="{cell}"]').click()
    picker = page.locator(".quadro.play form.q-picker")
    expect(picker).to_be_visible(timeout=500)
    row, column = cell.split("-")
    expect(picker.locator('input[name="build-row"]')).to_have_value(row)
    expect(picker.locator('input[name="build-column"]')).to_have_value(column)
    # (the live view's own updates go on as ever, offline too: not a pick's)
    assert [url for url in requests if "/static/" not in url and "/live?" not in url] == []
    button = picker.locator(f'button.q-tile[value="{tile}"]:visible:not([disabled])').first
    button.dblclick() if double else button.click()
    expect(picker).to_be_hidden()


@pytest.mark.parametrize("online", [True, False], ids=["online", "offline"])
def test_a_quadropolis_build_is_picked_in_the_page_and_entered_once(
        online, live_server, host_page, phone, browser_log):
    """The network gone before the first tap (offline): two builds in a row, the first tile
    tapped twice, kept on the phone and entered once each, in order, when it is back."""
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"), game="quadropolis")
    anna = phone("Anna")
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    requests: list[str] = []
    anna.on("request", lambda request: requests.append(request.url))
    if not online:
        offline(anna)
    quadropolis_build(anna, "1-1", "tower.3.0.0.0.1", requests, double=True)
    if online:
        expect(host_page.locator("#live")).to_contain_text("tower block", timeout=LIVE_TIMEOUT)
    else:
        # the cell just built on is spent until the table answers: a tap again builds no floor
        expect(anna.locator('.quadro.play .q-hit a.q-tap[data-value="1-1"]')).not_to_have_class(
            re.compile(r"\blegal\b"))
        quadropolis_build(anna, "1-2", "tower.1.0.0.0.1", requests)
        waiting = anna.locator("#live .history-card ul.kept-waiting li")
        expect(waiting).to_have_count(2)
        expect(waiting.filter(has_text="Row 1, column 1: tower block +3")).to_have_count(1)
        anna.context.set_offline(False)
        expect(waiting).to_have_count(0, timeout=LIVE_TIMEOUT + 2000)      # both sent
    builds = [(e["row"], e["column"], e["residents"]) for e in
              record(host_page, live_server.url, code) if e["type"] == "build"]
    assert builds == ([(1, 1, 3)] if online else [(1, 1, 3), (1, 2, 1)])
    browser_log.assert_clean()


def test_without_javascript_a_quadropolis_build_is_a_link_and_a_post(live_server, browser,
                                                                     host_page):
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"), game="quadropolis")
    with phone_without_script(browser) as anna:
        take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
        anna.locator('.q-hit a.q-tap[data-value="2-3"]').click()
        expect(anna).to_have_url(re.compile(r"cell=2-3"))
        anna.locator('form.q-picker button.q-tile[value="tower.3.0.0.0.1"]:visible').first.click()
        expect(anna.locator("form.q-picker")).to_be_hidden()
    builds = [(e["row"], e["column"]) for e in record(host_page, live_server.url, code)
              if e["type"] == "build"]
    assert builds == [(2, 3)]


# --- OddVille: a free spot, then its build sheet ------------------------------------------------

@pytest.mark.parametrize("online", [True, False], ids=["online", "offline"])
def test_an_oddville_build_is_picked_in_the_page_and_entered_once(
        online, live_server, host_page, phone, browser_log):
    """The spot tapped opens its sheet (edges preset by the neighbours) with no request; Build
    tapped twice enters once. Offline, a second act follows (a worker more on the resource
    board): both are kept, then entered once each, in order."""
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"), game="oddville")
    anna = phone("Anna")
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    requests: list[str] = []
    anna.on("request", lambda request: requests.append(request.url))
    if not online:
        offline(anna)
    requests.clear()
    anna.locator('svg.ov-city-svg g.ov-spot[data-row="0"][data-column="1"]').click()
    sheet = anna.locator("form.ov-build-sheet")
    expect(sheet).to_be_visible(timeout=500)
    expect(sheet.locator('input[name="build-edge_w"][value="s"]')).to_be_checked()  # the square
    expect(sheet.locator("h2")).to_contain_text("Build 1 right of the Main Square")
    for field, value in (("rule", "diamond"), ("guild", "bells"), ("shield", "2")):
        sheet.locator("label.ov-chip").filter(
            has=anna.locator(f'input[name="build-{field}"][value="{value}"]')).click()
    assert [url for url in requests if "/static/" not in url and "/live?" not in url] == []
    sheet.locator("button.primary").dblclick()
    expect(sheet).to_be_hidden()
    if online:
        expect(host_page.locator('#live g.ov-card[data-row="0"][data-column="1"]').first
               ).to_have_attribute("data-owner", "Anna", timeout=LIVE_TIMEOUT + 2000)
    else:
        # the spot just built on is spent on this phone until the table answers
        expect(anna.locator('a.ov-spot-link[data-value="0_1"]')).not_to_have_class(
            re.compile(r"\blegal\b"))
        expect(anna.locator('a.ov-spot-link[data-value="1_0"]')).to_have_class(
            re.compile(r"\blegal\b"))
        anna.locator('.ov-stepper form:last-of-type button').click()      # one worker more
        waiting = anna.locator("#live .history-card ul.kept-waiting li")
        expect(waiting).to_have_count(2)
        anna.context.set_offline(False)
        expect(waiting).to_have_count(0, timeout=LIVE_TIMEOUT + 2000)
        expect(host_page.locator('#live g.ov-card[data-row="0"][data-column="1"]').first
               ).to_have_attribute("data-owner", "Anna", timeout=LIVE_TIMEOUT + 2000)
    acts = [e["type"] for e in record(host_page, live_server.url, code)
            if e["type"] in ("build", "resource_workers") and not e.get("setup")]
    assert acts == (["build"] if online else ["build", "resource_workers"])
    browser_log.assert_clean()


def test_an_oddville_sheet_half_filled_closes_when_its_spot_is_built_meanwhile(
        live_server, host_page, phone, browser_log):
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"), game="oddville")
    anna, bence = phone("Anna"), phone("Bence")
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    take_seat(bence, f"{live_server.url}/j/{code}", "Bence")
    bence.locator('svg.ov-city-svg g.ov-spot[data-row="0"][data-column="1"]').click()
    sheet = bence.locator("form.ov-build-sheet")
    sheet.locator("label.ov-chip").filter(
        has=bence.locator('input[name="build-rule"][value="per_row"]')).click()
    anna.locator('svg.ov-city-svg g.ov-spot[data-row="0"][data-column="1"]').click()
    anna.locator("form.ov-build-sheet label.ov-chip").filter(
        has=anna.locator('input[name="build-rule"][value="diamond"]')).click()
    anna.locator("form.ov-build-sheet button.primary").click()
    expect(bence.locator("#live p.warn")).to_contain_text(
        "Anna built 1 right of the Main Square meanwhile", timeout=LIVE_TIMEOUT + 2000)
    expect(sheet).to_be_hidden()
    browser_log.assert_clean()


def test_without_javascript_an_oddville_build_is_a_link_and_a_post(live_server, browser,
                                                                   host_page):
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"), game="oddville")
    with phone_without_script(browser) as anna:
        take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
        anna.locator('a.ov-spot-link:has(g.ov-spot[data-row="0"][data-column="1"])').click()
        expect(anna).to_have_url(re.compile(r"spot=0_1"))
        sheet = anna.locator("form.ov-build-sheet")
        expect(sheet).to_be_visible()
        sheet.locator('input[name="build-rule"][value="diamond"]').check(force=True)
        sheet.locator("button.primary").click()
        expect(anna.locator('g.ov-card[data-row="0"][data-column="1"]')).to_have_count(1)
    assert [e["type"] for e in record(host_page, live_server.url, code)].count("build") == 1
