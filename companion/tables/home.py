"""The home page: a new table, an imported record, a table's code, the language."""
from __future__ import annotations

import json
import re
from typing import Any

from flask import current_app, redirect, render_template, request, url_for
from flask_babel import get_locale, gettext

from .. import plays, record
from ..bounds import body_limit
from ..errors import RuleError
from ..games import GAMES
from ..games.base import options_prefix
from ..processes import in_a_process
from ..record import RecordError
from ..sqlite import cooperative
from ..words import explain
from . import bp, service
from .forms import ImportForm, JoinCodeForm, LanguageForm, NewTableForm
from .play_import import Imported, play_of
from .identity import cookie_codes, host_redirect, is_host, my_seat


def option_forms(formdata: Any = None) -> dict[str, Any]:
    forms = {}
    for name, game in GAMES.items():
        if game.screens.options_form:
            forms[name] = game.screens.options_form(formdata=formdata, prefix=options_prefix(name))
            game.screens.prepare_options_form(forms[name])
    return forms


def render_home(new: NewTableForm, upload: ImportForm, options: dict[str, Any], status: int = 200):
    tables = []
    for table in service.with_codes(cookie_codes(), current_app.config["RECENT_TABLES"]):
        if is_host(table):
            url = url_for("tables.host", code=table.code)
        elif my_seat(table):
            url = url_for("tables.phone", code=table.code)
        else:
            continue        # a stale or forged cookie: never another table's code
        game = GAMES[table.game]
        if table.result is not None:        # finished: the result stored with its end
            winners, finished = table.result["winners"], True
        elif game.screens.leaders_on_home and table.version:
            replay = service.replay_of(table)
            winners, finished = replay.result()["winners"] if replay.events else [], False
        else:
            winners, finished = [], False
        tables.append({"table": table, "url": url, "game": game, "finished": finished,
                       "winners": winners})
    return render_template("tables/home.html", new=new, upload=upload, options=options,
                           tables=tables, join=JoinCodeForm(formdata=None)), status


@bp.get("/")
def home():
    # a shared sheet's or board's link names its game and chooses it among the options
    # (/?game=score-pad&opt-score-pad-sheet=saved-TOKEN)
    linked = request.args if request.args.get("game") in GAMES else None
    new = NewTableForm(formdata=None, game=linked.get("game") if linked else None)
    return render_home(new, ImportForm(formdata=None), option_forms(linked))


@bp.post("/")
def create():
    new = NewTableForm()
    options = option_forms(request.form)
    if new.validate():
        game = GAMES[new.game.data]
        opts_form = options.get(game.name)
        if opts_form is None or opts_form.validate():
            opts = game.screens.options_from_form(opts_form, new.names()) if opts_form else {}
            clock = new.clock_option() if game.rules.keeps_turns else None
            if clock is not None:
                opts = {**opts, "clock": clock}
            try:
                table, host_secret = service.create(game.name, opts, new.names(),
                                                    game.rules.setup_events(opts, new.names()),
                                                    seats_pause=new.seats_pause.data)
            except RecordError as error:
                new.form_errors.append(explain(error, game.rules))
            else:
                return host_redirect(table, host_secret)
    return render_home(new, ImportForm(formdata=None), options, 422)


@bp.get("/import")
def import_page():
    return redirect(url_for("tables.home"))


def play_too_large() -> str:
    return gettext("That file is too large: a game record is at most 512 kB, a play's zip "
                   "%(mb)d MB.", mb=current_app.config["PLAY_BODY_BYTES"] // (1024 * 1024))


@bp.post("/import")
@body_limit("PLAY_BODY_BYTES", play_too_large)
def import_record():
    """A new table from a game record, or from a play's zip (its record, photos and notes)."""
    upload = ImportForm()
    if upload.validate():
        try:
            data = upload.record.data.stream.read(current_app.config["PLAY_BODY_BYTES"] + 1)
            if plays.is_zip(data):
                play = play_of(data, current_app.config["PLAY_BODY_BYTES"],
                               current_app.config["PHOTOS_PER_TABLE"], checked)
            elif len(data) > record.MAX_BYTES:      # its size named, not the part read
                raise record.too_large(len(data))
            else:
                play = Imported(checked(data))
                if "refused" in play.work:
                    raise record.refusal(play.work["refused"])
            table, host_secret = service.create_checked(play.work, photos=play.photos,
                                                        notes=play.notes)
        except record.NotJSON as error:     # why precisely, as `companion import` says it
            upload.record.errors.append(gettext("Not valid JSON: %(reason)s",
                                                reason=explain(error.reason)))
        except RecordError as error:
            upload.record.errors.append(refusal_words(error))
        except RuleError as error:          # the zip around a play's record, its photos
            upload.record.errors.append(explain(error))
        else:
            return host_redirect(table, host_secret)
    return render_home(NewTableForm(formdata=None), upload, option_forms(), 422)


def refusal_words(error: RecordError) -> str:
    """An imported record's refusal, in English the very words of ``companion import`` (the
    ids as the record writes them); another language names the ids with the game's labels
    (:func:`record.refusal` names the record's game, if any). The event's type is always
    written as in the record."""
    english = get_locale() is None or get_locale().language == "en"
    game = None if english else GAMES.get(error.data["game"] or "")
    return explain(error, game.rules if game else None)


CHECK = "from companion.record import check_stdin; check_stdin()"


def checked(text: bytes) -> dict[str, Any]:
    """The record read, checked and replayed (:func:`record.checked`): the largest takes
    seconds, so where gevent serves (or ``IMPORT_IN_A_PROCESS``) in a process of its own, on the
    other core, while this worker serves its other requests."""
    if current_app.config.get("IMPORT_IN_A_PROCESS", cooperative()):
        return json.loads(in_a_process(CHECK, text))
    return record.checked(text)


@bp.get("/go")
def go():
    form = JoinCodeForm(request.args)
    if form.validate() and service.find(form.code.data):
        return redirect(url_for("tables.join", code=service.normal_code(form.code.data)))
    form.code.errors = [gettext("No table has that code. Check the code on the host screen.")]
    return render_template("tables/go.html", join=form), 404


# a path on this site: one slash, then no slash, backslash, space or control character
SAME_SITE_PATH = re.compile(r"/(?![/\\])[^\x00-\x20\\]*")


@bp.post("/lang")
def language():
    form = LanguageForm()
    target = form.next.data if SAME_SITE_PATH.fullmatch(form.next.data or "") \
        else url_for("tables.home")
    response = redirect(target, 303)
    if form.validate() and form.lang.data in ("en", "hu"):
        response.set_cookie("lang", form.lang.data, max_age=365 * 86400, samesite="Lax")
    return response
