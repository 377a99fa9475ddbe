"""Two whole games on a score sheet with categories, played from phones as a table would: four
phones fill the shipped seven-category sheet (7 Wonders), and two teams type sums and
differences; the TV (1920×1080) and every phone (412×915) show what `companion score` makes of
the exported record: each category's points, the totals, the ranks, the teams and the winners."""
from __future__ import annotations

import json
import re

from click.testing import CliRunner
from playwright.sync_api import Page, expect

from companion.cli import cli

from tests.support import ROOT

from .helpers import (LIVE_TIMEOUT, confirm, in_viewport, screen_settled, settled_after_finish,
                      take_seat)

PHONE = {"viewport": {"width": 412, "height": 915}}
TV = {"viewport": {"width": 1920, "height": 1080}}
PLAYERS = ["Anna", "Bence", "Csilla", "Dani"]
SEVEN = ["Military", "Coins", "Wonder", "Civilian buildings", "Commercial buildings", "Guilds",
         "Science"]


def start_on_the_tv(tv: Page, base: str, teams: str = "") -> str:
    """The host starts a score pad on the shipped 7 Wonders sheet from the start page."""
    tv.goto(base + "/")
    tv.locator("select#game").select_option("score-pad")
    for seat, name in enumerate(PLAYERS):
        tv.locator(f'input[name="players-{seat}"]').fill(name)
    tv.locator("select[name=opt-score-pad-sheet]").select_option("shipped-7-wonders")
    if teams:
        tv.locator("select[name=opt-score-pad-teams]").select_option(teams)
    tv.locator('form[action="/"] button.primary').click()
    tv.wait_for_url(re.compile(r"/t/[^/]+$"))
    return tv.get_by_test_id("table-code").inner_text().strip()


def seated(phone, base: str, code: str, name: str) -> Page:
    page = phone(name, **PHONE)
    take_seat(page, f"{base}/j/{code}", name)
    expect(page.locator("form.sheet-entry .keypad")).to_be_visible()
    return page


def enter(page: Page, category: str, typed: str) -> int:
    """The offered category is ``category`` (no tap to find it), named on the first screen
    with the typed line, the keypad and Save (no scroll); the keys typed, then Save: the taps
    made."""
    card = page.locator("form.sheet-entry")
    expect(card.locator(".cell-name")).to_have_text(category)
    for part in (".cell-name", ".display", ".keypad", "button.save"):
        assert in_viewport(page, card.locator(part)), f"{part} needs a scroll for {category}"
    for key in typed:
        card.locator(f'.keypad [data-key="{key}"]').click()
    with page.expect_response(lambda r: "/act/points" in r.url and r.request.method == "POST"):
        card.locator("button.save").click()
    screen_settled(page)
    return len(typed) + 1


def scored(page: Page, base: str, code: str) -> tuple[dict, dict]:
    """The exported record and what `companion score` prints for it."""
    text = page.request.get(f"{base}/t/{code}/record.json").text()
    out = CliRunner().invoke(cli, ["score", "-"], input=text)
    assert out.exit_code == 0, out.output
    return json.loads(text), json.loads(out.output)


def sheet_agrees(page: Page, record: dict, result: dict, columns: list[str]) -> None:
    """The live sheet on ``page`` shows the result: every category's cell (– where the record
    has nothing), the totals, the ranks (a player's, or with teams the team's total and rank)."""
    players = {p["name"]: p for p in result["players"]}
    entered = {(e["player"], e["category"]) for e in record["events"] if e["type"] == "points"}
    sheet = page.locator("#live table.sheet.categories")
    expect(sheet.locator("thead th.num")).to_have_text(columns, timeout=LIVE_TIMEOUT)
    expect(sheet.locator("tfoot tr.totals td")).to_have_text(
        [str(players[name]["total"]) for name in columns], timeout=LIVE_TIMEOUT)
    for index, category in enumerate(next(iter(players.values()))["breakdown"]):
        expect(sheet.locator("tbody tr").nth(index).locator("td")).to_have_text(
            [str(players[name]["breakdown"][category]) if (name, category) in entered else "–"
             for name in columns])
    if "teams" in result:
        expect(sheet.locator("tfoot tr.team-totals td")).to_have_text(
            [str(team["total"]) for team in result["teams"]])
        expect(sheet.locator("tfoot tr.team-ranks td")).to_have_text(
            [f"{team['rank']}." for team in result["teams"]])
    else:
        expect(sheet.locator("tfoot tr.ranks td")).to_have_text(
            [f"{players[name]['rank']}." for name in columns])


