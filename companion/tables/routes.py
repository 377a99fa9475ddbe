"""Routes of a table: home, create, import, host screen, join, phone, acts, live, export."""
from __future__ import annotations

import json
import re
import uuid
from typing import Any
from urllib.parse import parse_qs

from flask import (Response, abort, current_app, jsonify, make_response, redirect,
                   render_template, request, url_for)
from flask_babel import get_locale, gettext
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import BadRequest

from .. import record
from ..games import GAMES
from ..games.base import Conflict, RuleError
from ..record import RecordError
from . import bp, fragments, install, push, service
from .forms import ButtonForm, ImportForm, JoinCodeForm, LanguageForm, NewTableForm, SeatForm, UndoForm
from .confirm import no_overwrite, question, sure
from .links import base_url, qr_svg
from .views import (HISTORY_ON_SCREEN, HOST_COOKIE, SEAT_COOKIE, browser, changes_since,
                    cookie_codes, explain, history, is_host, my_seat, remember, standings)


@bp.app_context_processor
def helpers() -> dict[str, Any]:
    # forms only drawn here: never bound to the request (an error page must not re-read it)
    return {"nonce": lambda: uuid.uuid4().hex, "language_form": LanguageForm(formdata=None),
            "games": GAMES,
            "get_locale": get_locale,
            "button_form": ButtonForm(formdata=None)}


def queued() -> bool:
    """The post comes from a phone's queue of entries made offline: it wants a short answer in
    JSON ({"ok": true}, or {"ok": false, "reason": ...}), never a page."""
    return request.headers.get("X-Queued") == "1"


def queue_answer(reason: str | None = None, status: int = 200) -> tuple[Response, int]:
    return jsonify(ok=reason is None, **({"reason": reason} if reason else {})), status


def not_entered(reason: str, status: int) -> tuple[Response, int]:
    """A queued entry refused: the reason as one sentence the phone shows under the entry."""
    return queue_answer(gettext("Not entered: %(reason)s", reason=reason), status)


def error_page(error: Any) -> tuple[Any, int]:
    code = getattr(error, "code", 500) or 500
    if isinstance(error, CSRFError):
        message = gettext("This page was open too long or came from elsewhere. Reload it and try again.")
    elif isinstance(error, UnclearSelection):
        message = gettext("This address's “%(name)s” is not one this screen understands. Open "
                          "the table again from its code.", name=error.field)
    elif code == 404:
        message = gettext("There is nothing here. Check the table code.")
    elif code == 403:
        message = gettext("Only the host screen or the seat's own phone may do that.")
    elif code == 413:
        message = gettext("That file is too large for a game record.")
    elif code == 429:
        message = gettext("Too many tries from this network in a short time. Wait a minute, "
                          "then check the table code on the host screen.")
    else:
        message = gettext("That request could not be handled.")
    if queued():
        return not_entered(message, code)
    return render_template("error.html", message=message, code=code), code


def table_or_404(code: str):
    table = service.find(code)
    if table is None:
        abort(404)
    return table


# --- home, create, import ------------------------------------------------------------------

def option_forms(formdata: Any = None) -> dict[str, Any]:
    forms = {}
    for name, game in GAMES.items():
        if game.options_form:
            forms[name] = game.options_form(formdata=formdata, prefix=f"opt-{name}")
            game.prepare_options_form(forms[name])
    return forms


def render_home(new: NewTableForm, upload: ImportForm, options: dict[str, Any], status: int = 200):
    tables = []
    for table in service.with_codes(cookie_codes(), current_app.config["RECENT_TABLES"]):
        if is_host(table):
            url = url_for("tables.host", code=table.code)
        elif my_seat(table):
            url = url_for("tables.phone", code=table.code)
        else:
            continue        # a stale or forged cookie: never another table's code
        game = GAMES[table.game]
        if table.result is not None:        # finished: the result stored with its end
            winners, finished = table.result["winners"], True
        elif game.leaders_on_home and table.version:
            replay = service.replay_of(table)
            winners, finished = replay.result()["winners"] if replay.events else [], False
        else:
            winners, finished = [], False
        tables.append({"table": table, "url": url, "game": game, "finished": finished,
                       "winners": winners})
    return render_template("tables/home.html", new=new, upload=upload, options=options,
                           tables=tables, join=JoinCodeForm(formdata=None)), status


@bp.get("/")
def home():
    return render_home(NewTableForm(formdata=None), ImportForm(formdata=None), option_forms())


