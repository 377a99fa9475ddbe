"""The platform's forms: a new table, an imported record, a seat, a code, a button."""
from flask_babel import gettext, lazy_gettext as _l, ngettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms.fields.choices import SelectChoice
from wtforms import (BooleanField, FieldList, HiddenField, IntegerField, SelectField, StringField,
                     TextAreaField)
from wtforms.validators import InputRequired, Length, Optional, ValidationError

from ..games import GAMES
from ..plays import MAX_NOTE
from ..record import MAX_NAME

SEATS_ON_FORM = 10
BANK_MINUTES = (5, 10, 15, 20, 30, 45, 60)      # a time bank per player, offered in minutes
INCREMENT_SECONDS = (0, 5, 10, 15, 30, 60)      # added after each of the player's turns
DELAY_SECONDS = (0, 3, 5, 10, 20, 30)           # free at the start of each turn


def bank_choices() -> list[SelectChoice]:
    return [SelectChoice("", gettext("No time bank"))] + [
        SelectChoice(str(m), ngettext("%(num)d minute each", "%(num)d minutes each", m))
        for m in BANK_MINUTES]


def seconds_choices(values: tuple[int, ...]) -> list[SelectChoice]:
    return [SelectChoice(str(s), gettext("none") if s == 0 else
                         ngettext("%(num)d second", "%(num)d seconds", s)) for s in values]


def clock_of(bank: str | None, increment: str | None, delay: str | None) -> dict[str, int] | None:
    """The record's ``clock`` option from the form's choices (None: no time bank)."""
    if not bank:
        return None
    return {"bank_seconds": int(bank) * 60, "increment_seconds": int(increment or 0),
            "delay_seconds": int(delay or 0)}


class ClockFields:
    """The table's clock as a table starts: each player's time bank, what comes back after each
    turn and what is free at its start (the record's ``clock`` option, for games with turns)."""

    bank = SelectField(_l("Time bank"), validators=[Optional()])
    increment = SelectField(_l("Added after each turn"), validators=[Optional()])
    delay = SelectField(_l("Free at the start of each turn"), validators=[Optional()])

    def clock_choices(self, current: dict[str, int] | None = None) -> None:
        self.bank.choices = bank_choices()
        self.increment.choices = seconds_choices(INCREMENT_SECONDS)
        self.delay.choices = seconds_choices(DELAY_SECONDS)
        if current and not self.is_submitted():
            self.bank.data = str(current["bank_seconds"] // 60)
            self.increment.data = str(current.get("increment_seconds", 0))
            self.delay.data = str(current.get("delay_seconds", 0))

    def clock_option(self) -> dict[str, int] | None:
        return clock_of(self.bank.data, self.increment.data, self.delay.data)


class NewTableForm(ClockFields, FlaskForm):
    game = SelectField(_l("Game"), validators=[InputRequired()])
    players = FieldList(StringField(_l("Player"), validators=[
        Optional(), Length(max=MAX_NAME, message=_l("At most %(max)d characters."))]),
        min_entries=SEATS_ON_FORM, max_entries=SEATS_ON_FORM)
    seats_pause = BooleanField(_l("Any seated phone may pause the clock"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.game.choices = [SelectChoice(name, game.label) for name, game in GAMES.items()]
        self.clock_choices()

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
    record = FileField(_l("Game record (.json) or play (.zip)"),
                       validators=[FileRequired(_l("Choose a record file."))])


class PhotoForm(FlaskForm):
    """A photo of the final table, sent from a phone or the host screen."""
    photo = FileField(_l("A photo of the final table"),
                      validators=[FileRequired(_l("Choose or take a photo first."))])
    nonce = HiddenField()


class NoteForm(FlaskForm):
    """A seat's (or the host screen's) note on the game, replacing its earlier one."""
    note = TextAreaField(_l("Your note on the game"), validators=[
        Length(max=MAX_NOTE, message=_l("A note holds at most %(max)d characters."))])
    nonce = HiddenField()


class JoinCodeForm(FlaskForm):
    class Meta:
        csrf = False        # a GET form that only navigates

    code = StringField(_l("Table code"), validators=[InputRequired(_l("Type the table's code."))])


class ButtonForm(FlaskForm):
    """A click that posts nothing but its CSRF token (and a nonce against double taps)."""

    nonce = HiddenField()


class RematchForm(ClockFields, ButtonForm):
    """The next game: who starts (the button tapped) and the time bank, as before unless
    changed."""

    def __init__(self, *args, clock: dict[str, int] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.clock_choices(clock)


class UndoForm(ButtonForm):
    event = IntegerField(validators=[Optional()])


class SeatForm(FlaskForm):
    seat = IntegerField(validators=[InputRequired()])


class LanguageForm(FlaskForm):
    lang = HiddenField(validators=[InputRequired()])
    next = HiddenField()
