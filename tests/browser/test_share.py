"""Sharing the result of a finished game from a phone and from the TV: the result card shown,
the Share button (the phone's share sheet where the browser shares files, a download where it
does not, and without JavaScript), the BG Stats link and the host's BoardGameGeek id.

Screenshots (test-artifacts/screens/): the finished phone and TV screens with the buttons in
English and Hungarian, the card itself and a 300 px wide thumbnail of it as a chat shows it."""
from __future__ import annotations

import base64
import io
import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from PIL import Image
from playwright.sync_api import Page, expect

from .helpers import (LIVE_TIMEOUT, assert_not_reloaded, caught_up, confirm, enter_points,
                      mark_page, start_table, take_seat, total_of)
from .test_screens import SCREENS, Album, to_hungarian

TV = {"viewport": {"width": 1920, "height": 1080}}

# a browser whose share sheet takes files (as Android's Chrome does): what it was given is kept
SHARE_SHEET = """
navigator.canShare = (data) => !!(data && data.files && data.files.length);
navigator.share = (data) => { window.sharedData = data; return Promise.resolve(); };
"""
SHARED_FILE = """async () => {
  const file = window.sharedData.files[0];
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = ''; bytes.forEach(b => { text += String.fromCharCode(b); });
  return {name: file.name, type: file.type, title: window.sharedData.title,
          text: window.sharedData.text, data: btoa(text)};
}"""


def card_of(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG" and image.size == (1200, 630)
    return image


def play_in(link: str) -> dict:
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == "https://app.bgstatsapp.com/createPlay.html"
    return json.loads(parse_qs(parts.query)["data"][0])


def finished_table(live_server, desktop, phone) -> tuple[str, Page, Page]:
    """Anna's phone enters 12 and 8, the TV enters Bence's 15; the TV finishes the game."""
    base = live_server.url
    tv = desktop("tv", **TV)
    code = start_table(tv, base, players=("Anna", "Bence", "Csilla"))
    anna = phone("anna")
    take_seat(anna, base + f"/j/{code}", "Anna")
    enter_points(anna, 1, 12)
    expect(total_of(anna, "Anna")).to_have_text("12")
    enter_points(anna, 2, 8)
    expect(total_of(tv, "Anna")).to_have_text("20")
    caught_up(tv, base, code)
    tv.locator("form.points select").select_option("Bence")
    enter_points(tv, 1, 15)
    expect(total_of(tv, "Bence")).to_have_text("15")
    caught_up(tv, base, code)
    tv.locator(f'form[action="/t/{code}/finish"] button').click()
    confirm(tv)
    for page in (tv, anna):
        expect(page.locator("#share")).to_be_visible(timeout=LIVE_TIMEOUT + 3000)
        page.wait_for_load_state()
    return code, tv, anna


def card_shown(page: Page) -> None:
    """The card's image is on the screen, loaded (a broken image has no natural width)."""
    image = page.locator("#share img")
    expect(image).to_be_visible()
    page.wait_for_function("() => document.querySelector('#share img').naturalWidth === 1200")


def test_a_phone_shares_the_card_or_downloads_it_and_opens_bg_stats(
        live_server, desktop, phone, browser_log):
    base = live_server.url
    code, tv, anna = finished_table(live_server, desktop, phone)
    card_shown(anna)
    share = anna.locator("#share a[data-share-card]")
    expect(share).to_have_attribute("download", f"score-pad-{code}.png")

    # headless Chromium on Linux has no share sheet for files: the tap downloads the card
    can_share = anna.evaluate("typeof navigator.canShare === 'function'")
    if can_share:
        expect(share).to_have_attribute("data-share", re.compile("sheet|download"))
    with anna.expect_download() as download:
        share.click()
    assert download.value.suggested_filename == f"score-pad-{code}.png"
    card_of(download.value.path().read_bytes())

    # a phone whose browser shares files: the share sheet gets the card, named, with the winner
    sharer = phone("sharer")
    sharer.add_init_script(SHARE_SHEET)
    sharer.goto(base + f"/t/{code}")
    card_shown(sharer)
    link = sharer.locator("#share a[data-share-card]")
    expect(link).to_have_attribute("data-share", "sheet")
    link.click()
    sharer.wait_for_function("() => window.sharedData !== undefined")
    shared = sharer.evaluate(SHARED_FILE)
    assert (shared["name"], shared["type"]) == (f"score-pad-{code}.png", "image/png")
    assert (shared["title"], shared["text"]) == ("Score pad (any game)", "Winner: Anna")
    card_of(base64.b64decode(shared["data"]))

    # the BG Stats link carries the play
    play = play_in(anna.locator("#share a", has_text="BG Stats").get_attribute("href"))
    assert play["sourcePlayId"] == code and "bggId" not in play["game"]
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == \
        [("Anna", 20, 1, True), ("Bence", 15, 2, False), ("Csilla", 0, 3, False)]

    # the TV fills in the game's BoardGameGeek id: the link is drawn again with it
    tv.locator("#share input[name=bgg]").fill("2651")
    tv.locator("#share form.bgg button").click()
    tv.wait_for_url(re.compile(r"\?bgg=2651#share$"))
    play = play_in(tv.locator("#share a", has_text="BG Stats").get_attribute("href"))
    assert play["game"]["bggId"] == 2651

    # the TV adds a photo (one tap, then the picker) and its note while Anna types hers: her
    # phone shows the photo and the note by itself, her typing untouched, and saves her note
    mark_page(anna)
    anna.locator("#remembered textarea[name=note]").fill("Close one")
    tv.locator("#remembered input[type=file]").set_input_files(files=[
        {"name": "table.jpg", "mimeType": "image/jpeg", "buffer": a_photo()}])
    expect(tv.locator("#remembered .photo-grid img")).to_have_count(1)
    tv.locator("#remembered textarea[name=note]").fill("Played at Bence's.")
    tv.locator("#remembered form.note-form button").click()
    expect(tv.locator("#remembered ul.notes")).to_contain_text("Played at Bence's.")
    anna.locator("#remembered textarea[name=note]").blur()   # left unsaved: kept, not swapped
    expect(anna.locator("#remembered textarea[name=note]")).to_have_value("Close one")
    anna.locator("#remembered form.note-form button").click()
    expect(anna.locator("#remembered ul.notes")).to_contain_text("Close one")
    mark_page(anna)
    tv.locator("#remembered textarea[name=note]").fill("Played at Bence's, with pizza.")
    tv.locator("#remembered form.note-form button").click()
    expect(anna.locator("#remembered ul.notes")).to_contain_text(
        "Played at Bence's, with pizza.", timeout=LIVE_TIMEOUT + 3000)
    expect(anna.locator("#remembered .photo-grid img")).to_have_count(1)
    assert_not_reloaded(anna)
    browser_log.assert_clean()


def a_photo() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (640, 480), (150, 60, 40)).save(out, "JPEG")
    return out.getvalue()


