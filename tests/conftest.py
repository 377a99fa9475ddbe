"""Fixtures: every test gets a fresh app with its own SQLite file and instance folder."""
from __future__ import annotations

from typing import Iterator

import pytest

from tests.support import LiveServer, make_app


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
