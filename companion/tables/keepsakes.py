"""The play remembered: after the game, photos of the final table and a note from the host
screen and each seat, shown on the finished screens and the story page; the play (its record
with its photos and notes) as one zip.

A photo is sent as a phone takes it (2-6 MB: this route's own body limit), made safe in a child
process (``photos.prepare``: read by its content, its pixels counted before decoding, upright,
at most 2048 pixels, no metadata), then kept with the table. Anyone with the table's code sees
the photos (the form says so); only the host screen deletes one or chooses the result card's.
"""
from __future__ import annotations

from typing import Any

from flask import abort, current_app, make_response, redirect, render_template, request, url_for
from flask_babel import gettext

from .. import photos, plays
from ..bounds import body_limit
from ..errors import RuleError
from ..games import GAMES
from ..words import explain
from . import bp, service
from .forms import NoteForm, PhotoForm
from .identity import is_host, my_seat
from .pages import hosts_table, render_screen, screen_url, table_or_404
from .play_import import photo_kept
from .screens import record_text
from .service.keepsakes import AFTER_THE_GAME


def author(table) -> tuple[str, str, int | None]:
    """Who sends this (the host screen when the form says so and it is; else the seat's
    phone): (how a photo is labelled, the screen to return to, the seat or None). 403 for
    anyone else."""
    seat = my_seat(table)
    if request.form.get("screen") == "host" and is_host(table):
        return "host", "host", None
    if seat is not None:
        return f"seat {seat.position + 1}", "phone", seat.position
    if is_host(table):
        return "host", "host", None
    abort(403)


def back(table, view: str):
    return redirect(screen_url(table.code, view) + "#remembered", 303)


def refused(table, view: str, error: RuleError | str, status: int = 422):
    """The screen again, the refusal in words above it (never a 500)."""
    words = error if isinstance(error, str) else explain(error, GAMES[table.game].rules)
    return render_screen(service.find(table.code), view, None, words, status)


def first_error(form) -> str:
    return str(next(iter(form.errors.values()))[0])


@bp.app_template_global()
def keepsakes(table, view: str) -> dict[str, Any]:
    """What a finished screen shows of the play remembered: the photos, the notes by whom, this
    screen's own note and whether it may add photos."""
    names = table.players
    notes = [{"by": gettext("Host screen") if seat is None else names[seat], "text": text,
              "seat": seat} for seat, text in service.keepsakes.notes_of(table.id)
             if seat is None or seat < len(names)]
    seat = my_seat(table) if view == "phone" else None
    host = view == "host" and is_host(table)
    own = next((n["text"] for n in notes if (n["seat"] is None) == host and
                (host or (seat is not None and n["seat"] == seat.position))), "")
    shown = service.keepsakes.photos_of(table.id)
    card = next((p.id for p in shown if p.on_card), shown[0].id if shown else None)
    return {"photos": shown, "notes": notes, "own_note": own, "card_id": card, "host": host,
            "may_add": (host or seat is not None),
            "room": len(shown) < current_app.config["PHOTOS_PER_TABLE"],
            "most": current_app.config["PHOTOS_PER_TABLE"], "most_bytes": photos.MAX_BYTES,
            "photo_form": PhotoForm(formdata=None), "note_form": NoteForm(formdata=None, note=own)}


def photo_too_large() -> str:
    return explain(photos.too_large())


@bp.post("/t/<code>/photos")
@body_limit("PHOTO_BODY_BYTES", photo_too_large)
def add_photo(code: str):
    table = table_or_404(code)
    by, view, _seat = author(table)
    form = PhotoForm()
    if not form.validate():
        return refused(table, view, first_error(form), 400)
    if table.result is None:        # said before any decoding (and again under the lock)
        return refused(table, view, RuleError(AFTER_THE_GAME))
    try:
        kept = photo_kept(form.photo.data.stream.read(photos.MAX_BYTES + 1))
        service.keepsakes.add_photo(table, kept.jpeg, kept.width, kept.height, by,
                                    current_app.config["PHOTOS_PER_TABLE"])
    except RuleError as error:
        return refused(table, view, error)
    return back(table, view)


@bp.get("/t/<code>/remembered")
def remembered(code: str):
    """The section alone, as the screen draws it (``view=host`` on the host's screen): a screen
    fetches it again when the live part brings a new version, so a photo or a note added on
    another phone shows on every screen without a reload."""
    table = table_or_404(code)
    view = "host" if request.args.get("view") == "host" and is_host(table) else "phone"
    response = make_response(render_template("tables/_keepsakes.html", table=table, view=view))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/t/<code>/photos/<int:photo_id>.jpg")
def photo(code: str, photo_id: int):
    """A photo of the table, to anyone with its code; the same address never shows another."""
    table = table_or_404(code)
    data = service.keepsakes.photo_data(table.id, photo_id)
    if data is None:
        abort(404)
    response = make_response(data)
    response.mimetype = "image/jpeg"
    response.headers["Cache-Control"] = "private, max-age=86400"
    response.headers["Content-Disposition"] = f'inline; filename="{table.code}-{photo_id}.jpg"'
    return response


@bp.post("/t/<code>/photos/<int:photo_id>/delete")
def delete_photo(code: str, photo_id: int):
    table = hosts_table(code)
    service.keepsakes.delete_photo(table, photo_id)     # gone already: as asked
    return back(table, "host")


@bp.post("/t/<code>/photos/<int:photo_id>/card")
def card_photo(code: str, photo_id: int):
    table = hosts_table(code)
    if not service.keepsakes.choose_for_card(table, photo_id):
        abort(404)
    return back(table, "host")


@bp.post("/t/<code>/note")
def note(code: str):
    table = table_or_404(code)
    _by, view, seat = author(table)
    form = NoteForm()
    if not form.validate():
        return refused(table, view, first_error(form))
    try:
        service.keepsakes.set_note(table, seat, form.note.data or "")
    except RuleError as error:
        return refused(table, view, error, 409)
    return back(table, view)


@bp.get("/t/<code>/play.zip")
def play_zip(code: str):
    """The play as one file: the record (exactly its export), its photos and its notes."""
    table = table_or_404(code)
    names = table.players
    notes = [{"host": True, "text": text} if seat is None else {"player": names[seat], "text": text}
             for seat, text in service.keepsakes.notes_of(table.id) if seat is None or seat < len(names)]
    data = plays.write(record_text(table).encode(), service.keepsakes.all_photo_data(table.id), notes)
    response = make_response(data)
    response.mimetype = "application/zip"
    response.headers["Content-Disposition"] = f'attachment; filename="{table.game}-{table.code}-play.zip"'
    response.headers["Cache-Control"] = "no-store"
    return response
