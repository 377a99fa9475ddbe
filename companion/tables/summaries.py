"""What the screens show of a replayed table, in words.

What the screens show of a replayed table: the standings (players, or teams), the history in
words, what changed since a screen was loaded.
"""
from __future__ import annotations

from typing import Any, Mapping

from babel.lists import format_list
from flask_babel import get_locale, gettext, ngettext

from ..games import turns
from ..record import Replay
from ..words import event_label
from . import bp

HISTORY_ON_SCREEN = {"phone": 5, "host": 10}      # newest acts shown; the rest on its own page


def standings(replay: Replay, result: dict[str, Any]) -> list[dict[str, Any]]:
    """The result's rows in rank order, each with the note on how a tie was settled (with
    teams, teammates share their team's rank: the notes are the teams', see
    :func:`team_standings`)."""
    rows = sorted(result["players"], key=lambda p: (p["rank"], replay.players.index(p["name"])))
    if result.get("teams"):
        for row in rows:
            row["note"] = ""
    else:
        tie_notes(rows, replay.game.rules.tie_break_label(replay.options), teams=False)
    return rows


@bp.app_template_global()
def team_standings(replay: Replay, result: Mapping[str, Any]) -> list[dict[str, Any]] | None:
    """The result's teams in rank order (None without teams): each its name, rank, total, the
    sum of its players' points per category, its players' rows (as the team lists them) and the
    note on how a tie was settled."""
    teams = result.get("teams")
    if not teams:
        return None
    rows = {row["name"]: row for row in result["players"]}
    keys = list(replay.game.rules.category_labels(replay.options))
    out = []
    for team in sorted(teams, key=lambda t: t["rank"]):     # stable: the option's order
        players = [rows[name] for name in team["players"]]
        out.append({"name": team_name(team["players"]), "rank": team["rank"],
                    "total": team["total"], "players": players,
                    "breakdown": {key: sum(p["breakdown"].get(key, 0) for p in players)
                                  for key in keys}})
    tie_notes(out, replay.game.rules.tie_break_label(replay.options), teams=True)
    return out


def tie_notes(entries: list[dict[str, Any]], rule: Any, teams: bool) -> None:
    """Each entry's ``note``: how a tie on its total was settled (shared, or by ``rule``)."""
    for entry in entries:
        total = entry["total"]
        tied = [e for e in entries if e["total"] == total]
        entry["note"] = ""
        if len(tied) < 2:
            continue
        if all(e["rank"] == entry["rank"] for e in tied):
            entry["note"] = (
                ngettext("Teams tied on %(total)s point: rank shared.",
                         "Teams tied on %(total)s points: rank shared.", abs(total), total=total)
                if teams else
                ngettext("Tied on %(total)s point: rank shared.",
                         "Tied on %(total)s points: rank shared.", abs(total), total=total))
        elif rule:
            entry["note"] = (
                ngettext("Teams tied on %(total)s point: decided by %(rule)s.",
                         "Teams tied on %(total)s points: decided by %(rule)s.", abs(total),
                         total=total, rule=rule)
                if teams else
                ngettext("Tied on %(total)s point: decided by %(rule)s.",
                         "Tied on %(total)s points: decided by %(rule)s.", abs(total),
                         total=total, rule=rule))


def team_name(players: list[str]) -> str:
    """A team as a table calls it: its players, "Anna & Bence" ("Anna és Bence" in Hungarian)."""
    return format_list(list(players), "standard-short", locale=get_locale() or "en")


@bp.app_template_global()
def winner_line(result: Mapping[str, Any]) -> str:
    """"Winner: Anna", or with teams "Winning team: Anna & Bence"."""
    teams = [t for t in result.get("teams") or () if t["rank"] == 1]
    if teams:
        return ngettext("Winning team: %(names)s", "Winning teams: %(names)s", len(teams),
                        names="; ".join(team_name(t["players"]) for t in teams))
    winners = result["winners"]
    return ngettext("Winner: %(names)s", "Winners: %(names)s", len(winners),
                    names=", ".join(winners))


def history(replay: Replay, by: dict[int, str], newest: int | None = None) -> list[dict[str, Any]]:
    """The events (only the ``newest`` few if given), newest first; undone acts are flagged
    (and shown struck through)."""
    undone = replay.undone
    first = max(0, len(replay.events) - newest) if newest is not None else 0
    texts = replay.game.rules.describe_all(replay.events, undone, first, replay.options)
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
        elif kind == "pause":
            text = gettext("Clock paused")
        elif kind == "resume":
            text = gettext("Clock resumed")
        elif not texts[index] and kind in turns.EVENTS:
            text = gettext(turns.EVENTS[kind], player=event.get("player"))
        else:
            text = texts[index] or gettext("%(type)s event",
                                           type=event_label(replay.game.rules, kind))
        items.append({"n": index + 1, "text": text, "by": by.get(index, ""),
                      "undone": index in undone,
                      "undoable": kind not in ("undo", "end", "pause", "resume")
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
        actor = replay.game.policy.actor(replay.events[item["n"] - 1])
        return mine[0] == "host" or actor == mine[1]
    return [item["text"] for item in history(replay, by, len(replay.events) - seen)[::-1]
            if not own(item)]
