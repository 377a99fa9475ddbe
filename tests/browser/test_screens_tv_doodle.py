"""Screenshots of the TV host screen and of Doodle City's screens, in English and Hungarian:
a move on a phone (die, cell, shapes with the value each circles), the setup, the round at a
glance on the TV, a quick tally as saved, the final ranking on the TV, the whole history."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion.tables import service

from .helpers import (LIVE_TIMEOUT, as_host, confirm, enter_points, seated,
                      settled_after_finish, total_of, twin)
from .test_screens import Album, check_all

TV = {"viewport": {"width": 1920, "height": 1080}}
LANGS = ("en", "hu")
SETUP = [{"type": "start_road", "column": c, "shape": s}
         for c, s in enumerate(["NS", "EW", "EW", "EW", "NS"], 1)]
ROW_1 = [{"type": "draw", "player": "Anna", "row": 1, "column": c, "shape": "EW"} for c in (1, 2, 5)]


def opened(live_server, game, players, events, **options):
    with live_server.app.app_context():
        table, secret = service.create(game, options, list(players), events)
        return table.code, secret


def doodle_album(albums, live_server, phone, desktop):
    """A move on a phone in each language (each its own table: the picture after the move is
    the answer to the phone's own tap); then on the Hungarian one's table the other seats, the
    TV and a tally, each screen also open in English on a device holding the same seat or host
    secret, photographed at the same moment."""
    for lang in LANGS:
        # a move: the die, then the hotel whose road offers 5 or 3
        code, secret = opened(live_server, "doodle-city", ("Anna", "Bence", "Csilla"),
                              SETUP + ROW_1 + [{"type": "roll", "blue": 4, "white": [1, 2, 3, 5]}],
                              sheet="default", dice="physical")
        album, anna = albums[lang], seated(phone, live_server, code, "Anna", lang)
        album.shoot(anna, lang, "doodle-phone")
        anna.locator("#live a.die.legal").first.click()
        expect(anna.locator("#live a.die.chosen")).to_be_visible()
        album.shoot(anna, lang, "doodle-phone-die")
        anna.locator('.sheet-grid a.cell[href*="cell=1-4"]').click()
        expect(anna.locator("#shape-bar")).to_be_visible()
        album.shoot(anna, lang, "doodle-phone-shapes")
        with anna.expect_response(lambda r: "/act/draw" in r.url):
            anna.locator('#shape-bar button[value="EW"]').click()
        expect(anna.locator("#live .note-line")).to_be_visible()
        album.shoot(anna, lang, "doodle-phone-after")

    # the TV (the last move's table): every seat taken (the QR folded), the round at a
    # glance, acting for a seat
    seated(phone, live_server, code, "Bence", "hu")
    csilla = seated(phone, live_server, code, "Csilla", "hu")
    csillas = {"hu": csilla, "en": twin(phone, csilla, "en-Csilla", "en")}
    tvs = {}
    for lang in LANGS:
        page = csillas[lang]
        page.locator("#live a.die.legal").first.click()      # before Bence: asked first
        expect(page.locator(".turn-question")).to_be_visible()
        albums[lang].shoot(page, lang, "doodle-phone-out-of-turn")
        tv = tvs[lang] = desktop(f"{lang}-tv-doodle", **TV)
        as_host(tv, live_server, code, secret, lang)
        expect(tv.locator("img.qr")).to_be_hidden()
        albums[lang].shoot(tv, lang, "tv-doodle")
        tv.locator(".seat-tabs a", has_text="Bence").click()
        expect(tv.locator("#live .sheet-grid")).to_be_visible()
        albums[lang].shoot(tv, lang, "tv-doodle-act-for")

    # the setup on the TV, the sheet not knowing the printed roads (said once)
    code, secret = opened(live_server, "doodle-city", ("Anna", "Bence"),
                          [{"type": "setup_roll", "blue": [4, 1, 6, 2, 5]}], sheet="default")
    for lang in LANGS:
        as_host(tvs[lang], live_server, code, secret, lang)
        albums[lang].shoot(tvs[lang], lang, "tv-doodle-setup")

    # a quick tally as saved, on the phone
    code, secret = opened(live_server, "doodle-city", ("Anna", "Bence"), [], sheet="default",
                          tally=True)
    anna = seated(phone, live_server, code, "Anna", "hu", "tally-")
    form = anna.locator("form.tally")
    form.locator('input[name="tally-hotels"]').fill("15 7")
    form.locator('input[name="tally-shops"]').fill("10 4")
    form.locator('input[name="tally-bonuses"]').fill("10")
    form.locator('input[name="tally-taxis"]').fill("2")
    form.locator('input[name="tally-trees"]').fill("1")
    with anna.expect_response(lambda r: "/act/tally" in r.url):
        form.locator("button").click()
    annas = {"hu": anna, "en": twin(phone, anna, "en-tally-Anna", "en")}
    for lang in LANGS:
        page = annas[lang]
        expect(page.locator("#live .tracks")).to_be_visible()
        albums[lang].shoot(page, lang, "doodle-tally-saved")

        # the sheet editor: start roads picked by their drawing
        page.goto(f"{live_server.url}/games/doodle-city/sheets/new")
        expect(page.locator("td.roads select")).to_have_count(30)
        albums[lang].shoot(page, lang, "doodle-sheet-editor")


def tv_album(albums, live_server, phone, desktop):
    """One score-pad game entered on four phones, its TV open in both languages."""
    code, secret = opened(live_server, "score-pad", ("Anna", "Bence", "Csilla", "Dani"), [])
    tvs = {lang: desktop(f"{lang}-tv", **TV) for lang in LANGS}
    for lang, tv in tvs.items():
        as_host(tv, live_server, code, secret, lang)
        albums[lang].shoot(tv, lang, "tv-waiting")          # seats free: the QR code is shown
    phones = [seated(phone, live_server, code, n, "hu", "tv-")
              for n in ("Anna", "Bence", "Csilla", "Dani")]
    for round_ in (1, 2, 3):
        for page, points in zip(phones, (12, 30, 7, 18)):
            enter_points(page, round_, points + round_)
    for lang, tv in tvs.items():
        expect(total_of(tv, "Bence")).to_have_text("96", timeout=3000)
        albums[lang].shoot(tv, lang, "tv-playing")
        tv.locator('section.actions form[action$="/finish"] button').click()
        expect(tv.locator("section.confirm")).to_be_visible()
        albums[lang].shoot(tv, lang, "tv-finish-confirm")
    tvs["en"].locator("section.confirm a.button").click()          # Back, change nothing
    expect(tvs["en"].locator("section.confirm")).to_have_count(0)
    confirm(tvs["hu"])
    for lang, tv in tvs.items():            # the English TV reloads into the final result
        expect(tv.locator("#live .winners")).to_be_visible(timeout=LIVE_TIMEOUT + 3000)
        albums[lang].shoot(tv, lang, "tv-finished")
    settled_after_finish(*phones)
    for lang, tv in tvs.items():
        tv.goto(f"{live_server.url}/t/{code}/history")
        albums[lang].shoot(tv, lang, "history")


@pytest.mark.album
def test_tv_and_doodle_city_screenshots(live_server, phone, desktop, browser_log):
    albums = {lang: Album(f"tv-doodle-{lang}") for lang in LANGS}
    doodle_album(albums, live_server, phone, desktop)
    tv_album(albums, live_server, phone, desktop)
    for lang, album in albums.items():
        names = {path.stem for path in album.files}
        for name in ("doodle-phone", "doodle-phone-die", "doodle-phone-shapes",
                     "doodle-phone-after", "doodle-phone-out-of-turn", "tv-doodle",
                     "tv-doodle-act-for", "tv-doodle-setup", "doodle-tally-saved",
                     "doodle-sheet-editor", "tv-waiting", "tv-playing", "tv-finish-confirm",
                     "tv-finished", "history"):
            assert f"{lang}-{name}" in names
    check_all(albums.values())
    browser_log.assert_clean()
