"""A rematch at a real table: the TV finishes a score-pad game, taps "next player starts", and
both phones land at their own seats of the new table by themselves (one of them from the story
of the game), in English and Hungarian.
Screenshots: test-artifacts/screens/<lang>-rematch-*.png."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers import (LIVE_TIMEOUT, enter_points, finish_game, in_viewport, settled_after_finish,
                      start_table, take_seat, total_of)
from .test_screens import Album, to_hungarian

TV = {"viewport": {"width": 1920, "height": 1080}}
FOLLOW_TIMEOUT = LIVE_TIMEOUT + 8000    # one poll, then two page loads on a loaded machine


def play_and_rematch(lang: str, album: Album, live_server, phone, desktop) -> None:
    base = live_server.url
    host = desktop(f"{lang}-tv", **TV)
    host.goto(base + "/")
    if lang == "hu":
        to_hungarian(host)
    code = start_table(host, base, players=("Anna", "Bence"), open_home=False)
    anna, bence = phone(f"{lang}-anna"), phone(f"{lang}-bence")
    for page, name in ((anna, "Anna"), (bence, "Bence")):
        take_seat(page, f"{base}/j/{code}", name)
        if lang == "hu":
            to_hungarian(page)
    enter_points(anna, 1, 12)
    enter_points(bence, 1, 20)
    expect(total_of(host, "Bence")).to_have_text("20", timeout=LIVE_TIMEOUT)
    finish_game(host)
    settled_after_finish(host, anna, bence)

    # the TV offers the rematch first, beside the result; the phones wait for it
    card = host.locator("section.rematch-card")
    rotate = card.locator('button[name="order"][value="rotate"]')
    keep = card.locator('button[name="order"][value="keep"]')
    expect(rotate).to_contain_text("Bence")
    expect(keep).to_contain_text("Anna")
    assert in_viewport(host, rotate) and in_viewport(host, keep)
    album.shoot(host, lang, "rematch-tv-finished")
    for page in (anna, bence):
        expect(page.locator("section.rematch-card .waiting")).to_be_visible()
    album.shoot(anna, lang, "rematch-phone-waiting")
    bence.locator("p.story-link a").click()         # Bence reads the story of the game meanwhile
    bence.wait_for_url(f"{base}/t/{code}/story")
    expect(bence.locator(".story-chart svg")).to_be_visible()

    # one tap: the TV moves to the new table's host screen ...
    rotate.click()
    host.wait_for_url(re.compile(rf"/t/(?!{code}$)[A-Z0-9]+$"))
    new = host.url.rsplit("/", 1)[1]
    expect(host.locator("form.points")).to_be_visible()
    expect(host.locator("select#points-player")).to_have_value("Bence")  # Bence starts now
    # ... and each phone follows to its own seat there, with nothing done on it
    for page, name in ((anna, "Anna"), (bence, "Bence")):
        page.wait_for_url(f"{base}/t/{new}/phone", timeout=FOLLOW_TIMEOUT)
        expect(page.locator("section.me h1")).to_have_text(name)
        expect(page.locator("section.me .code")).to_have_text(new)
        expect(page.locator("form.points")).to_be_visible()
        page.wait_for_load_state()
    album.shoot(anna, lang, "rematch-phone-followed")
    album.shoot(host, lang, "rematch-tv-new")

    # the new table plays on: a phone's entry reaches the TV
    enter_points(anna, 1, 7)
    expect(total_of(host, "Anna")).to_have_text("7", timeout=LIVE_TIMEOUT)


def test_a_rematch_moves_the_tv_and_every_phone_to_the_new_table(live_server, phone, desktop,
                                                                 browser_log):
    album = Album("rematch")
    for lang in ("en", "hu"):
        play_and_rematch(lang, album, live_server, phone, desktop)
    assert {path.stem for path in album.files} == {
        f"{lang}-rematch-{name}" for lang in ("en", "hu")
        for name in ("tv-finished", "phone-waiting", "phone-followed", "tv-new")}
    album.check()
    browser_log.assert_clean()
