"""Who is asking: the host's and the seats' cookies, and a browser's own id."""
from __future__ import annotations

from typing import Any

from flask import Response, redirect, request, url_for

from ..browsers import browser, remember as remember_for
from ..models import Seat, Table, digest
from . import service

SEAT_COOKIE = "tc_seat_{}"
HOST_COOKIE = "tc_host_{}"
COOKIE_DAYS = 7


def my_seat(table: Table) -> Seat | None:
    secret = request.cookies.get(SEAT_COOKIE.format(table.code))
    if not secret:
        return None
    hashed = digest(secret)
    return next((seat for seat in table.seats if seat.secret_hash == hashed), None)


def is_host(table: Table) -> bool:
    secret = request.cookies.get(HOST_COOKIE.format(table.code))
    return bool(secret and table.host_hash and digest(secret) == table.host_hash)


def cookie_codes() -> list[str]:
    """The table codes this browser holds a host or seat cookie for (checked by the caller)."""
    prefixes = (HOST_COOKIE.format(""), SEAT_COOKIE.format(""))
    return sorted({name[len(p):] for name in request.cookies for p in prefixes
                   if name.startswith(p)})


def at_own_table() -> bool:
    """The request is for a table whose host or seat cookie this browser holds (checked)."""
    code = (request.view_args or {}).get("code")
    if not isinstance(code, str) or not any(request.cookies.get(name.format(code.strip().upper()))
                                            for name in (HOST_COOKIE, SEAT_COOKIE)):
        return False
    table = service.find(code)
    return table is not None and (is_host(table) or my_seat(table) is not None)


def remember(response: Any, name: str, secret: str, days: int = COOKIE_DAYS) -> None:
    remember_for(response, name, secret, days)


def host_redirect(table, host_secret: str) -> Response:
    service.sat(table, browser())
    response = redirect(url_for("tables.host", code=table.code), 303)
    remember(response, HOST_COOKIE.format(table.code), host_secret)
    return response
