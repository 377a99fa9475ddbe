"""What every page of a table shares.

What every page of a table shares: finding the table, drawing a screen, answering a
phone's queued entry, the error page.
"""
from __future__ import annotations

import re
import uuid
from typing import Any, Callable
from urllib.parse import parse_qs, urlsplit

from flask import Response, abort, current_app, jsonify, make_response, render_template, request, url_for
from flask_babel import force_locale, get_locale, gettext
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import BadRequest

from .. import clock as table_clock
from ..games import GAMES
from ..i18n import LANGUAGES
from . import bp, install, service
from .forms import ButtonForm
from .identity import is_host, my_seat
from ..addresses import base_url
from .summaries import HISTORY_ON_SCREEN, history, standings


@bp.app_context_processor
def helpers() -> dict[str, Any]:
    return {"nonce": lambda: uuid.uuid4().hex, "games": GAMES, "get_locale": get_locale,
            "clock_text": clock_text}


def queued() -> bool:
    """The post comes from a phone's queue of entries made offline: it wants a short answer in
    JSON ({"ok": true}, or {"ok": false, "reason": ...}), never a page."""
    return request.headers.get("X-Queued") == "1"


def in_every_language(words: Callable[[], str]) -> dict[str, str]:
    """``words()`` in each language the app ships in, by language."""
    texts = {}
    for language in LANGUAGES:
        with force_locale(language):
            texts[language] = words()
    return texts


def queue_answer(reason: Callable[[], str] | None = None, status: int = 200,
                 **answers: Any) -> tuple[Response, int]:
    """A queued entry's answer: {"ok": true}, or {"ok": false, "reason": ...} with the refusal
    worded in every language too ("reasons"), as the phone keeps it until read and may be
    switched to another language meanwhile; ``answers`` are what the phone may answer with."""
    if reason is None:
        return jsonify(ok=True), status
    reasons = in_every_language(reason)
    return jsonify(ok=False, reason=reasons.get(str(get_locale())) or reason(), reasons=reasons,
                   **answers), status


def not_entered(reason: Callable[[], str], status: int, **answers: Any) -> tuple[Response, int]:
    """A queued entry refused: the reason as one sentence the phone shows under the entry."""
    return queue_answer(lambda: gettext("Not entered: %(reason)s", reason=reason()), status,
                        **answers)


def error_page(error: Any) -> tuple[Any, int]:
    code = getattr(error, "code", 500) or 500

    def message() -> str:
        said = getattr(error, "sentence", None)     # a refusal that words itself
        if said is not None:
            return said()
        if getattr(getattr(error, "limit", None), "error_message", None):
            return error.description                # a limit that words its own refusal
        if isinstance(error, CSRFError):
            return gettext("This page was open too long or came from elsewhere. Reload it and try again.")
        if isinstance(error, UnclearSelection):
            return gettext("This address's “%(name)s” is not one this screen understands. Open "
                           "the table again from its code.", name=error.field)
        if code == 404:
            return gettext("There is nothing here. Check the table code.")
        if code == 403:
            return gettext("Only the host screen or the seat's own phone may do that.")
        if code == 413:
            view = current_app.view_functions.get(request.endpoint or "")
            too_large = getattr(view, "too_large", None)
            return too_large() if too_large else gettext("That file is too large for a game record.")
        if code == 429:
            return gettext("Too many tries from this network in a short time. Wait a minute, "
                           "then check the table code on the host screen.")
        return gettext("That request could not be handled.")
    if queued():
        return not_entered(message, code)
    return render_template("error.html", message=message(), code=code), code


def table_or_404(code: str):
    table = service.find(code)
    if table is None:
        abort(404)
    return table


def hosts_table(code: str):
    """The table whose host screen posts a button here: 404 if there is none, 403 for any
    other screen, 400 without the button's form (its CSRF token)."""
    table = table_or_404(code)
    if not is_host(table):
        abort(403)
    if not ButtonForm().validate():
        abort(400)
    return table


def screen_context(table, replay, view: str) -> dict[str, Any]:
    by = service.authors(table, max(0, len(replay.events) - HISTORY_ON_SCREEN[view]))
    seat = my_seat(table)
    host = is_host(table)
    result = replay.result()        # scored once per screen (Quadropolis optimises here)
    player = seat.name if seat and view == "phone" else None
    game, selection = replay.game, selection_of(replay.game)
    turn = None if replay.finished else game.rules.turn(replay.state)
    return {"table": table, "game": game, "replay": replay, "view": view,
            "result": result, "standings": standings(replay, result),
            "history": history(replay, by, HISTORY_ON_SCREEN[view]),
            "history_count": len(replay.events),
            "seat": seat, "host": host,
            "finished": replay.finished, "last_own": last_own(replay, seat.name) if seat else None,
            "paused": replay.paused(),
            "turn": turn,
            # the table's clock up to its latest time (the page ticks it on from there)
            "clock": clock_of(replay, turn),
            "end_event": end_event(replay),
            "follow": {**game.screens.follow(replay.state, player), "seen": len(replay.events)},
            "selection": selection,
            # the address the QR code and the host screen give (the live part shows it too)
            "join_url": join_url(table),
            # the game's own view of the screen, built once for every template that draws it
            "d": game.screens.screen(replay.state, replay.options, view, seat, host, selection)}


