"""Score sheets the players saved with the sheet editor (the ready ones ship as JSON files);
each belongs to the browser that saved it (``games/definitions.py``)."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, String
from sqlalchemy.orm import Mapped, mapped_column

from ...extensions import db
from ...models import utcnow
from ..definitions import Owned, own


class SavedSheet(Owned, db.Model):
    __tablename__ = "score_sheets"
    kind = "score sheet"
    game, option = "score-pad", "sheet"
    editor, remover = "score_pad.edit", "score_pad.delete"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)     # the contract's sheet object
    lowest_wins: Mapped[bool] = mapped_column(default=False)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    def download(self) -> dict[str, Any]:
        """The file a player downloads: the sheet object, and whether the lowest total wins."""
        return {**self.data, "lowest_wins": self.lowest_wins}


def saved() -> list[SavedSheet]:
    """This browser's saved sheets."""
    return own(SavedSheet)
