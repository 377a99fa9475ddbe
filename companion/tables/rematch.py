"""A rematch: the next game at the same table, every screen following.

A rematch: the host screen of a finished table starts the next game (the same game, players
and options) with one tap, and every phone and screen of the old table follows to its place at
the new one. The new table's seats and host are held by the same secrets as the old ones, so a
browser's cookie for the old table is simply copied to the new one.
"""
from __future__ import annotations

from flask import Response, abort, redirect, request, url_for

from ..games import GAMES
from ..games.base import RuleError
from ..models import Table, digest
from . import bp, service
from .forms import RematchForm
from ..words import explain
from .identity import HOST_COOKIE, SEAT_COOKIE, is_host, my_seat, remember
from .pages import render_screen, table_or_404

ORDERS = {"rotate": True, "keep": False}      # the form's choice: the next player starts, or not


def follow(old: Table, new: Table) -> tuple[str | None, str | None]:
    """The secrets this browser holds at ``old`` that hold the same place at ``new``:
    (host secret, seat secret), each None when it holds none there."""
    host = request.cookies.get(HOST_COOKIE.format(old.code)) if is_host(old) else None
    if host is not None and new.host_hash != digest(host):
        host = None
    seat, secret = my_seat(old), request.cookies.get(SEAT_COOKIE.format(old.code))
    if seat is None or not secret or not any(
            place.name == seat.name and place.secret_hash == digest(secret) for place in new.seats):
        secret = None
    return host, secret


def moved(old: Table, new: Table, view: str) -> Response:
    """The redirect to this browser's place at the new table (its screen, else the join page),
    its cookies for the new table set."""
    host, seat = follow(old, new)
    if seat is not None and (view == "phone" or host is None):
        target = url_for("tables.phone", code=new.code)
    elif host is not None:
        target = url_for("tables.host", code=new.code)
    else:
        target = url_for("tables.join", code=new.code)
    response = redirect(target, 303)
    if host is not None:
        remember(response, HOST_COOKIE.format(new.code), host)
    if seat is not None:
        remember(response, SEAT_COOKIE.format(new.code), seat)
    return response


@bp.app_template_global()
def rematch_form(clock: dict[str, int] | None) -> RematchForm:
    """The rematch card's form, its time bank as the finished table's."""
    return RematchForm(formdata=None, clock=clock)


@bp.post("/t/<code>/rematch")
def rematch(code: str):
    """The host starts the next game; a second tap lands on the same new table."""
    table = table_or_404(code)
    if not is_host(table):
        abort(403)
    form = RematchForm()
    if not form.validate() or request.form.get("order") not in ORDERS:
        abort(400)
    # the time bank as chosen on the card (for a game with turns), else the old table's
    clock = form.clock_option() if "bank" in request.form else True
    try:
        new = service.rematch(table, rotate=ORDERS[request.form["order"]], clock=clock)
    except RuleError as error:
        return render_screen(service.find(table.code), "host", None,
                             explain(error, GAMES[table.game].rules), 409)
    return moved(table, new, "host")


@bp.get("/t/<code>/next")
def next_game(code: str):
    """Where a screen of a table goes once its rematch started: the same place at the new table."""
    table = table_or_404(code)
    new = service.find(table.next_code) if table.next_code else None
    view = "phone" if request.args.get("view") == "phone" else "host"
    if new is None:         # no rematch (yet): back to the screen it came from
        mine = view == "phone" and my_seat(table) is not None
        return redirect(url_for("tables.phone" if mine else "tables.host", code=table.code), 303)
    return moved(table, new, view)
