"""What Doodle City's screens say and offer, through the web app (the browser tests tap them)."""
from __future__ import annotations

import re
from html import unescape

from companion.games.doodle_city.sheet import default_sheet, sheet_json
from companion.tables import service
from tests.story_records import FINISHED
from tests.support import take_seat, text_of

from .test_rules import draw
from .test_web import act, exported, start

def table_with(client, events, players=("Anna", "Bence"), options=None):
    """A table opened from events, this client its host screen."""
    with client.application.app_context():
        table, secret = service.create("doodle-city", options or {"sheet": "default"},
                                       list(players), events)
        code = table.code
    client.set_cookie(f"tc_host_{code}", secret)
    return code


SETUP = [{"type": "start_road", "column": c, "shape": s}
         for c, s in enumerate(["NS", "EW", "EW", "EW", "NS"], 1)]
ROW_1 = [{"type": "draw", "player": "Anna", "row": 1, "column": c, "shape": "EW"} for c in (1, 2, 5)]


def test_the_shapes_for_a_hotel_show_what_each_circles_and_offer_the_lower_values(client, app):
    code = table_with(client, SETUP + ROW_1 + [{"type": "roll", "blue": 4, "white": [1, 2, 3]}])
    anna = app.test_client()
    take_seat(anna, code, 0)
    page = anna.get(f"/t/{code}/phone?die=0&cell=1-4").get_data(as_text=True)
    ew = re.search(r'<button name="draw-shape" value="EW".*?</button>', page, re.S).group(0)
    assert 'data-fits="5 3"' in ew and ">5</span>" in ew
    assert re.search(r'name="draw-circle" value="3"', page)
    chosen = act(anna, code, "draw", die=0, row=1, column=4, shape="EW", circle=3)
    assert chosen.status_code == 303
    assert exported(client, code)["events"][-1]["circle"] == 3
    assert "Hotel on a road of 5 cells: circled 3." in text_of(anna.get(f"/t/{code}/phone"))
    history = text_of(client.get(f"/t/{code}"))
    assert "Anna: road ─ at row 1, column 4, circled 3" in history


def test_a_circle_the_road_cannot_reach_is_refused_in_words(client, app):
    code = table_with(client, SETUP + ROW_1 + [{"type": "roll", "blue": 4, "white": [1, 2, 3]}])
    anna = app.test_client()
    take_seat(anna, code, 0)
    refused = act(anna, code, "draw", die=0, row=1, column=4, shape="NS", circle=3)
    assert refused.status_code == 422
    assert "A road of 1 lets this hotel circle" not in text_of(refused)   # nothing fits a road of 1
    assert "No free hotel value fits a road of 1, so 3 cannot be circled." in text_of(refused)


def test_the_phone_puts_its_move_first_and_keeps_the_history_short(client, app):
    code = table_with(client, SETUP + [{"type": "roll", "blue": 3, "white": [2, 4, 5]}])
    anna = app.test_client()
    take_seat(anna, code, 0)
    page = anna.get(f"/t/{code}/phone").get_data(as_text=True)
    assert page.index('class="dice"') < page.index('class="sheet-grid"') < page.index("Scoreboard")
    text = text_of(anna.get(f"/t/{code}/phone"))
    assert "Whole history (6 entries)" in text                  # 6 events, 5 shown
    assert "Start road in column 1" not in text
    whole = text_of(anna.get(f"/t/{code}/history"))
    assert "Start road in column 1: │" in whole


def test_a_die_or_cell_tap_is_a_partial_update_of_the_live_view(client, app):
    code = table_with(client, SETUP + [{"type": "roll", "blue": 3, "white": [2, 4, 5]}])
    anna = app.test_client()
    take_seat(anna, code, 0)
    page = anna.get(f"/t/{code}/phone").get_data(as_text=True)
    die = re.search(r'<a class="die legal"[^>]*>', page, re.S).group(0)
    assert 'hx-target="#live"' in die and 'hx-get="/t/' in die and "/live?" in die
    assert 'href="?die=0"' in die                              # a plain link without JavaScript


def test_last_round_and_the_round_being_over_are_never_said_together(client, app):
    # more control: Anna crosses a tree every round, her 7th ends the game; Bence draws
    cells = [(1, 1), (1, 2), (1, 4), (1, 5), (2, 2), (2, 3), (2, 4)]
    rounds = []
    for row, column in cells:
        rounds += [{"type": "roll", "blue": 6, "white": [row, row, row]},
                   {"type": "tree", "player": "Anna"},
                   {"type": "draw", "player": "Bence", "row": row, "column": column, "shape": "NS"}]
    options = {"sheet": "default", "variant": "more-control"}
    code = table_with(client, SETUP + rounds[:-1], options=options)     # Bence still to act
    last = text_of(client.get(f"/t/{code}"))
    assert "Last round!" in last and "The last round is over" not in last
    code = table_with(client, SETUP + rounds, options=options)
    over = text_of(client.get(f"/t/{code}"))
    assert "The last round is over" in over and "Last round!" not in over


