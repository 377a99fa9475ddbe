"""A score sheet made on a phone with taps, saved, and a table started with it and with teams;
screenshots of the sheet list, the editor with a mistake and the start page (phone and TV,
English and Hungarian) in test-artifacts/screens-28/."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import ROOT

SCREENS = ROOT / "test-artifacts" / "screens-28"
PHONE = {"viewport": {"width": 412, "height": 915}}
TV = {"viewport": {"width": 1920, "height": 1080}}


def shoot(page: Page, name: str, full_page: bool = True) -> None:
    """A screenshot; the editor's as the window shows it (its Save button stays in view)."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=full_page, caret="initial",
                    animations="disabled", scale="css")


def in_view(page: Page, selector: str) -> bool:
    """The element lies inside the window as it is scrolled now (no scrolling to reach it)."""
    return page.evaluate("""(s) => { const r = document.querySelector(s).getBoundingClientRect();
                                     return r.top >= 0 && r.bottom <= window.innerHeight; }""",
                         selector)


def test_a_sheet_made_with_taps_on_a_phone_starts_a_table_in_teams(live_server, phone, browser_log):
    page = phone("host", **PHONE)
    page.goto(live_server.url + "/games/score-pad/sheets")
    page.get_by_role("link", name="New score sheet").click()
    page.get_by_label("Name of the sheet").fill("Family night")
    page.get_by_label("Category 1's name").fill("Coins")
    page.get_by_label("Category 2's name").fill("Wonders")
    page.get_by_label("Category 3's name").fill("Science")
    page.locator(".category-row").nth(0).get_by_text("Breaks ties").click()
    page.get_by_text("once, at the end of the game").click()
    page.get_by_role("button", name="Save the score sheet").click()
    page.wait_for_url(re.compile(r"/games/score-pad/sheets$"))
    expect(page.locator(".sheet-list").first).to_contain_text("Family night")
    expect(page.locator(".sheet-list").first).to_contain_text("3 categories · once")

    page.goto(live_server.url + "/")
    page.locator("select#game").select_option("score-pad")
    for i, name in enumerate(("Anna", "Bence", "Csilla", "Dani")):
        page.locator(f'input[name="players-{i}"]').fill(name)
    page.get_by_label("Score sheet").select_option(label="Family night")
    page.get_by_label("Teams", exact=True).select_option("seats")
    seats = page.locator("[data-team-seats]")
    expect(seats.locator(".team-seat").nth(1)).to_have_attribute("aria-label", "Bence's team")
    expect(seats.get_by_role("radiogroup", name="Dani's team")).to_be_visible()
    expect(seats.locator(".team-seat").nth(4)).to_be_hidden()       # no fifth player
    seats.locator('[data-seat="1"] .chip', has_text="1").click()     # Anna & Bence
    seats.locator('[data-seat="2"] .chip', has_text="2").click()     # against Csilla & Dani
    seats.locator('[data-seat="3"] .chip', has_text="2").click()
    expect(page.locator("[data-team-preview]")).to_have_text(
        re.compile(r"Team 1: Anna, Bence\s*Team 2: Csilla, Dani"))
    page.locator('form[action="/"] button.primary').click()
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    code = page.url.rsplit("/", 1)[1]
    record = page.request.get(f"{live_server.url}/t/{code}/record.json").json()
    assert record["version"] == 2
    assert record["options"] == {
        "lowest_wins": False,
        "sheet": {"name": "Family night",
                  "categories": [{"id": "coins", "name": "Coins"},
                                 {"id": "wonders", "name": "Wonders"},
                                 {"id": "science", "name": "Science"}],
                  "rounds": False, "tie_break": {"category": "coins", "lowest": False}},
        "teams": [["Anna", "Bence"], ["Csilla", "Dani"]]}
    browser_log.assert_clean()


