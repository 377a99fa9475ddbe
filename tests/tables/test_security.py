"""Security: what a page may run, what a stranger may post, what a cookie and a key reveal."""
from __future__ import annotations

import io
import re
import stat
import uuid
from urllib.parse import urljoin, urlsplit

import pytest

from companion import create_app
from companion.extensions import db
from companion.models import Event, Table
from tests.support import make_app, start_table, take_seat, text_of, untimed

pytestmark = pytest.mark.database

EVIL = "<script>alert(1)</script>"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"


# --- Content-Security-Policy ---------------------------------------------------------------

def policy_of(response) -> dict[str, list[str]]:
    header = response.headers.get("Content-Security-Policy", "")
    directives = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            directives[words[0]] = words[1:]
    return directives


def test_every_page_forbids_inline_and_foreign_scripts(app, client):
    code = start_table(client)
    phone = app.test_client()
    take_seat(phone, code, 0)
    pages = [client.get("/"), client.get(f"/t/{code}"), client.get(f"/j/{code}"),
             phone.get(f"/t/{code}/phone"), client.get(f"/t/{code}/live?v=-1"),
             client.get("/t/AAAAA"), client.get("/go?code=AAAAA")]
    for response in pages:
        header = response.headers.get("Content-Security-Policy", "")
        policy = policy_of(response)
        assert policy.get("default-src") == ["'self'"], (response.request.path, header)
        assert policy.get("script-src") == ["'self'"], (response.request.path, header)
        assert "unsafe-inline" not in header
        assert "unsafe-eval" not in header
        assert response.headers.get("X-Content-Type-Options") == "nosniff"


def test_pages_contain_no_inline_scripts_the_policy_would_block(app, client):
    code = start_table(client)
    for path in ("/", f"/t/{code}", f"/j/{code}"):
        html = client.get(path).get_data(as_text=True)
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag, (path, tag)
        assert not re.search(r"\son[a-z]+\s*=", html), path


# --- escaping ----------------------------------------------------------------------------------

def test_a_players_name_is_shown_as_text_never_run_as_html(app, client):
    code = start_table(client, players=(EVIL, "Bence"))
    phone = app.test_client()
    take_seat(phone, code, 0)
    phone.post(f"/t/{code}/act/points", data={"points-round": "1", "points-points": "5",
                                               "nonce": uuid.uuid4().hex})
    pages = {"home": client.get("/"), "host": client.get(f"/t/{code}"),
             "join": app.test_client().get(f"/j/{code}"), "phone": phone.get(f"/t/{code}/phone"),
             "live": client.get(f"/t/{code}/live?v=-1")}
    for name, response in pages.items():
        assert response.status_code == 200, name
        html = response.get_data(as_text=True)
        assert ESCAPED in html, name
        assert EVIL not in html, name
        assert "<script>alert" not in html, name


def test_a_name_with_quotes_cannot_break_out_of_an_attribute(app, client):
    sneaky = '"><img src=x onerror=alert(1)>'
    code = start_table(client, players=(sneaky, "Bence"))
    for path in ("/", f"/t/{code}", f"/j/{code}"):
        html = client.get(path).get_data(as_text=True)
        assert "<img src=x" not in html, path


# --- CSRF ------------------------------------------------------------------------------------

def token(client, path: str) -> str:
    html = client.get(path).get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


@pytest.fixture
def guarded(tmp_path):
    """A table on an app with CSRF on, started and joined the honest way (with tokens)."""
    app = make_app(tmp_path, WTF_CSRF_ENABLED=True)
    host, phone = app.test_client(), app.test_client()
    response = host.post("/", data={"csrf_token": token(host, "/"), "game": "score-pad",
                                    "players-0": "Anna", "players-1": "Bence"})
    assert response.status_code == 303
    code = response.headers["Location"].rsplit("/", 1)[1]
    response = phone.post(f"/j/{code}", data={"csrf_token": token(phone, f"/j/{code}"),
                                              "seat": "0"})
    assert response.status_code == 303
    response = phone.post(f"/t/{code}/act/points", data={
        "csrf_token": token(phone, f"/t/{code}/phone"), "points-round": "1",
        "points-points": "4", "nonce": uuid.uuid4().hex})
    assert response.status_code == 303
    return app, host, phone, code


