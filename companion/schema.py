"""The database's schema: its migrations, and the upgrade every command runs.

The database's schema is its migrations (Alembic through Flask-Migrate, in
``companion/migrations/``, shipped inside the package so an installed ``companion`` finds them
from any folder). Every command that prepares a database upgrades it to the newest revision.
"""
from __future__ import annotations

from pathlib import Path

MIGRATIONS = Path(__file__).parent / "migrations"


def upgrade(quiet: bool = False) -> None:
    """Bring the app's database to the newest revision, as ``companion db upgrade`` does (a
    database created before migrations existed is adopted at the first revision first, see
    ``migrations/env.py``); ``quiet`` leaves Alembic's progress lines out. In an app context."""
    from alembic import command
    from flask import current_app

    config = current_app.extensions["migrate"].migrate.get_config()
    config.attributes["quiet"] = quiet
    command.upgrade(config, "head")


def known(revision: str | None) -> bool:
    """True if this version's migrations know ``revision`` (None: before the first); in an app
    context."""
    from alembic.script import ScriptDirectory
    from alembic.script.revision import RevisionError
    from alembic.util import CommandError
    from flask import current_app

    if revision is None:
        return True
    scripts = ScriptDirectory.from_config(current_app.extensions["migrate"].migrate.get_config())
    try:
        return scripts.get_revision(revision) is not None
    except (RevisionError, CommandError):
        return False
