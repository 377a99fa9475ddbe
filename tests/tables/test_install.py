"""On a phone's home screen: the manifest and its icons, /last, the service worker and the
offline page."""
from __future__ import annotations

import io
import json
import re

import pytest
from PIL import Image
from sqlalchemy import update

from companion.extensions import db
from companion.models import Table
from tests.support import ROOT, start_table, take_seat, text_of


STATIC = ROOT / "static"


def manifest() -> dict:
    return json.loads((STATIC / "manifest.webmanifest").read_text(encoding="utf-8"))


def test_the_manifest_makes_an_app_that_starts_at_the_last_table():
    data = manifest()
    assert data["name"] == "Table Companion" and 0 < len(data["short_name"]) <= 12
    assert (data["start_url"], data["scope"], data["display"]) == ("/last", "/", "standalone")
    css = (STATIC / "css" / "app.css").read_text()
    assert f"--ink: {data['theme_color']}" in css         # the colour of the top bar
    assert f"--paper: {data['background_color']}" in css   # the page behind it


def test_every_icon_the_manifest_declares_exists_in_its_declared_size():
    icons = manifest()["icons"]
    assert {icon["sizes"] for icon in icons} >= {"192x192", "512x512"}
    assert any(icon["purpose"] == "maskable" for icon in icons)
    for icon in icons:
        assert icon["src"].startswith("/static/") and icon["type"] == "image/png"
        with Image.open(STATIC / icon["src"].removeprefix("/static/")) as image:
            assert image.format == "PNG"
            assert f"{image.width}x{image.height}" == icon["sizes"]
    with Image.open(STATIC / "icons" / "maskable-512.png") as maskable:
        corner = maskable.convert("RGBA").getpixel((0, 0))
    assert corner[3] == 255         # a maskable icon fills its square: the phone cuts the shape


def test_every_page_links_the_manifest_the_icons_and_the_theme_colour(client):
    page = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/static/manifest.webmanifest">' in page
    touch = re.search(r'<link rel="apple-touch-icon" href="(/static/[^"]+)">', page)
    with client.get(touch.group(1)) as icon, Image.open(io.BytesIO(icon.get_data())) as image:
        assert image.size == (180, 180)
    assert f'<meta name="theme-color" content="{manifest()["theme_color"]}">' in page
    with client.get("/static/manifest.webmanifest") as served:
        assert served.status_code == 200 and served.mimetype == "application/manifest+json"
        assert served.get_json(force=True) == manifest()


def test_last_without_a_table_opens_the_home_page(client):
    last = client.get("/last")
    assert last.status_code == 303 and last.headers["Location"] == "/"
    assert last.headers["Cache-Control"] == "no-store"


def test_last_opens_the_host_screen_the_host_had_open(client):
    code = start_table(client)
    assert client.get("/last").headers["Location"] == "/"     # not yet shown
    client.get(f"/t/{code}")
    assert client.get_cookie("tc_last").value == f"host:{code}"
    assert client.get("/last").headers["Location"] == f"/t/{code}"


def test_last_opens_the_phone_page_of_the_seat(app, client):
    code = start_table(client)
    phone = app.test_client()
    take_seat(phone, code, 1)
    phone.get(f"/t/{code}/phone")
    assert phone.get("/last").headers["Location"] == f"/t/{code}/phone"
    phone.get(f"/t/{code}")                     # looking at the host screen as an onlooker
    assert phone.get("/last").headers["Location"] == f"/t/{code}/phone"
    other = start_table(client)
    client.get(f"/t/{other}")
    assert client.get("/last").headers["Location"] == f"/t/{other}"    # the newest screen


def test_the_cookie_is_written_once_per_screen(app, client):
    code = start_table(client)
    assert "tc_last=" in client.get(f"/t/{code}").headers.get("Set-Cookie", "")
    assert "tc_last" not in client.get(f"/t/{code}").headers.get("Set-Cookie", "")