def snapshot(app):
    with app.app_context():
        tables = db.session.query(Table).count()
        events = [e.data for e in db.session.query(Event).order_by(Event.id)]
        seats = [(s.name, s.secret_hash) for t in db.session.query(Table) for s in t.seats]
    return tables, events, seats


def test_the_honest_way_with_tokens_works(guarded):
    app, host, phone, code = guarded
    tables, events, seats = snapshot(app)
    assert tables == 1
    assert untimed(events) == [{"type": "points", "player": "Anna", "round": 1, "points": 4}]
    assert seats[0][1] is not None and seats[1][1] is None


@pytest.mark.parametrize("who, path, data", [
    ("host", "/", {"game": "score-pad", "players-0": "Mallory"}),
    ("phone", "/t/{code}/act/points", {"points-round": "2", "points-points": "99"}),
    ("host", "/t/{code}/act/points", {"screen": "host", "points-player": "Bence",
                                      "points-round": "1", "points-points": "99"}),
    ("phone", "/t/{code}/undo", {}),
    ("host", "/t/{code}/undo", {"screen": "host", "event": "1"}),
    ("host", "/t/{code}/finish", {}),
    ("stranger", "/j/{code}", {"seat": "1"}),
    ("host", "/t/{code}/seat/0/free", {}),
])
def test_a_post_without_a_csrf_token_is_refused_and_changes_nothing(guarded, who, path, data):
    app, host, phone, code = guarded
    client = {"host": host, "phone": phone, "stranger": app.test_client()}[who]
    before = snapshot(app)
    response = client.post(path.format(code=code), data={"nonce": uuid.uuid4().hex, **data})
    assert response.status_code == 400
    assert "came from elsewhere" in text_of(response)
    assert snapshot(app) == before
    if who == "stranger":
        assert client.get_cookie(f"tc_seat_{code}") is None


def test_an_import_without_a_csrf_token_is_refused(guarded):
    app, host, phone, code = guarded
    record = host.get(f"/t/{code}/record.json").get_data()
    before = snapshot(app)
    response = host.post("/import", data={"record": (io.BytesIO(record), "game.json")},
                         content_type="multipart/form-data")
    assert response.status_code == 400
    assert snapshot(app) == before


def test_a_csrf_token_from_another_browser_is_refused(guarded):
    app, host, phone, code = guarded
    stolen = token(host, f"/t/{code}")
    before = snapshot(app)
    response = phone.post(f"/t/{code}/act/points", data={
        "csrf_token": stolen, "points-round": "2", "points-points": "99",
        "nonce": uuid.uuid4().hex})
    assert response.status_code == 400
    stranger = app.test_client()
    response = stranger.post(f"/j/{code}", data={"csrf_token": stolen, "seat": "1"})
    assert response.status_code == 400
    assert snapshot(app) == before


# --- redirects -------------------------------------------------------------------------------

def host_a_browser_goes_to(location: str) -> str:
    """Where a browser follows a Location header: it drops tabs and newlines and reads a
    backslash as a slash (WHATWG URL rules for http)."""
    cleaned = re.sub(r"[\t\n\r]", "", location).replace("\\", "/")
    return urlsplit(urljoin("http://localhost/", cleaned)).netloc


def test_the_language_switch_returns_to_the_page_it_came_from(client):
    response = client.post("/lang", data={"lang": "en", "next": "/t/ACDEF?x=1"})
    assert response.status_code == 303
    assert response.headers["Location"] == "/t/ACDEF?x=1"


@pytest.mark.parametrize("next_", ["https://evil.example/", "//evil.example/",
                                   "/\\evil.example/", "/\t/evil.example/", "/\n/evil.example/"])
def test_the_language_switch_never_sends_the_browser_to_another_site(client, next_):
    response = client.post("/lang", data={"lang": "en", "next": next_})
    assert response.status_code == 303
    assert host_a_browser_goes_to(response.headers["Location"]) == "localhost", \
        response.headers["Location"]


