"""The story of a game: the score chart's numbers, its drawing, and the replay page."""
from __future__ import annotations

import io
import json
import re

import pytest

from companion import record
from companion.tables import service, story
from tests.story_records import FINISHED, SCORE_PAD, points
from tests.support import take_seat, text_of



def imported(client, data: dict) -> str:
    """The record imported as a table, as a host does; returns its code."""
    response = client.post("/import", data={"record": (io.BytesIO(json.dumps(data).encode()),
                                                       "game.json")})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def polylines(svg: str) -> dict[str, list[tuple[float, float]]]:
    found = {}
    for name, points_ in re.findall(r'<polyline class="player" data-player="([^"]*)" '
                                    r'points="([^"]*)"', svg):
        found[name] = [tuple(map(float, p.split(","))) for p in points_.split()]
    return found


def y_scale(svg: str) -> dict[float, int]:
    """The y axis' tick labels by height: value at y."""
    return {float(y) - 5: int(v) for y, v in
            re.findall(r'<text x="\d+(?:\.\d+)?" y="([\d.]+)" font-size="15" text-anchor="end" '
                       r'fill="[^"]+">(-?\d+)</text>', svg)}


def value_at(svg: str, y: float) -> float:
    """A height read back as a score through two ticks of the y axis."""
    ticks = sorted(y_scale(svg).items())
    (y0, v0), (y1, v1) = ticks[0], ticks[-1]
    return v0 + (y - y0) * (v1 - v0) / (y1 - y0)


# --- the numbers ---------------------------------------------------------------------------

def test_a_score_pad_is_charted_round_by_round_as_added_up_by_hand():
    # Anna 5, 7, 1; Bence 3, then 6 corrected to 9, then 4 taken back and 0; Csilla 8, 2, 4.
    chart = story.series(record.load(SCORE_PAD))
    assert chart.by == "round"
    assert chart.steps == (0, 1, 2, 3)
    assert chart.totals == {"Anna": (0, 5, 12, 13), "Bence": (0, 3, 12, 12),
                            "Csilla": (0, 8, 10, 14)}


def test_a_round_left_empty_counts_nothing_and_the_line_goes_on():
    data = {**SCORE_PAD, "events": [points("Anna", 1, 4), points("Bence", 1, 2),
                                    points("Anna", 3, 6)]}
    chart = story.series(record.load({**data, "players": [{"name": "Anna"}, {"name": "Bence"}]}))
    assert chart.totals == {"Anna": (0, 4, 4, 10), "Bence": (0, 2, 2, 2)}


def test_acts_skip_undos_and_what_they_took_back_and_the_end():
    replay = record.load(SCORE_PAD)
    acts, end = story.acts_of(replay)
    assert len(replay.events) == 13 and len(acts) == 10 and end == {"type": "end"}
    assert {"type": "undo", "event": 9} not in acts and replay.events[8] not in acts


@pytest.mark.parametrize("game", list(FINISHED))
def test_every_games_chart_ends_at_its_final_totals(game):
    replay = record.load(FINISHED[game])
    assert replay.finished
    chart = story.series(replay)
    final = {row["name"]: row["total"] for row in replay.result()["players"]}
    assert {name: line[-1] for name, line in chart.totals.items()} == final
    assert all(len(line) == len(chart.steps) for line in chart.totals.values())
    svg = story.render_chart(chart, replay.players)
    lines = polylines(svg)
    assert list(lines) == replay.players                    # one line per player, seat order
    for name, drawn in lines.items():
        assert len(drawn) == len(chart.steps)
        assert value_at(svg, drawn[-1][1]) == pytest.approx(final[name], abs=0.05)
        assert re.search(rf'<tspan font-weight="700">{final[name]}</tspan> '
                         rf'{re.escape(story._short(name))}</text>', svg)


