"""The ``companion`` command: serve the app, and score, check or import game records.

``score`` and ``check`` need no app and no database: they replay the record through the same
rules the web app uses, and load no Flask (a record loads its own game's rules only). Every
other command runs with the app :func:`companion.create_app` makes, as ``flask`` would, Flask
imported only then; the commands Flask extensions add (Flask-Limiter's ``limiter``,
Flask-Migrate's ``db``) are offered the same way.
"""
from __future__ import annotations

import functools
import json
import os
import shlex
import sys
from pathlib import Path
from typing import Any, Callable, IO

import click

from . import create_app, data_folder, record

RULES_ONLY = {"score", "check"}         # the commands that replay records without the app


class Companion(click.Group):
    """Our commands, then what ``flask`` would offer (the commands installed Flask extensions
    and the app add, e.g. Flask-Migrate's ``db``). Every command but ``score`` and ``check`` gets
    the app from :func:`companion.create_app`; Flask is imported only for those."""

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in RULES_ONLY:
            return super().get_command(ctx, name)
        flask = flask_commands(ctx)
        return super().get_command(ctx, name) or flask.get_command(ctx, name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *flask_commands(ctx).list_commands(ctx)})


def flask_commands(ctx: click.Context) -> click.Group:
    """A ``FlaskGroup`` for the commands Flask finds, the app made by :func:`create_app` (also
    for our commands marked ``with_appcontext``)."""
    from flask.cli import ScriptInfo

    if ctx.obj is None:                 # a test's runner may bring its own app
        ctx.obj = ScriptInfo(create_app=lambda: create_app(), load_dotenv_defaults=False)
    return _flask_group()


@functools.cache
def _flask_group() -> click.Group:
    from flask.cli import FlaskGroup
    return FlaskGroup(create_app=lambda: create_app(), add_default_commands=False,
                      load_dotenv=False)


def with_appcontext(command: Callable[..., Any]) -> Callable[..., Any]:
    """``flask.cli.with_appcontext``, Flask imported when the command runs."""
    @functools.wraps(command)
    def in_app_context(*args: Any, **kwargs: Any) -> Any:
        from flask.cli import with_appcontext as flask_with_appcontext
        return flask_with_appcontext(command)(*args, **kwargs)
    return in_app_context


class _CurrentApp:
    """``flask.current_app`` for the commands below, Flask imported on first use."""

    def __getattr__(self, name: str) -> Any:
        from flask import current_app as app
        return getattr(app, name)


current_app: Any = _CurrentApp()


