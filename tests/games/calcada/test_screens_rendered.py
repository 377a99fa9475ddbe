"""Calçada's screens as the browser gets them: the words and marks drawn at the finish, the
shared scoring board after an undo, and a phone's tap on a cell it may not use. The data behind
each is tested elsewhere (test_drawing, test_rules, test_web); here only the rendered HTML.

The default side "8" board (district ids, then printed numbers), 2 players: rows x3 x2 x1.

        districts            numbers
    1 1 2 2 2           1 4 2 5 3
    1 3 3 2 4           2 5 3 1 4
    1 3 5 4 4           3 1 4 2 5
    6 6 5 5 4           4 2 5 3 1
    6 7 7 8 8           5 3 1 4 2
"""
from __future__ import annotations

import re
import uuid

from tests.support import text_of

from .test_web import post, seated, start

D3 = ((2, 2), (2, 3), (3, 2))           # district 3, an L of three cells


def finish(client, code):
    answer = client.post(f"/t/{code}/finish", data={"nonce": uuid.uuid4().hex, "sure": "yes"})
    assert answer.status_code == 303, text_of(answer)


def figure_of(html: str, name: str) -> str:
    """The player's board figure on the boards card."""
    return html.split(f'data-player="{name}"', 1)[1].split("</figure>", 1)[0]


