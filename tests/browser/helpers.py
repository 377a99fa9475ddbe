"""What a player does on a screen, written once for the browser tests."""
from __future__ import annotations

import io
import re
import time

import zxingcpp
from PIL import Image
from playwright.sync_api import Error as PlaywrightError, Locator, Page, expect

LIVE_TIMEOUT = 2000     # ms: a change on one phone must show on the others within 2 s

# Every page counts the times its live part's poll came due (htmx asks each second, and on every
# "refresh", even when the request then waits behind one under way), so that a test can wait for
# the screen's own clock to tick rather than for a fixed time (conftest.py adds it to every page).
COUNT_LIVE_POLLS = """
window.__tcLivePolls = 0;
document.addEventListener("htmx:confirm", function (event) {
  if (event.detail.elt && event.detail.elt.id === "live") { window.__tcLivePolls++; }
});
"""


def start_table(host: Page, base_url: str, players=("Anna", "Bence"), game="score-pad",
                open_home: bool = True) -> str:
    """Start a table on the home page as the host does; returns the table code."""
    if open_home:
        host.goto(base_url + "/")
    host.locator("select#game").select_option(game)
    for i, name in enumerate(players):
        host.locator(f'input[name="players-{i}"]').fill(name)
    host.locator('form[action="/"] button.primary').click()
    host.wait_for_url(re.compile(r"/t/[^/]+$"))
    code = host.get_by_test_id("table-code").inner_text().strip()
    assert code
    return code


def read_qr(page: Page) -> str:
    """Decode the QR code shown on a screen, from a screenshot, as a phone camera would."""
    # caret="initial": hiding the caret leaves style="" on every input, which htmx's settling
    # then copies onto swapped-in elements (a CSP style-src-attr refusal the app never causes)
    # the QR sits in the live part of the host screen: a seat taken elsewhere swaps it for a new
    # copy mid-shot, and a camera simply looks again
    for attempt in range(5):
        try:
            png = page.locator("img.qr").screenshot(caret="initial")
            break
        except PlaywrightError as error:
            # detached by the swap, or caught between the old copy and the new one
            if not any(words in str(error) for words in ("not attached", "not visible")) \
                    or attempt == 4:
                raise
            time.sleep(0.2)
    results = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert results, "no QR code could be read from the host screen"
    return results[0].text


def take_seat(page: Page, join_url: str, name: str) -> None:
    page.goto(join_url)
    page.locator("button.seat", has_text=name).click()
    page.wait_for_url(re.compile(r"/phone$"))
    expect(page.locator("section.me h1")).to_have_text(name)


def enter_points(page: Page, round_: int, points: int | str) -> None:
    """Fill the phone's (or the host's) points form and tap save; waits for the answer."""
    form = page.locator("form.points")
    form.locator('input[name="points-round"]').fill(str(round_))
    form.locator('input[name="points-points"]').fill(str(points))
    with page.expect_response(lambda r: "/act/points" in r.url and r.request.method == "POST"):
        form.locator("button").click()


def total_of(page: Page, name: str) -> Locator:
    """The total cell of a player's row on the live scoreboard."""
    row = page.locator("#live table.scoreboard tbody tr").filter(
        has=page.locator("td", has_text=re.compile(rf"^{re.escape(name)}")))
    return row.locator("td.total")


def screen_settled(page: Page) -> None:
    """Wait until no request of the page but its live poll is under way (an act's answer and
    the page after it, a pick): a tap made now lands on the screen that stays, as a player taps
    what the screen shows once it has changed."""
    page.wait_for_function("() => !Array.from(document.querySelectorAll('.htmx-request'))"
                           ".some(element => element.id !== 'live')")


def live_polls_due(page: Page, more: int = 2) -> None:
    """Wait until the screen's live poll has come due ``more`` times from now: whatever an update
    on its way or a poll held in line would do to the screen, it has had the time to do."""
    asked = page.evaluate("window.__tcLivePolls")
    page.wait_for_function("wanted => window.__tcLivePolls >= wanted", arg=asked + more,
                           timeout=5000 * more)     # a function: the page's CSP forbids eval


def until(deadline: float) -> float:
    """The milliseconds left until a time.monotonic() deadline (an expect() timeout)."""
    return max(1.0, (deadline - time.monotonic()) * 1000)


def mark_page(page: Page) -> None:
    """Leave a mark in the document's window: it is gone if the page reloads."""
    page.evaluate("window.__tcMark = 'still here'")


def assert_not_reloaded(page: Page) -> None:
    assert page.evaluate("window.__tcMark") == "still here", "the page was reloaded"


