"""What Quadropolis's screens draw and say, read from the rendered pages (the core's data is
tested elsewhere): the "fewest pieces" hint, tiles built this round greyed in the picker, the
plan's breakdown against the scoreboard, the host's next-round suggestion, and ties in words on
a phone's final screen."""
from __future__ import annotations

import re
from html import unescape

import pytest

from companion.tables import service
from tests.support import take_seat, text_of

from .test_web import act, pass_for, start


def b(player, row, column, kind, **printed):
    return {"type": "build", "player": player, "row": row, "column": column, "kind": kind,
            **printed}


def table_with(client, events, mode="classic", players=("Anna", "Bence")):
    """A table opened from events, this client its host screen."""
    with client.application.app_context():
        table, secret = service.create("quadropolis", {"mode": mode}, list(players), events)
        code = table.code
    client.set_cookie(f"tc_host_{code}", secret)
    return code


def seated(app, code, position=0):
    phone = app.test_client()
    take_seat(phone, code, position)
    return phone


@pytest.fixture
def table_anna(client, app):
    """A Classic two-player table in round 1, the client its host, Anna seated on a phone."""
    code = start(client)
    return code, seated(app, code)


def html(response) -> str:
    assert response.status_code == 200, text_of(response)
    return response.get_data(as_text=True)


def plan_total(page: str) -> str:
    """The visible words of the plan's headline (the data-testid="plan-total" paragraph)."""
    found = re.search(r'<p class="q-total" data-testid="plan-total">(.*?)</p>', page, re.S)
    assert found, "no plan total on the page"
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).strip())


TILE = re.compile(r'<button name="build-tile" value="(?P<code>[^"]+)" class="[^"]*"'
                  r' data-choose="tile" data-value="[^"]+"'
                  r'(?P<disabled> disabled aria-disabled="true")?(?P<hidden> hidden)?>.*?'
                  r'<span class="sr-only">(?P<label>[^<]*)</span>', re.S)


def tiles(page: str) -> list[tuple[str, bool, str]]:
    """The picker's first list of tiles as shown (this round's in Classic): (face code, disabled,
    spoken label), in order; the tiles the cell does not take are drawn hidden."""
    first = re.search(r'<div class="q-tiles[^"]*">(.*?)</div>', page, re.S)
    return [(m["code"], bool(m["disabled"]), unescape(m["label"]))
            for m in TILE.finditer(first.group(1) if first else "") if not m["hidden"]]


def breakdown(page: str) -> dict[str, int]:
    """The plan's breakdown table as drawn: label -> number, "Total" included."""
    table = re.search(r'<table class="q-breakdown">(.*?)</table>', page, re.S)
    assert table, "no breakdown on the page"
    return {unescape(label): int(n) for label, n in re.findall(
        r'<td>([^<]+)</td><td class="num">(-?\d+)</td>', table.group(1))}


def scoreboard_total(page: str, name: str) -> int:
    board = re.search(r'<table class="scoreboard">(.*?)</table>', page, re.S).group(1)
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", board, re.S):
        if re.search(rf'<td class="name">{name}\b', row):
            return int(re.search(r'<td class="num total">(-?\d+)</td>', row).group(1))
    raise AssertionError(f"{name} is not on the scoreboard")


# --- 1. the best plan among equal totals ----------------------------------------------------

def test_the_plan_says_fewest_pieces_when_other_plans_reach_the_same_total(client, app):
    # the factory gains 4 beside the office and costs 5 beside the monument, for the resident
    # it saves: -1 either way, so the plan leaves it off (two playground parks give the
    # residents, absorbing nothing and scoring nothing)
    code = table_with(client, [b("Anna", 1, 1, "monument"), b("Anna", 1, 2, "factory", energy=1),
                               b("Anna", 1, 3, "office"),
                               b("Anna", 4, 1, "park", residents=1, absorbs=False),
                               b("Anna", 4, 5, "park", residents=1, absorbs=False)],
                      mode="expert")
    anna = seated(app, code)
    page = html(anna.get(f"/t/{code}/phone?plan=1"))
    headline = plan_total(page)
    assert headline.startswith("Best activation: -1 point")
    assert headline.endswith(" · fewest pieces among equal plans")
    assert '<span class="hint">fewest pieces among equal plans</span>' in page
    host = html(client.get(f"/t/{code}?as=0&plan=1"))          # the host's entry card too
    assert plan_total(host).endswith("· fewest pieces among equal plans")


