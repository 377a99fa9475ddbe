"""Calçada through the web app: a phone's move, refusals that change nothing, the host acting
for a seat, undo replaying a completion whose multiplier a later one used, the quick tally,
and the editors round-tripping a board and a scoring board into a table's record."""
from __future__ import annotations

import json
import re
import uuid
from html import unescape

from companion import record
from companion.games.calcada.board import board_json, default_board
from tests.support import start_table, take_seat, text_of, untimed

NAMES = ("Anna", "Bence")
D7, D8 = ((5, 2), (5, 3)), ((5, 4), (5, 5))
D3, D6 = ((2, 2), (2, 3), (3, 2)), ((4, 1), (4, 2), (5, 1))


def start(client, players=NAMES, **options):
    return start_table(client, "calcada", players, **{"opt-calcada-board": "8", **options})


def seated(app, code, position):
    phone = app.test_client()
    take_seat(phone, code, position)
    return phone


def post(client, code, act, player=None, host=False, agree=True, **fields):
    """The act's form posted; a turn played out of order is agreed to when asked, as a table
    setting up a position would (``agree=False``: the question is the answer)."""
    data = {f"{act}-{k}": v for k, v in fields.items()}
    data["nonce"] = uuid.uuid4().hex
    if player:
        data[f"{act}-player"] = player
    if host:
        data["screen"] = "host"
    answer = client.post(f"/t/{code}/act/{act}", data=data)
    asked = re.search(r'name="anyway" value="([^"]*)"', answer.get_data(as_text=True))
    if agree and answer.status_code == 409 and asked:
        data |= {"nonce": uuid.uuid4().hex, "anyway": unescape(asked[1])}
        answer = client.post(f"/t/{code}/act/{act}", data=data)
    return answer


def events(client, code):
    return untimed(json.loads(client.get(f"/t/{code}/record.json").data)["events"])


def result(client, code):
    return record.load(json.loads(client.get(f"/t/{code}/record.json").data)).result()


def test_a_phone_places_a_tile_as_the_four_taps_post_it(app, client):
    code = start(client)
    anna = seated(app, code, 0)
    answer = post(anna, code, "place", row=5, column=2, colour="blue", number=3, motif="tram")
    assert answer.status_code == 303
    assert events(client, code) == [{"type": "place", "player": "Anna", "row": 5, "column": 2,
                                     "colour": "blue", "motif": "tram", "number": 3}]


def test_the_taps_before_the_post_are_links_that_keep_the_choice(app, client):
    code = start(client)
    anna = seated(app, code, 0)
    page = anna.get(f"/t/{code}/phone?colour=blue").get_data(as_text=True)
    assert 'href="?colour=blue&amp;number=4"' in page
    page = anna.get(f"/t/{code}/phone?colour=blue&number=4").get_data(as_text=True)
    assert page.count('class="cell legal') == 5 and 'href="?colour=blue&amp;number=4&amp;cell=1-2"' in page
    page = text_of(anna.get(f"/t/{code}/phone?colour=blue&number=4&cell=1-2"))
    assert "4 · Pick the tile tram plaza kiosk bench café bonus symbol +2" in page


def test_a_refused_placement_says_why_and_changes_nothing(app, client):
    code = start(client)
    anna = seated(app, code, 0)
    answer = post(anna, code, "place", row=1, column=1, colour="blue", number=4, motif="tram")
    assert answer.status_code == 422
    assert "prints 1, not the announced 4" in text_of(answer)
    assert post(anna, code, "place", row=1, column=1, colour="pink", motif="tram").status_code == 422
    assert events(client, code) == []


def test_the_host_acts_for_any_seat_and_spends_its_bonus_tiles(client):
    code = start(client)
    assert "1 · Pick the colour" in text_of(client.get(f"/t/{code}?as=1"))
    assert post(client, code, "place", "Bence", True, row=5, column=5, colour="red",
                motif="bonus").status_code == 303
    assert "4 bonus tiles +2 for the bonus symbol" in text_of(client.get(f"/t/{code}?as=1"))
    assert post(client, code, "spend", "Bence", True, count=3).status_code == 303
    assert result(client, code)["players"][1]["details"]["bonus_tiles_left"] == 1
    assert "Bence spent 3 bonus tiles" in text_of(client.get(f"/t/{code}"))


