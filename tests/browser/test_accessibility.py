"""Every page through axe-core, in English and Hungarian: no fault of impact "serious" or
"critical" anywhere, and an <h1> on every page; on each, every visible button and input a
comfortable tap target (44 px high), and no English interface text left on a Hungarian page.

One table per game in play (the start of its finished record, tests/story_records.py) and one
finished (the whole record), a phone (412x915) seated at each and a TV (1920x1080) hosting each:
the home and join pages, every game's phone (in play with a move begun, and finished) and host
screen, a quick tally (and its rules card open), the story, the whole history, the games played,
the editors. axe-core is the copy axe-playwright-python vendors: the pages fetch nothing from
elsewhere."""
from __future__ import annotations

import re
from typing import Callable

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from companion.tables import service
from tests.story_records import FINISHED

from .test_screens import english_left, english_messages, small_tap_targets, to_hungarian

TV = {"viewport": {"width": 1920, "height": 1080}}
# the acts of the finished record that make its table in play: the first seat's turn comes next
IN_PLAY = {"score-pad": 6, "doodle-city": 11, "calcada": 9, "quadropolis": 3, "oddville": 5}
EDITORS = ("/games/doodle-city/sheets", "/games/doodle-city/sheets/new", "/games/calcada/boards",
           "/games/calcada/boards/new/8", "/games/calcada/scoring/new", "/games/score-pad/sheets",
           "/games/score-pad/sheets/new")
SERIOUS = ("serious", "critical")
ALSO = ("page-has-heading-one",)        # moderate, but a screen reader user starts from the <h1>
AXE = Axe()
ENGLISH = english_messages()
# Every rule of axe-core, the experimental ones too (a link's name holding its visible text), but
# the one that only lists content for a person to review and the one that reads every stylesheet
# again on every page for an orientation lock (the app's stylesheet has none); colour contrast
# once, in English (the colours are the same in every language, and it takes the most time).
RUN = """check_colours => axe.run(document, {resultTypes: ["violations"], preload: false, rules: {
  ...Object.fromEntries(axe.getRules(["experimental"]).map(rule => [rule.ruleId, {enabled: true}])),
  "hidden-content": {enabled: false}, "css-orientation-lock": {enabled: false},
  "color-contrast": {enabled: check_colours}}})"""
# In Hungarian the page is the same but for its words: the rules that read words (names,
# labels, titles, languages, headings) are run again, the rest once, in English
WORD_RULES = ["button-name", "link-name", "input-button-name", "label", "select-name",
              "document-title", "html-has-lang", "html-lang-valid", "valid-lang", "image-alt",
              "svg-img-alt", "role-img-alt", "aria-label", "aria-input-field-name",
              "aria-toggle-field-name", "empty-heading", "page-has-heading-one",
              "label-content-name-mismatch", "link-in-text-block", "frame-title"]
RUN_WORDS = """rules => axe.run(document, {resultTypes: ["violations"], preload: false,
  runOnly: {type: "rule", values: rules.filter(rule => axe.getRules().some(r => r.ruleId === rule))}})"""


def faults(page: Page, name: str, lang: str) -> list[str]:
    """The serious and critical faults axe-core finds on the page as it is now: a line per rule
    and offending element, with what is wrong; then the tap targets under 44 px and, in
    Hungarian, the English left on it."""
    page.wait_for_load_state()
    page.evaluate(AXE.axe_script)
    found = page.evaluate(RUN, True)["violations"] if lang == "en" else \
        page.evaluate(RUN_WORDS, WORD_RULES)["violations"]
    return [f"{lang} {name}: {rule['id']} ({rule['impact']}) {' '.join(map(str, node['target']))}"
            f": {node['html'][:160]} — {node['failureSummary'].splitlines()[-1].strip()}"
            for rule in found if rule["impact"] in SERIOUS or rule["id"] in ALSO
            for node in rule["nodes"]] + small_tap_targets(page, f"{lang} {name}") + (
        english_left(page, f"{lang} {name}", ENGLISH) if lang == "hu" else [])


def tables(live_server) -> dict[str, tuple[str, str]]:
    """(code, host secret) of each game's table in play ("calcada play") and finished ("calcada
    finished"), of a Calçada quick tally and of a table nobody sits at yet."""
    made = {}
    with live_server.app.app_context():
        for game, rec in FINISHED.items():
            players = [p["name"] for p in rec["players"]]
            for state, events in (("play", rec["events"][:IN_PLAY[game]]),
                                  ("finished", rec["events"])):
                table, secret = service.create(game, rec["options"], players, events)
                made[f"{game} {state}"] = (table.code, secret)
        table, secret = service.create("calcada", {"tally": True}, ["Anna", "Bence"])
        made["calcada tally"] = (table.code, secret)
        table, secret = service.create("score-pad", {}, ["Anna", "Bence"])
        made["empty"] = (table.code, secret)
    return made