# --- cookies ---------------------------------------------------------------------------------

def set_cookie_header(response, name: str) -> str:
    headers = [h for h in response.headers.getlist("Set-Cookie") if h.startswith(f"{name}=")]
    assert len(headers) == 1, response.headers.getlist("Set-Cookie")
    return headers[0]


def test_host_and_seat_cookies_are_hidden_from_scripts_and_stay_on_this_site(app, client):
    response = client.post("/", data={"game": "score-pad", "players-0": "Anna"})
    code = response.headers["Location"].rsplit("/", 1)[1]
    host_cookie = set_cookie_header(response, f"tc_host_{code}")
    seat_cookie = set_cookie_header(app.test_client().post(f"/j/{code}", data={"seat": "0"}),
                                    f"tc_seat_{code}")
    for header in (host_cookie, seat_cookie):
        attributes = [a.strip().lower() for a in header.split(";")[1:]]
        assert "httponly" in attributes, header
        assert "samesite=lax" in attributes, header
        assert any(a.startswith("max-age=") and int(a.split("=")[1]) > 3600 for a in attributes)


def test_the_cookie_value_is_not_shown_on_any_page(app, client):
    code = start_table(client)
    phone = app.test_client()
    take_seat(phone, code, 0)
    secrets_ = [client.get_cookie(f"tc_host_{code}").value,
                phone.get_cookie(f"tc_seat_{code}").value]
    for response in (client.get(f"/t/{code}"), phone.get(f"/t/{code}/phone"),
                     client.get(f"/t/{code}/record.json"), client.get("/"),
                     client.get(f"/t/{code}/live?v=-1")):
        body = response.get_data(as_text=True)
        assert all(secret not in body for secret in secrets_)


# --- the secret key ------------------------------------------------------------------------------

def installation(tmp_path, monkeypatch, name: str):
    instance = tmp_path / name
    monkeypatch.setenv("COMPANION_INSTANCE", str(instance))
    app = create_app({"TESTING": True,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / name}.sqlite"})
    return app, instance


def test_without_a_configured_key_each_installation_makes_its_own(tmp_path, monkeypatch):
    first, first_instance = installation(tmp_path, monkeypatch, "one")
    second, second_instance = installation(tmp_path, monkeypatch, "two")
    for app, instance in ((first, first_instance), (second, second_instance)):
        key_file = instance / "secret_key"
        assert key_file.is_file()
        assert app.config["SECRET_KEY"] == key_file.read_text().strip()
        assert len(app.config["SECRET_KEY"]) >= 32
        assert app.config["SECRET_KEY"] != "test"
        assert stat.S_IMODE(key_file.stat().st_mode) & 0o077 == 0   # only the owner reads it
    assert first.config["SECRET_KEY"] != second.config["SECRET_KEY"]


def test_the_installation_keeps_its_key_across_restarts(tmp_path, monkeypatch):
    first, _ = installation(tmp_path, monkeypatch, "one")
    again, _ = installation(tmp_path, monkeypatch, "one")
    assert again.config["SECRET_KEY"] == first.config["SECRET_KEY"]


def test_a_configured_key_is_used_and_no_key_file_is_written(tmp_path, monkeypatch):
    instance = tmp_path / "configured"
    monkeypatch.setenv("COMPANION_INSTANCE", str(instance))
    app = create_app({"TESTING": True, "SECRET_KEY": "from-config",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'c.sqlite'}"})
    assert app.config["SECRET_KEY"] == "from-config"
    assert not (instance / "secret_key").exists()


def test_a_key_from_the_environment_is_shared_and_no_key_file_is_written(tmp_path, monkeypatch):
    """Several servers behind one proxy sign with one key: COMPANION_SECRET_KEY."""
    monkeypatch.setenv("COMPANION_SECRET_KEY", "shared-by-every-server")
    apps = [installation(tmp_path, monkeypatch, name) for name in ("one", "two")]
    for app, instance in apps:
        assert app.config["SECRET_KEY"] == "shared-by-every-server"
        assert not (instance / "secret_key").exists()
