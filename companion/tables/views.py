"""Turning a replayed table into what the screens show (no routing here)."""
from __future__ import annotations

from typing import Any

from flask import current_app, request
from flask_babel import gettext

from ..games.base import RuleError
from ..models import Seat, Table, digest
from ..record import RecordError, Replay

SEAT_COOKIE = "tc_seat_{}"
HOST_COOKIE = "tc_host_{}"
COOKIE_DAYS = 7


def explain(error: Exception) -> str:
    """A refusal in the player's language."""
    if isinstance(error, RecordError):
        reason = explain(error.reason)
        if error.index is None:
            return reason
        return gettext("Event %(n)d (%(type)s): %(reason)s",
                       n=error.index + 1, type=error.event_type or "?", reason=reason)
    if isinstance(error, RuleError):
        params = {k: explain(v) if isinstance(v, Exception) else v for k, v in error.params.items()}
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


def remember(response: Any, name: str, secret: str) -> None:
    response.set_cookie(name, secret, max_age=COOKIE_DAYS * 86400, httponly=True,
                        samesite="Lax", secure=request.is_secure)


def standings(replay: Replay, result: dict[str, Any]) -> list[dict[str, Any]]:
    """The result's rows in rank order, each with the note on how a tie was settled."""
    game = replay.game
    rows = sorted(result["players"], key=lambda p: (p["rank"], replay.players.index(p["name"])))
    for row in rows:
        tied = [p for p in rows if p["total"] == row["total"]]
        row["note"] = ""
        if len(tied) > 1:
            if all(p["rank"] == row["rank"] for p in tied):
                row["note"] = gettext("Tied on %(total)s points: rank shared.", total=row["total"])
            elif game.tie_break:
                row["note"] = gettext("Tied on %(total)s points: decided by %(rule)s.",
                                      total=row["total"], rule=game.tie_break)
    return rows


def history(replay: Replay, by: list[str]) -> list[dict[str, Any]]:
    """Every event, newest first; undone acts are flagged (and shown struck through)."""
    undone = replay.undone
    items = []
    for index, event in enumerate(replay.events):
        kind = event.get("type")
        if kind == "undo":
            text = gettext("Took back event %(n)s", n=event.get("event"))
        elif kind == "end":
            text = gettext("Game finished")
        else:
            text = replay.game.describe(event) or gettext("%(type)s event", type=kind)
        items.append({"n": index + 1, "text": text, "by": by[index] if index < len(by) else "",
                      "undone": index in undone, "undoable": kind not in ("undo", "end")
                      and index not in undone})
    return items[::-1]


def poll_interval() -> int:
    return int(current_app.config["POLL_SECONDS"])
