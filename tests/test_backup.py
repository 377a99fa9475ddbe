"""companion backup and restore: one private file holding the SQLite database, the secret key
and the schema's revision, put back into an installation's instance folder; refused in words
while a server runs there, over game tables without --replace, for a file that is no whole
backup, and on PostgreSQL."""
from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
import time
import zipfile
from contextlib import closing
from pathlib import Path

import pytest

from companion import backup as backups, instance_lock
from companion.cli import cli
from tests import databases
from tests.support import enter, make_app, start_table

pytestmark = [pytest.mark.database,
              pytest.mark.sqlite_only("a backup copies the SQLite file, PostgreSQL's pg_dump")]

ROWS = ("tables", "seats", "events")


def installation(folder: Path, monkeypatch, migrated: bool = True):
    """An app as an installation runs it: its database and its own secret key (written by the
    app) in its instance folder; without ``migrated``, nothing there yet."""
    instance = folder / "instance"
    monkeypatch.setenv("COMPANION_INSTANCE", str(instance))
    url = databases.url(instance) if migrated else f"sqlite:///{instance / 'companion.sqlite'}"
    return make_app(folder, SECRET_KEY=None, SQLALCHEMY_DATABASE_URI=url)


def played(app, games: int) -> list[str]:
    """``games`` tables started through the app, points entered at each."""
    client = app.test_client()
    codes = []
    for number in range(games):
        code = start_table(client, players=("Anna", "Bence"))
        for player, points in (("Anna", 3 + number), ("Bence", 5)):
            response = enter(client, code, 1, points, screen="host", **{"points-player": player})
            assert response.status_code < 400
        codes.append(code)
    return codes


def database_of(app) -> Path:
    return Path(app.instance_path) / "companion.sqlite"


def rows(app) -> dict[str, list[tuple]]:
    with closing(sqlite3.connect(database_of(app))) as connection:
        return {name: connection.execute(f"SELECT * FROM {name} ORDER BY id").fetchall()
                for name in ROWS}


def key_of(app) -> str:
    return (Path(app.instance_path) / "secret_key").read_text().strip()


def invoke(app, *args: str):
    return app.test_cli_runner().invoke(cli, list(args))


def backed_up(app, folder: Path) -> Path:
    target = folder / "night.companion-backup"
    out = invoke(app, "backup", str(target))
    assert out.exit_code == 0, out.output
    return target


def test_a_backup_restored_into_an_empty_instance_is_the_same_installation(tmp_path, monkeypatch):
    source = installation(tmp_path / "old", monkeypatch)
    codes = played(source, 2)
    target = tmp_path / "night.companion-backup"
    out = invoke(source, "backup", str(target))
    assert out.exit_code == 0, out.output
    revision, tables = backups.facts(database_of(source))
    assert tables == 2 and revision
    assert out.output == (f"wrote {target}: 2 game tables, schema revision {revision}, and the "
                          "secret key (keep the file private)\n")
    assert target.stat().st_mode & 0o777 == 0o600
    with zipfile.ZipFile(target) as archive:
        assert sorted(archive.namelist()) == ["companion.sqlite", "manifest.json", "secret_key"]
        manifest = json.loads(archive.read("manifest.json"))
    assert {k: manifest[k] for k in ("format", "version", "revision", "tables")} == {
        "format": "table-companion-backup", "version": 1, "revision": revision, "tables": 2}
    assert manifest["made"].endswith("Z")

    fresh = installation(tmp_path / "new", monkeypatch, migrated=False)
    assert key_of(fresh) != key_of(source)
    out = invoke(fresh, "restore", str(target))
    assert out.exit_code == 0, out.output
    assert out.output.startswith(f"restored 2 game tables from {target} (made {manifest['made']})")
    assert rows(fresh) == rows(source) and len(rows(fresh)["events"]) >= 2
    assert key_of(fresh) == key_of(source)
    assert (Path(fresh.instance_path) / "secret_key").stat().st_mode & 0o777 == 0o600
    assert backups.facts(database_of(fresh)) == (revision, 2)
    page = fresh.test_client().get(f"/t/{codes[0]}")
    assert page.status_code == 200 and "Anna" in page.get_data(as_text=True)


