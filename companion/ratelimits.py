"""The per-address limits: who is one address, what is limited, and where the counts are kept.

Per client address (behind a proxy, the address the proxy setting trusts; an IPv6 address by
its /64, the block one home or phone is given), each in a moving window:

- ``wrong-codes``: a wrong table code (404) counts against guessing. A table's normal play never
  answers 404, so a whole table behind one home router is not slowed, and a screen of a table
  this browser hosts or sits at (``at_own_table``, handed in by the tables) is never limited by
  someone else's wrong codes. Once an address is over it, every page answers 429 whatever the
  code, and so does the live view in front of the app (:func:`over_wrong_codes`): no answer
  tells a real code from a made-up one.
- ``imports``: a record's import costs seconds of work for the largest, a few a minute.
- ``posts``: a flood guard far above any table's play.
- ``photos``: a photo sent to a finished table (each is decoded in a process of its own), a
  few dozen an hour.
- ``saves``: a sheet or board saved with an editor (a view marked :func:`saves`, its post
  answered with a redirect): a flood of them would fill the server, a few dozen an hour.

Flask-Limiter keeps the counts in the storage named by ``RATELIMIT_STORAGE_URI``. Ours,
``companion-db://`` (the default), keeps the shared scopes (:data:`SHARED_SCOPES`: rare, and
worth one count for the whole server — with two workers a count kept in each would let an
address try twice as often) in the app's own database, so no other service has to run; every
other scope stays in the process's memory, where a count costs nothing. The database holds a row
per key and slice of the window (a sixth of it), upserted, so its rows are bounded by design:
at most ``SLICES + 1`` per address and scope, however often it tries and however many
addresses try, and a row past every window it counts in is swept. A hit counts until its whole
slice has left the window (a window of 60 s holds an address back 60 to 70 s, never less).
Several servers on one PostgreSQL database share these counts too; Redis (``redis://…``)
remains the storage for a farm that wants every count shared.
"""
from __future__ import annotations

import ipaddress
import math
import threading
import time
import zlib
from typing import Any, Callable

from cachetools import TTLCache
from flask import current_app, request
from flask_babel import gettext
from flask_limiter import ApplicationLimit, Limiter
from flask_limiter.util import get_remote_address
from limits import parse
from limits.storage import MemoryStorage, MovingWindowSupport, Storage
from sqlalchemy import delete, select, text
from sqlalchemy.exc import SQLAlchemyError

from .extensions import db
from .models import RateCount

SHARED_SCOPES = ("wrong-codes", "imports", "saves", "photos")   # in the database, every worker alike
WRONG_CODES = "wrong-codes"
SLICES = 6              # a window is counted in this many slices (and the one it began in)
SWEEP_SECONDS = 60.0    # a process sweeps the rows past every window at most this often
VERDICT_SECONDS = 2.0   # the front keeps an address's verdict this long (every worker alike)
VERDICTS_KEPT = 10_000  # addresses whose verdict a process keeps at once

now: Callable[[], float] = time.time     # the clock (a test sets its own)


# --- who is one address ------------------------------------------------------------------------

def address_key(address: str) -> str:
    """The address a limit counts: an IPv4 address as it is, an IPv6 address by its /64 (a
    client holds a whole /64 and could take a fresh address per try), an IPv4 address mapped
    into IPv6 as the IPv4 address; anything else (no address) as given."""
    try:
        parsed = ipaddress.ip_address(address.strip().split("%")[0])
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, 64), strict=False))
    return str(parsed)


def client_key() -> str:
    """The limits' key for this request's client."""
    return address_key(get_remote_address())


# --- what is limited ---------------------------------------------------------------------------

def _setting(name: str) -> Callable[[], str]:
    return lambda: current_app.config[name]


def limiter_for(app: Any, at_own_table: Callable[[], bool]) -> Limiter:
    """The app's limiter (one per app: its settings and memory its own)."""
    limiter = Limiter(client_key, app=app, application_limits=[
        ApplicationLimit(_setting("WRONG_CODE_LIMIT"), scope=WRONG_CODES,
                         deduct_when=lambda response: response.status_code == 404,
                         exempt_when=at_own_table),
        ApplicationLimit(_setting("POST_LIMIT"), scope="posts", methods=["POST"]),
        ApplicationLimit(_setting("IMPORT_LIMIT"), scope="imports", methods=["POST"],
                         exempt_when=lambda: request.endpoint != "tables.import_record"),
        ApplicationLimit(_setting("PHOTO_LIMIT"), scope="photos", methods=["POST"],
                         exempt_when=lambda: request.endpoint != "tables.add_photo",
                         error_message=lambda: gettext(
                             "Too many photos sent from this network in the last hour. Wait "
                             "a while, then send it again.")),
        ApplicationLimit(_setting("SAVE_LIMIT"), scope="saves", methods=["POST"],
                         exempt_when=lambda: not saving(),
                         deduct_when=lambda response: response.status_code == 303,
                         error_message=lambda: gettext(
                             "Too many sheets and boards saved from this network in the last "
                             "hour. Wait a while, then save again.")),
    ])
    app.extensions[EXTENSION] = Verdicts(limiter)
    return limiter


def saves(view: Callable) -> Callable:
    """Marks an editor's view whose post saves a sheet or board: the ``saves`` limit counts it."""
    view.saves_definitions = True   # type: ignore[attr-defined]
    return view


