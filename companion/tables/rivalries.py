"""Rivalries on the games page: who is ahead of whom, streaks of wins, a player's totals.

Pure reckoning over the plays the page lists (``history_page.Play``, names already counted as
the browser counts them: each row's ``key`` and ``shown``); no database. (The games page
imports this module, not the other way round.)

- **Head to head**: each pair of players at one play, never two of one team, per game (a score
  sheet's plays count under the sheet's name, as in the statistics) and over all games: wins,
  ties and losses by the result's ``rank`` (so a game the lowest total wins is already counted
  the right way round), and the average difference of their totals, signed so that more is
  better (flipped where the lowest total wins). In a team game the totals are the teams'
  (what was ranked). Each line is told from its leader's side: more wins, else the better
  difference, else the name first in order.
- **Nemesis** and **favourite victim**: among opponents with :data:`LEAST_TOGETHER` plays at
  least, the one most often ranked ahead of the player (behind, for the victim); ties go to
  the larger share of their plays together, then to the name first in order.
- **Streaks**: plays in a row ranked first (a shared first counts), oldest first by the
  plays' finish times, per game and over all: the longest and the one still running.
- **Trend**: one player's totals at each game, oldest first, and its chart (SVG).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from itertools import combinations
from typing import Any, Iterable, Sequence

from flask_babel import format_decimal, gettext
from markupsafe import Markup

from ..games import GAMES
from .story import MUTED, chart_head, ended_lines, nice_step, value_grid, value_scale

LEAST_TOGETHER = 3          # plays together before an opponent can be a nemesis or a victim
ALL = None                  # the section key of "all games"
Play = Any                  # a history_page.Play


def name_key(name: str) -> str:
    """A name as it sorts (and a score sheet's name as it is grouped): case folded, spaced once."""
    return " ".join(name.casefold().split())


def number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def section_of(play: Play) -> tuple[int, str, str | None]:
    """Where a play is counted: its game (in the registry's order) and its score sheet's name."""
    order = list(GAMES).index(play.game) if play.game in GAMES else len(GAMES)
    return (order, play.game, name_key(play.group) if play.group else None)


def in_order(plays: Iterable[Play]) -> list[Play]:
    """The plays oldest first, as they were finished."""
    return sorted(plays, key=lambda p: (p.at, p.table_id))


@dataclass
class Entry:
    key: str
    shown: str
    rank: int
    total: float | None
    team: int | None


def entries(play: Play) -> list[Entry]:
    """A play's ranked players: in a team game each with its team's number and total."""
    teams = {row["name"]: (index, team.get("total"))
             for index, team in enumerate(play.teams) for row in team["players"]}
    out = []
    for row in play.players:
        rank = row.get("rank")
        if not number(rank):
            continue
        index, total = teams.get(row["name"], (None, row.get("total")))
        out.append(Entry(row["key"], row["shown"], rank, total if number(total) else None, index))
    return out


def opponents(play: Play) -> list[tuple[Entry, Entry]]:
    """Every two players of a play on no team together (a name at a play twice: once)."""
    seen: dict[str, Entry] = {}
    for entry in entries(play):
        seen.setdefault(entry.key, entry)
    return [(a, b) for a, b in combinations(sorted(seen.values(), key=lambda e: e.key), 2)
            if a.team is None or a.team != b.team]


@dataclass
class Tally:
    """Wins, ties and losses of the first of a pair against the second, and the differences."""
    wins: int = 0
    ties: int = 0
    losses: int = 0
    differences: list[float] = field(default_factory=list)

    def add(self, a: Entry, b: Entry, highest: bool) -> None:
        self.wins += a.rank < b.rank
        self.ties += a.rank == b.rank
        self.losses += a.rank > b.rank
        if a.total is not None and b.total is not None:
            self.differences.append((a.total - b.total) * (1 if highest else -1))

    @property
    def plays(self) -> int:
        return self.wins + self.ties + self.losses

    @property
    def difference(self) -> float | None:
        return sum(self.differences) / len(self.differences) if self.differences else None


def told(names: tuple[str, str], tally: Tally, title: Any) -> dict[str, Any]:
    """A head-to-head line from its leader's side."""
    diff = tally.difference or 0
    ahead, behind = (tally.wins, diff), (tally.losses, -diff)
    flip = behind > ahead or (behind == ahead and name_key(names[1]) < name_key(names[0]))
    if flip:
        names = (names[1], names[0])
        tally = Tally(tally.losses, tally.ties, tally.wins, [-d for d in tally.differences])
    return {"leader": names[0], "other": names[1], "title": title, "wins": tally.wins,
            "ties": tally.ties, "losses": tally.losses, "plays": tally.plays,
            "difference": None if tally.difference is None else round(tally.difference, 1)}


def head_to_head(plays: Iterable[Play], key: str | None = None) -> list[dict[str, Any]]:
    """Each pair (only the player ``key``'s, when given), the most plays together first: its
    names and its lines per game, and over all games where they met at more than one."""
    pairs: dict[tuple[str, str], dict[Any, Tally]] = {}
    shown: dict[str, str] = {}
    titles: dict[Any, Any] = {}
    for play in in_order(plays):
        section = section_of(play)
        titles[section] = play.title            # the newest play's name for it
        for a, b in opponents(play):
            if key is not None and key not in (a.key, b.key):
                continue
            shown[a.key], shown[b.key] = a.shown, b.shown
            by_section = pairs.setdefault((a.key, b.key), {})
            for where in (section, ALL):
                by_section.setdefault(where, Tally()).add(a, b, play.highest)
    out = []
    for (a, b), by_section in pairs.items():
        names = (shown[a], shown[b])
        sections = sorted((s for s in by_section if s is not ALL), key=lambda s: (s[0], s[2] or ""))
        lines = [told(names, by_section[s], titles[s]) for s in sections]
        overall = told(names, by_section[ALL], None) if len(sections) > 1 else None
        out.append({"names": names, "lines": lines, "overall": overall,
                    "plays": by_section[ALL].plays})
    return sorted(out, key=lambda p: (-p["plays"], name_key(p["names"][0]),
                                      name_key(p["names"][1])))


def rivals(plays: Iterable[Play]) -> list[dict[str, Any]]:
    """Each player (key, player: the name shown) with their nemesis and their favourite victim,
    or None for each: {name, plays (together), times (ahead, or behind), share} of the opponent."""
    met: dict[str, dict[str, list[int]]] = {}      # key -> opponent -> [plays, behind, ahead]
    shown: dict[str, str] = {}
    for play in plays:
        for a, b in opponents(play):
            shown[a.key], shown[b.key] = a.shown, b.shown
            for me, them in ((a, b), (b, a)):
                line = met.setdefault(me.key, {}).setdefault(them.key, [0, 0, 0])
                line[0] += 1
                line[1] += them.rank < me.rank          # they were ahead of me
                line[2] += me.rank < them.rank

    def most(lines: dict[str, list[int]], which: int) -> dict[str, Any] | None:
        found = [(line[which], line[which] / line[0], other)
                 for other, line in lines.items() if line[0] >= LEAST_TOGETHER and line[which]]
        if not found:
            return None
        count, share, other = min(found, key=lambda f: (-f[0], -f[1], name_key(shown[f[2]])))
        return {"name": shown[other], "plays": lines[other][0], "times": count,
                "share": share}
    return sorted(({"key": me, "player": shown[me], "nemesis": most(lines, 1), "victim": most(lines, 2)}
                   for me, lines in met.items()), key=lambda r: name_key(r["player"]))


def run(firsts: Sequence[bool]) -> tuple[int, int]:
    """The longest run of True and the one at the end."""
    longest = current = 0
    for first in firsts:
        current = current + 1 if first else 0
        longest = max(longest, current)
    return longest, current


def streaks(plays: Iterable[Play], key: str | None = None) -> list[dict[str, Any]]:
    """Each player's (only ``key``'s, when given) longest and current streak of firsts, over all
    games and per game they played at more than once: {player, lines: [{title, longest,
    current, plays}]} (the first line over all games, its title None)."""
    firsts: dict[str, dict[Any, list[bool]]] = {}
    shown: dict[str, str] = {}
    titles: dict[Any, Any] = {}
    for play in in_order(plays):
        section = section_of(play)
        titles[section] = play.title
        seen = set()
        for entry in entries(play):
            if entry.key in seen or (key is not None and entry.key != key):
                continue
            seen.add(entry.key)
            shown[entry.key] = entry.shown
            for where in (ALL, section):
                firsts.setdefault(entry.key, {}).setdefault(where, []).append(entry.rank == 1)
    out = []
    for player, by_section in firsts.items():
        sections = sorted((s for s in by_section if s is not ALL), key=lambda s: (s[0], s[2] or ""))
        lines = []
        for where in [ALL, *(sections if len(sections) > 1 else [])]:
            longest, current = run(by_section[where])
            lines.append({"title": None if where is ALL else titles[where], "longest": longest,
                          "current": current, "plays": len(by_section[where])})
        out.append({"player": shown[player], "lines": lines})
    return sorted(out, key=lambda s: (-s["lines"][0]["longest"], -s["lines"][0]["current"],
                                      name_key(s["player"])))


def trend(plays: Iterable[Play], key: str) -> list[dict[str, Any]]:
    """The player ``key``'s totals, oldest first, a line per game (score sheet): {title,
    totals} (a team game: the player's own total)."""
    lines: dict[Any, dict[str, Any]] = {}
    for play in in_order(plays):
        row = next((r for r in play.players if r["key"] == key and number(r.get("total"))), None)
        if row is not None:
            line = lines.setdefault(section_of(play), {"title": play.title, "totals": []})
            line["title"] = play.title
            line["totals"].append(row["total"])
    return [lines[s] for s in sorted(lines, key=lambda s: (s[0], s[2] or ""))]


# --- the chart: the round chart's look (story.render_chart), a play per step -------------------

WIDTH, HEIGHT = 480, 300
LEFT, TOP, BOTTOM = 46, 44, 48
CHAR_WIDTH, NAME_CHARS, WHOLE_CHARS = 9.5, 6, 16


def trend_chart(lines: Sequence[dict[str, Any]], title: str, x_label: str,
                description: str = "") -> str:
    """The trend as an SVG: a line per game in its own colour over the player's 1st, 2nd, …
    play of it, its last total and name at its end. Only presentation attributes."""
    names = [str(line["title"]) for line in lines]
    chars = min(WHOLE_CHARS, max(map(len, names), default=0))
    right = 62 + CHAR_WIDTH * max(chars, NAME_CHARS)
    plot_w, plot_h = WIDTH - LEFT - right, HEIGHT - TOP - BOTTOM
    last = max((len(line["totals"]) for line in lines), default=1)
    low, high, y_step = value_scale([v for line in lines for v in line["totals"]])

    def x(play: int) -> float:      # the 1st play at the left edge
        return round(LEFT + plot_w * (play - 1) / max(last - 1, 1), 1)

    def y(value: float) -> float:
        return round(TOP + plot_h * (high - value) / (high - low), 1)

    out = chart_head("trend-chart", "trend", title, description, WIDTH, HEIGHT, LEFT)
    out += value_grid(low, high, y_step, y, plot_w, LEFT)
    x_step = nice_step(max(last - 1, 1), 6)
    for play in range(1, last + 1, x_step):
        out.append(f'<line x1="{x(play)}" x2="{x(play)}" y1="{TOP + plot_h}" '
                   f'y2="{TOP + plot_h + 5}" stroke="{MUTED}" stroke-width="1"/>')
        out.append(f'<text x="{x(play)}" y="{TOP + plot_h + 20}" font-size="15" '
                   f'text-anchor="middle" fill="{MUTED}">{play}</text>')
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 6}" font-size="15" '
               f'text-anchor="middle" fill="{MUTED}">{escape(x_label)}</text>')
    series = [(index, name, [(x(n), y(v)) for n, v in enumerate(line["totals"], 1)],
               line["totals"][-1]) for index, (name, line) in enumerate(zip(names, lines))]
    out += ended_lines(series, "game", last <= 25, LEFT + plot_w + 8, TOP + plot_h, chars)
    out.append("</svg>")
    return "\n".join(out)


# --- the games page's part -------------------------------------------------------------------

def page_part(plays: list[Play], key: str | None) -> dict[str, Any]:
    """The rivalries part of the page (see :mod:`.rivalries`): the chosen player's only."""
    found = rivals(plays)
    if key is not None:
        found = [r for r in found if r["key"] == key]
    lines = trend(plays, key) if key is not None else []
    chart = Markup(trend_chart(
        lines, gettext("Totals, game by game"), gettext("Play (oldest first)"),
        gettext("Each game's totals in the order played."))) if lines else None
    return {"pairs": head_to_head(plays, key), "rivals": found,
            "streaks": streaks(plays, key), "chart": chart, "signed": signed,
            "least_together": LEAST_TOGETHER}


def signed(value: float | None) -> str:
    """A difference as read: "+7.2", "−3", "0" (the locale's decimal mark)."""
    if value is None:
        return "—"
    text = format_decimal(abs(value), format="#,##0.#")
    return text if value == 0 else ("+" if value > 0 else "\u2212") + text
