"""Phones at the table: join by QR, enter points, see each other live (htmx polling)."""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from .helpers import (LIVE_TIMEOUT, assert_not_reloaded, confirm, enter_points, finish_game,
                      mark_page, read_qr, start_table, take_seat, total_of, until)


def test_two_phones_join_by_qr_and_see_each_others_points_within_2s(
        live_server, host_page, phone, browser_log):
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"))
    join_url = live_server.url + "/j/" + code
    expect(host_page.locator(".join-url")).to_have_text(join_url)
    assert read_qr(host_page) == join_url

    a, b = phone("A"), phone("B")
    take_seat(a, read_qr(host_page), "Anna")
    take_seat(b, read_qr(host_page), "Bence")
    for page in (b, host_page):
        expect(total_of(page, "Anna")).to_have_text("0")
        mark_page(page)

    enter_points(a, 1, 12)
    deadline = time.monotonic() + LIVE_TIMEOUT / 1000       # from the moment A's save returned
    expect(total_of(b, "Anna")).to_have_text("12", timeout=until(deadline))
    expect(total_of(host_page, "Anna")).to_have_text("12", timeout=until(deadline))
    expect(host_page.locator("#live ol.history")).to_contain_text(
        "Anna: 12 points in round 1", timeout=until(deadline))
    expect(total_of(a, "Anna")).to_have_text("12")
    expect(total_of(b, "Bence")).to_have_text("0")
    assert_not_reloaded(b)
    assert_not_reloaded(host_page)
    expect(b.locator("#live tr.mine")).to_contain_text("Bence")     # B's own row stands out

    # a third phone finds both seats taken
    c = phone("C")
    c.goto(join_url)
    for name in ("Anna", "Bence"):
        seat = c.locator("button.seat", has_text=name)
        expect(seat).to_be_disabled()
        expect(seat).to_contain_text("(taken)")
    expect(c.locator("main")).to_contain_text("Every seat is taken")

    browser_log.assert_clean()


def test_undo_on_phone_strikes_through_everywhere(live_server, host_page, phone, browser_log):
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"))
    a = phone("A")
    take_seat(a, live_server.url + "/j/" + code, "Anna")
    enter_points(a, 1, 7)
    expect(total_of(a, "Anna")).to_have_text("7")
    expect(total_of(host_page, "Anna")).to_have_text("7", timeout=LIVE_TIMEOUT)
    mark_page(host_page)

    with a.expect_response(lambda r: r.url.endswith("/undo") and r.request.method == "POST"):
        a.get_by_role("button", name="Undo my last entry").click()
    deadline = time.monotonic() + LIVE_TIMEOUT / 1000
    expect(total_of(a, "Anna")).to_have_text("0", timeout=until(deadline))
    struck = host_page.locator("#live ol.history li.undone s")
    expect(struck).to_have_text("Anna: 7 points in round 1", timeout=until(deadline))
    expect(total_of(host_page, "Anna")).to_have_text("0", timeout=until(deadline))
    expect(host_page.locator("#live ol.history")).to_contain_text("Took back event 1")
    expect(a.locator("#live ol.history li.undone s")).to_have_text("Anna: 7 points in round 1")
    expect(a.get_by_role("button", name="Undo my last entry")).to_have_count(0)
    assert_not_reloaded(host_page)

    browser_log.assert_clean()


def test_host_enters_for_any_seat_and_finishes(live_server, host_page, phone, browser_log):
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"))
    a = phone("A")
    take_seat(a, live_server.url + "/j/" + code, "Anna")
    mark_page(a)

    form = host_page.locator("form.points")
    form.locator("select#points-player").select_option(label="Bence")
    enter_points(host_page, 1, 9)
    expect(total_of(host_page, "Bence")).to_have_text("9")
    expect(host_page.locator("#live ol.history li").first).to_contain_text("host screen")
    expect(total_of(a, "Bence")).to_have_text("9", timeout=LIVE_TIMEOUT)

    host_page.get_by_role("button", name="Finish the game").click()
    expect(host_page.locator("section.confirm")).to_contain_text("Finish the game?")
    confirm(host_page)
    deadline = time.monotonic() + LIVE_TIMEOUT / 1000
    expect(host_page.locator("#live h2").first).to_have_text("Final result")
    expect(host_page.locator("#live .winners")).to_have_text("Winner: Bence")
    expect(host_page.get_by_role("button", name="Finish the game")).to_have_count(0)

    expect(a.locator("#live h2").first).to_have_text("Final result", timeout=until(deadline))
    expect(a.locator("#live .winners")).to_have_text("Winner: Bence", timeout=until(deadline))
    expect(a.locator("#live tr.winner")).to_contain_text("Bence")
    # a finished table is read-only: the phone's entry form and its Undo are gone
    expect(a.locator("form.points")).to_have_count(0, timeout=until(deadline))
    expect(a.get_by_role("button", name="Undo my last entry")).to_have_count(0)

    browser_log.assert_clean()


