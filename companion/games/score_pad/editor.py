"""The score sheet editor: sheets saved by name, made, corrected, downloaded and uploaded."""
from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask_babel import gettext, lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import (BooleanField, FieldList, Form, FormField, RadioField, SelectField, StringField,
                     TextAreaField)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length

from ...bounds import has_surrogate, small_int, walk
from ...ratelimits import saves
from ...validators import has_control, typed_name
from ...words import explain
from .. import definitions
from ..base import N_, RuleError
from . import rules
from .models import SavedSheet, saved
from .shipped import in_language, in_order, shipped
from .start import chosen, language

bp = Blueprint("score_pad", __name__, url_prefix="/games/score-pad")

SPARE_ROWS = 3          # empty rows below the categories: more are typed without a tap
NEW_ROWS = 5            # rows a new sheet starts with
MAX_UPLOAD = 64 * 1024  # a sheet of 20 long categories is a few kB
TOO_LARGE = N_("That file is too large to be a score sheet: a sheet's file is at most %(kb)d kB "
               "(a sheet of 20 categories takes a few kB).")


class CategoryRow(Form):
    name = StringField()            # each labelled in the template by its row's number
    id = StringField()
    remove = BooleanField()


class SheetForm(FlaskForm):
    name = StringField(_l("Name of the sheet"), validators=[
        InputRequired(_l("Give the score sheet a name.")),
        Length(max=rules.MAX_SHEET_NAME, message=_l("A sheet's name is at most %(max)d characters.")),
        typed_name])
    rounds = RadioField(_l("The categories are filled"), choices=[
        SelectChoice("once", _l("once, at the end of the game")),
        SelectChoice("rounds", _l("every round"))], default="once")
    lowest_wins = BooleanField(_l("Lowest total wins"))
    categories = FieldList(FormField(CategoryRow), max_entries=rules.MAX_CATEGORIES)
    tie_break = StringField()       # the row (1, 2, …) of the category that breaks ties, or ""
    tie_lowest = SelectField(_l("A tie goes to the player with"), choices=[
        SelectChoice("more", _l("more of it")), SelectChoice("fewer", _l("fewer of it"))])
    setup = TextAreaField(_l("Setup (optional): what the table does before the game, a line each"),
                          validators=[Length(max=rules.MAX_SETUP, message=_l(
                              "The setup is at most %(max)d characters."))])


class UploadForm(FlaskForm):
    sheet = FileField(_l("A score sheet file (.json)"),
                      validators=[FileRequired(_l("Choose a sheet file."))])


# --- between the form and a sheet's definition ----------------------------------------------

