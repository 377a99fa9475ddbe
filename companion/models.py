"""A table, its seats and its event log. The log is append-only; today's state is its replay."""
from __future__ import annotations

import hashlib
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, Float, ForeignKey, LargeBinary, String, UniqueConstraint, false
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db


def utcnow() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class Table(db.Model):
    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(8), unique=True, index=True)
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # the record's "started" (stamped as the table is made, or an imported record's own); ""
    # when an imported record had none; NULL for a table made before tables kept it
    started: Mapped[str | None] = mapped_column(String(32))
    # bumped by every change a screen must show (an event, a seat taken or freed)
    version: Mapped[int] = mapped_column(default=0)
    host_hash: Mapped[str | None] = mapped_column(String(64))
    # the final result while the game is finished (the home page reads winners from it)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    # the table a rematch started from this one (its phones and host follow there)
    next_code: Mapped[str | None] = mapped_column(String(8))
    # any seated phone may pause and resume the table's clock (else the host screen only)
    seats_pause: Mapped[bool] = mapped_column(default=False, server_default=false())

    seats: Mapped[list["Seat"]] = relationship(order_by="Seat.position", back_populates="table",
                                               cascade="all, delete-orphan")
    events: Mapped[list["Event"]] = relationship(order_by="Event.seq", back_populates="table",
                                                 cascade="all, delete-orphan")
    snapshot: Mapped["Snapshot | None"] = relationship(cascade="all, delete-orphan")

    @property
    def players(self) -> list[str]:
        return [seat.name for seat in self.seats]


class Seat(db.Model):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    position: Mapped[int]                      # 0-based, clockwise
    name: Mapped[str] = mapped_column(String(40))
    secret_hash: Mapped[str | None] = mapped_column(String(64))   # set while a phone holds it

    table: Mapped[Table] = relationship(back_populates="seats")

    @property
    def taken(self) -> bool:
        return self.secret_hash is not None


class Event(db.Model):
    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("table_id", "seq"), UniqueConstraint("table_id", "nonce"))

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    seq: Mapped[int]                           # 1-based, the event's number in the record
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    by: Mapped[str] = mapped_column(String(20))       # "host", "seat 2", "import"
    nonce: Mapped[str | None] = mapped_column(String(40))   # one per submitted form
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    table: Mapped[Table] = relationship(back_populates="events")


class Snapshot(db.Model):
    """A table's replay kept as data, so a server that has not replayed the table lately resumes
    after it instead of from the first event: the first ``events`` events replayed (their
    state as the game's JSON form, whether the game is finished, the undos), by the rules whose
    ``fingerprint`` it bears (other rules ignore it, and replay the log). Never more than the
    log holds: it is written in the same transaction as the events it covers, or after them."""
    __tablename__ = "snapshots"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), unique=True)
    events: Mapped[int]                         # the events it covers: the log's first ones
    fingerprint: Mapped[str] = mapped_column(String(64))    # the rules it was replayed by
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class Sitting(db.Model):
    """A browser took part in a table (as its host screen or at a seat): its games page lists it.
    The browser is known by a long-lived random cookie, stored hashed."""
    __tablename__ = "sittings"
    __table_args__ = (UniqueConstraint("browser_hash", "table_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    browser_hash: Mapped[str] = mapped_column(String(64), index=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class NameMerge(db.Model):
    """On one browser's games page, a player's name counted as another ("Bence K." as "Bence").
    ``alias`` is the matching key of the merged name (case and spacing folded)."""
    __tablename__ = "name_merges"
    __table_args__ = (UniqueConstraint("browser_hash", "alias"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    browser_hash: Mapped[str] = mapped_column(String(64), index=True)
    alias: Mapped[str] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(40))


class RateCount(db.Model):
    """Hits against a per-address limit every worker shares (a wrong table code, an import),
    counted per slice of the limit's window: one row per key and slice, upserted, so an address
    holds at most a window's slices (companion/ratelimits.py) however often it tries. ``slice``
    numbers the slice from the epoch; past ``expires`` (seconds since the epoch) it counts in no
    window and is swept."""
    __tablename__ = "rate_counts"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    slice: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    count: Mapped[int]
    expires: Mapped[float] = mapped_column(Float, index=True)


class Photo(db.Model):
    """A photo of a finished table's final position, as ``photos.prepare`` keeps it (a JPEG of
    at most 2048 pixels a side, without metadata): its bytes in the database, so SQLite and
    PostgreSQL keep it alike and a backup holds it. Anyone with the table's code sees it."""
    __tablename__ = "photos"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    data: Mapped[bytes] = mapped_column(LargeBinary)
    width: Mapped[int]
    height: Mapped[int]
    by: Mapped[str] = mapped_column(String(20))       # "host", "seat 2", "import"
    # the host chose it for the result card (else the card carries the first photo)
    on_card: Mapped[bool] = mapped_column(default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Note(db.Model):
    """A finished table's note by the host screen (``seat`` NULL) or by a seat: one each, the
    latest text kept (the form shows the text it replaces)."""
    __tablename__ = "notes"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[int | None]                   # the seat's position; NULL: the host screen
    text: Mapped[str] = mapped_column(String(500))
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
