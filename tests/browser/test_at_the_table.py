"""A real table: three phones and a TV. Nothing is overwritten silently, a Doodle City move is
three taps without scrolling, the TV shows the scoreboard first, Finish asks and can be taken back.
"""
from __future__ import annotations

import re
import time
from pathlib import Path

from playwright.sync_api import Page, expect

from companion.tables import service

from .conftest import ROOT
from .helpers import (LIVE_TIMEOUT, assert_not_reloaded, caught_up, confirm, enter_points,
                      finish_game, in_viewport, live_polls_due, mark_page, screen_settled,
                      settled_after_finish, start_table, take_seat, total_of)

TV = {"viewport": {"width": 1920, "height": 1080}}
TIMINGS = ROOT / "test-artifacts" / "doodle-move-timings.txt"
SETUP = [{"type": "start_road", "column": c, "shape": s}
         for c, s in enumerate(["NS", "EW", "EW", "EW", "NS"], 1)]


def host_of(page: Page, live_server, code: str, secret: str) -> None:
    """Make this browser the host screen of a table opened on the server (as an import does)."""
    page.context.add_cookies([{"name": f"tc_host_{code}", "value": secret, "url": live_server.url}])
    page.goto(f"{live_server.url}/t/{code}")


def opened(live_server, game: str, players, events, **options) -> tuple[str, str]:
    with live_server.app.app_context():
        table, secret = service.create(game, options, list(players), events)
        return table.code, secret


# --- nothing is silently overwritten ------------------------------------------------------------

def test_a_replaced_round_is_asked_for_and_a_stale_host_entry_refused(
        live_server, desktop, phone, browser_log):
    host = desktop("host")
    code = start_table(host, live_server.url, players=("Anna", "Bence", "Csilla"))
    join = f"{live_server.url}/j/{code}"
    anna, bence = phone("Anna"), phone("Bence")
    take_seat(anna, join, "Anna")
    take_seat(bence, join, "Bence")

    # Anna saves round 1 twice: the second time her phone asks, naming the value it replaces
    enter_points(anna, 1, 10)
    expect(total_of(anna, "Anna")).to_have_text("10")
    # the page after the save is in (a fresh form: round 2 offered, no points typed) before she
    # types again (the form she typed in offers round 2 too once the live view moves on)
    expect(anna.locator('form.points input[name="points-round"]')).to_have_value("2")
    expect(anna.locator('form.points input[name="points-points"]')).to_have_value("")
    screen_settled(anna)
    caught_up(anna, live_server.url, code)
    enter_points(anna, 1, 2)
    dialog = anna.locator("section.confirm")
    expect(dialog).to_contain_text("Anna's round 1 is 10. Replace it with 2?")
    expect(total_of(anna, "Anna")).to_have_text("10")
    assert in_viewport(anna, dialog.get_by_role("button", name="Replace"))
    confirm(anna, "Replace")
    expect(total_of(anna, "Anna")).to_have_text("2")
    expect(host.locator("#live ol.history")).to_contain_text(
        "Anna: round 1 corrected from 10 to 2", timeout=LIVE_TIMEOUT)

    # the host's untouched form follows the table: Bence's round 1 is next, then Csilla's
    form = host.locator("form.points")
    expect(form.locator("select#points-player")).to_have_value("Bence")
    enter_points(bence, 1, 12)
    expect(form.locator("select#points-player")).to_have_value("Csilla", timeout=LIVE_TIMEOUT)
    expect(form.locator('input[name="points-round"]')).to_have_value("1")

    # a form the host has started on keeps what it showed, and is refused if the table moved
    form.locator("select#points-player").select_option("Bence")
    form.locator('input[name="points-points"]').fill("5")
    enter_points(bence, 2, 7)                       # meanwhile, on Bence's phone
    expect(total_of(host, "Bence")).to_have_text("19", timeout=LIVE_TIMEOUT)
    form.locator('input[name="points-round"]').fill("2")
    with host.expect_response(lambda r: "/act/points" in r.url) as answer:
        form.locator("button").click()
    assert answer.value.status == 409
    dialog = host.locator("section.confirm")
    expect(dialog).to_contain_text("Entered since this screen was loaded:")
    expect(dialog).to_contain_text("Bence: 7 points in round 2")
    expect(dialog).to_contain_text("Bence's round 2 is 7. Replace it with 5?")
    # the form behind the question keeps what was sent: it does not follow the table again
    live_polls_due(host)                            # a live update or two meanwhile
    expect(form.locator("select#points-player")).to_have_value("Bence")
    expect(form.locator('input[name="points-round"]')).to_have_value("2")
    expect(form.locator('input[name="points-points"]')).to_have_value("5")
    dialog.get_by_role("link", name="Back, change nothing").click()
    expect(host.locator("section.confirm")).to_have_count(0)
    expect(total_of(host, "Bence")).to_have_text("19")
    browser_log.assert_clean()


