"""The games page: the finished games this browser took part in.

The games page: the finished games this browser took part in (every finished game where
``HISTORY_ALL_GAMES`` is on), each player's plays, wins, average, best and best single unit per
game — a score sheet's plays counted under the sheet's name, with each category's best —, a
CSV of the plays, and names counted as one player.

Results are read as stored when each game finished (``Table.result``): nothing is replayed.
Names match without regard to case and spacing; a browser may count one name as another
(``NameMerge``), on its own page only.
"""
from __future__ import annotations

import csv
import io
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterable

from flask import Response, abort, current_app, redirect, render_template, request, url_for
from flask_babel import format_decimal, gettext, lazy_gettext as _l
from flask_wtf import FlaskForm
from sqlalchemy import Text, cast, delete, func, select
from sqlalchemy.exc import IntegrityError
from wtforms import HiddenField, SelectField
from wtforms.validators import InputRequired

from ..clock import minutes
from ..extensions import db
from ..games import GAMES
from ..games.base import Game, RuleError, Rules
from ..models import Event, NameMerge, Sitting, Table
from .. import record
from ..record import MAX_NAME
from . import bp, rivalries
from .identity import browser
from .summaries import team_name

GAMES_LISTED = 100          # newest games shown on the page; the stats and the CSV count all


def name_key(name: str) -> str:
    """The name as it is matched: Unicode NFC, case folded, spaces collapsed."""
    folded = unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())
    return " ".join(folded.split())


class MergeForm(FlaskForm):
    alias = SelectField(_l("Count"), validators=[InputRequired()])
    name = SelectField(_l("as"), validators=[InputRequired()])


class UnmergeForm(FlaskForm):
    alias = HiddenField(validators=[InputRequired()])


@dataclass
class Names:
    """How this browser counts names: merges (alias key -> name) and the spellings seen."""
    merges: dict[str, str]
    spellings: dict[str, Counter] = field(default_factory=dict)

    def key(self, name: str) -> str:
        """The key of the player ``name`` counts as, following merges (never round a loop)."""
        key, seen = name_key(name), set()
        while key in self.merges and key not in seen:
            seen.add(key)
            key = name_key(self.merges[key])
        return key

    def saw(self, name: str) -> None:
        self.spellings.setdefault(name_key(name), Counter())[name.strip()] += 1

    def shown(self, key: str) -> str:
        """A key as players read it: the name merged into, else its most frequent spelling."""
        targets = [name for name in self.merges.values() if name_key(name) == key]
        if targets:
            return targets[0]
        spellings = self.spellings.get(key)
        return spellings.most_common(1)[0][0] if spellings else key


@dataclass
class Play:
    table_id: int
    code: str
    game: str
    at: datetime
    players: list[dict[str, Any]]        # result rows: name, key, shown, total, rank, winner
    open: bool                           # this browser may open the table
    group: str | None = None             # the name it is counted under (a score sheet's)
    categories: dict[str, Any] = field(default_factory=dict)   # a group's: breakdown key -> label
    highest: bool = True                 # the highest total wins
    teams: list[dict[str, Any]] = field(default_factory=list)  # name, total, rank, winner, players
    time: dict[str, int] | None = None   # the result's playing and paused seconds, when kept

    @property
    def title(self) -> Any:
        return self.group or GAMES[self.game].label


def play_kind(game: Game, options: Any, players: list[str]) -> dict[str, Any]:
    """What a play's options say of how it is counted: its group, the group's categories and
    whether the highest total wins (options a newer version no longer accepts: the game's)."""
    try:
        options = record.options_of(game, options if isinstance(options, dict) else {}, players)
    except (RuleError, TypeError, KeyError):
        return {}
    group = game.rules.play_group(options)
    return {"group": group, "highest": game.rules.highest_wins(options),
            "categories": dict(game.rules.category_labels(options)) if group else {}}


