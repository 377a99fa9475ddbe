"""The story pages: a game's score chart and its replay act by act.

The story of a game: its score chart and a replay of the table act by act, for the browsers
that sat at it (the host screen and the seats' phones). No JavaScript: the replay's Play mode is
the HTTP Refresh header, one act every few seconds.
"""
from __future__ import annotations

import base64
from typing import Any

from flask import abort, make_response, render_template, request, url_for
from flask_babel import gettext

from .. import cache
from . import bp, service, story
from .identity import is_host, my_seat
from .lengths import game_time
from .summaries import history, standings, team_name

CHARTS_KEPT = 64        # charts a process keeps, one per table and length of its log
PLAY_SECONDS = 3        # between two acts while the replay plays
TEAM_CHARS = 14         # a team's name at its line's end ("Anna & Bence"), shortened past this


def series_of(table, replay) -> story.Series:
    """The table's chart data, scored once per table and length of its log (the log only grows:
    a finished table's never changes; a Quadropolis chart optimises a city per act)."""
    return cache.of_app("story_series", CHARTS_KEPT).get_or_make(
        (table.id, len(replay.events)), lambda: story.series(replay))


def own_table(code: str):
    """The table, for a browser holding its host or a seat cookie; else 403 (404 if no table)."""
    table = service.find(code)
    if table is None:
        abort(404)
    if not (is_host(table) or my_seat(table) is not None):
        abort(403)
    return table


def chart_svg(table, replay, at: int | None = None) -> str:
    """The score chart: a line per player, or with teams a line per team (its players' sum)."""
    chart = series_of(table, replay)
    lines, name_chars = replay.players, None
    teams = replay.game.rules.teams(replay.options)
    if teams:
        lines = [team_name(team) for team in teams]
        chart, name_chars = story.by_team(chart, teams, lines), TEAM_CHARS
    finals = ", ".join(f"{name} {line[-1]}" for name, line in chart.totals.items() if line)
    return story.render_chart(
        chart, lines, title=gettext("Scores through the game"),
        x_label=gettext("Round") if chart.by == "round" else gettext("Act"),
        at=at if chart.by == "act" else None,
        description=gettext("Final totals: %(totals)s", totals=finals), name_chars=name_chars)


@bp.app_template_global()
def chart_src(table, replay) -> str:
    """The chart as an image the screen carries itself (a data: address): it shows with the
    finished screen at once, with no request after it."""
    svg = chart_svg(table, replay).encode()
    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")


@bp.get("/t/<code>/chart.svg")
def chart(code: str):
    table = own_table(code)
    response = make_response(chart_svg(table, service.replay_of(table)))
    response.mimetype = "image/svg+xml"
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def step_of(count: int) -> int:
    """The ``at`` asked for, clamped to 0..count; the last act when absent or not a number."""
    at = request.args.get("at", type=int)
    return count if at is None else max(0, min(at, count))


def act_line(replay, at: int) -> str:
    """"Act 12 of 57: …", the act's line as the history words it."""
    if at == 0:
        return gettext("Before the first act")
    return next(item["text"] for item in history(replay, {}) if item["n"] == at)


@bp.get("/t/<code>/story")
def story_page(code: str):
    table = own_table(code)
    replay = service.replay_of(table)
    count = len(story.acts_of(replay)[0])
    at = step_of(count)
    playing = request.args.get("play") == "1" and at < count
    then = story.prefix(replay, at)
    result = then.result()
    game = replay.game
    seat = my_seat(table)
    context: dict[str, Any] = {
        "table": table, "game": game, "replay": then, "view": "host", "result": result,
        "standings": standings(then, result), "seat": None, "host": False,
        "finished": then.finished, "selection": {}, "history": [], "end_event": None,
        "follow": {}, "d": game.screens.screen(then.state, then.options, "host", None, False, {})}
    screen = "phone" if seat and not is_host(table) else "host"       # this browser's screen
    back = url_for(f"tables.{screen}", code=table.code)
    # once the rematch started (the page follows it by itself with JavaScript)
    rematch = url_for("tables.next_game", code=table.code, view=screen) if table.next_code else None
    page = url_for("tables.story_page", code=table.code)
    links = {"first": f"{page}?at=0", "previous": f"{page}?at={max(at - 1, 0)}",
             "next": f"{page}?at={min(at + 1, count)}", "last": f"{page}?at={count}",
             "play": f"{page}?at={0 if at == count else at}&play=1", "pause": f"{page}?at={at}"}
    response = make_response(render_template(
        "tables/story.html", chart=chart_svg(table, replay, at), at=at, count=count,
        playing=playing, links=links, back=back, rematch=rematch, line=act_line(then, at),
        page_url=f"{page}?at={at}", times=game_time(table, replay, replay.result()), **context))
    if playing:
        response.headers["Refresh"] = f"{PLAY_SECONDS}; url={page}?at={at + 1}&play=1"
    return response