@bp.post("/")
def create():
    new = NewTableForm()
    options = option_forms(request.form)
    if new.validate():
        game = GAMES[new.game.data]
        opts_form = options.get(game.name)
        if opts_form is None or opts_form.validate():
            opts = game.options_from_form(opts_form) if opts_form else {}
            try:
                table, host_secret = service.create(game.name, opts, new.names(),
                                                    game.setup_events(opts, new.names()))
            except RecordError as error:
                new.form_errors.append(explain(error, game))
            else:
                return host_redirect(table, host_secret)
    return render_home(new, ImportForm(formdata=None), options, 422)


@bp.get("/import")
def import_page():
    return redirect(url_for("tables.home"))


@bp.post("/import")
def import_record():
    upload = ImportForm()
    if upload.validate():
        data = None
        try:
            data = record.parse(upload.record.data.stream.read(record.MAX_BYTES + 1))
            replay = record.load(data)
            table, host_secret = service.create(replay.game.name, data.get("options", {}),
                                                replay.players, replay.events)
        except (record.NotJSON, UnicodeDecodeError):
            upload.record.errors.append(gettext("That file is not a game record (not valid JSON)."))
        except RecordError as error:
            upload.record.errors.append(explain(error, GAMES.get(data.get("game"))
                                                if isinstance(data, dict) else None))
        else:
            return host_redirect(table, host_secret)
    return render_home(NewTableForm(formdata=None), upload, option_forms(), 422)


def host_redirect(table, host_secret: str) -> Response:
    service.sat(table, browser())
    response = redirect(url_for("tables.host", code=table.code), 303)
    remember(response, HOST_COOKIE.format(table.code), host_secret)
    return response


@bp.get("/go")
def go():
    form = JoinCodeForm(request.args)
    if form.validate() and service.find(form.code.data):
        return redirect(url_for("tables.join", code=service.normal_code(form.code.data)))
    form.code.errors = [gettext("No table has that code. Check the code on the host screen.")]
    return render_template("tables/go.html", join=form), 404


# a path on this site: one slash, then no slash, backslash, space or control character
SAME_SITE_PATH = re.compile(r"/(?![/\\])[^\x00-\x20\\]*")


@bp.post("/lang")
def language():
    form = LanguageForm()
    target = form.next.data if SAME_SITE_PATH.fullmatch(form.next.data or "") \
        else url_for("tables.home")
    response = redirect(target, 303)
    if form.validate() and form.lang.data in ("en", "hu"):
        response.set_cookie("lang", form.lang.data, max_age=365 * 86400, samesite="Lax")
    return response


# --- the table's screens --------------------------------------------------------------------

def screen_context(table, replay, view: str) -> dict[str, Any]:
    by = service.authors(table, max(0, len(replay.events) - HISTORY_ON_SCREEN[view]))
    seat = my_seat(table)
    host = is_host(table)
    result = replay.result()        # scored once per screen (Quadropolis optimises here)
    player = seat.name if seat and view == "phone" else None
    selection = selection_of(replay.game)
    return {"table": table, "game": replay.game, "replay": replay, "view": view,
            "result": result, "standings": standings(replay, result),
            "history": history(replay, by, HISTORY_ON_SCREEN[view]),
            "history_count": len(replay.events),
            "seat": seat, "host": host,
            "finished": replay.finished, "last_own": last_own(replay, seat.name) if seat else None,
            "end_event": end_event(replay),
            "follow": {**replay.game.follow(replay.state, player), "seen": len(replay.events)},
            "selection": selection,
            # the game's own view of the screen, built once for every template that draws it
            "d": replay.game.screen(replay.state, replay.options, view, seat, host, selection)}



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
    selection = {k: source[k] for k in game.query_args if k in source}
    for name, value in selection.items():
        if not SELECTION_VALUE.fullmatch(value):
            raise UnclearSelection(name)
    return selection


def last_own(replay, player: str) -> int | None:
    """The number of the player's own last act that still counts (what their Undo takes back)."""
    index = replay.last_counting(
        lambda event: event["type"] != "end" and replay.game.actor(event) == player)
    return None if index is None else index + 1


def end_event(replay) -> int | None:
    """The number of the event that finished the game (what the host's Reopen takes back)."""
    if not replay.finished:
        return None
    index = replay.last_counting(lambda event: event["type"] == "end")
    return None if index is None else index + 1


def screen_url(table, view: str, selection: dict[str, str] | None = None) -> str:
    return url_for("tables.host" if view == "host" else "tables.phone", code=table.code,
                   **(selection or {}))