def test_restore_replaces_game_tables_only_when_told(tmp_path, monkeypatch):
    source = installation(tmp_path / "old", monkeypatch)
    played(source, 2)
    target = backed_up(source, tmp_path)
    other = installation(tmp_path / "other", monkeypatch)
    played(other, 1)            # served: its write-ahead log is beside it
    before = rows(other)
    out = invoke(other, "restore", str(target))
    assert out.exit_code == 2
    assert out.stderr.strip() == (f"error: {database_of(other)} holds 1 game table: add "
                                  "--replace to replace them with the backup's 2 (they are lost)")
    assert rows(other) == before and key_of(other) != key_of(source)
    out = invoke(other, "restore", "--replace", str(target))
    assert out.exit_code == 0, out.output
    assert rows(other) == rows(source) and key_of(other) == key_of(source)
    assert sorted(p.name for p in Path(other.instance_path).iterdir()
                  if p.name.startswith(".")) == []          # nothing staged is left behind


def rewritten(backup: Path, folder: Path, name: str, **members: bytes | None) -> Path:
    """A copy of ``backup`` with members replaced (None: left out)."""
    path = folder / name
    with zipfile.ZipFile(backup) as old, zipfile.ZipFile(path, "w") as new:
        for member in old.namelist():
            if member not in members:
                new.writestr(member, old.read(member))
        for member, data in members.items():
            if data is not None:
                new.writestr(member, data)
    return path


def test_restore_refuses_a_file_that_is_no_whole_backup(tmp_path, monkeypatch):
    source = installation(tmp_path / "old", monkeypatch)
    played(source, 1)
    good = backed_up(source, tmp_path)
    data = good.read_bytes()
    (tmp_path / "cut").write_bytes(data[:len(data) // 2])
    (tmp_path / "record.json").write_text('{"format": "table-companion-record"}')
    manifest = json.loads(zipfile.ZipFile(good).read("manifest.json"))
    broken_database = bytearray(zipfile.ZipFile(good).read("companion.sqlite"))
    broken_database[:16] = b"not a database!!"
    cases = {
        tmp_path / "cut": "is not a Table Companion backup (not a whole zip file",
        tmp_path / "record.json": "is not a Table Companion backup (not a whole zip file",
        tmp_path / "missing": "there is no file",
        rewritten(good, tmp_path, "other.zip", **{"manifest.json": b'{"format": "other"}'}):
            "is not a Table Companion backup (its manifest's format is not",
        rewritten(good, tmp_path, "v2.zip", **{"manifest.json": json.dumps(
            {**manifest, "version": 2}).encode()}): "is a backup of version 2",
        rewritten(good, tmp_path, "keyless.zip", secret_key=None):
            "is an incomplete backup: it has no secret_key",
        rewritten(good, tmp_path, "future.zip", **{"manifest.json": json.dumps(
            {**manifest, "revision": "ffffffffffff"}).encode()}):
            "was made by a newer Table Companion (schema revision ffffffffffff)",
        rewritten(good, tmp_path, "damaged.zip", **{"companion.sqlite": bytes(broken_database)}):
            "is a damaged backup: its database fails SQLite's check",
    }
    fresh = installation(tmp_path / "new", monkeypatch, migrated=False)
    for path, said in cases.items():
        out = invoke(fresh, "restore", str(path))
        assert out.exit_code == 2, (path, out.output)
        assert out.stderr.startswith("error: ") and said in out.stderr, out.stderr
        assert "Traceback" not in out.output
    assert not database_of(fresh).exists()
    assert sorted(p.name for p in Path(fresh.instance_path).iterdir()) == ["secret_key",
                                                                           "server.lock"]


def test_restore_refuses_while_a_server_holds_the_instance_folder(tmp_path, monkeypatch):
    source = installation(tmp_path / "old", monkeypatch)
    target = backed_up(source, tmp_path)
    fresh = installation(tmp_path / "new", monkeypatch, migrated=False)
    instance = Path(fresh.instance_path)
    assert not instance_lock.held(instance)
    with instance_lock.holding(instance), instance_lock.holding(instance):   # two servers
        assert instance_lock.held(instance)
        out = invoke(fresh, "restore", str(target))
        assert out.exit_code == 2
        assert out.stderr.strip() == (f"error: a server is running on {instance} (it holds "
                                      f"{instance / 'server.lock'}): stop it, then restore")
        assert not database_of(fresh).exists()
    assert not instance_lock.held(instance)
    assert invoke(fresh, "restore", str(target)).exit_code == 0


def test_a_servers_lock_is_held_across_exec_until_its_last_process_ends(tmp_path):
    program = textwrap.dedent(f"""
        import os, sys
        from pathlib import Path
        from companion import instance_lock
        instance_lock.hold(Path({str(tmp_path)!r}))
        os.execv(sys.executable, [sys.executable, "-c", "import sys; sys.stdin.read()"])
    """)
    server = subprocess.Popen([sys.executable, "-c", program], stdin=subprocess.PIPE,
                              env={**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)})
    try:
        deadline = time.monotonic() + 10
        while not instance_lock.held(tmp_path) and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.2)                  # exec'ed by now: still held
        assert instance_lock.held(tmp_path)
    finally:
        server.stdin.close()
        server.wait(10)
    assert not instance_lock.held(tmp_path)


