"""The score sheet editor: make a sheet, correct it, save it by name, download and upload it, copy
a ready one; start a table with a sheet (in the table's language), lowest wins and teams."""
from __future__ import annotations

import io
import json
import re
from html.parser import HTMLParser

import pytest

from companion.games.score_pad.shipped import FOLDER, shipped
from tests.support import start_table, table_count, text_of

SHEETS = "/games/score-pad/sheets"
NEW = SHEETS + "/new"


class Fields(HTMLParser):
    """The fields a browser would send from each form of a page: text as typed, checked boxes
    and radios, selected options (the first when none is), a text area's text."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, str]] = []
        self.data: dict[str, str] | None = None
        self.select: str | None = None
        self.textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.data = {}
            self.forms.append(self.data)
        if self.data is None:
            return
        if tag == "input" and a.get("name") and a.get("type") != "file":
            if a.get("type") not in ("checkbox", "radio") or "checked" in a:
                self.data[a["name"]] = a.get("value", "on")
        elif tag == "select":
            self.select = a.get("name")
        elif tag == "textarea" and a.get("name"):
            self.textarea = a["name"]
            self.data[self.textarea] = ""
        elif tag == "option" and self.select:
            self.data.setdefault(self.select, a.get("value", ""))
            if "selected" in a:
                self.data[self.select] = a.get("value", "")

    def handle_data(self, data):
        if self.textarea and self.data is not None:
            self.data[self.textarea] += data

    def handle_endtag(self, tag):
        if tag == "textarea" and self.textarea and self.data is not None:
            # a browser drops the one line break that may follow <textarea>
            text = self.data[self.textarea].replace("\r\n", "\n")
            self.data[self.textarea] = text.removeprefix("\n")
            self.textarea = None
        if tag == "select":
            self.select = None
        if tag == "form":
            self.data = None


def fields_of(html: str, holding: str = "name") -> dict[str, str]:
    """The fields of the page's first form holding the field ``holding``."""
    parser = Fields()
    parser.feed(html)
    return next(form for form in parser.forms if holding in form)


def form_of(client, url: str = NEW) -> dict[str, str]:
    data = fields_of(client.get(url).get_data(as_text=True))
    data.pop("csrf_token", None)
    return data


def rows(data: dict[str, str]) -> list[tuple[str, str]]:
    """The category rows' (name, id) as the form holds them, empty ones too."""
    count = len([k for k in data if re.fullmatch(r"categories-\d+-name", k)])
    return [(data[f"categories-{i}-name"], data[f"categories-{i}-id"]) for i in range(count)]


def with_rows(data: dict[str, str], *categories: tuple[str, str]) -> dict[str, str]:
    """The form with these (name, id) rows in place of its own."""
    data = {k: v for k, v in data.items() if not k.startswith("categories-")}
    for i, (name, id_) in enumerate(categories):
        data[f"categories-{i}-name"], data[f"categories-{i}-id"] = name, id_
    return data


def saved_tokens(client) -> dict[str, str]:
    """Saved sheet name -> the token of its link, from the list's Edit links."""
    html = client.get(SHEETS).get_data(as_text=True)
    found = re.findall(r'<span class="sheet-name">([^<]+?)\s*<small.*?href="/games/score-pad/'
                       r'sheets/([A-Za-z0-9_-]{16,32})"', html, re.S)
    return {name.strip(): token for name, token in found}


def save(client, name: str, *categories: tuple[str, str], **extra: str) -> str:
    data = {**with_rows(form_of(client), *categories), "name": name, **extra}
    answer = client.post(NEW, data=data)
    assert answer.status_code == 303, text_of(answer)
    return saved_tokens(client)[name]


def options_of(client, code: str) -> dict:
    return client.get(f"/t/{code}/record.json").get_json()["options"]


# --- the list ----------------------------------------------------------------------------------

def test_the_list_offers_a_new_sheet_and_the_ready_ones_each_naming_its_game(client):
    page = text_of(client.get(SHEETS))
    assert "New score sheet" in page and "No saved sheets yet" in page
    assert "7 Wonders (2nd edition) 7 Wonders, second edition (Repos Production, 2020)" in page
    for sheet in shipped().values():
        if sheet.id != "blank":
            assert sheet.name("en") in page and sheet.follows_in("en") in page
    assert "Blank sheet 1 category · every round Copy and change Download" in page


