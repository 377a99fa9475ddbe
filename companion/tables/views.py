"""Turning a replayed table into what the screens show (no routing here)."""
from __future__ import annotations

from typing import Any

import secrets

from flask import after_this_request, current_app, g, request
from flask_babel import gettext, lazy_gettext as _l, ngettext

from ..games.base import RuleError
from ..models import Seat, Table, digest
from ..record import RecordError, Replay

SEAT_COOKIE = "tc_seat_{}"
HOST_COOKIE = "tc_host_{}"
COOKIE_DAYS = 7
BROWSER_COOKIE = "tc_browser"       # a browser's own id: its games page lists its tables
BROWSER_DAYS = 365


HISTORY_ON_SCREEN = {"phone": 5, "host": 10}      # newest acts shown; the rest on its own page
PLATFORM_EVENTS = {"undo": _l("undo"), "end": _l("end")}


def event_label(game: Any, kind: Any) -> Any:
    labels = {**PLATFORM_EVENTS, **(game.event_labels if game else {})}
    return labels.get(kind, kind) if isinstance(kind, str) else "?"


def _word(game: Any, name: str, value: Any) -> Any:
    """A refusal's parameter as a player reads it: the game's label for an id, never the id."""
    if isinstance(value, Exception):
        return explain(value, game)
    if name == "type":
        return event_label(game, value)
    labels = game.labels.get(name, {}) if game else {}
    return labels.get(value, value) if isinstance(value, str) else value


def explain(error: Exception, game: Any = None) -> str:
    """A refusal in the player's language (``game`` names the ids inside it)."""
    if isinstance(error, RecordError):
        reason = explain(error.reason, game)
        if error.index is None:
            return reason
        return gettext("Event %(n)d (%(type)s): %(reason)s",
                       n=error.index + 1, type=event_label(game, error.event_type), reason=reason)
    if isinstance(error, RuleError):
        params = {k: _word(game, k, v) for k, v in error.params.items()}
        return gettext(error.message, **params) if params else gettext(error.message)
    return str(error)


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
    from .service import find
    table = find(code)
    return table is not None and (is_host(table) or my_seat(table) is not None)


def remember(response: Any, name: str, secret: str, days: int = COOKIE_DAYS) -> None:
    response.set_cookie(name, secret, max_age=days * 86400, httponly=True,
                        samesite="Lax", secure=request.is_secure)


def browser(create: bool = True) -> str | None:
    """This browser's id, hashed as stored (``Sitting``, ``NameMerge``): from its long-lived
    random cookie, or (``create``) a fresh one set on this request's response."""
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


def standings(replay: Replay, result: dict[str, Any]) -> list[dict[str, Any]]:
    """The result's rows in rank order, each with the note on how a tie was settled."""
    game = replay.game
    rows = sorted(result["players"], key=lambda p: (p["rank"], replay.players.index(p["name"])))
    for row in rows:
        tied = [p for p in rows if p["total"] == row["total"]]
        row["note"] = ""
        if len(tied) > 1:
            total = row["total"]
            if all(p["rank"] == row["rank"] for p in tied):
                row["note"] = ngettext("Tied on %(total)s point: rank shared.",
                                       "Tied on %(total)s points: rank shared.", abs(total),
                                       total=total)
            elif game.tie_break:
                row["note"] = ngettext("Tied on %(total)s point: decided by %(rule)s.",
                                       "Tied on %(total)s points: decided by %(rule)s.", abs(total),
                                       total=total, rule=game.tie_break)
    return rows


def history(replay: Replay, by: dict[int, str], newest: int | None = None) -> list[dict[str, Any]]:
    """The events (only the ``newest`` few if given), newest first; undone acts are flagged
    (and shown struck through)."""
    undone = replay.undone
    first = max(0, len(replay.events) - newest) if newest is not None else 0
    texts = replay.game.describe_all(replay.events, undone, first)
    items = []
    for index in range(first, len(replay.events)):
        event = replay.events[index]
        kind = event.get("type")
        if kind == "undo":
            target = event.get("event")
            reopened = isinstance(target, int) and 0 < target <= index and \
                replay.events[target - 1].get("type") == "end"
            text = gettext("Game reopened") if reopened else \
                gettext("Took back event %(n)s", n=target)
        elif kind == "end":
            text = gettext("Game finished")
        else:
            text = texts[index] or gettext("%(type)s event", type=event_label(replay.game, kind))
        items.append({"n": index + 1, "text": text, "by": by.get(index, ""),
                      "undone": index in undone, "undoable": kind not in ("undo", "end")
                      and index not in undone})
    return items[::-1]


def changes_since(replay: Replay, by: dict[int, str], seen: int | None,
                  mine: tuple[str, str | None] | None = None) -> list[str]:
    """What was entered after a screen showing ``seen`` events was loaded, oldest first;
    ``mine`` = ("host", None) or ("seat", player) leaves out what that screen entered itself
    (a phone's own entries sent from its queue before this one)."""
    if seen is None or seen >= len(replay.events):
        return []

    def own(item: dict[str, Any]) -> bool:
        if mine is None or item["by"] != mine[0]:
            return False
        return mine[0] == "host" or replay.game.actor(replay.events[item["n"] - 1]) == mine[1]
    return [item["text"] for item in history(replay, by, len(replay.events) - seen)[::-1]
            if not own(item)]


def poll_interval() -> int:
    return int(current_app.config["POLL_SECONDS"])
