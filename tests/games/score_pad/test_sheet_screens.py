"""A score sheet with categories on the screens: a phone fills its own column category by
category, a typed sum kept with its value, nothing replaced without asking, the host acting for
any player, and the TV's sheet with its totals, teams and tie-break."""
from __future__ import annotations

import re
import uuid

import pytest

from companion.tables import service
from tests.support import events, start_table, take_seat, text_of

SEVEN = [("military", "Military"), ("coins", "Coins"), ("wonder", "Wonder"), ("civic", "Civic"),
         ("science", "Science"), ("commerce", "Commerce"), ("guilds", "Guilds")]
SHEET = {"name": "Seven Wonders", "categories": [{"id": i, "name": n} for i, n in SEVEN],
         "rounds": False, "tie_break": {"category": "coins"}}
PLAYERS = ["Anna", "Bence", "Csilla", "Dóra"]


def points(player, category, value, round_=1, **extra):
    return {"type": "points", "player": player, "round": round_, "category": category,
            "points": value, **extra}


def opened(app, client, options, events_=(), players=PLAYERS) -> str:
    """A table made with these options; ``client`` is its host screen."""
    with app.app_context():
        table, secret = service.create("score-pad", options, list(players), list(events_))
        code = table.code
    client.set_cookie(f"tc_host_{code}", secret)
    return code


@pytest.fixture
def sheet(app, client) -> str:
    return opened(app, client, {"sheet": SHEET})


@pytest.fixture
def anna(app, sheet):
    phone = app.test_client()
    take_seat(phone, sheet, 0)
    return phone


def enter(client, code, category, typed, round_=1, **extra):
    return client.post(f"/t/{code}/act/points", data={
        "points-round": str(round_), "points-category": category, "points-points": typed,
        "nonce": uuid.uuid4().hex, **extra})


def offered(html: str, name: str) -> str | None:
    """The value a form offers checked for the radio group ``name``."""
    for tag in re.findall(r"<input[^>]*>", html):
        if f'name="{name}"' in tag and re.search(r"\bchecked\b", tag):
            return re.search(r'value="([^"]*)"', tag).group(1)
    return None


def test_the_phone_offers_its_first_empty_category_named_large(sheet, anna):
    html = anna.get(f"/t/{sheet}/phone").get_data(as_text=True)
    assert offered(html, "points-category") == "military"
    assert re.search(r'class="cell-name"[^>]*>Military<', html)
    assert 'data-key="+"' in html and 'data-key="-"' in html      # the page's own keypad


def test_after_a_save_the_phone_moves_on_to_the_next_category(sheet, anna):
    assert enter(anna, sheet, "military", "5").status_code == 303
    html = anna.get(f"/t/{sheet}/phone").get_data(as_text=True)
    assert offered(html, "points-category") == "coins"
    assert re.search(r'data-category="military">.*?data-points>5<', html, re.S)


def test_a_typed_sum_is_saved_as_its_value_with_the_sum_kept(client, sheet, anna):
    assert enter(anna, sheet, "military", "3 + 6 + 2").status_code == 303
    assert events(client, sheet) == [points("Anna", "military", 11, expression="3 + 6 + 2")]
    assert "Anna: Military 3 + 6 + 2 = 11" in text_of(client.get(f"/t/{sheet}"))


@pytest.mark.parametrize("typed, value, kept", [
    ("12-4", 8, "12-4"), ("-3", -3, None), ("7", 7, None), (" 10 ", 10, None),
    ("2 - 5 + 1", -2, "2 - 5 + 1")])
def test_a_difference_or_a_number_is_saved_as_typed(client, sheet, anna, typed, value, kept):
    assert enter(anna, sheet, "coins", typed).status_code == 303
    expected = points("Anna", "coins", value, **({"expression": kept} if kept else {}))
    assert events(client, sheet) == [expected]


@pytest.mark.parametrize("typed, message", [
    ("3 +", "'3 +' is not a sum of whole numbers such as 3 + 6 + 2, 12 - 4 or -3."),
    ("3 x 4", "'3 x 4' is not a sum of whole numbers"),
    ("", "Enter the points, for example 12, 3 + 6 + 2 or -3."),
    ("900000 + 200000", "That is too many points."),
    ("2000000", "A number in a sum is at most 1000000.")])
