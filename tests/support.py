"""Helpers shared by the tests (fixtures live in conftest.py)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import weakref
from html import unescape
from pathlib import Path
from typing import Any

from jinja2 import BytecodeCache
from werkzeug.serving import make_server

from companion import create_app
from companion.extensions import db
from companion.models import Table
from tests import databases

ROOT = Path(__file__).resolve().parent.parent


def examples(budget: int) -> int:
    """A hypothesis test's number of examples: ``budget`` in every run, so that a run takes the
    same time each day; ``COMPANION_EXAMPLES=K`` searches K times as long, on demand (e.g.
    ``COMPANION_EXAMPLES=10 ./test.sh -k hostile`` before a release)."""
    return budget * max(1, int(os.environ.get("COMPANION_EXAMPLES") or 1))


class CompiledTemplates(BytecodeCache):
    """The templates compiled once for the whole test run: every test makes a fresh app, and a
    fresh app would otherwise parse and compile each template it renders again (a tenth of a
    second or more per test). Keyed by the template's name and source, so an edit is seen."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


COMPILED_TEMPLATES = CompiledTemplates()


def share_url_builders() -> None:
    """The URL builders compiled once for the whole test run: every test makes a fresh app, and
    werkzeug compiles two builders for each of the app's rules as it is added (four fifths of
    making an app: 48 ms). The same rule makes the same builder (a function of the rule's
    shape, called with the rule itself), so the apps share them, keyed by that shape; each is
    still compiled as an app is made, never while a request is served."""
    from werkzeug.routing import Rule

    compile_builder = Rule._compile_builder
    built: dict[Any, Any] = {}
    lock = threading.Lock()

    def shared(rule: Rule, append_unknown: bool = True) -> Any:
        key = (append_unknown, tuple(rule._trace), repr(sorted((rule.defaults or {}).items())),
               tuple(sorted((name, type(c)) for name, c in rule._converters.items())))
        with lock:
            if key not in built:
                built[key] = compile_builder(rule, append_unknown)
            return built[key]

    Rule._compile_builder = shared     # type: ignore[method-assign]


share_url_builders()


def make_app(tmp_path: Path, **config: Any):
    """An app on the test folder's own migrated database (SQLite, or PostgreSQL with --db)."""
    instance = tmp_path / "instance"
    settings = {
        "TESTING": True,
        "SECRET_KEY": "test",
        "WTF_CSRF_ENABLED": False,
        **config,
    }
    settings.setdefault("SQLALCHEMY_DATABASE_URI", databases.url(tmp_path))
    app = create_app(settings)
    app.instance_path = str(instance)
    app.jinja_env.bytecode_cache = COMPILED_TEMPLATES
    databases.current.made(app)
    MADE.add(app)
    return app


MADE: "weakref.WeakSet[Any]" = weakref.WeakSet()     # the apps made here, to stop their watchers


def stop_watcher(app) -> None:
    """The app's live-update watcher ends, if it has one; its waiting requests are answered at
    once (the app then looks for itself)."""
    from companion.tables import push

    watcher = app.extensions.get(push.EXTENSION)
    if watcher is not None:
        watcher.stop()


def stop_watchers() -> None:
    """The watchers of every app made here end (before a test's databases go)."""
    for app in list(MADE):
        stop_watcher(app)


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


# the visible text of a page: its tags (name, attributes) or the text between them
_TOKEN = re.compile(r"<(/?)([a-zA-Z][\w:-]*)([^>]*)>|([^<]+)|<", re.S)
_INLINE = {"span", "strong", "em", "b"}     # these meet the text beside them without a gap
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
         "track", "wbr"}
_HIDDEN = re.compile(r"(?:^|\s)hidden(?:[\s=/]|$)")


