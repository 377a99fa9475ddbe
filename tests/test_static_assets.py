"""Static files as the web serves them: hashed names kept for a year, compressed, each page
loading only the scripts its parts use (the phone page of every game at most 40 kB of script,
gzipped, htmx included), the build made once and reused."""
from __future__ import annotations

import gzip
import re
import threading
import time
from pathlib import Path

import pytest

from companion.assets import IMMUTABLE, MANIFEST, build
from tests.support import ROOT, start_table, take_seat

STATIC = ROOT / "static"
HASHED = re.compile(r"^/static/.+\.[0-9a-f]{8}\.(js|css|svg|png)$")
SCRIPT_BUDGET = 40_000      # bytes of gzipped script a phone page loads, htmx included
# each game as the start page starts it
GAMES = {
    "score-pad": {},
    "doodle-city": {"opt-doodle-city-sheet": "default", "opt-doodle-city-variant": "standard",
                    "opt-doodle-city-dice": "physical"},
    "calcada": {"opt-calcada-board": "8"},
    "oddville": {},
    "quadropolis": {"opt-quadropolis-mode": "classic"},
}
IMPORT = re.compile(r"""\bfrom\s*["'](\.\.?/[^"']+)["']|\bimport\s*["'](\.\.?/[^"']+)["']""")


def scripts_of(page: str) -> list[str]:
    return re.findall(r'<script[^>]* src="([^"]+)"', page)


def stylesheets_of(page: str) -> list[str]:
    return re.findall(r'<link rel="stylesheet" href="([^"]+)"', page)


def loaded_scripts(client, page: str) -> dict[str, int]:
    """Every script the page loads, with the modules they import (as a browser follows them),
    and the gzipped size of each as sent."""
    sizes: dict[str, int] = {}
    waiting = scripts_of(page)
    while waiting:
        url = waiting.pop()
        if url in sizes:
            continue
        with client.get(url, headers={"Accept-Encoding": "gzip"}) as sent:
            assert sent.status_code == 200, url
            assert sent.headers["Content-Encoding"] == "gzip", url
            sizes[url] = len(sent.get_data())
            source = gzip.decompress(sent.get_data()).decode()
        folder = url.rsplit("/", 1)[0]
        for found in IMPORT.finditer(source):
            ref = found.group(1) or found.group(2)
            parts = (folder + "/" + ref).split("/")
            resolved: list[str] = []
            for part in parts:
                if part == "..":
                    resolved.pop()
                elif part != ".":
                    resolved.append(part)
            waiting.append("/".join(resolved))
    return sizes


def phone_page(client, game: str) -> str:
    code = start_table(client, game, players=("Anna", "Bence"), **GAMES[game])
    take_seat(client, code, 0)
    page = client.get(f"/t/{code}/phone")
    assert page.status_code == 200
    return page.get_data(as_text=True)


@pytest.mark.parametrize("game", GAMES)
def test_a_phone_page_loads_only_hashed_compressed_files_within_its_budget(client, game):
    page = phone_page(client, game)
    sizes = loaded_scripts(client, page)
    assert all(HASHED.match(url) for url in sizes), sizes          # imports too: hashed names
    assert sum(sizes.values()) <= SCRIPT_BUDGET, sizes
    names = " ".join(sizes)
    assert "/js/offline." in names and "/js/wake." in names
    assert ("/js/keypad." in names) == (game == "score-pad")
    assert ("/js/moves." in names) == (game != "score-pad")
    assert "score-sheet-options" not in names
    for url in [*sizes, *stylesheets_of(page)]:
        with client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"}) as sent:
            assert HASHED.match(url) and sent.headers["Cache-Control"] == IMMUTABLE, url
            assert sent.headers["Content-Encoding"] == "br", url
            assert "Accept-Encoding" in sent.headers["Vary"], url


def test_each_encoding_as_asked_the_plain_file_without_one(client):
    page = client.get("/").get_data(as_text=True)
    (css,) = stylesheets_of(page)
    plain = (STATIC / "css/app.css").read_bytes()
    with client.get(css) as sent:
        assert "Content-Encoding" not in sent.headers and sent.get_data() == plain
        assert sent.headers["Cache-Control"] == IMMUTABLE and sent.mimetype == "text/css"
        assert "Accept-Encoding" in sent.headers["Vary"]
        assert sent.headers["X-Content-Type-Options"] == "nosniff"
    with client.get(css, headers={"Accept-Encoding": "gzip"}) as sent:
        assert sent.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(sent.get_data()) == plain
    with client.get(css, headers={"Accept-Encoding": "br"}) as sent:
        assert sent.headers["Content-Encoding"] == "br"
        assert len(sent.get_data()) < len(plain) / 3