# --- a Doodle City move: three taps, no scroll ----------------------------------------------------

def tap_in_view(page: Page, locator, what: str, timings: list[str], done) -> None:
    """Tap a control that must be in view without scrolling; log how long the answer took."""
    expect(locator).to_be_visible()
    assert page.evaluate("window.scrollY") == 0, f"{what}: the page had scrolled"
    assert in_viewport(page, locator), f"{what} is outside the 412x839 viewport"
    start = time.perf_counter()
    locator.click()
    done()
    timings.append(f"{what}: {(time.perf_counter() - start) * 1000:.0f} ms")


def test_a_doodle_city_move_is_three_taps_without_scrolling(live_server, phone, browser_log):
    # blue 2, white 3 5 1: Anna may take the white 3 and draw in the taxi at row 3, column 2
    code, _ = opened(live_server, "doodle-city", ("Anna", "Bence", "Csilla"),
                     SETUP + [{"type": "roll", "blue": 2, "white": [3, 5, 1, 4]}],
                     sheet="default", dice="physical")
    anna = phone("Anna")
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    mark_page(anna)
    timings: list[str] = []

    die = anna.locator("#live a.die.legal", has_text="3")
    tap_in_view(anna, die, "tap 1, the white 3", timings,
                lambda: expect(anna.locator("#live a.die.chosen")).to_have_text("3"))
    cell = anna.locator('.sheet-grid a.cell[href*="cell=3-2"]')
    tap_in_view(anna, cell, "tap 2, the cell", timings,
                lambda: expect(anna.locator("#shape-bar")).to_be_visible())
    assert_not_reloaded(anna)                       # die and cell swapped the live view only
    shapes = anna.locator("#shape-bar button.shape")
    expect(shapes).to_have_count(6)
    for index in range(6):
        assert in_viewport(anna, shapes.nth(index)), f"shape {index + 1} is below the fold"
    with anna.expect_response(lambda r: "/act/draw" in r.url):
        tap_in_view(anna, shapes.nth(0), "tap 3, the road", timings,
                    lambda: expect(anna.locator("#live .turn-line .turn")).to_have_text(
                        "Bence's turn: pick a die"))
    expect(anna.locator('.sheet-grid .cell-taxi path.road')).to_have_count(1)
    TIMINGS.parent.mkdir(parents=True, exist_ok=True)
    TIMINGS.write_text("\n".join(["Doodle City move on a Pixel 7 (412x839), loopback server:",
                                  *timings]) + "\n")
    print("\n".join(timings))
    browser_log.assert_clean()


def test_a_lower_circled_value_is_chosen_and_scored(live_server, phone, desktop, browser_log):
    row_1 = [{"type": "draw", "player": "Anna", "row": 1, "column": c, "shape": "EW"}
             for c in (1, 2, 5)]
    code, secret = opened(live_server, "doodle-city", ("Anna", "Bence"),
                          SETUP + row_1 + [{"type": "roll", "blue": 4, "white": [1, 2, 3]}],
                          sheet="default", dice="physical")
    anna = phone("Anna")
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    anna.locator("#live a.die.legal", has_text="1").click()
    anna.locator('.sheet-grid a.cell[href*="cell=1-4"]').click()
    straight = anna.locator('#shape-bar button[value="EW"]')
    expect(straight.locator(".circles")).to_have_text("5")      # the default: the highest
    lower = anna.locator(".circle-choice label.chip", has_text="3")
    assert in_viewport(anna, straight) and in_viewport(anna, lower)     # still no scrolling
    lower.click()
    expect(straight.locator(".circles")).to_have_text("3")
    expect(anna.locator('#shape-bar button[value="NS"]')).to_be_disabled()   # a road of 1
    with anna.expect_response(lambda r: "/act/draw" in r.url):
        straight.click()
    expect(anna.locator("#live .note-line")).to_have_text("Hotel on a road of 5 cells: circled 3.")
    hotels = anna.locator("#live .tracks > div").filter(has_text="Hotels")
    expect(hotels.locator(".value.circled")).to_have_text("3")
    expect(total_of(anna, "Anna")).to_have_text("11")      # 3 + two connected taxis in row 1 (8)
    tv = desktop("tv", **TV)
    host_of(tv, live_server, code, secret)
    expect(tv.locator("#live ol.history")).to_contain_text("Anna: road ─ at row 1, column 4, circled 3")
    browser_log.assert_clean()


