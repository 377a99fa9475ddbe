"""The per-address limits' counts, where every worker of a server sees them.

Flask-Limiter keeps its counts in a storage named by ``RATELIMIT_STORAGE_URI``. Ours,
``companion-db://`` (the default), keeps what must be one count for the whole server in the
app's own database, so no other service has to run: a guesser's wrong table codes (scope
``wrong-codes``) and record imports (``imports``), both rare and both worth sharing — with two
workers a count kept in each would let an address try twice as often. Each is a moving window: a
row per hit, counted over the window's last seconds. What every act counts (``posts``: a flood
guard far above any table's play) stays in the process's memory, where a count costs nothing.
Several servers on one PostgreSQL database share these counts too; Redis
(``redis://…``) remains the storage for a farm that wants every count shared.
"""
from __future__ import annotations

import time
import zlib
from typing import Any

from limits.storage import MemoryStorage, MovingWindowSupport, Storage
from sqlalchemy import delete, func, select, text
from sqlalchemy.exc import SQLAlchemyError

from .extensions import db
from .models import RateHit

SHARED_SCOPES = ("wrong-codes", "imports", "saves")   # counted in the database, by every worker alike
KEPT_SECONDS = 24 * 3600    # a hit is kept at most this long (every limit counts a minute)


def shared(key: str) -> bool:
    """The key counts a limit the whole server shares (Flask-Limiter puts the scope in it)."""
    return any(f"/{scope}/" in key for scope in SHARED_SCOPES)


class DatabaseStorage(Storage, MovingWindowSupport):
    """Moving windows in the ``rate_hits`` table for the shared scopes, in memory for the rest.
    Only the moving-window strategy is kept (``RATELIMIT_STRATEGY = "moving-window"``)."""

    STORAGE_SCHEME = ["companion-db"]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options: Any) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self.memory = MemoryStorage()

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return SQLAlchemyError

    # --- the moving window -------------------------------------------------------------------

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        if not shared(key):
            return self.memory.acquire_entry(key, limit, expiry, amount)
        if amount > limit:
            return False
        now = time.time()
        with db.engine.begin() as connection:
            # one writer per key at a time: its expired hits go first (on SQLite the write that
            # takes the database's lock, so two workers cannot both count the last free place)
            if connection.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(:lock)"),
                                   {"lock": zlib.crc32(key.encode())})
            connection.execute(delete(RateHit).where(RateHit.key == key, RateHit.at <= now - expiry))
            # and every key's hits a day old (an address that never came back): no limit is longer
            connection.execute(delete(RateHit).where(RateHit.at <= now - KEPT_SECONDS))
            count = connection.scalar(select(func.count()).where(RateHit.key == key))
            if count + amount > limit:
                return False
            connection.execute(RateHit.__table__.insert(), [{"key": key, "at": now}] * amount)
        return True

    def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]:
        if not shared(key):
            return self.memory.get_moving_window(key, limit, expiry)
        now = time.time()
        with db.engine.connect() as connection:
            first, count = connection.execute(
                select(func.min(RateHit.at), func.count())
                .where(RateHit.key == key, RateHit.at > now - expiry)).one()
        return (first if first is not None else now), count

    def clear(self, key: str) -> None:
        if not shared(key):
            return self.memory.clear(key)
        with db.engine.begin() as connection:
            connection.execute(delete(RateHit).where(RateHit.key == key))

    def reset(self) -> int | None:
        self.memory.reset()
        with db.engine.begin() as connection:
            return connection.execute(delete(RateHit)).rowcount

    def check(self) -> bool:
        try:
            with db.engine.connect() as connection:
                connection.execute(select(1))
        except SQLAlchemyError:
            return False
        return True

    # --- a fixed window: not kept --------------------------------------------------------------

    def _fixed(self) -> Any:
        raise NotImplementedError('companion-db:// counts in a moving window only: set '
                                  'RATELIMIT_STRATEGY = "moving-window" (the default)')

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        return self._fixed()

    def get(self, key: str) -> int:
        return self._fixed()

    def get_expiry(self, key: str) -> float:
        return self._fixed()
