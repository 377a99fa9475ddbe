"""A score sheet with categories at the table: a phone (412×915) fills its own column on the
page's keypad, the category named, the keypad and Save in the first screen, one number typed and
one tap per category (the next category comes by itself); a sum or a difference shows its value
before it is saved; kept on the phone while offline and sent later; the host screen enters for
any player; the TV (1920×1080) shows the sheet, its totals and ranks, the teams' totals and the
tie-break when it decides, read at 3 m. Screenshots under test-artifacts/screens-28/."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from companion.tables import service
from tests.support import ROOT, untimed

from .helpers import LIVE_TIMEOUT, in_viewport, screen_settled, take_seat
from .test_accessibility import faults
from .test_offline import go_offline
from .test_tv_reads_at_3m import too_small

PHONE = {"viewport": {"width": 412, "height": 915}}
TV = {"viewport": {"width": 1920, "height": 1080}}
SHOTS = ROOT / "test-artifacts" / "screens-28"
SEVEN = [("military", "Military"), ("coins", "Coins"), ("wonder", "Wonder"), ("civic", "Civic"),
         ("science", "Science"), ("commerce", "Commerce"), ("guilds", "Guilds")]
SHEET = {"name": "Seven Wonders", "categories": [{"id": i, "name": n} for i, n in SEVEN],
         "rounds": False, "tie_break": {"category": "coins"}}
PLAYERS = ["Anna", "Bence", "Csilla", "Dóra"]


def points(player, category, value, **extra):
    return {"type": "points", "player": player, "round": 1, "category": category,
            "points": value, **extra}


def opened(live_server, options, events=()) -> tuple[str, str]:
    with live_server.app.app_context():
        table, secret = service.create("score-pad", options, PLAYERS, list(events))
        return table.code, secret


def record(page: Page, base: str, code: str) -> list[dict]:
    """The table's events as exported, without the times the server stamped on them."""
    return untimed(page.request.get(f"{base}/t/{code}/record.json").json()["events"])


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_load_state()
    page.screenshot(path=str(SHOTS / f"{name}.png"), caret="initial", animations="disabled")


def seated(phone, live_server, code: str, name: str) -> Page:
    page = phone(name, **PHONE)
    take_seat(page, f"{live_server.url}/j/{code}", name)
    expect(page.locator("form.sheet-entry .keypad")).to_be_visible()
    return page


def tap_keys(card, typed: str) -> int:
    """Type on the page's keypad, a key a tap; the taps made."""
    for key in typed:
        card.locator(f'.keypad [data-key="{key}"]').click()
    return len(typed)


def save(page: Page, card) -> int:
    with page.expect_response(lambda r: "/act/points" in r.url and r.request.method == "POST"):
        card.locator("button.save").click()
    screen_settled(page)
    return 1


def test_a_difference_shows_its_value_before_it_is_saved(live_server, phone, browser_log):
    code, _ = opened(live_server, {"sheet": SHEET})
    anna = seated(phone, live_server, code, "Anna")
    card = anna.locator("form.sheet-entry")
    tap_keys(card, "3+6+2")
    expect(card.locator("input.expression")).to_have_value("3 + 6 + 2")
    expect(card.locator("output.sum")).to_have_text("= 11")
    shoot(anna, "entry-phone-typed-sum-en")
    assert faults(anna, "phone typing a sum", "en") == []
    card.locator('.keypad [data-key="clear"]').click()
    tap_keys(card, "12-4")
    expect(card.locator("input.expression")).to_have_value("12 - 4")
    expect(card.locator("output.sum")).to_have_text("= 8")
    assert record(anna, live_server.url, code) == []             # shown, not yet saved
    card.locator('.keypad [data-key="back"]').click()
    expect(card.locator("output.sum")).to_have_text("")           # "12 -": no sum yet
    tap_keys(card, "4")
    save(anna, card)
    assert record(anna, live_server.url, code) == [
        points("Anna", "military", 8, expression="12 - 4")]
    # a category tapped: named large, and filled there
    card.locator(".cell-chips .chip", has_text="Guilds").click()
    expect(card.locator(".cell-name")).to_have_text("Guilds")
    tap_keys(card, "-3")
    expect(card.locator("output.sum")).to_have_text("")           # a number is its own value
    save(anna, card)
    assert record(anna, live_server.url, code)[-1] == points("Anna", "guilds", -3)
    # Save with nothing typed is said at once, and nothing is sent
    expect(card.locator(".cell-name")).to_have_text("Coins")
    card.locator("button.save").click()
    expect(card.locator("[data-keypad-error]")).to_have_text(
        "Type the points first, for example 12 or 3 + 6 + 2.")
    assert len(record(anna, live_server.url, code)) == 2
    browser_log.assert_clean()