@pytest.mark.parametrize("game", ["doodle-city", "calcada", "oddville", "quadropolis"])
def test_an_act_by_act_chart_scores_each_prefix_as_a_fresh_replay_does(game):
    replay = record.load(FINISHED[game])
    chart = story.series(replay)
    assert chart.by == "act"
    acts, _end = story.acts_of(replay)
    for n in sorted({0, 1, len(acts) // 2, len(acts) - 1}):
        fresh = record.replay(replay.game, replay.options, replay.players, acts[:n])
        totals = {row["name"]: row["total"] for row in fresh.result()["players"]}
        assert {name: line[n] for name, line in chart.totals.items()} == totals


def test_the_chart_draws_names_safely_and_names_of_20_characters_whole():
    players = ["<Anna & co>", "Bartholomew the Long"]
    chart = story.Series("act", (0, 1, 2), {players[0]: (0, 3, 5), players[1]: (0, -2, 7)})
    svg = story.render_chart(chart, players, title="Scores <through>")
    assert "<Anna" not in svg and "&lt;Anna &amp; co&gt;" in svg
    assert "</tspan> Bartholomew the Long</text>" in svg and "Scores &lt;through&gt;" in svg
    assert value_at(svg, polylines(svg)["Bartholomew the Long"][1][1]) == pytest.approx(-2)
    longest = "Bartholomew the Longest"
    longer = story.render_chart(story.Series("act", (0, 1), {longest: (0, 3)}), [longest])
    assert "</tspan> Bartholomew the Lon…</text>" in longer


@pytest.mark.parametrize("span, most, step", [(0, 5, 1), (4, 5, 1), (13, 5, 5), (47, 5, 10),
                                              (85, 6, 20), (1234, 5, 500)])
def test_ticks_are_round_numbers(span, most, step):
    assert story.nice_step(span, most) == step


def test_end_labels_keep_apart_and_inside_the_plot():
    placed = story._spread([100, 101, 102, 300], 40, 274)
    assert sorted(placed)[1] - sorted(placed)[0] >= story.LABEL_GAP
    assert story._spread([270, 271], 40, 274)[1] <= 274


# --- the pages -----------------------------------------------------------------------------

@pytest.mark.parametrize("game", list(FINISHED))
def test_the_story_page_replays_every_act_as_a_fresh_replay_of_it(client, game):
    code = imported(client, FINISHED[game])
    replay = record.load(FINISHED[game])
    acts, _end = story.acts_of(replay)
    for n in sorted({0, 1, len(acts) // 2, len(acts)}):
        page = client.get(f"/t/{code}/story?at={n}")
        assert page.status_code == 200
        then = story.prefix(replay, n)
        fresh = record.replay(replay.game, replay.options, replay.players,
                              acts[:n] + ([{"type": "end"}] if n == len(acts) else []))
        assert then.result()["players"] == fresh.result()["players"]
        html = page.get_data(as_text=True)
        shown = dict(re.findall(r'<td class="name">(?:<svg.*?</svg>)?([^<]+)<.*?'
                                r'<td class="num total">(-?\d+)</td>', html, flags=re.S))
        assert shown == {row["name"]: str(row["total"]) for row in fresh.result()["players"]}
        words = text_of(page)
        if n:
            assert f"Act {n} of {len(acts)}:" in words
        else:
            assert "Before the first act" in words
        assert ("Final result" in words) == (n == len(acts))


def test_the_story_page_shows_the_chart_and_the_acts_words(client):
    code = imported(client, SCORE_PAD)
    page = client.get(f"/t/{code}/story?at=7")
    words = text_of(page)
    assert "The story of the game" in words and "Scores through the game" in words
    assert "Act 7 of 10: Bence: round 2 corrected from 6 to 9" in words
    html = page.get_data(as_text=True)
    assert html.count('<polyline class="player"') == 3
    assert f'href="/t/{code}/story?at=6"' in html and f'href="/t/{code}/story?at=8"' in html
    chart = client.get(f"/t/{code}/chart.svg")
    assert chart.status_code == 200 and chart.mimetype == "image/svg+xml"
    assert chart.get_data(as_text=True).startswith("<svg xmlns=")


@pytest.mark.parametrize("at, shown", [
    ("-3", "Before the first act"), ("0", "Before the first act"), ("4", "Act 4 of 10"),
    ("999999999999999999999", "Act 10 of 10"), ("9" * 5000, "Act 10 of 10"),
    ("nine", "Act 10 of 10"), ("", "Act 10 of 10"), ("1e3", "Act 10 of 10")])
def test_an_act_out_of_range_or_not_a_number_is_clamped(client, at, shown):
    code = imported(client, SCORE_PAD)
    page = client.get(f"/t/{code}/story", query_string={"at": at})
    assert page.status_code == 200 and shown in text_of(page)


def test_play_moves_on_by_the_refresh_header_and_stops_at_the_last_act(client):
    code = imported(client, SCORE_PAD)
    playing = client.get(f"/t/{code}/story?at=4&play=1")
    assert playing.headers["Refresh"] == f"3; url=/t/{code}/story?at=5&play=1"
    assert "Pause" in text_of(playing)
    assert "Refresh" not in client.get(f"/t/{code}/story?at=10&play=1").headers
    assert "Refresh" not in client.get(f"/t/{code}/story?at=4").headers


def test_only_the_host_and_the_seats_see_the_story(app, client):
    code = imported(client, SCORE_PAD)
    stranger = app.test_client()
    assert stranger.get(f"/t/{code}/story").status_code == 403
    assert stranger.get(f"/t/{code}/chart.svg").status_code == 403
    assert stranger.get("/t/ZZZZZ/story").status_code == 404
    phone = app.test_client()
    take_seat(phone, code, 1)
    page = phone.get(f"/t/{code}/story?at=2")
    assert page.status_code == 200 and f'href="/t/{code}/phone"' in page.get_data(as_text=True)


def test_a_finished_table_links_to_its_story_on_the_host_and_the_phone(app, client):
    code = imported(client, SCORE_PAD)
    phone = app.test_client()
    take_seat(phone, code, 0)
    for screen in (client.get(f"/t/{code}"), phone.get(f"/t/{code}/phone")):
        assert f'href="/t/{code}/story"' in screen.get_data(as_text=True)
    unfinished = imported(client, {**SCORE_PAD, "events": SCORE_PAD["events"][:3]})
    assert "/story" not in client.get(f"/t/{unfinished}").get_data(as_text=True)


def test_a_table_without_acts_has_a_flat_chart_and_nothing_to_step(client):
    code = imported(client, {**SCORE_PAD, "events": []})
    page = client.get(f"/t/{code}/story?at=3")
    assert page.status_code == 200 and "Nothing entered yet." in text_of(page)


def test_the_chart_is_scored_once_per_table_and_log(app, client):
    code = imported(client, FINISHED["calcada"])
    for at in (0, 5, 9):
        assert client.get(f"/t/{code}/story?at={at}").status_code == 200
    assert client.get(f"/t/{code}/chart.svg").status_code == 200
    kept = app.extensions["story_series"]
    assert len(kept) == 1
    with app.app_context():
        table_id = service.find(code).id
    chart = kept.get((table_id, len(FINISHED["calcada"]["events"])))
    assert chart is not None and chart.by == "act"


def test_the_story_speaks_hungarian(client):
    code = imported(client, SCORE_PAD)
    client.set_cookie("lang", "hu")
    words = text_of(client.get(f"/t/{code}/story?at=2"))
    assert "A játék története" in words and "2. lépés (összesen 10):" in words