def sheet_options(html: str) -> list[str]:
    """The score sheets a start page offers (its sheet choice's labels, no sheet left out)."""
    choice = re.search(r'<select[^>]*name="opt-score-pad-sheet".*?</select>', html, re.S)[0]
    return [label for value, label in re.findall(r'value="([^"]*)"[^>]*>([^<]+)</option>', choice)
            if value]


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_list_offers_every_sheet_the_start_page_offers(client, lang):
    client.set_cookie("lang", lang)
    save(client, "Ours", ("Points", ""))
    offered = sheet_options(client.get("/").get_data(as_text=True))
    assert len(offered) == 7 and ("Blank sheet" if lang == "en" else "Üres pontlap") in offered
    listed = re.findall(r'<span class="sheet-name">([^<]+?)\s*<small',
                        client.get(SHEETS).get_data(as_text=True))
    assert sorted(listed) == sorted(offered)


def test_the_blank_sheet_is_copied_as_the_others_are(client):
    data = form_of(client, NEW + "?copy=shipped-blank")
    assert data["name"] == "Blank sheet (copy)" and data["rounds"] == "rounds"
    assert [row for row in rows(data) if row[0]] == [("Points", "points")]


def test_every_ready_sheet_is_valid_in_both_languages_and_names_its_categories_alike():
    for sheet in shipped().values():
        english, hungarian = sheet.sheet("en"), sheet.sheet("hu")
        assert [c["id"] for c in english["categories"]] == [c["id"] for c in hungarian["categories"]]
        assert english.get("tie_break") == hungarian.get("tie_break")
    seven = shipped()["7-wonders"].sheet("en")
    assert [c["name"] for c in seven["categories"]] == [
        "Military", "Coins", "Wonder", "Civilian buildings", "Commercial buildings", "Guilds",
        "Science"]
    assert seven["rounds"] is False and seven["tie_break"] == {"category": "coins", "lowest": False}
    assert shipped()["skyjo"].lowest_wins and shipped()["skyjo"].sheet("en")["rounds"]


# --- making and correcting a sheet ---------------------------------------------------------

def test_a_new_sheet_starts_as_the_blank_one_with_empty_rows_to_type_in(client):
    data = form_of(client)
    assert data["name"] == "" and data["rounds"] == "rounds" and data["tie_break"] == ""
    assert rows(data) == [("", "")] * 5


def test_a_sheet_is_saved_by_name_its_ids_made_from_its_names(client):
    data = {**with_rows(form_of(client), ("Kincstár", ""), ("Military", ""), ("Ősi csodák", "")),
            "name": "Our city game", "rounds": "once", "tie_break": "1", "tie_lowest": "fewer",
            "lowest_wins": "y"}
    assert client.post(NEW, data=data).status_code == 303
    token = saved_tokens(client)["Our city game"]
    listing = text_of(client.get(SHEETS))
    assert "Our city game 3 categories · once · lowest wins" in listing
    download = client.get(f"{SHEETS}/{token}.json")
    assert download.headers["Content-Disposition"] == 'attachment; filename="our-city-game.json"'
    assert json.loads(download.data) == {
        "name": "Our city game",
        "categories": [{"id": "kincstar", "name": "Kincstár"}, {"id": "military", "name": "Military"},
                       {"id": "osi-csodak", "name": "Ősi csodák"}],
        "rounds": False, "tie_break": {"category": "kincstar", "lowest": True},
        "lowest_wins": True}
    again = form_of(client, f"{SHEETS}/{token}")
    assert rows(again)[:3] == [("Kincstár", "kincstar"), ("Military", "military"),
                               ("Ősi csodák", "osi-csodak")]
    assert again["tie_break"] == "1" and again["tie_lowest"] == "fewer" and again["lowest_wins"] == "y"


def test_every_mistake_is_named_in_words_and_nothing_is_saved(client):
    data = {**with_rows(form_of(client), ("Coins", ""), ("", "orphan"), ("coins", ""), ("", "")),
            "name": "", "tie_break": "4"}
    refused = client.post(NEW, data=data)
    assert refused.status_code == 422
    page = text_of(refused)
    assert "Give the score sheet a name." in page
    assert "Give this category a name (or clear its id to drop it)." in page
    assert "Category 3 has the same name as category 1; give each category a different name." in page
    assert "The tie-break is on a row without a category: choose a category, or no tie-break." in page
    assert saved_tokens(client) == {}