def text_of(response) -> str:
    """The visible text of a page, for assertions that read like what a player sees: not its
    scripts, styles or what is ``hidden``; inline elements meet without a gap."""
    html = response.get_data(as_text=True)
    html = re.sub(r"<(script|style)\b.*?</\1>|<!--.*?-->", " ", html, flags=re.S)
    parts, skipping = [], 0
    for token in _TOKEN.finditer(html):
        closing, tag, attrs, text = token.groups()
        if tag is None:
            if text is not None and not skipping:
                parts.append(text)
            continue
        tag = tag.lower()
        if tag in _VOID or attrs.endswith("/"):
            parts.append(" ")
        elif closing:
            if skipping:
                skipping -= 1
            elif tag not in _INLINE:
                parts.append(" ")
        elif skipping or _HIDDEN.search(re.sub(r"\"[^\"]*\"|'[^']*'", "", attrs)):
            skipping += 1
        elif tag not in _INLINE:
            parts.append(" ")
    return unescape(re.sub(r"\s+", " ", "".join(parts)).strip())


def _buffered(app, errors: list[str]):
    """Each response read whole and closed before it is sent; each answer of 500 or more noted
    in ``errors`` ("503 GET /path").

    werkzeug's server skips closing a response when the browser drops the connection while the
    server drains the request (a file served from ``static/`` then stays open until collected);
    gunicorn closes it. Buffering keeps the test server as tidy as the real one.
    """
    def serve(environ, start_response):
        def noting(status, headers, *exc_info):
            if int(status.split(" ", 1)[0]) >= 500:
                errors.append(f"{status.split(' ', 1)[0]} {environ['REQUEST_METHOD']} "
                              f"{environ.get('PATH_INFO', '')}?{environ.get('QUERY_STRING', '')}")
            return start_response(status, headers, *exc_info)

        body = app(environ, noting)
        try:
            return [b"".join(body)]
        finally:
            close = getattr(body, "close", None)
            if close is not None:
                close()
    return serve


class LiveServer:
    """The app served by a real threaded WSGI server on loopback, for phones and load."""

    def __init__(self, app):
        self.app = app
        self.errors: list[str] = []         # its answers of 500 or more, as they were sent
        self.server = make_server("127.0.0.1", 0, _buffered(app, self.errors), threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        # stopping waits for the server's next look at its socket (every 0.5 s by default)
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)

    def __enter__(self) -> "LiveServer":
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.thread.join(5)
        stop_watcher(self.app)      # the live views' watcher ends with the server




def enter(client, code: str, round_, points, nonce: str | None = None, **extra):
    """Post a score-pad entry as a phone (or, with screen="host", the host screen) does."""
    import uuid
    data = {"points-round": str(round_), "points-points": str(points),
            "nonce": nonce or uuid.uuid4().hex, **extra}
    return client.post(f"/t/{code}/act/points", data=data)


