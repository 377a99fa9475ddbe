"""Acts: the routes through which a screen changes a table.

Acts: every change a screen makes is an event through the rules (a game's form, undo,
finish, reopen).
"""
from __future__ import annotations

from typing import Any

from flask import abort, redirect, request
from flask_babel import gettext

from ..games import GAMES
from ..games.base import Act, Conflict, RuleError
from ..words import explain
from . import bp, service
from .confirm import question, sure
from .forms import ButtonForm, UndoForm
from .identity import is_host, my_seat
from .pages import (end_event, hosts_table, htmx, in_every_language, last_own, not_entered,
                    queue_answer, queued, render_screen, screen_answer, screen_url, selection_of,
                    table_or_404)
from .summaries import changes_since


# the posts a phone's kept entries may be: a game's entry, and a turn passed (the record's pass)
QUEUED_ROUTES = ("tables.act", "tables.pass_turn")


@bp.before_app_request
def only_entries_from_a_queue():
    """A phone keeps only a game's entries while offline (a pass is one); anything else arriving
    as a kept entry (``X-Queued``) — an undo, a seat, a finish — would count at another moment
    than its tap: refused in words, before anything is read or changed."""
    if request.method != "POST" or not queued() or request.endpoint in QUEUED_ROUTES:
        return None
    if request.endpoint == "tables.undo":
        return not_entered(lambda: gettext("An undo is never kept while offline: tap it again "
                                           "once the table answers."), 409)
    return not_entered(lambda: gettext("Only entries are kept while offline: do this again once "
                                       "the table answers."), 409)


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


def act_of(event: dict[str, Any], by: str, player: str | None = None,
           form: str | None = None) -> Act:
    """The act this request makes: the event with who makes it, the form it came from, and
    from the posted form what it answers (the value the player agreed to replace, whose turn
    they agreed to act out of), its nonce and whether it comes from a phone's offline queue."""
    return Act(event, by, player, form, request.form.get("replaces") or None,
               request.form.get("nonce") or None, request.form.get("anyway") or None, queued())


def since_seen(table, mine: tuple[str, str | None] | None = None):
    """The table as it is now, and what was entered since the posting screen showed it (its
    ``seen`` field), without what ``mine`` entered itself (see :func:`changes_since`): a
    function wording it in the language at hand."""
    table = service.find(table.code)
    replay = service.replay_of(table)
    seen = request.form.get("seen", type=int)
    by = service.authors(table, max(0, seen or 0))
    return table, replay, lambda: changes_since(replay, by, seen, mine)


def ask_to_replace(table, view: str, conflict: Conflict, forms: dict[str, Any] | None):
    """The screen again, asking: the entry re-posted as it was, with the value it replaces (or
    whose turn it is made out of)."""
    table, replay, changes = since_seen(table)
    fields = {k: v for k, v in request.form.items() if k not in ("csrf_token", "nonce", "seen")}
    fields |= {conflict.field: conflict.token, "seen": len(replay.events)}
    yes = gettext(conflict.yes) if conflict.yes else gettext("Replace")
    # the yes posts where the entry did, and Back returns to the same view (the seat the host
    # enters for, the spot tapped): both keep the screen's selections
    action = request.full_path if request.query_string else request.path
    back = screen_url(table.code, view, selection_of(replay.game))
    return render_screen(table, view, forms, status=409, confirm=question(
        explain(conflict, replay.game.rules), action, yes, back, fields, changes=changes(),
        danger=False))


def late_entry(table, act: Act, conflict: Conflict):
    """An entry sent late from a phone's queue that would replace a value: refused with the
    question the phone then asks (its Replace sends the entry again with the conflict's token),
    naming what was entered since the phone's screen showed the table; the entry's own line
    comes along, as the phone may show it in another language than the one it was made in."""
    table, replay, changes = since_seen(table, mine=(act.by, act.player))

    def reason() -> str:
        question, lines = explain(conflict, replay.game.rules), changes()
        if not lines:
            return gettext("Not entered: %(reason)s", reason=question)
        return gettext("Not entered: while this phone was offline, %(changes)s. %(question)s",
                       changes="; ".join(lines), question=question)
    entries = in_every_language(lambda: replay.game.rules.describe(act.event, replay.options))
    return queue_answer(reason, 409, replaces=conflict.token,
                        **({"entries": entries} if all(entries.values()) else {}))


def form_errors(form) -> str:
    """What is wrong with a posted form, in words of the language at hand (validated again: a
    validator words its message as it runs)."""
    form.validate()
    return " ".join(str(message) for messages in form.errors.values() for message in messages)