@pytest.mark.parametrize("first, second", [("Coins", "coins"), ("coins", "Coins"),
                                           ("Érmék", "érmék"), ("érmék", "ÉRMÉK")],
                         ids=["capital-first", "small-first", "accented-capital-first",
                              "accented-small-first"])
def test_two_category_names_differing_only_in_case_are_refused_in_either_order(client, first, second):
    data = {**with_rows(form_of(client), (first, ""), ("Military", ""), (second, "")),
            "name": "Case"}
    refused = client.post(NEW, data=data)
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    row = re.search(r'<li class="category-row has-error">(.*?)</li>', html, re.S)[1]
    assert f'value="{second}"' in row
    assert "Category 3 has the same name as category 1; give each category a different name." in row
    assert saved_tokens(client) == {}


def test_a_wrong_id_is_named_beside_its_row(client):
    data = {**with_rows(form_of(client), ("Coins", "coins"), ("Big wonder", "Big Wonder")),
            "name": "Wrong ids"}
    refused = client.post(NEW, data=data)
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    row = re.search(r'<li class="category-row has-error">(.*?)</li>', html, re.S)[1]
    assert 'value="Big wonder"' in row
    assert "Category 2&#39;s id must be 1 to 32 small letters, digits, _ or - (for example " \
        "military)." in row
    assert saved_tokens(client) == {}


def test_two_categories_with_one_id_are_named_beside_the_repeating_row(client):
    data = {**with_rows(form_of(client), ("Coins", "coins"), ("Wonder", ""), ("Gold", "coins")),
            "name": "Twice"}
    refused = client.post(NEW, data=data)
    assert refused.status_code == 422
    row = re.search(r'<li class="category-row has-error">(.*?)</li>',
                    refused.get_data(as_text=True), re.S)[1]
    assert 'value="Gold"' in row
    assert "Category 3 has the id coins, as category 1 does; every id must be different." in row


def test_more_rows_keeps_what_was_typed_and_saves_nothing(client):
    data = {**with_rows(form_of(client), ("Coins", ""), ("", ""), ("Wonder", ""), ("", "")),
            "name": "", "more": "1"}
    more = client.post(NEW, data=data)
    assert more.status_code == 200 and "Give the score sheet a name." not in text_of(more)
    shown = rows(fields_of(more.get_data(as_text=True)))
    assert shown == [("Coins", "coins"), ("Wonder", "wonder")] + [("", "")] * 5
    assert saved_tokens(client) == {}


def test_a_removed_row_is_dropped_and_the_tie_break_follows_its_category(client):
    data = {**with_rows(form_of(client), ("Old", ""), ("Coins", ""), ("Wonder", "")),
            "name": "Trimmed", "categories-0-remove": "y", "tie_break": "2"}
    assert client.post(NEW, data=data).status_code == 303
    sheet = json.loads(client.get(f"{SHEETS}/{saved_tokens(client)['Trimmed']}.json").data)
    assert [c["id"] for c in sheet["categories"]] == ["coins", "wonder"]
    assert sheet["tie_break"] == {"category": "coins", "lowest": False}


CONTROL_IN_NAME = {
    "en": ("A name cannot hold a control character (an invisible one, such as a tab or a line "
           "break).",
           "Category 2's name holds a control character (an invisible one, such as a tab or a "
           "line break); a name cannot hold one."),
    "hu": ("A név nem tartalmazhat vezérlőkaraktert (láthatatlan jelet, például tabulátort vagy "
           "sortörést).",
           "A(z) 2. kategória nevében vezérlőkarakter (láthatatlan jel, például tabulátor vagy "
           "sortörés) van; a név nem tartalmazhat ilyet."),
}


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a_control_character_in_a_name_is_refused_beside_it_and_nothing_is_saved(client, lang):
    client.set_cookie("lang", lang)
    data = {**with_rows(form_of(client), ("Coins", ""), ("Won\u0001der", ""), ("Science", "")),
            "name": "Family\u0007night"}
    refused = client.post(NEW, data=data)
    assert refused.status_code == 422
    sheet_name, category = CONTROL_IN_NAME[lang]
    html = refused.get_data(as_text=True)
    row = re.search(r'<li class="category-row has-error">(.*?)</li>', html, re.S)[1]
    assert 'value="Won\u0001der"' in row and category in text_of(refused).replace("&#39;", "'")
    assert sheet_name in text_of(refused)
    assert saved_tokens(client) == {}
    token = save(client, "Family night", ("Coins", ""))
    renamed = client.post(f"{SHEETS}/{token}", data={
        **with_rows(form_of(client, f"{SHEETS}/{token}"), ("Coins", "coins")),
        "name": "Family\tnight"})
    assert renamed.status_code == 422 and sheet_name in text_of(renamed)
    assert saved_tokens(client) == {"Family night": token}


