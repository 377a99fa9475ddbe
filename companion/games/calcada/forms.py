"""The acts a screen posts: a tile placed, bonus tiles spent, a paper board tallied."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, IntegerField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, NumberRange, Optional

from ...validators import whole_number
from .board import SIZE
from .labels import COLOUR_LABELS, MOTIF_LABELS
from .rules import COLOURS, KINDS, MAX_ANNOUNCED, MAX_TALLY

CELLS = [(r, c) for r in range(1, SIZE + 1) for c in range(1, SIZE + 1)]


class OptionsForm(FlaskForm):
    class Meta:
        csrf = False        # a part of the start-a-table form, which carries the token

    board = SelectField(_l("Player board side"), default="8")
    scoring = SelectField(_l("Scoring board"), default="default")
    tally = BooleanField(_l("We played on paper: only add up the final boards (quick tally)"))


class ActForm(FlaskForm):
    """Every act names its player; a phone's is ignored (it acts for its own seat)."""

    player = StringField(validators=[Optional()])


class PlaceForm(ActForm):
    row = IntegerField(validators=[InputRequired(), NumberRange(1, SIZE)])
    column = IntegerField(validators=[InputRequired(), NumberRange(1, SIZE)])
    colour = SelectField(choices=[SelectChoice(c) for c in COLOURS],
                         validators=[InputRequired(_l("Tap a colour."))])
    motif = SelectField(choices=[SelectChoice(k) for k in KINDS],
                        validators=[InputRequired(_l("Tap the tile's motif."))])
    number = IntegerField(validators=[Optional(), whole_number, NumberRange(1, MAX_ANNOUNCED)])


class SpendForm(ActForm):
    count = IntegerField(default=1, validators=[Optional(), whole_number, NumberRange(1, 99)])


def colour_choices() -> list[SelectChoice]:
    return [SelectChoice("", "—")] + [SelectChoice(c, COLOUR_LABELS[c]) for c in COLOURS]


def motif_choices() -> list[SelectChoice]:
    return [SelectChoice("", "—")] + [SelectChoice(k, MOTIF_LABELS[k]) for k in KINDS]


class TallyForm(ActForm):
    districts = IntegerField(_l("Completion points (districts, with the +2 for a stone slid "
                                "off)"), validators=[
        InputRequired(_l("Type the points your completed districts scored; 0 if none.")),
        whole_number, NumberRange(0, MAX_TALLY)])
    bonus_tiles = IntegerField(_l("Unused bonus tiles"), validators=[
        InputRequired(_l("How many bonus tiles are left? 0 if none.")), whole_number,
        NumberRange(0, MAX_TALLY)])


for _row, _column in CELLS:
    setattr(TallyForm, f"colour_{_row}_{_column}", SelectField(choices=colour_choices, default=""))
    setattr(TallyForm, f"motif_{_row}_{_column}", SelectField(choices=motif_choices, default=""))


FORMS = {"place": PlaceForm, "spend": SpendForm, "tally": TallyForm}
