"""The boards the players saved with the editors.

Player boards and scoring boards the players saved with the editors (the defaults ship as
JSON files next to the rules); each belongs to the browser that saved it
(``games/definitions.py``).
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from flask_babel import lazy_gettext as _l
from sqlalchemy import JSON, String
from sqlalchemy.orm import Mapped, mapped_column
from wtforms.fields.choices import SelectChoice

from ...extensions import db
from ...models import utcnow
from .board import SIDES, Board, ScoringRows, default_board, default_rows, load_board, load_rows
from .labels import side_label
from ..definitions import SAVED, Owned, by_choice, offered, own

DEFAULT = "default"


class BoardDefinition(Owned, db.Model):
    __tablename__ = "calcada_boards"
    kind = "Calçada player board"
    game, option = "calcada", "board"
    editor, remover = "calcada.edit_board", "calcada.delete_board"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)      # what board_json gives
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    @property
    def board(self) -> Board:
        return load_board(self.data, self.name)


class ScoringDefinition(Owned, db.Model):
    __tablename__ = "calcada_scoring_boards"
    kind = "Calçada scoring board"
    game, option = "calcada", "scoring"
    editor, remover = "calcada.edit_scoring", "calcada.delete_scoring"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    # {"unverified": bool, "rows": {"2": [3, 2, 1], "3": [...], "4": [...]}}
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    def rows(self, players: int) -> ScoringRows:
        return load_rows(self.data["rows"][str(players)], self.data.get("unverified", False))


def saved_boards() -> list[BoardDefinition]:
    """This browser's saved player boards."""
    return own(BoardDefinition)


def saved_scoring() -> list[ScoringDefinition]:
    """This browser's saved scoring boards."""
    return own(ScoringDefinition)


def unverified(text: Any, flagged: bool) -> Any:
    return _l("%(name)s (unverified)", name=text) if flagged else text


def board_choices(chosen: str | None = None) -> list[SelectChoice]:
    """Both printed sides, this browser's boards and the one ``chosen`` names (a shared link's)."""
    shipped = [SelectChoice(side, side_label(side)) for side in SIDES]
    return shipped + [SelectChoice(SAVED + b.token, unverified(b.name, b.data.get("unverified", False)))
                      for b in offered(BoardDefinition, chosen)]


def scoring_choices(chosen: str | None = None) -> list[SelectChoice]:
    """The default rows, this browser's scoring boards and the one ``chosen`` names."""
    flagged = any(rows.unverified for rows in default_rows().values())
    return [SelectChoice(DEFAULT, unverified(_l("Default scoring board"), flagged))] + \
        [SelectChoice(SAVED + s.token, unverified(s.name, s.data.get("unverified", False)))
         for s in offered(ScoringDefinition, chosen)]


def board_by_choice(choice: str | None) -> Board:
    found = by_choice(BoardDefinition, choice)
    if found is not None:
        return found.board
    return default_board(choice if choice in SIDES else "8")


def scoring_by_choice(choice: str | None, players: int) -> ScoringRows | None:
    """The saved scoring board's rows for that many players; None: the defaults."""
    found = by_choice(ScoringDefinition, choice)
    return found.rows(players) if found is not None else None
