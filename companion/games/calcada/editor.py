"""The board editors: correct a board against the one on your table, save it.

The board editors: correct a player board side (districts and printed numbers) and the
scoring board's rows against the boxes on your table, and save them by name.
"""
from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, abort, redirect, render_template, url_for
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from sqlalchemy.exc import IntegrityError
from wtforms import BooleanField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length

from ...extensions import db
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
    db.session.add(record)
    try:
        db.session.commit()
        return True
    except IntegrityError:
        db.session.rollback()
        form.name.errors.append(_l("There is one with this name already."))
        return False


@bp.get("/boards")
def boards():
    return render_template("games/calcada/boards.html", boards=saved_boards(),
                           scoring=saved_scoring())


@bp.route("/boards/new/<side>", methods=["GET", "POST"], defaults={"board_id": None})
@bp.route("/boards/<int:board_id>", methods=["GET", "POST"], defaults={"side": None})
def edit_board(board_id: int | None, side: str | None):
    record = db.session.get(BoardDefinition, board_id) if board_id is not None else None
    if (board_id is not None and record is None) or (side is not None and side not in ("8", "9")):
        abort(404)
    form = BoardForm()
    if not form.is_submitted():
        source = record.data if record else board_json(default_board(side))
        fill_board(form, source, record.name if record else "")
    preview = None
    if form.validate_on_submit():
        data = board_definition(form)
        try:
            preview = load_board(data)
        except RuleError as error:
            form.form_errors.append(refusal_text(error))
        else:
            record = record or BoardDefinition(name=data["name"], data=data)
            record.name, record.data = data["name"], data
            if save(record, form):
                return redirect(url_for("calcada.boards"), 303)
    if preview is None:
        preview = record.board if record else default_board(side)
    return render_template("games/calcada/board_edit.html", form=form, record=record,
                           preview=preview, cells=CELLS, outline=districts),\
        422 if form.is_submitted() else 200


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


@bp.route("/scoring/new", methods=["GET", "POST"], defaults={"scoring_id": None})
@bp.route("/scoring/<int:scoring_id>", methods=["GET", "POST"])
def edit_scoring(scoring_id: int | None):
    record = db.session.get(ScoringDefinition, scoring_id) if scoring_id is not None else None
    if scoring_id is not None and record is None:
        abort(404)
    form = ScoringForm()
    if not form.is_submitted():
        rows = record.data["rows"] if record else \
            {str(n): list(r.rows) for n, r in default_rows().items()}
        for count in PLAYER_COUNTS:
            form[f"rows_{count}"].data = " ".join(str(v) for v in rows[str(count)])
        form.name.data = record.name if record else ""
        form.verified.data = bool(record) and not record.data.get("unverified", False)
    if form.validate_on_submit():
        try:
            data = scoring_definition(form)
        except RuleError as error:
            form.form_errors.append(refusal_text(error))
        else:
            name = form.name.data.strip()
            record = record or ScoringDefinition(name=name, data=data)
            record.name, record.data = name, data
            if save(record, form):
                return redirect(url_for("calcada.boards"), 303)
    return render_template("games/calcada/scoring_edit.html", form=form, record=record,
                           counts=PLAYER_COUNTS), 422 if form.is_submitted() else 200