def use_instance(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--instance PATH``: the data folder for what follows (as ``COMPANION_INSTANCE``, which
    the server's workers inherit), taken before the app is made."""
    if value:
        os.environ["COMPANION_INSTANCE"] = str(Path(value).expanduser().absolute())
    return value


INSTANCE = click.option("--instance", metavar="PATH", callback=use_instance, is_eager=True,
                        expose_value=False,
                        help="The data folder (default: COMPANION_INSTANCE; else instance/ in a "
                             "source checkout; else the user's data folder).")


def serving(command: Callable[..., Any]) -> Callable[..., Any]:
    """How a server serves: ``run``'s options, which ``service`` writes into its unit."""
    for option in reversed((
            click.option("--host", default="0.0.0.0", show_default=True,
                         help="Address to listen on (0.0.0.0: every network of this machine)."),
            click.option("--port", default=5000, show_default=True, type=int),
            click.option("--workers", default=None, type=click.IntRange(min=1),
                         help="Server processes (default: one per core)."),
            INSTANCE)):
        command = option(command)
    return command


@click.group(cls=Companion)
@INSTANCE
def cli() -> None:
    """Table Companion: the scorekeeper beside your board game."""


def read_record(source: IO[bytes]) -> Any:
    """The record's JSON, read from its bytes as ``import`` and the web read them."""
    try:
        return record.parse(source.read(record.MAX_BYTES + 1))
    except record.NotJSON as error:
        fail(f"not valid JSON: {error.reason}")
    except record.RecordError as error:
        fail(str(error))


def fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


def replayed(source: IO[bytes]) -> record.Replay:
    try:
        return record.load(read_record(source))
    except record.RecordError as error:
        fail(str(error))
        raise  # unreachable


@cli.command("score")
@click.argument("source", type=click.File("rb"))
def score(source: IO[bytes]) -> None:
    """Print the result of a game record (a file, or - for standard input)."""
    click.echo(json.dumps(replayed(source).result(), ensure_ascii=False, indent=2))


@cli.command("check")
@click.argument("source", type=click.File("rb"))
def check(source: IO[bytes]) -> None:
    """Validate a game record: prints "ok" or the first illegal event."""
    replayed(source)
    click.echo("ok")


@cli.command("init-db")
@with_appcontext
def init_db() -> None:
    """Bring the database to the newest schema (the same as companion db upgrade)."""
    from .extensions import db
    from .schema import upgrade

    upgrade()
    click.echo(f"database ready: {db.engine.url.render_as_string(hide_password=True)}")


@cli.command("import")
@click.argument("source", type=click.File("rb"))
@with_appcontext
def import_record(source: IO[bytes]) -> None:
    """Open a new table from a game record (or a play's zip: its record with its photos and
    notes); prints its code last."""
    from .schema import upgrade
    from .tables import service

    from . import plays
    from .errors import RuleError
    from .tables.play_import import play_of

    # read, checked and replayed as the web import does (record.checked): the same verdict,
    # said as the record contract says it (error: event N (type): reason); a play's zip (its
    # record, photos and notes) alike
    most = current_app.config["PLAY_BODY_BYTES"]
    data = source.read(most + 1)
    photos, notes = [], []
    try:
        if plays.is_zip(data):
            play = play_of(data, most, current_app.config["PHOTOS_PER_TABLE"])
            work, photos, notes = play.work, play.photos, play.notes
        else:
            work = record.checked(data[:record.MAX_BYTES + 1])
            if "refused" in work:
                raise record.refusal(work["refused"])
    except record.NotJSON as error:
        fail(f"not valid JSON: {error.reason}")
    except (record.RecordError, RuleError) as error:
        fail(str(error))
    upgrade(quiet=True)
    table, _host = service.create_checked(work, with_host=False, photos=photos, notes=notes)
    click.echo(f"imported {table.version} events; open /t/{table.code} and make it the host "
               f"screen (or run companion host {table.code} for a host link)")
    click.echo(table.code)


@cli.command("host")
@click.argument("code")
@click.option("--base", default=None, help="The address phones use (default: PUBLIC_BASE_URL, "
              "else this machine's network address on port 5000).")
@with_appcontext
def host(code: str, base: str | None) -> None:
    """Print a one-time link that makes the screen opening it the table's host (it replaces
    the old host screen at once)."""
    from .schema import upgrade
    from .tables import service
    from .addresses import lan_address

    upgrade(quiet=True)
    table = service.find(code)
    if table is None:
        fail(f"no table has the code {code!r}")
    base = base or current_app.config.get("PUBLIC_BASE_URL") or \
        f"http://{lan_address() or '127.0.0.1'}:5000"
    token = service.claim_link(table)
    click.echo(f"open this once on the new host screen (the old one is no longer the host):")
    click.echo(f"{base.rstrip('/')}/t/{table.code}/claim/{token}")


@cli.group("definitions")
def definitions() -> None:
    """The sheets and boards saved with the editors: those saved before they had owners belong
    to nobody, and only the server's keeper lists and deletes them."""


@definitions.command("list")
@click.option("--all", "everyone", is_flag=True,
              help="Every saved sheet and board, the browsers' own too (not only nobody's).")
@with_appcontext
def list_definitions(everyone: bool) -> None:
    """Print the sheets and boards saved before they had owners (token, kind, name, link)."""
    from flask import url_for
    from sqlalchemy import select

    from .extensions import db
    from .games.definitions import kinds
    from .schema import upgrade

    upgrade(quiet=True)
    with current_app.test_request_context():
        for kind in kinds():
            query = select(kind).order_by(kind.name)
            if not everyone:
                query = query.where(kind.owner_hash.is_(None))
            for record in db.session.scalars(query):
                owner = "nobody" if record.owner_hash is None else "a browser"
                click.echo("\t".join((record.token, kind.kind, record.name, owner,
                                      url_for(kind.editor, token=record.token))))


@definitions.command("delete", context_settings={"ignore_unknown_options": True})
@click.argument("token")     # a token made before it could not start with "-" is still one
@with_appcontext
def delete_definition(token: str) -> None:
    """Delete the saved sheet or board with this token (tables already played keep their own
    copy)."""
    from .extensions import db
    from .games.definitions import anywhere
    from .schema import upgrade

    upgrade(quiet=True)
    record = anywhere(token)
    if record is None:
        fail(f"no saved sheet or board has the token {token!r} "
             "(companion definitions list --all shows them)")
    said = f"deleted the {record.kind} {record.name!r}"
    db.session.delete(record)
    db.session.commit()
    click.echo(said)


@cli.command("backup")
@click.argument("target", type=click.Path(dir_okay=False))
@click.option("--force", is_flag=True, help="Replace the file if it exists.")
@with_appcontext
def backup(target: str, force: bool) -> None:
    """Write the database (a consistent copy, safe while servers run), the secret key and the
    schema's revision to one file, readable by its owner only (companion restore reads it)."""
    from pathlib import Path

    from . import backup as backups
    from .extensions import db

    key = current_app.config["SECRET_KEY"]
    try:
        database = backups.sqlite_file(db.engine.url.get_backend_name(), db.engine.url.database,
                                       backups.key_place(Path(current_app.instance_path), key))
        made = backups.make(database, key, Path(target), force)
    except backups.Refused as refusal:
        fail(str(refusal))
    click.echo(f"wrote {target}: {backups.counted(made.tables)}, schema revision "
               f"{made.revision or 'none'}, and the secret key (keep the file private)")


@cli.command("restore")
@click.argument("source", type=click.Path(dir_okay=False))
@click.option("--replace", is_flag=True,
              help="Replace a database that holds game tables (they are lost).")
@with_appcontext
def restore(source: str, replace: bool) -> None:
    """Put a backup made by companion backup back as this installation's database and secret
    key, and bring its schema up to date; refused while a server runs on the instance folder."""
    from pathlib import Path

    from . import backup as backups, instance_lock
    from .extensions import db
    from .schema import known, upgrade

    instance = Path(current_app.instance_path)
    key = current_app.config["SECRET_KEY"]
    place = backups.key_place(instance, key)
    try:
        database = backups.sqlite_file(db.engine.url.get_backend_name(), db.engine.url.database,
                                       place)
        opened = backups.Backup(Path(source))
    except backups.Refused as refusal:
        fail(str(refusal))
    try:
        made = opened.contents
        if not known(made.revision):
            raise backups.Refused(f"{source} was made by a newer Table Companion (schema "
                                  f"revision {made.revision}): update this one first")
        with instance_lock.alone(instance):
            present = backups.tables_in(database)
            if present and not replace:
                raise backups.Refused(
                    f"{database} holds {backups.counted(present)}: add --replace to replace "
                    f"them with the backup's {made.tables} (they are lost)")
            db.engine.dispose()
            backups.put_back(opened, database, instance / "secret_key")
            db.engine.dispose()
            upgrade(quiet=True)
            revision = backups.facts(database)[0]
    except instance_lock.Held as held:
        fail(f"a server is running on {instance} (it holds {held}): stop it, then restore")
    except backups.Refused as refusal:
        fail(str(refusal))
    finally:
        opened.close()
    click.echo(f"restored {backups.counted(made.tables)} from {source} (made {made.made}) into "
               f"{database}, schema revision {revision or 'none'}, and the secret key into "
               f"{instance / 'secret_key'}")
    if place != str(instance / "secret_key"):
        click.echo(f"note: this server signs with the key in {place}, not the restored one: "
                   "remove that setting to use it")


@cli.command("run")
@serving
@with_appcontext
def run(host: str, port: int, workers: int | None) -> None:
    """Serve the app for the phones at the table (gunicorn, gevent workers)."""
    from .schema import upgrade
    from .serve import exec_server
    from .addresses import lan_address
    from .tables.links import announcement, qr_terminal

    upgrade(quiet=True)
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    address, lines = announcement(host, port, app.config.get("PUBLIC_BASE_URL"), lan_address())
    if address:
        click.echo(qr_terminal(address))        # the same address as the line below
    click.echo("\n".join(lines))
    click.echo(f"Data in {app.instance_path}")
    # a server runs on this data folder (companion restore waits for none): the lock is held by
    # gunicorn, which this process becomes, and its workers, until the last of them ends
    from . import instance_lock
    instance_lock.hold(Path(app.instance_path))
    exec_server(host, port, workers)


UNIT = """\
[Unit]
Description=Table Companion: the scorekeeper beside your board game
After=network-online.target
Wants=network-online.target

[Service]
ExecStart={command}
Environment="COMPANION_INSTANCE={instance}"
Restart=on-failure
{user}
[Install]
WantedBy={wanted}
"""


@cli.command("service")
@click.option("--system", "system_wide", is_flag=True,
              help="A system-wide unit (/etc/systemd/system), run as this user; default: a "
                   "user unit (~/.config/systemd/user).")
@serving
def service(system_wide: bool, host: str, port: int, workers: int | None) -> None:
    """Print a systemd unit that serves this installation (its command, data folder and
    address filled in)."""
    import getpass

    command = [sys.executable, "-m", "companion.cli", "run", "--host", host, "--port", str(port)]
    if workers:
        command += ["--workers", str(workers)]
    user = f"User={getpass.getuser()}\n" if system_wide else ""
    click.echo(UNIT.format(command=shlex.join(command), instance=data_folder(), user=user,
                           wanted="multi-user.target" if system_wide else "default.target"),
               nl=False)


if __name__ == "__main__":
    cli()
