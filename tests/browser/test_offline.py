"""A phone that drops off the Wi-Fi loses nothing: entries made offline wait in the browser's
storage, reach the table once when it answers again (also after the page was closed), and an
entry the table no longer takes is shown as refused, in words."""
from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import Page, expect

from .helpers import (LIVE_TIMEOUT, live_polls_due, set_up_doodle_city, start_table, take_seat,
                      total_of, until)
from .test_screens import Album, check_all, to_hungarian

LANGS = ("en", "hu")


def record(host: Page, base_url: str, code: str) -> list[dict]:
    return host.request.get(f"{base_url}/t/{code}/record.json").json()["events"]


def kept(page: Page, code: str) -> list[dict]:
    return json.loads(page.evaluate(f"localStorage.getItem('tc-queue:{code}') || '[]'"))


def save_offline(page: Page, round_: int, points: int) -> None:
    """Fill the phone's points form and tap save: no request can leave."""
    form = page.locator("form.points")
    form.locator('input[name="points-round"]').fill(str(round_))
    form.locator('input[name="points-points"]').fill(str(points))
    form.locator("button").click()


def behind_by(page: Page, seconds: int) -> None:
    """Wait until the offline banner says the screen is at least ``seconds`` behind (its own
    words, in the page's language)."""
    words = page.locator("#offline").get_attribute("data-behind")
    at_least = rf"(?:[{seconds}-9]|\d{{2,}})"             # seconds: 1 to 9
    pattern = re.escape(words).replace(re.escape("{s}"), at_least)
    expect(page.locator("#offline .offline-line")).to_contain_text(re.compile(pattern))


def host_enters(host: Page, player: str, round_: int, points: int) -> None:
    """The host screen enters ``player``'s round with its entry form."""
    form = host.locator("section.entry form.points")
    form.locator('select[name="points-player"]').select_option(player)
    form.locator('input[name="points-round"]').fill(str(round_))
    form.locator('input[name="points-points"]').fill(str(points))
    with host.expect_response(lambda r: "/act/points" in r.url):
        form.locator("button").click()


def go_offline(page: Page) -> None:
    page.context.set_offline(True)
    banner = page.locator("#offline")
    expect(banner).to_be_visible(timeout=3000)
    expect(banner).to_contain_text(re.compile(r"Offline — last update \d+ s ago"))


def line_back(page: Page) -> None:
    """The screen knows the table answers again (its banner says so at once; a note shown
    while offline stays its 6 s, read or not)."""
    expect(page.locator("#offline")).not_to_have_class(re.compile(r"\bis-offline\b"),
                                                       timeout=LIVE_TIMEOUT)
    expect(page.locator("#offline .offline-line")).to_have_text("")


def test_two_entries_made_offline_reach_the_host_once_after_the_page_was_closed(
        live_server, host_page, phone, browser_log):
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"))
    anna = phone("Anna")
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    phone_url, context = anna.url, anna.context

    go_offline(anna)
    save_offline(anna, 1, 12)
    waiting = anna.locator("#live .history-card ul.kept-waiting li")
    expect(waiting).to_have_count(1)
    expect(waiting.first).to_contain_text("Round 1: 12 points")
    expect(waiting.first).to_contain_text("Saved on this phone, sending…")
    expect(anna.locator('form.points input[name="points-points"]')).to_have_value("")
    expect(anna.locator('form.points input[name="points-round"]')).to_have_value("2")
    save_offline(anna, 2, 7)
    expect(waiting).to_have_count(2)
    expect(waiting.first).to_contain_text("Round 2: 7 points")        # newest on top
    expect(anna.locator("#offline")).to_contain_text("2 entries saved on this phone")
    behind_by(anna, 1)                      # the banner counts the seconds since the last update
    expect(anna.locator("#offline")).not_to_contain_text("last update 0 s ago")
    nonces = [item["nonce"] for item in kept(anna, code)]
    assert len(set(nonces)) == 2, "each entry keeps its own nonce"
    assert record(host_page, live_server.url, code) == []
    anna.close()                            # the phone locks; the browser drops the page

    context.set_offline(False)
    again = context.new_page()
    again.goto(phone_url)
    deadline = time.monotonic() + LIVE_TIMEOUT / 1000
    expect(total_of(host_page, "Anna")).to_have_text("19", timeout=until(deadline))
    history = host_page.locator("#live ol.history")
    expect(history).to_contain_text("Anna: 12 points in round 1", timeout=until(deadline))
    expect(history).to_contain_text("Anna: 7 points in round 2", timeout=until(deadline))
    expect(again.locator("#live .kept-waiting")).to_have_count(0, timeout=LIVE_TIMEOUT)
    expect(total_of(again, "Anna")).to_have_text("19", timeout=LIVE_TIMEOUT)
    expect(again.locator("#offline")).to_be_hidden()
    assert kept(again, code) == []
    live_polls_due(again)                   # nothing arrives a second time later either
    points = [(e["round"], e["points"]) for e in record(host_page, live_server.url, code)]
    assert points == [(1, 12), (2, 7)]
    browser_log.assert_clean()


