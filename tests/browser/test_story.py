"""The story of a finished game on the TV (1920×1080) and on a phone (412×915), for every game:
opened from the finished screens and stepped through with its links, the TV in English and the
phone in Hungarian, and played; screenshots under test-artifacts/screens/ (en-story-<game>-tv,
hu-story-<game>-phone)."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from companion import record
from companion.tables import story
from tests.story_records import FINISHED

from .test_screens import Album, to_hungarian

TV = {"viewport": {"width": 1920, "height": 1080}}
WORDS = {
    "en": {"story": "The story of the game", "before": "Before the first act",
           "act": "Act {n} of {count}:", "final": "Final result", "next": "next act",
           "previous": "previous act", "first": "first", "last": "last", "play": "Play",
           "pause": "Pause"},
    "hu": {"story": "A játék története", "before": "Az első lépés előtt",
           "act": "{n}. lépés (összesen {count}):", "final": "Végeredmény",
           "next": "következő lépés", "previous": "előző lépés", "first": "első",
           "last": "utolsó", "play": "Lejátszás", "pause": "Szünet"},
}


def imported(tv: Page, base: str, game: str) -> str:
    """The finished game opened on the TV from its record, as a host does; returns the code."""
    tv.locator('form[action="/import"] input[type=file]').set_input_files(files=[{
        "name": f"{game}.json", "mimeType": "application/json",
        "buffer": json.dumps(FINISHED[game]).encode()}])
    tv.locator('form[action="/import"] button').click()
    tv.wait_for_url(re.compile(r"/t/[A-Z0-9]+$"))
    return tv.url.rsplit("/", 1)[1]


def tap(page: Page, words: dict[str, str], key: str) -> None:
    page.locator(".story-nav a", has_text=words[key]).click()


def shows_act(page: Page, words: dict[str, str], n: int, count: int) -> None:
    text = words["before"] if n == 0 else words["act"].format(n=n, count=count)
    expect(page.locator(".story-act")).to_have_text(re.compile(r"^\s*" + re.escape(text)),
                                                    timeout=10_000)
    assert page.url.endswith(f"/story?at={n}") or (n == count and page.url.endswith("/story"))


def step_through(page: Page, words: dict[str, str], count: int, players: int) -> None:
    """Open at the end, then first, next, next, previous, last: each the table after that act."""
    shows_act(page, words, count, count)
    expect(page.locator(".story-chart polyline.player")).to_have_count(players)
    expect(page.locator(".story-stage .board h2")).to_contain_text(words["final"])
    tap(page, words, "first")
    shows_act(page, words, 0, count)
    expect(page.locator(".story-stage .board h2")).not_to_contain_text(words["final"])
    tap(page, words, "next")
    shows_act(page, words, 1, count)
    tap(page, words, "next")
    shows_act(page, words, 2, count)
    tap(page, words, "previous")
    shows_act(page, words, 1, count)
    tap(page, words, "last")
    shows_act(page, words, count, count)
    expect(page.locator(".story-stage .board h2")).to_contain_text(words["final"])


def totals_shown(page: Page) -> dict[str, str]:
    rows = page.locator(".story-stage table.scoreboard tbody tr")
    return {rows.nth(i).locator("td.name").inner_text().split("\n")[0].strip():
            rows.nth(i).locator("td.total").inner_text().strip() for i in range(rows.count())}


@pytest.mark.parametrize("game", list(FINISHED))
def test_the_story_on_the_tv_and_a_phone(game, live_server, desktop, phone, browser_log):
    base = live_server.url
    replay = record.load(FINISHED[game])
    count = len(story.acts_of(replay)[0])
    middle = count // 2
    fresh = story.prefix(replay, middle)
    expected = {row["name"]: str(row["total"]) for row in fresh.result()["players"]}
    album = Album(f"story-{game}")
    tv = desktop("en-tv", **TV)                 # the TV in English, stepped through
    tv.goto(base + "/")
    code = imported(tv, base, game)
    tv.get_by_role("link", name=WORDS["en"]["story"]).click()
    step_through(tv, WORDS["en"], count, len(replay.players))
    tv.goto(f"{base}/t/{code}/story?at={middle}")
    shows_act(tv, WORDS["en"], middle, count)
    assert totals_shown(tv) == expected
    album.shoot(tv, "en", f"story-{game}-tv")

    words = WORDS["hu"]                         # a phone at the table in Hungarian, the same
    mobile = phone("hu-phone")
    mobile.goto(f"{base}/j/{code}")
    to_hungarian(mobile)
    mobile.locator("button.seat", has_text=replay.players[0]).click()
    mobile.wait_for_url(re.compile(r"/phone$"))
    mobile.get_by_role("link", name=words["story"]).click()
    step_through(mobile, words, count, len(replay.players))
    mobile.goto(f"{base}/t/{code}/story?at={middle}")
    shows_act(mobile, words, middle, count)
    assert totals_shown(mobile) == expected
    album.shoot(mobile, "hu", f"story-{game}-phone")
    album.check()
    browser_log.assert_clean()


def test_play_steps_by_itself_until_paused(live_server, desktop, browser_log):
    base = live_server.url
    words = WORDS["en"]
    count = len(story.acts_of(record.load(FINISHED["score-pad"]))[0])
    tv = desktop("tv", **TV)
    tv.goto(base + "/")
    code = imported(tv, base, "score-pad")
    tv.goto(f"{base}/t/{code}/story?at=1")
    tap(tv, words, "play")
    expect(tv.locator(".story-act")).to_have_text(
        re.compile(r"^\s*" + re.escape(words["act"].format(n=2, count=count))), timeout=15_000)
    tap(tv, words, "pause")
    expect(tv.locator(".story-nav")).to_contain_text(words["play"])
    assert re.search(r"/story\?at=\d+$", tv.url)
    browser_log.assert_clean()
