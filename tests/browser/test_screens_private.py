"""Screenshots of private tables and host links, phone (412x915) and TV (1920x1080), English
and Hungarian: the home page with this browser's own tables, a stranger's home page, the host
link page on the TV, a spent link, and the page a burst of wrong codes gets."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from companion.tables import service

from .helpers import start_table, take_seat
from .test_screens import Album, to_hungarian

TV = {"viewport": {"width": 1920, "height": 1080}}


def private_album(lang, album, live_server, phone, desktop):
    base = live_server.url
    host = desktop(f"{lang}-private-host")
    host.goto(base + "/")
    if lang == "hu":
        to_hungarian(host)
    code = start_table(host, base, players=("Anna", "Bence"), open_home=False)

    anna = phone(f"{lang}-private-anna")
    anna.goto(base + f"/j/{code}")
    if lang == "hu":
        to_hungarian(anna)
    take_seat(anna, base + f"/j/{code}", "Anna")
    anna.goto(base + "/")
    expect(anna.locator("ul.tables li")).to_have_count(1)
    album.shoot(anna, lang, "home-your-tables")

    stranger = phone(f"{lang}-private-stranger")
    stranger.goto(base + "/")
    if lang == "hu":
        to_hungarian(stranger)
    expect(stranger.locator("ul.tables")).to_have_count(0)
    album.shoot(stranger, lang, "home-stranger")

    with live_server.app.app_context():
        token = service.claim_link(service.find(code))
    tv = desktop(f"{lang}-private-tv", **TV)
    tv.goto(base + "/")
    if lang == "hu":
        to_hungarian(tv)
    tv.goto(base + f"/t/{code}/claim/{token}")
    album.shoot(tv, lang, "tv-host-link")
    tv.locator("main form button").click()
    expect(tv.locator("#live")).to_be_visible()
    stranger.goto(base + f"/t/{code}/claim/{token}")
    album.shoot(stranger, lang, "host-link-spent")

    for n in range(31):
        stranger.goto(base + f"/go?code=AAAA{n % 10}")
    album.shoot(stranger, lang, "too-many-codes")
    expect(stranger.locator("main .error")).to_be_visible()
    tv.reload()                                 # the host screen on the same router goes on
    expect(tv.locator("#live")).to_be_visible()
    for screen in (stranger, tv):           # a character no keyboard types, in the address
        screen.goto(base + "/go?code=AB%00CD")
        expect(screen.locator("main .error")).to_contain_text(
            "NUL" if lang == "en" else "billentyűzet")
    album.shoot(stranger, lang, "not-typed-text")
    album.shoot(tv, lang, "tv-not-typed-text")
    answer = stranger.request.post(base + "/lang", data=json.dumps({"lang": "en"}),
                                   headers={"Content-Type": "application/json",
                                            "Cookie": f"lang={lang}"})
    assert answer.status == 415
    stranger.set_content(answer.text())     # the page a script posting JSON gets
    expect(stranger.locator("main .error")).to_contain_text("application/json")
    album.shoot(stranger, lang, "not-a-form")
    with live_server.app.app_context():     # (the counts are in the app's database)
        for limiter in live_server.app.extensions["limiter"]:   # every browser here is 127.0.0.1
            limiter.reset()


@pytest.mark.album
def test_private_table_screenshots(live_server, phone, desktop, browser_log):
    album = Album("private")
    for lang in ("en", "hu"):
        private_album(lang, album, live_server, phone, desktop)
    album.check()
    browser_log.assert_clean()