def test_a_typed_sum_that_is_none_is_a_form_error_and_changes_nothing(
        client, sheet, anna, typed, message):
    response = enter(anna, sheet, "military", typed)
    assert response.status_code == 422
    assert message in text_of(response)
    assert events(client, sheet) == []


def test_a_category_not_on_the_sheet_is_refused_in_words(client, sheet, anna):
    response = enter(anna, sheet, "dragons", "4")
    assert response.status_code == 422
    assert "Not a valid choice" in text_of(response)
    assert events(client, sheet) == []


def test_a_filled_cell_is_replaced_only_when_asked(client, sheet, anna):
    enter(anna, sheet, "military", "5")
    asked = enter(anna, sheet, "military", "4 + 3")
    assert asked.status_code == 409
    assert "Anna's Military is 5. Replace it with 7?" in text_of(asked)
    assert 'name="replaces" value="5"' in asked.get_data(as_text=True)
    assert len(events(client, sheet)) == 1
    assert enter(anna, sheet, "military", "4 + 3", replaces="5").status_code == 303
    assert events(client, sheet)[-1] == points("Anna", "military", 7, expression="4 + 3")


def test_a_sheet_filled_once_counts_every_entry_in_round_1(client, sheet, anna):
    assert enter(anna, sheet, "civic", "6", round_=4).status_code == 303
    assert events(client, sheet) == [points("Anna", "civic", 6)]


def test_the_phone_can_undo_its_last_cell(client, sheet, anna):
    enter(anna, sheet, "military", "5")
    assert anna.post(f"/t/{sheet}/undo", data={}).status_code == 303
    html = anna.get(f"/t/{sheet}/phone").get_data(as_text=True)
    assert offered(html, "points-category") == "military"


def test_a_full_column_says_so_and_offers_its_first_category_to_correct(app, client):
    code = opened(app, client, {"sheet": SHEET}, [points("Anna", c, 1) for c, _ in SEVEN])
    phone = app.test_client()
    take_seat(phone, code, 0)
    response = phone.get(f"/t/{code}/phone")
    assert "Your column is full. Tap a category below to correct it." in text_of(response)
    assert offered(response.get_data(as_text=True), "points-category") == "military"


def test_a_phone_kept_entry_sent_later_is_answered_in_json(client, sheet, anna):
    """An entry kept offline (offline.js) comes with X-Queued: in, or refused in words."""
    headers = {"X-Queued": "1"}
    sent = anna.post(f"/t/{sheet}/act/points", headers=headers, data={
        "points-round": "1", "points-category": "wonder", "points-points": "4 + 4",
        "nonce": uuid.uuid4().hex})
    assert sent.status_code == 200 and sent.get_json() == {"ok": True}
    refused = anna.post(f"/t/{sheet}/act/points", headers=headers, data={
        "points-round": "1", "points-category": "coins", "points-points": "4 +",
        "nonce": uuid.uuid4().hex})
    assert refused.status_code == 422
    assert "is not a sum of whole numbers" in refused.get_json()["reason"]
    assert events(client, sheet) == [points("Anna", "wonder", 8, expression="4 + 4")]


def test_a_sheet_kept_every_round_offers_the_next_round_once_one_is_full(app, client):
    code = opened(app, client, {"sheet": {**SHEET, "rounds": True,
                                          "categories": SHEET["categories"][:2]}},
                  [points("Anna", "military", 3), points("Anna", "coins", 2)])
    phone = app.test_client()
    take_seat(phone, code, 0)
    html = phone.get(f"/t/{code}/phone").get_data(as_text=True)
    assert offered(html, "points-category") == "military"
    assert re.search(r'<input[^>]*name="points-round"[^>]*value="2"', html)
    assert enter(phone, code, "military", "1 + 1", round_=2).status_code == 303
    assert events(client, code)[-1] == points("Anna", "military", 2, round_=2,
                                              expression="1 + 1")


# --- the host screen acts for anyone ------------------------------------------------------