# A tap or two into a move on the first seat's phone, where the game draws its choices as links
# (Calçada: its lit cells as buttons, the move picked in the page).
def calcada_move(page: Page) -> None:
    page.locator("#live .colours a.pick").first.click()
    page.locator("#live .numbers a.pick").last.click()        # 6 or more: any empty cell
    expect(page.locator('svg.calcada-board [data-choose="cell"][role="button"]').first) \
        .to_be_attached()


def doodle_move(page: Page) -> None:
    page.locator("#live a.die.legal").first.click()
    # the die's cells: marked in the page (picked there), or drawn by the server (asked first)
    cell = page.locator("#live .sheet-grid").locator("a.cell.legal, a.cell.target:not(.reach)").first
    question = page.locator("#live .turn-question a.primary")
    expect(cell.or_(question)).to_be_visible()
    if question.is_visible():       # not this seat's pick yet: the question, then the cells
        question.click()
    cell.click()
    expect(page).to_have_url(re.compile(r"cell="))


def quadropolis_move(page: Page) -> None:
    page.locator("#live .q-hit a.q-tap").last.click()
    expect(page.locator("#live form.q-picker")).to_be_visible()


def oddville_move(page: Page) -> None:
    page.locator("#live svg a.ov-spot-link").first.click()
    expect(page).to_have_url(re.compile(r"spot="))


MOVES: dict[str, Callable[[Page], None]] = {
    "calcada": calcada_move, "doodle-city": doodle_move, "quadropolis": quadropolis_move,
    "oddville": oddville_move,
}
# whose phone shows more before the move than during it (elsewhere a move only adds to it)
AT_REST = ("calcada",)


@pytest.mark.browser_requests
@pytest.mark.parametrize("lang", ["en", "hu"])     # apart: two workers share the pages
def test_no_serious_accessibility_fault_on_any_page(lang, live_server, phone, desktop,
                                                   browser_log):
    base = live_server.url
    made = tables(live_server)
    tv = desktop("tv", **TV)
    mobile = phone("phone")
    tv.context.add_cookies([{"name": f"tc_host_{code}", "value": secret, "url": base}
                            for code, secret in made.values()])
    problems: list[str] = []

    def visit(page: Page, path: str, name: str, lang: str, check: bool = True) -> None:
        page.goto(base + path)
        if check:
            problems.extend(faults(page, name, lang))

    def seat(code: str, name: str) -> None:
        mobile.goto(f"{base}/j/{code}")
        mobile.locator("button.seat", has_text=name).click()
        mobile.wait_for_url(re.compile(r"/phone$"))

    for page in (mobile, tv):
        page.goto(base + "/")
        if lang == "hu":
            to_hungarian(page)
    visit(mobile, "/", "home", lang)
    visit(mobile, f"/j/{made['empty'][0]}", "join", lang)
    for game, rec in FINISHED.items():
        for state in ("play", "finished"):
            code = made[f"{game} {state}"][0]
            seat(code, rec["players"][0]["name"])
            visit(mobile, f"/t/{code}/phone", f"{game} {state} phone", lang, check=not (
                state == "play" and game in MOVES and game not in AT_REST))
            if state == "play" and game in MOVES:
                MOVES[game](mobile)
                problems.extend(faults(mobile, f"{game} phone, a move begun", lang))
            visit(tv, f"/t/{code}", f"{game} {state} TV", lang)
    tally = made["calcada tally"][0]
    seat(tally, "Anna")
    visit(mobile, f"/t/{tally}/phone", "calcada tally phone", lang)
    mobile.locator("button.rules-open").click()            # the rules card, open over it
    expect(mobile.locator("dialog.rules-card")).to_be_visible()
    problems.extend(faults(mobile, "calcada rules card", lang))
    story = f"/t/{made['calcada finished'][0]}/story?at=9"
    visit(mobile, story, "story phone", lang)
    visit(tv, story, "story TV", lang)
    visit(tv, f"/t/{made['score-pad finished'][0]}/history", "history", lang)
    visit(tv, "/games", "games played", lang)
    for path in EDITORS:
        visit(mobile, path, f"editor {path}", lang)
    assert not problems, "faults:\n" + "\n".join(problems)
    elsewhere = [url for urls in browser_log.requests.values() for url in urls
                 if not url.startswith((base, "data:"))]
    assert not elsewhere, f"fetched from elsewhere: {elsewhere}"
    browser_log.assert_clean()
