"""Fixtures: every test gets a fresh app with its own database (a SQLite file, or with
``--db=postgresql`` a PostgreSQL database) and instance folder."""
from __future__ import annotations

import os
from typing import Iterator

import pytest

from tests import databases
from tests.support import LiveServer, make_app

# The tests choose their databases and keys themselves; a shell's are never used.
for setting in ("DATABASE_URL", "COMPANION_SECRET_KEY"):
    os.environ.pop(setting, None)


def pytest_addoption(parser):
    parser.addoption("--db", default=os.environ.get("COMPANION_TEST_DB") or "sqlite",
                     help="the tests' database: sqlite (default), postgresql (a throwaway "
                          "cluster on a loopback port) or a PostgreSQL server's URL whose user "
                          "may create databases; also COMPANION_TEST_DB")


def pytest_report_header(config):
    kind = config.getoption("--db")
    return f"database: {'sqlite' if kind == 'sqlite' else 'postgresql'}"


APP_FIXTURES = {"app", "client", "runner", "live_server"}


def pytest_collection_modifyitems(config, items):
    """A test that gets an app through a fixture opens a database: it is marked ``database``
    like the tests that declare it themselves (``pytestmark = pytest.mark.database`` where a
    module makes its own apps or servers). On PostgreSQL only the ``database`` tests run again:
    the others (rules, records, the command line's scoring) ran on SQLite and open none."""
    for item in items:
        if APP_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.database)
    if config.getoption("--db") == "sqlite":
        return
    kept = [item for item in items if item.get_closest_marker("database")]
    if len(kept) < len(items):
        config.hook.pytest_deselected(items=[item for item in items if item not in kept])
        items[:] = kept


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """The test about to run, for the check in ``databases.url`` that it is marked ``database``
    (set before any fixture: a module's shared app is made while its first test is set up)."""
    databases.running = item


@pytest.fixture(scope="session", autouse=True)
def database_server(request):
    """The database server for the test run (PostgreSQL's cluster is started here, stopped at
    the end)."""
    chosen = databases.use(request.config.getoption("--db"))
    yield chosen
    chosen.close()
    databases.use("sqlite")


@pytest.fixture(autouse=True)
def fresh_databases(database_server, request):
    """The databases a test made are dropped after it (a module's shared app keeps its own);
    a test about SQLite itself is skipped on PostgreSQL."""
    only = request.node.get_closest_marker("sqlite_only")
    if only is not None and database_server.name != "sqlite":
        pytest.skip(f"SQLite only: {only.args[0] if only.args else 'about SQLite itself'}")
    mark = database_server.mark()
    yield
    databases.running = None
    database_server.drop_since(mark)


@pytest.fixture
def app(tmp_path):
    return make_app(tmp_path)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def live_server(tmp_path) -> Iterator[LiveServer]:
    """A real server with CSRF on; the join address (QR) points at it."""
    app = make_app(tmp_path, WTF_CSRF_ENABLED=True, TESTING=False)
    with LiveServer(app) as server:
        app.config["PUBLIC_BASE_URL"] = server.url
        yield server


@pytest.fixture(scope="session", autouse=True)
def compiled_translations():
    """The Hungarian catalogue compiled from its .po, as the setup script does."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    from tests.support import ROOT

    for po in (ROOT / "companion/translations").glob("*/LC_MESSAGES/messages.po"):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            with po.open("rb") as source, mo.open("wb") as target:
                write_mo(target, read_po(source))
