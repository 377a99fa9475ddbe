"""Sheet definitions the players saved with the editor (the default ships as a JSON file); each
belongs to the browser that saved it (``games/definitions.py``)."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from flask_babel import lazy_gettext as _l
from sqlalchemy import JSON, String
from sqlalchemy.orm import Mapped, mapped_column
from wtforms.fields.choices import SelectChoice

from ...extensions import db
from ...models import utcnow
from ..definitions import SAVED, Owned, by_choice, offered, own
from .sheet import Sheet, default_sheet, load_sheet

DEFAULT = "default"


class SheetDefinition(Owned, db.Model):
    __tablename__ = "doodle_city_sheets"
    kind = "Doodle City sheet"
    game, option = "doodle-city", "sheet"
    editor, remover = "doodle_city.edit", "doodle_city.delete"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    @property
    def sheet(self) -> Sheet:
        return load_sheet(self.data)


def saved() -> list[SheetDefinition]:
    """This browser's saved sheets."""
    return own(SheetDefinition)


def sheet_choices(chosen: str | None = None) -> list[SelectChoice]:
    """The default sheet, this browser's sheets and the one ``chosen`` names (a shared link's)."""
    return [SelectChoice(DEFAULT, _l("Default sheet (unverified)"))] + \
        [SelectChoice(SAVED + s.token, s.name) for s in offered(SheetDefinition, chosen)]


def sheet_by_choice(choice: str | None) -> Sheet:
    found = by_choice(SheetDefinition, choice)
    return found.sheet if found is not None else default_sheet()