def test_four_phones_fill_the_shipped_seven_category_sheet_and_every_screen_agrees_with_companion_score(
        live_server, desktop, phone, browser_log):
    base = live_server.url
    tv = desktop("tv", **TV)
    code = start_on_the_tv(tv, base)
    phones = {name: seated(phone, base, code, name) for name in PLAYERS}
    typed = {   # Anna and Bence tie on 40: Bence's 6 coins to Anna's 3 decide
        "Anna": ["5", "3", "3+4", "2+3", "4", "6", "10"],
        "Bence": ["3", "6", "8", "1+1+2", "5", "2", "20-8"],
        "Csilla": ["-1", "7", "5", "6", "0", "4", "9"],
        "Dani": ["6", "2", "10", "3", "2", "7", "1+1"],
    }
    taps = {name: [] for name in PLAYERS}
    for category_index, category in enumerate(SEVEN):
        for name in PLAYERS:
            taps[name].append(enter(phones[name], category, typed[name][category_index]))
    # one tap per key of the number or sum, and Save: never a tap to reach the category
    assert taps == {name: [len(t) + 1 for t in typed[name]] for name in PLAYERS}
    report = ROOT / "test-artifacts" / "screens-28" / "report-taps.txt"
    report.parent.mkdir(parents=True, exist_ok=True)
    report.write_text("taps per entry on a 412x915 phone (the keys of the number or sum, then "
                      "Save; the category comes by itself, nothing needs a scroll):\n" + "".join(
                          f"  {name}: " + ", ".join(f"{category} {t!r} {n}" for category, t, n
                                                   in zip(SEVEN, typed[name], taps[name])) + "\n"
                          for name in PLAYERS))
    chips = phones["Anna"].locator("form.sheet-entry .cell-chips .chip")     # her column
    expect(chips).to_have_text([f"{c} {v}" for c, v in zip(SEVEN, [5, 3, 7, 5, 4, 6, 10])])
    phones["Anna"].screenshot(path=str(report.parent / "entry-phone-after-entries-en.png"))
    record, result = scored(tv, base, code)
    assert record["version"] == 2
    assert record["options"]["sheet"]["name"] == "7 Wonders (2nd edition)"
    assert [c["name"] for c in record["options"]["sheet"]["categories"]] == SEVEN
    assert len(record["events"]) == 28 and all("category" in e for e in record["events"])
    assert [e.get("expression") for e in record["events"] if e["player"] == "Bence"] == \
        [None, None, None, "1 + 1 + 2", None, None, "20 - 8"]
    assert [p["total"] for p in result["players"]] == [40, 40, 30, 32]
    assert [p["rank"] for p in result["players"]] == [2, 1, 4, 3]
    for page in [tv, *phones.values()]:
        sheet_agrees(page, record, result, PLAYERS)
    expect(tv.locator("#live .tie-note.decides")).to_contain_text("most Coins")
    tv.locator('section.actions form[action$="/finish"] button').click()
    confirm(tv)
    settled_after_finish(tv, *phones.values())
    for page in [tv, *phones.values()]:
        expect(page.locator("#live .winners")).to_have_text("Winner: Bence")
    _record, final = scored(tv, base, code)
    assert final["winners"] == ["Bence"] and final["finished"] is True
    browser_log.assert_clean()


def test_two_teams_type_sums_and_the_tv_and_phones_rank_the_teams_as_companion_score(
        live_server, desktop, phone, browser_log):
    base = live_server.url
    tv = desktop("tv", **TV)
    code = start_on_the_tv(tv, base, teams="2")       # seats 1 and 3 against 2 and 4
    phones = {name: seated(phone, base, code, name) for name in PLAYERS}
    sums = {"Anna": ["3+6+2", "12-4"], "Bence": ["10-3", "2+2"],
            "Csilla": ["1+1", "2-5"], "Dani": ["4+4+4", "20-15"]}
    for name in PLAYERS:
        for category, typed in zip(["Military", "Coins"], sums[name]):
            enter(phones[name], category, typed)
    record, result = scored(tv, base, code)
    assert record["version"] == 2
    assert record["options"]["teams"] == [["Anna", "Csilla"], ["Bence", "Dani"]]
    assert [e["expression"] for e in record["events"]] == [
        "3 + 6 + 2", "12 - 4", "10 - 3", "2 + 2", "1 + 1", "2 - 5", "4 + 4 + 4", "20 - 15"]
    assert [e["points"] for e in record["events"]] == [11, 8, 7, 4, 2, -3, 12, 5]
    assert result["teams"] == [{"players": ["Anna", "Csilla"], "total": 18, "rank": 2},
                               {"players": ["Bence", "Dani"], "total": 28, "rank": 1}]
    for page in [tv, *phones.values()]:
        sheet_agrees(page, record, result, ["Anna", "Csilla", "Bence", "Dani"])
    tv.locator('section.actions form[action$="/finish"] button').click()
    confirm(tv)                 # the empty categories are named before the game ends
    settled_after_finish(tv, *phones.values())
    for page in [tv, *phones.values()]:
        expect(page.locator("#live .winners")).to_have_text("Winning team: Bence & Dani")
    _record, final = scored(tv, base, code)
    assert final["winners"] == ["Bence", "Dani"]
    browser_log.assert_clean()
