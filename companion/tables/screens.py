"""A table's screens and what they download.

A table's screens: the host's and a phone's, their live part, the whole history, the QR
code and the record's download.
"""
from __future__ import annotations

import json
from typing import Any

from flask import Response, abort, jsonify, make_response, redirect, render_template, request, url_for
from flask_babel import get_locale
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from ..games import GAMES
from . import bp, fragments, long_poll, service
from .identity import browser, is_host, my_seat
from .links import qr_svg
from .pages import join_url, render_screen, screen_context, screen_url, selection_of, table_or_404
from .summaries import history

bp.add_app_template_global(fragments.shared_part, "shared_part")
bp.add_app_template_global(fragments.own_row, "own_row")
bp.add_app_template_global(fragments.follow_fields, "follow_fields")
bp.add_app_template_global(fragments.server_now, "server_now")


@bp.get("/t/<code>")
def host(code: str):
    table = table_or_404(code)
    response = render_screen(table, "host")
    if is_host(table):          # recorded once drawn (its commit expires what was read)
        service.sat(table, browser())
    return response


@bp.get("/t/<code>/phone")
def phone(code: str):
    table = table_or_404(code)
    if my_seat(table) is None:
        return redirect(url_for("tables.join", code=table.code))
    response = render_screen(table, "phone")
    service.sat(table, browser())       # once drawn (its commit expires what was read)
    return response


@bp.get("/t/<code>/history")
def whole_history(code: str):
    """Every act of the table, newest first (the screens show the last few)."""
    table = table_or_404(code)
    replay = service.replay_of(table)
    back = screen_url(table.code, "phone" if my_seat(table) else "host")
    return render_template("tables/history.html", table=table, game=replay.game,
                           history=history(replay, service.authors(table)), back=back)


@bp.get("/t/<code>/live")
def live(code: str):
    """The part of a screen that changes; "nothing new" (204) when the client is up to date.
    Rendered once per table, version, language and kind of viewer (see fragments.py)."""
    crowded = long_poll.wait(code)  # with wait=1: until the table changes (long poll), the time-out
    if crowded is not None:     # (or 503 at once: beyond a bound on waiting screens)
        return crowded
    table = table_or_404(code)
    if request.args.get("v", type=int) == table.version:
        return Response(status=204)
    if request.args.get("view") == "story":
        return story_follows(table)
    view = "phone" if request.args.get("view") == "phone" else "host"
    text, finished = live_fragment(table, view)
    response = make_response(text)
    if table.next_code:         # a rematch started: this screen goes to its place there
        response.headers["HX-Redirect"] = url_for("tables.next_game", code=table.code, view=view)
    elif request.args.get("finished", type=int, default=0) != int(finished):
        response.headers["HX-Refresh"] = "true"     # the entry forms come or go: whole page
    return response


def seats_alike(game, replay) -> bool:
    """Every seat's phone shows the same live part but for its own row and what its entry form
    follows (both filled per response): the game keeps no turn now, draws no move of the seat's
    own in the live part (no play template) and its own part is the same for every seat."""
    screens = game.screens
    return (not screens.play_template
            and (not screens.live_template or screens.live_same_for_every_seat)
            and game.rules.turn(replay.state) is None)


def live_fragment(table, view: str, screen: dict[str, Any] | None = None) -> tuple[str, bool]:
    """The screen's live part for this browser, and whether the game is finished: rendered once
    per table, version, language, kind of viewer (see fragments.py), made this browser's; a
    phone's once for all its seats where they see it alike (:func:`seats_alike`). ``screen``:
    the screen's context when its page has it already."""
    seat, host = my_seat(table), is_host(table)
    game = GAMES[table.game]
    selection = selection_of(game)
    replay = service.replay_of(table) if view == "phone" and seat is not None else None
    alike = replay is not None and seats_alike(game, replay)
    key = (table.id, table.version, view, str(get_locale()),
           "alike" if alike else seat.position if seat else None,
           host, tuple(sorted(selection.items())), join_url(table))

    def render(nonce) -> tuple[str, bool]:
        context = screen or screen_context(table, replay or service.replay_of(table), view)
        return render_template("tables/_live.html", nonce=nonce,
                               **{fragments.SHARING: True, fragments.ALIKE: alike},
                               **context), context["finished"]
    text, finished = fragments.shared(key, render)
    follow = {**game.screens.follow(replay.state, seat.name), "seen": len(replay.events)} \
        if alike else None
    return fragments.personal(text, seat.name if seat else None, follow), finished


@bp.app_template_global()
@pass_context
def live_part(context: Context, table, view: str) -> Markup:
    """A screen's page draws its live part as its live updates get it (see live_fragment)."""
    return Markup(live_fragment(table, view, context.get("screen"))[0])


def story_follows(table) -> Response:
    """The story page of a table that changed: off to this browser's place at the rematch's
    table once it started (as its screens go), else the page drawn again (the game reopened)."""
    response = Response(status=200)
    if table.next_code:
        seat = my_seat(table) is not None and not is_host(table)
        response.headers["HX-Redirect"] = url_for("tables.next_game", code=table.code,
                                                  view="phone" if seat else "host")
    else:
        response.headers["HX-Refresh"] = "true"
    return response


@bp.get("/t/<code>/version")
def version(code: str):
    value = service.version(code)
    if value is None:
        abort(404)
    return jsonify(version=value)


@bp.get("/t/<code>/qr.svg")
def qr(code: str):
    table = table_or_404(code)
    response = make_response(qr_svg(join_url(table)))
    response.mimetype = "image/svg+xml"
    response.headers["Cache-Control"] = "no-store"
    return response


def record_text(table) -> str:
    """The table's record as its export writes it."""
    return json.dumps(service.record_of(table), ensure_ascii=False, indent=2) + "\n"


@bp.get("/t/<code>/record.json")
def export(code: str):
    table = table_or_404(code)
    response = make_response(record_text(table))
    response.mimetype = "application/json"
    response.headers["Content-Disposition"] = f'attachment; filename="{table.game}-{table.code}.json"'
    return response
