"""Fixtures: every test gets a fresh app with its own database (a SQLite file, or with
``--db=postgresql`` a PostgreSQL database) and instance folder."""
from __future__ import annotations

import gc
import os
from pathlib import Path
from typing import Iterator

import pytest

from tests import databases
from tests.support import LiveServer, make_app

# The tests choose their databases and keys themselves; a shell's are never used.
for setting in ("DATABASE_URL", "COMPANION_SECRET_KEY"):
    os.environ.pop(setting, None)
# Every app, server and command of the run (each with an instance folder of its own) serves
# the static files from one build, made once: it is the same for the same files
os.environ["COMPANION_STATIC_BUILD"] = str(Path(__file__).resolve().parent.parent / "instance"
                                           / "static-build")


def pytest_addoption(parser):
    parser.addoption("--album", action="store_true",
                     help="also take the screenshot albums (tests marked album): every screen "
                          "in English and Hungarian, phone and TV, as PNGs in "
                          "test-artifacts/screens/ for a person to look at")
    parser.addoption("--db", default=os.environ.get("COMPANION_TEST_DB") or "sqlite",
                     help="the tests' databases, comma-separated: sqlite (default), postgresql "
                          "(a throwaway cluster on a loopback port) or a PostgreSQL server's URL "
                          "whose user may create databases; with several, the tests marked "
                          "storage run on each, the others on the first; also "
                          "COMPANION_TEST_DB")


def database_kinds(config) -> list[str]:
    return [kind.strip() for kind in config.getoption("--db").split(",") if kind.strip()]


def pytest_report_header(config):
    names = ["sqlite" if kind == "sqlite" else "postgresql" for kind in database_kinds(config)]
    return f"databases: {', '.join(names)}"


APP_FIXTURES = {"app", "client", "runner", "live_server"}


def opens_database(fixturenames, node) -> bool:
    return bool(APP_FIXTURES & set(fixturenames)) or node.get_closest_marker("database") is not None


def module_marks(module) -> set[str]:
    marks = getattr(module, "pytestmark", [])
    return {mark.name for mark in (marks if isinstance(marks, list) else [marks])}


def pytest_generate_tests(metafunc):
    """With several databases (``--db=sqlite,postgresql``, as ``./test.sh`` asks) a test that
    opens one runs on the first, and a test about how a table is stored (its module marked
    ``storage``: transactions, locks, migrations, the limits' store, constraints, hostile values,
    snapshots) runs on each: a module-wide parameter, so a module's shared app is made once per
    database. Everything else a test checks (pages, forms, rules, records, screens) is drawn from
    the same stored table whatever keeps it. SQLite's own tests run on SQLite. ``--db=postgresql`` alone runs every test on
    PostgreSQL."""
    kinds = database_kinds(metafunc.config)
    if len(kinds) < 2 or not opens_database(metafunc.fixturenames, metafunc.definition):
        return
    node = metafunc.definition
    if node.get_closest_marker("sqlite_only") is not None:
        kinds = [kind for kind in kinds if kind == "sqlite"] or kinds[:1]
    elif node.get_closest_marker("storage") is None:
        kinds = kinds[:1]
    names = ["sqlite" if kind == "sqlite" else "postgresql" for kind in kinds]
    metafunc.parametrize("database_kind", kinds, indirect=True, scope="module", ids=names)


# Modules of tests that take ten seconds or more each (servers started and killed, migrations,
# whole games in the browser, the accessibility walk).
FIRST = {"test_crash.py", "test_two_servers.py", "test_serve.py", "test_migrations.py",
         "test_cli.py", "test_accessibility.py", "test_score_sheet_games.py",
         "test_quadropolis.py", "test_calcada.py", "test_tv_reads_at_3m.py", "test_story.py"}


def pytest_collection_modifyitems(config, items):
    """A test that gets an app through a fixture opens a database: it is marked ``database``
    like the tests that declare it themselves (``pytestmark = pytest.mark.database`` where a
    module makes its own apps or servers). Without SQLite among the databases only the
    ``database`` tests run: the others (rules, records, the command line's scoring) open none."""
    for item in items:
        if opens_database(getattr(item, "fixturenames", ()), item):
            item.add_marker(pytest.mark.database)
    if not config.getoption("--album"):
        albums = [item for item in items if item.get_closest_marker("album")]
        if albums:
            config.hook.pytest_deselected(items=albums)
            items[:] = [item for item in items if not item.get_closest_marker("album")]
    # the longest tests first, so that the run does not end waiting on one of them
    items.sort(key=lambda item: 0 if item.path.name in FIRST else 1)
    if "sqlite" in database_kinds(config):
        return
    kept = [item for item in items if item.get_closest_marker("database")]
    if len(kept) < len(items):
        config.hook.pytest_deselected(items=[item for item in items if item not in kept])
        items[:] = kept


def pytest_collection_finish(session):
    """Everything a worker holds from here on (the modules, the collected tests, hypothesis'
    strategies, Playwright) is kept out of the garbage collector's full passes: they walked it
    all again and again, a tenth of the run's processor time, and none of it is garbage."""
    gc.collect()
    gc.freeze()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """The test about to run, for the check in ``databases.url`` that it is marked ``database``
    (set before any fixture: a module's shared app is made while its first test is set up)."""
    databases.running = item


@pytest.fixture(scope="session", autouse=True)
def database_servers():
    """The database servers of this run, each started when a test first needs it (PostgreSQL's
    cluster: once per worker), all stopped at the end."""
    yield
    databases.close_all()


@pytest.fixture(scope="module")
def database_kind(request, database_servers):
    """The database this test's apps run on (a parameter of the tests that open one)."""
    kind = getattr(request, "param", None) or database_kinds(request.config)[0]
    return databases.use(kind)


@pytest.fixture(autouse=True)
def fresh_databases(database_kind, request):
    """The databases a test made are dropped after it (a module's shared app keeps its own);
    a test about SQLite itself is skipped on PostgreSQL."""
    databases.use(database_kind.kind)
    only = request.node.get_closest_marker("sqlite_only")
    if only is not None and database_kind.name != "sqlite":
        pytest.skip(f"SQLite only: {only.args[0] if only.args else 'about SQLite itself'}")
    mark = database_kind.mark()
    yield
    databases.running = None
    database_kind.drop_since(mark)


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
