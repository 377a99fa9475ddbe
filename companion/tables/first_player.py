"""Who starts: before the first entry, the host screen picks the first player (a fair random
pick by the server, or the one the table chose) and the seat order turns to begin with them."""
from __future__ import annotations

import secrets
from typing import Any

from flask import g, redirect, request, url_for

from ..games import GAMES
from ..games.base import RuleError
from ..words import explain
from . import bp, service
from .pages import hosts_table, htmx, render_screen, screen_url
from .service.making import untouched


@bp.app_template_global()
def who_starts(table, replay) -> dict[str, Any] | None:
    """The host's "Who starts?" card while the game has not begun (no event but the game's
    setup): the game's own rule for it (its rulebook's words), and the player the server has
    just picked on this screen (the page animates the pick once), else None."""
    if replay.finished or not untouched(replay.game, table.options, table.players,
                                        replay.events):
        return None
    return {"rule": getattr(replay.game.rules, "first_player_rule", None),
            "picked": g.get("first_player_picked")}


@bp.post("/t/<code>/first-player")
def first_player(code: str):
    """The host picks the first player at random (no ``player``) or names them. Never kept by
    a phone while offline (not an entry of /act/): a pick needs the table."""
    table = hosts_table(code)
    player = request.form.get("player") or secrets.choice(table.players)
    try:
        service.first_player(table, player)
    except RuleError as error:
        return render_screen(service.find(table.code), "host", None,
                             explain(error, GAMES[table.game].rules), 409)
    if not htmx():
        return redirect(url_for("tables.host", code=table.code), 303)
    if not request.form.get("player"):
        g.first_player_picked = player      # drawn as a pick on this screen, once
    response = render_screen(service.find(table.code), "host")
    response.headers["HX-Push-Url"] = screen_url(table.code, "host")
    return response
