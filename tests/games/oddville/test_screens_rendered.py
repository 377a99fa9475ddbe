"""OddVille's screens as the browser gets them: a finished city shows every card's points
unasked, and a tie on a total of one point is worded in the singular. The numbers behind them
are tested elsewhere (test_rules, test_tie_break); here only the rendered HTML."""
from __future__ import annotations

import re
from html import unescape

from .test_web import build, table, text_of

BADGE = re.compile(r'class="ov-badge-points">(\d+)<')


def badges(html: str) -> dict[tuple[str, str, str], list[str]]:
    """The points badge(s) drawn on each card of the city, by (row, column, owner)."""
    city = html.split('class="ov-city-svg', 1)[1].split("</svg>\n</div>", 1)[0]
    found = {}
    parts = re.split(r'<g class="ov-card" data-row="(-?\d+)" data-column="(-?\d+)" '
                     r'data-owner="([^"]+)">', city)
    for i in range(1, len(parts), 4):
        row, column, owner, body = parts[i:i + 4]
        found[(row, column, owner)] = BADGE.findall(body.split('<g class="ov-spot', 1)[0])
    return found


def words_of(fragment: str) -> str:
    """An HTML fragment's text, spaces collapsed."""
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", fragment)).strip())


def finish(client, code):
    answer = client.post(f"/t/{code}/finish", data={"sure": "yes"})
    assert answer.status_code == 303, text_of(answer)


def test_a_finished_city_shows_each_cards_points_without_asking(app, client):
    code, phones = table(app, client)
    assert build(phones["Anna"], code, 0, 1, "per_row").status_code == 303        # 2 + 2 in row 0
    assert build(phones["Bence"], code, 1, 0, "diamond", number="5").status_code == 303
    playing = client.get(f"/t/{code}").get_data(as_text=True)
    assert badges(playing) == {("0", "1", "Anna"): [], ("1", "0", "Bence"): []}
    assert "Show the points" in text_of(client.get(f"/t/{code}"))
    finish(client, code)
    for where, page in (("host", client.get(f"/t/{code}")),
                        ("phone", phones["Csilla"].get(f"/t/{code}/phone"))):
        html = page.get_data(as_text=True)
        assert "?scores=1" not in html, where
        assert badges(html) == {("0", "1", "Anna"): ["4"], ("1", "0", "Bence"): ["5"]}, where
        assert "Show the points" not in text_of(page) and "Hide the points" not in text_of(page)


def test_a_tie_on_one_point_is_worded_in_the_singular(app, client):
    code, phones = table(app, client)          # each player: the setup's resource worker, 1 point
    words = ("Anna, Bence, Csilla tie on 1 point; nobody has placed a 6th worker in the city, "
             "so they share the first place.")
    for page in (client.get(f"/t/{code}?scores=1"),
                 phones["Bence"].get(f"/t/{code}/phone?scores=1")):
        text = text_of(page)
        assert words in text and "1 points" not in text
    finish(client, code)
    for page in (client.get(f"/t/{code}"), phones["Bence"].get(f"/t/{code}/phone")):
        html = page.get_data(as_text=True)
        tie = re.search(r'<p class="ov-tie-words">(.*?)</p>', html, re.S)
        assert tie is not None and words_of(tie.group(1)) == words


def test_the_tie_on_one_point_reads_in_hungarian_too(app, client):
    code, phones = table(app, client)
    bence = phones["Bence"]
    assert bence.post("/lang", data={"lang": "hu", "next": "/"}).status_code == 303
    text = text_of(bence.get(f"/t/{code}/phone?scores=1"))
    assert ("Holtverseny 1 ponttal: Anna, Bence, Csilla. Senki sem tette le a 6. munkását a "
            "városba, így osztoznak az első helyen.") in text
    assert "tie on" not in text
