"""A browser's own id: a long-lived random cookie, known to the server only hashed.

It marks what a browser did without an account: the tables its games page lists, the names it
merged there, the sheets and boards it saved (their owner)."""
from __future__ import annotations

import secrets
from typing import Any

from flask import after_this_request, g, request

from .models import digest

BROWSER_COOKIE = "tc_browser"
BROWSER_DAYS = 365


def remember(response: Any, name: str, secret: str, days: int) -> None:
    response.set_cookie(name, secret, max_age=days * 86400, httponly=True,
                        samesite="Lax", secure=request.is_secure)


def browser(create: bool = True) -> str | None:
    """This browser's id, hashed as stored (``Sitting``, ``NameMerge``, a saved definition's
    owner): from its long-lived random cookie, or (``create``) a fresh one set on this
    request's response."""
    secret = request.cookies.get(BROWSER_COOKIE)
    if secret and 20 <= len(secret) <= 64:
        return digest(secret)
    if not create:
        return None
    if "browser_hash" not in g:
        fresh = secrets.token_urlsafe(24)

        @after_this_request
        def keep(response: Any) -> Any:
            remember(response, BROWSER_COOKIE, fresh, BROWSER_DAYS)
            return response
        g.browser_hash = digest(fresh)
    return g.browser_hash
