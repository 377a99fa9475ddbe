"""Helpers shared by the tests (fixtures live in conftest.py)."""
from __future__ import annotations

import re
import threading
from html import unescape
from pathlib import Path
from typing import Any

from werkzeug.serving import make_server

from companion import create_app
from companion.extensions import db

ROOT = Path(__file__).resolve().parent.parent


def make_app(tmp_path: Path, **config: Any):
    instance = tmp_path / "instance"
    settings = {
        "TESTING": True,
        "SECRET_KEY": "test",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'companion.sqlite'}",
        "WTF_CSRF_ENABLED": False,
        **config,
    }
    app = create_app(settings)
    app.instance_path = str(instance)
    with app.app_context():
        db.create_all()
    return app


def start_table(client, game: str = "score-pad", players=("Anna", "Bence", "Csilla"),
                **options: str) -> str:
    """Start a table through the home page form, as a host would; returns its code."""
    data = {"game": game, **{f"players-{i}": name for i, name in enumerate(players)}, **options}
    response = client.post("/", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def take_seat(client, code: str, position: int) -> None:
    response = client.post(f"/j/{code}", data={"seat": str(position)})
    assert response.status_code == 303, response.get_data(as_text=True)


def text_of(response) -> str:
    """The visible text of a page, for assertions that read like what a player sees."""
    html = response.get_data(as_text=True)
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip())


class LiveServer:
    """The app served by a real threaded WSGI server on loopback, for phones and load."""

    def __init__(self, app):
        self.app = app
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> "LiveServer":
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.thread.join(5)




def enter(client, code: str, round_, points, nonce: str | None = None, **extra):
    """Post a score-pad entry as a phone (or, with screen="host", the host screen) does."""
    import uuid
    data = {"points-round": str(round_), "points-points": str(points),
            "nonce": nonce or uuid.uuid4().hex, **extra}
    return client.post(f"/t/{code}/act/points", data=data)


def events(client, code: str) -> list[dict[str, Any]]:
    return client.get(f"/t/{code}/record.json").get_json()["events"]


def totals(client, code: str) -> dict[str, int]:
    from companion import record
    result = record.load(client.get(f"/t/{code}/record.json").get_json()).result()
    return {p["name"]: p["total"] for p in result["players"]}


def table_count(app) -> int:
    from companion.models import Table
    with app.app_context():
        return db.session.query(Table).count()
