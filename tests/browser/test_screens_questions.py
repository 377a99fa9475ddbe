"""Screenshots of the questions a table asks, phone (412x915) and TV (1920x1080), English and
Hungarian: a host entry refused because the table moved on (with what changed), Finish confirmed
and then Reopened on the TV, leaving a seat on a phone and freeing one on the TV, and a Doodle City
phone after a lower value was circled. Each screen is checked to show what it should first."""
from __future__ import annotations

from functools import lru_cache

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Page, expect

from companion.tables import service

from .conftest import TRANSLATIONS
from .helpers import (LIVE_TIMEOUT, as_host, confirm, enter_points, finish_game, in_viewport,
                      seated, settled_after_finish, total_of)
from .test_screens import Album

TV = {"viewport": {"width": 1920, "height": 1080}}
SETUP = [{"type": "start_road", "column": c, "shape": s}
         for c, s in enumerate(["NS", "EW", "EW", "EW", "NS"], 1)]
ROW_1 = [{"type": "draw", "player": "Anna", "row": 1, "column": c, "shape": "EW"} for c in (1, 2, 5)]
SHOTS = ("question-stale-tv", "question-leave-phone", "question-free-seat-tv",
         "question-finished-tv", "question-reopened-tv", "doodle-circled-lower-phone")


@lru_cache(maxsize=1)
def hungarian():
    with (TRANSLATIONS / "hu" / "LC_MESSAGES" / "messages.po").open("rb") as source:
        return read_po(source)


def said(lang: str, msgid: str | tuple[str, str], n: int = 1, **values) -> str:
    """The interface text a screen in this language shows (as the app's gettext/ngettext)."""
    plural = isinstance(msgid, tuple)
    if lang == "en":
        text = (msgid[0] if n == 1 else msgid[1]) if plural else msgid
    else:
        message = hungarian().get(msgid[0] if plural else msgid)
        assert message is not None and message.string, f"no Hungarian for {msgid!r}"
        text = message.string[0 if n == 1 else 1] if plural else message.string
    return text % values if values else text


def opened(live_server, game: str, players, events, **options) -> tuple[str, str]:
    with live_server.app.app_context():
        table, secret = service.create(game, options, list(players), events)
        return table.code, secret


def back(page: Page, lang: str) -> None:
    """Answer "Back, change nothing" and wait for the question to go."""
    page.locator("section.confirm").get_by_role(
        "link", name=said(lang, "Back, change nothing")).click()
    expect(page.locator("section.confirm")).to_have_count(0)