def render_screen(table, view: str, forms: dict[str, Any] | None = None, error: str | None = None,
                  status: int = 200, confirm: dict[str, Any] | None = None):
    replay = service.replay_of(table)
    context = screen_context(table, replay, view)
    if forms is None and not replay.finished:
        if view == "host" and context["host"]:
            forms = replay.game.forms(replay.state, None)
        elif view == "phone" and context["seat"]:
            forms = replay.game.forms(replay.state, context["seat"].name)
    join_url = base_url(request.host_url, current_app.config["PUBLIC_BASE_URL"]) + \
        url_for("tables.join", code=table.code)
    template = "tables/host.html" if view == "host" else "tables/phone.html"
    page_url = screen_url(table, view)
    response = make_response(render_template(template, forms=forms or {}, error=error,
                                             confirm=confirm, join_url=join_url,
                                             page_url=page_url, **context), status)
    if status != 200 or confirm:    # an answer to a post: the address bar keeps the screen's
        response.headers["HX-Push-Url"] = page_url
    own = context["host"] if view == "host" else context["seat"] is not None
    install.remember_last(response, table, view, own)      # the home screen icon opens it
    return response


@bp.get("/t/<code>")
def host(code: str):
    table = table_or_404(code)
    if is_host(table):
        service.sat(table, browser())
    return render_screen(table, "host")


@bp.get("/t/<code>/phone")
def phone(code: str):
    table = table_or_404(code)
    if my_seat(table) is None:
        return redirect(url_for("tables.join", code=table.code))
    service.sat(table, browser())
    return render_screen(table, "phone")


@bp.get("/t/<code>/history")
def whole_history(code: str):
    """Every act of the table, newest first (the screens show the last few)."""
    table = table_or_404(code)
    replay = service.replay_of(table)
    back = screen_url(table, "phone" if my_seat(table) else "host")
    return render_template("tables/history.html", table=table, game=replay.game,
                           history=history(replay, service.authors(table)), back=back)


@bp.get("/t/<code>/live")
def live(code: str):
    """The part of a screen that changes; "nothing new" (204) when the client is up to date.
    Rendered once per table, version, language and kind of viewer (see fragments.py)."""
    push.wait(code)     # with wait=1: until the table changes (long poll), or the time-out
    current = service.version(code)
    if current is None:
        abort(404)
    if request.args.get("v", type=int) == current:
        return Response(status=204)
    table = table_or_404(code)
    view = "phone" if request.args.get("view") == "phone" else "host"
    seat, host = my_seat(table), is_host(table)
    selection = selection_of(GAMES[table.game])
    key = (table.id, table.version, view, str(get_locale()), seat.position if seat else None,
           host, tuple(sorted(selection.items())))

    def render(nonce) -> tuple[str, bool]:
        replay = service.replay_of(table)
        return render_template("tables/_live.html", nonce=nonce,
                               **screen_context(table, replay, view)), replay.finished
    text, finished = fragments.shared(key, render)
    response = make_response(fragments.personal(text))
    if table.next_code:         # a rematch started: this screen goes to its place there
        response.headers["HX-Redirect"] = url_for("tables.next_game", code=table.code, view=view)
    elif request.args.get("finished", type=int, default=0) != int(finished):
        response.headers["HX-Refresh"] = "true"     # the entry forms come or go: whole page
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
    url = base_url(request.host_url, current_app.config["PUBLIC_BASE_URL"]) + \
        url_for("tables.join", code=table.code)
    response = make_response(qr_svg(url))
    response.mimetype = "image/svg+xml"
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/t/<code>/record.json")
def export(code: str):
    table = table_or_404(code)
    response = make_response(json.dumps(service.record_of(table), ensure_ascii=False, indent=2) + "\n")
    response.mimetype = "application/json"
    response.headers["Content-Disposition"] = f'attachment; filename="{table.game}-{table.code}.json"'
    return response


# --- joining a seat -----------------------------------------------------------------------

@bp.get("/j/<code>")
def join(code: str):
    table = table_or_404(code)
    if my_seat(table) is not None:
        return redirect(url_for("tables.phone", code=table.code))
    return render_template("tables/join.html", table=table, game=GAMES[table.game],
                           form=SeatForm(formdata=None))