def test_two_sheets_cannot_share_a_name(client):
    save(client, "Ours", ("Points", ""))
    again = client.post(NEW, data={**with_rows(form_of(client), ("Coins", "")), "name": "Ours"})
    assert again.status_code == 422
    assert "A sheet with this name is saved already; choose another name." in text_of(again)


def test_editing_a_saved_sheet_leaves_a_table_started_with_it_as_it_was(client):
    token = save(client, "Ours", ("Coins", ""), ("Wonder", ""))
    code = start_table(client, **{"opt-score-pad-sheet": f"saved-{token}"})
    before = client.get(f"/t/{code}/record.json").data
    edited = {**with_rows(form_of(client, f"{SHEETS}/{token}"), ("Gold", "coins")),
              "name": "Ours, corrected"}
    assert client.post(f"{SHEETS}/{token}", data=edited).status_code == 303
    assert saved_tokens(client) == {"Ours, corrected": token}
    assert client.get(f"/t/{code}/record.json").data == before


def test_a_ready_sheet_is_copied_and_changed(client):
    data = form_of(client, NEW + "?copy=shipped-7-wonders")
    assert data["name"] == "7 Wonders (2nd edition) (copy)" and data["rounds"] == "once"
    assert [id_ for _name, id_ in rows(data) if id_] == [
        "military", "coins", "wonder", "civilian", "commercial", "guilds", "science"]
    assert data["tie_break"] == "2"
    data = {**data, "name": "7 Wonders with Leaders", "categories-7-name": "Leaders"}
    assert client.post(NEW, data=data).status_code == 303
    sheet = json.loads(client.get(f"{SHEETS}/{saved_tokens(client)['7 Wonders with Leaders']}.json").data)
    assert sheet["categories"][-1] == {"id": "leaders", "name": "Leaders"}
    assert sheet["tie_break"] == {"category": "coins", "lowest": False}


def test_a_ready_sheet_downloads_in_the_players_language(client):
    client.set_cookie("lang", "hu")
    sheet = json.loads(client.get(f"{SHEETS}/ready/7-wonders.json").data)
    assert sheet["name"] == "7 Wonders (2. kiadás)" and sheet["lowest_wins"] is False
    assert sheet["categories"][1] == {"id": "coins", "name": "Kincstár"}
    assert client.get(f"{SHEETS}/ready/nothing.json").status_code == 404


def test_a_saved_sheet_is_deleted_and_unknown_ones_are_not_found(client):
    token = save(client, "Gone soon", ("Points", ""))
    assert client.post(f"{SHEETS}/{token}/delete").status_code == 303
    assert saved_tokens(client) == {}
    assert client.get(f"{SHEETS}/{token}").status_code == 404
    assert client.get(f"{SHEETS}/{token}.json").status_code == 404
    assert client.post(f"{SHEETS}/{token}/delete").status_code == 404


# --- upload ------------------------------------------------------------------------------------

def upload(client, content: bytes, filename: str = "sheet.json"):
    return client.post(SHEETS + "/upload", data={"sheet": (io.BytesIO(content), filename)},
                       content_type="multipart/form-data")


def test_a_downloaded_sheet_uploads_again_as_it_was(client):
    token = save(client, "Round trip", ("Coins", ""), ("Wonder", ""), lowest_wins="y",
                    tie_break="2", tie_lowest="fewer")
    file = client.get(f"{SHEETS}/{token}.json").data
    client.post(f"{SHEETS}/{token}/delete")
    assert upload(client, file).status_code == 303
    again = saved_tokens(client)["Round trip"]
    assert client.get(f"{SHEETS}/{again}.json").data == file