def test_an_entry_the_host_made_meanwhile_is_refused_on_the_phone_in_words(
        live_server, host_page, phone, browser_log):
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"))
    anna = phone("Anna")
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")

    go_offline(anna)
    save_offline(anna, 1, 12)
    expect(anna.locator("#live .kept-waiting li")).to_have_count(1)

    host_enters(host_page, "Anna", 1, 9)  # the host enters Anna's round 1
    expect(total_of(host_page, "Anna")).to_have_text("9")

    anna.context.set_offline(False)
    refused = anna.locator("#kept-refused")
    expect(refused).to_be_visible(timeout=LIVE_TIMEOUT)
    expect(refused).to_contain_text("Not entered: while this phone was offline")
    expect(refused).to_contain_text("Round 1: 12 points")
    expect(refused).to_contain_text("while this phone was offline, Anna: 9 points in round 1")
    expect(refused).to_contain_text("Anna's round 1 is 9")
    expect(total_of(anna, "Anna")).to_have_text("9", timeout=LIVE_TIMEOUT)
    expect(anna.locator("#live .kept-waiting")).to_have_count(0)
    expect(anna.locator("#offline")).to_be_hidden()
    assert [e["points"] for e in record(host_page, live_server.url, code)] == [9]

    expect(refused).to_contain_text("Replace it with 12?")    # asked, and answered here
    expect(refused.get_by_role("button")).to_have_text(["Replace", "Keep as it is"])
    refused.get_by_role("button", name="Keep as it is").click()    # gone, here and in storage
    expect(refused).to_be_hidden()
    assert kept(anna, code) == []
    live_polls_due(anna)
    assert [e["points"] for e in record(host_page, live_server.url, code)] == [9]
    browser_log.assert_clean()