@bp.post("/j/<code>")
def take_seat(code: str):
    table = table_or_404(code)
    form = SeatForm()
    if my_seat(table) is not None:
        return redirect(url_for("tables.phone", code=table.code), 303)
    if form.validate() and 0 <= form.seat.data < len(table.seats):
        secret = service.take_seat(table, form.seat.data)
        if secret:
            service.sat(table, browser())
            response = redirect(url_for("tables.phone", code=table.code), 303)
            remember(response, SEAT_COOKIE.format(table.code), secret)
            return response
        form.seat.errors = [gettext("Someone else took that seat just now. Pick another.")]
    elif not form.errors.get("csrf_token"):
        form.seat.errors = [gettext("Pick your seat.")]
    table = table_or_404(code)
    page_url = url_for("tables.join", code=table.code)
    response = make_response(render_template("tables/join.html", table=table, game=GAMES[table.game],
                                             form=form, page_url=page_url), 409)
    response.headers["HX-Push-Url"] = page_url
    return response


@bp.post("/t/<code>/seat/<int:position>/free")
def free_seat(code: str, position: int):
    table = table_or_404(code)
    seat = my_seat(table)
    own = seat is not None and seat.position == position
    if not (is_host(table) or own) or not 0 <= position < len(table.seats):
        abort(403)
    if not ButtonForm().validate():
        abort(400)
    view = "phone" if own and request.form.get("screen") != "host" else "host"
    if not sure():
        name = table.seats[position].name
        text = (gettext("Leave %(name)s's seat? This phone stops entering for %(name)s; "
                        "any phone can take the seat again.", name=name) if view == "phone" else
                gettext("Free %(name)s's seat? The phone holding it is sent back to the seat "
                        "list, and any phone can take it.", name=name))
        yes = gettext("Leave the seat") if view == "phone" else gettext("Free the seat")
        return render_screen(table, view, confirm=question(
            text, request.path, yes, screen_url(table, view), {"sure": "yes", "screen": view}))
    service.free_seat(table, position)
    if view == "phone":
        response = redirect(url_for("tables.join", code=table.code), 303)
        response.delete_cookie(SEAT_COOKIE.format(table.code))
        return response
    return redirect(url_for("tables.host", code=table.code), 303)


@bp.post("/t/<code>/host")
def claim_host(code: str):
    table = table_or_404(code)
    if ButtonForm().validate():
        secret = service.claim_host(table)
        if secret:
            return host_redirect(table, secret)
    abort(403)


@bp.route("/t/<code>/claim/<token>", methods=["GET", "POST"])
def claim_link(code: str, token: str):
    """A host link printed by ``companion host CODE``: a tap makes this screen the host, once."""
    table = table_or_404(code)
    if request.method == "POST" and ButtonForm().validate():
        secret = service.claim_with(table, token)
        if secret:
            return host_redirect(table, secret)
    elif request.method == "GET" and service.claim_pending(table, token):
        return render_template("tables/claim.html", table=table, game=GAMES[table.game])
    message = gettext("This host link was used already or replaced by a newer one. Run "
                      "companion host %(code)s again for a new link.", code=table.code)
    return render_template("error.html", message=message, code=403), 403


# --- acts: every change is an event through the rules ------------------------------------------

def actor_of(table) -> tuple[str | None, str, str]:
    """(player or None for the host, how the event is labelled, which screen to return to)."""
    seat = my_seat(table)
    if request.form.get("screen") == "host" and is_host(table):
        return None, "host", "host"
    if seat is not None:
        return seat.name, "seat", "phone"
    if is_host(table):
        return None, "host", "host"
    abort(403)


def since_seen(table, mine: tuple[str, str | None] | None = None):
    """The table as it is now, and what was entered since the posting screen showed it (its
    ``seen`` field), without what ``mine`` entered itself (see :func:`changes_since`)."""
    table = service.find(table.code)
    replay = service.replay_of(table)
    seen = request.form.get("seen", type=int)
    return table, replay, changes_since(replay, service.authors(table, max(0, seen or 0)), seen,
                                        mine)


def ask_to_replace(table, view: str, conflict: Conflict, forms: dict[str, Any] | None):
    """The screen again, asking: the entry re-posted as it was, with the value it replaces."""
    table, replay, changes = since_seen(table)
    fields = {k: v for k, v in request.form.items() if k not in ("csrf_token", "nonce", "replaces", "seen")}
    fields |= {"replaces": conflict.token, "seen": len(replay.events)}
    return render_screen(table, view, forms, status=409, confirm=question(
        explain(conflict, replay.game), request.path, gettext("Replace"), screen_url(table, view),
        fields, changes=changes, danger=False))