def test_the_sheet_of_a_game_record_uploads_without_lowest_wins(client):
    sheet = {"name": "From a record", "categories": [{"id": "a", "name": "A"}], "rounds": False}
    assert upload(client, json.dumps(sheet).encode()).status_code == 303
    got = json.loads(client.get(f"{SHEETS}/{saved_tokens(client)['From a record']}.json").data)
    assert got == {**sheet, "lowest_wins": False}


def test_a_bad_file_is_refused_in_words_and_nothing_is_saved(client):
    cases = {
        b"{not json": "That file is not a score sheet (not valid JSON).",
        b"[1, 2]": "A score sheet must be a JSON object with a name and categories.",
        json.dumps({"name": "X", "categories": []}).encode(): "A score sheet has 1 to 20 categories.",
        json.dumps({"name": "X", "categories": [{"id": "A b", "name": "A"}]}).encode():
            "Category 1's id must be 1 to 32 small letters, digits, _ or - (for example military).",
        json.dumps({"name": "X", "categories": [{"id": "a", "name": "A"}],
                    "lowest_wins": "yes"}).encode(): "The file's lowest_wins must be true or false.",
        json.dumps({"name": "X\u0000", "categories": [{"id": "a", "name": "A"}]}).encode():
            "That file holds a character no keyboard types (NUL or a lone surrogate).",
        b"\xff\xfe": "That file is not a score sheet (not valid JSON).",
    }
    for content, message in cases.items():
        refused = upload(client, content)
        assert refused.status_code == 422 and message in text_of(refused), message
    missing = client.post(SHEETS + "/upload", data={}, content_type="multipart/form-data")
    assert missing.status_code == 422 and "Choose a sheet file." in text_of(missing)
    assert saved_tokens(client) == {}


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_ready_sheet_uploads_back_as_it_was_downloaded_or_shipped(client, lang):
    """A ready sheet downloaded from the list, and its shipped file itself (names per
    language), each upload as the same sheet, named in the player's language."""
    client.set_cookie("lang", lang)
    for sheet in shipped().values():
        file = client.get(f"{SHEETS}/ready/{sheet.id}.json").data
        for content in (file, (FOLDER / f"{sheet.id}.json").read_bytes()):
            assert upload(client, content).status_code == 303, sheet.id
            token = saved_tokens(client)[sheet.name(lang)]
            assert client.get(f"{SHEETS}/{token}.json").data == file, sheet.id
            client.post(f"{SHEETS}/{token}/delete")
    assert saved_tokens(client) == {}


def test_a_file_in_the_shipped_format_without_the_players_language_takes_english(client):
    client.set_cookie("lang", "hu")
    sheet = {"name": {"en": "Darts", "de": "Dart"},
             "categories": [{"id": "throws", "name": {"de": "Würfe"}}]}
    assert upload(client, json.dumps(sheet).encode()).status_code == 303
    got = json.loads(client.get(f"{SHEETS}/{saved_tokens(client)['Darts']}.json").data)
    assert got["categories"] == [{"id": "throws", "name": "Würfe"}]


TOO_LARGE = {
    "en": "That file is too large to be a score sheet: a sheet's file is at most 64 kB (a sheet "
          "of 20 categories takes a few kB).",
    "hu": "Ez a fájl túl nagy ahhoz, hogy pontlap legyen: egy pontlap fájlja legfeljebb 64 kB "
          "(egy 20 kategóriás pontlap is csak néhány kB).",
}


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a_file_too_large_is_refused_as_a_score_sheet_with_its_limit(client, lang):
    client.set_cookie("lang", lang)
    for size, status in ((100_000, 422), (2_000_000, 413)):     # past the sheet's, the app's
        # the multipart body built by hand: the test client's own would leave a temporary file
        body = (b'--B\r\nContent-Disposition: form-data; name="sheet"; filename="big.json"\r\n'
                b"Content-Type: application/json\r\n\r\n" + b" " * size + b"\r\n--B--\r\n")
        refused = client.post(SHEETS + "/upload", data=body,
                              content_type="multipart/form-data; boundary=B")
        assert refused.status_code == status
        page = text_of(refused)
        assert TOO_LARGE[lang] in page, size
        assert "too large for a game record" not in page and "játékjegyzőkönyv legyen" not in page
        assert 'name="sheet"' in refused.get_data(as_text=True)     # the upload, to try again
    assert saved_tokens(client) == {}


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a_file_with_a_control_character_in_a_name_is_refused(client, lang):
    client.set_cookie("lang", lang)
    cases = {
        "en": ["The sheet's name holds a control character (an invisible one, such as a tab or "
               "a line break); a name cannot hold one.", CONTROL_IN_NAME["en"][1]],
        "hu": ["A pontlap nevében vezérlőkarakter (láthatatlan jel, például tabulátor vagy "
               "sortörés) van; a név nem tartalmazhat ilyet.", CONTROL_IN_NAME["hu"][1]],
    }[lang]
    categories = [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}]
    for sheet, message in (({"name": "Bell\u0007", "categories": categories}, cases[0]),
                           ({"name": {"en": "Line\u2028break"}, "categories": categories},
                            cases[0]),
                           ({"name": "Ours", "categories": [
                               categories[0], {"id": "b", "name": "\u0001B"}]}, cases[1])):
        refused = upload(client, json.dumps(sheet).encode())
        assert refused.status_code == 422 and message in text_of(refused), sheet
    assert saved_tokens(client) == {}