def test_backup_refuses_an_existing_file_unless_forced_and_stays_private(tmp_path, monkeypatch):
    source = installation(tmp_path / "old", monkeypatch)
    played(source, 1)
    target = tmp_path / "taken"
    target.write_text("keep me")
    target.chmod(0o644)
    out = invoke(source, "backup", str(target))
    assert out.exit_code == 2
    assert out.stderr.strip() == (f"error: {target} exists already: choose another name, or "
                                  "add --force to replace it")
    assert target.read_text() == "keep me"
    out = invoke(source, "backup", "--force", str(target))
    assert out.exit_code == 0, out.output
    assert target.stat().st_mode & 0o777 == 0o600 and zipfile.is_zipfile(target)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_a_backup_is_taken_while_another_connection_writes(tmp_path, monkeypatch):
    source = installation(tmp_path / "old", monkeypatch)
    played(source, 1)
    before = rows(source)
    with closing(sqlite3.connect(database_of(source), isolation_level=None)) as writer:
        writer.execute("BEGIN IMMEDIATE")
        writer.execute("UPDATE tables SET version = version + 100")
        target = backed_up(source, tmp_path)     # the write lock held: no wait, no half write
        writer.execute("COMMIT")
    fresh = installation(tmp_path / "new", monkeypatch, migrated=False)
    assert invoke(fresh, "restore", str(target)).exit_code == 0
    assert rows(fresh) == before != rows(source)


def test_postgresql_is_refused_naming_its_own_tools(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "instance"))
    app = make_app(tmp_path, SECRET_KEY=None,
                   SQLALCHEMY_DATABASE_URI="postgresql://nobody@127.0.0.1:1/x")
    key = tmp_path / "instance" / "secret_key"
    started = time.monotonic()
    for args in (("backup", str(tmp_path / "b")), ("restore", str(tmp_path / "b"))):
        out = invoke(app, *args)
        assert out.exit_code == 2
        assert out.stderr.strip() == (
            "error: this server keeps its tables in PostgreSQL: back them up with pg_dump (and "
            f"restore them with pg_restore); the secret key is in {key}")
    assert time.monotonic() - started < 2 and not (tmp_path / "b").exists()