def test_every_screen_shows_the_latest_completion_and_the_stone_one_row_down(app, client):
    code = start(client)
    anna, bence = seated(app, code, 0), seated(app, code, 1)
    post(anna, code, "place", row=5, column=2, colour="blue", number=3, motif="tram")
    post(anna, code, "place", row=5, column=3, colour="blue", number=1, motif="tram")
    for page in (bence.get(f"/t/{code}/phone"), client.get(f"/t/{code}")):
        html = page.get_data(as_text=True)
        assert "Anna completed a blue district of 2 at ×3: 6 points" in text_of(page)
        second_row = html.split('<th class="mult">×2</th>')[1].split("</tr>")[0]
        assert 'data-stone="blue"' in second_row


def test_undo_rescores_a_later_completion_that_used_the_lower_multiplier(app, client):
    code = start(client)
    anna, bence = seated(app, code, 0), seated(app, code, 1)
    for phone, name in ((anna, "Anna"), (bence, "Bence")):
        post(phone, code, "place", row=5, column=2, colour="blue", motif="tram")
        post(phone, code, "place", row=5, column=3, colour="blue", motif="tram")
    players = result(client, code)["players"]
    assert [p["breakdown"]["districts"] for p in players] == [6, 4]       # x3, then x2
    answer = client.post(f"/t/{code}/undo", data={"event": 2, "screen": "host",
                                                  "nonce": uuid.uuid4().hex})
    assert answer.status_code == 303
    players = result(client, code)["players"]
    assert [p["breakdown"]["districts"] for p in players] == [0, 6]       # Bence's now at x3
    page = text_of(bence.get(f"/t/{code}/phone"))
    assert "Bence completed a blue district of 2 at ×3: 6 points" in page


def test_the_second_slide_off_is_announced_with_who_still_plays(client):
    code = start(client)                   # 2 players: x3 x2 x1, a colour closes at its 3rd
    turns = [("Anna", "blue", D7), ("Bence", "blue", D7), ("Anna", "blue", D8),
             ("Anna", "red", D3), ("Bence", "red", D8), ("Anna", "red", D6)]
    motifs = iter(["tram", "plaza", "kiosk", "bench", "cafe"] * 4)
    for name, colour, cells in turns:
        for row, column in cells:
            assert post(client, code, "place", name, True, row=row, column=column,
                        colour=colour, motif=next(motifs)).status_code == 303
    page = text_of(client.get(f"/t/{code}"))
    assert "Anna slid the second stone off: last round! Still to play: Bence." in page
    assert text_of(client.get(f"/t/{code}?as=0")).count("No turn left for Anna") == 1


# --- quick tally ----------------------------------------------------------------------------

def tiles(cells):
    """The tally form's two selects per cell, from {"r_c": "colour:motif"}."""
    fields = {}
    for cell, tile in cells.items():
        fields[f"colour_{cell}"], fields[f"motif_{cell}"] = tile.split(":")
    return fields


def test_a_paper_game_is_tallied_from_each_phone_and_ranked(app, client):
    code = start(client, **{"opt-calcada-tally": "y"})
    anna, bence = seated(app, code, 0), seated(app, code, 1)
    assert "Quick tally: your final board" in text_of(anna.get(f"/t/{code}/phone"))
    cells = {"2_2": "red:cafe", "2_3": "red:cafe", "3_2": "red:cafe", "1_1": "blue:tram"}
    assert post(anna, code, "tally", districts=14, bonus_tiles=5, **tiles(cells)).status_code == 303
    assert post(bence, code, "tally", districts=30, bonus_tiles=0,
                **tiles({"5_5": "green:bonus"})).status_code == 303
    players = result(client, code)["players"]
    assert [(p["name"], p["total"], p["rank"]) for p in players] == \
        [("Anna", 20, 2), ("Bence", 31, 1)]
    assert "Anna: final board entered" in text_of(client.get(f"/t/{code}"))


def test_a_tally_with_no_tile_or_a_mixed_district_is_refused(app, client):
    code = start(client, **{"opt-calcada-tally": "y"})
    anna = seated(app, code, 0)
    empty = post(anna, code, "tally", districts=0, bonus_tiles=0)
    assert empty.status_code == 422 and "Pick the colour and motif of every tile" in text_of(empty)
    mixed = post(anna, code, "tally", districts=0, bonus_tiles=0,
                 **tiles({"1_1": "red:tram", "1_2": "blue:tram"}))
    assert mixed.status_code == 422 and "already holds red tiles" in text_of(mixed)
    half = post(anna, code, "tally", districts=0, bonus_tiles=0, colour_2_4="red")
    assert half.status_code == 422 and "Row 2, column 4: pick both the colour and the motif" \
        in text_of(half)
    assert events(client, code) == []


# --- the editors ------------------------------------------------------------------------------

