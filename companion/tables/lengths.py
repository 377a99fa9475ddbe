"""A game's length, after it: its playing and paused time, each player's share of the playing
time and the longest turns, in words; and how long a game usually takes.

The figures are the result's (``time`` and each player's ``time_seconds``, as ``companion
score`` gives them for the table's record) and the clock's turns (:mod:`companion.clock`). A
table made before tables kept their times (``started`` NULL) shows none: its record's times are
the database's guesses, or (reopened since) cover a part of the game only.
"""
from __future__ import annotations

from statistics import median
from typing import Any, Iterable, Mapping

from flask_babel import format_percent, gettext
from sqlalchemy import Text, cast, select

from .. import clock
from ..extensions import db
from ..games import GAMES
from ..games.base import Rules
from ..models import Table
from . import bp
from .history_page import name_key, play_kind
from .story import colour_of

LONGEST_TURNS = 3
# A length is "usual" once two finished plays at least have one: a single play is one evening,
# not a habit. Fewer: nothing is said.
USUAL_PLAYS = 2
USUAL_LOOKS_BACK = 1000     # the newest finished tables of a game the new-table hint reads
ANY_GAME = "score-pad"      # its plain plays (no score sheet) are of any game: no usual length


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


# --- how long a game usually takes --------------------------------------------------------------

def usual(seconds: list[int]) -> tuple[int, int] | None:
    """(the median in whole minutes, how many plays) of plays' playing times; None with fewer
    than USUAL_PLAYS."""
    if len(seconds) < USUAL_PLAYS:
        return None
    return clock.minutes(round(median(seconds) * 1000)), len(seconds)


def playing_seconds(result: Any) -> int | None:
    """A stored result's playing time in seconds (None: no time, or none spent)."""
    time = result.get("time") if isinstance(result, dict) else None
    seconds = time.get("playing_seconds") if isinstance(time, dict) else None
    return seconds if isinstance(seconds, int) and not isinstance(seconds, bool) \
        and seconds > 0 else None


def usual_minutes(game_name: str, players: int, group: str | None = None) \
        -> tuple[int, int] | None:
    """How long a game usually takes with ``players`` players: (minutes, plays), the median
    playing time of every finished table on the server of that game and player count that kept
    its times (the newest USUAL_LOOKS_BACK of the game's), for a new table's host screen;
    ``group``: a score sheet's name (``rules.play_group``), whose plays are counted apart.
    None with fewer than USUAL_PLAYS such plays, and for a plain score pad."""
    game = GAMES.get(game_name)
    if game is None or (game_name == ANY_GAME and group is None):
        return None
    rows = db.session.execute(
        select(Table.result, Table.options).where(
            Table.game == game_name, Table.started.is_not(None), Table.result.is_not(None),
            cast(Table.result, Text) != "null").order_by(Table.id.desc()).limit(USUAL_LOOKS_BACK))
    grouped = type(game.rules).play_group is not Rules.play_group    # its plays have groups
    seconds = []
    for result, options in rows:
        rows_of = result.get("players") if isinstance(result, dict) else None
        if not isinstance(rows_of, list) or len(rows_of) != players \
                or playing_seconds(result) is None:
            continue
        names = [row.get("name") for row in rows_of if isinstance(row, dict)]
        found = play_kind(game, options, names).get("group") if grouped else None
        if (found and name_key(found)) == (group and name_key(group)):
            seconds.append(playing_seconds(result))
    return usual(seconds)


@bp.app_template_global()
def usual_length(replay) -> tuple[int, int] | None:
    """How long the table's game usually takes with its players (see :func:`usual_minutes`)."""
    return usual_minutes(replay.game.name, len(replay.players),
                         replay.game.rules.play_group(replay.options))


@bp.app_template_global()
def usual_lengths(plays: Iterable[Any]) -> list[dict[str, int]]:
    """The games page's usual lengths of one game's plays (the plays it lists: this browser's,
    or every one), per player count: players, minutes, plays; only where USUAL_PLAYS timed
    plays have one, and never for the plain score pad."""
    by_count: dict[int, list[int]] = {}
    for play in plays:
        seconds = playing_seconds({"time": play.time})
        if seconds is not None and not (play.game == ANY_GAME and play.group is None):
            by_count.setdefault(len(play.players), []).append(seconds)
    out = []
    for count, seconds in sorted(by_count.items()):
        found = usual(seconds)
        if found is not None:
            out.append({"players": count, "minutes": found[0], "plays": found[1]})
    return out
