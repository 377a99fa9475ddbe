"""The board editors: correct a board against the one on your table, save it.

The board editors: correct a player board side (districts and printed numbers) and the
scoring board's rows against the boxes on your table, and save them by name.
"""
from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length

from ...ratelimits import saves
from .. import definitions
from ..base import N_, RuleError
from .drawing import districts
from .board import SIZE, board_json, default_board, default_rows, load_board, load_rows
from .labels import refusal_text
from .models import BoardDefinition, ScoringDefinition, saved_boards, saved_scoring

bp = Blueprint("calcada", __name__, url_prefix="/games/calcada")

PLAYER_COUNTS = (2, 3, 4)
DISTRICT_IDS = range(1, 10)
CELLS = [(r, c) for r in range(1, SIZE + 1) for c in range(1, SIZE + 1)]


class NamedForm(FlaskForm):
    name = StringField(_l("Name"), validators=[InputRequired(_l("Give it a name.")),
                                               Length(max=60)])
    verified = BooleanField(_l("I compared every entry with our printed board"))


class BoardForm(NamedForm):
    pass


class ScoringForm(NamedForm):
    pass


for _r, _c in CELLS:
    setattr(BoardForm, f"district_{_r}_{_c}",
            SelectField(choices=[SelectChoice(str(d)) for d in DISTRICT_IDS]))
    setattr(BoardForm, f"number_{_r}_{_c}",
            SelectField(choices=[SelectChoice(str(n)) for n in range(1, 6)]))
for _count in PLAYER_COUNTS:
    setattr(ScoringForm, f"rows_{_count}", StringField(
        _l("%(count)d players: multipliers, top row first", count=_count),
        validators=[InputRequired(_l("Type the multipliers, e.g. 3 2 1."))]))


# --- the player board ------------------------------------------------------------------------

def fill_board(form: BoardForm, data: dict[str, Any], name: str) -> None:
    form.name.data = name
    given = {d for row in data["districts"] for d in row}
    keep = all(isinstance(d, int) and d in DISTRICT_IDS for d in given)
    ids: dict[Any, int] = {}        # other district ids (names): renumbered in reading order
    for r, c in CELLS:
        district = data["districts"][r - 1][c - 1]
        number = district if keep else ids.setdefault(district, len(ids) + 1)
        form[f"district_{r}_{c}"].data = str(number)
        form[f"number_{r}_{c}"].data = str(data["numbers"][r - 1][c - 1])
    form.verified.data = not data.get("unverified", True)


def board_definition(form: BoardForm) -> dict[str, Any]:
    """The form as a board definition (checked by load_board, like an imported one)."""
    grid = [[[int(form[f"{what}_{r}_{c}"].data) for c in range(1, SIZE + 1)]
             for r in range(1, SIZE + 1)] for what in ("district", "number")]
    return {"name": form.name.data.strip(), "unverified": not form.verified.data,
            "districts": grid[0], "numbers": grid[1]}


def save(record: Any, form: NamedForm) -> bool:
    return definitions.store(record, form.form_errors, form.name.errors,
                             _l("There is one with this name already."))


@bp.get("/boards")
def boards():
    return render_template("games/calcada/boards.html", boards=saved_boards(),
                           scoring=saved_scoring())


@bp.route("/boards/new", methods=["GET", "POST"], defaults={"token": None, "side": None})
@bp.route("/boards/new/<side>", methods=["GET", "POST"], defaults={"token": None})
@bp.route("/boards/<token:token>", methods=["GET", "POST"], defaults={"side": None})
@saves
def edit_board(token: str | None, side: str | None):
    """A new board (a printed side, or ``?copy=`` a saved one), or a saved one: its owner
    changes it, anyone else sees it to copy it or start a table with it."""
    record = definitions.found(BoardDefinition, token) if token is not None else None
    if side is not None and side not in ("8", "9"):
        abort(404)
    copied = definitions.by_choice(BoardDefinition, request.args.get("copy"))
    form = BoardForm()
    if not form.is_submitted():
        if record is not None:
            fill_board(form, record.data, record.name)
        elif copied is not None:
            fill_board(form, copied.data, definitions.copy_name(copied.name))
        else:
            fill_board(form, board_json(default_board(side or "8")), "")
    elif record is not None:
        definitions.owner_only(record)
    preview = None
    if form.validate_on_submit():
        data = board_definition(form)
        try:
            preview = load_board(data)
        except RuleError as error:
            form.form_errors.append(refusal_text(error))
        else:
            target = record or BoardDefinition()
            target.name, target.data = data["name"], data
            if save(target, form):
                return redirect(url_for("calcada.boards"), 303)
    if preview is None:
        shown = record or copied
        preview = shown.board if shown else default_board(side or "8")
    return render_template("games/calcada/board_edit.html", form=form, record=record,
                           links=definitions.links(record) if record else None,
                           preview=preview, cells=CELLS, outline=districts),\
        422 if form.is_submitted() else 200


@bp.post("/boards/<token:token>/delete")
def delete_board(token: str):
    return definitions.deleted(BoardDefinition, token, "calcada.boards")


# --- the scoring board -----------------------------------------------------------------------

def scoring_definition(form: ScoringForm) -> dict[str, Any]:
    """The rows per player count, each checked by load_rows; the refusal names the count."""
    rows = {}
    for count in PLAYER_COUNTS:
        values = [int(v) for v in re.findall(r"-?[0-9]{1,9}", form[f"rows_{count}"].data or "")]
        try:
            load_rows(values)
        except RuleError as error:
            raise RuleError(N_("%(count)d players: %(reason)s"), count=count,
                            reason=refusal_text(error)) from None
        rows[str(count)] = values
    return {"unverified": not form.verified.data, "rows": rows}


@bp.route("/scoring/new", methods=["GET", "POST"], defaults={"token": None})
@bp.route("/scoring/<token:token>", methods=["GET", "POST"])
@saves
def edit_scoring(token: str | None):
    """A new scoring board (the default rows, or ``?copy=`` a saved one), or a saved one: its
    owner changes it, anyone else sees it to copy it or start a table with it."""
    record = definitions.found(ScoringDefinition, token) if token is not None else None
    form = ScoringForm()
    if not form.is_submitted():
        copied = definitions.by_choice(ScoringDefinition, request.args.get("copy"))
        shown = record or copied
        rows = shown.data["rows"] if shown else \
            {str(n): list(r.rows) for n, r in default_rows().items()}
        for count in PLAYER_COUNTS:
            form[f"rows_{count}"].data = " ".join(str(v) for v in rows[str(count)])
        form.name.data = record.name if record else \
            definitions.copy_name(copied.name) if copied else ""
        form.verified.data = bool(shown) and not shown.data.get("unverified", False)
    elif record is not None:
        definitions.owner_only(record)
    if form.validate_on_submit():
        try:
            data = scoring_definition(form)
        except RuleError as error:
            form.form_errors.append(refusal_text(error))
        else:
            target = record or ScoringDefinition()
            target.name, target.data = form.name.data.strip(), data
            if save(target, form):
                return redirect(url_for("calcada.boards"), 303)
    return render_template("games/calcada/scoring_edit.html", form=form, record=record,
                           links=definitions.links(record) if record else None,
                           counts=PLAYER_COUNTS), 422 if form.is_submitted() else 200


@bp.post("/scoring/<token:token>/delete")
def delete_scoring(token: str):
    return definitions.deleted(ScoringDefinition, token, "calcada.boards")
