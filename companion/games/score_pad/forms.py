"""The score pad's forms: a cell's points (the options are in ``start.py``). A sheet's cell is
named by its category, its points typed as a number or a sum ("3 + 6 + 2")."""
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import IntegerField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, NumberRange, ValidationError

from ...validators import whole_number
from ...words import explain
from ..base import RuleError
from .rules import MAX_POINTS, MAX_ROUND, expression_value


class PointsForm(FlaskForm):
    round = IntegerField(_l("Round"), validators=[
        InputRequired(_l("Which round? Enter its number.")), whole_number,
        NumberRange(1, MAX_ROUND, _l("The round must be a number from 1 to %(max)s."))])
    points = IntegerField(_l("Points"), validators=[
        InputRequired(_l("Enter the points, for example 12 or -3.")), whole_number,
        NumberRange(-MAX_POINTS, MAX_POINTS, _l("That is too many points."))])


class HostPointsForm(PointsForm):
    player = SelectField(_l("Player"), validators=[InputRequired()])


def a_sum(form, field) -> None:
    """The typed points: a whole number or a sum of them, within the record's bounds."""
    try:
        value = expression_value(field.data)
    except RuleError as error:
        raise ValidationError(explain(error)) from None
    if abs(value) > MAX_POINTS:
        raise ValidationError(_l("That is too many points."))


class SheetPointsForm(FlaskForm):
    """A cell of a score sheet: its category (and round, on a sheet filled every round), and the
    points as typed; the choices are the sheet's categories (see ``web.py``)."""
    round = PointsForm.round
    category = RadioField(_l("Category"), validators=[
        InputRequired(_l("Pick the category these points are for."))],
        validate_choice=True)
    points = StringField(_l("Points"), filters=[lambda text: text.strip() if text else text],
                         validators=[InputRequired(_l("Enter the points, for example 12, "
                                                      "3 + 6 + 2 or -3.")), a_sum])


class HostSheetPointsForm(SheetPointsForm):
    player = RadioField(_l("Player"), validators=[
        InputRequired(_l("Pick the player you enter this for."))])
