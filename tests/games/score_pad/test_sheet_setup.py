"""A score sheet's own setup: a line each, kept in the sheet (and so in the record), written in
the editor or shipped per language, shown on the host screen as a checklist until the first
entry, as the games' own setup lists are."""
from __future__ import annotations

import pytest

from companion.games import GAMES
from companion.games.base import RuleError
from companion.games.score_pad import rules
from companion.games.score_pad.shipped import shipped
from tests.games.score_pad.test_editor import NEW, SHEETS, form_of, saved_tokens, with_rows
from tests.games.score_pad.test_sheet_screens import enter
from tests.support import start_table, text_of

SHEET = {"name": "Ours", "categories": [{"id": "coins", "name": "Coins"}]}


def test_the_setup_is_kept_a_line_each_without_blank_lines_or_spaces_around():
    sheet = rules.check_sheet({**SHEET, "setup": "  Deal 5 cards each \n\n\r\nCoins: 3 each  "})
    assert sheet["setup"] == "Deal 5 cards each\nCoins: 3 each"
    assert "setup" not in rules.check_sheet({**SHEET, "setup": " \n \n"})
    assert "setup" not in rules.check_sheet(SHEET)


@pytest.mark.parametrize("setup, words", [
    (7, "at most 500 characters"), ("x" * 501, "at most 500 characters"),
    ("\n".join("line" for _ in range(13)), "at most 12 lines"),
    ("Deal\t5 cards", "control character"), ("Deal \x00", "control character"),
    ("\ud800", "control character")])
def test_a_setup_that_is_not_plain_lines_is_refused_in_words(setup, words):
    with pytest.raises(RuleError) as refused:
        rules.check_sheet({**SHEET, "setup": setup})
    assert words in str(refused.value)


def test_the_score_pad_lists_the_sheets_setup_as_written_and_nothing_without_one():
    pad = GAMES["score-pad"].rules
    lines = pad.setup_list({"sheet": rules.check_sheet({**SHEET, "setup": "A 100%\nB"})}, 2)
    assert [(line["text"], line["verbatim"], line["cite"]) for line in lines] == [
        ("A 100%", True, None), ("B", True, None)]
    assert pad.setup_list({"sheet": rules.check_sheet(SHEET)}, 2) == []
    assert pad.setup_list({}, 2) == []


def test_every_ready_sheet_but_the_blank_one_has_its_setup_in_both_languages():
    for sheet in shipped().values():
        lines = {lang: rules.setup_lines(sheet.sheet(lang).get("setup", "")) for lang in ("en", "hu")}
        assert (lines["en"] == []) == (sheet.id == "blank"), sheet.id
        assert len(lines["en"]) == len(lines["hu"]), sheet.id


def test_a_ready_sheets_setup_is_on_the_host_screen_in_the_tables_language_until_play_begins(client):
    client.set_cookie("lang", "hu")
    code = start_table(client, players=("Anna", "Bence"),
                       **{"opt-score-pad-sheet": "shipped-skyjo"})
    page = client.get(f"/t/{code}").get_data(as_text=True)
    assert "Előkészítés 2 játékosra" in page
    assert page.count('type="checkbox" id="setup-') == 3
    assert "Mindenki felfordítja 2 lapját." in page and "setup-cite" not in page
    assert enter(client, code, "points", "5", **{"points-player": "Anna"}).status_code in (200, 303)
    assert client.get(f"/t/{code}/record.json").get_json()["events"]
    assert "Előkészítés" not in text_of(client.get(f"/t/{code}"))


def test_a_setup_typed_in_the_editor_is_saved_shown_again_and_reaches_the_table(client):
    data = {**with_rows(form_of(client), ("Coins", "")), "name": "Ours",
            "setup": "Each player takes 3 coins.\r\n\r\nShuffle the <deck>."}
    assert client.post(NEW, data=data).status_code == 303
    token = saved_tokens(client)["Ours"]
    assert form_of(client, f"{SHEETS}/{token}")["setup"] == (
        "Each player takes 3 coins.\nShuffle the <deck>.")
    code = start_table(client, **{"opt-score-pad-sheet": f"saved-{token}"})
    assert client.get(f"/t/{code}/record.json").get_json()["options"]["sheet"]["setup"] == (
        "Each player takes 3 coins.\nShuffle the <deck>.")
    page = client.get(f"/t/{code}").get_data(as_text=True)
    assert "Shuffle the &lt;deck&gt;." in page and "Each player takes 3 coins." in page


def test_a_copied_ready_sheet_keeps_its_setup_and_too_long_a_setup_is_refused_beside_it(client):
    assert form_of(client, NEW + "?copy=shipped-skyjo")["setup"].startswith("Deal each player 12")
    data = {**with_rows(form_of(client), ("Coins", "")), "name": "Long", "setup": "x" * 501}
    refused = client.post(NEW, data=data)
    assert refused.status_code == 422 and "at most 500 characters" in text_of(refused)
    assert "Long" not in saved_tokens(client)
