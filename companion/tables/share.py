"""A finished table's result, shared: the result card and BG Stats.

A finished table's result, shared: the result card as a PNG, and the play pushed to BG Stats
(its published createPlay link: the app opens an import dialog with the play filled in).
"""
from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any
from urllib.parse import quote

from flask import abort, current_app, make_response, request, url_for
from flask_babel import force_locale, format_date, get_locale, gettext
from sqlalchemy import select

from .. import cache, clock
from ..i18n import LANGUAGES
from ..extensions import db
from ..models import Event
from . import bp, card, lengths, service
from .pages import end_event, table_or_404
from .summaries import standings, team_standings, winner_line

BGSTATS = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Table Companion"
MAX_BGG_ID = 9_999_999          # BoardGameGeek's ids have six digits today


def bgg_id_from(value: str | None, default: int | None) -> int | None:
    """The ``bgg`` query argument when it is a whole number in range, else the game's own id."""
    if value and value.isascii() and value.isdigit() and len(value) <= 7 \
            and 1 <= int(value) <= MAX_BGG_ID:
        return int(value)
    return default


def local(moment: datetime) -> datetime:
    """A stored time (naive UTC) in the server's time zone: the table's own clock."""
    return moment.replace(tzinfo=timezone.utc).astimezone()


def play_times(table, replay) -> tuple[datetime, datetime]:
    """When the table's first act and the act that finished it were entered (local time)."""
    last = end_event(replay) or len(replay.events)
    rows = dict(db.session.execute(select(Event.seq, Event.created_at).where(
        Event.table_id == table.id, Event.seq.in_((1, last)))).all())
    end = rows.get(last, table.created_at)
    return local(rows.get(1, end)), local(end)


def bgstats_play(table, replay, result: dict[str, Any], bgg_id: int | None) -> dict[str, Any]:
    """The play as BG Stats imports it (fields as its support page publishes them): its
    duration the record's playing time (pauses left out) where the table kept its times, else
    from its first act to its end by the database's clock; a score sheet's plays under the
    sheet's name (BG Stats remembers a match by the game's id: one per sheet); with teams each
    player's own total, every player of a winning team a winner and the teams in the
    comments."""
    game = replay.game
    start, end = play_times(table, replay)
    group = game.rules.play_group(replay.options)
    with force_locale("en"):
        name = group or str(game.label)
        teams = team_standings(replay, result)
        comments = "; ".join(f"{t['rank']}. {t['name']} {t['total']}" for t in teams or ())
        notes = list(dict.fromkeys(t["note"] for t in teams or () if t["note"]))
    winners = set(result["winners"])
    rank = {p["name"]: p["rank"] for p in result["players"]}
    total = {p["name"]: p["total"] for p in result["players"]}
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": table.code,
        "playDate": end.strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": clock.minutes(result["time"]["playing_seconds"] * 1000)
        if lengths.timed(table, result) else max(0, round((end - start).total_seconds() / 60)),
        **({"comments": " ".join([f"Teams: {comments}.", *notes])} if teams else {}),
        "game": {"name": name, **({"bggId": bgg_id} if bgg_id is not None else {}),
                 "highestWins": game.rules.highest_wins(replay.options), "noPoints": False,
                 "sourceGameId": f"{game.name}/{group}" if group else game.name},
        "players": [{"name": player, "score": total[player], "rank": rank[player],
                     "winner": player in winners, "startPlayer": seat == 0,
                     "sourcePlayerId": player}
                    for seat, player in enumerate(replay.players)],
    }


def bgstats_link(table, replay, result: dict[str, Any], bgg_id: int | None) -> str:
    data = json.dumps(bgstats_play(table, replay, result, bgg_id), ensure_ascii=False,
                      separators=(",", ":"))
    return BGSTATS + quote(data, safe="")


@bp.app_template_global()
def share_links(table, replay, result: dict[str, Any]) -> dict[str, Any]:
    """What the finished screens' share part links to (the host may give a BoardGameGeek id)."""
    bgg = bgg_id_from(request.args.get("bgg"), replay.game.rules.bgg_id)
    return {"card": url_for("tables.card_png", code=table.code, v=table.version,
                            lang=str(get_locale())),
            "title": replay.game.rules.play_group(replay.options) or replay.game.label,
            "filename": f"{table.game}-{table.code}.png",
            "bgstats": bgstats_link(table, replay, result, bgg), "bgg": bgg}


def result_card(table, replay, result: dict[str, Any]) -> card.Card:
    """The card of a finished table: its ranking with each player's points by category (a score
    sheet's own); with teams each team's line, then its players'."""
    game = replay.game
    labels = game.rules.category_labels(replay.options)
    many = len(labels) > 1

    def points(breakdown: dict[str, Any]) -> tuple[str, ...]:
        return tuple(f"{label} {breakdown[key]}" for key, label in labels.items()
                     if many and breakdown.get(key))

    teams = team_standings(replay, result)
    if teams:
        rows = tuple(row for team in teams for row in (
            card.Row(rank=team["rank"], name=team["name"], total=team["total"],
                     winner=team["rank"] == 1, breakdown=points(team["breakdown"])),
            *(card.Row(rank=None, name=p["name"], total=p["total"], winner=team["rank"] == 1,
                       breakdown=points(p["breakdown"])) for p in team["players"])))
    else:
        rows = tuple(card.Row(rank=row["rank"], name=row["name"], total=row["total"],
                              winner=row["name"] in result["winners"],
                              breakdown=points(row["breakdown"]))
                     for row in standings(replay, result))
    _start, end = play_times(table, replay)
    return card.Card(game=game.rules.play_group(replay.options) or str(game.label),
                     date=format_date(end.date(), "long"), winner_line=winner_line(result),
                     rows=rows, total_label=gettext("Total"),
                     time_lines=lengths.card_lines(table, replay, result),
                     photo=service.keepsakes.card_photo(table.id))


CARDS_KEPT = 64                 # result cards a process keeps drawn,
CARDS_BYTES = 8 * 1024 * 1024   # and in bytes at most (one is 30-60 kB)


@bp.get("/t/<code>/card.png")
def card_png(code: str):
    """The finished table's result card, in the language its address names (the screens link
    it in the viewer's), else the viewer's."""
    table = table_or_404(code)
    replay = service.replay_of(table)
    if not replay.finished:
        abort(404)
    lang = request.args.get("lang")
    lang = lang if lang in LANGUAGES else str(get_locale())
    tag = f"{table.version}-{lang}"     # reopened and finished again: another version
    if request.if_none_match.contains(tag):
        response = make_response("", 304)
    else:
        def draw() -> bytes:
            with force_locale(lang):
                return card.render(result_card(table, replay, replay.result()),
                                   current_app.static_folder + "/fonts")
        # drawn once per version and language, however many browsers ask (each one 40-90 ms)
        drawn = cache.of_app("result_cards", CARDS_KEPT, CARDS_BYTES, len).get_or_make(
            (table.id, table.version, lang), draw)
        response = make_response(drawn)
        response.mimetype = "image/png"
        response.headers["Content-Disposition"] = \
            f'inline; filename="{table.game}-{table.code}.png"'
    response.set_etag(tag)
    # the address names the version and the language: what it shows never changes
    keyed = request.args.get("v") == str(table.version) and request.args.get("lang") == lang
    response.headers["Cache-Control"] = "private, max-age=3600" if keyed else "no-cache"
    if not keyed:
        response.vary.update(("Cookie", "Accept-Language"))
    return response