def test_an_onlooker_of_a_host_screen_is_not_sent_there(app, client):
    code = start_table(client)
    onlooker = app.test_client()
    assert onlooker.get(f"/t/{code}").status_code == 200
    assert onlooker.get_cookie("tc_last") is None
    assert onlooker.get("/last").headers["Location"] == "/"


def test_a_forged_or_stale_last_table_goes_home(app, client):
    code = start_table(client)
    stranger = app.test_client()
    for forged in (f"host:{code}", f"phone:{code}", "host:NOPE1", "garbage", "host:" + "A" * 90):
        stranger.set_cookie("tc_last", forged)
        assert stranger.get("/last").headers["Location"] == "/", forged
    phone = app.test_client()
    take_seat(phone, code, 0)
    phone.get(f"/t/{code}/phone")
    phone.set_cookie("tc_last", f"host:{code}")         # a seat's phone is not the host
    assert phone.get("/last").headers["Location"] == "/"
    phone.set_cookie("tc_last", f"phone:{code}")
    client.post(f"/t/{code}/seat/0/free", data={"sure": "yes"})      # the host freed the seat
    assert phone.get("/last").headers["Location"] == "/"


def test_a_finished_table_with_a_rematch_leads_to_it(app, client):
    code = start_table(client)
    new = start_table(client)
    client.get(f"/t/{code}")
    with app.app_context():
        db.session.execute(update(Table).where(Table.code == code).values(next_code=new))
        db.session.commit()
    assert client.get("/last").headers["Location"] == f"/t/{code}/next?view=host"


def worker_source(client) -> str:
    with client.get("/sw.js") as worker:
        return worker.get_data(as_text=True)


def test_the_service_worker_is_served_from_the_root_and_always_checked(client):
    with client.get("/sw.js") as worker:
        assert worker.status_code == 200 and worker.mimetype == "text/javascript"
        assert worker.headers["Cache-Control"] == "no-cache"
        etag = worker.headers["ETag"]
    with client.get("/sw.js", headers={"If-None-Match": etag}) as again:
        assert again.status_code == 304


def test_everything_the_service_worker_keeps_is_there_and_no_table_page_is_kept(client):
    source = worker_source(client)
    kept = re.findall(r'"(/static/[^"]+)"', source)
    assert any(re.fullmatch(r"/static/css/app\.[0-9a-f]{8}\.css", url) for url in kept)
    assert len(kept) >= 3
    for url in kept:
        with client.get(url) as answer:
            assert answer.status_code == 200, url
            assert "immutable" in answer.headers["Cache-Control"], url
    assert '"/offline?lang=" + lang' in source
    assert "/t/" not in source and "cache.put" not in source     # only what install keeps
    assert "/* ASSETS */" not in source and "/* VERSION */" not in source
    version = re.search(r'var CACHE = "tc-offline-" \+ "([0-9a-f]+)";', source)
    assert version, source[:600]        # new files: a new cache (the old one is let go)


def test_the_offline_page_speaks_the_players_language(client):
    english = text_of(client.get("/offline?lang=en", headers={"Accept-Language": "hu"}))
    assert "You are offline. The table keeps your seat; reopen when the Wi-Fi is back." in english
    hungarian = client.get("/offline?lang=hu")
    assert '<html lang="hu">' in hungarian.get_data(as_text=True)
    assert "Az asztal megőrzi a helyedet" in text_of(hungarian)
    assert "You are offline" not in text_of(hungarian)
    assert "Nincs kapcsolat" in text_of(client.get("/offline", headers={"Accept-Language": "hu"}))
    client.post("/lang", data={"lang": "hu", "next": "/"})
    assert "Nincs kapcsolat" in text_of(client.get("/offline"))
    assert "You are offline" in text_of(client.get("/offline?lang=en"))


def test_the_offline_page_loads_only_what_the_service_worker_keeps(client):
    page = client.get("/offline?lang=en").get_data(as_text=True)
    loads = set(re.findall(r'(?:src|href)="(/static/[^"]+)"', page))
    kept = set(re.findall(r'"(/static/[^"]+)"', worker_source(client)))
    assert loads and loads <= kept
    assert "<script" not in page
