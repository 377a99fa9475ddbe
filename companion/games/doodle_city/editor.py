"""The sheet editor: correct the default layout against your own printed sheet and save it."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from flask_babel import gettext, lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, IntegerField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from ...bounds import numbers_in
from ...ratelimits import saves
from ...words import explain
from .. import definitions
from ..base import RuleError
from .labels import SHAPE_GLYPHS
from .models import SheetDefinition, saved
from .sheet import CELL_TYPES, SHAPES, default_sheet, load_sheet, sheet_json

bp = Blueprint("doodle_city", __name__, url_prefix="/games/doodle-city")

TYPE_LABELS = {"house": _l("House field"), "hotel": _l("Hotel"), "shop": _l("Shop"), "taxi": _l("Taxi")}


class SheetForm(FlaskForm):
    name = StringField(_l("Name"), validators=[InputRequired(_l("Give the sheet a name.")), Length(max=60)])
    hotel_track = StringField(_l("Hotel track, lowest to highest"),
                              validators=[InputRequired(_l("Type the hotel track's values."))])
    shop_track = StringField(_l("Shop track, lowest to highest"),
                             validators=[InputRequired(_l("Type the shop track's values."))])
    trees = IntegerField(_l("Trees"), validators=[InputRequired(), NumberRange(1, 20)])
    verified = BooleanField(_l("I compared every cell with our printed sheet"))


for _row in range(1, 6):
    for _column in range(1, 6):
        setattr(SheetForm, f"cell_{_row}_{_column}",
                SelectField(choices=[SelectChoice(t, TYPE_LABELS[t]) for t in CELL_TYPES]))
# a start road per blue face, picked by its drawing (never by compass letters)
ROAD_CHOICES = [SelectChoice("", "–")] + [SelectChoice(s, SHAPE_GLYPHS[s]) for s in SHAPES]
for _column in range(1, 6):
    setattr(SheetForm, f"total_{_column}", SelectField(choices=[SelectChoice("3"), SelectChoice("4")]))
    setattr(SheetForm, f"crossed_{_column}", SelectField(choices=[SelectChoice("1"), SelectChoice("2")]))
    for _face in range(1, 7):
        setattr(SheetForm, f"road_{_column}_{_face}",
                SelectField(choices=ROAD_CHOICES, validators=[Optional()]))


def fill(form: SheetForm, data: dict[str, Any], name: str) -> None:
    form.name.data = name
    for r, row in enumerate(data["grid"], 1):
        for c, kind in enumerate(row, 1):
            form[f"cell_{r}_{c}"].data = kind
    for field in data["houses"]:
        c = field["column"]
        form[f"total_{c}"].data = str(field["total"])
        form[f"crossed_{c}"].data = str(field["crossed"])
        for face, road in enumerate(field.get("roads") or [], 1):
            form[f"road_{c}_{face}"].data = road
    form.hotel_track.data = " ".join(str(v) for v in data["hotel_track"])
    form.shop_track.data = " ".join(str(v) for v in data["shop_track"])
    form.trees.data = data["trees"]
    form.verified.data = not data.get("unverified", True)


def definition(form: SheetForm) -> dict[str, Any]:
    """The form as a sheet definition (checked by load_sheet, like an imported one)."""
    grid = [[form[f"cell_{r}_{c}"].data for c in range(1, 6)] for r in range(1, 6)]
    houses = []
    for c in range(1, 6):
        rows = [r for r in range(1, 6) if grid[r - 1][c - 1] == "house"]
        entry = {"row": rows[0] if rows else 0, "column": c,
                 "total": int(form[f"total_{c}"].data), "crossed": int(form[f"crossed_{c}"].data)}
        roads = [form[f"road_{c}_{face}"].data for face in range(1, 7)]
        if any(roads):
            entry["roads"] = roads      # load_sheet refuses a list with a face left out
        houses.append(entry)
    return {"name": form.name.data.strip(), "unverified": not form.verified.data, "grid": grid,
            "houses": [h for h in houses if h["row"]],
            "hotel_track": numbers_in(form.hotel_track.data),
            "shop_track": numbers_in(form.shop_track.data),
            "trees": form.trees.data}


@bp.get("/sheets")
def sheets():
    return render_template("games/doodle_city/sheets.html", sheets=saved(), default=default_sheet())


@bp.route("/sheets/new", methods=["GET", "POST"], defaults={"token": None})
@bp.route("/sheets/<token:token>", methods=["GET", "POST"])
@saves
def edit(token: str | None):
    """A new sheet (the default, or ``?copy=`` a saved one), or a saved one: its owner changes
    it, anyone else sees it to copy it or start a table with it."""
    record = definitions.found(SheetDefinition, token) if token is not None else None
    form = SheetForm()
    if not form.is_submitted():
        copied = definitions.by_choice(SheetDefinition, request.args.get("copy"))
        if record is not None:
            fill(form, record.data, record.name)
        elif copied is not None:
            fill(form, copied.data, definitions.copy_name(copied.name))
        else:
            fill(form, sheet_json(default_sheet()), "")
    elif record is not None:
        definitions.owner_only(record)
    status = 200
    partial = [c for c in range(1, 6)
               if 0 < sum(bool(form[f"road_{c}_{face}"].data) for face in range(1, 7)) < 6]
    if form.is_submitted() and partial:
        form.form_errors.append(gettext("Column %(column)s: pick all six start roads, or none.",
                                        column=partial[0]))
    elif form.validate_on_submit():
        data = definition(form)
        try:
            load_sheet(data)
        except RuleError as error:
            form.form_errors.append(explain(error))
        else:
            target = record or SheetDefinition()
            target.name, target.data = data["name"], data
            if definitions.store(target, form.form_errors, form.name.errors,
                                 _l("A sheet with this name exists already.")):
                return redirect(url_for("doodle_city.sheets"), 303)
    if form.is_submitted():
        status = 422
    return render_template("games/doodle_city/sheet_edit.html", form=form, record=record,
                           links=definitions.links(record) if record else None,
                           shapes=SHAPES), status


@bp.post("/sheets/<token:token>/delete")
def delete(token: str):
    return definitions.deleted(SheetDefinition, token, "doodle_city.sheets")
