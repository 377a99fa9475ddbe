"""The games page in a browser: three games finished through the web with a phone at the table
and the host screen on a TV; the phone's games page shows the statistics, the CSV downloads, two
names are counted as one. Screenshots of the page on the phone (412×915) and the TV (1920×1080),
in English and Hungarian."""
from __future__ import annotations

import csv
import io
import re

from playwright.sync_api import Page, expect

from .helpers import caught_up, enter_points, finish_game, settled_after_finish, start_table, \
    take_seat
from .test_screens import Album, to_hungarian

TV = {"viewport": {"width": 1920, "height": 1080}}
GAMES = [("Bence", 12, 20), ("Bence", 30, 10), ("Bence K.", 7, 9)]    # (other, Anna, other)


def played(tv: Page, anna: Page, base: str, other: str, mine: int, theirs: int) -> str:
    """A score pad of Anna (this phone) and ``other`` (entered by the host screen), finished."""
    code = start_table(tv, base, players=("Anna", other))
    take_seat(anna, base + f"/j/{code}", "Anna")
    enter_points(anna, 1, mine)
    caught_up(tv, base, code)
    tv.locator("form.points select#points-player").select_option(label=other)
    enter_points(tv, 1, theirs)
    caught_up(tv, base, code)
    finish_game(tv)
    expect(tv.locator("#live .winners")).to_be_visible()
    settled_after_finish(anna)
    return code


def stats_line(page: Page, game: str, player: str):
    section = page.locator("section.stats table").filter(has=page.locator("th", has_text=player))
    return section.locator("tbody tr").filter(has=page.locator("th", has_text=re.compile(
        rf"^{re.escape(player)}$")))


def test_three_games_on_a_phone_then_its_games_page_csv_and_a_merge(live_server, phone, desktop,
                                                                      browser_log):
    base = live_server.url
    tv = desktop("tv", **TV)
    anna = phone("anna")
    codes = [played(tv, anna, base, *game) for game in GAMES]

    anna.goto(base + "/")
    anna.get_by_role("link", name="Games played and statistics").click()
    anna.wait_for_url(re.compile(r"/games$"))
    cells = stats_line(anna, "Score pad", "Anna").locator("td")
    expect(cells).to_have_text(["3", "1", "16.3", "30"])        # plays, wins, average, best
    expect(stats_line(anna, "Score pad", "Bence").locator("td")).to_have_text(["2", "1", "15", "20"])
    for code in codes:
        expect(anna.locator("ol.plays")).to_contain_text(code)
    expect(anna.locator("ol.plays > li").first).to_contain_text(codes[-1])     # newest first
    expect(anna.locator("ol.plays li.winner strong", has_text="Bence K. 9")).to_be_visible()

    with anna.expect_download() as download:
        anna.get_by_role("link", name="Download the plays (CSV)").click()
    data = download.value.path().read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))
    assert len(rows) == 6
    assert {(r["Table code"], r["Player"], r["Score"], r["Winner"]) for r in rows} == {
        (codes[0], "Anna", "12", "0"), (codes[0], "Bence", "20", "1"),
        (codes[1], "Anna", "30", "1"), (codes[1], "Bence", "10", "0"),
        (codes[2], "Anna", "7", "0"), (codes[2], "Bence K.", "9", "1")}

    # one filter: Anna's games of one kind, chosen from the lists (no typing)
    anna.locator("select#filter-player").select_option(label="Bence K.")
    anna.get_by_role("button", name="Show").click()
    anna.wait_for_url(re.compile(r"player=Bence"))
    expect(anna.locator("ol.plays > li")).to_have_count(1)
    anna.goto(base + "/games")

    album = Album("history")
    album.shoot(anna, "en", "games-phone")
    anna.locator("select[name=alias]").select_option(label="Bence K.")
    anna.locator("select[name=name]").select_option(label="Bence")
    anna.get_by_role("button", name="Count as one player").click()
    expect(anna.locator("ul.merges")).to_contain_text("Bence K. counts as Bence")
    expect(stats_line(anna, "Score pad", "Bence").locator("td")).to_have_text(["3", "2", "13", "20"])
    album.shoot(anna, "en", "games-phone-merged")

    tv.goto(base + "/games")                   # the host screen took part in the same games
    expect(stats_line(tv, "Score pad", "Anna").locator("td")).to_have_text(["3", "1", "16.3", "30"])
    album.shoot(tv, "en", "games-tv")

    to_hungarian(anna)
    expect(stats_line(anna, "Score pad", "Anna").locator("td")).to_have_text(["3", "1", "16,3", "30"])
    album.shoot(anna, "hu", "games-phone")
    to_hungarian(tv)
    expect(tv.locator("h1")).to_have_text("Lejátszott játszmák")
    album.shoot(tv, "hu", "games-tv")

    anna.get_by_role("button", name="Külön számold").click()
    expect(anna.locator("ul.merges")).to_have_count(0)
    expect(stats_line(anna, "Score pad", "Bence").locator("td")).to_have_text(["2", "1", "15", "20"])
    album.check()
    browser_log.assert_clean()