def clock_of(replay, turn) -> table_clock.Clock:
    """The table's clock as its screens show it (see companion/clock.py)."""
    return table_clock.reckon(replay.events, replay.holders, replay.started, replay.players,
                              turn.player if turn is not None else None,
                              replay.options.get("clock"))


def clock_text(ms: int) -> str:
    """A time on the clock: 4:05, 1:02:03; an overrun of a bank −0:12 (as static/js/clock.js
    writes it while it ticks)."""
    sign = "−" if ms < 0 else ""
    seconds = abs(ms) // 1000
    hours, rest = divmod(seconds, 3600)
    return f"{sign}{hours}:{rest // 60:02}:{rest % 60:02}" if hours else \
        f"{sign}{rest // 60}:{rest % 60:02}"


class UnclearSelection(BadRequest):
    """A screen selection no screen of ours writes (400, naming it)."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.field = name


# what a screen's own links write: digits, letters, a row-column pair, a negative column, a
# name of words ("Ghost of the Lovely Spinster")
SELECTION_VALUE = re.compile(r"[A-Za-z0-9_ -]{0,40}")


def selection_of(game) -> dict[str, str]:
    """The screen's selections (the game's query_args): from the address, and for an act also
    from its ``back`` field, so that a refused or accepted act returns to the same view (e.g. the
    seat the host enters for). A value no screen writes (``?die=²``, 5,000 digits) is refused."""
    source = dict(request.args)
    if request.method != "GET":
        source.update({k: v[-1] for k, v in
                       parse_qs(request.form.get("back", "").lstrip("?")).items()})
    selection = {k: source[k] for k in game.screens.query_args if k in source}
    for name, value in selection.items():
        if not SELECTION_VALUE.fullmatch(value):
            raise UnclearSelection(name)
    return selection


def last_own(replay, player: str) -> int | None:
    """The number of the player's own last act that still counts (what their Undo takes back)."""
    index = replay.last_counting(
        lambda event: event["type"] != "end" and replay.game.policy.actor(event) == player)
    return None if index is None else index + 1


def end_event(replay) -> int | None:
    """The number of the event that finished the game (what the host's Reopen takes back)."""
    if not replay.finished:
        return None
    index = replay.last_counting(lambda event: event["type"] == "end")
    return None if index is None else index + 1


def screen_url(code: str, view: str, selection: dict[str, str] | None = None) -> str:
    return url_for("tables.host" if view == "host" else "tables.phone", code=code,
                   **(selection or {}))


def screen_answer(location: str):
    """An htmx post's answer: the screen at ``location`` (this app's host or phone screen) as
    its GET would answer this browser, drawn now, so that an act is one request (no redirect and
    second request); the address bar is set to ``location``. A post without htmx keeps its 303
    (the browser asks for the screen itself)."""
    parts = urlsplit(location)
    headers = [(name, value) for name, value in request.headers
               if name.lower() not in ("content-type", "content-length")]
    with current_app.test_request_context(
            parts.path, query_string=parts.query, method="GET", headers=headers,
            environ_base={"REMOTE_ADDR": request.remote_addr},
            base_url=request.host_url):
        response = current_app.make_response(current_app.dispatch_request())
    if response.status_code == 200:
        response.headers["HX-Push-Url"] = location
    return response


def htmx() -> bool:
    """The request comes from htmx in the page (a boosted form's post), not a plain browser."""
    return request.headers.get("HX-Request") == "true"


def join_url(table) -> str:
    return base_url(request.host_url, current_app.config["PUBLIC_BASE_URL"]) + \
        url_for("tables.join", code=table.code)


def render_screen(table, view: str, forms: dict[str, Any] | None = None, error: str | None = None,
                  status: int = 200, confirm: dict[str, Any] | None = None):
    replay = service.replay_of(table)
    context = screen_context(table, replay, view)
    if forms is None and not replay.finished:
        if view == "host" and context["host"]:
            forms = replay.game.screens.forms(replay.state, None)
        elif view == "phone" and context["seat"]:
            forms = replay.game.screens.forms(replay.state, context["seat"].name)
    template = "tables/host.html" if view == "host" else "tables/phone.html"
    page_url = screen_url(table.code, view)
    # a plain look at the screen: its live part is the one its live updates get (rendered once
    # per version for every screen alike); an answer to a post draws it with the answer
    shared = status == 200 and not confirm and not error and request.method == "GET"
    response = make_response(render_template(template, forms=forms or {}, error=error,
                                             confirm=confirm, page_url=page_url,
                                             live_shared=shared, screen=context, **context),
                             status)
    if status != 200 or confirm:    # an answer to a post: the address bar keeps the screen's
        response.headers["HX-Push-Url"] = page_url
    own = context["host"] if view == "host" else context["seat"] is not None
    install.remember_last(response, table, view, own)      # the home screen icon opens it
    return response
