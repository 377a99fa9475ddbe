"""The platform's forms: a new table, an imported record, a seat, a code, a button."""
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms.fields.choices import SelectChoice
from wtforms import FieldList, HiddenField, IntegerField, SelectField, StringField
from wtforms.validators import InputRequired, Length, Optional, ValidationError

from ..games import GAMES
from ..record import MAX_NAME

SEATS_ON_FORM = 10


class NewTableForm(FlaskForm):
    game = SelectField(_l("Game"), validators=[InputRequired()])
    players = FieldList(StringField(_l("Player"), validators=[
        Optional(), Length(max=MAX_NAME, message=_l("At most %(max)d characters."))]),
        min_entries=SEATS_ON_FORM, max_entries=SEATS_ON_FORM)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.game.choices = [SelectChoice(name, game.label) for name, game in GAMES.items()]

    def names(self) -> list[str]:
        return [entry.data.strip() for entry in self.players if entry.data and entry.data.strip()]

    def validate_players(self, field):
        names = self.names()
        if not names:
            raise ValidationError(_l("Enter at least one player's name, in seat order."))
        if len({n.casefold() for n in names}) != len(names):
            raise ValidationError(_l("Two players have the same name; give everyone a different one."))
        game = GAMES.get(self.game.data)
        if game and not game.rules.min_players <= len(names) <= game.rules.max_players:
            raise ValidationError(_l("%(game)s needs %(min)d to %(max)d players.", game=game.label,
                                     min=game.rules.min_players, max=game.rules.max_players))


class ImportForm(FlaskForm):
    record = FileField(_l("Game record (.json)"), validators=[FileRequired(_l("Choose a record file."))])


class JoinCodeForm(FlaskForm):
    class Meta:
        csrf = False        # a GET form that only navigates

    code = StringField(_l("Table code"), validators=[InputRequired(_l("Type the table's code."))])


class ButtonForm(FlaskForm):
    """A click that posts nothing but its CSRF token (and a nonce against double taps)."""

    nonce = HiddenField()


class UndoForm(ButtonForm):
    event = IntegerField(validators=[Optional()])


class SeatForm(FlaskForm):
    seat = IntegerField(validators=[InputRequired()])


class LanguageForm(FlaskForm):
    lang = HiddenField(validators=[InputRequired()])
    next = HiddenField()
