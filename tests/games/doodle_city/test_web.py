"""Doodle City at the table: setup, dice, claims and sheets through the web app."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from companion import record
from companion.cli import cli
from tests.support import take_seat, text_of, exported_untimed

ROADS = ["NS", "EW", "NE", "SW", "NS"]


def start(client, dice="physical", tally=False, players=("Anna", "Bence"), sheet="default"):
    data = {"game": "doodle-city", "opt-doodle-city-sheet": sheet,
            "opt-doodle-city-variant": "standard", "opt-doodle-city-dice": dice,
            **{f"players-{i}": n for i, n in enumerate(players)}}
    if tally:
        data["opt-doodle-city-tally"] = "y"
    response = client.post("/", data=data)
    assert response.status_code == 303, text_of(response)
    return response.headers["Location"].rsplit("/", 1)[1]


def act(client, code, form, host=False, **fields):
    data = {f"{form}-{k}": v for k, v in fields.items()}
    if host:
        data["screen"] = "host"
    return client.post(f"/t/{code}/act/{form}", data=data)


def set_up(client, code):
    for column, shape in enumerate(ROADS, 1):
        assert act(client, code, "start_road", host=True, column=column, shape=shape).status_code == 303


def exported(client, code):
    return exported_untimed(client, code)


@pytest.fixture
def table(client, app):
    code = start(client)
    set_up(client, code)
    anna, bence = app.test_client(), app.test_client()
    take_seat(anna, code, 0)
    take_seat(bence, code, 1)
    return code, anna, bence


def test_a_table_embeds_its_whole_sheet_so_old_games_rescore_the_same(client):
    code = start(client)
    options = exported(client, code)["options"]
    assert options["sheet"]["grid"][0] == ["taxi", "shop", "house", "hotel", "taxi"]
    assert options["sheet"]["unverified"] is True and options["dice"] == "physical"


def test_the_host_screen_says_the_sheet_is_unverified_and_asks_for_start_roads(client):
    code = start(client, dice="app")
    page = text_of(client.get(f"/t/{code}"))
    assert "This sheet layout is unverified" in page
    assert "Column 1: tap the shape of the road numbered with the blue die." in page
    # said once: the sheet definition does not know the printed roads, the paper sheet does
    assert page.count("does not know the printed start roads") == 1
    rolled = act(client, code, "setup_roll", host=True)
    assert rolled.status_code == 303
    faces = exported(client, code)["events"][0]["blue"]
    assert len(faces) == 5 and all(1 <= f <= 6 for f in faces)
    act(client, code, "start_road", host=True, column=1, shape="NS", face=faces[0])
    later = text_of(client.get(f"/t/{code}"))
    assert f"Column 2, blue die {faces[1]}: tap the shape of road {faces[1]}." in later
    assert "does not know the printed start roads" not in later


def test_a_claimed_die_is_gone_for_the_other_phone_and_the_draw_is_scored(table, client):
    code, anna, bence = table
    assert act(client, code, "typed_roll", host=True, blue=2, white="1 3 5").status_code == 303
    before = anna.get(f"/t/{code}/phone").get_data(as_text=True)
    assert 'href="?die=1"' in before                       # Anna may take the white 3
    assert act(anna, code, "draw", die=1, row=3, column=2, shape="NS").status_code == 303
    seen_by_bence = bence.get(f"/t/{code}/phone").get_data(as_text=True)
    assert 'href="?die=1"' not in seen_by_bence
    assert re.search(r'class="die taken" title="Anna">3', seen_by_bence)
    again = act(bence, code, "draw", die=1, row=3, column=2, shape="EW")
    assert again.status_code == 422 and "Anna already took that white die" in text_of(again)
    assert act(bence, code, "draw", die=0, row=1, column=2, shape="EW").status_code == 303
    events = exported(client, code)["events"]
    assert events[-2:] == [
        {"type": "draw", "player": "Anna", "row": 3, "column": 2, "shape": "NS", "die": 1},
        {"type": "draw", "player": "Bence", "row": 1, "column": 2, "shape": "EW", "die": 0}]


def test_only_the_start_player_rolls_and_only_when_everyone_has_acted(table, client):
    code, anna, bence = table
    assert act(anna, code, "typed_roll", blue=2, white="1 3 5").status_code == 303   # round 1: Anna
    early = act(client, code, "typed_roll", host=True, blue=1, white="1 1 1")
    assert early.status_code == 422 and "Not everyone has acted" in text_of(early)
    act(anna, code, "draw", die=1, row=3, column=2, shape="NS")
    act(bence, code, "draw", die=0, row=1, column=2, shape="EW")
    wrong = act(anna, code, "typed_roll", blue=4, white="2 2 2")
    assert wrong.status_code == 422 and "Bence rolls" in text_of(wrong)
    assert act(bence, code, "typed_roll", blue=4, white="2 2 2").status_code == 303
    assert "Round 2 · start player: Bence" in text_of(anna.get(f"/t/{code}/phone"))


def test_the_app_rolls_the_right_number_of_dice(client, app):
    code = start(client, dice="app", players=("Anna", "Bence", "Csilla"))
    set_up(client, code)
    assert act(client, code, "roll", host=True).status_code == 303
    roll = exported(client, code)["events"][-1]
    assert roll["type"] == "roll" and 1 <= roll["blue"] <= 6
    assert len(roll["white"]) == 4 and all(1 <= w <= 6 for w in roll["white"])


def test_the_phone_tells_what_just_happened(table, client):
    code, anna, _ = table
    act(client, code, "typed_roll", host=True, blue=4, white="1 3 5")
    assert act(anna, code, "draw", die=0, row=1, column=4, shape="EW").status_code == 303
    page = text_of(anna.get(f"/t/{code}/phone"))
    assert "Hotel on a road of" in page


def test_the_host_acts_for_a_seat_chosen_on_its_screen(table, client):
    code, anna, _ = table
    act(client, code, "typed_roll", host=True, blue=2, white="1 3 5")
    assert act(anna, code, "draw", die=1, row=3, column=2, shape="NS").status_code == 303
    page = client.get(f"/t/{code}?as=1").get_data(as_text=True)
    assert "Bence&#39;s sheet" in page or "Bence's sheet" in page
    assert act(client, code, "draw", host=True, player="Bence", die=2, row=5, column=2,
               shape="NS").status_code == 303
    assert exported(client, code)["events"][-1]["player"] == "Bence"


def test_companion_score_agrees_with_the_web_app_on_an_exported_record(table, client, tmp_path):
    code, anna, bence = table
    act(client, code, "typed_roll", host=True, blue=2, white="1 3 5")
    act(anna, code, "draw", die=1, row=3, column=2, shape="NS")
    act(bence, code, "draw", die=0, row=1, column=2, shape="EW")
    path = tmp_path / "doodle.json"
    path.write_bytes(client.get(f"/t/{code}/record.json").data)
    out = CliRunner().invoke(cli, ["score", str(path)])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output) == record.load(json.loads(path.read_bytes())).result()


def test_undo_of_a_draw_frees_the_die_again(table, client):
    code, anna, bence = table
    act(client, code, "typed_roll", host=True, blue=2, white="1 3 5")
    act(anna, code, "draw", die=1, row=3, column=2, shape="NS")
    assert anna.post(f"/t/{code}/undo", data={}).status_code == 303
    assert 'href="?die=1"' in bence.get(f"/t/{code}/phone").get_data(as_text=True)


def test_quick_tally_adds_up_paper_sheets_with_the_tree_adjustment(client, app):
    code = start(client, tally=True)
    anna = app.test_client()
    take_seat(anna, code, 0)
    saved = act(anna, code, "tally", hotels="15 7", shops="10 4", bonuses="10", taxis=2, trees=1)
    assert saved.status_code == 303, text_of(saved)
    assert act(client, code, "tally", host=True, player="Bence", hotels="12", shops="9",
               bonuses="7 3", taxis=0, trees=4).status_code == 303
    result = record.load(exported(client, code)).result()
    anna_result, bence_result = result["players"]
    assert anna_result["breakdown"] == {"hotels": 22, "shops": 14, "shop_bonuses": 10, "taxis": 8,
                                        "trees": 4}
    assert bence_result["breakdown"] == {"hotels": 12, "shops": 9, "shop_bonuses": 10, "taxis": 0,
                                         "trees": -4}
    assert result["winners"] == ["Anna"]


def test_quick_tally_refuses_a_value_the_track_does_not_have(client, app):
    code = start(client, tally=True)
    refused = act(client, code, "tally", host=True, player="Anna", hotels="4", shops="",
                  bonuses="", taxis=0, trees=0)
    assert refused.status_code == 422 and "hotel track" in text_of(refused)
    assert exported(client, code)["events"] == []


def test_setup_highlights_the_printed_road_when_the_sheet_knows_it(client):
    from companion.games.doodle_city.sheet import default_sheet, sheet_json
    from companion.tables import service
    sheet = sheet_json(default_sheet())
    for field in sheet["houses"]:
        field["roads"] = ["NS", "EW", "NE", "ES", "SW", "NW"]
    with client.application.app_context():
        table, secret = service.create("doodle-city", {"sheet": sheet}, ["Anna", "Bence"],
                                       [{"type": "setup_roll", "blue": [3, 1, 6, 2, 5]}])
        code = table.code
    client.set_cookie(f"tc_host_{code}", secret)
    page = client.get(f"/t/{code}").get_data(as_text=True)
    assert "Pre-selected from your sheet definition: ╰ (curve, top to right)." in text_of(
        client.get(f"/t/{code}"))
    assert re.search(r'value="NE" class="shape suggested"[^>]*autofocus', page)
    assert "does not know the printed start roads" not in text_of(client.get(f"/t/{code}"))


# --- turns: the pick out of turn asked about, the host following the turn --------------------------

QUEUED = {"X-Queued": "1"}


def test_a_die_taken_out_of_turn_is_asked_about_then_taken_on_the_second_post(table, client):
    code, anna, bence = table
    act(client, code, "typed_roll", host=True, blue=2, white="1 3 5")
    fields = {"draw-die": "2", "draw-row": "5", "draw-column": "2", "draw-shape": "NS"}
    asked = bence.post(f"/t/{code}/act/draw", data=fields)
    assert asked.status_code == 409
    page = text_of(asked)
    assert "It is Anna's turn. Take this die anyway?" in page
    assert "Take it anyway" in page and "Back, change nothing" in page
    assert 'name="anyway" value="Anna"' in asked.get_data(as_text=True)
    assert [e["type"] for e in exported(client, code)["events"]][-1] == "roll"
    taken = bence.post(f"/t/{code}/act/draw", data={**fields, "anyway": "Anna"})
    assert taken.status_code == 303
    assert exported(client, code)["events"][-1] == {"type": "draw", "player": "Bence", "row": 5,
                                                    "column": 2, "shape": "NS", "die": 2}
    assert "Anna's turn: pick a die" in text_of(bence.get(f"/t/{code}/phone"))


def test_a_yes_given_for_an_earlier_turn_asks_again(client, app):
    code = start(client, players=("Anna", "Bence", "Csilla"))
    set_up(client, code)
    phones = [app.test_client() for _ in range(3)]
    for position, phone in enumerate(phones):
        take_seat(phone, code, position)
    act(client, code, "typed_roll", host=True, blue=2, white="1 3 5 4")
    assert act(phones[0], code, "draw", die=0, row=1, column=2, shape="EW").status_code == 303
    late = phones[2].post(f"/t/{code}/act/draw", data={
        "draw-die": "1", "draw-row": "3", "draw-column": "2", "draw-shape": "NS",
        "anyway": "Anna"})                       # agreed while it was Anna's pick: Bence's now
    assert late.status_code == 409 and "It is Bence's turn." in text_of(late)


def test_a_queued_act_out_of_turn_is_entered_unasked(table, client):
    code, anna, bence = table
    act(client, code, "typed_roll", host=True, blue=2, white="1 3 5")
    sent = bence.post(f"/t/{code}/act/draw", headers=QUEUED, data={
        "draw-row": "5", "draw-column": "2", "draw-shape": "NS", "nonce": "b1"})
    assert (sent.status_code, sent.get_json()) == (200, {"ok": True})
    assert exported(client, code)["events"][-1]["player"] == "Bence"


def test_a_die_tapped_out_of_turn_asks_on_the_screen_before_any_cell(table, client):
    code, anna, bence = table
    act(client, code, "typed_roll", host=True, blue=2, white="1 3 5")
    page = bence.get(f"/t/{code}/phone?die=2").get_data(as_text=True)
    question = re.search(r'<div class="turn-question".*?</div>', page, re.S).group(0)
    assert "It is Anna&#39;s pick first. Take this die anyway?" in question
    assert 'href="?die=2&amp;anyway=0"' in question and 'href="?"' in question
    assert 'class="cell' in page and "cell=5-2" not in page          # no cell to tap yet
    agreed = bence.get(f"/t/{code}/phone?die=2&anyway=0&cell=5-2").get_data(as_text=True)
    assert "turn-question" not in agreed
    shapes = re.search(r'<form[^>]*id="shape-bar".*?</form>', agreed, re.S).group(0)
    assert '<input type="hidden" name="anyway" value="Anna">' in shapes
    assert "turn-question" not in anna.get(f"/t/{code}/phone?die=0").get_data(as_text=True)


def test_an_untouched_host_screen_enters_for_the_player_whose_pick_it_is(table, client):
    code, anna, bence = table
    page = text_of(client.get(f"/t/{code}"))
    assert "Anna's turn: roll the dice" in page and "Anna's sheet" in page
    act(client, code, "typed_roll", host=True, blue=2, white="1 3 5")
    assert act(anna, code, "draw", die=0, row=1, column=2, shape="EW").status_code == 303
    screen = client.get(f"/t/{code}")
    assert "Bence's turn: pick a die" in text_of(screen) and "Bence's sheet" in text_of(screen)
    assert 'href="?die=1&amp;as=1"' in screen.get_data(as_text=True)    # a tap keeps the seat
    assert act(client, code, "draw", host=True, player="Bence", die=1, row=3, column=2,
               shape="NS").status_code == 303                  # in turn: not asked
    assert "Bence's sheet" in text_of(client.get(f"/t/{code}"))           # Bence rolls next


def test_the_phone_says_once_that_the_last_round_is_over(client, app):
    rounds = []
    for row, column in [(1, 1), (1, 2), (1, 4), (1, 5), (2, 2), (2, 3), (2, 4)]:
        rounds += [{"type": "roll", "blue": 6, "white": [row, row, row]},
                   {"type": "tree", "player": "Anna"},
                   {"type": "draw", "player": "Bence", "row": row, "column": column,
                    "shape": "NS"}]
    from companion.tables import service
    with client.application.app_context():
        table_, _ = service.create("doodle-city", {"sheet": "default", "variant": "more-control"},
                                   ["Anna", "Bence"],
                                   [{"type": "start_road", "column": c, "shape": s}
                                    for c, s in enumerate(ROADS, 1)] + rounds)
        code = table_.code
    anna = app.test_client()
    take_seat(anna, code, 0)
    page = text_of(anna.get(f"/t/{code}/phone"))
    assert page.count("The last round is over") == 1
    assert "The last round is over: the host screen finishes the game." in page