def slug(text: str) -> str:
    """ASCII small letters, digits and dashes: "Kincstár" -> "kincstar"."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


def made_id(name: str, taken: set[str]) -> str:
    """An id for a category typed without one: its name as a slug, made unique."""
    base = slug(name)[:32].strip("-") or "category"
    candidate, number = base, 2
    while candidate in taken:
        suffix = f"-{number}"
        candidate, number = base[:32 - len(suffix)].rstrip("-") + suffix, number + 1
    return candidate


def fill(form: SheetForm, definition: dict[str, Any], name: str, lowest_wins: bool) -> None:
    form.name.data = name
    form.rounds.data = "rounds" if definition.get("rounds", True) else "once"
    form.lowest_wins.data = lowest_wins
    tie = definition.get("tie_break")
    ids = rules.category_ids(definition)
    form.tie_break.data = str(ids.index(tie["category"]) + 1) if tie else ""
    form.tie_lowest.data = "fewer" if tie and tie["lowest"] else "more"
    form.setup.data = definition.get("setup", "")
    set_rows(form, [{"name": c["name"], "id": c["id"]} for c in definition["categories"]],
             max(SPARE_ROWS, NEW_ROWS - len(definition["categories"])))


def category_refusals(names: list[str]) -> dict[int, RuleError]:
    """What a saved sheet may not have in its categories' names, though a game record may (the
    editor's rows and an uploaded file alike): a control character, or the name of a category
    above it (letter case aside). Category (0-based) -> the refusal, which names that category;
    empty names are left to the caller."""
    refusals: dict[int, RuleError] = {}
    seen: dict[str, int] = {}
    for row, name in enumerate(names):
        if not name:
            continue
        if has_control(name):
            refusals[row] = RuleError(N_("Category %(n)d's name holds a control character (an "
                                         "invisible one, such as a tab or a line break); a name "
                                         "cannot hold one."), n=row + 1)
        elif name.casefold() in seen:
            refusals[row] = RuleError(N_("Category %(n)d has the same name as category "
                                         "%(other)d; give each category a different name."),
                                      n=row + 1, other=seen[name.casefold()] + 1)
        else:
            seen[name.casefold()] = row
    return refusals


def set_rows(form: SheetForm, rows: list[dict[str, str]], spare: int = SPARE_ROWS) -> None:
    """The category rows shown: these, then empty ones (20 rows at most)."""
    while form.categories.entries:
        form.categories.pop_entry()
    form.categories.last_index = -1         # numbered from 0 again, whatever was sent
    blank = {"name": "", "id": ""}
    for row in (rows + [blank] * spare)[:rules.MAX_CATEGORIES]:
        form.categories.append_entry(row)


class Rows:
    """The category rows as submitted: the kept ones (a name or an id, not removed), their ids
    filled in where left empty, the mistakes found per kept row, and the tie-break's row."""

    def __init__(self, form: SheetForm) -> None:
        self.kept: list[dict[str, str]] = []
        self.errors: dict[int, list[str]] = {}      # kept row (0-based) -> messages
        self.form_errors: list[str] = []
        self.empty = 0
        tie_row = small_int(form.tie_break.data)
        self.tie: int | None = None
        for number, entry in enumerate(form.categories.entries, 1):
            name, id_ = ((entry[field].data or "").strip() for field in ("name", "id"))
            if entry["remove"].data or not (name or id_):
                if not entry["remove"].data:
                    self.empty += 1
                if tie_row == number:
                    self.form_errors.append(gettext(
                        "The tie-break is on a row without a category: choose a category, or "
                        "no tie-break."))
                continue
            if tie_row == number:
                self.tie = len(self.kept)
            self.kept.append({"name": name, "id": id_})
        if form.tie_break.data and tie_row is None:
            self.form_errors.append(gettext("Choose the tie-break among the categories."))
        self.check_names()
        taken = {row["id"] for row in self.kept if row["id"]}
        for row in self.kept:
            if not row["id"] and row["name"]:
                row["id"] = made_id(row["name"], taken)
                taken.add(row["id"])

    def say(self, row: int, message: str) -> None:
        self.errors.setdefault(row, []).append(message)

    def check_names(self) -> None:
        for row, category in enumerate(self.kept):
            if not category["name"]:
                self.say(row, gettext("Give this category a name (or clear its id to drop it)."))
        for row, refusal in category_refusals([c["name"] for c in self.kept]).items():
            self.say(row, explain(refusal))
        if not self.kept:
            self.form_errors.append(gettext("Give the sheet at least one category."))

    def definition(self, form: SheetForm) -> dict[str, Any]:
        sheet: dict[str, Any] = {"name": (form.name.data or "").strip(), "categories": self.kept,
                                 "rounds": form.rounds.data == "rounds"}
        if self.tie is not None:
            sheet["tie_break"] = {"category": self.kept[self.tie]["id"],
                                  "lowest": form.tie_lowest.data == "fewer"}
        if (form.setup.data or "").strip():
            sheet["setup"] = form.setup.data
        return sheet

    def refused(self, error: RuleError) -> None:
        """check_sheet's refusal beside the row it names (by number or id), else on top."""
        message = explain(error)
        number, id_ = error.params.get("n"), error.params.get("id")
        ids = [row["id"] for row in self.kept]
        if isinstance(number, int) and 1 <= number <= len(self.kept):
            self.say(number - 1, message)
        elif id_ in ids and ids.count(id_) > 1:
            self.say(ids.index(id_, ids.index(id_) + 1), message)
        else:
            self.form_errors.append(message)


# --- the pages ------------------------------------------------------------------------------

def source(choice: str | None) -> tuple[dict[str, Any], str, bool]:
    """What a new sheet starts from: a copy of a shipped or saved sheet (anyone's, by its
    link), else empty rows."""
    found = chosen(choice or "", language())
    if found is None:
        return {"rounds": True, "categories": []}, "", False
    definition, lowest = found
    return definition, definitions.copy_name(definition["name"]), lowest


@bp.get("/sheets")
def sheets():
    return listing(UploadForm(formdata=None))


def listing(upload: UploadForm, status: int = 200):
    lang = language()
    return render_template("games/score_pad/sheets.html", sheets=saved(), upload=upload,
                           shipped=[(s, s.name(lang), s.follows_in(lang), s.sheet(lang))
                                    for s in in_order(lang)]), status


def page(form: SheetForm, record: SavedSheet | None, row_errors: dict[int, list[str]],
         status: int = 200):
    return render_template("games/score_pad/sheet_edit.html", form=form, record=record,
                           links=definitions.links(record) if record else None,
                           row_errors=row_errors), status