def confirm(page: Page, yes: str | None = None) -> None:
    """Answer yes to the question a screen asks before what cannot be taken back."""
    dialog = page.locator("section.confirm")
    expect(dialog).to_be_visible()
    button = dialog.locator("form button") if yes is None else dialog.get_by_role("button", name=yes)
    with page.expect_response(lambda r: r.request.method == "POST"):
        button.click()


def finish_game(host: Page) -> None:
    """Tap Finish on the host screen and confirm it."""
    host.locator('section.actions form[action$="/finish"] button').click()
    confirm(host)


def in_viewport(page: Page, locator: Locator) -> bool:
    """The element is wholly inside the visible part of the page, with no scrolling."""
    box = locator.bounding_box()
    size = page.viewport_size
    return bool(box and size and box["x"] >= 0 and box["y"] >= 0
                and box["x"] + box["width"] <= size["width"]
                and box["y"] + box["height"] <= size["height"])


def settled_after_finish(*pages: Page) -> None:
    """Wait until each phone has reloaded into the final result (a finished game reloads every
    screen): closing a browser context in the middle of that reload can hang Chromium."""
    for page in pages:
        expect(page.locator("#live .winners")).to_be_visible(timeout=LIVE_TIMEOUT + 3000)
        page.wait_for_load_state()


def caught_up(page: Page, base_url: str, code: str) -> None:
    """Wait until the screen shows the table as it is now, as a player looks before tapping (a
    tap while a live update is being swapped in lands on the part it replaces)."""
    version = page.request.get(f"{base_url}/t/{code}/version").json()["version"]
    expect(page.locator("#live")).to_have_attribute("data-version", str(version),
                                                    timeout=LIVE_TIMEOUT)



def set_up_doodle_city(host: Page) -> None:
    """The host screen rolls the blue die for every column and taps each start road."""
    host.get_by_role("button", name="Roll the blue die for every column").click()
    for column in range(1, 6):
        expect(host.locator("main")).to_contain_text(
            re.compile(rf"Column {column}, blue die \d: tap the shape of road \d"))
        host.locator("form.shapes button.shape").nth(column % 6).click()
    expect(host.locator("#live ol.history")).to_contain_text("Start road in column 5")


def as_host(page: Page, live_server, code: str, secret: str, lang: str, path: str = "") -> None:
    """The page becomes the table's host screen (its cookie) and opens it, in ``lang``."""
    from .test_screens import to_hungarian
    page.context.add_cookies([{"name": f"tc_host_{code}", "value": secret, "url": live_server.url}])
    page.goto(f"{live_server.url}/t/{code}{path}")
    if lang == "hu":
        to_hungarian(page)


def seated(phone, live_server, code: str, name: str, lang: str, label: str = "") -> Page:
    """A new phone in ``lang`` holding ``name``'s seat (``label`` tells its browser log apart)."""
    from .test_screens import to_hungarian
    page = phone(f"{lang}-{label}{name}")
    page.goto(live_server.url + "/")
    if lang == "hu":
        to_hungarian(page)
    take_seat(page, f"{live_server.url}/j/{code}", name)
    return page


def twin(make, page: Page, name: str, lang: str, **context_args) -> Page:
    """The same screen in another language: a new device (``make``: phone or desktop) holding
    the page's cookies (its seat, its host secret) but not its language, open where the page is,
    then switched to ``lang`` as a player does. What one player does, the other screen shows."""
    from .test_screens import to_hungarian
    other = make(name, **context_args)
    other.context.add_cookies([cookie for cookie in page.context.cookies()
                               if cookie["name"] != "lang"])
    other.goto(page.url)
    if lang == "hu":
        to_hungarian(other)
    return other


TURN_WORDS = {"en": ("Your turn", "{name}'s turn"), "hu": ("Te következel", "{name} következik")}


def expect_turn(name: str, tv: Page, phones: dict[str, Page], lang: str = "en") -> None:
    """The TV and every phone show whose turn it is: "Your turn" on that player's phone, the
    player's name on the others."""
    mine, theirs = TURN_WORDS[lang]
    expect(tv.locator("#live .turn-line")).to_have_attribute("data-turn", name,
                                                             timeout=LIVE_TIMEOUT)
    expect(tv.locator("#live .turn-line p.turn")).to_contain_text(theirs.format(name=name))
    for who, page in phones.items():
        expect(page.locator("#live .turn-line p.turn")).to_contain_text(
            mine if who == name else theirs.format(name=name), timeout=LIVE_TIMEOUT)