def board_form(board, name, verified=True):
    data = {"name": name}
    if verified:
        data["verified"] = "y"
    for r in range(1, 6):
        for c in range(1, 6):
            data[f"district_{r}_{c}"] = str(board["districts"][r - 1][c - 1])
            data[f"number_{r}_{c}"] = str(board["numbers"][r - 1][c - 1])
    return data


def saved_token(client, kind: str = "boards") -> str:
    """The token of the first saved board (or scoring board) the list links to."""
    listing = client.get("/games/calcada/boards").get_data(as_text=True)
    return re.search(rf'/games/calcada/{kind}/([A-Za-z0-9_-]{{16,32}})"', listing)[1]


def test_a_board_saved_in_the_editor_is_embedded_whole_in_a_new_table(client):
    nine = board_json(default_board("9"))
    assert client.post("/games/calcada/boards/new/9",
                       data=board_form(nine, "Our side 9")).status_code == 303
    token = saved_token(client)
    page = client.get(f"/games/calcada/boards/{token}")
    assert page.status_code == 200 and 'value="Our side 9"' in page.get_data(as_text=True)
    code = start(client, **{"opt-calcada-board": f"saved-{token}"})
    options = json.loads(client.get(f"/t/{code}/record.json").data)["options"]
    assert options["board"] == {**nine, "name": "Our side 9", "unverified": False}
    assert "This board layout is unverified" not in text_of(client.get(f"/t/{code}"))


def test_the_board_editor_names_the_cell_at_fault_and_saves_nothing(client):
    broken = board_json(default_board("8"))
    broken["districts"][0][0] = 9          # a district of one cell
    answer = client.post("/games/calcada/boards/new/8", data=board_form(broken, "Bad"))
    assert answer.status_code == 422
    assert ("The cell at row 1, column 1 is a district on its own; a district has 2 to 5 cells."
            in text_of(answer))
    assert "Bad" not in text_of(client.get("/games/calcada/boards"))


def test_a_scoring_board_saved_in_the_editor_gives_the_rows_for_the_table_size(client):
    rows = {"name": "Ours", "rows_2": "4 2 1", "rows_3": "3 3 2 1", "rows_4": "3 3 2 2 1"}
    assert client.post("/games/calcada/scoring/new", data=rows).status_code == 303
    code = start(client, **{"opt-calcada-scoring": f"saved-{saved_token(client, 'scoring')}"})
    options = json.loads(client.get(f"/t/{code}/record.json").data)["options"]
    assert options["scoring_rows"] == [4, 2, 1]
    bad = client.post("/games/calcada/scoring/new", data={**rows, "name": "Bad", "rows_3": "3 4 1"})
    assert bad.status_code == 422
    assert "3 players: Row 2 of the scoring board multiplies by 4, more than the row above it" \
        in text_of(bad)


def test_the_defaults_stay_marked_unverified_on_every_screen(app, client):
    code = start(client)
    anna = seated(app, code, 0)
    for page in (text_of(client.get(f"/t/{code}")), text_of(anna.get(f"/t/{code}/phone"))):
        assert "These multipliers are unverified" in page
    assert "layout unverified" in text_of(anna.get(f"/t/{code}/phone"))
    assert "This board layout is unverified" in text_of(client.get(f"/t/{code}"))
    home = text_of(client.get("/"))
    assert "8 districts (layout unverified)" in home and "Default scoring board (unverified)" in home


def test_the_board_editor_round_trips_a_saved_board(app, client):
    """Saved, opened again and saved unchanged: the same definition, district ids and all."""
    from companion.extensions import db
    from companion.games.calcada.models import BoardDefinition

    nine = board_json(default_board("9"))
    client.post("/games/calcada/boards/new/9", data=board_form(nine, "Ours"))
    token = saved_token(client)
    page = client.get(f"/games/calcada/boards/{token}").get_data(as_text=True)
    shown = {}
    for r in range(1, 6):
        for c in range(1, 6):
            for what in ("district", "number"):
                select = page.split(f'name="{what}_{r}_{c}"')[1].split("</select>")[0]
                shown[f"{what}_{r}_{c}"] = select.split('selected value="')[1].split('"')[0]
    assert client.post(f"/games/calcada/boards/{token}",
                       data={"name": "Ours", "verified": "y", **shown}).status_code == 303
    with app.app_context():
        saved = db.session.get(BoardDefinition, 1).data
    assert saved == {**nine, "name": "Ours", "unverified": False}


def test_finish_warns_of_who_has_not_played_the_last_round(client):
    code = start(client)
    asked = text_of(client.post(f"/t/{code}/finish", data={"nonce": uuid.uuid4().hex}))
    assert "Finish the game?" in asked and "the end is not triggered" in asked