def test_refusals_read_after_switching_to_magyar_are_in_magyar_and_replace_enters_the_entry(
        live_server, host_page, phone, browser_log):
    """Refused while the phone was in English: one entry would replace what the host entered
    meanwhile (asked: Replace or Keep as it is), one the table does not take at all (OK)."""
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"))
    anna = phone("Anna")
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    go_offline(anna)
    save_offline(anna, 1, 12)
    save_offline(anna, 2, 7)
    expect(anna.locator("#live .kept-waiting li")).to_have_count(2)
    anna.evaluate(f"""() => {{        // round 1000: an entry the table refuses outright
        const items = JSON.parse(localStorage.getItem('tc-queue:{code}'));
        items[1].fields = items[1].fields.map(([k, v]) => [k, k === 'points-round' ? '1000' : v]);
        localStorage.setItem('tc-queue:{code}', JSON.stringify(items)); }}""")
    host_enters(host_page, "Anna", 1, 9)  # the host enters Anna's round 1

    anna.context.set_offline(False)
    rows = anna.locator("#kept-refused .kept-row")
    expect(rows).to_have_count(2, timeout=LIVE_TIMEOUT)
    expect(rows.nth(0)).to_contain_text("Anna's round 1 is 9. Replace it with 12?")
    expect(rows.nth(1)).to_contain_text("The round must be a number from 1 to 999.")

    to_hungarian(anna)
    asks, plain = rows.nth(0), rows.nth(1)
    expect(asks).to_contain_text("1. forduló: 12 pont")         # the entry, worded again
    expect(asks).to_contain_text("Anna 1. fordulójában 9 pont áll. Lecseréled erre: 12?")
    expect(asks.get_by_role("button")).to_have_text(["Csere", "Maradjon így"])
    expect(plain).to_contain_text("1000. forduló: 7 pont")
    expect(plain).to_contain_text("Nem került be: A forduló")
    expect(plain.get_by_role("button")).to_have_text(["Rendben"])
    expect(anna.locator("#kept-refused")).not_to_contain_text(re.compile("Not entered|Round"))

    asks.get_by_role("button", name="Csere").click()          # sent again, with its token
    expect(total_of(host_page, "Anna")).to_have_text("12", timeout=LIVE_TIMEOUT)
    expect(rows).to_have_count(1)
    anna.get_by_role("button", name="Rendben").click()
    expect(anna.locator("#kept-refused")).to_be_hidden()
    assert kept(anna, code) == []
    assert [e["points"] for e in record(host_page, live_server.url, code)] == [9, 12]
    browser_log.assert_clean()


def test_an_entry_whose_answer_was_lost_is_sent_again_and_counted_once(
        live_server, host_page, phone, browser_log):
    """The post reached the table but the answer did not: the phone keeps the entry and sends
    it again with the same nonce, and the table counts it once."""
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"))
    anna = phone("Anna")
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    posts: list[str | None] = []

    def lose_the_first_answer(route) -> None:
        posts.append(route.request.headers.get("x-queued"))
        if len(posts) > 1:
            route.continue_()
            return
        route.fetch()                               # the table takes it...
        route.abort("internetdisconnected")         # ...and the answer is lost on the way
    anna.route(re.compile(r".*/act/points$"), lose_the_first_answer)
    save_offline(anna, 1, 12)                 # online, but the answer never comes back
    expect(total_of(host_page, "Anna")).to_have_text("12", timeout=LIVE_TIMEOUT)
    expect(anna.locator("#live .kept-waiting")).to_have_count(0, timeout=LIVE_TIMEOUT + 3000)
    expect(total_of(anna, "Anna")).to_have_text("12", timeout=LIVE_TIMEOUT + 3000)
    # sent once from the page, then from the phone's queue (again, should that answer be slow)
    assert posts[0] is None and posts[1:] and set(posts[1:]) == {"1"}, posts
    live_polls_due(anna)                    # nothing arrives a third time later either
    assert [e["points"] for e in record(host_page, live_server.url, code)] == [12]
    assert kept(anna, code) == []