def test_the_host_acts_for_any_player_and_cell(client, sheet, anna):
    enter(anna, sheet, "military", "5")
    html = client.get(f"/t/{sheet}").get_data(as_text=True)
    assert offered(html, "points-player") == "Bence"           # round the table: Bence next
    assert offered(html, "points-category") == "military"
    response = enter(client, sheet, "coins", "12-4", screen="host",
                     **{"points-player": "Csilla"})
    assert response.status_code == 303
    assert events(client, sheet)[-1] == points("Csilla", "coins", 8, expression="12-4")
    assert "Csilla: Coins 12-4 = 8" in text_of(client.get(f"/t/{sheet}"))


def test_the_host_replacing_a_phones_cell_is_asked_first(client, sheet, anna):
    enter(anna, sheet, "military", "5")
    asked = enter(client, sheet, "military", "6", screen="host", **{"points-player": "Anna"})
    assert asked.status_code == 409
    assert "Anna's Military is 5. Replace it with 6?" in text_of(asked)
    assert len(events(client, sheet)) == 1


def test_a_phone_cannot_act_for_another_player(client, sheet, anna):
    enter(anna, sheet, "coins", "3", screen="host", **{"points-player": "Bence"})
    assert events(client, sheet) == [points("Anna", "coins", 3)]


def test_the_host_must_pick_a_player(client, sheet):
    response = enter(client, sheet, "coins", "3", screen="host")
    assert response.status_code == 422
    assert "Pick the player you enter this for." in text_of(response)
    assert events(client, sheet) == []


# --- the TV ----------------------------------------------------------------------------------

def grid(html: str) -> list[list[str]]:
    """The sheet's rows as the page shows them: each row's header and cells, in words."""
    table = re.search(r'<table class="sheet categories.*?</table>', html, re.S).group(0)
    rows = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S):
        cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        rows.append([" ".join(re.sub(r"<[^>]+>", " ", cell).split()) for cell in cells])
    return rows


def test_the_tv_shows_categories_as_rows_and_players_as_columns(app, client):
    code = opened(app, client, {"sheet": SHEET}, [
        points("Anna", "military", 5), points("Bence", "military", 3),
        points("Anna", "coins", 4), points("Csilla", "wonder", 9, expression="4 + 5")])
    rows = grid(client.get(f"/t/{code}").get_data(as_text=True))
    assert rows[0] == ["Category", "Anna", "Bence", "Csilla", "Dóra"]
    assert rows[1] == ["Military", "5", "3", "–", "–"]
    assert rows[2] == ["Coins ⚖ (tie-break)", "4", "–", "–", "–"]
    assert rows[3] == ["Wonder", "–", "–", "9", "–"]
    assert [r[0].split()[0] for r in rows[1:8]] == [name for _, name in SEVEN]
    assert rows[8] == ["Total", "9", "3", "9", "0"]
    assert rows[9] == ["Rank", "1.", "3.", "2.", "4."]     # Anna ahead on Coins
    assert "Tied on the total: most Coins decides." in text_of(client.get(f"/t/{code}"))


def test_the_tv_names_the_tie_break_quietly_while_it_decides_nothing(app, client):
    code = opened(app, client, {"sheet": SHEET}, [points("Anna", "military", 5)])
    page = text_of(client.get(f"/t/{code}"))
    assert "Tie-break: most Coins" in page and "decides" not in page


def test_the_tv_shows_teams_side_by_side_with_their_totals(app, client):
    code = opened(app, client, {"sheet": SHEET, "teams": [["Anna", "Csilla"], ["Bence", "Dóra"]]},
                  [points("Anna", "military", 5), points("Bence", "military", 4),
                   points("Csilla", "coins", 1), points("Dóra", "coins", 3)])
    html = client.get(f"/t/{code}").get_data(as_text=True)
    rows = grid(html)
    assert rows[0] == ["Category", "Anna", "Csilla", "Bence", "Dóra"]
    assert rows[8] == ["Total", "5", "1", "4", "3"]
    assert rows[9] == ["Team", "6", "7"]
    assert rows[10] == ["Rank", "2.", "1."]
    assert "decides" not in text_of(client.get(f"/t/{code}"))
    # tied at 7 all: Bence & Dóra have more Coins
    client.post(f"/t/{code}/act/points", data={
        "screen": "host", "points-player": "Csilla", "points-round": "1",
        "points-category": "wonder", "points-points": "1", "nonce": uuid.uuid4().hex})
    page = client.get(f"/t/{code}")
    assert grid(page.get_data(as_text=True))[9:] == [["Team", "7", "7"], ["Rank", "2.", "1."]]
    assert "Tied on the total: most Coins decides." in text_of(page)


