"""Taking, leaving and freeing a seat; claiming the host screen."""
from __future__ import annotations

from flask import abort, make_response, redirect, render_template, request, url_for
from flask_babel import gettext

from ..games import GAMES
from . import bp, service
from .confirm import question, sure
from .forms import ButtonForm, SeatForm
from .identity import SEAT_COOKIE, browser, host_redirect, is_host, my_seat, remember
from .pages import render_screen, screen_url, table_or_404


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
            text, request.path, yes, screen_url(table.code, view), {"sure": "yes", "screen": view}))
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