def test_finish_warns_who_has_not_acted_in_the_round(client):
    code = table_with(client, SETUP + [{"type": "roll", "blue": 3, "white": [2, 4, 5]},
                                       {"type": "draw", "player": "Anna", "row": 2, "column": 3,
                                        "shape": "NS", "die": 0}])
    asked = text_of(client.post(f"/t/{code}/finish"))
    assert "Bence has not acted in round 1 yet." in asked and "Anna has not" not in asked


def test_quick_tally_shows_what_was_saved_and_a_correction_replaces_it(client, app):
    code = start(client, tally=True)
    anna = app.test_client()
    take_seat(anna, code, 0)
    assert act(anna, code, "tally", hotels="15 7", shops="10", bonuses="10", taxis=2,
               trees=1).status_code == 303
    page = anna.get(f"/t/{code}/phone").get_data(as_text=True)
    assert "My sheet as saved" in text_of(anna.get(f"/t/{code}/phone"))
    assert len(re.findall(r'class="value circled">(15|7|10)<', page)) == 3
    assert re.search(r'name="tally-hotels"[^>]*value="15 7"', page)    # the form, to correct
    token = re.search(r'name="replaces" value="([^"]*)"', page).group(1)
    # a correction of what this phone shows goes through; the history calls it a correction
    correction = {"tally-hotels": "15 12", "tally-shops": "10", "tally-bonuses": "10",
                  "tally-taxis": "2", "tally-trees": "1", "replaces": unescape(token)}
    assert anna.post(f"/t/{code}/act/tally", data=correction).status_code == 303
    assert "Anna: final sheet corrected" in text_of(client.get(f"/t/{code}"))


def test_quick_tally_replacing_another_screens_entry_is_asked(client, app):
    code = start(client, tally=True)
    assert act(client, code, "tally", host=True, player="Anna", hotels="15", shops="", bonuses="",
               taxis=0, trees=0).status_code == 303
    asked = act(client, code, "tally", host=True, player="Anna", hotels="12", shops="",
                bonuses="", taxis=0, trees=0)
    assert asked.status_code == 409
    assert "Anna's sheet is already entered (15 points). Replace it?" in text_of(asked)


def test_quick_tally_shows_every_error_of_the_form_at_once(client, app):
    code = start(client, tally=True)
    refused = act(client, code, "tally", host=True, player="Anna", hotels="4", shops="11",
                  bonuses="2", taxis=1, trees=0)
    page = text_of(refused)
    assert refused.status_code == 422
    for words in ("hotel track", "shop track", "Speed bonuses 2", "Connected taxis: 0, or 2"):
        assert words in page
    assert exported(client, code)["events"] == []


def test_a_tally_table_shows_no_tree_adjustment_for_sheets_not_entered(client, app):
    code = start(client, tally=True, players=("Anna", "Bence", "Csilla"))
    act(client, code, "tally", host=True, player="Anna", hotels="15", shops="", bonuses="",
        taxis=0, trees=2)
    live = client.get(f"/t/{code}/live?v=-1&view=host").get_data(as_text=True)
    rows = re.findall(r"<tr class=\"[^\"]*\">(.*?)</tr>", live, re.S)
    trees = [re.findall(r'<td class="num cat">(-?\d+)</td>', row)[-1] for row in rows]
    assert trees == ["0", "0", "0"]


def test_setup_preselects_the_printed_road_when_the_sheet_knows_it(client):
    sheet = sheet_json(default_sheet())
    for field in sheet["houses"]:
        field["roads"] = ["NS", "EW", "NE", "ES", "SW", "NW"]
    code = table_with(client, [{"type": "setup_roll", "blue": [4, 1, 6, 2, 5]}],
                      options={"sheet": sheet})
    page = client.get(f"/t/{code}").get_data(as_text=True)
    assert re.search(r'value="ES" class="shape suggested" autofocus', page)



def test_the_host_screens_round_line_names_the_round_of_the_turn(client):
    """The round line names the round whose turn the turn line asks for: before the first roll
    and once everyone has picked, the round the due roll opens, rolled by its start player (no
    dice or ticks of the round before); while the dice are picked, the round rolled; once the
    last round is played out, that round."""
    record = FINISHED["doodle-city"]
    players, events = [p["name"] for p in record["players"]], record["events"]
    round_3 = events.index(draw("Bence", 5, 3, "NE", die=2)) + 1        # its last pick
    moments = {round_3: ("Round 4 · start player: Dani", "Dani's turn: roll the dice"),
               round_3 - 1: ("Round 3 · start player: Csilla", "Bence's turn: pick a die"),
               5: ("Round 1 · start player: Anna", "Anna's turn: roll the dice"),
               6: ("Round 1 · start player: Anna", "Anna's turn: pick a die"),
               len(events) - 1: ("Round 9 · start player: Anna",
                                 "The last round is over: the host screen finishes the game.")}
    for count, (round_line, turn_line) in moments.items():
        code = table_with(client, events[:count], players, record["options"])
        response = client.get(f"/t/{code}/live")
        page, text = response.get_data(as_text=True), text_of(response)
        assert round_line in text and turn_line in text, (count, text)
        assert len(re.findall(r"Round \d+ · start player", text)) == 1
        rolled = "roll the dice" not in turn_line
        assert ('class="dice"' in page) == ("Acted this round" in text) == rolled, (count, text)
