"""Quadropolis on a phone: build a city by tapping a cell and a tile, open the best activation,
read the same total the command line gives for the exported record, override one building;
the TV host shows every city and passes for a seat without a phone; every screen follows whose
turn it is, a tile out of turn is asked first, Done — pass ends a turn. Screenshots in English
and Hungarian."""
from __future__ import annotations

import json
import re

from click.testing import CliRunner
from playwright.sync_api import Page, expect

from companion.cli import cli

from .helpers import (LIVE_TIMEOUT, caught_up, confirm, expect_turn, screen_settled, take_seat,
                      twin)
from .test_screens import SCREENS, Album, check_all, to_hungarian

CLASSIC = [((1, 1), "tower.3.0.0.0.1"), ((1, 2), "factory.0.3.0.0.1"), ((2, 1), "shop.0.0.0.0.1"),
           ((2, 2), "park.0.0.0.0.1"), ((1, 1), "tower.2.0.0.0.1")]       # the last: a floor
EXPERT = [((1, 1), "office.0.0.0.0.1"), ((1, 2), "office.0.0.0.0.1"),
          ((2, 1), "tower.2.0.0.0.1"), ((2, 2), "factory.0.2.0.0.1"), ((3, 3), "harbour.2.0.0.0.1")]
LANGS = ("en", "hu")


def start(host: Page, base: str, mode: str, lang: str, players=("Anna", "Bence")) -> str:
    host.goto(base + "/")
    if lang == "hu":
        to_hungarian(host)
    host.locator("select#game").select_option("quadropolis")
    host.locator("select#opt-quadropolis-mode").select_option(mode)
    for i, name in enumerate(players):
        host.locator(f'input[name="players-{i}"]').fill(name)
    host.locator('form[action="/"] button.primary').click()
    host.wait_for_url(re.compile(r"/t/[^/]+$"))
    return host.get_by_test_id("table-code").inner_text().strip()


def build(page: Page, cell: tuple[int, int], tile: str, columns: int) -> int:
    """Tap the cell, then the tile: returns the taps it took."""
    taps = page.locator(".quadro.play .q-board .q-hit a.q-tap")   # the phone's, or the host's
    taps.nth((cell[0] - 1) * columns + cell[1] - 1).click()
    picker = page.locator(".quadro.play form.q-picker")
    expect(picker.locator('input[name="build-row"]')).to_have_value(str(cell[0]))
    expect(picker.locator('input[name="build-column"]')).to_have_value(str(cell[1]))
    count = 2
    if picker.locator(f'.q-catalogue button.q-tile[value="{tile}"]:not([disabled]):visible').count() == 0 \
            and picker.locator(".q-more summary").count():
        picker.locator(".q-more summary").click()   # not in this round's catalogue: every face
        expect(picker.locator(".q-catalogue")).to_be_hidden()
        count = 3
    with page.expect_response(lambda r: "/act/build" in r.url):
        picker.locator(f'button.q-tile[value="{tile}"]:not([disabled]):visible').first.click()
    expect(picker).to_be_hidden()
    return count


def numbers(page: Page) -> list[int]:
    text = page.get_by_test_id("plan-total").inner_text()
    return [int(n) for n in re.findall(r"-?\d+", text)]


def scored(page: Page, base: str, code: str) -> dict:
    record = page.request.get(f"{base}/t/{code}/record.json").text()
    out = CliRunner().invoke(cli, ["score", "-"], input=record)
    assert out.exit_code == 0, out.output
    return {p["name"]: p for p in json.loads(out.output)["players"]}


def in_view(page: Page, selector: str) -> bool:
    """The element lies fully inside the phone's first screen (no scroll needed)."""
    box = page.locator(selector).first.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 915


def pass_on_the_tv(host: Page, name: str) -> None:
    """The untouched host entry card follows the turn (to ``name``, without a reload); its Done
    — pass ends that seat's turn."""
    entry = host.locator("[data-follow-turn]")
    expect(entry).to_have_attribute("data-follow-turn", name, timeout=LIVE_TIMEOUT)
    expect(entry.locator("p.seat-tabs a.primary")).to_have_text(name)
    with host.expect_response(lambda r: r.url.endswith("/pass") and r.request.method == "POST"):
        entry.locator('form[action$="/pass"] button').click()
    screen_settled(host)