def test_a_file_repeating_a_category_is_refused_naming_the_repeat(client):
    categories = [{"id": "a", "name": "Coins"}, {"id": "b", "name": "Wonder"},
                  {"id": "c", "name": "coins"}]
    refused = upload(client, json.dumps({"name": "X", "categories": categories}).encode())
    assert refused.status_code == 422
    assert "Category 3 has the same name as category 1; give each category a different name." \
        in text_of(refused)
    categories[2] = {"id": "a", "name": "Gold"}
    refused = upload(client, json.dumps({"name": "X", "categories": categories}).encode())
    assert "Category 3 has the id a, as category 1 does; every id must be different." \
        in text_of(refused)
    client.set_cookie("lang", "hu")
    refused = upload(client, json.dumps({"name": "X", "categories": categories}).encode())
    assert "A(z) 3. kategória azonosítója a, akárcsak a(z) 1. kategóriáé; minden azonosítónak " \
        "különbözőnek kell lennie." in text_of(refused)
    assert saved_tokens(client) == {}


def test_an_uploaded_sheet_with_a_saved_name_is_refused(client):
    save(client, "Ours", ("Points", ""))
    sheet = {"name": "Ours", "categories": [{"id": "a", "name": "A"}]}
    refused = upload(client, json.dumps(sheet).encode())
    assert refused.status_code == 422
    assert "A sheet called Ours is saved already" in text_of(refused)


# --- starting a table with a sheet -------------------------------------------------------------

def test_the_start_page_offers_no_sheet_the_ready_sheets_and_the_saved_ones(client):
    token = save(client, "Ours", ("Points", ""), lowest_wins="y")
    html = client.get("/").get_data(as_text=True)
    assert '<option selected value="">No sheet: points by round</option>' in html
    assert '<option value="shipped-7-wonders">7 Wonders (2nd edition)</option>' in html
    assert '<option data-lowest-wins="true" value="shipped-skyjo">Skyjo</option>' in html
    assert f'<option data-lowest-wins="true" value="saved-{token}">Ours</option>' in html


def test_a_table_embeds_a_ready_sheet_in_english(client):
    code = start_table(client, **{"opt-score-pad-sheet": "shipped-7-wonders"})
    record = client.get(f"/t/{code}/record.json").get_json()
    assert record["version"] == 2
    assert record["options"] == {"lowest_wins": False, "sheet": shipped()["7-wonders"].sheet("en")}
    assert record["options"]["sheet"]["categories"][1] == {"id": "coins", "name": "Coins"}


def test_a_table_started_in_hungarian_embeds_the_hungarian_names(client):
    client.set_cookie("lang", "hu")
    code = start_table(client, **{"opt-score-pad-sheet": "shipped-7-wonders"})
    options = options_of(client, code)
    assert options["sheet"]["name"] == "7 Wonders (2. kiadás)"
    assert options["sheet"]["categories"][1] == {"id": "coins", "name": "Kincstár"}


def test_a_lowest_wins_sheet_sets_lowest_wins_even_with_the_box_left_empty(client):
    code = start_table(client, **{"opt-score-pad-sheet": "shipped-skyjo"})
    assert options_of(client, code)["lowest_wins"] is True
    plain = start_table(client, **{"opt-score-pad-sheet": "shipped-wingspan",
                                   "opt-score-pad-lowest_wins": "y"})
    assert options_of(client, plain)["lowest_wins"] is True      # the box alone may set it
    assert options_of(client, start_table(client))["lowest_wins"] is False


