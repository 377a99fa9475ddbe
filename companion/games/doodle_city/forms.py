from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms.fields.choices import SelectChoice
from wtforms import BooleanField, IntegerField, SelectField, StringField
from wtforms.validators import InputRequired, NumberRange, Optional, Regexp

from ...validators import whole_number
from .sheet import SHAPES


class OptionsForm(FlaskForm):
    class Meta:
        csrf = False        # a part of the start-a-table form, which carries the token

    sheet = SelectField(_l("Sheet"))
    variant = SelectField(_l("Variant"), choices=[SelectChoice("standard", _l("Standard")),
                                                  SelectChoice("more-control", _l("More control (a tree instead of a die, any time)"))])
    dice = SelectField(_l("Dice"), choices=[SelectChoice("app", _l("The app rolls the dice")),
                                            SelectChoice("physical", _l("We roll real dice and type them in"))])
    tally = BooleanField(_l("We played on paper: only add up the final sheets (quick tally)"))


class ActForm(FlaskForm):
    """Every act names its player; a phone's is ignored (it acts for its own seat)."""

    player = StringField(validators=[Optional()])


class DrawForm(ActForm):
    die = IntegerField(validators=[Optional(), whole_number])
    row = IntegerField(validators=[InputRequired(), NumberRange(1, 5)])
    column = IntegerField(validators=[InputRequired(), NumberRange(1, 5)])
    shape = SelectField(choices=[SelectChoice(s) for s in SHAPES],
                        validators=[InputRequired(_l("Tap one of the six road shapes."))])


class HouseForm(ActForm):
    die = IntegerField(validators=[Optional(), whole_number])
    row = IntegerField(validators=[InputRequired(), NumberRange(1, 5)])
    column = IntegerField(validators=[InputRequired(), NumberRange(1, 5)])


class TreeForm(ActForm):
    pass


class RollForm(ActForm):
    pass


class TypedRollForm(ActForm):
    blue = IntegerField(_l("Blue die"), validators=[
        InputRequired(_l("Type the blue die.")), whole_number,
        NumberRange(1, 6, _l("A die shows 1 to 6."))])
    white = StringField(_l("White dice"), validators=[
        InputRequired(_l("Type the white dice, e.g. 3 5 1 6.")),
        Regexp(r"^[\s,]*([1-6][\s,]*)+$", message=_l("Type each white die as a number 1 to 6, e.g. 3 5 1 6."))])


class StartRoadForm(ActForm):
    column = IntegerField(validators=[InputRequired(), NumberRange(1, 5)])
    face = IntegerField(validators=[Optional(), NumberRange(1, 6)])
    shape = SelectField(choices=[SelectChoice(s) for s in SHAPES],
                        validators=[InputRequired(_l("Tap the printed road's shape."))])


class SetupRollForm(ActForm):
    pass


class TallyForm(ActForm):
    hotels = StringField(_l("Circled hotel values"))
    shops = StringField(_l("Circled shop values"))
    bonuses = StringField(_l("Speed bonuses won (3, 5, 7, 10)"))
    taxis = IntegerField(_l("Connected taxis"), validators=[
        InputRequired(_l("How many taxis are on a road with another taxi? 0 if none.")),
        whole_number, NumberRange(0, 8, _l("A sheet has 8 taxis."))])
    trees = IntegerField(_l("Crossed trees"), validators=[
        InputRequired(_l("How many trees are crossed? 0 if none.")), whole_number,
        NumberRange(0, 7, _l("A sheet has 7 trees."))])
