"""Saved definitions: score sheets, Doodle City sheets, Calçada player boards and scoring rows.

Each belongs to the browser that saved it (its id cookie, stored hashed): that browser alone may
change, rename or delete it. Anyone may open one by its link, which carries an unguessable token
(never the row's number), copy it (the copy is theirs) or start a table with it. One saved before
definitions had owners belongs to nobody: anyone opens and copies it, nobody changes it here
(``companion definitions`` lists and deletes them on the server). A name is unique per owner
only, so a stranger's name never blocks one's own nor tells it exists. Bounded, each refusal in
words: so many per browser (``DEFINITIONS_PER_BROWSER``), so many per server
(``DEFINITIONS_MAX``), each at most so large (``DEFINITION_MAX_BYTES``), and so many saves per
address an hour (``SAVE_LIMIT``, counted by the limiter where an editor's view is marked
:func:`companion.ratelimits.saves`).
"""
from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from flask import Response, abort, current_app, redirect, request, url_for
from flask_babel import gettext
from flask_wtf import FlaskForm
from sqlalchemy import String, UniqueConstraint, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, declared_attr, mapped_column
from werkzeug.exceptions import Forbidden, NotFound

from ..addresses import base_url
from ..browsers import browser
from ..converters import Token
from ..extensions import db
from ..validators import CONTROL_IN_NAME, has_control
from .base import options_prefix

SAVED = "saved-"            # a start form's choice of a saved definition: then its token
TOKEN = re.compile(Token.regex)
MAX_NAME = 60


def new_token() -> str:
    """22 characters, 128 random bits; never with a leading "-", which a command line would read
    as an option (``companion definitions delete TOKEN``)."""
    while True:
        token = secrets.token_urlsafe(16)
        if not token.startswith("-"):
            return token


class Owned:
    """What every saved definition has beside its name and data: its owner (a browser's id,
    hashed; None for one saved before owners) and the token its link carries. Each kind names
    itself, the game and start option it is chosen in, and its editor's pages."""

    kind: ClassVar[str]         # as ``companion definitions`` names it
    game: ClassVar[str]         # the game whose start form chooses it …
    option: ClassVar[str]       # … in this field, as ``saved-TOKEN``
    editor: ClassVar[str]       # the endpoint opening it (``token``) or a copy (``copy``)
    remover: ClassVar[str]      # the endpoint deleting it (``token``)

    id: Mapped[int]
    name: Mapped[str]
    data: Mapped[dict[str, Any]]
    owner_hash: Mapped[str | None] = mapped_column(String(64), index=True)
    token: Mapped[str] = mapped_column(String(32), unique=True, index=True, default=new_token)

    @declared_attr.directive
    def __table_args__(cls) -> tuple[Any, ...]:
        return (UniqueConstraint("owner_hash", "name", name=f"uq_{cls.__tablename__}_owner_name"),)


D = TypeVar("D", bound=Owned)


def kinds() -> list[type[Owned]]:
    """Every kind of saved definition: the mapped models made of :class:`Owned` (each game's
    ``models``, loaded with its editor's blueprint)."""
    found = [mapper.class_ for mapper in db.Model.registry.mappers
             if issubclass(mapper.class_, Owned)]
    return sorted(found, key=lambda kind: kind.__tablename__)


# --- finding one ---------------------------------------------------------------------------------

def by_token(model: type[D], token: str | None) -> D | None:
    if not isinstance(token, str) or not TOKEN.fullmatch(token):
        return None
    return db.session.scalar(select(model).where(model.token == token))


def by_choice(model: type[D], choice: str | None) -> D | None:
    """The saved definition a start form's choice (``saved-TOKEN``) names: anyone's."""
    if not isinstance(choice, str) or not choice.startswith(SAVED):
        return None
    return by_token(model, choice.removeprefix(SAVED))


def found(model: type[D], token: str) -> D:
    """The definition with this token, else 404 in words."""
    record = by_token(model, token)
    if record is None:
        missing = NotFound()
        missing.sentence = lambda: gettext(  # type: ignore[attr-defined]
            "Nothing is saved at this link: it was deleted, or the link is not whole.")
        raise missing
    return record


def anywhere(token: str) -> Owned | None:
    """The definition of any kind with this token."""
    return next((record for kind in kinds() if (record := by_token(kind, token)) is not None),
                None)


# --- whose it is ---------------------------------------------------------------------------------

def mine(record: Owned) -> bool:
    return record.owner_hash is not None and record.owner_hash == browser(create=False)


