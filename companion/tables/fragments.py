"""The live part of a screen, rendered once and served to every screen alike.

Live fragments rendered once per table, version and viewer kind, served to every screen that
asks for the same (the nth phone polling a table after an act gets the first phone's bytes).

A fragment holds two things that belong to one browser: the CSRF token of its forms and the
nonce that makes each submitted form count once; and one that belongs to the response: the
server's clock as it leaves, which the page's clock ticks by. They are rendered as markers and
filled in per response, so shared bytes never carry one phone's token or nonce to another.

Within a fragment, the parts that every seat's screen shows alike (the scoreboard, the history,
a game's shared view: ``{{ shared_part(name) }}``) are rendered once per table version, view,
language, host or not and selection, and reused by every seat's fragment: a seat's own render
is then only what is its own (whose turn, its move). What marks the player's own row in a shared
part is a marker too (:func:`own_row`), filled per response.
"""
from __future__ import annotations

import re
import time
import uuid
from typing import Any, Callable, Hashable

from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf
from jinja2 import pass_context
from jinja2.utils import htmlsafe_json_dumps
from jinja2.runtime import Context
from markupsafe import Markup, escape

from .. import cache

NONCE = "\x1enonce\x1e"          # never in a page otherwise: a control character
CSRF = "\x1ecsrf\x1e"
OWN = "\x1eown\x1f"              # + the row's player (as escaped in the page) + "\x1e"
OWN_ROW = re.compile("\x1eown\x1f([^\x1e]*)\x1e")
NOW = "\x1enow\x1e"              # the server's clock as the response leaves (ms since 1970)
FOLLOW = "\x1efollow\x1e"        # what the seat's entry form follows, in a fragment every seat shares
KEPT = 512                       # fragments a process keeps (a few per table in play)
PARTS_KEPT = 1024                # shared parts (a few per fragment)
SHARING = "sharing_parts"        # set in the context of a fragment rendered to be shared
ALIKE = "seats_alike"            # ... and shared by every seat of the table (its follow marked)


def shared(key: Hashable, render: Callable[[Callable[[], str]], tuple[str, Any]]) -> tuple[str, Any]:
    """The fragment for ``key`` (rendering it once with ``render(nonce)`` on a miss) and what
    ``render`` returned beside it; the fragment still has its markers (see :func:`personal`)."""
    def marked() -> tuple[str, Any]:
        text, extra = render(lambda: NONCE)
        return text.replace(generate_csrf(), CSRF), extra
    return cache.of_app("live_fragments", KEPT).get_or_make(key, marked)


def personal(text: str, player: str | None = None,
             follow: dict[str, Any] | None = None) -> str:
    """A shared fragment made this browser's: its CSRF token, a fresh nonce per form, its
    player's own row marked (``player``: the seat's name) and, in a fragment every seat shares,
    what its entry form follows (``follow``)."""
    text = text.replace(CSRF, generate_csrf()).replace(NOW, str(now_ms()))
    if follow is not None:
        text = text.replace(FOLLOW, htmlsafe_json_dumps(follow))
    if OWN in text:
        own = str(escape(player)) if player is not None else None
        text = OWN_ROW.sub(lambda match: " mine" if match.group(1) == own else "", text)
    return re.sub(NONCE, lambda _match: uuid.uuid4().hex, text)


@pass_context
def shared_part(context: Context, name: str) -> Markup:
    """The template ``name`` as included here; in a fragment rendered to be shared, rendered
    once for every seat (its key leaves the seat out: the part must not read it but through
    :func:`own_row`)."""
    if not context.get(SHARING):
        return Markup(context.environment.get_template(name).render(context.get_all()))
    table = context["table"]
    key = ("part", table.id, table.version, context.get("view"), str(get_locale()), name,
           bool(context.get("host")), tuple(sorted((context.get("selection") or {}).items())))

    def render() -> str:
        text = context.environment.get_template(name).render({**context.get_all(), "seat": None})
        return text.replace(generate_csrf(), CSRF)
    return Markup(cache.of_app("shared_parts", PARTS_KEPT).get_or_make(key, render))


@pass_context
def own_row(context: Context, player: str) -> Markup:
    """" mine" on the row of the screen's own player: in a shared part a marker (filled per
    response by :func:`personal`), else said at once."""
    if context.get(SHARING):
        return Markup(OWN) + escape(player) + Markup("\x1e")
    seat = context.get("seat")
    return Markup(" mine" if seat is not None and seat.name == player else "")


def now_ms() -> int:
    return time.time_ns() // 1_000_000


@pass_context
def server_now(context: Context) -> Markup:
    """The server's clock in ms, which the page's clock ticks by (static/js/clock.js): in a
    shared fragment a marker, filled per response by :func:`personal`."""
    return Markup(NOW) if context.get(SHARING) else Markup(str(now_ms()))


@pass_context
def follow_fields(context: Context) -> Markup:
    """The entry form's follow fields as the page's ``#follow`` carries them (JSON): in a
    fragment every seat shares a marker, filled per response by :func:`personal`."""
    if context.get(SHARING) and context.get(ALIKE):
        return Markup(FOLLOW)
    return htmlsafe_json_dumps(context.get("follow"))   # (as the filter tojson writes it)
