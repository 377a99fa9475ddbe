"""The ``companion`` command: serve the app, and score, check or import game records.

``score`` and ``check`` need no app and no database: they replay the record through the same
rules the web app uses.
"""
from __future__ import annotations

import json
import sys
from typing import Any, IO

import click
from flask import current_app
from flask.cli import FlaskGroup, with_appcontext

from . import create_app, record


@click.group(cls=FlaskGroup, create_app=lambda: create_app(), add_default_commands=False,
             load_dotenv=False)
def cli() -> None:
    """Table Companion: the scorekeeper beside your board game."""


def read_record(source: IO[str]) -> Any:
    try:
        text = source.read(record.MAX_BYTES + 1)
        return record.parse(text)
    except (UnicodeDecodeError, record.NotJSON) as error:
        fail(f"not valid JSON: {error}")
    except record.RecordError as error:
        fail(str(error))


def fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


def replayed(source: IO[str]) -> record.Replay:
    try:
        return record.load(read_record(source))
    except record.RecordError as error:
        fail(str(error))
        raise  # unreachable


@cli.command("score", with_appcontext=False)
@click.argument("source", type=click.File("r", encoding="utf-8"))
def score(source: IO[str]) -> None:
    """Print the result of a game record (a file, or - for standard input)."""
    click.echo(json.dumps(replayed(source).result(), ensure_ascii=False, indent=2))


@cli.command("check", with_appcontext=False)
@click.argument("source", type=click.File("r", encoding="utf-8"))
def check(source: IO[str]) -> None:
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
@click.argument("source", type=click.File("r", encoding="utf-8"))
@with_appcontext
def import_record(source: IO[str]) -> None:
    """Open a new table from a game record; prints its code last."""
    from .schema import upgrade
    from .tables import service

    data = read_record(source)
    try:
        replay = record.load(data)
        upgrade(quiet=True)
        table, _host = service.create(replay.game.name, data.get("options", {}), replay.players,
                                      replay.events, with_host=False)
    except record.RecordError as error:
        fail(str(error))
    click.echo(f"imported {len(replay.events)} events; open /t/{table.code} and make it the host "
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
    from .tables.links import lan_address

    upgrade(quiet=True)
    table = service.find(code)
    if table is None:
        fail(f"no table has the code {code!r}")
    base = base or current_app.config.get("PUBLIC_BASE_URL") or \
        f"http://{lan_address() or '127.0.0.1'}:5000"
    token = service.claim_link(table)
    click.echo(f"open this once on the new host screen (the old one is no longer the host):")
    click.echo(f"{base.rstrip('/')}/t/{table.code}/claim/{token}")


@cli.command("run")
@click.option("--host", default="0.0.0.0", show_default=True,
              help="Address to listen on (0.0.0.0: every network of this machine).")
@click.option("--port", default=5000, show_default=True, type=int)
@click.option("--threads", default=8, show_default=True, type=int)
@with_appcontext
def run(host: str, port: int, threads: int) -> None:
    """Serve the app for the phones at the table (waitress)."""
    from waitress import serve

    from .schema import upgrade
    from .tables.links import announcement, lan_address, qr_terminal

    upgrade(quiet=True)
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    address, lines = announcement(host, port, app.config.get("PUBLIC_BASE_URL"), lan_address())
    if address:
        click.echo(qr_terminal(address))        # the same address as the line below
    click.echo("\n".join(lines))
    serve(app, host=host, port=port, threads=threads, ident="table-companion")


if __name__ == "__main__":
    cli()
