"""Table Companion: the scorekeeper beside a board game.

Flask and the database load with :func:`create_app` only: ``companion score`` and ``check``
replay a record through the rules alone (``record.py``).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

if TYPE_CHECKING:
    from flask import Flask

PACKAGE = Path(__file__).resolve().parent     # the app: its code, templates, static files, data
ROOT = PACKAGE.parent                           # a source checkout's top, or site-packages
NAME = "table-companion"                        # the user's data folder's name


def source_checkout() -> bool:
    """The app runs from a clone of its source (as ./run.sh runs it), not an installed wheel."""
    return (ROOT / "pyproject.toml").is_file() and (ROOT / "scripts" / "setup.sh").is_file()


def data_folder() -> Path:
    """Where the app keeps its data (its SQLite database, its secret key), by one rule:
    ``COMPANION_INSTANCE`` (``companion --instance PATH``) when given; else ``instance/`` beside
    the code in a source checkout; else the user's data folder (platformdirs:
    ~/.local/share/table-companion on Linux, ~/Library/Application Support/table-companion on
    macOS)."""
    given = os.environ.get("COMPANION_INSTANCE")
    if given:
        return Path(given).expanduser().absolute()
    if source_checkout():
        return ROOT / "instance"
    from platformdirs import user_data_path

    return user_data_path(NAME, appauthor=False)


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    from flask import Flask

    app = Flask(__name__, instance_path=str(data_folder()),
                instance_relative_config=True,
                template_folder=str(PACKAGE / "templates"), static_folder=str(PACKAGE / "static"))
    configure(app, config)
    register_request_checks(app)    # first: nothing (the limiter, CSRF) reads a request before
    register_extensions(app)
    register_blueprints(app)
    register_security_headers(app)
    register_assets(app)            # before the proxy's: it sees the path the proxy leaves
    register_proxy(app)
    register_error_handlers(app)
    return app


def configure(app: Flask, config: Mapping[str, Any] | None) -> None:
    app.config.from_mapping(
        # DATABASE_URL, e.g. postgresql://user:password@host/companion; else SQLite in instance/
        SQLALCHEMY_DATABASE_URI=os.environ.get("DATABASE_URL")
        or f"sqlite:///{Path(app.instance_path) / 'companion.sqlite'}",
        WTF_CSRF_TIME_LIMIT=24 * 3600,          # a games night is longer than an hour
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        MAX_CONTENT_LENGTH=1024 * 1024,         # a record is at most 512 kB (record.MAX_BYTES)
        PUBLIC_BASE_URL=os.environ.get("PUBLIC_BASE_URL") or None,
        BABEL_TRANSLATION_DIRECTORIES=str(Path(__file__).parent / "translations"),
        POLL_SECONDS=1,
        # behind an HTTPS reverse proxy: how many proxies set X-Forwarded-For/-Proto/-Host
        PROXY_HOPS=int(os.environ.get("COMPANION_PROXY_HOPS") or 0),
        RECENT_TABLES=20,
        # the limits every worker shares in the app's database, the rest in memory
        # (companion/ratelimits.py); a moving window: an address's last minute, not the clock's
        RATELIMIT_STORAGE_URI="companion-db://",
        RATELIMIT_STRATEGY="moving-window",
        # several servers share one key (else each installation writes its own to instance/)
        SECRET_KEY=os.environ.get("COMPANION_SECRET_KEY") or None,
        WRONG_CODE_LIMIT="30 per minute",       # a mistyped code now and then, never a search
        POST_LIMIT="600 per minute",            # a whole table behind one router taps far less
        IMPORT_LIMIT="12 per minute",           # records imported from one address
        # photos of a finished table (tables/keepsakes.py): each body's own limit (a phone's
        # photo is 2-6 MB), kept per table, sent from one address in an hour; a play's zip
        # (its record and photos) imported
        PHOTO_BODY_BYTES=15 * 1024 * 1024 + 64 * 1024,
        PHOTOS_PER_TABLE=6,
        PHOTO_LIMIT="30 per hour",
        PLAY_BODY_BYTES=16 * 1024 * 1024,
        # saved sheets and boards (games/definitions.py): saves an hour from one address, kept
        # per browser and on the whole server, and the size of each
        SAVE_LIMIT="60 per hour",
        DEFINITIONS_PER_BROWSER=50,
        DEFINITIONS_MAX=5000,
        DEFINITION_MAX_BYTES=64 * 1024,
        # where the static files are built (hashed, compressed: companion/assets.py); by default
        # static-build/ in the instance folder; servers of one checkout may share one
        STATIC_BUILD=os.environ.get("COMPANION_STATIC_BUILD") or None,
        # the games page lists every finished game, not only this browser's (a private server)
        HISTORY_ALL_GAMES=(os.environ.get("COMPANION_HISTORY_ALL_GAMES") or "").strip().lower()
        in ("1", "true", "yes", "on"),
    )
    app.config.from_pyfile("config.py", silent=True)
    if config:
        app.config.from_mapping(config)
    url = database_url(app.config["SQLALCHEMY_DATABASE_URI"])
    app.config["SQLALCHEMY_DATABASE_URI"] = url
    if url.startswith("sqlite"):
        # a worker serves thousands of phones: more connections than a thread-per-request
        # server's 5 (+10), each only a file handle to SQLite
        app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {"connect_args": {"timeout": 30},
                                                            "pool_size": 10, "max_overflow": 40})
    elif url.startswith("postgresql"):
        # a pooled connection outlives a database restart: test it before handing it out
        app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {"pool_pre_ping": True})
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = installation_secret(Path(app.instance_path))


def database_url(url: str) -> str:
    """PostgreSQL is driven by psycopg 3: a plain ``postgresql://`` (or ``postgres://``) URL is
    given its driver."""
    for plain in ("postgresql://", "postgres://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url.removeprefix(plain)
    return url


def installation_secret(instance: Path) -> str:
    """A fresh secret key per installation, kept in the instance folder."""
    import secrets

    path = instance / "secret_key"
    if not path.exists():
        instance.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def select_locale() -> str:
    from flask import request

    from .i18n import LANGUAGES

    chosen = request.cookies.get("lang")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or "en"


def register_extensions(app: Flask) -> None:
    from . import sqlite  # noqa: F401 (every SQLite connection: WAL, foreign keys, off the loop)
    from .extensions import babel, csrf, db, migrate
    from .ratelimits import limiter_for     # (and its storage, companion-db://)
    from .schema import MIGRATIONS
    from .tables.identity import at_own_table

    db.init_app(app)
    migrate.init_app(app, db, directory=str(MIGRATIONS))
    limiter_for(app, at_own_table)
    csrf.init_app(app)
    babel.init_app(app, locale_selector=select_locale)


def register_blueprints(app: Flask) -> None:
    from .converters import BoundedInt, Token
    from .games import GAMES
    from .tables import (acts, bp as tables, first_player, history_page, home,  # noqa: F401
                         install, keepsakes, rematch, screens, seats, share,  # routes to bp
                         story_pages)

    app.url_map.converters["int"] = BoundedInt     # before any route is added
    app.url_map.converters["token"] = Token

    app.register_blueprint(tables)
    for game in GAMES.values():
        if game.screens.blueprint is not None:
            app.register_blueprint(game.screens.blueprint)


def register_security_headers(app: Flask) -> None:
    # media from data: only for NoSleep.js's tiny silent video (a phone kept awake over http)
    policy = ("default-src 'self'; img-src 'self' data:; media-src 'self' data:; style-src 'self'; "
              "script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
              "frame-ancestors 'none'")

    @app.after_request
    def headers(response):  # type: ignore[no-untyped-def]
        response.headers.setdefault("Content-Security-Policy", policy)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.vary.add("Cookie")
        return response


def register_assets(app: Flask) -> None:
    from .assets import init_app

    init_app(app)


def register_proxy(app: Flask) -> None:
    """Behind an HTTPS reverse proxy (``PROXY_HOPS`` > 0): trust its X-Forwarded headers (the
    client's address for the limiter, https for the links), mark every cookie Secure and ask
    browsers to come back over HTTPS only (HSTS). Without it the headers are ignored, so a
    phone cannot pose as another address."""
    hops = int(app.config.get("PROXY_HOPS") or 0)
    if hops <= 0:
        return
    from werkzeug.middleware.proxy_fix import ProxyFix

    app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops,  # type: ignore[method-assign]
                            x_port=hops, x_prefix=hops)
    app.config["SESSION_COOKIE_SECURE"] = True

    @app.after_request
    def secure(response):  # type: ignore[no-untyped-def]
        response.headers["Strict-Transport-Security"] = "max-age=31536000"
        cookies = response.headers.getlist("Set-Cookie")
        if cookies:
            response.headers.setlist("Set-Cookie", [
                c if "; secure" in c.lower() else c + "; Secure" for c in cookies])
        return response


FORM_BODIES = ("application/x-www-form-urlencoded", "multipart/form-data")


def register_request_checks(app: Flask) -> None:
    """Every request is read one way before anything acts on it, the same on every database:

    - A body that is not a form — JSON, XML, plain text — is answered 415, in words: every page
      and the phones' queue of entries send forms, and a form route must never read another
      body (Flask-WTF would take a JSON body's values, numbers and lists among them, as fields).
      A request without a body is an empty form.
    - Text no keyboard types is answered 400, in words: a NUL character (PostgreSQL's text
      cannot hold one, SQLite's can) or a lone surrogate (no UTF-8 can write one), wherever text
      arrives — the path, the query, a form's fields and their names, an uploaded file's name,
      a cookie. A record's own text is checked by the record (``companion import`` alike)."""
    from flask import abort, request
    from flask_babel import gettext
    from werkzeug.exceptions import BadRequest, UnsupportedMediaType

    from .bounds import has_surrogate

    @app.before_request
    def own_body_limit() -> None:
        """A view marked with ``bounds.body_limit`` takes a larger body, that view only."""
        view = app.view_functions.get(request.endpoint or "")
        setting = getattr(view, "body_limit", None)
        if setting is not None:
            request.max_content_length = app.config[setting]

    @app.before_request
    def only_forms() -> None:
        if request.method in ("GET", "HEAD", "OPTIONS"):     # a body there is never read
            return
        if request.mimetype in FORM_BODIES:
            return
        if (request.content_length or 0) > (app.config["MAX_CONTENT_LENGTH"] or 0) > 0:
            abort(413)      # too large first, whatever it is
        if not request.mimetype and not request.get_data():
            return
        refused = UnsupportedMediaType()
        refused.sentence = lambda: gettext(  # type: ignore[attr-defined]
            "This address takes a form as a browser sends it, not a body of another kind (%(kind)s).",
            kind=request.mimetype or gettext("no type"))
        raise refused

    @app.before_request
    def only_typed_text() -> None:
        fields = [request.path, *request.cookies.keys(), *request.cookies.values()]
        for key, value in (*request.args.items(multi=True), *request.form.items(multi=True)):
            fields += (key, value)
        for key, upload in request.files.items(multi=True):
            fields += (key, upload.filename or "")
        if any("\x00" in field or has_surrogate(field) for field in fields):
            refused = BadRequest()
            refused.sentence = lambda: gettext(  # type: ignore[attr-defined]
                "This request holds a character no keyboard types (NUL or a lone surrogate). "
                "Type the text again.")
            raise refused


def register_error_handlers(app: Flask) -> None:
    from .tables.pages import error_page

    for code in (400, 403, 404, 405, 413, 415, 422, 429):
        app.register_error_handler(code, error_page)
