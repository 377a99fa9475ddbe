"""Starting a score pad table: its options form (lowest wins), and the record's options from it."""
from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField


class OptionsForm(FlaskForm):
    class Meta:
        csrf = False        # a part of the start-a-table form, which carries the token

    lowest_wins = BooleanField(_l("Lowest total wins"))


def prepare(form: OptionsForm) -> None:
    """Fill the choices that come from the database."""


def options(form: OptionsForm, players: list[str]) -> dict[str, Any]:
    """The record's options from the form, for these players."""
    return {"lowest_wins": bool(form.lowest_wins.data)}