def test_a_unique_best_plan_says_nothing_about_pieces(table_anna, client):
    code, anna = table_anna
    act(anna, code, "build", row=1, column=1, tile="tower.3.0.0.0.1")
    pass_for(client, code, "Bence")
    act(anna, code, "build", row=1, column=2, tile="factory.0.2.0.0.1")
    page = html(anna.get(f"/t/{code}/phone?plan=1"))
    assert plan_total(page) == "Best activation: -2 points"
    assert "fewest pieces" not in page
    assert "fewest pieces" not in html(client.get(f"/t/{code}?as=0&plan=1"))


# --- 2. the round's catalogue in the picker -------------------------------------------------

def test_tiles_built_this_round_by_anyone_are_greyed_in_the_picker_and_offered_next_round(
        table_anna, client):
    code, anna = table_anna
    before = tiles(html(anna.get(f"/t/{code}/phone?cell=2-2")))
    assert len(before) == 16 and not any(disabled for _, disabled, _ in before)
    # Anna takes the shop, Bence (entered by the host) one of the two plain 1-resident towers
    assert act(anna, code, "build", row=4, column=4, tile="shop.0.0.0.0.1").status_code == 303
    assert act(client, code, "build", host=True, player="Bence", row=1, column=1,
               tile="tower.1.0.0.0.1").status_code == 303
    after = tiles(html(anna.get(f"/t/{code}/phone?cell=2-2")))
    assert [d for c, d, _ in after if c == "tower.1.0.0.0.1"] == [True, False]   # taken in turn
    assert [d for c, d, _ in after if c == "shop.0.0.0.0.1"] == [True, False]
    assert [c for c, d, _ in after if d] == ["tower.1.0.0.0.1", "shop.0.0.0.0.1"]
    greyed = [label for c, d, label in after if d]
    assert greyed == ["tower block +1 residents · built this round", "shop · built this round"]
    assert all("built this round" not in label for _, d, label in after if not d)
    # the host's picker for Bence greys the same tiles
    host = tiles(html(client.get(f"/t/{code}?as=1&cell=3-3")))
    assert [c for c, d, _ in host if d] == ["tower.1.0.0.0.1", "shop.0.0.0.0.1"]
    assert act(client, code, "round", host=True, round=2).status_code == 303
    again = tiles(html(anna.get(f"/t/{code}/phone?cell=2-2")))
    assert len(again) == 16 and not any(d for _, d, _ in again)
    assert [c for c, _, _ in again].count("tower.1.0.0.0.1") == 2


# --- 3. the plan's breakdown against the scoreboard ------------------------------------------

def test_the_plan_breaks_the_total_down_by_category_and_matches_the_scoreboard(table_anna,
                                                                               client):
    code, anna = table_anna
    for row, column, tile in ((1, 1, "tower.3.0.0.0.1"), (1, 2, "factory.0.2.0.0.1"),
                              (2, 2, "shop.0.0.0.0.1"), (2, 1, "park.0.0.0.0.1"),
                              (4, 4, "public.0.0.2.0.1")):
        assert act(anna, code, "build", row=row, column=column, tile=tile).status_code == 303
        assert pass_for(client, code, "Bence").status_code == 303
    # energy on the tower and the shop; residents on the factory, the public service and one
    # customer: tower 1, shop 1, public 2 + 2 VP, park beside a tower 2, factory beside a shop 2
    page = html(anna.get(f"/t/{code}/phone?plan=1"))
    drawn = breakdown(page)
    assert drawn == {"Tower blocks": 1, "Shops": 1, "Public services": 4, "Parks": 2,
                     "Factories": 2, "Harbours": 0, "Unused residents": 0, "Pollution": 0,
                     "Total": 10}
    assert "Office towers" not in drawn and "Monuments" not in drawn       # Classic: none
    assert sum(n for label, n in drawn.items() if label != "Total") == drawn["Total"]
    assert plan_total(page) == "Best activation: 10 points"
    assert scoreboard_total(page, "Anna") == 10                # the phone's own scoreboard
    assert scoreboard_total(html(client.get(f"/t/{code}")), "Anna") == 10
    # a hand allocation: the breakdown follows it and still adds up to the scoreboard
    assert act(anna, code, "allocate", toggle="4-4").status_code == 303     # public left off
    hand = html(anna.get(f"/t/{code}/phone?plan=1"))
    drawn = breakdown(hand)
    assert drawn["Public services"] == 0 and drawn["Unused residents"] == -1   # its resident
    assert drawn["Total"] == 5
    assert sum(n for label, n in drawn.items() if label != "Total") == drawn["Total"]
    assert plan_total(hand) == "Best possible 10, yours 5"
    assert scoreboard_total(html(client.get(f"/t/{code}")), "Anna") == 5
    # Expert lists its own categories even at zero
    expert = table_with(client, [b("Anna", 1, 1, "park", residents=1)], mode="expert")
    drawn = breakdown(html(seated(client.application, expert).get(f"/t/{expert}/phone?plan=1")))
    assert drawn["Office towers"] == 0 and drawn["Monuments"] == 0
    assert drawn["Unused residents"] == -1 and drawn["Total"] == -1