def untimed(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Events without the times the server stamps on them (``at``: when the table took each),
    for a test about what was entered (tests/tables/test_times.py reads the times)."""
    return [{k: v for k, v in event.items() if k != "at"} for event in events]


def events(client, code: str) -> list[dict[str, Any]]:
    """The table's events as exported, without their times (:func:`untimed`)."""
    return untimed(client.get(f"/t/{code}/record.json").get_json()["events"])


def exported_untimed(client, code: str) -> dict[str, Any]:
    """The table's record as exported, its events without their times (:func:`untimed`)."""
    data = client.get(f"/t/{code}/record.json").get_json()
    return {**data, "events": untimed(data["events"])}


def totals(client, code: str) -> dict[str, int]:
    from companion import record
    result = record.load(client.get(f"/t/{code}/record.json").get_json()).result()
    return {p["name"]: p["total"] for p in result["players"]}


def table_count(app) -> int:
    from companion.models import Table
    with app.app_context():
        return db.session.query(Table).count()


# --- real server processes ---------------------------------------------------------------------

def companion_command() -> str:
    """The installed ``companion`` script beside this interpreter, as a user runs it."""
    import shutil
    import sys
    return shutil.which("companion", path=str(Path(sys.executable).parent)) or "companion"


class ServerProcess:
    """``companion run`` on a loopback port in a process group of its own: started, killed
    (SIGKILL to the whole group, as a crash) or stopped; its output goes to a log file."""

    def __init__(self, port: int, env: dict[str, str], log: Path) -> None:
        self.port, self.env, self.log = port, env, log
        self.url = f"http://127.0.0.1:{port}"
        self.process: Any = None

    def start(self, timeout: float = 60) -> "ServerProcess":
        import subprocess
        import time
        import urllib.request

        with self.log.open("a") as out:
            self.process = subprocess.Popen(
                [companion_command(), "run", "--host", "127.0.0.1", "--port", str(self.port)],
                env=self.env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=5) as page:
                    if page.status == 200:
                        return self
            except OSError:
                time.sleep(0.05)
        self.kill()
        raise AssertionError(f"the server never answered: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL to the server and every process it started: nothing runs any cleanup."""
        import os
        import signal

        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        if self.process is not None:
            self.process.wait(10)

    def stop(self) -> None:
        import os
        import signal
        import subprocess

        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> "ServerProcess":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()


class Phone:
    """A browser against a real server: its own cookies, never following redirects, and the
    CSRF token of the last page it read (sent with each form as the page's forms do)."""

    CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')

    def __init__(self, base: str) -> None:
        import urllib.request
        from http.cookiejar import CookieJar

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args: Any, **kwargs: Any) -> None:
                return None

        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(CookieJar()), NoRedirect)
        self.token: str | None = None

    def request(self, path: str, data: bytes | None = None,
                timeout: float = 30) -> tuple[int, dict[str, str], str]:
        import urllib.error

        try:
            with self.opener.open(self.base + path, data=data, timeout=timeout) as response:
                status, headers, body = response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            status, headers, body = error.code, dict(error.headers), error.read()
        text = body.decode()
        found = self.CSRF.search(text)
        if found:
            self.token = found.group(1)
        return status, headers, text

    def get(self, path: str, timeout: float = 30) -> tuple[int, str]:
        status, _headers, text = self.request(path, timeout=timeout)
        return status, text

    def post(self, path: str, timeout: float = 30, **fields: Any) -> tuple[int, str]:
        """The form's status and where it redirects to ('' when it does not)."""
        import urllib.parse

        if self.token is None:
            self.get("/")
        data = urllib.parse.urlencode({"csrf_token": self.token, **fields}).encode()
        status, headers, _text = self.request(path, data, timeout=timeout)
        return status, headers.get("Location", "")


def stored_version(app, code) -> int:
    with app.app_context():
        return db.session.query(Table).filter_by(code=code).one().version


def bump_in_another_process(app, code: str) -> None:
    """Another program writes the table's version into the same database (its own connection,
    its own process), as another server would."""
    with app.app_context():
        url = db.engine.url.render_as_string(hide_password=False)
    bump = ("import sys\n"
            "from sqlalchemy import create_engine, text\n"
            "engine = create_engine(sys.argv[1])\n"
            "with engine.begin() as connection:\n"
            "    connection.execute(text('UPDATE tables SET version = version + 1 WHERE code = :code'),\n"
            "                       {'code': sys.argv[2]})\n")
    subprocess.run([sys.executable, "-c", bump, url, code], check=True, timeout=20)


def assert_passes_score_as_without(folder: Path, passing: dict[str, Any],
                                   plain: dict[str, Any]) -> None:
    """``companion check`` accepts the record ``passing`` (the record ``plain`` with ``pass``
    events among its acts), and ``companion score`` scores both alike, as the replay does."""
    import json

    from click.testing import CliRunner

    from companion import record
    from companion.cli import cli

    with_pass, without = folder / "with.json", folder / "without.json"
    with_pass.write_text(json.dumps(passing))
    without.write_text(json.dumps(plain))
    checked = CliRunner().invoke(cli, ["check", str(with_pass)])
    assert (checked.exit_code, checked.output) == (0, "ok\n")
    scored = [CliRunner().invoke(cli, ["score", str(path)]) for path in (with_pass, without)]
    assert all(out.exit_code == 0 for out in scored), [out.output for out in scored]
    assert json.loads(scored[0].output) == json.loads(scored[1].output)
    assert json.loads(scored[0].output) == record.load(plain).result()
