"""A long poll of a table's live view, held until the table changes: in the app's live view
(:func:`wait`) or, where ``companion run`` serves, in front of the app (:class:`Front`).

A screen asks ``/t/<code>/live?v=N&wait=1``; :func:`wait`, called first thing in the live view,
holds that request until the table's version is no longer ``N`` or the time-out (push.py's
watcher does the waiting), and the view then answers exactly as to a poll (the fresh fragment,
or 204 "nothing new"). In front of the app, :class:`Front` answers "nothing new" and does the
waiting itself, so the app only renders.

Imports push (the watcher), the service (codes, nothing held while waiting), the seats' and the
host's cookie names and the wrong-code limit; the live view imports it.
"""
from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, parse_qsl, urlencode

from flask import Flask, Response, current_app, request
from werkzeug.http import parse_cookie

from ..extensions import db
from ..ratelimits import address_key, over_wrong_codes
from . import service
from .identity import HOST_COOKIE, SEAT_COOKIE
from .push import Crowded, crowded_answer, jittered, versions, wait_seconds, watcher_for


def at_table(code: str, cookies: Any) -> bool:
    """The browser holds a seat's or the host's cookie of the table (whether it is still good
    the app checks): its screens are never shut out by the table's bound on waiting screens,
    which only onlookers and strangers fill."""
    return SEAT_COOKIE.format(code) in cookies or HOST_COOKIE.format(code) in cookies


def wait(code: str) -> Response | None:
    """Hold a live request that asks to wait (``wait=1``) until the table's version is no longer
    the ``v`` it names, or until the time-out; return at once when waiting is off. A request
    beyond a bound on waiting gets its answer (503) back."""
    if request.args.get("wait") != "1" or len(code) > 2 * service.CODE_LENGTH:
        return None
    seen = request.args.get("v", type=int)
    if seen is None:
        return None
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    seconds = wait_seconds(app, request.environ)
    if seconds <= 0:
        return None
    service.release()       # nothing held while waiting
    code = service.normal_code(code)
    try:
        watcher_for(app).wait(code, seen, jittered(seconds), address=address_key(request.remote_addr or ""),
                              at_table=at_table(code, request.cookies))
    except Crowded:
        status, headers = crowded_answer()
        return Response(status=int(status.split()[0]), headers=headers)
    return None


# --- in front of the app ---------------------------------------------------------------------

LIVE_PATH = re.compile(r"/t/([^/]{1,10})/live\Z")


def in_front(app: Flask) -> Flask:
    """Install :class:`Front` before ``app`` (``companion run`` does)."""
    app.wsgi_app = Front(app, app.wsgi_app)  # type: ignore[method-assign]
    return app


class Front:
    """WSGI middleware for ``/t/<code>/live?v=N``, before the app (no request context, no
    session, no rate limiter): one query for the table's version.

    - The version is N: a poll gets 204 "nothing new" at once; a long poll (``wait=1``) waits
      here, a greenlet and nothing else, and gets 204 at its time-out or goes to the app once
      the table changed.
    - Anything else (a screen behind, an unknown table) goes to the app, without ``wait``: the
      app only renders (or answers 404).
    - From an address over the wrong-code limit, everything goes to the app as it came: a
      stranger gets 429 for a real code as for a made-up one (what answered here would tell
      them apart), a screen of its own table is served (and waits) there."""

    def __init__(self, app: Flask, wsgi_app: Any) -> None:
        self.app = app
        self.wsgi_app = wsgi_app
        self.engine: Any = None

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        if environ.get("REQUEST_METHOD") == "GET":
            match = LIVE_PATH.match(environ.get("PATH_INFO", ""))
            try:
                nothing_new = match is not None and self._nothing_new(match.group(1), environ)
            except Crowded:
                start_response(*crowded_answer())
                return [b""]
            if nothing_new:
                start_response("204 NO CONTENT", [("Vary", "Cookie")])
                return []
        return self.wsgi_app(environ, start_response)

    def _nothing_new(self, code: str, environ: dict[str, Any]) -> bool:
        query = environ.get("QUERY_STRING", "")
        args = parse_qs(query)
        if len(args.get("v", ())) != 1 or len(code) > 2 * service.CODE_LENGTH:
            return False
        try:
            seen = int(args["v"][0])
        except ValueError:
            return False
        address = self._address(environ)
        if over_wrong_codes(self.app, address):
            return False
        waits = args.get("wait") == ["1"]
        code = service.normal_code(code)
        if self._version(code) == seen:
            seconds = wait_seconds(self.app, environ) if waits else 0.0
            if seconds <= 0:
                return True
            if not watcher_for(self.app).wait(code, seen, jittered(seconds),
                                              address=address_key(address),
                                              at_table=at_table(code, parse_cookie(environ))):
                return True
        if waits:       # the app answers at once
            environ["QUERY_STRING"] = urlencode([(k, v) for k, v in parse_qsl(query) if k != "wait"])
        return False

    def _address(self, environ: dict[str, Any]) -> str:
        """The client's address as the app sees it: behind ``PROXY_HOPS`` proxies, the one the
        nearest of them names in X-Forwarded-For (as ProxyFix reads it), else the peer's."""
        hops = int(self.app.config.get("PROXY_HOPS") or 0)
        if hops > 0:
            forwarded = [a.strip() for a in environ.get("HTTP_X_FORWARDED_FOR", "").split(",")]
            if len(forwarded) >= hops and forwarded[-hops]:
                return forwarded[-hops]
        return str(environ.get("REMOTE_ADDR", ""))

    def _version(self, code: str) -> int | None:
        if self.engine is None:
            with self.app.app_context():
                self.engine = db.engine
        with self.engine.connect() as connection:
            return versions([code], connection).get(code)