def test_a_sheet_shared_by_its_link_starts_a_table_on_another_phone(live_server, phone,
                                                                    browser_log):
    """Anna saves a sheet and copies its link; Bence's phone opens it, cannot change it, and
    starts a table with it chosen; his start page lists no other sheet of Anna's."""
    anna = phone("anna", **PHONE)
    anna.context.grant_permissions(["clipboard-read", "clipboard-write"])
    for name in ("Golf night", "Anna's own"):
        anna.goto(live_server.url + "/games/score-pad/sheets/new")
        anna.get_by_label("Name of the sheet").fill(name)
        anna.get_by_label("Category 1's name").fill("Strokes")
        anna.get_by_role("button", name="Save the score sheet").click()
        anna.wait_for_url(re.compile(r"/games/score-pad/sheets$"))
    anna.locator(".sheet-list li", has_text="Golf night").get_by_role("link", name="Edit").click()
    anna.get_by_role("button", name="Copy the link").click()
    expect(anna.get_by_role("button", name="Copied")).to_be_visible()
    link = anna.evaluate("navigator.clipboard.readText()")
    assert link == anna.get_by_label(re.compile("^Link to share")).input_value()
    assert re.fullmatch(re.escape(live_server.url) + r"/games/score-pad/sheets/[\w-]{22}", link)

    bence = phone("bence", **PHONE)
    bence.goto(link)
    expect(bence.get_by_label("Name of the sheet")).to_be_disabled()
    expect(bence.get_by_role("button", name="Save the score sheet")).to_have_count(0)
    bence.get_by_role("link", name="Start a table with it").click()
    expect(bence.locator("select#game")).to_have_value("score-pad")
    sheet = bence.get_by_label("Score sheet")
    expect(sheet).to_be_visible()
    expect(sheet.locator("option:checked")).to_have_text("Golf night")
    expect(sheet.locator("option", has_text="Anna's own")).to_have_count(0)
    for i, name in enumerate(("Bence", "Csilla")):
        bence.locator(f'input[name="players-{i}"]').fill(name)
    bence.locator('form[action="/"] button.primary').click()
    bence.wait_for_url(re.compile(r"/t/[^/]+$"))
    code = bence.url.rsplit("/", 1)[1]
    record = bence.request.get(f"{live_server.url}/t/{code}/record.json").json()
    assert record["options"]["sheet"]["name"] == "Golf night"
    browser_log.assert_clean()


def test_a_lowest_wins_sheet_ticks_the_box_and_teams_wait_for_a_sheet(live_server, phone,
                                                                       browser_log):
    page = phone("host", **PHONE)
    page.goto(live_server.url + "/")
    page.locator("select#game").select_option("score-pad")
    lowest = page.get_by_label("Lowest total wins")
    teams = page.get_by_label("Teams", exact=True)
    expect(teams).to_be_disabled()
    page.get_by_label("Score sheet").select_option("shipped-skyjo")
    expect(lowest).to_be_checked()
    expect(lowest).to_be_disabled()
    expect(teams).to_be_enabled()
    page.get_by_label("Score sheet").select_option("shipped-wingspan")
    expect(lowest).not_to_be_checked()
    expect(lowest).to_be_enabled()
    browser_log.assert_clean()


@pytest.mark.album
@pytest.mark.parametrize("lang", ["en", "hu"])
def test_screens_of_the_sheets_the_editor_and_the_start_options(live_server, device, lang,
                                                               browser_log):
    for screen, size in (("phone", PHONE), ("tv", TV)):
        page = device(f"{screen}-{lang}", **size)
        page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server.url}])
        page.goto(live_server.url + "/games/score-pad/sheets/new?copy=shipped-7-wonders")
        if screen == "phone":
            page.locator('input[name="categories-0-name"]').fill("")   # an id left without a name
            page.locator('input[name="categories-2-id"]').fill("Big Wonder")
            page.locator(".sheet-save button.primary").click()
            expect(page.locator(".error").first).to_be_visible()
        else:
            page.locator('input[name="categories-2-id"]').fill("Big Wonder")
            page.locator(".sheet-save button.primary").click()
            expect(page.locator(".category-row.has-error")).to_have_count(1)
        page.locator(".error").first.scroll_into_view_if_needed()
        shoot(page, f"editor-error-{screen}-{lang}", full_page=False)
        page.goto(live_server.url + "/games/score-pad/sheets/new?copy=shipped-wingspan")
        page.locator("input[name=name]").fill(f"Wingspan ({screen})")
        page.locator(".sheet-save button.primary").click()
        page.wait_for_url(re.compile(r"/games/score-pad/sheets$"))
        shoot(page, f"editor-sheets-{screen}-{lang}")
        page.goto(live_server.url + "/games/score-pad/sheets/new")
        shoot(page, f"editor-new-{screen}-{lang}", full_page=False)
        assert in_view(page, "input[name=name]")

        page.goto(live_server.url + "/")
        page.locator("select#game").select_option("score-pad")
        for i, name in enumerate(("Anna", "Bence", "Csilla", "Dani")):
            page.locator(f'input[name="players-{i}"]').fill(name)
        page.locator("select[name=opt-score-pad-sheet]").select_option("shipped-7-wonders")
        page.locator("select[name=opt-score-pad-teams]").select_option("seats")
        page.locator('[data-seat="1"] .chip', has_text="1").click()
        page.locator('[data-seat="2"] .chip', has_text="2").click()
        page.locator("fieldset.options[data-game=score-pad]").scroll_into_view_if_needed()
        shoot(page, f"start-sheet-teams-{screen}-{lang}")
        for seat in range(4):                           # everyone in team 1: refused
            page.locator(f'[data-seat="{seat}"] .chip', has_text="1").click()
        page.locator('form[action="/"] button.primary').click()
        expect(page.locator("fieldset.options[data-game=score-pad] .error")).to_be_visible()
        shoot(page, f"start-after-refusal-{screen}-{lang}")
    browser_log.assert_clean()