def test_a_replaced_cell_is_asked_about_first(live_server, phone, browser_log):
    code, _ = opened(live_server, {"sheet": SHEET}, [points("Anna", "military", 5)])
    anna = seated(phone, live_server, code, "Anna")
    card = anna.locator("form.sheet-entry")
    card.locator(".cell-chips .chip", has_text="Military").click()
    tap_keys(card, "9")
    card.locator("button.save").click()
    dialog = anna.locator("section.confirm")
    expect(dialog).to_contain_text("Anna's Military is 5. Replace it with 9?")
    assert record(anna, live_server.url, code) == [points("Anna", "military", 5)]
    with anna.expect_response(lambda r: r.request.method == "POST"):
        dialog.get_by_role("button", name="Replace").click()
    expect(anna.locator("section.confirm")).to_have_count(0)
    assert record(anna, live_server.url, code)[-1] == points("Anna", "military", 9)
    browser_log.assert_clean()


def test_without_javascript_the_points_are_typed_and_the_server_adds_them_up(
        live_server, phone, browser_log):
    code, _ = opened(live_server, {"sheet": SHEET})
    anna = phone("Anna-no-script", java_script_enabled=False, **PHONE)
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    card = anna.locator("form.sheet-entry")
    expect(card.locator(".keypad")).to_be_hidden()
    expect(card.locator("input.expression")).to_have_attribute("inputmode", "text")
    card.locator("input.expression").fill("3+4")
    card.locator("button.save").click()
    expect(card.locator(".cell-name")).to_have_text("Coins")
    card.locator(".cell-chips .chip", has_text="Guilds").click()
    card.locator("input.expression").fill("5 +")
    card.locator("button.save").click()
    expect(card).to_contain_text("'5 +' is not a sum of whole numbers such as 3 + 6 + 2")
    assert record(anna, live_server.url, code) == [
        points("Anna", "military", 7, expression="3+4")]
    browser_log.assert_clean()


def test_entries_made_offline_move_on_and_reach_the_table_later(live_server, phone, browser_log):
    code, _ = opened(live_server, {"sheet": SHEET})
    anna = seated(phone, live_server, code, "Anna")
    card = anna.locator("form.sheet-entry")
    go_offline(anna)
    tap_keys(card, "5")
    card.locator("button.save").click()
    expect(card.locator(".cell-name")).to_have_text("Coins")          # moved on, offline
    expect(card.locator("input.expression")).to_have_value("")
    expect(card.locator(".cell-chips .chip").nth(0)).to_contain_text("Military 5")
    tap_keys(card, "2+2")
    card.locator("button.save").click()
    expect(card.locator(".cell-name")).to_have_text("Wonder")
    waiting = anna.locator("#live .history-card ul.kept-waiting li")
    expect(waiting).to_have_count(2)
    expect(waiting.first).to_contain_text("Coins: 2 + 2")
    expect(waiting.last).to_contain_text("Military: 5")
    assert record(anna, live_server.url, code) == []
    anna.context.set_offline(False)
    expect(waiting).to_have_count(0, timeout=LIVE_TIMEOUT + 8000)
    assert record(anna, live_server.url, code) == [
        points("Anna", "military", 5), points("Anna", "coins", 4, expression="2 + 2")]
    expect(card.locator(".cell-name")).to_have_text("Wonder")
    browser_log.assert_clean()


def test_the_host_enters_for_any_player_on_the_tv(live_server, desktop, browser_log):
    code, secret = opened(live_server, {"sheet": SHEET}, [
        points(p, c, (3 * n + len(p)) % 9) for n, (c, _) in enumerate(SEVEN[:3]) for p in PLAYERS])
    tv = desktop("tv", **TV)
    tv.context.add_cookies([{"name": f"tc_host_{code}", "value": secret, "url": live_server.url}])
    tv.goto(f"{live_server.url}/t/{code}")
    card = tv.locator("section.entry form.sheet-entry")
    expect(card.locator(".keypad")).to_be_visible()
    expect(card.locator(".cell-name")).to_have_text("Civic")      # round the table: Anna's Civic
    card.locator(".player-chips .chip", has_text="Dóra").click()
    card.locator(".cell-chips .chip", has_text="Science").click()
    expect(card.locator(".cell-name")).to_have_text("Science")
    tap_keys(card, "4+5")
    expect(card.locator("output.sum")).to_have_text("= 9")
    card.scroll_into_view_if_needed()
    shoot(tv, "entry-tv-act-for-en")
    assert faults(tv, "host entering for a player", "en") == []
    save(tv, card)
    assert record(tv, live_server.url, code)[-1] == points("Dóra", "science", 9,
                                                          expression="4 + 5")
    expect(tv.locator("#live table.categories")).to_contain_text("Science")
    browser_log.assert_clean()