def test_a_saved_sheet_is_embedded_whole_with_its_lowest_wins(client):
    token = save(client, "Golf night", ("Strokes", ""), lowest_wins="y")
    code = start_table(client, **{"opt-score-pad-sheet": f"saved-{token}"})
    assert options_of(client, code) == {
        "lowest_wins": True,
        "sheet": {"name": "Golf night", "categories": [{"id": "strokes", "name": "Strokes"}],
                  "rounds": True}}


def test_teams_every_other_seat(client):
    code = start_table(client, players=("Anna", "Bence", "Csilla", "Dani"),
                       **{"opt-score-pad-sheet": "shipped-blank", "opt-score-pad-teams": "2"})
    options = options_of(client, code)
    assert options["teams"] == [["Anna", "Csilla"], ["Bence", "Dani"]]
    assert client.get(f"/t/{code}/record.json").get_json()["version"] == 2


def test_teams_every_third_seat(client):
    code = start_table(client, players=("A", "B", "C", "D", "E", "F"),
                       **{"opt-score-pad-sheet": "shipped-blank", "opt-score-pad-teams": "3"})
    assert options_of(client, code)["teams"] == [["A", "D"], ["B", "E"], ["C", "F"]]


def test_teams_chosen_player_by_player_skip_an_empty_name_row(client):
    data = {"game": "score-pad", "players-0": "Anna", "players-1": "", "players-2": "Bence",
            "players-3": "Csilla", "opt-score-pad-sheet": "shipped-ticket-to-ride",
            "opt-score-pad-teams": "seats", "opt-score-pad-team_0": "3",
            "opt-score-pad-team_1": "1", "opt-score-pad-team_2": "3"}
    started = client.post("/", data=data)
    assert started.status_code == 303, text_of(started)
    code = started.headers["Location"].rsplit("/", 1)[1]
    assert options_of(client, code)["teams"] == [["Bence"], ["Anna", "Csilla"]]


def refused_beside_teams(answer) -> str:
    html = answer.get_data(as_text=True)
    return re.search(r'name="opt-score-pad-teams".*?</select>\s*<p class="error" role="alert">'
                     r'([^<]*)</p>', html, re.S)[1]


def test_a_wrong_team_choice_is_named_beside_the_teams_and_no_table_starts(app, client):
    cases = [
        ({"opt-score-pad-teams": "2"},
         "Teams are kept on a score sheet: choose a sheet above (the blank sheet will do)."),
        ({"opt-score-pad-teams": "3", "opt-score-pad-sheet": "shipped-blank"},
         "3 teams need at least 3 players."),
        ({"opt-score-pad-teams": "seats", "opt-score-pad-sheet": "shipped-blank",
          "opt-score-pad-team_0": "2", "opt-score-pad-team_1": "2"},
         "Put the players in at least two different teams."),
    ]
    for options, message in cases:
        answer = client.post("/", data={"game": "score-pad", "players-0": "Anna",
                                        "players-1": "Bence", **options})
        assert answer.status_code == 422
        assert refused_beside_teams(answer) == message.replace("'", "&#39;")
    assert table_count(app) == 0


def test_a_sheet_deleted_before_the_start_is_named(app, client):
    token = save(client, "Gone", ("Points", ""))
    client.post(f"{SHEETS}/{token}/delete")
    answer = client.post("/", data={"game": "score-pad", "players-0": "Anna",
                                    "opt-score-pad-sheet": f"saved-{token}"})
    assert answer.status_code == 422
    assert "That sheet is no longer saved; choose another." in text_of(answer)
    assert table_count(app) == 0


def test_the_team_rows_name_the_players_once_they_are_typed(client):
    answer = client.post("/", data={"game": "score-pad", "players-0": "Anna", "players-1": "Bence",
                                    "opt-score-pad-teams": "seats"})
    page = text_of(answer)
    assert "Anna 1 2 3 4 Bence 1 2 3 4 Player 3 1 2 3 4" in page
    html = answer.get_data(as_text=True)
    assert 'aria-label="Anna\'s team"' in html and 'aria-label="Player 3\'s team"' in html