def test_a_second_tally_of_the_same_board_is_asked_before_it_replaces_the_first(app, client):
    code = start(client, **{"opt-calcada-tally": "y"})
    anna = seated(app, code, 0)
    assert post(anna, code, "tally", districts=5, bonus_tiles=0,
                **tiles({"1_1": "red:tram"})).status_code == 303
    again = post(anna, code, "tally", districts=9, bonus_tiles=0, **tiles({"1_1": "red:tram"}))
    assert again.status_code == 409
    assert "Anna's board is already entered (6 points). Replace it?" in text_of(again)
    assert len(events(client, code)) == 1
    finish = text_of(client.post(f"/t/{code}/finish", data={"nonce": uuid.uuid4().hex}))
    assert "Bence's board is not entered yet." in finish


# --- turns ------------------------------------------------------------------------------------

def test_a_placement_out_of_turn_is_asked_about_then_entered_with_the_yes(app, client):
    code = start(client)
    bence = seated(app, code, 1)
    asked = post(bence, code, "place", agree=False, row=5, column=2, colour="blue", number=3,
                 motif="tram")
    assert asked.status_code == 409
    page = text_of(asked)
    assert "It is Anna's turn. Place the blue tile on row 5, column 2 anyway?" in page
    assert "Enter it anyway" in page and "Back, change nothing" in page
    assert events(client, code) == []
    entered = post(bence, code, "place", row=5, column=2, colour="blue", number=3, motif="tram")
    assert entered.status_code == 303 and events(client, code)[-1]["player"] == "Bence"
    assert "Your turn: pick a stone and place a tile" in text_of(      # Anna's turn all the
        seated(app, code, 0).get(f"/t/{code}/phone"))                  # same


def test_a_queued_placement_out_of_turn_is_entered_unasked(app, client):
    code = start(client)
    bence = seated(app, code, 1)
    sent = bence.post(f"/t/{code}/act/place", headers={"X-Queued": "1"}, data={
        "place-row": "5", "place-column": "2", "place-colour": "blue", "place-motif": "tram",
        "nonce": uuid.uuid4().hex})
    assert (sent.status_code, sent.get_json()) == (200, {"ok": True})
    assert events(client, code)[-1]["player"] == "Bence"


def test_done_pass_is_on_the_phone_whose_turn_it_is_and_enters_a_pass(app, client):
    code = start(client)
    anna, bence = seated(app, code, 0), seated(app, code, 1)
    assert "Done — pass" in text_of(anna.get(f"/t/{code}/phone"))
    assert "Done — pass" not in text_of(bence.get(f"/t/{code}/phone"))
    assert "Anna's turn: pick a stone and place a tile" in text_of(bence.get(f"/t/{code}/phone"))
    passed = anna.post(f"/t/{code}/pass", data={"nonce": uuid.uuid4().hex})
    assert passed.status_code == 303
    assert events(client, code) == [{"type": "pass", "player": "Anna"}]
    assert "Anna passed" in text_of(client.get(f"/t/{code}"))
    assert "Your turn: pick a stone" in text_of(bence.get(f"/t/{code}/phone"))
    asked = anna.post(f"/t/{code}/pass", data={"nonce": uuid.uuid4().hex})
    assert asked.status_code == 409 and "It is Bence's turn. Pass anyway?" in text_of(asked)


def test_the_untouched_host_screen_enters_for_the_player_whose_turn_it_is(app, client):
    code = start(client)
    page = text_of(client.get(f"/t/{code}"))
    assert "Anna's board" in page and "Every board" in page
    html = client.get(f"/t/{code}").get_data(as_text=True)
    assert 'href="?colour=blue&amp;as=0"' in html             # a tap keeps Anna's seat
    assert 'href="?as=all"' in html                           # and All boards leaves it
    assert "Anna's board" not in text_of(client.get(f"/t/{code}?as=all"))
    assert post(client, code, "place", "Anna", True, agree=False, row=5, column=2,
                colour="blue", motif="tram").status_code == 303      # in turn: not asked
    assert "Bence's board" in text_of(client.get(f"/t/{code}"))
    passed = client.post(f"/t/{code}/pass", data={"player": "Bence", "screen": "host",
                                                  "nonce": uuid.uuid4().hex})
    assert passed.status_code == 303 and events(client, code)[-1] == {"type": "pass",
                                                                       "player": "Bence"}
    assert "Anna's board" in text_of(client.get(f"/t/{code}"))
