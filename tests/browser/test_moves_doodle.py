"""Doodle City's move picked in the page: in turn the die, the cell and the shape are picked with
no request, from the choices the screen carries (a die picked before an earlier player's pick
asks the server first), and the draw can be made offline: kept on the phone, entered once when
the connection is back."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import LIVE_TIMEOUT, live_polls_due, take_seat
from .test_at_the_table import SETUP, host_of, opened
from .test_moves import offline, phone_without_script, record
from .test_screens import SCREENS


@pytest.mark.parametrize("online", [True, False], ids=["online", "offline"])
def test_a_doodle_city_road_is_picked_in_the_page_and_entered_once(
        online, live_server, host_page, phone, browser_log):
    # blue 2: the white 2 reaches the hotel at row 2, column 2 (the default sheet)
    code, secret = opened(live_server, "doodle-city", ("Anna", "Bence"),
                          SETUP + [{"type": "roll", "blue": 2, "white": [2, 5, 1]}],
                          sheet="default")
    host_of(host_page, live_server, code, secret)
    anna = phone("Anna")
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    move = anna.locator("[data-move][data-walking]")
    expect(move).to_have_attribute("data-step", "die")
    expect(anna.locator(".sheet-grid a.cell.legal")).to_have_count(0)     # no die, no cell yet
    requests: list[str] = []
    anna.on("request", lambda request: requests.append(request.url))
    if not online:
        offline(anna)
    requests.clear()
    anna.locator("#live a.die.legal", has_text="2").click()           # Anna's pick: in the page
    expect(anna).to_have_url(re.compile(r"\?die=0$"))
    expect(move).to_have_attribute("data-step", "cell")
    SCREENS.mkdir(parents=True, exist_ok=True)
    anna.screenshot(path=str(SCREENS / f"phone-doodle-city-die-picked-{online}.png"),
                    caret="initial", animations="disabled")
    anna.locator('.sheet-grid a.cell[data-value="2-2"]').click()
    expect(move).to_have_attribute("data-step", "shape")
    expect(anna).to_have_url(re.compile(r"\?die=0&cell=2-2$"))
    straight = anna.locator('#shape-bar button[value="NS"]')
    expect(straight.locator(".circles")).to_have_text(re.compile(r"^\d+$"))   # what it circles
    expect(anna.get_by_role("button", name="Cross a house here")).to_be_hidden()
    # the die, the cell and the shapes drawn with no request (the live view's own polls go on:
    # a long poll, or, on a busy machine, one asked again at once after a slow answer)
    assert [url for url in requests if "/static/" not in url and f"/t/{code}/live?" not in url] == []
    straight.dblclick()
    if not online:
        waiting = anna.locator("#live .history-card ul.kept-waiting li")
        expect(waiting).to_have_count(1)
        expect(waiting).to_contain_text("Row 2, column 2: straight")
        anna.context.set_offline(False)
    expect(host_page.locator("#live ol.history li").first).to_contain_text(
        "row 2, column 2", timeout=LIVE_TIMEOUT + 2000)
    live_polls_due(anna)
    if online:              # the double tap: the draw's posts only (htmx aborts a first one it
        # repeats: the same nonce, entered once)
        assert {url for url in requests if "/act/" in url} == {
            f"{live_server.url}/t/{code}/act/draw"}
    draws = [e for e in record(host_page, live_server.url, code) if e["type"] == "draw"]
    assert draws == [{"type": "draw", "player": "Anna", "row": 2, "column": 2, "shape": "NS",
                      "die": 0}]
    browser_log.assert_clean()


def test_without_javascript_a_doodle_city_road_is_three_links_and_a_post(
        live_server, browser, host_page):
    code, secret = opened(live_server, "doodle-city", ("Anna", "Bence"),
                          SETUP + [{"type": "roll", "blue": 2, "white": [2, 5, 1]}],
                          sheet="default")
    with phone_without_script(browser) as anna:
        take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
        anna.locator("a.die.legal", has_text="2").click()
        expect(anna).to_have_url(re.compile(r"die=0"))
        anna.locator('.sheet-grid a.cell[data-value="2-2"]').click()
        expect(anna).to_have_url(re.compile(r"cell=2-2"))
        anna.locator('#shape-bar button[value="NS"]:visible').click()
        expect(anna.locator('#shape-bar:visible')).to_have_count(0)
    draws = [e for e in record(host_page, live_server.url, code) if e["type"] == "draw"]
    assert [(d["row"], d["column"], d["shape"], d.get("die")) for d in draws] == [(2, 2, "NS", 0)]