def score_pad_album(lang: str, album: Album, live_server, phone, desktop) -> None:
    code, secret = opened(live_server, "score-pad", ("Anna", "Bence", "Csilla"), [])
    tv = desktop(f"{lang}-q-tv", **TV)
    as_host(tv, live_server, code, secret, lang)
    anna = seated(phone, live_server, code, "Anna", lang, "q-")
    bence = seated(phone, live_server, code, "Bence", lang, "q-")
    enter_points(anna, 1, 10)
    enter_points(bence, 1, 12)
    expect(total_of(tv, "Bence")).to_have_text("12", timeout=LIVE_TIMEOUT)

    # 1. the TV's form, started on, is refused because Bence's phone entered round 2 meanwhile
    form = tv.locator("form.points")
    form.locator("select#points-player").select_option("Bence")
    form.locator('input[name="points-points"]').fill("5")
    enter_points(bence, 2, 7)
    expect(total_of(tv, "Bence")).to_have_text("19", timeout=LIVE_TIMEOUT)
    form.locator('input[name="points-round"]').fill("2")
    with tv.expect_response(lambda r: "/act/points" in r.url) as answer:
        form.locator("button").click()
    assert answer.value.status == 409
    dialog = tv.locator("section.confirm")
    expect(dialog).to_contain_text(said(lang, "Entered since this screen was loaded:"))
    expect(dialog.locator("ul.changes")).to_contain_text(said(
        lang, ("%(player)s: %(points)s point in round %(round)s",
               "%(player)s: %(points)s points in round %(round)s"), 7,
        player="Bence", points=7, round=2))
    expect(dialog.locator("h2")).to_have_text(said(
        lang, "%(player)s's round %(round)s is %(old)s. Replace it with %(new)s?",
        player="Bence", round=2, old=7, new=5))
    album.shoot(tv, lang, "question-stale-tv")
    back(tv, lang)
    expect(total_of(tv, "Bence")).to_have_text("19")

    # 2. leaving a seat asks first, on the phone
    anna.locator(f'section.actions form[action$="/t/{code}/seat/0/free"] button').click()
    expect(anna.locator("section.confirm h2")).to_have_text(said(
        lang, "Leave %(name)s's seat? This phone stops entering for %(name)s; any phone can "
              "take the seat again.", name="Anna"))
    expect(anna.locator("section.confirm form button")).to_have_text(said(lang, "Leave the seat"))
    album.shoot(anna, lang, "question-leave-phone")
    back(anna, lang)
    expect(anna.locator("section.me h1")).to_have_text("Anna")

    # 3. freeing Bence's seat on the TV asks first
    tv.locator(f'.seat-list form[action$="/t/{code}/seat/1/free"] button').click()
    expect(tv.locator("section.confirm h2")).to_have_text(said(
        lang, "Free %(name)s's seat? The phone holding it is sent back to the seat list, and "
              "any phone can take it.", name="Bence"))
    expect(tv.locator("section.confirm form button")).to_have_text(said(lang, "Free the seat"))
    album.shoot(tv, lang, "question-free-seat-tv")
    back(tv, lang)

    # 4. Finish, confirmed on the TV; then Reopen, and the game is on again
    finish_game(tv)
    expect(tv.locator("#live .winners")).to_have_text(
        said(lang, ("Winner: %(names)s", "Winners: %(names)s"), 1, names="Bence"))
    reopen = tv.locator(f'section.actions form[action$="/t/{code}/reopen"] button')
    expect(reopen).to_have_text(said(lang, "Reopen the game"))
    settled_after_finish(anna, bence)
    expect(tv.locator("img.qr")).to_be_hidden()     # nobody joins a finished game: folded
    assert in_viewport(tv, reopen), "Reopen is in the TV's first screen"
    album.shoot(tv, lang, "question-finished-tv")
    with tv.expect_response(lambda r: "/reopen" in r.url and r.request.method == "POST"):
        reopen.click()
    expect(tv.locator("#live .winners")).to_have_count(0)
    expect(tv.locator("#live ol.history")).to_contain_text(said(lang, "Game reopened"))
    expect(tv.locator("form.points")).to_be_visible()
    expect(tv.locator('section.actions form[action$="/finish"] button')).to_be_visible()
    for page in (anna, bence):
        expect(page.locator("form.points")).to_be_visible(timeout=LIVE_TIMEOUT + 3000)
        page.wait_for_load_state()
    album.shoot(tv, lang, "question-reopened-tv")


def doodle_album(lang: str, album: Album, live_server, phone) -> None:
    # blue 4, white 1: the hotel at row 1, column 4 on a road of 5 may circle 5 or, lower, 3
    code, _ = opened(live_server, "doodle-city", ("Anna", "Bence"),
                     SETUP + ROW_1 + [{"type": "roll", "blue": 4, "white": [1, 2, 3]}],
                     sheet="default", dice="physical")
    anna = seated(phone, live_server, code, "Anna", lang, "q-")
    anna.locator("#live a.die.legal", has_text="1").click()
    expect(anna.locator("#live a.die.chosen")).to_have_text("1")
    anna.locator('.sheet-grid a.cell[href*="cell=1-4"]').click()
    straight = anna.locator('#shape-bar button[value="EW"]')
    expect(straight.locator(".circles")).to_have_text("5")
    anna.locator(".circle-choice label.chip", has_text="3").click()
    expect(straight.locator(".circles")).to_have_text("3")
    with anna.expect_response(lambda r: "/act/draw" in r.url):
        straight.click()
    expect(anna.locator("#live .note-line")).to_have_text(said(
        lang, ("Hotel on a road of %(num)s cell: circled %(value)s.",
               "Hotel on a road of %(num)s cells: circled %(value)s."), 5, num=5, value=3))
    hotels = anna.locator("#live .tracks > div").first
    expect(hotels.locator(".track-name")).to_have_text(said(lang, "Hotels"))
    expect(hotels.locator(".value.circled")).to_have_text("3")
    expect(total_of(anna, "Anna")).to_have_text("11")
    album.shoot(anna, lang, "doodle-circled-lower-phone")


@pytest.mark.album
def test_question_screenshots(live_server, phone, desktop, browser_log):
    album = Album("questions")
    for lang in ("en", "hu"):
        score_pad_album(lang, album, live_server, phone, desktop)
        doodle_album(lang, album, live_server, phone)
    names = {path.stem for path in album.files}
    for lang in ("en", "hu"):
        for name in SHOTS:
            assert f"{lang}-{name}" in names
    album.check()
    browser_log.assert_clean()
