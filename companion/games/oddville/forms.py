"""The acts of an OddVille table as forms.

The acts of an OddVille table as forms: build, Main Square, characters, resource workers,
and the quick tally's trigger. Every act names its player; a phone's is ignored.
"""
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, IntegerField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import AnyOf, InputRequired, NumberRange, Optional

from ...validators import whole_number
from . import rules

EDGE_CHOICES = [SelectChoice("?"), SelectChoice("s"), SelectChoice("b")]
GUILD_CHOICES = [SelectChoice(""), *(SelectChoice(g) for g in rules.GUILDS)]


class OptionsForm(FlaskForm):
    class Meta:
        csrf = False        # a part of the start-a-table form, which carries the token

    end = SelectField(_l("End of the game"), default="base", choices=[
        SelectChoice("base", _l("The 6th worker in the city ends the game (rulebook)")),
        SelectChoice("complete-round", _l("Variant 1: the round is completed (the last player "
                                          "holds the End of the game card)")),
        SelectChoice("last-turn", _l("Variant 2: every other player takes one last turn"))])
    tally = BooleanField(_l("We played on paper: only enter the final city (quick tally)"))


class ActForm(FlaskForm):
    player = StringField(validators=[Optional()])


class BuildForm(ActForm):
    row = IntegerField(validators=[InputRequired(), whole_number])
    column = IntegerField(validators=[InputRequired(), whole_number])
    rule = SelectField(choices=[SelectChoice(r) for r in rules.RULES],
                       validators=[InputRequired(_l("Tap the card's VP rule."))])
    number = IntegerField(validators=[Optional(), whole_number, NumberRange(0, 20)])
    # a diamond card's printed points: only the values the cards print
    points = IntegerField(validators=[Optional(), whole_number, AnyOf(
        rules.DIAMOND_POINTS, _l("A diamond card prints 4 or 5 points."))])
    named = SelectField(choices=GUILD_CHOICES, validators=[Optional()])
    guild = SelectField(choices=GUILD_CHOICES, validators=[Optional()])
    shield = IntegerField(validators=[Optional(), whole_number, NumberRange(0, 9)])
    edge_n = SelectField(choices=EDGE_CHOICES, default="?")
    edge_e = SelectField(choices=EDGE_CHOICES, default="?")
    edge_s = SelectField(choices=EDGE_CHOICES, default="?")
    edge_w = SelectField(choices=EDGE_CHOICES, default="?")
    builder = BooleanField()    # the Builder's power: built during another player's turn


class SquareForm(ActForm):
    pass


class CharacterForm(ActForm):
    name = SelectField(choices=[SelectChoice(c) for c in rules.CHARACTERS],
                       validators=[InputRequired()])
    points = IntegerField(validators=[Optional(), whole_number, NumberRange(0, 20)])


class LoseForm(ActForm):
    name = StringField(validators=[InputRequired()])


class WorkersForm(ActForm):
    count = IntegerField(validators=[InputRequired(), whole_number,
                                     NumberRange(0, rules.FIGURES)])


class TriggerForm(ActForm):
    pass


FORMS = {"build": BuildForm, "main_square": SquareForm, "character": CharacterForm,
         "lose_character": LoseForm, "resource_workers": WorkersForm, "trigger": TriggerForm}
