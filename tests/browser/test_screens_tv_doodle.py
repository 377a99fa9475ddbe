"""Screenshots of the TV host screen and of Doodle City's screens, in English and Hungarian:
a move on a phone (die, cell, shapes with the value each circles), the setup, the round at a
glance on the TV, a quick tally as saved, the final ranking on the TV, the whole history."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion.tables import service

from .helpers import as_host, confirm, enter_points, seated, settled_after_finish, total_of
from .test_screens import Album

TV = {"viewport": {"width": 1920, "height": 1080}}
SETUP = [{"type": "start_road", "column": c, "shape": s}
         for c, s in enumerate(["NS", "EW", "EW", "EW", "NS"], 1)]
ROW_1 = [{"type": "draw", "player": "Anna", "row": 1, "column": c, "shape": "EW"} for c in (1, 2, 5)]


def opened(live_server, game, players, events, **options):
    with live_server.app.app_context():
        table, secret = service.create(game, options, list(players), events)
        return table.code, secret


def doodle_album(lang, album, live_server, phone, desktop):
    # a move: the die, then the hotel whose road offers 5 or 3
    code, secret = opened(live_server, "doodle-city", ("Anna", "Bence", "Csilla"),
                          SETUP + ROW_1 + [{"type": "roll", "blue": 4, "white": [1, 2, 3, 5]}],
                          sheet="default", dice="physical")
    anna = seated(phone, live_server, code, "Anna", lang)
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

    # the TV: every seat taken (the QR folded), the round at a glance, acting for a seat
    seated(phone, live_server, code, "Bence", lang)
    csilla = seated(phone, live_server, code, "Csilla", lang)
    csilla.locator("#live a.die.legal").first.click()      # before Bence: asked first
    expect(csilla.locator(".turn-question")).to_be_visible()
    album.shoot(csilla, lang, "doodle-phone-out-of-turn")
    tv = desktop(f"{lang}-tv-doodle", **TV)
    as_host(tv, live_server, code, secret, lang)
    expect(tv.locator("img.qr")).to_be_hidden()
    album.shoot(tv, lang, "tv-doodle")
    tv.locator(".seat-tabs a", has_text="Bence").click()
    expect(tv.locator("#live .sheet-grid")).to_be_visible()
    album.shoot(tv, lang, "tv-doodle-act-for")

    # the setup on the TV, the sheet not knowing the printed roads (said once)
    code, secret = opened(live_server, "doodle-city", ("Anna", "Bence"),
                          [{"type": "setup_roll", "blue": [4, 1, 6, 2, 5]}], sheet="default")
    setup = desktop(f"{lang}-tv-setup", **TV)
    as_host(setup, live_server, code, secret, lang)
    album.shoot(setup, lang, "tv-doodle-setup")

    # a quick tally as saved, on the phone
    code, secret = opened(live_server, "doodle-city", ("Anna", "Bence"), [], sheet="default",
                          tally=True)
    anna = seated(phone, live_server, code, "Anna", lang)
    form = anna.locator("form.tally")
    form.locator('input[name="tally-hotels"]').fill("15 7")
    form.locator('input[name="tally-shops"]').fill("10 4")
    form.locator('input[name="tally-bonuses"]').fill("10")
    form.locator('input[name="tally-taxis"]').fill("2")
    form.locator('input[name="tally-trees"]').fill("1")
    with anna.expect_response(lambda r: "/act/tally" in r.url):
        form.locator("button").click()
    expect(anna.locator("#live .tracks")).to_be_visible()
    album.shoot(anna, lang, "doodle-tally-saved")

    # the sheet editor: start roads picked by their drawing
    anna.goto(f"{live_server.url}/games/doodle-city/sheets/new")
    expect(anna.locator("td.roads select")).to_have_count(30)
    album.shoot(anna, lang, "doodle-sheet-editor")


def tv_album(lang, album, live_server, phone, desktop):
    code, secret = opened(live_server, "score-pad", ("Anna", "Bence", "Csilla", "Dani"), [])
    tv = desktop(f"{lang}-tv", **TV)
    as_host(tv, live_server, code, secret, lang)
    album.shoot(tv, lang, "tv-waiting")                  # seats free: the QR code is shown
    phones = [seated(phone, live_server, code, n, lang) for n in ("Anna", "Bence", "Csilla", "Dani")]
    for round_ in (1, 2, 3):
        for page, points in zip(phones, (12, 30, 7, 18)):
            enter_points(page, round_, points + round_)
    expect(total_of(tv, "Bence")).to_have_text("96", timeout=3000)
    album.shoot(tv, lang, "tv-playing")
    tv.locator('section.actions form[action$="/finish"] button').click()
    expect(tv.locator("section.confirm")).to_be_visible()
    album.shoot(tv, lang, "tv-finish-confirm")
    confirm(tv)
    expect(tv.locator("#live .winners")).to_be_visible()
    album.shoot(tv, lang, "tv-finished")
    settled_after_finish(*phones)
    tv.goto(f"{live_server.url}/t/{code}/history")
    album.shoot(tv, lang, "history")


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_tv_and_doodle_city_screenshots(lang, live_server, phone, desktop, browser_log):
    album = Album(f"tv-doodle-{lang}")
    doodle_album(lang, album, live_server, phone, desktop)
    tv_album(lang, album, live_server, phone, desktop)
    names = {path.stem for path in album.files}
    for name in ("doodle-phone", "doodle-phone-die", "doodle-phone-shapes",
                 "doodle-phone-after", "doodle-phone-out-of-turn", "tv-doodle", "tv-doodle-act-for", "tv-doodle-setup",
                 "doodle-tally-saved", "doodle-sheet-editor", "tv-waiting", "tv-playing",
                 "tv-finish-confirm", "tv-finished", "history"):
        assert f"{lang}-{name}" in names
    album.check()
    browser_log.assert_clean()
