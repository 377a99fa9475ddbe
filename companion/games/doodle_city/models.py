"""Sheet definitions the players saved with the editor (the default ships as a JSON file)."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from flask_babel import lazy_gettext as _l
from sqlalchemy import JSON, String, select
from wtforms.fields.choices import SelectChoice
from sqlalchemy.orm import Mapped, mapped_column

from ...bounds import small_int
from ...extensions import db
from ...models import utcnow
from .sheet import Sheet, default_sheet, load_sheet

DEFAULT = "default"


class SheetDefinition(db.Model):
    __tablename__ = "doodle_city_sheets"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60), unique=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    @property
    def sheet(self) -> Sheet:
        return load_sheet(self.data)


def saved() -> list[SheetDefinition]:
    return list(db.session.scalars(select(SheetDefinition).order_by(SheetDefinition.name)))


def sheet_choices() -> list[SelectChoice]:
    return [SelectChoice(DEFAULT, _l("Default sheet (unverified)"))] + \
        [SelectChoice(str(s.id), s.name) for s in saved()]


def sheet_by_choice(choice: str | None) -> Sheet:
    if small_int(choice) is not None:
        found = db.session.get(SheetDefinition, small_int(choice))
        if found is not None:
            return found.sheet
    return default_sheet()
