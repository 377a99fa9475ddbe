"""The sheet editor: correct the layout against a printed sheet, save it, start a table with it."""
from __future__ import annotations

import json
import re

from companion.games.doodle_city.sheet import default_sheet, sheet_json
from tests.support import text_of

SAVED_LINK = r'/games/doodle-city/sheets/([A-Za-z0-9_-]{16,32})"'


def form_of(client, url="/games/doodle-city/sheets/new"):
    """The editor's fields as the page fills them (the default sheet for a new one)."""
    html = client.get(url).get_data(as_text=True)
    data = dict(re.findall(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"', html))
    for name, body in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', html, re.S):
        chosen = re.search(r'<option selected value="([^"]*)"', body) or \
            re.search(r'<option value="([^"]*)" selected', body)
        data[name] = chosen[1] if chosen else ""        # a browser sends the first option
    return data


def test_the_sheet_list_offers_the_default_and_says_it_is_unverified(client):
    page = text_of(client.get("/games/doodle-city/sheets"))
    assert "Default sheet (unverified)" in page and "Copy and correct" in page


def test_a_new_sheet_starts_as_the_default(client):
    data = form_of(client)
    default = sheet_json(default_sheet())
    assert data["cell_1_1"] == default["grid"][0][0] and data["hotel_track"] == "3 5 7 12 15"


def test_a_corrected_sheet_is_saved_and_a_table_embeds_it(client):
    data = form_of(client)
    # swap a taxi and a shop in row 1, as a table might find on its printed sheet
    data.update({"name": "Our sheet", "cell_1_1": "shop", "cell_1_2": "taxi", "verified": "y"})
    saved = client.post("/games/doodle-city/sheets/new", data=data)
    assert saved.status_code == 303, text_of(saved)
    listing = client.get("/games/doodle-city/sheets").get_data(as_text=True)
    token = re.search(SAVED_LINK, listing)[1]
    assert "Our sheet" in listing
    home = client.get("/").get_data(as_text=True)
    assert f'<option value="saved-{token}">Our sheet</option>' in home
    started = client.post("/", data={"game": "doodle-city", "players-0": "Anna",
                                     "opt-doodle-city-sheet": f"saved-{token}",
                                     "opt-doodle-city-variant": "standard",
                                     "opt-doodle-city-dice": "app"})
    code = started.headers["Location"].rsplit("/", 1)[1]
    options = json.loads(client.get(f"/t/{code}/record.json").data)["options"]
    assert options["sheet"]["grid"][0][:2] == ["shop", "taxi"]
    assert options["sheet"]["name"] == "Our sheet" and options["sheet"]["unverified"] is False
    assert "This sheet layout is unverified" not in text_of(client.get(f"/t/{code}"))


def test_a_sheet_breaking_a_known_count_is_refused_naming_it(client):
    data = form_of(client)
    data.update({"name": "Wrong", "cell_1_1": "hotel"})          # a sixth hotel, one taxi less
    refused = client.post("/games/doodle-city/sheets/new", data=data)
    assert refused.status_code == 422
    assert "The sheet has 6 hotels; it must have 5." in text_of(refused)
    assert "Wrong" not in text_of(client.get("/games/doodle-city/sheets"))


def test_a_track_without_its_top_value_is_refused(client):
    data = form_of(client)
    data.update({"name": "Wrong track", "hotel_track": "3 5 7 12"})
    refused = client.post("/games/doodle-city/sheets/new", data=data)
    assert refused.status_code == 422 and "top value must be 15" in text_of(refused)


def test_two_sheets_cannot_share_a_name(client):
    data = {**form_of(client), "name": "Ours"}
    assert client.post("/games/doodle-city/sheets/new", data=data).status_code == 303
    again = client.post("/games/doodle-city/sheets/new", data=data)
    assert again.status_code == 422 and "exists already" in text_of(again)


def test_editing_a_saved_sheet_keeps_old_tables_scoring_the_same(client):
    data = {**form_of(client), "name": "Ours"}
    client.post("/games/doodle-city/sheets/new", data=data)
    token = re.search(SAVED_LINK, client.get("/games/doodle-city/sheets").get_data(as_text=True))[1]
    started = client.post("/", data={"game": "doodle-city", "players-0": "Anna",
                                     "opt-doodle-city-sheet": f"saved-{token}",
                                     "opt-doodle-city-variant": "standard",
                                     "opt-doodle-city-dice": "app"})
    code = started.headers["Location"].rsplit("/", 1)[1]
    before = client.get(f"/t/{code}/record.json").data
    edited = {**form_of(client, f"/games/doodle-city/sheets/{token}"),
              "cell_1_1": "shop", "cell_1_2": "taxi"}
    assert client.post(f"/games/doodle-city/sheets/{token}", data=edited).status_code == 303
    assert client.get(f"/t/{code}/record.json").data == before


def test_start_roads_are_picked_by_their_drawing_and_a_table_preselects_them(client):
    data = form_of(client)
    roads = ["NS", "EW", "NE", "ES", "SW", "NW"]
    page = client.get("/games/doodle-city/sheets/new").get_data(as_text=True)
    assert "<option value=\"NE\">╰</option>" in page and "NS EW" not in page
    data.update({"name": "Roads known", **{f"road_1_{face}": r for face, r in enumerate(roads, 1)}})
    assert client.post("/games/doodle-city/sheets/new", data=data).status_code == 303
    listing = client.get("/games/doodle-city/sheets").get_data(as_text=True)
    token = re.search(SAVED_LINK, listing)[1]
    again = form_of(client, f"/games/doodle-city/sheets/{token}")
    assert [again[f"road_1_{face}"] for face in range(1, 7)] == roads


def test_some_start_roads_of_a_column_but_not_all_are_refused(client):
    data = form_of(client)
    data.update({"name": "Half", "road_2_1": "NS", "road_2_2": "EW"})
    refused = client.post("/games/doodle-city/sheets/new", data=data)
    assert refused.status_code == 422
    assert "Column 2: pick all six start roads, or none." in text_of(refused)
