"""Calçada on two phones and the host: tiles placed by tapping, a completion seen everywhere
within 2 s, a whole 2-player game played through the screens, scored the same by
``companion score`` as on the final screen; screenshots of every Calçada screen."""
from __future__ import annotations

import json
import re
import time

from click.testing import CliRunner
from playwright.sync_api import Page, expect

from companion.cli import cli

from .helpers import (LIVE_TIMEOUT, caught_up, confirm, finish_game, screen_settled,
                      start_table, take_seat, until)
from .test_screens import Album, to_hungarian

# the default "8" side, printed numbers:  1 4 2 5 3 / 2 5 3 1 4 / 3 1 4 2 5 / 4 2 5 3 1 / 5 3 1 4 2
# districts: 7 = (5,2) (5,3); 8 = (5,4) (5,5); 3 = (2,2) (2,3) (3,2). Rows for 2 players: ×3 ×2 ×1.
GAME = [
    ("Anna", "blue", 3, 5, 2, "tram"), ("Bence", "blue", 3, 5, 2, "plaza"),
    ("Anna", "blue", 1, 5, 3, "tram"),          # blue district of 2 at ×3: 6; blue to row 2
    ("Bence", "blue", 1, 5, 3, "plaza"),        # ×2: 4; blue to row 3
    ("Anna", "blue", 4, 5, 4, "kiosk"), ("Bence", "red", 4, 5, 4, "kiosk"),
    ("Anna", "blue", 2, 5, 5, "bonus"),         # ×1: 2 + 2, blue slides off; Anna +2 bonus tiles
    ("Bence", "red", 2, 5, 5, "kiosk"),         # red ×3: 6
    ("Anna", "red", 5, 2, 2, "cafe"), ("Bence", "red", 5, 2, 2, "bench"),
    ("Anna", "red", 7, 2, 3, "cafe"),           # 7: any cell
    ("Bence", "red", 3, 2, 3, "bench"),
    "spend Anna",
    "pass Anna",                                # Anna's turn without a tile: Done — pass
    ("Bence", "red", 1, 3, 2, "bench"),         # red district of 3 at ×2: 6
    ("Anna", "red", 1, 3, 2, "cafe"),           # ×1: 3 + 2, red slides off: the end; Bence plays on
    ("Bence", "green", 1, 1, 1, "tram"),        # Bence's last turn
]
# Anna 6 + 4 + 5 districts, motifs 1 + 3, bonus tiles 3 // 2 = 1: 20
# Bence 4 + 6 + 6 districts, motifs 1 + 1 + 3, one unfinished tile, bonus 2 // 2 = 1: 23
TOTALS = {"Anna": 20, "Bence": 23}


# the bottom edge of the move's last tap target (the board) against the phone's screen
BELOW_FOLD = """() => { const board = document.querySelector('.calcada-move svg.calcada-board');
  return board.getBoundingClientRect().bottom - window.innerHeight; }"""


def move(page: Page, step: str) -> None:
    """The move is at ``step``, and all of it is on the screen without scrolling."""
    expect(page.locator(".calcada-move")).to_have_attribute("data-step", step)
    assert page.evaluate("window.scrollY") == 0
    assert page.evaluate(BELOW_FOLD) <= 0, f"the board runs off the screen at the {step} step"


def place(page: Page, colour: str, number: int, row: int, column: int, motif: str) -> None:
    """A turn in four taps: colour, number, cell, motif, made once the screen shows the table as
    it is (as a player looks before tapping: a tap at the very moment the other player's move is
    swapped in can still be lost, which taps answered in the page itself will end). Made out of
    turn, the question before it is answered yes."""
    base, code = re.match(r"(https?://[^/]+)/t/([^/?]+)", page.url).groups()
    screen_settled(page)
    caught_up(page, base, code)
    move(page, "colour")
    page.locator(f'.colours a[data-colour="{colour}"]').click()
    move(page, "number")
    page.locator(f'.numbers a[data-number="{number}"]').click()
    move(page, "cell")
    page.locator(f'svg.calcada-board g[data-cell="{row}-{column}"]').click()
    move(page, "motif")
    with page.expect_response(lambda r: "/act/place" in r.url
                              and r.request.method == "POST") as answer:
        page.locator(f'form.motifs button[value="{motif}"]').click()
    if answer.value.status == 409:      # out of turn: agreed, as a table setting up a position
        confirm(page, "Enter it anyway")
        expect(page.locator("section.confirm")).to_have_count(0)       # the move's screen again
    move(page, "colour")
    expect(page.locator(f'g[data-cell="{row}-{column}"]')).to_have_attribute(
        "data-tile", f"{colour}:{motif}")