def play(lang, live_server, phone, desktop, album, mode, builds):
    base, columns = live_server.url, 4 if mode == "classic" else 5
    host = desktop(f"{lang}-{mode}-host", viewport={"width": 1920, "height": 1080})
    code = start(host, base, mode, lang)
    anna = phone(f"{lang}-{mode}-Anna", viewport={"width": 412, "height": 915})
    anna.goto(base + f"/j/{code}")
    if lang == "hu":
        to_hungarian(anna)
    take_seat(anna, base + f"/j/{code}", "Anna")

    taps = []
    for cell, tile in builds:           # Bence has no phone: the TV passes his turns
        taps.append(build(anna, cell, tile, columns))
        pass_on_the_tv(host, "Bence")
    assert max(taps) <= 3
    best = look_at_the_city(lang, anna, base, code, album, mode, columns)
    return host, anna, code, best


def look_at_the_city(lang, anna, base, code, album, mode, columns) -> int:
    """The city on Anna's phone with a cell's picker open, then her best plan: its total."""
    caught_up(anna, base, code)         # Bence's last pass is on her screen before she taps
    anna.locator("#live .q-board .q-hit a.q-tap").nth(columns + 3).click()   # row 2, col 4
    expect(anna.locator("#live form.q-picker")).to_be_visible()
    album.shoot(anna, lang, f"quadropolis-{mode}-phone-city")
    assert in_view(anna, "#live form.q-picker .q-tiles") and in_view(anna, "#live .q-board")

    anna.locator("#live form.q-picker a.q-close").click()
    anna.locator("#live nav.q-tabs a").nth(1).click()
    anna.wait_for_url(re.compile(r"plan=1"))
    best = numbers(anna)
    assert len(best) == 1
    assert best[0] == scored(anna, base, code)["Anna"]["total"]
    album.shoot(anna, lang, f"quadropolis-{mode}-plan")
    return best[0]


def test_a_classic_city_built_on_a_phone_scores_like_the_command_line(
        live_server, phone, desktop, browser_log):
    """Built on Hungarian screens; an English screen beside the phone and the TV holds the same
    seat or host cookie and is photographed at the same moments. What one screen enters, the
    other shows arrive."""
    albums, base = {lang: Album() for lang in LANGS}, live_server.url
    host_hu, anna_hu, code, best = play("hu", live_server, phone, desktop, albums["hu"],
                                        "classic", CLASSIC)
    hosts = {"hu": host_hu, "en": twin(desktop, host_hu, "en-classic-host", "en",
                                       viewport={"width": 1920, "height": 1080})}
    annas = {"hu": anna_hu, "en": twin(phone, anna_hu, "en-classic-Anna", "en",
                                       viewport={"width": 412, "height": 915})}
    annas["en"].goto(base + f"/t/{code}/phone")
    assert look_at_the_city("en", annas["en"], base, code, albums["en"], "classic", 4) == best
    for anna in annas.values():
        expect(anna.locator("#live .q-city .q-off")).to_have_count(0)   # the best plan: all on

    # override: leave the tower block off; both totals show, and the record agrees
    with anna_hu.expect_response(lambda r: "/act/allocate" in r.url):
        anna_hu.locator('#live form.q-hit button[value="1-1"]').click()
    for lang, anna in annas.items():
        expect(anna.get_by_test_id("plan-total")).to_have_text(re.compile(rf"\D{best}\D+-?\d+"),
                                                               timeout=LIVE_TIMEOUT)
        mine, hand = numbers(anna)
        anna_scored = scored(anna, base, code)["Anna"]
        assert mine == best == anna_scored["details"]["best_possible"]
        assert hand == anna_scored["total"] and hand < best
        expect(anna.locator("#live .q-city .q-off")).to_have_count(1)   # the tower left off, faded
        assert in_view(anna, "#live .q-board")
        albums[lang].shoot(anna, lang, "quadropolis-classic-override")

    # a shop's customers: tap the shop, then the count (no scroll: bar and city both in view)
    bars = {}
    for lang, anna in annas.items():
        anna.locator("#live .q-hit a.q-tap").first.click()
        bar = bars[lang] = anna.locator("#live form.q-customers")
        expect(bar).to_be_visible()
        assert in_view(anna, "#live form.q-customers") and in_view(anna, "#live .q-board")
        albums[lang].shoot(anna, lang, "quadropolis-classic-customers")
    with annas["en"].expect_response(lambda r: "/act/allocate" in r.url):
        bars["en"].locator('button[value="2"]').click()
    expect(bars["en"]).to_have_count(0)
    for anna in annas.values():
        assert scored(anna, base, code)["Anna"]["details"]["customers"] == [
            {"row": 2, "column": 1, "count": 2}]
    anna_hu.locator("#live form.q-customers a.q-close").click()
    expect(bars["hu"]).to_have_count(0)
    for lang, host in hosts.items():
        expect(host.locator("#live table.scoreboard")).to_contain_text(str(best),
                                                                       timeout=LIVE_TIMEOUT)
        expect(host.locator("#live .q-all figure")).to_have_count(2)
        albums[lang].shoot(host, lang, "quadropolis-classic-tv-host")

    for lang, host in hosts.items():
        host.locator(f'form[action="/t/{code}/finish"] button').click()
        expect(host.locator("section.confirm")).to_contain_text("Bence")
        albums[lang].shoot(host, lang, "quadropolis-finish-confirm")   # what is missing, in words
    hosts["en"].locator("section.confirm a.button").click()           # Back, change nothing
    expect(hosts["en"].locator("section.confirm")).to_have_count(0)
    confirm(host_hu)
    for lang, host in hosts.items():        # the English TV reloads into the final result
        expect(host.locator("#live .winners")).to_be_visible(timeout=LIVE_TIMEOUT + 3000)
        albums[lang].shoot(host, lang, "quadropolis-classic-final-tv")
    for lang, anna in annas.items():
        expect(anna.locator("#live .winners")).to_be_visible(timeout=LIVE_TIMEOUT)   # came live
        anna.goto(base + f"/t/{code}/phone")            # the final screen shows the plan itself
        expect(anna.get_by_test_id("plan-total")).to_be_visible()
        albums[lang].shoot(anna, lang, "quadropolis-classic-final-phone")
    for lang, album in albums.items():
        assert not album.small, album.small
        if lang == "hu":
            assert not album.english, album.english
    browser_log.assert_clean()