def teams_of(result: dict[str, Any], players: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A stored result's teams with their names and players' rows (none without teams)."""
    rows = {row["name"]: row for row in players}
    teams = result.get("teams")
    if not isinstance(teams, list):
        return []
    return [{"name": team_name(team["players"]), "total": team.get("total"),
             "rank": team.get("rank"), "winner": team.get("rank") == 1,
             "players": [rows[name] for name in team["players"] if name in rows]}
            for team in teams if isinstance(team, dict) and isinstance(team.get("players"), list)]


def browser_tables(browser_hash: str | None) -> tuple[bool, Any]:
    """(every game?, the query of finished tables this browser may list)."""
    finished_at = select(func.max(Event.created_at)).where(Event.table_id == Table.id) \
        .scalar_subquery()
    query = select(Table.id, Table.code, Table.game, Table.result,
                   func.coalesce(finished_at, Table.created_at), Table.options,
                   Table.started).where(
        Table.result.is_not(None), cast(Table.result, Text) != "null")   # JSON null: playing
    everyone = bool(current_app.config.get("HISTORY_ALL_GAMES"))
    if not everyone:
        query = query.join(Sitting, Sitting.table_id == Table.id).where(
            Sitting.browser_hash == (browser_hash or ""))
    return everyone, query.order_by(Table.id.desc())


def load(browser_hash: str | None) -> tuple[list[Play], Names]:
    """Every finished game this browser may list, newest first, names counted as it counts."""
    merges = {} if browser_hash is None else dict(db.session.execute(
        select(NameMerge.alias, NameMerge.name).where(NameMerge.browser_hash == browser_hash)).all())
    names = Names(merges)
    everyone, query = browser_tables(browser_hash)
    sat = set() if browser_hash is None else set(db.session.scalars(
        select(Sitting.table_id).where(Sitting.browser_hash == browser_hash)))
    plays = []
    for table_id, code, game, result, at, options, started in db.session.execute(query):
        rows = result.get("players") if isinstance(result, dict) else None
        if game not in GAMES or not isinstance(rows, list):
            continue
        winners = result.get("winners") or []
        players = []
        for row in rows:
            if not isinstance(row, dict) or not isinstance(row.get("name"), str):
                continue
            names.saw(row["name"])
            players.append({**row, "winner": row["name"] in winners})
        plays.append(Play(table_id, code, game, at, players, everyone or table_id in sat,
                          teams=teams_of(result, players), time=time_of(result, started),
                          **play_kind(GAMES[game], options, [p["name"] for p in players])))
    for play in plays:
        for row in play.players:
            row["key"] = names.key(row["name"])
    for play in plays:
        for row in play.players:
            row["shown"] = names.shown(row["key"])
    plays.sort(key=lambda p: (p.at, p.table_id), reverse=True)
    return plays, names


def time_of(result: dict[str, Any], started: str | None) -> dict[str, int] | None:
    """A stored result's time, when it is the whole game's (a table made before tables kept
    their times, ``started`` NULL, has none, or one of the acts since it was reopened)."""
    time = result.get("time")
    if started is None or not isinstance(time, dict) or not all(
            number(time.get(k)) for k in ("playing_seconds", "paused_seconds")):
        return None
    return time


def chosen(plays: list[Play], names: Names, game: str, player: str) -> tuple[list[Play], str | None]:
    """The plays the filters keep (an unknown game or name keeps none) and the player's key."""
    if game:
        plays = [p for p in plays if p.game == game]
    key = names.key(player) if player.strip() else None
    if key is not None:
        plays = [p for p in plays if any(row["key"] == key for row in p.players)]
    return plays, key


def number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def stats(plays: Iterable[Play], key: str | None) -> list[dict[str, Any]]:
    """Per game (in the registry's order) and per group within it (the game's own plays first,
    then its score sheets' by name), per player: plays, wins, average, best, the best single
    unit (its label heads the column) and a score sheet's best in each category."""
    groups: dict[tuple[str, str | None], list[Play]] = {}
    for play in plays:
        groups.setdefault((play.game, name_key(play.group) if play.group else None), []) \
            .append(play)
    sections = []
    for name, game in GAMES.items():
        for group in sorted((g for g in groups if g[0] == name), key=lambda g: g[1] or ""):
            section = group_stats(game, groups[group], key)
            if section is not None:
                sections.append(section)
    return sections


def group_stats(game: Game, plays: list[Play], key: str | None) -> dict[str, Any] | None:
    """One section of the statistics: the plays of one game, or of one score sheet (newest
    first). Best is the least total where the lowest wins (at every play of the group), and so
    is a category's best."""
    better = max if any(play.highest for play in plays) else min
    categories: dict[str, Any] = {}
    for play in plays:
        for category, label in play.categories.items():
            categories.setdefault(category, label)      # the newest play's name for it
    lines: dict[str, dict[str, Any]] = {}
    for play in plays:
        for row in play.players:
            if key is not None and row["key"] != key:
                continue
            total = row.get("total")
            if not number(total):
                continue
            line = lines.setdefault(row["key"], {
                "player": row["shown"], "game": game, "plays": 0, "wins": 0, "sum": 0,
                "best": total, "single": None, "categories": {}})
            line["plays"] += 1
            line["wins"] += bool(row["winner"])
            line["sum"] += total
            line["best"] = better(line["best"], total)
            breakdown = row.get("breakdown") if isinstance(row.get("breakdown"), dict) else {}
            for category in play.categories:
                points = breakdown.get(category)
                if number(points):
                    best = line["categories"].get(category)
                    line["categories"][category] = points if best is None else better(best, points)
            single = game.rules.best_single(row)
            if single is not None and (line["single"] is None or single[1] > line["single"][1]):
                line["single"] = single
    if not lines:
        return None
    mine = sorted(lines.values(), key=lambda s: (-s["wins"], -s["plays"], name_key(s["player"])))
    for line in mine:
        line["average"] = format_decimal(line["sum"] / line["plays"], format="#,##0.#")
        line["category_bests"] = [(label, line["categories"][category])
                                  for category, label in categories.items()
                                  if category in line["categories"]]
    labels = [line["single"][0] for line in mine if line["single"] is not None]
    # a game with a best single unit has the column even when only older results are here
    has_single = bool(labels) or type(game.rules).best_single is not Rules.best_single
    return {"game": game, "title": plays[0].title, "group": plays[0].group, "lines": mine,
            "plays": plays,
            "has_single": has_single, "single_label": labels[0] if labels else _l("Best single"),
            "highest": better is max}


def filters() -> tuple[str, str]:
    game = request.args.get("game", "")
    player = request.args.get("player", "")
    if len(game) > 40 or len(player) > 4 * MAX_NAME:
        abort(400)
    return game, player


def page(form: MergeForm | None = None, status: int = 200):
    browser_hash = browser(create=False)
    plays, names = load(browser_hash)
    game, player = filters()
    shown, key = chosen(plays, names, game, player)
    people = sorted({row["key"]: row["shown"] for p in plays for row in p.players}.items(),
                    key=lambda item: item[0])
    form = form or MergeForm(formdata=None)
    form.alias.choices = form.name.choices = [(n, n) for _key, n in people]
    merges = [{"alias": alias, "shown": names.spellings.get(alias, Counter({alias: 1}))
               .most_common(1)[0][0], "name": name}
              for alias, name in sorted(names.merges.items())]
    everyone = bool(current_app.config.get("HISTORY_ALL_GAMES"))
    return render_template(
        "tables/games.html", plays=shown[:GAMES_LISTED], count=len(shown),
        stats=stats(shown, key), rivalries=rivalries.page_part(shown, key), people=people,
        game=game, player=player, player_key=key, merge=form,
        unmerge=UnmergeForm(formdata=None), merges=merges, everyone=everyone,
        csv_url=url_for("tables.games_csv", **{k: v for k, v in (("game", game), ("player", player))
                                               if v})), status


@bp.get("/games")
def games_page():
    return page()


@bp.get("/games.csv")
def games_csv():
    """A row per player per play. Where a score sheet's plays are among them, columns follow
    for the sheet's name, the player's team and its total, and one per category (by its name:
    the sheets that share a category's name share its column), empty where a play has none."""
    plays, names = load(browser(create=False))
    shown, key = chosen(plays, names, *filters())
    out = io.StringIO()
    writer = csv.writer(out)
    header = [gettext("Date"), gettext("Game"), gettext("Table code"), gettext("Player"),
              gettext("Score"), gettext("Rank"), gettext("Winner")]
    sheets = any(play.group or play.teams for play in shown)
    columns = list(dict.fromkeys(str(label) for play in shown
                                 for label in play.categories.values()))
    extra = [gettext("Score sheet"), gettext("Team"), gettext("Team score")] if sheets else []
    # the time at the table, where a play kept it (at the end: the columns before stay put)
    times = [gettext("Playing minutes"), gettext("Paused minutes"),
             gettext("Player's time (seconds)")] if any(p.time for p in shown) else []
    writer.writerow(header + extra + [spreadsheet_text(
        f"{name} ({gettext('category')})" if name in header + extra + times else name)
        for name in columns] + times)
    for play in shown:
        team = {row["name"]: t for t in play.teams for row in t["players"]}
        for row in play.players:
            if key is not None and row["key"] != key:
                continue
            line = [play.at.strftime("%Y-%m-%d %H:%M"), str(GAMES[play.game].label),
                    play.code, spreadsheet_text(row["shown"]), row.get("total"),
                    row.get("rank"), 1 if row["winner"] else 0]
            if sheets:
                mine = team.get(row["name"])
                line += [spreadsheet_text(play.group or ""),
                         spreadsheet_text(mine["name"]) if mine else "",
                         mine["total"] if mine else ""]
            breakdown = row.get("breakdown") if isinstance(row.get("breakdown"), dict) else {}
            points = {str(label): breakdown.get(category)
                      for category, label in play.categories.items()}
            line += [points.get(name, "") for name in columns]
            if times:
                line += [minutes(play.time["playing_seconds"] * 1000), minutes(
                    play.time["paused_seconds"] * 1000), row.get("time_seconds", "")] \
                    if play.time else ["", "", ""]
            writer.writerow(line)
    response = Response("\ufeff" + out.getvalue(), mimetype="text/csv")
    response.charset = "utf-8"
    response.headers["Content-Disposition"] = 'attachment; filename="games.csv"'
    return response


def spreadsheet_text(text: str) -> str:
    """A name a spreadsheet shows as text, never runs as a formula ("=1+1", "@SUM(…)")."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


@bp.post("/games/merge")
def merge_names():
    form = MergeForm()
    browser_hash = browser()
    plays, names = load(browser_hash)
    people = {row["shown"] for p in plays for row in p.players}
    form.alias.choices = form.name.choices = [(n, n) for n in sorted(people, key=name_key)]
    if not form.validate():
        return page(form, 422)
    alias, name = name_key(form.alias.data), form.name.data
    if names.key(name) == names.key(form.alias.data):
        form.name.errors = [gettext("%(alias)s already counts as %(name)s.",
                                    alias=form.alias.data, name=name)]
        return page(form, 422)
    if len(alias) > MAX_NAME or len(name) > MAX_NAME:
        abort(400)
    existing = db.session.scalar(select(NameMerge).where(NameMerge.browser_hash == browser_hash,
                                                         NameMerge.alias == alias))
    if existing is not None:
        existing.name = name
    else:
        db.session.add(NameMerge(browser_hash=browser_hash, alias=alias, name=name))
    try:
        db.session.commit()
    except IntegrityError:          # the same merge from another tab meanwhile
        db.session.rollback()
    return redirect(url_for("tables.games_page"), 303)


@bp.post("/games/unmerge")
def unmerge_names():
    form = UnmergeForm()
    browser_hash = browser(create=False)
    if not form.validate() or browser_hash is None:
        abort(400)
    gone = db.session.execute(delete(NameMerge).where(NameMerge.browser_hash == browser_hash,
                                                      NameMerge.alias == form.alias.data))
    db.session.commit()
    if gone.rowcount != 1:
        abort(404)
    return redirect(url_for("tables.games_page"), 303)