def test_a_roll_is_refused_at_once_while_offline_with_the_reason(
        live_server, host_page, phone, browser_log):
    code = start_table(host_page, live_server.url, game="doodle-city")
    set_up_doodle_city(host_page)
    anna = phone("Anna")
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")

    go_offline(anna)
    anna.get_by_role("button", name="Roll the dice").click()
    note = anna.locator("#offline .offline-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("Rolling counts at the moment of the tap")
    expect(anna.locator("#live .kept-waiting")).to_have_count(0)
    assert kept(anna, code) == []

    anna.context.set_offline(False)
    line_back(anna)
    assert all(e["type"] != "roll" for e in record(host_page, live_server.url, code))
    anna.get_by_role("button", name="Roll the dice").click()            # online it rolls
    expect(anna.locator("#live .dice .die.blue")).to_be_visible(timeout=LIVE_TIMEOUT)
    browser_log.assert_clean()


def offline_last_tap(game: str, page: Page, code: str, online: bool = False) -> None:
    """A move begun online (its choices need the table), the network gone before the last tap
    (unless ``online``), which is tapped twice (a double tap: the move is kept once)."""
    def drop() -> None:
        if not online:
            go_offline(page)
    if game == "calcada":
        page.locator('.colours a[data-colour="blue"]').click()
        expect(page.locator(".calcada-move")).to_have_attribute("data-step", "number")
        page.locator('.numbers a[data-number="3"]').click()
        expect(page.locator(".calcada-move")).to_have_attribute("data-step", "cell")
        page.locator('svg.calcada-board g[data-cell="5-2"]').click()
        expect(page.locator(".calcada-move")).to_have_attribute("data-step", "motif")
        drop()
        page.locator('form.motifs button[value="tram"]').dblclick()
    elif game == "quadropolis":
        page.locator(".quadro.play .q-board .q-hit a.q-tap").first.click()
        picker = page.locator(".quadro.play form.q-picker")
        expect(picker.locator('input[name="build-row"]')).to_have_value("1")
        drop()
        picker.locator('button.q-tile[value="tower.3.0.0.0.1"]:not([disabled])').first.dblclick()
    else:
        page.locator('svg.ov-city-svg g.ov-spot[data-row="0"][data-column="1"]').click()
        sheet = page.locator("form.ov-build-sheet")
        expect(sheet).to_be_visible()
        drop()
        for field, value in (("rule", "diamond"), ("guild", "bells"), ("shield", "2")):
            sheet.locator("label.ov-chip").filter(
                has=page.locator(f'input[name="build-{field}"][value="{value}"]')).click()
        sheet.locator("button.primary").dblclick()


KEPT_AS = {"calcada": "blue 3 on row 5, column 2: tram",
           "quadropolis": "Row 1, column 1: tower block +3 residents",
           "oddville": "Build 1 right of the Main Square: Diamond · guild bells · shield 2"}
ARRIVED = {"calcada": ("place", '#live g[data-cell="5-2"][data-tile="blue:tram"]'),
           "quadropolis": ("build", None),
           "oddville": ("build", '#live .oddville-city svg.ov-city-svg '
                                 'g.ov-card[data-row="0"][data-column="1"][data-owner="Anna"]')}


def entered_once(game: str, live_server, host: Page, page: Page, code: str, before: int) -> None:
    """The move is in the table once (on the TV where it draws it), nor a second time later,
    and nothing waits on the phone."""
    kind, seen = ARRIVED[game]
    if seen:
        expect(host.locator(seen)).to_have_count(1, timeout=LIVE_TIMEOUT)
    live_polls_due(page)
    assert sum(e["type"] == kind for e in record(host, live_server.url, code)) == before + 1
    assert kept(page, code) == []


@pytest.mark.parametrize("game", ["calcada", "quadropolis", "oddville"])
def test_the_last_tap_of_a_move_made_offline_arrives_once_in_every_game(
        game, live_server, host_page, phone, browser_log):
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"), game=game)
    anna = phone("Anna")
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    offline_last_tap(game, anna, code)
    waiting = anna.locator("#live .history-card ul.kept-waiting li")
    expect(waiting).to_have_count(1)
    expect(waiting).to_contain_text("Saved on this phone, sending…")
    expect(waiting).to_contain_text(KEPT_AS[game])          # named as the screen names it
    kind, _seen = ARRIVED[game]
    before = sum(e["type"] == kind for e in record(host_page, live_server.url, code))

    anna.context.set_offline(False)
    expect(waiting).to_have_count(0, timeout=LIVE_TIMEOUT + 1000)
    entered_once(game, live_server, host_page, anna, code, before)
    browser_log.assert_clean()


@pytest.mark.parametrize("game", ["calcada", "quadropolis", "oddville"])
def test_a_double_tap_on_a_moves_last_tap_online_enters_it_once(
        game, live_server, host_page, phone, browser_log):
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"), game=game)
    anna = phone("Anna")
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    kind, _seen = ARRIVED[game]
    before = sum(e["type"] == kind for e in record(host_page, live_server.url, code))
    offline_last_tap(game, anna, code, online=True)
    entered_once(game, live_server, host_page, anna, code, before)
    browser_log.assert_clean()


@pytest.mark.album
def test_screens_of_a_phone_that_went_offline(live_server, desktop, phone, browser_log):
    """Photographed for a person to read (phone 412×915, TV 1920×1080): the banner, the entries
    waiting on the phone, one arriving and one refused; large tap targets, no English in
    Hungarian. Each language has its own table, TV and phone (what a phone keeps is sent when
    it is back), side by side: both off the network together, back together."""
    albums = {lang: Album(f"offline-{lang}") for lang in LANGS}
    tvs, annas = {}, {}
    for lang in LANGS:
        tv = tvs[lang] = desktop(f"{lang}-tv", viewport={"width": 1920, "height": 1080})
        tv.goto(live_server.url + "/")
        if lang == "hu":
            to_hungarian(tv)
        code = start_table(tv, live_server.url, players=("Anna", "Bence"), open_home=False)
        anna = annas[lang] = phone(f"{lang}-Anna", viewport={"width": 412, "height": 915})
        anna.goto(live_server.url + "/")
        if lang == "hu":
            to_hungarian(anna)
        take_seat(anna, f"{live_server.url}/j/{code}", "Anna")

    for anna in annas.values():
        anna.context.set_offline(True)
    for anna in annas.values():
        expect(anna.locator("#offline")).to_be_visible(timeout=3000)
        save_offline(anna, 1, 12)
        save_offline(anna, 2, 7)
        expect(anna.locator("#live .kept-waiting li")).to_have_count(2)
    for lang, anna in annas.items():
        behind_by(anna, 2)                      # a few seconds behind, as a player would see it
        albums[lang].shoot(anna, lang, "offline-phone-waiting")

    for tv in tvs.values():
        tv.context.set_offline(True)            # the TV drops off too, for its picture
    for lang, tv in tvs.items():
        expect(tv.locator("#offline")).to_be_visible(timeout=3000)
        albums[lang].shoot(tv, lang, "offline-tv")
    for tv in tvs.values():
        tv.context.set_offline(False)
    for tv in tvs.values():
        expect(tv.locator("#offline")).to_be_hidden(timeout=LIVE_TIMEOUT + 5000)

    for tv in tvs.values():
        host_enters(tv, "Anna", 2, 5)  # meanwhile the host enters round 2

    for anna in annas.values():
        anna.context.set_offline(False)
    for lang, anna in annas.items():
        expect(anna.locator("#kept-refused")).to_be_visible(timeout=LIVE_TIMEOUT)
        expect(total_of(anna, "Anna")).to_have_text("17", timeout=LIVE_TIMEOUT)
        expect(anna.locator("#offline")).to_be_hidden()
        albums[lang].shoot(anna, lang, "offline-phone-refused")
    check_all(albums.values())
    browser_log.assert_clean()


def test_a_pause_is_refused_at_once_while_offline_with_the_reason(
        live_server, host_page, phone, browser_log):
    """A pause counts at the moment of the tap, as an undo: never kept to be sent later."""
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"))
    go_offline(host_page)
    host_page.get_by_role("button", name="Pause", exact=True).click()
    note = host_page.locator("#offline .offline-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("this needs the connection to the table")
    assert kept(host_page, code) == []
    host_page.context.set_offline(False)
    line_back(host_page)
    assert record(host_page, live_server.url, code) == []
    host_page.get_by_role("button", name="Pause", exact=True).click()   # online it pauses
    expect(host_page.locator("#live .turn-paused")).to_have_text("Paused", timeout=LIVE_TIMEOUT)
    assert [e["type"] for e in record(host_page, live_server.url, code)] == ["pause"]
    browser_log.assert_clean()
