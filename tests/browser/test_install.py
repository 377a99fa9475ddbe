"""On a phone's home screen: Chromium reads the manifest and finds the app installable; the
service worker registers on the machine itself (a secure context) and shows the offline page,
in the player's language, when the network is gone; over a network's plain http nothing
registers and the pages work the same."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import CHROMIUM, CHROMIUM_ARGS
from .helpers import start_table, take_seat
from .test_screens import Album, to_hungarian

# resolves once the service worker is active (bounded: a failure is a failed test, never a hang)
WORKER_ACTIVE = """() => Promise.race([
  navigator.serviceWorker.ready.then(function (registration) { return registration.active.scriptURL; }),
  new Promise(function (_resolve, reject) {
    setTimeout(function () { reject(new Error("no active service worker after 30 s")); }, 30000);
  })])"""


def under_worker(page: Page) -> str:
    """The page under its service worker: once the worker is active, a page loaded again is
    controlled by it (whether or not it claimed the page already)."""
    script = page.evaluate(WORKER_ACTIVE)
    if not page.evaluate("!!navigator.serviceWorker.controller"):
        page.reload()
    expect(page.locator("body")).to_be_visible()
    assert page.evaluate("!!navigator.serviceWorker.controller")
    return script


def app_manifest(page: Page) -> dict:
    session = page.context.new_cdp_session(page)
    try:
        return {"manifest": session.send("Page.getAppManifest"),
                "installability": session.send("Page.getInstallabilityErrors")}
    finally:
        session.detach()


def test_the_phone_installs_the_app_and_shows_the_offline_page_without_network(
        live_server, phone, desktop, playwright, browser_log):
    base = live_server.url
    album = Album("install")
    host = desktop("host")
    code = start_table(host, base, players=("Anna", "Bence"))
    for lang, name in (("en", "Anna"), ("hu", "Bence")):
        player = phone(f"{lang}-{name}", service_workers="allow")
        take_seat(player, f"{base}/j/{code}", name)
        if lang == "hu":
            to_hungarian(player)
        assert under_worker(player) == f"{base}/sw.js"
        found = app_manifest(player)
        assert found["manifest"]["url"] == f"{base}/static/manifest.webmanifest"
        assert found["manifest"]["errors"] == []
        # the only objection: the test's browser context is an incognito one, a phone's is not
        objections = [e["errorId"] for e in found["installability"]["installabilityErrors"]]
        assert objections in ([], ["in-incognito"]), objections

        # the home screen icon opens the phone page
        player.goto(f"{base}/last")
        expect(player).to_have_url(f"{base}/t/{code}/phone")

        # the Wi-Fi is gone: the offline page, in the player's language; back online, the seat again
        player.context.set_offline(True)
        player.goto(f"{base}/last")
        expect(player.locator("section.offline")).to_be_visible()
        expect(player.locator("html")).to_have_attribute("lang", lang)
        said = {"en": "The table keeps your seat", "hu": "Az asztal megőrzi a helyedet"}[lang]
        expect(player.locator("section.offline p").first).to_contain_text(said)
        expect(player.locator("section.offline img")).to_have_js_property("naturalWidth", 192)
        assert player.evaluate("getComputedStyle(document.querySelector('.button')).minHeight") \
            == "48px"           # the stylesheet came from the worker's copy
        album.shoot(player, lang, "install-offline-phone")
        player.context.set_offline(False)
        player.locator("section.offline a.button").click()
        expect(player).to_have_url(f"{base}/t/{code}/phone")
        expect(player.locator("section.me h1")).to_have_text(name)

        # the host screen on the TV, its network gone
        tv = desktop(f"{lang}-tv", viewport={"width": 1920, "height": 1080},
                     service_workers="allow")
        tv.context.add_cookies(host.context.cookies())
        tv.goto(f"{base}/t/{code}")
        if lang == "hu":
            to_hungarian(tv)
        under_worker(tv)
        tv.context.set_offline(True)
        tv.goto(f"{base}/last")
        expect(tv.locator("section.offline")).to_be_visible()
        album.shoot(tv, lang, "install-offline-tv")
        tv.context.set_offline(False)

    # the icons as a launcher shows them: the maskable one cut to a circle, the others as drawn
    icons = desktop("icons", viewport={"width": 1000, "height": 520})
    icons.set_content(
        '<body style="margin:4px;background:#9aa">'
        f'<img src="{base}/static/icons/maskable-512.png" style="border-radius:50%">'
        + "".join(f'<img src="{base}/static/icons/{name}.png">'
                  for name in ("icon-192", "apple-touch-icon")) + "</body>")
    for image in icons.locator("img").all():
        expect(image).not_to_have_js_property("naturalWidth", 0)
    album.shoot(icons, "en", "install-icons")
    album.check()
    browser_log.assert_clean()


def test_over_a_networks_plain_http_no_service_worker_registers(live_server, playwright):
    """A name that is not the machine itself (as a phone on the home network reaches the
    server) is not a secure context: the pages work, the home screen icon opens /last, and
    no service worker is registered."""
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True,
        args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP games.lan 127.0.0.1"])
    try:
        context = browser.new_context(**playwright.devices["Pixel 7"])
        context.set_default_timeout(5000)
        page = context.new_page()
        port = live_server.url.rsplit(":", 1)[1]
        base = f"http://games.lan:{port}"
        page.goto(f"{base}/")
        assert page.evaluate("window.isSecureContext") is False
        expect(page.locator('link[rel="manifest"]')).to_have_attribute(
            "href", "/static/manifest.webmanifest")
        code_page = start_table(page, base, players=("Anna", "Bence"), open_home=False)
        page.goto(f"{base}/last")
        expect(page).to_have_url(re.compile(rf"/t/{code_page}$"))
        page.wait_for_load_state("load")
        assert page.evaluate("navigator.serviceWorker === undefined || "
                             "navigator.serviceWorker.getRegistrations().then(r => r.length)") in (True, 0)
        context.close()
    finally:
        browser.close()