def test_the_unhashed_names_still_answer_and_are_checked_again_each_time(client):
    for url in ("/static/js/app.js", "/static/css/app.css", "/static/manifest.webmanifest",
                f"/static/{MANIFEST}", "/static/sw.js"):
        with client.get(url) as sent:
            assert sent.status_code == 200, url
            assert sent.headers["Cache-Control"] == "no-cache", url
    with client.get("/static/js/app.00000000.js") as sent:
        assert sent.status_code == 404


def test_the_start_page_and_the_tv_load_only_what_they_use(client):
    home = " ".join(scripts_of(client.get("/").get_data(as_text=True)))
    assert "/vendor/htmx-" in home and "/js/app." in home
    for unused in ("moves", "keypad", "offline", "wake"):
        assert f"/js/{unused}." not in home
    assert "/js/score-sheet-options." in home         # the score pad's options are on it
    code = start_table(client, "doodle-city", players=("Anna", "Bence"), **GAMES["doodle-city"])
    tv = " ".join(scripts_of(client.get(f"/t/{code}").get_data(as_text=True)))
    assert "/js/moves." in tv and "/js/offline." in tv
    assert "/js/keypad." not in tv and "/js/wake." not in tv and "score-sheet" not in tv


def test_every_page_names_its_static_files_by_their_hashed_names(client):
    code = start_table(client)
    for url in ("/", f"/t/{code}", "/offline?lang=en"):
        page = client.get(url).get_data(as_text=True)
        found = set(re.findall(r'(?:src|href)="(/static/[^"]+)"', page))
        assert found and found - {"/static/manifest.webmanifest"} == {
            f for f in found if HASHED.match(f)}, url


def test_a_script_loads_what_it_imports_by_hashed_names(client):
    page = client.get("/").get_data(as_text=True)
    (app_js,) = [url for url in scripts_of(page) if "/js/app." in url]
    with client.get(app_js) as sent:
        source = sent.get_data(as_text=True)
    imported = re.findall(r'"\./([^"]+\.js)"', source)
    assert {name.split(".")[0] for name in imported} >= {"connection", "moves", "keypad", "offline"}
    for name in imported:
        assert re.fullmatch(r"[a-z-]+\.[0-9a-f]{8}\.js", name), name
    wake = [url for url in loaded_scripts(client, phone_page(client, "score-pad")) if "/js/wake." in url]
    with client.get(wake[0]) as sent:
        nosleep = re.search(r'"\.\./vendor/(NoSleep[^"]+)"', sent.get_data(as_text=True))
    assert nosleep and re.search(r"\.[0-9a-f]{8}\.js$", nosleep.group(1))
    with client.get(f"/static/vendor/{nosleep.group(1)}") as sent:
        assert sent.status_code == 200


def test_the_build_is_made_once_and_reused_even_by_workers_starting_together(tmp_path):
    folders: list[Path] = []
    threads = [threading.Thread(target=lambda: folders.append(build(STATIC, tmp_path)[0]))
               for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(folders)) == 1
    assert [path.name for path in tmp_path.iterdir()] == [folders[0].name]     # no leftovers
    made = (folders[0] / MANIFEST).stat().st_mtime_ns
    started = time.perf_counter()
    again, names = build(STATIC, tmp_path)
    assert time.perf_counter() - started < 0.5 and again == folders[0]
    assert (again / MANIFEST).stat().st_mtime_ns == made
    assert (again / names["js/app.js"]).with_suffix(".js.gz").exists()


def test_the_stylesheet_closes_every_block_where_it_ends():
    """A block left open makes every rule after it apply only where that block's condition
    holds (a TV's width, say): each block is closed before the file ends, none closed twice."""
    text = re.sub(r"/\*.*?\*/", "", (STATIC / "css" / "app.css").read_text(), flags=re.S)
    depth = 0
    for number, line in enumerate(text.splitlines(), 1):
        depth += line.count("{") - line.count("}")
        assert depth >= 0, f"a block closed twice by line {number}"
    assert depth == 0, "a block is left open"
