"""The score pad's forms: a cell's points (the options are in ``start.py``)."""
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import IntegerField, SelectField
from wtforms.validators import InputRequired, NumberRange

from ...validators import whole_number
from .rules import MAX_POINTS, MAX_ROUND


class PointsForm(FlaskForm):
    round = IntegerField(_l("Round"), validators=[
        InputRequired(_l("Which round? Enter its number.")), whole_number,
        NumberRange(1, MAX_ROUND, _l("The round must be a number from 1 to %(max)s."))])
    points = IntegerField(_l("Points"), validators=[
        InputRequired(_l("Enter the points, for example 12 or -3.")), whole_number,
        NumberRange(-MAX_POINTS, MAX_POINTS, _l("That is too many points."))])


class HostPointsForm(PointsForm):
    player = SelectField(_l("Player"), validators=[InputRequired()])