def test_the_tv_of_a_sheet_kept_every_round_sums_each_category_and_shows_the_rounds(app, client):
    code = opened(app, client, {"sheet": {**SHEET, "rounds": True}},
                  [points("Anna", "military", 3), points("Anna", "military", 4, round_=2),
                   points("Bence", "coins", 2, round_=2)])
    html = client.get(f"/t/{code}").get_data(as_text=True)
    assert grid(html)[1] == ["Military", "7", "–", "–", "–"]
    rounds = re.search(r'<table class="sheet rounds-detail">.*?</table>', html, re.S).group(0)
    assert re.findall(r"<td[^>]*>(-?\d+)</td>", rounds) == ["3", "0", "0", "0", "4", "2", "0", "0"]


def test_the_live_sheet_carries_every_cell_for_the_entry_card(app, client):
    code = opened(app, client, {"sheet": SHEET}, [points("Anna", "military", 5)])
    live = client.get(f"/t/{code}/live?v=-1&view=phone").get_data(as_text=True)
    assert '"Anna": {"1": {"military": 5}}' in live
    assert '"Anna": [1, "coins"]' in live and '"Bence": [1, "military"]' in live


def board(html: str) -> str:
    """The scoreboard's card (the final result once finished), in words."""
    return text_of_html(re.search(r'<section class="card board.*?</section>', html, re.S).group(0))


def text_of_html(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.mark.parametrize("language, rule, round_word", [
    ("en", "The lowest total wins.", "Round"), ("hu", "A legkevesebb összpont nyer.", "Forduló")])
def test_skyjo_says_the_lowest_total_wins_and_shows_its_total_once(client, language, rule,
                                                                 round_word):
    client.set_cookie("lang", language)
    code = start_table(client, **{"opt-score-pad-sheet": "shipped-skyjo"})
    for player, round_, value in (("Anna", 1, 12), ("Bence", 1, 30), ("Csilla", 1, -3),
                                  ("Anna", 2, 4), ("Csilla", 2, 20)):
        assert client.post(f"/t/{code}/act/points", data={
            "screen": "host", "points-player": player, "points-round": str(round_),
            "points-category": "points", "points-points": str(value),
            "nonce": uuid.uuid4().hex}).status_code == 303
    html = client.get(f"/t/{code}").get_data(as_text=True)
    sheet = re.search(r'<section class="card score-sheet.*?</section>', html, re.S).group(0)
    assert rule in text_of_html(sheet) and rule not in board(html)   # the sheet's rule, once
    # no Points row repeating the total: the rounds are its rows, the total shown once
    assert grid(html) == [[round_word, "Anna", "Bence", "Csilla"], ["1", "12", "30", "-3"],
                          ["2", "4", "–", "20"], ["Összesen" if language == "hu" else "Total",
                                                  "16", "30", "17"],
                          ["Helyezés" if language == "hu" else "Rank", "1.", "3.", "2."]]
    assert "rounds-detail" not in html
    assert client.post(f"/t/{code}/finish", data={"sure": "yes"}).status_code == 303
    html = client.get(f"/t/{code}").get_data(as_text=True)
    final = board(html)
    assert final.index("Anna") < final.index("Csilla") < final.index("Bence")
    assert final.endswith(rule)                         # the final result says why Anna won
    assert html.count(rule) == 1


def test_a_sheet_where_the_highest_wins_never_says_the_lowest_does(app, client):
    code = opened(app, client, {"sheet": SHEET}, [points("Anna", "military", 5), {"type": "end"}])
    pad = start_table(client, **{"opt-score-pad-lowest_wins": "y"})     # points by round alone
    assert "The lowest total wins." not in text_of(client.get(f"/t/{code}"))
    assert "The lowest total wins." in text_of(client.get(f"/t/{pad}"))
    assert grid(client.get(f"/t/{code}").get_data(as_text=True))[1][0] == "Military"