# --- 4. the host's next round ----------------------------------------------------------------

SUGGESTION = "Every player has had four turns this round."


def start_button_class(page: str, n: int) -> str:
    found = re.search(rf'<button class="([^"]*)">Start round {n}</button>', page)
    assert found, f"no Start round {n} button"
    return found.group(1)


def test_the_host_is_told_to_start_the_next_round_once_everyone_built_four_times(table_anna,
                                                                                client):
    code, anna = table_anna
    for column in range(1, 5):
        assert act(anna, code, "build", row=1, column=column,
                   tile="park.0.0.0.0.1").status_code == 303
        if column < 4:
            assert act(client, code, "build", host=True, player="Bence", row=1, column=column,
                       tile="park.0.0.0.0.1").status_code == 303
    waiting = html(client.get(f"/t/{code}"))                  # Bence has built three times
    assert SUGGESTION not in waiting
    assert start_button_class(waiting, 2) == "button wide"     # offered, not urged
    act(client, code, "build", host=True, player="Bence", row=1, column=4, tile="park.0.0.0.0.1")
    done = html(client.get(f"/t/{code}"))
    assert SUGGESTION in text_of(client.get(f"/t/{code}"))
    assert start_button_class(done, 2) == "button wide primary"
    assert SUGGESTION not in text_of(anna.get(f"/t/{code}/phone"))   # the host's call only
    assert act(client, code, "round", host=True, round=2).status_code == 303
    next_round = html(client.get(f"/t/{code}"))
    assert SUGGESTION not in next_round and start_button_class(next_round, 3) == "button wide"
    # in the last round four builds each suggest nothing: there is no next round
    rounds = [{"type": "round", "round": n} for n in range(1, 5)]
    builds = [b(p, 1, c, "park") for p in ("Anna", "Bence") for c in range(1, 5)]
    last = table_with(client, rounds + builds)
    page = text_of(client.get(f"/t/{last}"))
    assert "Round 4 of 4" in page
    assert SUGGESTION not in page and "Start round" not in page


# --- 5. ties in words on a phone's final screen ---------------------------------------------

TIE_RULE = "most residents first, then fewer empty cells."


def test_a_phone_final_screen_settles_a_tie_by_residents_with_singular_words(client, app):
    # Anna: two parks' residents, one on the public service (2) and one unused (-1): 1 point.
    # Bence: one resident on the public service (2), the factory's energy unplaced (-1) and
    # his playground park absorbs nothing: 1 point. Both 13 empty cells.
    code = table_with(client, [
        {"type": "round", "round": 1},
        b("Anna", 1, 1, "park", residents=1), b("Anna", 3, 3, "park", residents=1),
        b("Anna", 4, 4, "public"),
        b("Bence", 1, 1, "park", residents=1, absorbs=False), b("Bence", 4, 4, "public"),
        b("Bence", 4, 1, "factory", energy=1), {"type": "end"}])
    bence = seated(app, code, 1)
    page = bence.get(f"/t/{code}/phone")
    words = text_of(page)
    assert "Final result" in words and "Winner: Anna" in words
    assert ("Tied on 1 point (Anna 2 residents and 13 empty cells, Bence 1 resident and 13 "
            "empty cells): " + TIE_RULE) in words
    assert "1 residents" not in words
    assert re.search(r'<p class="q-tie">Tied on 1 point \(', html(page))
    assert "Tied on 1 point: decided by most residents, then fewer empty cells." in words


