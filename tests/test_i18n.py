"""English and Hungarian ship together: every message translated, the choice remembered."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po

from tests.support import ROOT, start_table

PO = ROOT / "companion/translations/hu/LC_MESSAGES/messages.po"


def extract(tmp_path: Path):
    pot = tmp_path / "messages.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "-q", "extract",
                    "-F", "babel.cfg", "-k", "_l", "--no-location", "-o", str(pot), "."],
                   cwd=ROOT, check=True)
    with pot.open("rb") as handle:
        return read_po(handle)


def test_every_message_in_the_code_is_translated_to_hungarian(tmp_path):
    with PO.open("rb") as handle:
        hungarian = read_po(handle)
    missing = []
    for message in extract(tmp_path):
        if not message.id:
            continue
        translated = hungarian.get(message.id)
        strings = translated.string if translated else None
        if isinstance(strings, tuple):
            strings = all(strings) and strings
        if not strings or translated.fuzzy:
            missing.append(message.id)
    assert missing == []


def test_translations_keep_every_placeholder():
    with PO.open("rb") as handle:
        hungarian = read_po(handle)
    problems = [(m.id, [str(e) for e in m.check(hungarian)]) for m in hungarian
                if m.id and m.check(hungarian)]
    assert problems == []


def test_accept_language_chooses_hungarian_by_default(client):
    page = client.get("/", headers={"Accept-Language": "hu-HU,hu;q=0.9,en;q=0.5"})
    html = page.get_data(as_text=True)
    assert '<html lang="hu">' in html and "Asztal indítása" in html


def test_the_language_switch_is_remembered_per_browser(client):
    client.post("/lang", data={"lang": "hu", "next": "/"})
    assert '<html lang="hu">' in client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    client.post("/lang", data={"lang": "en", "next": "/"})
    assert '<html lang="en">' in client.get("/", headers={"Accept-Language": "hu"}).get_data(as_text=True)


def test_the_language_switch_returns_to_the_same_page_and_never_elsewhere(client):
    code = start_table(client)
    back = client.post("/lang", data={"lang": "hu", "next": f"/t/{code}"})
    assert back.status_code == 303 and back.headers["Location"] == f"/t/{code}"
    away = client.post("/lang", data={"lang": "hu", "next": "//evil.example/"})
    assert away.headers["Location"] == "/"


def test_rule_refusals_are_shown_in_the_players_language(client):
    code = start_table(client)
    client.post("/lang", data={"lang": "hu", "next": "/"})
    client.post(f"/t/{code}/finish", data={"sure": "yes"})
    refused = client.post(f"/t/{code}/act/points", data={"screen": "host", "points-player": "Anna",
                                                          "points-round": "1", "points-points": "3"})
    assert refused.status_code == 422
    assert "The game is finished" not in refused.get_data(as_text=True)
