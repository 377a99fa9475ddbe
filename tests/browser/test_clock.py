"""The table's clock in the browser, driven by a fake clock in each page (Playwright's
page.clock), never by waiting: the TV shows how long the turn has run and ticks it from the
server's times, a reload mid-turn shows the same, a pause stands it still on every screen, a
time bank runs out (shown on the TV, vibrated once on the player's phone) and the host screen
says whose turn it is, the bank running out and the ranking, in English and in Hungarian (a stub
of speechSynthesis records what would be said)."""
from __future__ import annotations

import json
import re
from datetime import datetime, timedelta, timezone

from playwright.sync_api import Page, expect

from companion import record
from .helpers import LIVE_TIMEOUT, confirm, finish_game, take_seat, twin
from .test_screens import to_hungarian

# what the page would say: each utterance's words and language
SPEECH_STUB = """
window.__said = [];
Object.defineProperty(window, "speechSynthesis", {value: {
  speak: function (u) { window.__said.push([u.text, u.lang]); },
  cancel: function () {}, getVoices: function () { return []; }}});
"""


def stamp(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def timed_calcada(now: datetime) -> dict:
    """Anna 2 minutes, Bence 8 minutes (his bank overrun), Anna's turn on for a minute."""
    return {"format": "table-companion-record", "version": 1, "game": "calcada",
            "started": stamp(now - timedelta(minutes=11)),
            "options": {"clock": {"bank_seconds": 300, "increment_seconds": 10,
                                  "delay_seconds": 5}},
            "players": [{"name": "Anna"}, {"name": "Bence"}],
            "events": [{"type": "pass", "player": "Anna", "at": stamp(now - timedelta(minutes=9))},
                       {"type": "pass", "player": "Bence", "at": stamp(now - timedelta(minutes=1))}]}


def said(page: Page) -> list[list[str]]:
    return page.evaluate("window.__said")


def seconds(text: str) -> int:
    sign = -1 if text.startswith("\u2212") else 1
    parts = [int(p) for p in text.lstrip("\u2212").split(":")]
    return sign * (parts[-1] + 60 * parts[-2] + 3600 * (parts[-3] if len(parts) > 2 else 0))


def turn_time(page: Page) -> int:
    return seconds(page.locator("#live .turn-clock .tick").inner_text())


def bank_left(page: Page, where: str, name: str) -> int:
    return seconds(page.locator(f'{where} .bank[data-player="{name}"] .bank-left').inner_text())


def test_a_turn_clock_with_a_reload_a_pause_a_bank_running_out_and_speech(
        live_server, desktop, phone, browser_log):
    now = datetime.now(timezone.utc).replace(tzinfo=None)
    tv = desktop("tv")
    tv.add_init_script(SPEECH_STUB)
    tv.clock.install(time=now)
    tv.clock.resume()
    tv.goto(live_server.url + "/")
    tv.locator('form[action="/import"] input[type=file]').set_input_files(files=[{
        "name": "calcada.json", "mimeType": "application/json",
        "buffer": json.dumps(timed_calcada(now)).encode()}])
    tv.locator('form[action="/import"] button').click()
    tv.wait_for_url(re.compile(r"/t/[A-Z0-9]+$"))
    code = tv.url.rsplit("/", 1)[1]
    # Anna's turn has run a minute; her bank: 300 - (120 - 5) + 10 = 195 s, less 55 s now
    expect(tv.locator("#live .turn-clock .tick")).to_have_text(re.compile(r"^1:0\d$"))
    assert 134 <= bank_left(tv, "#live .scoreboard", "Anna") <= 140
    assert bank_left(tv, "#live .scoreboard", "Bence") == -165      # 300 - (480 - 5) + 10
    assert tv.locator('#live .scoreboard .bank[data-player="Bence"]').get_attribute("class") \
        == "bank bank-over"
    # the host turns speech on: that tap lets the screen speak, and it says whose turn it is
    tv.get_by_role("button", name="Speak: off").click()
    expect(tv.get_by_role("button", name="Speak: on")).to_be_visible()
    assert said(tv) == [["Anna's turn.", "en"]]
    hu_tv = twin(desktop, tv, "tv-hu", "hu")      # the same host screen in Hungarian
    hu_tv.add_init_script(SPEECH_STUB)
    hu_tv.reload()
    hu_tv.get_by_role("button", name="Felolvasás: ki").click()
    assert said(hu_tv) == [["Anna következik.", "hu"]]

    # a minute later on the TV's clock: the turn at 2 minutes, Anna's bank amber (under a third).
    # The page's clock runs ahead of the server's here, which the next live update would mend
    # (the server's clock counts): the page is kept from the table while it runs ahead.
    tv.context.set_offline(True)
    tv.clock.fast_forward(60_000)
    expect(tv.locator("#live .turn-clock .tick")).to_have_text(re.compile(r"^2:0\d$"))
    assert 74 <= bank_left(tv, "#live .scoreboard", "Anna") <= 80
    meter = tv.locator('#live .scoreboard .bank[data-player="Anna"] meter')
    assert 74_000 <= float(meter.evaluate("m => m.value")) <= 80_000
    assert meter.evaluate("m => m.value < m.high && m.value > m.low")

    # a reload mid-turn: the time by the server's clock at once (the page's own clock, a minute
    # ahead now, is not trusted), and one tap to speak again
    tv.context.set_offline(False)
    tv.reload()
    expect(tv.locator("#live .turn-clock .tick")).to_have_text(re.compile(r"^1:[01]\d$"))
    expect(tv.locator(".speech-wake")).to_be_visible()
    tv.locator(".speech-wake").click()
    expect(tv.locator(".speech-wake")).to_be_hidden()
    assert said(tv) == [["Anna's turn.", "en"]]

    # Anna's phone (its clock an hour wrong: the server's counts): her own turn and bank; it
    # runs out and the phone vibrates once
    anna = phone("anna")
    anna.clock.install(time=now + timedelta(hours=1))
    anna.clock.resume()
    anna.goto(live_server.url + "/")
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    expect(anna.locator("#live .turn-line strong")).to_have_text("Your turn")
    expect(anna.locator("#live .own-bank .bank")).to_be_visible()
    assert anna.evaluate("document.documentElement.dataset.vibratedBank") is None
    anna.context.set_offline(True)
    anna.clock.fast_forward(180_000)
    expect(anna.locator("#live .own-bank .bank")).to_have_class("bank bank-over")
    assert bank_left(anna, "#live .own-bank", "Anna") < 0
    assert anna.evaluate("document.documentElement.dataset.vibratedBank")
    tv.context.set_offline(True)
    tv.clock.fast_forward(180_000)
    expect(tv.locator('#live .scoreboard .bank[data-player="Anna"]')).to_have_class("bank bank-over")
    assert said(tv)[-1] == ["Anna's time bank has run out.", "en"]
    # back with the table: it was told once, it vibrated once
    tv.context.set_offline(False)
    anna.context.set_offline(False)
    tv.clock.run_for(3000)
    anna.clock.run_for(3000)
    assert said(tv).count(["Anna's time bank has run out.", "en"]) == 1

    # the host pauses: every screen says so and the clock stands still
    tv.get_by_role("button", name="Pause", exact=True).click()
    expect(tv.locator("#live .turn-paused")).to_be_visible()
    expect(anna.locator("#live .turn-paused")).to_be_visible(timeout=LIVE_TIMEOUT + 3000)
    standing = turn_time(tv)
    tv.clock.fast_forward(300_000)
    tv.clock.run_for(1000)
    assert turn_time(tv) == standing
    tv.get_by_role("button", name="Resume").click()
    expect(tv.locator("#live .turn-paused")).to_be_hidden()

    # Anna passes on her phone: the TV says Bence's turn and his turn's time starts at 0
    anna.get_by_role("button", name="Done — pass").click()
    expect(tv.locator("#live .turn-line")).to_have_attribute("data-turn", "Bence",
                                                             timeout=LIVE_TIMEOUT + 3000)
    assert turn_time(tv) <= 2
    expect(hu_tv.locator("#live .turn-line")).to_have_attribute("data-turn", "Bence",
                                                                timeout=LIVE_TIMEOUT + 3000)
    assert said(tv)[-1] == ["Bence's turn.", "en"]
    assert said(hu_tv)[-1] == ["Bence következik.", "hu"]

    # the host finishes: the ranking read aloud
    finish_game(tv)
    expect(tv.locator("#live .winners").first).to_be_visible()
    ranking = said(tv)[-1]
    assert ranking[0].startswith("Final result. 1. ") and ranking[1] == "en"
    # what the screens show at the end is what `companion score` gives for the exported record
    result = record.load(tv.request.get(f"{live_server.url}/t/{code}/record.json").json()).result()
    assert [p["time_seconds"] for p in result["players"]][1] == 480
    length = tv.locator(".game-time .game-length").first
    assert (int(length.get_attribute("data-playing")), int(length.get_attribute("data-paused"))) \
        == (result["time"]["playing_seconds"], result["time"]["paused_seconds"])
    shown = {li.locator(".time-name").inner_text(): int(li.get_attribute("data-seconds"))
             for li in tv.locator(".game-time .time-shares li").all()}
    assert shown == {p["name"]: p["time_seconds"] for p in result["players"]}
    browser_log.assert_clean()