def stone_row(page: Page, colour: str):
    """The scoring board's line (1-based) holding that colour's stone."""
    return page.locator(f"#live .scoring-board tbody tr:has(.stone[data-stone={colour}])")


def pass_turn(page: Page) -> None:
    """*Done — pass* on the phone whose turn it is: the turn ends without a tile."""
    base, code = re.match(r"(https?://[^/]+)/t/([^/?]+)", page.url).groups()
    screen_settled(page)
    caught_up(page, base, code)
    with page.expect_response(lambda r: r.url.endswith("/pass") and r.request.method == "POST"):
        page.locator(".turn-line button.pass").click()


def play_turn(pages: dict[str, Page], turn) -> None:
    """One line of GAME: a tile placed, a bonus tile spent or a turn passed."""
    if turn == "spend Anna":
        with pages["Anna"].expect_response(lambda r: "/act/spend" in r.url):
            pages["Anna"].locator('form[action$="/act/spend"] button').click()
    elif turn == "pass Anna":
        pass_turn(pages["Anna"])
    else:
        player, *rest = turn
        place(pages[player], *rest)


def play(pages: dict[str, Page], upto: int) -> None:
    for turn in GAME[:upto]:
        play_turn(pages, turn)


def open_table(live_server, host_page, phone, lang: str = "en"):
    if lang == "hu":
        host_page.goto(live_server.url + "/")
        to_hungarian(host_page)
    code = start_table(host_page, live_server.url, game="calcada", players=("Anna", "Bence"),
                       open_home=lang != "hu")
    pages = {"Anna": phone("Anna"), "Bence": phone("Bence")}
    for name, page in pages.items():
        page.goto(live_server.url + "/")
        if lang == "hu":
            to_hungarian(page)
        take_seat(page, f"{live_server.url}/j/{code}", name)
    return code, pages


def test_a_completion_shows_on_the_other_phone_and_the_host_within_2_s(
        live_server, host_page, phone, browser_log):
    code, pages = open_table(live_server, host_page, phone)
    anna, bence = pages["Anna"], pages["Bence"]
    expect(anna.locator(".calcada-move")).to_contain_text("layout unverified")
    play(pages, 2)
    place(anna, "blue", 1, 5, 3, "tram")
    deadline = time.monotonic() + LIVE_TIMEOUT / 1000
    message = "Anna completed a blue district of 2 at ×3: 6 points"
    for other in (bence, host_page):
        expect(other.locator("#live [data-testid=latest-completion]")).to_have_text(
            message, timeout=until(deadline))
        expect(stone_row(other, "blue")).to_contain_text("×2", timeout=until(deadline))
    expect(stone_row(bence, "yellow")).to_contain_text("×3")
    browser_log.assert_clean()


def test_a_cell_that_is_not_legal_says_why(live_server, host_page, phone, browser_log):
    code, pages = open_table(live_server, host_page, phone)
    anna = pages["Anna"]
    anna.locator('.colours a[data-colour="blue"]').click()
    anna.locator('.numbers a[data-number="4"]').click()
    move(anna, "cell")
    assert anna.locator("svg.calcada-board g.legal").count() == 5      # the cells printing 4
    anna.locator('svg.calcada-board g[data-cell="1-1"]').click()
    expect(anna.locator(".refusal")).to_have_text(
        "The cell at row 1, column 1 prints 1, not the announced 4: a tile goes on a cell "
        "printing the announced number (6 or more: any cell).")
    move(anna, "cell")
    browser_log.assert_clean()


