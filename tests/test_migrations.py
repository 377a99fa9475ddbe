"""The schema is its migrations: they make exactly the models' tables (on SQLite and, with
--db=postgresql, on PostgreSQL), `companion db upgrade` prepares an empty database, and a
SQLite file made before the app had migrations is upgraded in place with its games intact."""
from __future__ import annotations

import json
import os
import sqlite3
import subprocess
from contextlib import closing
from datetime import datetime
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from companion import record
from companion.extensions import db
from companion.schema import MIGRATIONS
from tests import databases
from tests.support import ROOT, companion_command, make_app, take_seat, enter, untimed

pytestmark = [pytest.mark.database, pytest.mark.storage("the schema's migrations")]

BEFORE = ROOT / "tests" / "data" / "made-before-migrations.sql"
HEAD = ScriptDirectory(str(MIGRATIONS)).get_current_head()
FIRST = ScriptDirectory(str(MIGRATIONS)).get_base()


def companion(*args: str, instance: Path, url: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "COMPANION_INSTANCE": str(instance)}
    if url:
        env["DATABASE_URL"] = url
    return subprocess.run([companion_command(), *args], capture_output=True, text=True, env=env,
                          stdin=subprocess.DEVNULL, timeout=120)


def differences(app) -> list:
    """What Alembic's autogenerate finds between the models and the app's database."""
    from companion.games.calcada import models as _calcada  # noqa: F401  (every model)
    from companion.games.doodle_city import models as _doodle_city  # noqa: F401
    from companion.games.score_pad import models as _score_pad  # noqa: F401

    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        return compare_metadata(context, db.metadata)


def revision(app) -> tuple[str, ...]:
    with app.app_context(), db.engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_heads()


def test_the_migrations_make_exactly_the_models_tables(app):
    assert revision(app) == (HEAD,)
    assert differences(app) == []


def test_a_missing_index_is_a_difference(app):
    """The comparison above can fail: an index the models have and the database lacks."""
    from sqlalchemy import text

    with app.app_context():
        db.session.execute(text("DROP INDEX ix_events_table_id"))
        db.session.commit()
    assert [(d[0], d[1].name) for d in differences(app)] == [("add_index", "ix_events_table_id")]


def test_upgrade_prepares_an_empty_database_and_init_db_is_the_same(tmp_path):
    url = databases.empty_url(tmp_path / "empty")
    out = companion("db", "upgrade", instance=tmp_path / "instance", url=url)
    assert out.returncode == 0, out.stderr
    assert f"-> {FIRST}" in out.stderr
    app = make_app(tmp_path, SQLALCHEMY_DATABASE_URI=url)
    assert revision(app) == (HEAD,)
    assert differences(app) == []
    again = companion("init-db", instance=tmp_path / "instance", url=url)
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith("database ready: ") and "Running upgrade" not in again.stderr
    check = companion("db", "check", instance=tmp_path / "instance", url=url)
    assert check.returncode == 0 and "No new upgrade operations detected" in check.stdout


def test_servers_starting_at_once_migrate_one_database_once(tmp_path):
    """Several servers upgrading one database together take turns (on PostgreSQL an advisory
    lock; on SQLite the file's write lock orders the steps)."""
    if databases.current.name == "sqlite":
        pytest.skip("one server per SQLite file: servers share a PostgreSQL database")
    url = databases.empty_url(tmp_path / "shared")
    env = {**os.environ, "COMPANION_INSTANCE": str(tmp_path / "instance"), "DATABASE_URL": url}
    upgrades = [subprocess.Popen([companion_command(), "db", "upgrade"], env=env, text=True,
                                 stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE) for _ in range(3)]
    results = [(u.wait(120), u.communicate()[1]) for u in upgrades]
    assert [code for code, _err in results] == [0, 0, 0], results
    assert sum(f"-> {FIRST}" in err for _code, err in results) == 1
    app = make_app(tmp_path, SQLALCHEMY_DATABASE_URI=url)
    assert revision(app) == (HEAD,)


def rows(path: Path) -> dict[str, list[tuple]]:
    with closing(sqlite3.connect(path)) as connection:
        return {name: connection.execute(f"SELECT * FROM {name} ORDER BY id").fetchall()
                for name in ("tables", "seats", "events")}


