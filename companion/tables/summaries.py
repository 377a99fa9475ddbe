"""What the screens show of a replayed table, in words.

What the screens show of a replayed table: the standings, the history in words, what
changed since a screen was loaded.
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext, ngettext

from ..record import Replay
from ..words import event_label

HISTORY_ON_SCREEN = {"phone": 5, "host": 10}      # newest acts shown; the rest on its own page


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
    texts = replay.game.describe_all(replay.events, undone, first, replay.options)
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
