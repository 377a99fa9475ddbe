"""What a finished table keeps beside its log: photos of the final table and notes.

Each change is written under the table's lock (:func:`transactions.writing`), checked there (the
game finished, the table's count of photos), and moves the table's version on, so every screen
shows it and the result card is drawn again. A note is one per seat and one by the host screen,
the latest text kept: the form that changes it shows the text it replaces, so nothing is lost
unseen. A deleted photo is gone (it is no act of the game: nothing to undo).

Imports the models, the refusals and the service's transactions; nothing above it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from sqlalchemy import delete, func, select, update

from ...errors import N_, RuleError
from ...extensions import db
from ...models import Note, Photo, Table, utcnow
from .transactions import commit, writing


@dataclass(frozen=True)
class Shown:
    """A photo as a screen lists it (its bytes are fetched by its own address)."""
    id: int
    width: int
    height: int
    on_card: bool


def photos_of(table_id: int) -> list[Shown]:
    rows = db.session.execute(select(Photo.id, Photo.width, Photo.height, Photo.on_card)
                              .where(Photo.table_id == table_id).order_by(Photo.id)).all()
    return [Shown(*row) for row in rows]


def photo_data(table_id: int, photo_id: int) -> bytes | None:
    return db.session.scalar(select(Photo.data).where(Photo.table_id == table_id,
                                                      Photo.id == photo_id))


def all_photo_data(table_id: int) -> list[bytes]:
    return list(db.session.scalars(select(Photo.data).where(Photo.table_id == table_id)
                                   .order_by(Photo.id)))


def card_photo(table_id: int) -> bytes | None:
    """The photo the result card carries: the one the host chose, else the first."""
    return db.session.scalar(select(Photo.data).where(Photo.table_id == table_id)
                             .order_by(Photo.on_card.desc(), Photo.id).limit(1))


def notes_of(table_id: int) -> list[tuple[int | None, str]]:
    """(seat, text) of each note, the host screen's (seat None) first, then by seat."""
    rows = db.session.execute(select(Note.seat, Note.text).where(Note.table_id == table_id)).all()
    return sorted(((seat, text) for seat, text in rows),
                  key=lambda note: -1 if note[0] is None else note[0])


AFTER_THE_GAME = N_("Photos and notes come after the game: finish it first.")


def _finished(table_id: int) -> None:
    if db.session.scalar(select(Table.result).where(Table.id == table_id)) is None:
        raise RuleError(AFTER_THE_GAME)


def add_photo(table: Table, jpeg: bytes, width: int, height: int, by: str, most: int) -> int:
    """Keep a photo (as ``photos.prepare`` made it) at the finished table; its id. RuleError
    if the game is not finished or the table holds ``most`` photos already."""
    with writing(table.id) as locked:
        _finished(table.id)
        count = db.session.scalar(select(func.count()).where(Photo.table_id == table.id))
        if count >= most:
            raise RuleError(N_("This table keeps %(most)d photos at most: the host screen may "
                               "delete one to make room."), most=most)
        photo = Photo(table_id=table.id, data=jpeg, width=width, height=height, by=by)
        db.session.add(photo)
        db.session.flush()
        photo_id = photo.id
        commit(locked)
    return photo_id


def delete_photo(table: Table, photo_id: int) -> bool:
    """The photo gone from the table; False if it held no such photo."""
    with writing(table.id) as locked:
        gone = db.session.execute(delete(Photo).where(Photo.table_id == table.id,
                                                      Photo.id == photo_id)).rowcount
        if not gone:
            return False
        commit(locked)
    return True


def choose_for_card(table: Table, photo_id: int) -> bool:
    """The result card carries this photo (and no other); False if the table has no such."""
    with writing(table.id) as locked:
        if db.session.scalar(select(Photo.id).where(Photo.table_id == table.id,
                                                    Photo.id == photo_id)) is None:
            return False
        db.session.execute(update(Photo).where(Photo.table_id == table.id)
                           .values(on_card=Photo.id == photo_id))
        commit(locked)
    return True


def set_note(table: Table, seat: int | None, text: str) -> None:
    """The seat's note (``seat`` None: the host screen's) is ``text`` now; an empty text
    takes it away. RuleError if the game is not finished."""
    text = text.strip()
    with writing(table.id) as locked:
        _finished(table.id)
        mine = Note.seat.is_(None) if seat is None else Note.seat == seat
        db.session.execute(delete(Note).where(Note.table_id == table.id, mine))
        if text:
            db.session.add(Note(table_id=table.id, seat=seat, text=text, updated_at=utcnow()))
        commit(locked)


def keep_imported(table_id: int, photos: Iterable[Any], notes: Iterable[tuple[int | None, str]]) -> None:
    """An imported play's photos (each as ``photos.prepare`` made it) and notes, added in the
    transaction that makes its table (the caller commits)."""
    for kept in photos:
        db.session.add(Photo(table_id=table_id, data=kept.jpeg, width=kept.width,
                             height=kept.height, by="import"))
    for seat, text in notes:
        db.session.add(Note(table_id=table_id, seat=seat, text=text, updated_at=utcnow()))
