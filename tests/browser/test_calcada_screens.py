"""Screenshots of the Calçada screens, English and Hungarian: the phone's move at each step, a
refused cell, the scoring board, the last round, the final boards, the TV host (1920x1080)
during play and at the end, the editors and the quick tally. PNGs in test-artifacts/screens/."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import LIVE_TIMEOUT, caught_up, finish_game, start_table, take_seat
from .test_calcada import GAME, move, open_table, place, play, play_turn
from .test_screens import Album, to_hungarian

TV = {"viewport": {"width": 1920, "height": 1080}}


class Album(Album):
    def shoot(self, page, lang, name):
        page.set_default_timeout(20000)     # a tall page on a busy machine: a slow screenshot
        super().shoot(page, lang, name)
        page.set_default_timeout(5000)


def shoot_game(lang, album, live_server, desktop, phone):
    tv = desktop(f"{lang}-tv", **TV)
    code, pages = open_table(live_server, tv, phone, lang)
    anna, bence = pages["Anna"], pages["Bence"]
    play(pages, 4)
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
    # Bence before Anna: his phone asks first
    bence.locator('.colours a[data-colour="red"]').click()
    bence.locator('.numbers a[data-number="4"]').click()
    bence.locator('svg.calcada-board g[data-cell="5-4"]').click()
    with bence.expect_response(lambda r: "/act/place" in r.url and r.status == 409):
        bence.locator('form.motifs button[value="kiosk"]').click()
    expect(bence.locator("section.confirm")).to_be_visible()
    album.shoot(bence, lang, "calcada-phone-out-of-turn")
    bence.locator("section.confirm a.button").click()          # Back, change nothing
    expect(bence.locator("section.confirm")).to_have_count(0)
    expect(tv.locator("#live .scoring-board .stone[data-stone=blue]")).to_be_visible()
    tv.goto(f"{live_server.url}/t/{code}")
    album.shoot(tv, lang, "calcada-tv-play")
    tv.goto(f"{live_server.url}/t/{code}?as=1")
    album.shoot(tv, lang, "calcada-tv-act-for-bence")

    for turn in GAME[4:-1]:
        play_turn(pages, turn)
    expect(bence.locator("#live .end-line")).to_be_visible(timeout=LIVE_TIMEOUT)
    album.shoot(bence, lang, "calcada-phone-last-round")
    place(bence, *GAME[-1][1:])
    tv.goto(f"{live_server.url}/t/{code}")
    album.shoot(tv, lang, "calcada-tv-last-round-over")
    finish_game(tv)
    expect(tv.locator("#live .calcada-boards .badge")).to_be_visible()
    album.shoot(tv, lang, "calcada-tv-final")
    expect(anna.locator("#live .calcada-boards .badge")).to_be_visible(timeout=LIVE_TIMEOUT)
    album.shoot(anna, lang, "calcada-phone-final")


def shoot_editors(lang, album, live_server, phone):
    page = phone(f"{lang}-editor")
    page.goto(live_server.url + "/")
    if lang == "hu":
        to_hungarian(page)
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


def shoot_tally(lang, album, live_server, desktop, phone):
    host = desktop(f"{lang}-tally-host")
    host.goto(live_server.url + "/")
    if lang == "hu":
        to_hungarian(host)
    host.locator("select#game").select_option("calcada")
    host.locator('input[name="opt-calcada-tally"]').check()
    code = start_table(host, live_server.url, game="calcada", open_home=False)
    anna = phone(f"{lang}-tally-anna")
    anna.goto(live_server.url + "/")
    if lang == "hu":
        to_hungarian(anna)
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    for cell, tile in (("2_2", "red:cafe"), ("2_3", "red:cafe"), ("3_2", "red:cafe"),
                       ("1_1", "blue:tram")):
        colour, motif = tile.split(":")
        anna.locator(f'select[name="tally-colour_{cell}"]').select_option(colour)
        anna.locator(f'select[name="tally-motif_{cell}"]').select_option(motif)
    anna.locator('input[name="tally-districts"]').fill("14")
    anna.locator('input[name="tally-bonus_tiles"]').fill("5")
    album.shoot(anna, lang, "calcada-tally-phone")
    with anna.expect_response(lambda r: "/act/tally" in r.url):
        anna.locator("form.calcada-tally button.primary").click()
    expect(anna.locator('#live figure.player-board[data-player="Anna"] .total')).to_have_text("20")
    album.shoot(anna, lang, "calcada-tally-entered")


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_calcada_screenshots(lang, live_server, phone, desktop, browser_log):
    album = Album(f"calcada-{lang}")
    shoot_game(lang, album, live_server, desktop, phone)
    shoot_editors(lang, album, live_server, phone)
    shoot_tally(lang, album, live_server, desktop, phone)
    album.check()
    browser_log.assert_clean()
