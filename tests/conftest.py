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
