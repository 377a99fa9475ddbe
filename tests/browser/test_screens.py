"""Screenshots of every screen on a Pixel 7, the host on a desktop and a 1920x1080 TV, in English
and Hungarian.

The PNGs land in test-artifacts/screens/ (git-ignored) for a person to look at; the tests check
that each was written, that every visible button and input is a comfortable tap target, and that
no English interface text is left on a Hungarian page.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Page, expect

from .conftest import ROOT, TRANSLATIONS
from .helpers import (LIVE_TIMEOUT, confirm, enter_points, settled_after_finish, start_table,
                      take_seat, total_of)

SCREENS = ROOT / "test-artifacts" / "screens"
MIN_TAP = 44        # CSS px

TAP_TARGETS = """() => Array.from(document.querySelectorAll('button, a.button, input'))
  .filter(el => !(el.tagName === 'INPUT' && ['hidden', 'checkbox', 'radio'].includes(el.type)))
  .filter(el => { const r = el.getBoundingClientRect();       // (not inside a closed <details>)
                  return r.width > 0 && r.height > 0 && el.checkVisibility({visibilityProperty: true}); })
  .map(el => ({what: el.tagName.toLowerCase() + (el.className ? '.' + el.className.split(' ').join('.') : '')
                     + (el.name ? '[name=' + el.name + ']' : ''),
               text: (el.innerText || el.value || el.placeholder || '').trim().slice(0, 40),
               height: Math.round(el.getBoundingClientRect().height * 10) / 10}))"""


def english_messages() -> set[str]:
    """English interface texts that Hungarian pages should not show (translated differently)."""
    with (TRANSLATIONS / "hu" / "LC_MESSAGES" / "messages.po").open("rb") as source:
        catalog = read_po(source)
    texts, hungarian = set(), []
    for message in catalog:
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        msgstr = message.string if isinstance(message.string, str) else message.string[0]
        hungarian.append(msgstr or "")
        if not msgid or msgid == msgstr:
            continue
        for part in re.split(r"%\(\w+\)[sdr]", msgid):      # the fixed text around placeholders
            part = part.strip(" .,:·;()")
            if len(part) >= 5 and " " in part or len(part) >= 7:
                texts.add(part)
    # a name kept in its translation ("Firkaváros (Doodle City)") is Hungarian too
    return {text for text in texts if not any(text in string for string in hungarian)}


def small_tap_targets(page: Page, name: str) -> list[str]:
    """The visible buttons and inputs on the page as it is now under MIN_TAP px high."""
    return [f"{name}: {target['what']} {target['text']!r} is {target['height']} px high"
            for target in page.evaluate(TAP_TARGETS) if target["height"] < MIN_TAP]


def english_left(page: Page, name: str, english: set[str]) -> list[str]:
    """The English interface texts a Hungarian page shows."""
    text = page.locator("body").inner_text()
    return [f"{name}: {words!r}" for words in sorted(english) if words in text]


class Album:
    """Takes the screenshots and collects what is wrong on them."""

    def __init__(self, name: str = "phones") -> None:
        SCREENS.mkdir(parents=True, exist_ok=True)
        self.name = name
        self.files: list[Path] = []
        self.small: list[str] = []
        self.english: list[str] = []
        self.english_texts = english_messages()

    def shoot(self, page: Page, lang: str, name: str) -> None:
        page.wait_for_load_state()
        path = SCREENS / f"{lang}-{name}.png"
        path.unlink(missing_ok=True)
        # caret="initial": hiding the caret leaves style="" on inputs, which htmx's settling
        # copies around and the CSP then refuses (an artefact of the screenshot, not the app)
        page.screenshot(path=str(path), full_page=True, caret="initial", animations="disabled",
                        scale="css")
        self.files.append(path)
        self.small += small_tap_targets(page, f"{lang}-{name}")
        if lang == "hu":
            self.english += english_left(page, f"{lang}-{name}", self.english_texts)


    def check(self) -> None:
        """Every shot written; no small tap target; no English on a Hungarian page."""
        for path in self.files:
            assert path.exists() and path.stat().st_size > 0, path
        report = ["tap targets under %d px:" % MIN_TAP, *self.small,
                  "English on Hungarian pages:", *self.english]
        (SCREENS / f"report-{self.name}.txt").write_text("\n".join(report) + "\n")
        print("\n".join(report))
        assert not self.small, "tap targets too small:\n" + "\n".join(self.small)
        assert not self.english, "English left on Hungarian pages:\n" + "\n".join(self.english)


def check_all(albums) -> None:
    """Every album checked, each report written, before what is wrong on any is told."""
    wrong = []
    for album in albums:
        try:
            album.check()
        except AssertionError as error:
            wrong.append(str(error))
    assert not wrong, "\n".join(wrong)


def to_hungarian(page: Page) -> None:
    magyar = page.locator("header form.lang button[value=hu]")
    magyar.click()
    expect(magyar).to_have_attribute("aria-current", "true")


def take_album(lang, album, live_server, phone, desktop, playwright) -> None:
    base = live_server.url

    # home, and home after starting a table without any names
    visitor = phone(f"{lang}-visitor")
    visitor.goto(base + "/")
    if lang == "hu":
        to_hungarian(visitor)
    album.shoot(visitor, lang, "home")
    with visitor.expect_response(lambda r: r.request.method == "POST") as answer:
        visitor.locator('form[action="/"] button.primary').click()
    assert answer.value.status == 422
    expect(visitor.locator('form[action="/"] .error').first).to_be_visible()
    album.shoot(visitor, lang, "home-error")

    # the host starts a table on the big screen
    host = desktop(f"{lang}-host")
    host.goto(base + "/")
    if lang == "hu":
        to_hungarian(host)
    code = start_table(host, base, players=("Anna", "Bence", "Csilla"), open_home=False)

    # the same phone is Anna's: the join page, then her sheet with some points
    anna = visitor
    anna.goto(base + f"/j/{code}")
    expect(anna.locator("button.seat")).to_have_count(3)
    album.shoot(anna, lang, "join")
    take_seat(anna, base + f"/j/{code}", "Anna")
    enter_points(anna, 1, 12)
    expect(total_of(anna, "Anna")).to_have_text("12")
    enter_points(anna, 2, 8)
    expect(total_of(anna, "Anna")).to_have_text("20")
    host.locator("select#points-player").select_option(label="Bence")
    enter_points(host, 1, 15)
    expect(total_of(host, "Bence")).to_have_text("15")
    expect(total_of(anna, "Bence")).to_have_text("15", timeout=LIVE_TIMEOUT)
    album.shoot(anna, lang, "phone-points")

    # a round she already has: the phone asks before replacing it
    enter_points(anna, 1, 5)
    expect(anna.locator("section.confirm")).to_be_visible()
    album.shoot(anna, lang, "phone-replace")
    anna.locator("section.confirm a.button").click()
    expect(anna.locator("section.confirm")).to_have_count(0)

    # an entry the server refuses: 422, the phone explains why. The inputs carry min/max, so
    # the browser's own check is switched off first (as on a browser without form validation)
    form = anna.locator("form.points")
    form.evaluate("f => { f.noValidate = true; }")
    with anna.expect_response(lambda r: "/act/points" in r.url) as answer:
        form.locator('input[name="points-round"]').fill("3")
        form.locator('input[name="points-points"]').fill("2000000")
        form.locator("button").click()
    assert answer.value.status == 422
    expect(anna.locator("main .error").first).to_be_visible()
    album.shoot(anna, lang, "phone-invalid")

    # the host screen, on the desktop and on a phone (same host cookies)
    expect(host.locator("#live ol.history li")).to_have_count(3, timeout=LIVE_TIMEOUT)
    album.shoot(host, lang, "host-desktop")
    host_phone = phone(f"{lang}-host-phone")
    host_phone.context.add_cookies(host.context.cookies())
    host_phone.goto(base + f"/t/{code}")
    expect(host_phone.locator("form.points")).to_be_visible()
    album.shoot(host_phone, lang, "host-phone")

    # finished: the result on the host and on Anna's phone (arrived live)
    host.locator(f'form[action="/t/{code}/finish"] button').click()
    expect(host.locator("section.confirm")).to_be_visible()
    album.shoot(host, lang, "finish-confirm")
    confirm(host)
    expect(host.locator("#live .winners")).to_be_visible()
    album.shoot(host, lang, "finished-host")
    # (soft: when this fails the screenshots of the other language are still taken)
    expect.soft(anna.locator("#live .winners")).to_be_visible(timeout=LIVE_TIMEOUT)
    if not anna.locator("#live .winners").is_visible():
        album.shoot(anna, lang, "finished-broken")          # what the phone showed instead
        anna.goto(base + f"/t/{code}/phone")
        expect(anna.locator("#live .winners")).to_be_visible()
    album.shoot(anna, lang, "finished")
    settled_after_finish(anna, host_phone)


@pytest.mark.album
def test_phone_screenshots(live_server, phone, desktop, playwright, browser_log):
    album = Album()
    for lang in ("en", "hu"):
        take_album(lang, album, live_server, phone, desktop, playwright)

    names = {path.stem for path in album.files}
    for lang in ("en", "hu"):
        for name in ("home", "home-error", "join", "phone-points", "phone-replace", "phone-invalid",
                     "host-desktop", "host-phone", "finish-confirm", "finished-host", "finished"):
            assert f"{lang}-{name}" in names
    album.check()
    browser_log.assert_clean()
