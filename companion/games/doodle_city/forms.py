"""The acts of a Doodle City table as forms, and its options."""
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms.fields.choices import SelectChoice
from wtforms import BooleanField, IntegerField, SelectField, StringField
from wtforms.validators import InputRequired, NumberRange, Optional, Regexp

from ...bounds import numbers_in
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
    circle = IntegerField(validators=[Optional(), whole_number])    # a lower value than the default
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
    """A paper sheet's final state; checked by the rules field by field, so every problem of the
    form shows at once. A phone's form starts from what it saved (a correction)."""

    hotels = StringField(_l("Circled hotel values"))
    shops = StringField(_l("Circled shop values"))
    bonuses = StringField(_l("Speed bonuses won (3, 5, 7, 10)"))
    taxis = IntegerField(_l("Connected taxis"), validators=[
        InputRequired(_l("How many taxis are on a road with another taxi? 0 if none.")),
        whole_number, NumberRange(0, 8, _l("A sheet has 8 taxis."))])
    trees = IntegerField(_l("Crossed trees"), validators=[
        InputRequired(_l("How many trees are crossed? 0 if none.")), whole_number,
        NumberRange(0, 7, _l("A sheet has 7 trees."))])

    state: Any = None
    acting: str | None = None

    def bind(self, state: Any, player: str | None) -> None:
        """The table the form is checked against; a phone's own saved sheet fills it."""
        self.state, self.acting = state, player
        saved = state.tallies.get(player) if player else None
        if saved is not None and not self.is_submitted():
            self.hotels.data = " ".join(map(str, saved.hotels))
            self.shops.data = " ".join(map(str, saved.shops))
            self.bonuses.data = " ".join(map(str, saved.bonuses))
            self.taxis.data, self.trees.data = saved.taxis, saved.trees

    def event(self, player: str | None) -> dict[str, Any]:
        return {"type": "tally", "player": player or self.player.data,
                "hotels": numbers(self.hotels.data), "shops": numbers(self.shops.data),
                "bonuses": numbers(self.bonuses.data), "taxis": self.taxis.data,
                "trees": self.trees.data}

    def validate(self, extra_validators=None) -> bool:
        valid = super().validate(extra_validators)
        if self.state is None:
            return valid
        from ...words import explain
        from .rules import tally_problems

        event = self.event(self.acting)
        for name, problem in tally_problems(self.state, event).items():
            field = self[name] if name in self else self.player
            if not field.errors:
                field.errors.append(explain(problem))
                valid = False
        return valid


def numbers(text: str | None) -> list[int]:
    return numbers_in(text)


FORMS = {"draw": DrawForm, "house": HouseForm, "tree": TreeForm, "roll": RollForm,
         "typed_roll": TypedRollForm, "start_road": StartRoadForm, "setup_roll": SetupRollForm,
         "tally": TallyForm}