# --- the TV ---------------------------------------------------------------------------------------

def test_the_tv_shows_the_scoreboard_first_and_the_final_ranking_after_finish(
        live_server, desktop, phone, browser_log):
    tv = desktop("tv", **TV)
    code = start_table(tv, live_server.url, players=("Anna", "Bence", "Csilla"))
    board = tv.locator("#live section.board")
    history = tv.locator("#live section.history-card")
    assert in_viewport(tv, board)
    assert tv.locator("#live td.total").first.evaluate(
        "td => parseFloat(getComputedStyle(td).fontSize)") >= 48
    join_card = tv.locator("#join-card")
    expect(join_card).to_have_attribute("open", "")             # seats are free: the QR is shown
    expect(tv.locator("img.qr")).to_be_visible()

    phones = [phone(name) for name in ("Anna", "Bence", "Csilla")]
    for page, name in zip(phones, ("Anna", "Bence", "Csilla")):
        take_seat(page, f"{live_server.url}/j/{code}", name)
    expect(tv.locator("img.qr")).to_be_hidden(timeout=LIVE_TIMEOUT)   # every seat taken: folded
    summary = join_card.locator("summary")
    expect(summary).to_contain_text(code)
    box, side = board.bounding_box(), summary.bounding_box()
    assert side["x"] > box["x"] + box["width"] and side["y"] < 200     # a corner beside the board
    summary.click()
    expect(tv.locator("img.qr")).to_be_visible()                       # the button brings it back
    summary.click()

    for page, points in zip(phones, (12, 30, 7)):
        enter_points(page, 1, points)
    expect(total_of(tv, "Bence")).to_have_text("30", timeout=LIVE_TIMEOUT)
    expect(history.locator("li")).to_have_count(3)
    assert history.bounding_box()["x"] > box["x"] + box["width"]       # beside, not below
    assert in_viewport(tv, history.locator("li").first)

    finish_game(tv)
    final = tv.locator("#live section.board.final")
    expect(final).to_be_visible()
    assert in_viewport(tv, final), "the final ranking needs scrolling on the TV"
    expect(final.locator("tr.winner")).to_contain_text("Bence")
    expect(final.locator(".winners")).to_have_text("Winner: Bence")
    assert tv.evaluate("window.scrollY") == 0
    settled_after_finish(*phones)
    browser_log.assert_clean()


# --- confirm what cannot be taken back ----------------------------------------------------------

def test_finish_is_confirmed_and_reopened_even_without_javascript(live_server, desktop, phone,
                                                                   browser_log):
    host = desktop("host-nojs", java_script_enabled=False)
    code = start_table(host, live_server.url, players=("Anna", "Bence"))
    anna = phone("Anna")
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    enter_points(anna, 1, 4)

    host.reload()
    host.get_by_role("button", name="Finish the game").click()
    dialog = host.locator("section.confirm")
    expect(dialog).to_contain_text("Finish the game?")
    expect(dialog).to_contain_text("Bence has no round 1.")
    dialog.get_by_role("button", name="Finish the game").click()
    expect(host.locator("#live .winners")).to_have_text("Winner: Anna")
    expect(anna.locator("#live .winners")).to_have_text("Winner: Anna", timeout=LIVE_TIMEOUT)

    host.get_by_role("button", name="Reopen the game").click()
    expect(host.locator("#live .winners")).to_have_count(0)
    expect(host.locator("#live ol.history")).to_contain_text("Game reopened")
    expect(anna.locator("form.points")).to_be_visible(timeout=LIVE_TIMEOUT)   # playing again
    enter_points(anna, 2, 3)
    expect(total_of(anna, "Anna")).to_have_text("7")

    # leaving a seat asks first too
    anna.get_by_role("button", name="Leave this seat").click()
    expect(anna.locator("section.confirm")).to_contain_text("Leave Anna's seat?")
    anna.locator("section.confirm").get_by_role("link", name="Back, change nothing").click()
    expect(anna.locator("section.me h1")).to_have_text("Anna")
    browser_log.assert_clean()