def stone_rows(html: str, colour: str) -> list[str]:
    """The multipliers of the scoring-board rows holding the colour's stone (one, normally)."""
    board = html.split('class="scoring-board"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r'<tr><th class="mult">×(\d+)</th>(.*?)</tr>', board, re.S)
    return [f"×{multiplier}" for multiplier, cells in rows if f'data-stone="{colour}"' in cells]


def segments(path: str) -> set[str]:
    return {("M" + part).strip() for part in path.split("M")[1:]}


# --- the final screen ----------------------------------------------------------------------------

def test_a_tie_at_the_finish_reads_as_a_shared_win_with_both_boards_marked_winner(app, client):
    code = start(client)
    anna, bence = seated(app, code, 0), seated(app, code, 1)
    # the same single tile on both boards: the same total
    post(anna, code, "place", row=1, column=1, colour="blue", motif="tram")
    post(bence, code, "place", row=1, column=1, colour="red", motif="tram")
    before = client.get(f"/t/{code}").get_data(as_text=True)
    assert "Shared win" not in before and 'class="badge">winner<' not in before
    finish(client, code)
    for page in (client.get(f"/t/{code}"), bence.get(f"/t/{code}/phone")):
        html = page.get_data(as_text=True)
        assert "Final boards" in text_of(page)
        assert "Shared win: Anna, Bence" in text_of(page)
        for name in ("Anna", "Bence"):
            assert f'class="player-board winner" data-player="{name}"' in html
            assert '<span class="badge">winner</span>' in figure_of(html, name)


def test_a_single_winner_at_the_finish_is_no_shared_win(app, client):
    code = start(client)
    anna = seated(app, code, 0)
    post(anna, code, "place", row=5, column=2, colour="blue", motif="tram")
    post(anna, code, "place", row=5, column=3, colour="blue", motif="tram")     # 6 points
    finish(client, code)
    page = client.get(f"/t/{code}")
    html = page.get_data(as_text=True)
    assert "Shared win" not in text_of(page)
    assert 'class="player-board winner" data-player="Anna"' in html
    assert 'class="player-board" data-player="Bence"' in html


def test_the_final_boards_outline_the_motif_groups_and_strike_the_unfinished_tiles(app, client):
    code = start(client)
    anna = seated(app, code, 0)
    for row, column in D3:                 # a red district of three cafés: a group of 3
        assert post(anna, code, "place", row=row, column=column, colour="red",
                    motif="cafe").status_code == 303
    # a lone blue café in district 1 (4 cells): unfinished, next to no other café
    assert post(anna, code, "place", row=1, column=1, colour="blue",
                motif="cafe").status_code == 303
    during = figure_of(client.get(f"/t/{code}").get_data(as_text=True), "Anna")
    assert 'class="group"' not in during and 'class="unfinished-mark"' not in during
    finish(client, code)
    page = client.get(f"/t/{code}")
    html = page.get_data(as_text=True)
    mine = figure_of(html, "Anna")
    groups = re.findall(r'<path d="([^"]*)" class="group"/>', mine)
    assert len(groups) == 1
    assert segments(groups[0]) == {        # the L of (2,2), (2,3), (3,2): eight edges
        "M60,60 L120,60", "M60,60 L60,120", "M120,60 L180,60", "M120,120 L180,120",
        "M180,60 L180,120", "M60,180 L120,180", "M60,120 L60,180", "M120,120 L120,180"}
    struck = re.findall(r'<path d="([^"]*)" class="unfinished-mark"/>', mine)
    assert struck == ["M8,52 L52,8"]       # row 1, column 1 only: district 3 is complete
    assert "(3 tiles: 3)" in text_of(page)
    assert "Dashed: motif groups. Struck through: tiles of unfinished districts." in text_of(page)
    bence = figure_of(html, "Bence")       # an empty board: nothing outlined, nothing struck
    assert 'class="group"' not in bence and 'class="unfinished-mark"' not in bence


# --- the scoring board after an undo ---------------------------------------------------------

def test_undoing_a_completion_moves_the_stone_back_to_the_top_row_on_every_screen(app, client):
    code = start(client)
    anna, bence = seated(app, code, 0), seated(app, code, 1)
    post(anna, code, "place", row=5, column=2, colour="blue", motif="tram")
    post(anna, code, "place", row=5, column=3, colour="blue", motif="tram")
    screens = lambda: {"host": client.get(f"/t/{code}"),                   # noqa: E731
                       "Anna": anna.get(f"/t/{code}/phone"),
                       "Bence": bence.get(f"/t/{code}/phone")}
    for where, page in screens().items():
        html = page.get_data(as_text=True)
        assert stone_rows(html, "blue") == ["×2"], where
        assert stone_rows(html, "red") == ["×3"], where
    undone = anna.post(f"/t/{code}/undo", data={"nonce": uuid.uuid4().hex})   # "Undo my last entry"
    assert undone.status_code == 303
    for where, page in screens().items():
        html = page.get_data(as_text=True)
        assert stone_rows(html, "blue") == ["×3"], where
        assert "completed a blue district" not in text_of(page), where
        assert 'data-testid="latest-completion"' not in html, where


# --- a phone's tap on a cell of a district holding another colour ------------------------------

def test_a_tap_on_a_cell_of_a_district_holding_another_colour_says_why_on_the_phone(app, client):
    code = start(client)
    anna = seated(app, code, 0)
    post(anna, code, "place", row=5, column=2, colour="blue", motif="tram")     # district 7
    # red, announced 1: (5,3) prints 1, so the colour is the only reason
    page = anna.get(f"/t/{code}/phone?colour=red&number=1&cell=5-3")
    html = page.get_data(as_text=True)
    assert 'data-step="cell"' in html
    alert = re.search(r'<p class="error refusal" role="alert"[^>]*>(.*?)</p>', html, re.S)
    assert alert is not None
    assert alert.group(1).strip() == ("The district of row 5, column 3 already holds blue tiles: "
                                      "all tiles of a district share one colour.")
    # no tile to pick: the tiles are hidden until a cell fits (nothing can be posted)
    assert "hidden" in re.search(r'<form[^>]*class="motifs"[^>]*>', html).group(0)
    assert "3 · Tap a lit cell" in text_of(page) and "Pick the tile" not in text_of(page)
    fine = anna.get(f"/t/{code}/phone?colour=blue&number=1&cell=5-3").get_data(as_text=True)
    assert 'class="error refusal"' not in fine
    assert "hidden" not in re.search(r'<form[^>]*class="motifs"[^>]*>', fine).group(0)