def test_without_javascript_the_share_button_downloads_the_card(live_server, desktop, phone,
                                                                browser_log):
    code, _tv, _anna = finished_table(live_server, desktop, phone)
    plain = phone("no-script", java_script_enabled=False)
    plain.goto(live_server.url + f"/t/{code}")
    with plain.expect_download() as download:
        plain.locator("#share a[data-share-card]").click()
    assert download.value.suggested_filename == f"score-pad-{code}.png"
    card_of(download.value.path().read_bytes())
    browser_log.assert_clean()


@pytest.mark.album
def test_share_screenshots(live_server, desktop, phone, browser_log):
    """The finished phone and TV with the share part, and the card with its chat thumbnail."""
    album = Album("share")
    code, tv, anna = finished_table(live_server, desktop, phone)
    for lang in ("en", "hu"):
        if lang == "hu":
            to_hungarian(anna)
            to_hungarian(tv)
        for page, name in ((anna, "share-phone"), (tv, "share-tv")):
            card_shown(page)
            expect(page.locator("#share h2")).to_have_text(
                "Share the result" if lang == "en" else "Eredmény megosztása")
            album.shoot(page, lang, name)
        # the card as the phone gets it, and as a chat shows it: 300 px wide
        answer = anna.request.get(anna.locator("#share img").evaluate("img => img.src"))
        image = card_of(answer.body())
        (SCREENS / f"{lang}-share-card.png").write_bytes(answer.body())
        image.resize((300, 158), Image.LANCZOS).save(SCREENS / f"{lang}-share-card-300.png")
        album.files += [SCREENS / f"{lang}-share-card.png", SCREENS / f"{lang}-share-card-300.png"]
    album.check()
    browser_log.assert_clean()