def late_entry(table, conflict: Conflict) -> str:
    """Why an entry sent late from a phone's queue would replace a value, in words: what was
    entered since the phone's screen showed the table, and the value it would replace."""
    player, by, _view = actor_of(table)
    table, replay, changes = since_seen(table, mine=(by, player))
    question = explain(conflict, replay.game)
    if not changes:
        return gettext("Not entered: %(question)s Enter it again on the screen to replace it.",
                       question=question)
    return gettext("Not entered: while this phone was offline, %(changes)s. %(question)s "
                   "Enter it again on the screen to replace it.",
                   changes="; ".join(changes), question=question)


def commit(table, event: dict[str, Any], by: str, view: str, forms: dict[str, Any] | None = None,
           game=None, live=None):
    """Append ``event``; under the table's lock the live table's rules (``live``) and the
    question before a replacement are checked on the state it is appended to."""
    overwrite = no_overwrite(game, event) if game else None

    def guard(current) -> None:
        if live is not None:
            live(current)
        if overwrite is not None:
            overwrite(current)
    try:
        service.append(table, event, by, request.form.get("nonce") or None, guard=guard)
    except Conflict as conflict:
        if queued():
            return queue_answer(late_entry(table, conflict), 409)
        return ask_to_replace(table, view, conflict, forms)
    except RuleError as error:
        if queued():
            return not_entered(explain(error, GAMES[table.game]), 422)
        return render_screen(service.find(table.code), view, forms,
                             explain(error, GAMES[table.game]), 422)
    if queued():        # appended now, or already in by its nonce
        return queue_answer()
    return redirect(screen_url(table, view, selection_of(GAMES[table.game])), 303)


@bp.post("/t/<code>/act/<form_name>")
def act(code: str, form_name: str):
    table = table_or_404(code)
    player, by, view = actor_of(table)
    replay = service.replay_of(table)
    forms = replay.game.forms(replay.state, player)
    form = forms.get(form_name)
    if form is None:
        abort(404)
    if not form.validate():
        if queued():
            return not_entered(" ".join(str(message) for messages in form.errors.values()
                                        for message in messages), 422)
        return render_screen(table, view, forms, None, 422)
    if player is None and "player" in form:
        player = form.player.data or None             # the host names the seat it acts for
    try:
        event = replay.game.event_from_form(form_name, form, player, replay.state)
    except RuleError as error:
        if queued():
            return not_entered(explain(error, replay.game), 422)
        return render_screen(table, view, forms, explain(error, replay.game), 422)
    if event is None:
        abort(404)
    moment = replay.game.moment(form_name, event) if queued() else None
    if moment is not None:         # kept by a phone while offline: it no longer means the same
        return not_entered(str(moment), 409)
    acting = player

    def live(current) -> None:
        current.game.live_check(current.state, current.options, event, acting, by, form_name)
    return commit(table, event, by, view, forms, game=replay.game, live=live)


@bp.post("/t/<code>/undo")
def undo(code: str):
    table = table_or_404(code)
    player, by, view = actor_of(table)
    form = UndoForm()
    if not form.validate():
        abort(400)
    replay = service.replay_of(table)
    if player is None:
        newest = replay.last_counting(lambda event: True)
        target = form.event.data or (newest + 1 if newest is not None else None)
        if target is None:
            return render_screen(table, view, None, gettext("There is nothing to take back."), 422)
    else:
        target = last_own(replay, player)
        if target is None:
            return render_screen(table, view, None, gettext("You have nothing to take back."), 422)
    return commit(table, {"type": "undo", "event": target}, by, view)


@bp.post("/t/<code>/finish")
def finish(code: str):
    table = table_or_404(code)
    if not is_host(table):
        abort(403)
    if not ButtonForm().validate():
        abort(400)
    replay = service.replay_of(table)
    if not replay.finished and not sure():
        return render_screen(table, "host", confirm=question(
            gettext("Finish the game? The final ranking is shown on every screen; you can "
                    "reopen the game from this screen if it was a mistake."),
            request.path, gettext("Finish the game"), screen_url(table, "host"), {"sure": "yes"},
            warnings=replay.game.missing(replay.state)))
    return commit(table, replay.game.end_event(replay.state), "host", "host")


@bp.post("/t/<code>/reopen")
def reopen(code: str):
    """The host takes a Finish back: the platform's undo of the end event."""
    table = table_or_404(code)
    if not is_host(table):
        abort(403)
    if not ButtonForm().validate():
        abort(400)
    target = end_event(service.replay_of(table))
    if target is None:
        return render_screen(table, "host", None, gettext("The game is not finished."), 422)
    return commit(table, {"type": "undo", "event": target}, "host", "host",
                  live=service.stays_finished(table))