def saving() -> bool:
    view = current_app.view_functions.get(request.endpoint or "")
    return bool(getattr(view, "saves_definitions", False))


EXTENSION = "companion_verdicts"


class Verdicts:
    """Whether an address is over the wrong-code limit, as the app's limiter would say, for what
    answers in front of the app (the live view's "nothing new"): read from the limiter's storage
    on a miss and kept ``VERDICT_SECONDS``, so every worker says the same within that time and
    "nothing new" stays one dictionary look-up."""

    def __init__(self, limiter: Limiter) -> None:
        self.limiter = limiter
        self.kept: TTLCache[str, bool] = TTLCache(VERDICTS_KEPT, VERDICT_SECONDS, timer=lambda: now())
        self.lock = threading.Lock()

    def over(self, app: Any, address: str) -> bool:
        if not app.config.get("RATELIMIT_ENABLED", True):
            return False
        key = address_key(address)
        with self.lock:
            verdict = self.kept.get(key)
        if verdict is None:
            item = parse(app.config["WRONG_CODE_LIMIT"])
            with app.app_context():
                verdict = not self.limiter.limiter.test(item, key, WRONG_CODES)
            with self.lock:
                self.kept[key] = verdict
        return verdict


def over_wrong_codes(app: Any, address: str) -> bool:
    """The address is over the wrong-code limit (as every worker sees it, within seconds)."""
    verdicts = app.extensions.get(EXTENSION)
    return verdicts is not None and verdicts.over(app, address)


# --- where the counts are kept -----------------------------------------------------------------

def shared(key: str) -> bool:
    """The key counts a limit the whole server shares (Flask-Limiter puts the scope in it)."""
    return any(f"/{scope}/" in key for scope in SHARED_SCOPES)


# the hot path in plain SQL, the same on SQLite and PostgreSQL (an upsert, a sum)
UPSERT = text("INSERT INTO rate_counts (key, slice, count, expires) "
              "VALUES (:key, :slice, :count, :expires) ON CONFLICT (key, slice) "
              "DO UPDATE SET count = rate_counts.count + excluded.count")
COUNT = text("SELECT min(slice), coalesce(sum(count), 0) FROM rate_counts "
             "WHERE key = :key AND slice >= :first")


def slice_seconds(expiry: int) -> int:
    """How long one slice of a window of ``expiry`` seconds is."""
    return max(1, math.ceil(expiry / SLICES))


class DatabaseStorage(Storage, MovingWindowSupport):
    """Moving windows in the ``rate_counts`` table for the shared scopes, in memory for the rest.
    Only the moving-window strategy is kept (``RATELIMIT_STRATEGY = "moving-window"``)."""

    STORAGE_SCHEME = ["companion-db"]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options: Any) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self.memory = MemoryStorage()
        self.swept = 0.0

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return SQLAlchemyError

    # --- the moving window -------------------------------------------------------------------

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        if not shared(key):
            return self.memory.acquire_entry(key, limit, expiry, amount)
        if amount > limit:
            return False
        at = now()
        width = slice_seconds(expiry)
        current = int(at // width)
        with db.engine.connect() as connection:
            with connection.begin() as transaction:
                if connection.dialect.name == "postgresql":     # one writer per key at a time
                    connection.execute(text("SELECT pg_advisory_xact_lock(:lock)"),
                                       {"lock": zlib.crc32(key.encode())})
                # counted first (on SQLite the upsert takes the database's lock, so two workers
                # cannot both take the last free place), taken back if over the limit
                connection.execute(UPSERT, {"key": key, "slice": current, "count": amount,
                                            "expires": float((current + SLICES + 1) * width)})
                if self._count(connection, key, current) > limit:
                    transaction.rollback()
                    return False
            self._sweep(connection, at)
        return True

    def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]:
        if not shared(key):
            return self.memory.get_moving_window(key, limit, expiry)
        at = now()
        width = slice_seconds(expiry)
        current = int(at // width)
        with db.engine.connect() as connection:
            first, count = connection.execute(COUNT, {"key": key, "first": current - SLICES}).one()
        # the window frees its first place once that slice has wholly left it
        return (float(first + 1) * width if first is not None else at), int(count)

    @staticmethod
    def _count(connection: Any, key: str, current: int) -> int:
        return int(connection.execute(COUNT, {"key": key, "first": current - SLICES}).one()[1])

    def _sweep(self, connection: Any, at: float) -> None:
        """The rows past every window go, at most once a ``SWEEP_SECONDS`` per process."""
        if at - self.swept < SWEEP_SECONDS and self.swept <= at:
            return
        self.swept = at
        with connection.begin():
            connection.execute(delete(RateCount).where(RateCount.expires <= at))

    def sweep(self) -> int:
        """Every row past every window deleted now; how many."""
        self.swept = at = now()
        with db.engine.begin() as connection:
            return connection.execute(delete(RateCount).where(RateCount.expires <= at)).rowcount

    def clear(self, key: str) -> None:
        if not shared(key):
            return self.memory.clear(key)
        with db.engine.begin() as connection:
            connection.execute(delete(RateCount).where(RateCount.key == key))

    def reset(self) -> int | None:
        self.memory.reset()
        with db.engine.begin() as connection:
            return connection.execute(delete(RateCount)).rowcount

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