def test_a_whole_game_on_the_phones_scores_as_the_final_screen_says(
        live_server, host_page, phone, browser_log):
    code, pages = open_table(live_server, host_page, phone)
    play(pages, len(GAME) - 1)
    for page in (*pages.values(), host_page):
        expect(page.locator("#live .end-line")).to_have_text(
            "Anna slid the second stone off: last round! Still to play: Bence.",
            timeout=LIVE_TIMEOUT)
    expect(pages["Anna"].locator(".calcada-move")).to_contain_text("No turn left for Anna")
    place(pages["Bence"], *GAME[-1][1:])
    expect(host_page.locator("#live .turn-line .turn")).to_have_text(
        "The last round is over: the host finishes the game.", timeout=LIVE_TIMEOUT)
    expect(host_page.locator("#live .end-line")).to_have_count(0)       # said once
    finish_game(host_page)
    for page in (*pages.values(), host_page):
        board = page.locator('#live figure.player-board[data-player="Bence"]')
        expect(board.locator(".total")).to_have_text("23", timeout=LIVE_TIMEOUT)
        expect(board).to_contain_text("winner")
    answer = host_page.request.get(f"{live_server.url}/t/{code}/record.json")
    scored = CliRunner().invoke(cli, ["score", "-"], input=answer.text())
    assert scored.exit_code == 0, scored.output
    result = json.loads(scored.output)
    assert {p["name"]: p["total"] for p in result["players"]} == TOTALS
    for name, total in TOTALS.items():
        shown = host_page.locator(f'#live figure.player-board[data-player="{name}"] .total')
        assert int(shown.inner_text()) == total
    browser_log.assert_clean()


def turn_shown(pages: dict[str, Page], tv: Page, player: str) -> None:
    """Every screen says whose turn it is: the TV names the player, that player's phone says
    "Your turn", the others name the player, all within the live time-out."""
    deadline = time.monotonic() + LIVE_TIMEOUT / 1000
    expect(tv.locator("#live .turn-line .turn")).to_have_text(
        f"{player}'s turn: pick a stone and place a tile", timeout=until(deadline))
    for name, page in pages.items():
        line = page.locator("#live .turn-line .turn")
        expect(line).to_have_text("Your turn: pick a stone and place a tile" if name == player
                                  else f"{player}'s turn: pick a stone and place a tile",
                                  timeout=until(deadline))
        expect(page.locator(".turn-line button.pass")).to_have_count(int(name == player))


def test_every_screen_follows_the_turn_asks_before_one_out_of_turn_and_passes(
        live_server, host_page, phone, browser_log):
    code, pages = open_table(live_server, host_page, phone)
    anna, bence = pages["Anna"], pages["Bence"]
    turn_shown(pages, host_page, "Anna")
    place(anna, "blue", 3, 5, 2, "tram")
    turn_shown(pages, host_page, "Bence")
    pass_turn(bence)                                        # Done — pass: no tile this turn
    expect(host_page.locator("#live ol.history li").first).to_contain_text(
        "Bence passed", timeout=LIVE_TIMEOUT)
    turn_shown(pages, host_page, "Anna")                    # round 2: the first seat again
    # Bence again, before Anna: his phone asks first, and enters it on the second tap
    screen_settled(bence)
    bence.locator('.colours a[data-colour="red"]').click()
    bence.locator('.numbers a[data-number="3"]').click()
    bence.locator('svg.calcada-board g[data-cell="5-2"]').click()
    with bence.expect_response(lambda r: "/act/place" in r.url and r.status == 409):
        bence.locator('form.motifs button[value="plaza"]').click()
    dialog = bence.locator("section.confirm")
    expect(dialog).to_contain_text("It is Anna's turn. Place the red tile on row 5, column 2 "
                                   "anyway?")
    expect(bence.locator('g[data-cell="5-2"]')).not_to_have_attribute("data-tile", "red:plaza")
    confirm(bence, "Enter it anyway")
    expect(bence.locator('g[data-cell="5-2"]')).to_have_attribute("data-tile", "red:plaza")
    turn_shown(pages, host_page, "Anna")                    # still Anna's: nobody moved on
    browser_log.assert_clean()