def test_an_expert_city_is_entered_and_scored_the_same_way(live_server, phone, desktop,
                                                           browser_log):
    album = Album()
    host, anna, code, best = play("en", live_server, phone, desktop, album, "expert", EXPERT)
    expect(anna.locator("#live .q-city")).to_contain_text("D4")       # district numbers shown

    # one shared phone is enough: the host screen on a phone enters Bence's city (Anna's turn
    # first: asked, and agreed as a table would)
    host_phone = phone("en-expert-host-phone", viewport={"width": 412, "height": 915})
    host_phone.context.add_cookies(host.context.cookies())
    host_phone.goto(live_server.url + f"/t/{code}?as=1")
    host_phone.locator(".quadro.play .q-board .q-hit a.q-tap").nth(3 * 5 + 4).click()  # 4, 5
    host_phone.locator('.quadro.play button.q-tile[value="tower.3.0.0.0.1"]').first.click()
    expect(host_phone.locator("section.confirm")).to_contain_text("It is Anna's turn. Enter Bence's tower block on row 4, column 5 anyway?")
    confirm(host_phone, "Enter it anyway")
    expect(host_phone).to_have_url(re.compile(r"as=1"))
    album.shoot(host_phone, "en", "quadropolis-expert-host-phone")
    expect(host.locator("#live .q-all figure").nth(1)).to_contain_text("Bence", timeout=LIVE_TIMEOUT)
    expect(host.locator("#live .q-all figure svg use[href='#q-tower']")).to_have_count(2,
                                                                           timeout=LIVE_TIMEOUT)
    album.shoot(host, "en", "quadropolis-expert-tv-host")
    assert not album.small, album.small
    browser_log.assert_clean()