def test_a_phone_follows_the_table_until_its_player_types(live_server, phone, desktop,
                                                         browser_log):
    code, secret = opened(live_server, {"sheet": SHEET})
    anna = seated(phone, live_server, code, "Anna")
    card = anna.locator("form.sheet-entry")
    expect(card.locator(".cell-name")).to_have_text("Military")
    tv = desktop("tv", **TV)
    tv.context.add_cookies([{"name": f"tc_host_{code}", "value": secret, "url": live_server.url}])
    tv.goto(f"{live_server.url}/t/{code}")
    entry = tv.locator("section.entry form.sheet-entry")
    expect(entry.locator(".cell-name")).to_have_text("Military")     # Anna's, round the table
    tap_keys(entry, "6")
    save(tv, entry)
    # Anna's phone, untouched, moves on to her next empty category and shows what the host put
    expect(card.locator(".cell-name")).to_have_text("Coins", timeout=LIVE_TIMEOUT)
    expect(card.locator(".cell-chips .chip").nth(0)).to_contain_text("Military 6")
    # once Anna types, the table no longer moves her card
    tap_keys(card, "3")
    tap_keys(entry, "2")           # the host's next: Bence's Military
    save(tv, entry)
    bence_military = anna.locator("#live table.categories tbody tr").first.locator("td").nth(1)
    expect(bence_military).to_have_text("2", timeout=LIVE_TIMEOUT)
    expect(card.locator(".cell-name")).to_have_text("Coins")
    expect(card.locator("input.expression")).to_have_value("3")
    assert record(tv, live_server.url, code) == [points("Anna", "military", 6),
                                                 points("Bence", "military", 2)]
    browser_log.assert_clean()


def test_the_tv_shows_the_sheet_and_the_teams_at_3_m(live_server, desktop, browser_log):
    mid_game = [points(p, c, (5 * n + 3 * len(p)) % 11 - 1) for n, (c, _) in enumerate(SEVEN[:5])
                for p in PLAYERS][:18]
    teams = [points("Anna", "military", 5), points("Csilla", "military", 3),
             points("Bence", "military", 4), points("Dóra", "military", 2),
             points("Anna", "coins", 1), points("Csilla", "coins", 2, expression="1 + 1"),
             points("Bence", "coins", 4), points("Dóra", "coins", 1)]
    tables = {"tv-sheet-mid-game-en": opened(live_server, {"sheet": SHEET}, mid_game),
              "tv-teams-tie-break-en": opened(live_server, {
                  "sheet": SHEET, "teams": [["Anna", "Csilla"], ["Bence", "Dóra"]]}, teams),
              # at the end the final result and the whole sheet share the first screen
              "tv-teams-final-en": opened(live_server, {
                  "sheet": SHEET, "teams": [["Anna", "Csilla"], ["Bence", "Dóra"]]},
                  [*teams, {"type": "end"}])}
    tv = desktop("tv", **TV)
    tv.context.add_cookies([{"name": f"tc_host_{code}", "value": secret, "url": live_server.url}
                            for code, secret in tables.values()])
    problems = []
    for name, (code, _secret) in tables.items():
        tv.goto(f"{live_server.url}/t/{code}")
        sheet = tv.locator("#live .score-sheet")
        expect(sheet.locator("table.categories tbody tr")).to_have_count(7)
        assert in_viewport(tv, sheet), f"{name}: the sheet needs a scroll"
        assert in_viewport(tv, tv.locator("#live .board")), f"{name}: the ranking needs a scroll"
        small, _smallest = too_small(tv, name)
        problems += small + faults(tv, name, "en")
        shoot(tv, name)
    expect(sheet.locator("tr.team-totals")).to_have_text("Team1111")
    expect(sheet.locator(".tie-note.decides")).to_have_text("⚖ Tied on the total: most Coins decides.")
    assert not problems, "\n".join(problems)
    browser_log.assert_clean()
