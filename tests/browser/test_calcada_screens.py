"""Screenshots of the Calçada screens, English and Hungarian: the phone's move at each step, a
refused cell, the scoring board, the last round, the final boards, the TV host (1920x1080)
during play and at the end, the editors and the quick tally. PNGs in test-artifacts/screens/."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import LIVE_TIMEOUT, caught_up, finish_game, start_table, take_seat, twin
from .test_calcada import GAME, move, open_table, place, play, play_turn
from .test_screens import Album, check_all, to_hungarian

TV = {"viewport": {"width": 1920, "height": 1080}}
LANGS = ("en", "hu")


class Album(Album):
    def shoot(self, page, lang, name):
        page.set_default_timeout(20000)     # a tall page on a busy machine: a slow screenshot
        super().shoot(page, lang, name)
        page.set_default_timeout(5000)


def shoot_game(albums, live_server, desktop, phone):
    """One game, played on screens in Hungarian (the table started and the seats taken in
    Hungarian), each screen open in English too, on a device holding the same seat or host
    cookie: every picture taken in both languages at the same moment of the game."""
    tv_hu = desktop("hu-tv", **TV)
    code, pages = open_table(live_server, tv_hu, phone, "hu")
    tvs = {"hu": tv_hu, "en": twin(desktop, tv_hu, "en-tv", "en", **TV)}
    annas = {"hu": pages["Anna"], "en": twin(phone, pages["Anna"], "en-Anna", "en")}
    bences = {"hu": pages["Bence"], "en": twin(phone, pages["Bence"], "en-Bence", "en")}
    play(pages, 4)
    for lang in LANGS:
        album, anna = albums[lang], annas[lang]
        caught_up(anna, live_server.url, code)
        album.shoot(anna, lang, "calcada-phone-colour")
        anna.locator('.colours a[data-colour="red"]').click()
        move(anna, "number")
        album.shoot(anna, lang, "calcada-phone-number")
        anna.locator('.numbers a[data-number="4"]').click()
        move(anna, "cell")
        album.shoot(anna, lang, "calcada-phone-lit-cells")
        anna.locator('svg.calcada-board g[data-cell="1-1"]').click()
        expect(anna.locator(".refusal")).to_be_visible()
        album.shoot(anna, lang, "calcada-phone-refusal")
        anna.locator('svg.calcada-board g[data-cell="5-4"]').click()
        move(anna, "motif")
        album.shoot(anna, lang, "calcada-phone-motif")
        anna.goto(f"{live_server.url}/t/{code}/phone")
    for lang in LANGS:
        # Bence before Anna: his phone asks first
        bence = bences[lang]
        bence.locator('.colours a[data-colour="red"]').click()
        bence.locator('.numbers a[data-number="4"]').click()
        bence.locator('svg.calcada-board g[data-cell="5-4"]').click()
        with bence.expect_response(lambda r: "/act/place" in r.url and r.status == 409):
            bence.locator('form.motifs button[value="kiosk"]').click()
        expect(bence.locator("section.confirm")).to_be_visible()
        albums[lang].shoot(bence, lang, "calcada-phone-out-of-turn")
        bence.locator("section.confirm a.button").click()          # Back, change nothing
        expect(bence.locator("section.confirm")).to_have_count(0)
    for lang in LANGS:
        tv = tvs[lang]
        expect(tv.locator("#live .scoring-board .stone[data-stone=blue]")).to_be_visible()
        tv.goto(f"{live_server.url}/t/{code}")
        albums[lang].shoot(tv, lang, "calcada-tv-play")
        tv.goto(f"{live_server.url}/t/{code}?as=1")
        albums[lang].shoot(tv, lang, "calcada-tv-act-for-bence")

    for turn in GAME[4:-1]:
        play_turn(pages, turn)
    for lang in LANGS:
        expect(bences[lang].locator("#live .end-line")).to_be_visible(timeout=LIVE_TIMEOUT)
        albums[lang].shoot(bences[lang], lang, "calcada-phone-last-round")
    place(bences["hu"], *GAME[-1][1:])
    for lang in LANGS:
        tvs[lang].goto(f"{live_server.url}/t/{code}")
        albums[lang].shoot(tvs[lang], lang, "calcada-tv-last-round-over")
    finish_game(tvs["hu"])
    for lang in LANGS:          # the English TV reloads into the final result
        expect(tvs[lang].locator("#live .calcada-boards .badge")).to_be_visible(
            timeout=LIVE_TIMEOUT + 3000)
        albums[lang].shoot(tvs[lang], lang, "calcada-tv-final")
    for lang in LANGS:
        expect(annas[lang].locator("#live .calcada-boards .badge")).to_be_visible(
            timeout=LIVE_TIMEOUT)
        albums[lang].shoot(annas[lang], lang, "calcada-phone-final")


def shoot_editors(albums, live_server, phone):
    """The editors in English, then switched to Hungarian on the same phone."""
    page = phone("editor")
    page.goto(live_server.url + "/")
    for lang in LANGS:
        if lang == "hu":
            to_hungarian(page)
        album = albums[lang]
        page.goto(live_server.url + "/games/calcada/boards")
        album.shoot(page, lang, "calcada-boards")
        page.goto(live_server.url + "/games/calcada/boards/new/8")
        page.locator('select[name="district_1_1"]').select_option("9")
        page.locator("input[name=name]").fill("Ours")
        page.locator("form.board-editor button.primary").click()
        expect(page.locator("form.board-editor .error")).to_be_visible()
        album.shoot(page, lang, "calcada-board-editor-error")
        page.goto(live_server.url + "/games/calcada/scoring/new")
        album.shoot(page, lang, "calcada-scoring-editor")


def shoot_tally(albums, live_server, desktop, phone):
    """A quick tally typed on Anna's phone in Hungarian and on her English screen, entered from
    the Hungarian one: the English one shows it arrive, then opened again as saved."""
    host = desktop("hu-tally-host")
    host.goto(live_server.url + "/")
    to_hungarian(host)
    host.locator("select#game").select_option("calcada")
    host.locator('input[name="opt-calcada-tally"]').check()
    code = start_table(host, live_server.url, game="calcada", open_home=False)
    anna = phone("hu-tally-anna")
    anna.goto(live_server.url + "/")
    to_hungarian(anna)
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    annas = {"hu": anna, "en": twin(phone, anna, "en-tally-anna", "en")}
    for lang in LANGS:
        page = annas[lang]
        for cell, tile in (("2_2", "red:cafe"), ("2_3", "red:cafe"), ("3_2", "red:cafe"),
                           ("1_1", "blue:tram")):
            colour, motif = tile.split(":")
            page.locator(f'select[name="tally-colour_{cell}"]').select_option(colour)
            page.locator(f'select[name="tally-motif_{cell}"]').select_option(motif)
        page.locator('input[name="tally-districts"]').fill("14")
        page.locator('input[name="tally-bonus_tiles"]').fill("5")
        albums[lang].shoot(page, lang, "calcada-tally-phone")
    with anna.expect_response(lambda r: "/act/tally" in r.url):
        anna.locator("form.calcada-tally button.primary").click()
    for lang in LANGS:
        total = annas[lang].locator('#live figure.player-board[data-player="Anna"] .total')
        expect(total).to_have_text("20", timeout=LIVE_TIMEOUT)
        if lang == "en":            # arrived; opened again, its form is empty as after a save
            annas[lang].goto(annas[lang].url)
            expect(total).to_have_text("20")
        albums[lang].shoot(annas[lang], lang, "calcada-tally-entered")


@pytest.mark.album
def test_calcada_screenshots(live_server, phone, desktop, browser_log):
    albums = {lang: Album(f"calcada-{lang}") for lang in LANGS}
    shoot_game(albums, live_server, desktop, phone)
    shoot_editors(albums, live_server, phone)
    shoot_tally(albums, live_server, desktop, phone)
    check_all(albums.values())
    browser_log.assert_clean()