@bp.route("/sheets/new", methods=["GET", "POST"], defaults={"token": None})
@bp.route("/sheets/<token:token>", methods=["GET", "POST"])
@saves
def edit(token: str | None):
    """A new sheet (``?copy=`` a shipped or saved one), or a saved one: its owner changes it,
    anyone else sees it to copy it or start a table with it."""
    record = definitions.found(SavedSheet, token) if token is not None else None
    form = SheetForm()
    if not form.is_submitted():
        if record is not None:
            fill(form, record.data, record.name, record.lowest_wins)
        else:
            fill(form, *source(request.args.get("copy")))
        return page(form, record, {})
    if record is not None:
        definitions.owner_only(record)
    more = "more" in request.form           # more rows: nothing checked, nothing saved
    rows = Rows(form)
    if not more and form.validate() and not rows.errors and not rows.form_errors \
            and save(form, rows, record):
        return redirect(url_for("score_pad.sheets"), 303)
    if more:
        rows.errors.clear()
        rows.form_errors.clear()
    # the kept rows, renumbered (the refusals' numbers are theirs) and the ids filled in
    set_rows(form, rows.kept, rows.empty + SPARE_ROWS if more else SPARE_ROWS)
    form.tie_break.data = str(rows.tie + 1) if rows.tie is not None else ""
    form.form_errors.extend(rows.form_errors)
    return page(form, record, rows.errors, 200 if more else 422)


def save(form: SheetForm, rows: Rows, record: SavedSheet | None) -> bool:
    """The sheet checked by the rules and saved under its name; False (the refusal told on the
    form) if it is not."""
    try:
        definition = rules.check_sheet(rows.definition(form))
    except RuleError as error:
        rows.refused(error)
        return False
    target = record or SavedSheet()
    target.name, target.data = definition["name"], definition
    target.lowest_wins = bool(form.lowest_wins.data)
    return definitions.store(target, form.form_errors, form.name.errors,
                             _l("A sheet with this name is saved already; choose another name."))


@bp.post("/sheets/<token:token>/delete")
def delete(token: str):
    return definitions.deleted(SavedSheet, token, "score_pad.sheets")


def download(content: dict[str, Any], name: str) -> Response:
    return Response(json.dumps(content, ensure_ascii=False, indent=2) + "\n",
                    mimetype="application/json", headers={
                        "Content-Disposition": f'attachment; filename="{slug(name) or "sheet"}.json"'})


@bp.get("/sheets/<token:token>.json")
def download_saved(token: str):
    record = definitions.found(SavedSheet, token)
    return download(record.download(), record.name)


@bp.get("/sheets/ready/<sheet_id>.json")
def download_shipped(sheet_id: str):
    found = shipped().get(sheet_id)
    if found is None:
        abort(404)
    lang = language()
    return download({**found.sheet(lang), "lowest_wins": found.lowest_wins}, found.name(lang))


def read_upload(data: bytes) -> tuple[dict[str, Any], bool]:
    """A sheet file's definition and lowest wins; RuleError naming what is wrong. The file is
    one downloaded here (a saved or a ready sheet), a game record's sheet, or a ready sheet in
    the shipped files' own format (its names per language: the player's language taken)."""
    if len(data) > MAX_UPLOAD:
        raise RuleError(TOO_LARGE, kb=MAX_UPLOAD // 1024)
    try:
        raw = json.loads(data)
    except (ValueError, RecursionError):
        raise RuleError(N_("That file is not a score sheet (not valid JSON).")) from None
    if any(isinstance(v, str) and ("\x00" in v or has_surrogate(v)) for v, _depth in walk(raw)):
        raise RuleError(N_("That file holds a character no keyboard types (NUL or a lone "
                           "surrogate)."))
    definition = rules.check_sheet(in_language(raw, language()))
    if has_control(definition["name"]):
        raise RuleError(N_("The sheet's name holds a control character (an invisible one, such "
                           "as a tab or a line break); a name cannot hold one."))
    refusals = category_refusals([c["name"] for c in definition["categories"]])
    if refusals:
        raise refusals[min(refusals)]
    lowest = raw.get("lowest_wins", False)
    if not isinstance(lowest, bool):
        raise RuleError(N_("The file's lowest_wins must be true or false."))
    return definition, lowest


@bp.errorhandler(413)
def too_large(error: Exception):
    """A request past the app's bound (MAX_CONTENT_LENGTH, read before any view): a file
    refused as a score sheet, with a sheet's own bound."""
    message = explain(RuleError(TOO_LARGE, kb=MAX_UPLOAD // 1024))
    if request.endpoint == "score_pad.upload":
        form = UploadForm(formdata=None)
        form.sheet.errors = [message]
        return listing(form, 413)
    return render_template("error.html", message=message, code=413), 413


@bp.post("/sheets/upload")
@saves
def upload():
    form = UploadForm()
    if form.validate_on_submit():
        try:
            definition, lowest = read_upload(form.sheet.data.stream.read(MAX_UPLOAD + 1))
        except RuleError as error:
            form.sheet.errors.append(explain(error))
        else:
            record = SavedSheet(name=definition["name"], data=definition, lowest_wins=lowest)
            if definitions.store(record, form.sheet.errors, form.sheet.errors, gettext(
                    "A sheet called %(name)s is saved already: rename or delete it first, or "
                    "change the name in the file.", name=definition["name"])):
                return redirect(url_for("score_pad.sheets"), 303)
    return listing(form, 422)
