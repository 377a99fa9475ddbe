"""Alembic's environment (Flask-Migrate): the app's engine and every model of the app.

Two things beyond Flask-Migrate's template: a database made by ``db.create_all()`` before the
app had migrations is adopted at the first revision and then upgraded like any other, and on
PostgreSQL the servers sharing one database take turns (an advisory lock), so several starting
at once migrate it once."""
from __future__ import annotations

import logging
import zlib
from logging.config import fileConfig

from alembic import context
from flask import current_app
from sqlalchemy import Connection, inspect, text

from companion import models  # noqa: F401  (the tables, seats and events)
from companion.games.calcada import models as calcada_models  # noqa: F401  (saved boards)
from companion.games.doodle_city import models as doodle_city_models  # noqa: F401  (saved sheets)
from companion.games.score_pad import models as score_pad_models  # noqa: F401  (saved sheets)

config = context.config
if config.config_file_name and not config.attributes.get("quiet"):
    # progress lines on standard error; the app's own loggers (the server's) keep working
    fileConfig(config.config_file_name, disable_existing_loggers=False)
logger = logging.getLogger("alembic.env")

database = current_app.extensions["migrate"].db
LOCK = zlib.crc32(b"table-companion migrations")   # PostgreSQL advisory lock: one upgrade at a time


def run_migrations_offline() -> None:
    """``--sql``: print the SQL instead of running it."""
    context.configure(url=database.engine.url, target_metadata=database.metadata,
                      literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def skip_empty_revision(_context, _revision, directives) -> None:
    """``companion db migrate`` writes no revision when the models did not change."""
    if getattr(config.cmd_opts, "autogenerate", False) and directives[0].upgrade_ops.is_empty():
        directives[:] = []
        logger.info("No changes in schema detected.")


def made_before_migrations(connection: Connection) -> bool:
    """The app's tables exist but Alembic's version table does not: ``db.create_all()`` made
    them, as every version of the app did before it had migrations."""
    names = set(inspect(connection).get_table_names())
    return "tables" in names and context.get_context().version_table not in names


def run_migrations_online() -> None:
    settings = dict(current_app.extensions["migrate"].configure_args)
    settings.setdefault("process_revision_directives", skip_empty_revision)
    with database.engine.connect() as connection:
        shared = connection.dialect.name == "postgresql"
        if shared:        # held by the connection across transactions, released below
            connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": LOCK})
            connection.commit()
        try:
            context.configure(connection=connection, target_metadata=database.metadata, **settings)
            if made_before_migrations(connection):
                first = context.script.get_base()
                logger.info("Tables made before migrations: stamping them at %s", first)
                context.get_context().stamp(context.script, first)
            connection.commit()
            with context.begin_transaction():
                context.run_migrations()
        finally:
            if shared:
                connection.rollback()
                connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": LOCK})
                connection.commit()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
