"""On a phone's home screen: the start page, the service worker, the offline page.

On a phone's home screen: the web app manifest's start page (``/last``), the service worker
(``/sw.js``) and the page it shows offline (``/offline``).

``/last`` opens the table this browser had open last: every host screen or phone page shown to a
browser holding that table's host or seat cookie remembers it (:func:`remember_last`, called
where the screens are rendered); the cookie only names the screen, the host or seat cookie
decides whether it is still this browser's.
"""
from __future__ import annotations

import hashlib
import json
import mimetypes
import re
from pathlib import Path
from typing import Any

from flask import Response, current_app, redirect, render_template, request, url_for
from flask_babel import force_locale

from ..assets import asset_url
from ..i18n import LANGUAGES
from . import bp, service
from .identity import is_host, my_seat, remember

# Python knows the type from 3.13 on (or from the system's mime.types); the manifest needs it
mimetypes.add_type("application/manifest+json", ".webmanifest")

# what the offline page loads (its template names the same), kept by the service worker
OFFLINE_ASSETS = ("css/app.css", "favicon.svg", "icons/icon-192.png")
WORKER_ASSETS = "[] /* ASSETS */"
WORKER_VERSION = '"" /* VERSION */'

LAST_COOKIE = "tc_last"
LAST = re.compile(r"(host|phone):([A-Z0-9]{1,8})")


def remember_last(response: Any, table: Any, view: str, own: bool) -> None:
    """``own``: the screen is this browser's (its host screen, or its seat's phone page)."""
    value = f"{view}:{table.code}"
    if own and request.cookies.get(LAST_COOKIE) != value:
        remember(response, LAST_COOKIE, value)


@bp.get("/last")
def last():
    """The home screen icon's start page: the last table this browser had open, else home."""
    found = LAST.fullmatch(request.cookies.get(LAST_COOKIE, ""))
    table = service.find(found.group(2)) if found else None
    view = found.group(1) if found else None
    if table is None or not (is_host(table) if view == "host" else my_seat(table) is not None):
        target = url_for("tables.home")
    elif table.next_code:
        target = url_for("tables.next_game", code=table.code, view=view)  # its rematch: same place
    else:
        target = url_for("tables.host" if view == "host" else "tables.phone", code=table.code)
    response = redirect(target, 303)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/sw.js")
def service_worker():
    """The service worker, from the site's root so that its scope is the whole site; always
    checked for a newer version. Its list of the offline page's files is filled in here, under
    their hashed names."""
    source = Path(current_app.static_folder or "", "sw.js").read_text(encoding="utf-8")
    kept = json.dumps([asset_url(name) for name in OFFLINE_ASSETS])
    version = hashlib.sha256(kept.encode()).hexdigest()[:12]
    script = source.replace(WORKER_ASSETS, kept, 1).replace(WORKER_VERSION, json.dumps(version), 1)
    response = Response(script, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    response.add_etag()
    return response.make_conditional(request)


@bp.get("/offline")
def offline():
    """What the service worker shows when a page cannot be loaded; ``?lang=`` picks the
    language (the worker keeps one copy per language)."""
    lang = request.args.get("lang")
    if lang not in LANGUAGES:
        return render_template("install/offline.html")
    with force_locale(lang):
        return render_template("install/offline.html", lang=lang)
