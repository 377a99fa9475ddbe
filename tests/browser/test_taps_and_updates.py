"""A tap on a phone is never lost to a live update arriving at the same moment: another player's
move lands while this phone's long poll is still out (held back here, as a slow network holds
it), and this phone taps a colour or a cell. The tap's screen must show at once (Calçada picks
in the page), and stay when the update comes in."""
from __future__ import annotations

from playwright.sync_api import Page, Route, expect

from .helpers import LIVE_TIMEOUT, live_polls_due
from .test_calcada import move, open_table, place


def hold_long_polls(page: Page) -> list[Route]:
    """Every long poll this page sends stays unanswered (kept here) until the test lets it go."""
    held: list[Route] = []
    page.route(lambda url: "/live?" in url and "wait=1" in url, lambda route: held.append(route))
    return held


def wait_for_held(page: Page, held: list[Route]) -> None:
    """Until the page's long poll is out (and held), 10 s at the most."""
    for _ in range(200):
        if held:
            return
        page.wait_for_timeout(50)       # lets Playwright deliver the route to the handler
    raise AssertionError("the page sent no long poll")


def waiting_for_news(live_server, host_page, phone):
    """A Calçada table; Anna's phone at the colour step with its long poll out (held)."""
    code, pages = open_table(live_server, host_page, phone)
    anna, bence = pages["Anna"], pages["Bence"]
    held = hold_long_polls(anna)
    anna.reload()
    move(anna, "colour")
    wait_for_held(anna, held)
    return code, anna, bence, held


def answer(held: list[Route]) -> None:
    """The long polls held so far are answered now (or were dropped by the page meanwhile)."""
    for route in list(held):
        try:
            route.continue_()
        except Exception:               # dropped by the page when the tap was made
            pass


def release(page: Page, held: list[Route]) -> None:
    """No long poll is held any more: those held are answered, the next go through."""
    page.unroute_all()
    answer(held)


def version_of(page: Page, base_url: str, code: str) -> str:
    return str(page.request.get(f"{base_url}/t/{code}/version").json()["version"])


def test_a_tap_while_an_update_is_on_its_way_is_not_lost(live_server, host_page, phone,
                                                         browser_log):
    code, anna, bence, held = waiting_for_news(live_server, host_page, phone)
    live_polls_due(anna)                # the screen's next polls come due meanwhile (they wait)

    place(bence, "blue", 3, 5, 2, "plaza")          # Bence's tile: the table moves on
    anna.locator('.colours a[data-colour="blue"]').click()
    move(anna, "number")                             # the tap's screen, at once
    release(anna, held)                              # the news comes in: the tap stays
    expect(anna.locator("#live")).to_have_attribute(
        "data-version", version_of(anna, live_server.url, code), timeout=LIVE_TIMEOUT + 2500)
    live_polls_due(anna)
    move(anna, "number")
    browser_log.assert_clean()


def test_an_update_answered_after_the_tap_does_not_take_it_back(live_server, host_page, phone,
                                                                 browser_log):
    code, anna, bence, held = waiting_for_news(live_server, host_page, phone)

    anna.locator('.colours a[data-colour="red"]').click()
    move(anna, "number")
    place(bence, "blue", 3, 5, 2, "plaza")
    answer(held)                        # the long poll sent before the tap is answered now
    live_polls_due(anna)                # its answer, had the page kept it, is in by now
    move(anna, "number")                # still the tap's screen, with red chosen
    expect(anna.locator(".calcada-move")).to_contain_text("red")
    # and the phone still follows the table: Bence's tile reaches it within the live time-out
    release(anna, held)
    expect(anna.locator("#live")).to_have_attribute(
        "data-version", version_of(anna, live_server.url, code), timeout=LIVE_TIMEOUT + 2500)
    move(anna, "number")
    browser_log.assert_clean()
