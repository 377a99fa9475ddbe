"""A seated player's phone stays awake while the game is on: the Screen Wake Lock API where the
browser grants it (asked again when the page is shown again), NoSleep.js's looping video from
the first tap where there is no such API (plain http on a home network), both let go when the
game finishes, the player leaves the seat or switches it off.

Headless Chromium has the API on http://127.0.0.1 (a secure context) but refuses it unless the
context holds the "screen-wake-lock" permission, as a phone's browser grants it by itself."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .helpers import (LIVE_TIMEOUT, confirm, finish_game, settled_after_finish, start_table,
                      take_seat)

# every sentinel the page was granted, to tell which it still holds
COUNT_LOCKS = """
window.__tcLocks = [];
if (window.WakeLock) {
  const ask = WakeLock.prototype.request;
  WakeLock.prototype.request = function (type) {
    return ask.call(this, type).then(function (s) { window.__tcLocks.push(s); return s; });
  };
}
"""
HELD = "window.__tcLocks.filter(sentinel => !sentinel.released).length"


def awake(page: Page, how: str) -> None:
    expect(page.locator("html")).to_have_attribute("data-awake", how, timeout=LIVE_TIMEOUT)


def test_a_seated_phone_holds_a_wake_lock_until_the_game_is_finished(
        live_server, host_page, phone, browser_log):
    code = start_table(host_page, live_server.url)
    anna = phone("Anna", permissions=["screen-wake-lock"])
    anna.context.add_init_script(COUNT_LOCKS)
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    awake(anna, "lock")
    assert anna.evaluate(HELD) == 1

    switch = anna.get_by_label("Keep the screen on during the game")
    switch.uncheck()                                    # the player's own switch: let go...
    awake(anna, "")
    assert anna.evaluate(HELD) == 0
    anna.reload()                                       # ...and remembered on this phone
    expect(switch).not_to_be_checked()
    awake(anna, "")
    switch.check()
    awake(anna, "lock")

    # the browser lets the lock go while the page is hidden; shown again, it is asked again
    anna.evaluate("window.__tcLocks[0].release()")
    awake(anna, "")
    anna.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    awake(anna, "lock")
    assert anna.evaluate(HELD) == 1

    finish_game(host_page)                              # the finished table: let go, not asked again
    settled_after_finish(anna)
    awake(anna, "")
    assert anna.evaluate(HELD) == 0 and anna.evaluate("window.__tcLocks.length") == 0
    expect(switch).to_have_count(0)
    browser_log.assert_clean()


def test_without_the_api_the_first_tap_starts_a_looping_video(
        live_server, host_page, phone, browser_log):
    code = start_table(host_page, live_server.url)
    anna = phone("Anna")
    anna.context.add_init_script("delete Navigator.prototype.wakeLock;")
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")     # the seat's tap: at once
    awake(anna, "video")

    anna.reload()                                       # a page opened afresh: not before a tap
    anna.wait_for_function("() => !!window.NoSleep")
    awake(anna, "")
    anna.locator("section.me h1").click()
    awake(anna, "video")
    assert anna.evaluate("document.querySelector('video') === null")   # kept off the page

    anna.get_by_role("button", name="Leave this seat").click()     # leaving the seat: let go
    confirm(anna)
    anna.wait_for_url(re.compile(rf"/j/{code}$"))
    awake(anna, "")
    browser_log.assert_clean()
