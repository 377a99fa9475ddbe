"""English and Hungarian ship together: every message translated, the choice remembered."""
from __future__ import annotations

import re
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


NAMED = re.compile(r"%\((\w+)\)[sdr]")


def dropped_placeholders(message) -> list[str]:
    """Named placeholders of the English text missing from (or added to) a translation: Babel's
    own check lets a translation silently drop one, and the player then misses a name or a
    number."""
    ids = [message.id] if isinstance(message.id, str) else list(message.id)
    strings = [message.string] if isinstance(message.string, str) else list(message.string)
    wanted = set().union(*(NAMED.findall(i) for i in ids))
    wanted.discard("num")           # a plural's count may stay implicit in a singular form
    problems = []
    for string in strings:
        found = set(NAMED.findall(string or ""))
        problems += [f"drops %({name})s" for name in sorted(wanted - found)]
        problems += [f"adds %({name})s" for name in sorted(found - wanted - {"num"})]
    return problems


def test_translations_keep_every_placeholder():
    with PO.open("rb") as handle:
        hungarian = read_po(handle)
    problems = [(m.id, [str(e) for e in m.check(hungarian)]) for m in hungarian
                if m.id and m.check(hungarian)]
    assert problems == []
    dropped = [(m.id, dropped_placeholders(m)) for m in hungarian
               if m.id and dropped_placeholders(m)]
    assert dropped == []


def test_the_placeholder_check_catches_a_dropped_name():
    from babel.messages.catalog import Message
    dropped = Message("%(player)s: road %(shape)s at row %(row)s", "%(player)s: %(shape)s út")
    assert dropped_placeholders(dropped) == ["drops %(row)s"]
    plural = Message(("%(player)s has %(num)s worker", "%(player)s has %(num)s workers"),
                     ("%(num)s munkás", "%(num)s munkás"))
    assert dropped_placeholders(plural) == ["drops %(player)s", "drops %(player)s"]


def test_ids_inside_a_refusal_are_shown_in_the_players_language(app):
    from companion.games import GAMES
    from companion.games.base import N_, RuleError
    from companion.words import explain

    refusal = RuleError(N_("All %(copies)d %(colour)s %(motif)s tiles are already on the boards."),
                        copies=4, colour="yellow", motif="tram")
    with app.test_request_context(headers={"Accept-Language": "hu"}):
        said = explain(refusal, GAMES["calcada"].rules)
        kind = explain(RuleError(N_("There are no %(kind)s tiles in Classic Quadropolis; they are "
                                    "used only in Expert."), kind="office"),
                       GAMES["quadropolis"].rules)
    assert "sárga villamos" in said and "yellow" not in said and "tram" not in said
    assert "irodaház" in kind and "office" not in kind


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
