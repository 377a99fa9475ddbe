"""Extensions created unbound; the factory binds them to an app."""
from typing import Callable

from flask import current_app
from flask_babel import Babel
from flask_limiter import ApplicationLimit, Limiter
from flask_limiter.util import get_remote_address
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
csrf = CSRFProtect()
migrate = Migrate()      # the schema's history: companion/migrations (companion db upgrade)
babel = Babel()


def _setting(name: str):
    return lambda: current_app.config[name]


# Per client address (behind a proxy, the address the proxy setting trusts), kept in memory by
# default: each server process counts on its own unless RATELIMIT_STORAGE_URI names a shared
# store (e.g. "redis://localhost:6379"). A wrong table code (404) counts against guessing; a
# table's normal play never answers 404, so a whole table behind one home router is not slowed:
# ``at_own_table`` (handed in by the tables) exempts a screen of a table this browser hosts or
# sits at from someone else's wrong codes. One limiter per app (its settings and memory its own).
def limiter_for(app, at_own_table: Callable[[], bool]) -> Limiter:
    return Limiter(get_remote_address, app=app, application_limits=[
        ApplicationLimit(_setting("WRONG_CODE_LIMIT"), scope="wrong-codes",
                         deduct_when=lambda response: response.status_code == 404,
                         exempt_when=at_own_table),
        ApplicationLimit(_setting("POST_LIMIT"), scope="posts", methods=["POST"]),
    ])


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection, _record) -> None:
    """WAL and foreign keys for SQLite, so phones wait for each other instead of failing."""
    if type(dbapi_connection).__module__.startswith("sqlite3"):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()