@pytest.mark.sqlite_only("a SQLite file made before the app had migrations")
def test_a_database_made_before_migrations_is_upgraded_in_place(tmp_path):
    instance = tmp_path / "instance"
    instance.mkdir()
    path = instance / "companion.sqlite"       # the default place, as ./run.sh keeps it
    with closing(sqlite3.connect(path)) as connection:
        connection.executescript(BEFORE.read_text())
        # the second table was finished before its result was stored with it
        connection.execute("""INSERT INTO events VALUES(9, 2, 2, '{"type": "end"}', 'host', NULL,
                              '2026-11-23 16:49:00.000000')""")
        connection.commit()
    before = rows(path)
    assert len(before["tables"]) == 2 and len(before["events"]) == 9

    out = companion("db", "upgrade", instance=instance)
    assert out.returncode == 0, out.stderr
    assert f"stamping them at {FIRST}" in out.stderr
    after = rows(path)
    assert {k: v for k, v in after.items() if k != "tables"} == \
        {k: v for k, v in before.items() if k != "tables"}
    # every table as it was, with the result of the finished one filled in from its log (and no
    # rematch started from it, no time it was started kept: its export reads created_at, and
    # the host screen alone pausing its clock)
    assert [row[:-4] for row in after["tables"]] == before["tables"]
    assert [row[-3:] for row in after["tables"]] == [(None, None, 0), (None, None, 0)]
    results = [json.loads(row[-4]) if row[-4] else None for row in after["tables"]]
    assert results[0] is None
    assert results[1]["finished"] is True and results[1]["winners"] == ["Endre"]
    with closing(sqlite3.connect(path)) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]

    app = make_app(tmp_path, SQLALCHEMY_DATABASE_URI=f"sqlite:///{path}")
    assert revision(app) == (HEAD,)
    assert differences(app) == []
    (table_id, code, *_rest), _second = before["tables"]
    logged = [json.loads(data) for _id, table, _seq, data, *_rest in before["events"]
              if table == table_id]
    client = app.test_client()
    exported = client.get(f"/t/{code}/record.json").get_json()
    assert untimed(exported["events"]) == logged
    # made before tables kept their times: exported with the times the database kept, in order
    created = datetime.fromisoformat(before["tables"][0][4])
    assert exported["started"] == record.written_time(created)
    moments = [record.time_ms(exported["started"])] + [record.time_ms(e["at"])
                                                        for e in exported["events"]]
    assert None not in moments and moments == sorted(moments)
    page = client.get(f"/t/{code}")
    assert page.status_code == 200
    for player in record.load(exported).result()["players"]:
        assert player["name"] in page.get_data(as_text=True)
        assert f'<td class="num total">{player["total"]}</td>' in page.get_data(as_text=True)

    phone = app.test_client()                  # the free seat, taken after the upgrade
    take_seat(phone, code, 2)
    assert enter(phone, code, 1, 4).status_code == 303
    assert untimed(client.get(f"/t/{code}/record.json").get_json()["events"])[-1] == \
        {"type": "points", "player": "Csilla", "round": 1, "points": 4}

    again = companion("db", "upgrade", instance=instance)
    assert again.returncode == 0 and "stamping" not in again.stderr
    assert "Running upgrade" not in again.stderr


def test_sheets_and_boards_saved_before_owners_get_a_link_each_and_no_owner(tmp_path):
    """Upgraded from the revision before owners: each saved row keeps its name and data, gains a
    fresh random token (its link) and no owner; anyone opens it by its link, nobody changes it."""
    from sqlalchemy import create_engine, text

    url = databases.empty_url(tmp_path / "before-owners")
    before = companion("db", "upgrade", "b71d3e5a2c08", instance=tmp_path / "instance", url=url)
    assert before.returncode == 0, before.stderr
    sheet = {"name": "Old", "categories": [{"id": "a", "name": "A"}], "rounds": True}
    engine = create_engine(make_app(tmp_path, SQLALCHEMY_DATABASE_URI=url)
                           .config["SQLALCHEMY_DATABASE_URI"])
    tables = ("score_sheets", "doodle_city_sheets", "calcada_boards", "calcada_scoring_boards")
    with engine.begin() as connection:
        for table in tables:
            extra = ", lowest_wins" if table == "score_sheets" else ""
            for name in ("Old", "Older"):
                connection.execute(text(
                    f"INSERT INTO {table} (name, data, updated_at{extra}) VALUES (:name, :data, "
                    f"'2026-12-01 10:00:00'{', false' if extra else ''})"),
                    {"name": name, "data": json.dumps(sheet)})
    engine.dispose()

    out = companion("db", "upgrade", instance=tmp_path / "instance", url=url)
    assert out.returncode == 0, out.stderr
    app = make_app(tmp_path, SQLALCHEMY_DATABASE_URI=url)
    assert revision(app) == (HEAD,)
    assert differences(app) == []
    tokens = []
    with app.app_context():
        for table in tables:
            rows = db.session.execute(text(f"SELECT name, owner_hash, token FROM {table} "
                                           "ORDER BY id")).all()
            assert [(name, owner) for name, owner, _token in rows] == [("Old", None), ("Older", None)]
            tokens += [token for _name, _owner, token in rows]
    assert len(set(tokens)) == 8 and all(len(token) == 22 for token in tokens)
    client = app.test_client()
    opened = client.get(f"/games/score-pad/sheets/{tokens[0]}")
    assert opened.status_code == 200 and 'value="Old"' in opened.get_data(as_text=True)
    assert client.post(f"/games/score-pad/sheets/{tokens[0]}/delete").status_code == 403