def test_the_tv_shows_four_finished_expert_cities_side_by_side(live_server, desktop,
                                                               browser_log):
    """One TV, in English, then switched to Hungarian."""
    import random
    import sys

    from companion.tables import service

    sys.path.insert(0, str(SCREENS.parent.parent / "bench"))
    from quadropolis_screens import PLAYERS, expert_game      # a full 4-player Expert game

    with live_server.app.app_context():
        table, _ = service.create("quadropolis", {"mode": "expert"}, PLAYERS,
                                  expert_game(random.Random(7)))
        code = table.code
    tv = desktop("tv", viewport={"width": 1920, "height": 1080})
    tv.goto(live_server.url + f"/t/{code}")
    albums = {lang: Album(f"quadropolis-expert-tv-{lang}") for lang in LANGS}
    for lang, album in albums.items():
        if lang == "hu":
            to_hungarian(tv)
        expect(tv.locator("#live .q-all figure")).to_have_count(4)
        boxes = [tv.locator("#live .q-all figure").nth(i).bounding_box() for i in range(4)]
        assert len({round(box["y"]) for box in boxes}) == 1         # one row, side by side
        album.shoot(tv, lang, "quadropolis-expert-4-players-final-tv")
    check_all(albums.values())      # no small tap target, no English on the Hungarian TV
    browser_log.assert_clean()


def test_every_screen_follows_the_turn_out_of_turn_asks_and_done_passes(
        live_server, phone, desktop, browser_log):
    """Played on Hungarian screens; an English screen beside each holds the same seat or host
    cookie, follows the same turns and is photographed at the same moments."""
    base = live_server.url
    albums = {lang: Album(f"quadropolis-turns-{lang}") for lang in LANGS}
    tv = desktop("hu-tv", viewport={"width": 1920, "height": 1080})
    code = start(tv, base, "classic", "hu")
    anna, bence = (phone(f"hu-{n}", viewport={"width": 412, "height": 915})
                   for n in ("Anna", "Bence"))
    for page, name in ((anna, "Anna"), (bence, "Bence")):
        page.goto(base + "/")
        to_hungarian(page)
        take_seat(page, base + f"/j/{code}", name)
    tvs = {"hu": tv, "en": twin(desktop, tv, "en-tv", "en",
                                viewport={"width": 1920, "height": 1080})}
    phones = {"hu": {"Anna": anna, "Bence": bence},
              "en": {name: twin(phone, page, f"en-{name}", "en",
                                viewport={"width": 412, "height": 915})
                     for name, page in (("Anna", anna), ("Bence", bence))}}

    def turn(name: str) -> None:
        for lang in LANGS:
            expect_turn(name, tvs[lang], phones[lang], lang)

    turn("Anna")
    assert build(anna, (1, 1), "tower.1.0.0.1.1", 4) == 2          # the Mayor's tower
    turn("Bence")
    for lang in LANGS:
        albums[lang].shoot(phones[lang]["Bence"], lang, "quadropolis-turn-phone")
        albums[lang].shoot(tvs[lang], lang, "quadropolis-turn-tv")

    # Bence's tile fits nowhere: Done — pass, on his phone only
    for lang in LANGS:
        expect(phones[lang]["Anna"].locator("#live .turn-line button.pass")).to_have_count(0)
    with bence.expect_response(lambda r: r.url.endswith("/pass") and r.request.method == "POST"):
        bence.locator("#live .turn-line button.pass").click()
    turn("Anna")
    for lang in LANGS:
        expect(tvs[lang].locator("#live ol.history li").first).to_contain_text("Bence")

    # Bence builds out of turn: asked first, entered on the second tap; still Anna's turn
    for lang in LANGS:
        page = phones[lang]["Bence"]
        page.locator(".quadro.play .q-board .q-hit a.q-tap").nth(5).click()     # row 2, column 2
        page.locator('.quadro.play button.q-tile[value="park.0.0.0.0.1"]').first.click()
        question = page.locator("section.confirm")
        expect(question).to_contain_text("Anna")
        if lang == "en":
            expect(question).to_contain_text(
                "It is Anna's turn. Build the park on row 2, column 2 anyway?")
        albums[lang].shoot(page, lang, "quadropolis-turn-asked")
    english = phones["en"]["Bence"]
    english.locator("section.confirm a.button").click()       # Back, change nothing
    expect(english.locator("section.confirm")).to_have_count(0)
    confirm(bence)                                            # its yes: Enter it anyway
    for lang in LANGS:
        expect(tvs[lang].locator("#live .q-all figure").nth(1).locator(
            "use[href='#q-park']")).to_have_count(1, timeout=LIVE_TIMEOUT)
    turn("Anna")
    check_all(albums.values())      # no small tap target, no English on the Hungarian screens
    browser_log.assert_clean()