def owner_only(record: Owned) -> None:
    """Refused (403, in words) unless this browser saved ``record``."""
    if mine(record):
        return
    refused = Forbidden()
    if record.owner_hash is None:
        refused.sentence = lambda: gettext(  # type: ignore[attr-defined]
            "%(name)s was saved before sheets and boards had owners: anyone may open and copy "
            "it, nobody may change or delete it.", name=record.name)
    else:
        refused.sentence = lambda: gettext(  # type: ignore[attr-defined]
            "Only the browser that saved %(name)s may change, rename or delete it. Copy it to "
            "have one of your own.", name=record.name)
    raise refused


def own(model: type[D]) -> list[D]:
    """This browser's saved definitions of this kind, by name."""
    owner = browser(create=False)
    if owner is None:
        return []
    return list(db.session.scalars(select(model).where(model.owner_hash == owner)
                                   .order_by(model.name)))


def offered(model: type[D], choice: str | None) -> list[D]:
    """The saved definitions a start form lists: this browser's own, and the one its choice (a
    shared link's) names, whoever saved it."""
    listed = own(model)
    linked = by_choice(model, choice)
    if linked is not None and all(record.id != linked.id for record in listed):
        listed.append(linked)
    return listed


# --- saving and deleting ---------------------------------------------------------------------------

def counted(owner: str | None = None) -> int:
    """Saved definitions of every kind: this owner's, or (None) everyone's."""
    total = 0
    with db.session.no_autoflush:
        for kind in kinds():
            query = select(func.count()).select_from(kind)
            if owner is not None:
                query = query.where(kind.owner_hash == owner)
            total += db.session.scalar(query) or 0
    return total


def refusal(record: Owned) -> str | None:
    """Why ``record`` may not be saved (too large; a new one past a bound), in words; None."""
    most = current_app.config["DEFINITION_MAX_BYTES"]
    if len(json.dumps(record.data, ensure_ascii=False).encode()) > most:
        return gettext("This is too large to save (at most %(kb)d kB).", kb=max(1, most // 1024))
    if record.id is not None:
        return None
    each, everyone = (current_app.config[name]
                      for name in ("DEFINITIONS_PER_BROWSER", "DEFINITIONS_MAX"))
    if counted(browser()) >= each:
        return gettext("This browser keeps %(max)d saved sheets and boards, the most it may: "
                       "delete one it no longer needs first.", max=each)
    if counted() >= everyone:
        return gettext("This server keeps %(max)d saved sheets and boards, the most it may; "
                       "none can be added until some are deleted.", max=everyone)
    return None


def store(record: Owned, errors: list[Any], name_errors: list[Any], duplicate: Any) -> bool:
    """Save ``record`` (a new one as this browser's) and True; else False, the reason added to
    ``errors``, or to ``name_errors`` a name holding a control character (every editor's name
    alike) or ``duplicate`` if this browser has one by that name (saved a moment ago, perhaps:
    the database's unique name per owner decides)."""
    if has_control(record.name):
        db.session.rollback()       # a saved one as it was
        name_errors.append(CONTROL_IN_NAME)
        return False
    reason = refusal(record)
    if reason is not None:
        db.session.rollback()       # a saved one as it was
        errors.append(reason)
        return False
    if record.id is None:
        record.owner_hash = browser()
    db.session.add(record)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        name_errors.append(duplicate)
        return False
    return True


def delete(record: Owned) -> None:
    owner_only(record)
    db.session.delete(record)
    db.session.commit()


def deleted(model: type[Owned], token: str, listing: str) -> Response:
    """An editor's delete: the definition with this token deleted by its owner (the form's
    CSRF token checked: 400 without it), then back to the ``listing`` endpoint."""
    record = found(model, token)
    if not FlaskForm().validate_on_submit():
        abort(400)
    delete(record)
    return redirect(url_for(listing), 303)


def copy_name(name: str) -> str:
    """A copy's name: "Ours (copy)", shortened to fit."""
    named = gettext("%(name)s (copy)", name=name)
    return named if len(named) <= MAX_NAME else \
        gettext("%(name)s (copy)", name=name[:MAX_NAME - (len(named) - len(name))].rstrip())


# --- its links -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Links:
    """What a definition's page offers: to its owner the link to share and deleting it, to
    anyone else copying it and starting a table with it."""

    record: Owned
    mine: bool
    ownerless: bool
    share: str
    copy: str
    start: str
    delete: str


def links(record: Owned) -> Links:
    path = url_for(record.editor, token=record.token)
    base = base_url(request.host_url, current_app.config.get("PUBLIC_BASE_URL"))
    return Links(record=record, mine=mine(record), ownerless=record.owner_hash is None,
                 share=base + path,
                 copy=url_for(record.editor, copy=SAVED + record.token),
                 start=start_link(record), delete=url_for(record.remover, token=record.token))


def start_link(record: Owned) -> str:
    """The start page with the game and this definition chosen."""
    return url_for("tables.home", game=record.game,
                   **{f"{options_prefix(record.game)}-{record.option}": SAVED + record.token})
