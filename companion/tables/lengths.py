"""A game's length, after it: its playing and paused time, each player's share of the playing
time and the longest turns, in words.

The figures are the result's (``time`` and each player's ``time_seconds``, as ``companion
score`` gives them for the table's record) and the clock's turns (:mod:`companion.clock`). A
table made before tables kept their times (``started`` NULL) shows none: its record's times are
the database's guesses, or (reopened since) cover a part of the game only.
"""
from __future__ import annotations

from typing import Any, Mapping

from flask_babel import format_percent, gettext

from .. import clock
from . import bp
from .story import colour_of

LONGEST_TURNS = 3


def timed(table, result: Mapping[str, Any]) -> bool:
    """The result holds the game's times and they are the whole game's."""
    return table.started is not None and isinstance(result.get("time"), dict)


def duration(seconds: int, exact: bool = False) -> str:
    """A length as people say it: "1 h 12 min", "8 min" (whole minutes, rounded), under a
    minute "45 s"; ``exact``: to the second under an hour ("6 min 12 s")."""
    if seconds < 60 or (exact and seconds < 3600):
        minutes, rest = divmod(seconds, 60)
        if not minutes:
            return gettext("%(seconds)d s", seconds=rest)
        if not rest:
            return gettext("%(minutes)d min", minutes=minutes)
        return gettext("%(minutes)d min %(seconds)d s", minutes=minutes, seconds=rest)
    hours, minutes = divmod(clock.minutes(seconds * 1000), 60)
    if not hours:
        return gettext("%(minutes)d min", minutes=minutes)
    if not minutes:
        return gettext("%(hours)d h", hours=hours)
    return gettext("%(hours)d h %(minutes)d min", hours=hours, minutes=minutes)


def length_line(time: Mapping[str, int]) -> str:
    """"1 h 12 min playing, 8 min paused" (the pause left out when there was none)."""
    playing = duration(time["playing_seconds"])
    if time["paused_seconds"]:
        return gettext("%(playing)s playing, %(paused)s paused", playing=playing,
                       paused=duration(time["paused_seconds"]))
    return gettext("%(playing)s playing", playing=playing)


def shares(replay, result: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each player's share of the playing time, the largest first (seat order among equals):
    name, seat colour, seconds, percent (for the bar) and the share and time in words."""
    playing = result["time"]["playing_seconds"]
    rows = []
    for seat, name in enumerate(replay.players):
        seconds = next((p.get("time_seconds", 0) for p in result["players"]
                        if p["name"] == name), 0)
        part = seconds / playing if playing else 0
        rows.append({"name": name, "colour": colour_of(seat), "seconds": seconds,
                     "percent": round(100 * part, 1), "share": format_percent(part),
                     "time": duration(seconds, exact=True)})
    return sorted(rows, key=lambda row: -row["seconds"])


@bp.app_template_global()
def game_time(table, replay, result: Mapping[str, Any]) -> dict[str, Any] | None:
    """A finished game's time for its screens (None: no time kept, or not the whole game's):
    its length, each player's share and, for a game with turns, its longest turns."""
    if not replay.finished or not timed(table, result):
        return None
    kept = clock.reckon(replay.events, replay.holders, replay.started, replay.players, None,
                        replay.options.get("clock"))
    longest = [{"seconds": turn.ms // 1000,
                "text": gettext("%(player)s's turn %(number)d: %(time)s", player=turn.player,
                                number=turn.number,
                                time=duration(turn.ms // 1000, exact=True))}
               for turn in clock.longest(kept, LONGEST_TURNS)]
    return {"time": result["time"], "length": length_line(result["time"]),
            "shares": shares(replay, result) if result["time"]["playing_seconds"] else [],
            "longest": longest}


def card_lines(table, replay, result: Mapping[str, Any]) -> tuple[str, ...]:
    """The result card's time, compact: the length, then "Anna 34% · Bence 28% · …"."""
    times = game_time(table, replay, result)
    if times is None:
        return ()
    shares_line = " · ".join(f"{row['name']} {row['share']}" for row in times["shares"])
    return (times["length"], shares_line) if shares_line else (times["length"],)