def test_a_phone_final_screen_settles_equal_residents_by_fewer_empty_cells(client, app):
    # each: one resident on the public service (2); Bence's extra park scores nothing
    code = table_with(client, [
        b("Anna", 1, 1, "park", residents=1), b("Anna", 4, 4, "public"),
        b("Bence", 1, 1, "park", residents=1), b("Bence", 4, 4, "public"),
        b("Bence", 3, 1, "park"), {"type": "end"}])
    anna = seated(app, code, 0)
    words = text_of(anna.get(f"/t/{code}/phone"))
    assert "Winner: Bence" in words
    assert ("Tied on 2 points (Bence 1 resident and 13 empty cells, Anna 1 resident and 14 "
            "empty cells): " + TIE_RULE) in words
    # the final screen always shows the phone's own plan, without the build or override taps
    page = html(anna.get(f"/t/{code}/phone"))
    assert plan_total(page) == "Best activation: 2 points"
    assert 'name="build-tile"' not in page and 'name="allocate-toggle"' not in page
    # the game is over: no round line, no "first player next round" on the phone or the TV
    assert "first player next round" not in words
    assert "first player next round" not in text_of(client.get(f"/t/{code}"))


def test_the_mayor_is_next_rounds_first_player_only_while_the_game_is_played(client, app):
    code = table_with(client, [b("Anna", 1, 1, "park", residents=1)])
    assert "Mayor: Anna, first player next round" in text_of(seated(app, code).get(f"/t/{code}/phone"))
    assert "Mayor: Anna, first player next round" in text_of(client.get(f"/t/{code}"))


# --- singular and negative counts said like the rest of the screen ------------------------

def test_a_best_activation_of_one_point_is_said_in_the_singular(client, app):
    # one resident on the public service (2), the factory's energy unplaced (-1): 1 point
    code = table_with(client, [b("Anna", 1, 1, "park", residents=1, absorbs=False),
                               b("Anna", 4, 4, "public"), b("Anna", 4, 1, "factory", energy=1)])
    anna = seated(app, code)
    assert breakdown(html(anna.get(f"/t/{code}/phone?plan=1")))["Total"] == 1
    assert plan_total(html(anna.get(f"/t/{code}/phone?plan=1"))) == "Best activation: 1 point"


def test_a_tie_on_minus_one_is_counted_as_the_scoreboard_counts_it(client, app):
    code = table_with(client, [b("Anna", 1, 1, "park", residents=1),
                               b("Bence", 1, 1, "park", residents=1), {"type": "end"}])
    words = text_of(seated(app, code, 0).get(f"/t/{code}/phone"))
    assert "Tied on -1 point: rank shared." in words           # the scoreboard's note
    assert TIE_RULE not in words            # residents and empty cells decide nothing here


def test_no_tie_paragraph_where_the_tie_break_decides_nothing(client, app):
    fresh = start(client, players=("Anna", "Bence", "Csilla"))       # 0-0-0, nothing built
    assert TIE_RULE not in text_of(seated(app, fresh).get(f"/t/{fresh}/phone"))
    assert TIE_RULE not in text_of(client.get(f"/t/{fresh}"))
    # Anna leads; Bence and Csilla, nothing built, stay tied on 0: they share second place
    anna = [b("Anna", 1, 1, "park", residents=1, absorbs=False), b("Anna", 4, 4, "public")]
    code = table_with(client, anna, players=("Anna", "Bence", "Csilla"))
    assert TIE_RULE not in text_of(seated(app, code, 1).get(f"/t/{code}/phone"))
    # a park of Bence's (0 points, one empty cell fewer) puts him ahead of Csilla: said
    code = table_with(client, [*anna, b("Bence", 1, 1, "park")],
                      players=("Anna", "Bence", "Csilla"))
    assert ("Tied on 0 points (Bence 0 residents and 15 empty cells, Csilla 0 residents and 16 "
            "empty cells): " + TIE_RULE) in text_of(seated(app, code, 1).get(f"/t/{code}/phone"))
