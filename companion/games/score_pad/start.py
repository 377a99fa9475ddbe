"""Starting a score pad table: its options form (a score sheet, lowest wins, teams), and the
record's options from it."""
from __future__ import annotations

from typing import Any

from flask_babel import get_locale, gettext, lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, RadioField, SelectField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import ValidationError

from ...bounds import small_int
from ..definitions import SAVED, by_choice, offered
from .models import SavedSheet
from .shipped import in_order, shipped

NO_SHEET = ""
SHIPPED = "shipped-"
SEATS = 12                  # the most players a score pad seats (a team choice per seat)
TEAM_NUMBERS = ("1", "2", "3", "4")
NO_TEAMS, BY_SEAT = "", "seats"
TEAM_CHOICES = [
    SelectChoice(NO_TEAMS, _l("No teams: everyone for themselves")),
    SelectChoice("2", _l("Two teams: seats 1, 3, 5… against 2, 4, 6…")),
    SelectChoice("3", _l("Three teams: seats 1 & 4, 2 & 5, 3 & 6")),
    SelectChoice(BY_SEAT, _l("Choose each player's team")),
]


def names_sent(formdata: Any) -> list[str]:
    """The players' names as the start form sends them (``players-0``, ``players-1``, …), in
    seat order, empty ones left out as the start form leaves them out."""
    if not formdata:
        return []
    names = (formdata.get(f"players-{i}") or "" for i in range(SEATS))
    return [name.strip() for name in names if name.strip()]


class OptionsForm(FlaskForm):
    class Meta:
        csrf = False        # a part of the start-a-table form, which carries the token

    sheet = SelectField(_l("Score sheet"), default=NO_SHEET, validate_choice=False)
    lowest_wins = BooleanField(_l("Lowest total wins"))
    teams = SelectField(_l("Teams"), choices=TEAM_CHOICES, default=NO_TEAMS)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # the teams are checked against the names typed beside them, in the same form
        self.seated = names_sent(kwargs.get("formdata"))

    def validate_sheet(self, field: SelectField) -> None:
        if field.data != NO_SHEET and chosen(field.data, "en") is None:
            raise ValidationError(_l("That sheet is no longer saved; choose another."))

    def validate_teams(self, field: SelectField) -> None:
        if field.data == NO_TEAMS:
            return
        if self.sheet.data == NO_SHEET:
            raise ValidationError(_l("Teams are kept on a score sheet: choose a sheet above "
                                     "(the blank sheet will do)."))
        count = small_int(field.data)
        if count is not None and len(self.seated) < count:
            raise ValidationError(_l("%(teams)d teams need at least %(teams)d players.",
                                     teams=count))
        if len(team_lists(self, self.seated)) < 2:
            raise ValidationError(_l("Put the players in at least two different teams."))


for _seat in range(SEATS):
    setattr(OptionsForm, f"team_{_seat}", RadioField(
        choices=[SelectChoice(n, n) for n in TEAM_NUMBERS],
        default=TEAM_NUMBERS[_seat % 2]))       # by hand starts from every other seat


def team_lists(form: OptionsForm, players: list[str]) -> list[list[str]]:
    """The teams the form puts the players in (seat order within each), empty teams left out;
    [] for no teams."""
    if form.teams.data == NO_TEAMS:
        return []
    if form.teams.data == BY_SEAT:
        numbers = [form[f"team_{seat}"].data for seat in range(len(players))]
        teams = [[p for p, n in zip(players, numbers) if n == number] for number in TEAM_NUMBERS]
    else:
        count = small_int(form.teams.data) or 2
        teams = [players[first::count] for first in range(count)]
    return [team for team in teams if team]


def language() -> str:
    locale = get_locale()
    return locale.language if locale else "en"


def chosen(choice: str, lang: str) -> tuple[dict[str, Any], bool] | None:
    """The chosen sheet's definition (a shipped one in ``lang``) and whether the lowest total
    wins with it; None for no sheet or one no longer there. A saved sheet is anyone's: its
    link (``saved-TOKEN``) is enough."""
    if choice.startswith(SHIPPED):
        found = shipped().get(choice.removeprefix(SHIPPED))
        return (found.sheet(lang), found.lowest_wins) if found else None
    record = by_choice(SavedSheet, choice)
    return (dict(record.data), record.lowest_wins) if record else None


def sheet_choices(chosen: str | None = None) -> list[SelectChoice]:
    """No sheet, the shipped sheets, this browser's saved ones and the one ``chosen`` names (a
    shared link's); each sheet says whether the lowest wins (a small script ticks the box to
    show it)."""
    lang = language()

    def option(value: str, label: str, lowest: bool, group: str) -> SelectChoice:
        return SelectChoice(value, label, {"data-lowest-wins": "true"} if lowest else {}, group)

    ready, ours = gettext("Ready sheets"), gettext("Saved sheets")
    return [SelectChoice(NO_SHEET, gettext("No sheet: points by round"))] + \
        [option(SHIPPED + s.id, s.name(lang), s.lowest_wins, ready) for s in in_order(lang)] + \
        [option(SAVED + s.token, s.name, s.lowest_wins, ours) for s in offered(SavedSheet, chosen)]


def prepare(form: OptionsForm) -> None:
    """Fill the choices that come from the database."""
    form.sheet.choices = sheet_choices(form.sheet.data)


def options(form: OptionsForm, players: list[str]) -> dict[str, Any]:
    """The record's options from the form, for these players: the chosen sheet embedded whole
    (a shipped one in the language the table is started in); the lowest total wins if the box
    is ticked or the sheet says so; the teams."""
    opts: dict[str, Any] = {"lowest_wins": bool(form.lowest_wins.data)}
    found = chosen(form.sheet.data or NO_SHEET, language())
    if found is not None:
        opts["sheet"], lowest = found
        opts["lowest_wins"] = opts["lowest_wins"] or lowest
    teams = team_lists(form, players)
    if teams:
        opts["teams"] = teams
    return opts
