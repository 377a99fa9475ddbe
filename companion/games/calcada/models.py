"""The boards the players saved with the editors.

Player boards and scoring boards the players saved with the editors (the defaults ship as
JSON files next to the rules).
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from flask_babel import lazy_gettext as _l
from sqlalchemy import JSON, String, select
from sqlalchemy.orm import Mapped, mapped_column
from wtforms.fields.choices import SelectChoice

from ...extensions import db
from ...models import utcnow
from .board import SIDES, Board, ScoringRows, default_board, default_rows, load_board, load_rows
from .labels import side_label
from ...bounds import small_int

DEFAULT = "default"


class BoardDefinition(db.Model):
    __tablename__ = "calcada_boards"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60), unique=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)      # what board_json gives
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    @property
    def board(self) -> Board:
        return load_board(self.data, self.name)


class ScoringDefinition(db.Model):
    __tablename__ = "calcada_scoring_boards"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60), unique=True)
    # {"unverified": bool, "rows": {"2": [3, 2, 1], "3": [...], "4": [...]}}
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    def rows(self, players: int) -> ScoringRows:
        return load_rows(self.data["rows"][str(players)], self.data.get("unverified", False))


def saved_boards() -> list[BoardDefinition]:
    return list(db.session.scalars(select(BoardDefinition).order_by(BoardDefinition.name)))


def saved_scoring() -> list[ScoringDefinition]:
    return list(db.session.scalars(select(ScoringDefinition).order_by(ScoringDefinition.name)))


def unverified(text: Any, flagged: bool) -> Any:
    return _l("%(name)s (unverified)", name=text) if flagged else text


def board_choices() -> list[SelectChoice]:
    shipped = [SelectChoice(side, side_label(side)) for side in SIDES]
    return shipped + [SelectChoice(f"saved-{b.id}", unverified(b.name, b.data.get("unverified", False)))
                      for b in saved_boards()]


def scoring_choices() -> list[SelectChoice]:
    flagged = any(rows.unverified for rows in default_rows().values())
    return [SelectChoice(DEFAULT, unverified(_l("Default scoring board"), flagged))] + \
        [SelectChoice(f"saved-{s.id}", unverified(s.name, s.data.get("unverified", False)))
         for s in saved_scoring()]


def saved_id(choice: str | None) -> int | None:
    number = (choice or "").removeprefix("saved-")
    return small_int(number) if (choice or "").startswith("saved-") else None


def board_by_choice(choice: str | None) -> Board:
    if saved_id(choice) is not None:
        found = db.session.get(BoardDefinition, saved_id(choice))
        if found is not None:
            return found.board
    return default_board(choice if choice in SIDES else "8")


def scoring_by_choice(choice: str | None, players: int) -> ScoringRows | None:
    """The saved scoring board's rows for that many players; None: the defaults."""
    if saved_id(choice) is not None:
        found = db.session.get(ScoringDefinition, saved_id(choice))
        if found is not None:
            return found.rows(players)
    return None