def commit(table, act: Act, view: str, forms: dict[str, Any] | None = None):
    """Append ``act`` (checked under the table's lock on the state it is appended to) and answer:
    the screen again (with the question before a replacement, or the refusal), a queued entry's
    short answer, or the way back to the screen."""
    code, game = table.code, GAMES[table.game]
    try:
        service.append(table, act)
    except Conflict as conflict:
        if queued():
            return late_entry(table, act, conflict)
        return ask_to_replace(table, view, conflict, forms)
    except RuleError as error:
        if queued():
            return not_entered(lambda error=error: explain(error, game.rules), 422)
        return render_screen(service.find(code), view, forms, explain(error, game.rules), 422)
    if queued():        # appended now, or already in by its nonce
        return queue_answer()
    screen = screen_url(code, view, selection_of(game))
    return screen_answer(screen) if htmx() else redirect(screen, 303)


@bp.post("/t/<code>/act/<form_name>")
def act(code: str, form_name: str):
    table = table_or_404(code)
    player, by, view = actor_of(table)
    replay = service.replay_of(table)
    forms = replay.game.screens.forms(replay.state, player)
    form = forms.get(form_name)
    if form is None:
        abort(404)
    if not form.validate():
        if queued():
            return not_entered(lambda: form_errors(form), 422)
        return render_screen(table, view, forms, None, 422)
    if player is None and "player" in form:
        player = form.player.data or None             # the host names the seat it acts for
    try:
        event = replay.game.screens.event_from_form(form_name, form, player, replay.state)
    except RuleError as error:
        if queued():
            return not_entered(lambda error=error: explain(error, replay.game.rules), 422)
        return render_screen(table, view, forms, explain(error, replay.game.rules), 422)
    if event is None:
        abort(404)
    moment = replay.game.policy.moment(form_name, event) if queued() else None
    if moment is not None:         # kept by a phone while offline: it no longer means the same
        return not_entered(lambda: str(moment), 409)
    return commit(table, act_of(event, by, player, form_name), view, forms)


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
    return commit(table, act_of({"type": "undo", "event": target}, by, player), view)


@bp.post("/t/<code>/pass")
def pass_turn(code: str):
    """*Done — pass*: the turn ends with nothing scored (the record's ``pass``), from the phone
    whose turn it is or the host for the seat it acts for."""
    table = table_or_404(code)
    player, by, view = actor_of(table)
    if not ButtonForm().validate():
        abort(400)
    replay = service.replay_of(table)
    if player is None:
        named = request.form.get("player") or ""
        player = named if named in replay.players else None
    if player is None:
        return render_screen(table, view, None, gettext("Pick the player you enter this for."), 422)
    return commit(table, act_of({"type": "pass", "player": player}, by, player, "pass"), view)


@bp.post("/t/<code>/finish")
def finish(code: str):
    table = hosts_table(code)
    replay = service.replay_of(table)
    if not replay.finished and not sure():
        return render_screen(table, "host", confirm=question(
            gettext("Finish the game? The final ranking is shown on every screen; you can "
                    "reopen the game from this screen if it was a mistake."),
            request.path, gettext("Finish the game"), screen_url(table.code, "host"), {"sure": "yes"},
            warnings=replay.game.policy.missing(replay.state)))
    return commit(table, act_of(replay.game.rules.end_event(replay.state), "host"), "host")


@bp.post("/t/<code>/clock")
def clock(code: str):
    """The host pauses the table's clock for a break, or resumes it (the record's ``pause`` and
    ``resume``), and so may any seated phone where the table lets them: the button says which,
    so a second tap on a screen not yet updated is refused with the reason instead of undoing
    the first. Never kept by a phone while offline (not an entry of /act/: offline.js refuses
    it at once, as an undo)."""
    table = table_or_404(code)
    player, by, view = actor_of(table)
    if player is not None and not table.seats_pause:
        abort(403)
    if not ButtonForm().validate() or request.form.get("clock") not in ("pause", "resume"):
        abort(400)
    return commit(table, act_of({"type": request.form["clock"]}, by, player), view)


@bp.post("/t/<code>/reopen")
def reopen(code: str):
    """The host takes a Finish back: the platform's undo of the end event."""
    table = hosts_table(code)
    target = end_event(service.replay_of(table))
    if target is None:
        return render_screen(table, "host", None, gettext("The game is not finished."), 422)
    return commit(table, act_of({"type": "undo", "event": target}, "host"), "host")
