"""DATABASE_URL selects the database; SQLite in the instance folder without it. PostgreSQL is
driven by psycopg 3 whether or not the URL names the driver."""
from __future__ import annotations

import pytest

from companion import create_app

pytestmark = pytest.mark.storage("the database address")


def url_of(monkeypatch, tmp_path, value: str | None) -> str:
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "instance"))
    if value is None:
        monkeypatch.delenv("DATABASE_URL", raising=False)
    else:
        monkeypatch.setenv("DATABASE_URL", value)
    return create_app({"SECRET_KEY": "test"}).config["SQLALCHEMY_DATABASE_URI"]


def test_without_database_url_the_database_is_sqlite_in_the_instance_folder(tmp_path, monkeypatch):
    assert url_of(monkeypatch, tmp_path, None) == \
        f"sqlite:///{tmp_path / 'instance' / 'companion.sqlite'}"


@pytest.mark.parametrize("given, used", [
    ("postgresql://cafe:secret@db.lan:5432/companion",
     "postgresql+psycopg://cafe:secret@db.lan:5432/companion"),
    ("postgres://cafe@db.lan/companion", "postgresql+psycopg://cafe@db.lan/companion"),
    ("postgresql+psycopg://cafe@db.lan/companion", "postgresql+psycopg://cafe@db.lan/companion"),
    ("sqlite:////srv/companion/tables.sqlite", "sqlite:////srv/companion/tables.sqlite"),
])
def test_database_url_names_the_database(tmp_path, monkeypatch, given, used):
    assert url_of(monkeypatch, tmp_path, given) == used


def test_a_postgresql_connection_is_tested_before_use(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.setenv("DATABASE_URL", "postgresql://cafe@db.lan/companion")
    app = create_app({"SECRET_KEY": "test"})
    assert app.config["SQLALCHEMY_ENGINE_OPTIONS"] == {"pool_pre_ping": True}