def test_language_switch_is_remembered(live_server, host_page, phone, browser_log):
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"))
    p = phone("P")
    html = p.locator("html")
    english = p.locator("header form.lang button[value=en]")
    magyar = p.locator("header form.lang button[value=hu]")

    p.goto(live_server.url + "/")
    expect(html).to_have_attribute("lang", "en")
    expect(english).to_have_attribute("aria-current", "true")

    magyar.click()
    expect(magyar).to_have_attribute("aria-current", "true")
    expect(english).not_to_have_attribute("aria-current", re.compile(".*"))
    expect(p.locator("main h1").first).to_have_text("Csatlakozás egy asztalhoz")
    # the document's language must follow the text (screen readers, hyphenation, spelling)
    expect.soft(html).to_have_attribute("lang", "hu", timeout=1000)

    p.reload()
    expect(html).to_have_attribute("lang", "hu")
    expect(magyar).to_have_attribute("aria-current", "true")

    # another page, reached by typing the code on the home page
    p.locator("input#code").fill(code.lower())
    p.get_by_role("button", name="Csatlakozás", exact=True).click()
    p.wait_for_url(re.compile(rf"/j/{code}$"))
    expect(p.locator("main h1")).to_have_text("Ki vagy?")
    p.goto(live_server.url + f"/j/{code}")                   # and opened afresh
    expect(html).to_have_attribute("lang", "hu")
    expect(p.locator("main h1")).to_have_text("Ki vagy?")
    expect(magyar).to_have_attribute("aria-current", "true")

    english.click()
    expect(english).to_have_attribute("aria-current", "true")
    expect(p.locator("main h1")).to_have_text("Who are you?")
    expect.soft(html).to_have_attribute("lang", "en", timeout=1000)
    p.reload()
    expect(html).to_have_attribute("lang", "en")

    # a phone set to Hungarian gets Hungarian without tapping anything (Accept-Language)
    h = phone("hu-HU", locale="hu-HU")
    h.goto(live_server.url + "/")
    expect(h.locator("html")).to_have_attribute("lang", "hu")
    expect(h.locator("header form.lang button[value=hu]")).to_have_attribute("aria-current", "true")
    expect(h.locator("main h1").first).to_have_text("Csatlakozás egy asztalhoz")

    browser_log.assert_clean()


def test_works_with_javascript_off(live_server, host_page, phone, browser_log):
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"))
    p = phone("nojs", java_script_enabled=False)
    take_seat(p, live_server.url + "/j/" + code, "Anna")
    with p.expect_navigation():
        enter_points(p, 1, 12)
    expect(p).to_have_url(re.compile(rf"/t/{code}/phone$"))
    expect(total_of(p, "Anna")).to_have_text("12")
    expect(p.locator("#live ol.history")).to_contain_text("Anna: 12 points in round 1")
    expect(total_of(host_page, "Anna")).to_have_text("12", timeout=LIVE_TIMEOUT)

    # the host enters for Bence; without scripts the phone sees it after a reload
    host_page.locator("select#points-player").select_option(label="Bence")
    enter_points(host_page, 1, 4)
    expect(total_of(host_page, "Bence")).to_have_text("4")
    expect(total_of(p, "Bence")).to_have_text("0")
    expect(p.locator("noscript, #live a[href='']")).not_to_have_count(0)
    p.reload()
    expect(total_of(p, "Bence")).to_have_text("4")

    browser_log.assert_clean()


@pytest.mark.browser_requests
def test_no_request_leaves_loopback(live_server, host_page, phone, browser_log):
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"))
    p = phone("P")
    take_seat(p, read_qr(host_page), "Anna")
    enter_points(p, 1, 3)
    expect(total_of(p, "Anna")).to_have_text("3")
    expect(total_of(host_page, "Anna")).to_have_text("3", timeout=LIVE_TIMEOUT)

    requests = browser_log.requests["P"]
    assert any(url.endswith(f"/j/{code}") for url in requests)
    assert any("/static/vendor/htmx" in url for url in requests)
    for name in ("P", "host"):
        outside = [url for url in browser_log.requests[name]
                   if not url.startswith(live_server.url + "/")]
        assert not outside, f"{name} reached beyond the table's server: {outside}"

    browser_log.assert_clean()


def test_refused_entry_leaves_the_phone_on_a_working_address(live_server, host_page, phone,
                                                              browser_log):
    """After the server refuses an entry (422), reloading, switching the language or the game
    finishing (which reloads the phones) must land on the phone's sheet again, not on an error."""
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"))
    a = phone("A")
    take_seat(a, live_server.url + "/j/" + code, "Anna")
    form = a.locator("form.points")
    form.evaluate("f => { f.noValidate = true; }")      # past the browser's own min/max check
    with a.expect_response(lambda r: "/act/points" in r.url) as answer:
        enter_points(a, 1, 2000000)
    assert answer.value.status == 422
    expect(a.locator("form.points .error")).to_have_text("That is too many points.")
    expect(a.locator("section.me h1")).to_have_text("Anna")

    a.reload()
    expect.soft(a.locator("section.me h1"), "reload after a refused entry").to_have_text(
        "Anna", timeout=1000)

    a.goto(live_server.url + f"/t/{code}/phone")
    a.locator("form.points").evaluate("f => { f.noValidate = true; }")
    with a.expect_response(lambda r: "/act/points" in r.url):
        enter_points(a, 1, 2000000)
    expect(a.locator("form.points .error")).to_be_visible()
    a.locator("header form.lang button[value=hu]").click()
    expect.soft(a.locator("section.me h1"), "Magyar after a refused entry").to_have_text(
        "Anna", timeout=1000)

    a.goto(live_server.url + f"/t/{code}/phone")
    a.locator("form.points").evaluate("f => { f.noValidate = true; }")
    with a.expect_response(lambda r: "/act/points" in r.url):
        enter_points(a, 1, 2000000)
    expect(a.locator("form.points .error")).to_be_visible()
    finish_game(host_page)
    expect(a.locator("#live .winners"), "the game finished after a refused entry").to_be_visible(
        timeout=LIVE_TIMEOUT)
