"""The Quadropolis acts as forms: build a tile, allocate by hand, start the next round."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, IntegerField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, NumberRange, Optional, Regexp

CELL = r"^[1-5]-[1-5]$"
MODE_LABELS = {"classic": _l("Classic"), "expert": _l("Expert")}


class OptionsForm(FlaskForm):
    class Meta:
        csrf = False        # a part of the start-a-table form, which carries the token

    mode = SelectField(_l("Mode"), default="classic",
                       choices=[SelectChoice(mode, label) for mode, label in MODE_LABELS.items()])
    tally = BooleanField(_l("We played on paper: only enter the final cities (quick tally)"))


class ActForm(FlaskForm):
    """Every act names its player; a phone's is ignored (it acts for its own seat)."""

    player = StringField(validators=[Optional()])


class BuildForm(ActForm):
    row = IntegerField(validators=[InputRequired(), NumberRange(1, 5)])
    column = IntegerField(validators=[InputRequired(), NumberRange(1, 5)])
    # a tile's face: kind.residents.energy.vp.mayor.absorbs, e.g. tower.1.0.0.1.1
    tile = StringField(validators=[InputRequired(_l("Tap the tile you built.")),
                                   Regexp(r"^[a-z]+(\.[0-9]){5}$",
                                          message=_l("Tap the tile you built."))])


class AllocateForm(ActForm):
    toggle = StringField(validators=[Optional(), Regexp(CELL)])       # a building on / off
    shop = StringField(validators=[Optional(), Regexp(CELL)])         # a shop's customers
    customers = IntegerField(validators=[Optional(), NumberRange(-1, 5)])   # -1: leave it off
    optimal = BooleanField()                                          # back to the best plan


class RoundForm(ActForm):
    round = IntegerField(validators=[InputRequired(), NumberRange(1, 5)])


FORMS = {"build": BuildForm, "allocate": AllocateForm, "round": RoundForm}
