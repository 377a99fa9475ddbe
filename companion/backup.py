"""A backup of an installation on SQLite, and its restore (``companion backup`` / ``restore``).

A backup is one zip file, made readable by its owner only (mode 0600: it holds the key that
signs the host's and the seats' cookies), of three members:

- ``manifest.json``: ``{"format": "table-companion-backup", "version": 1, "revision": the
  schema's Alembic revision (or null), "made": the UTC time it was made (ISO 8601),
  "tables": how many game tables it holds}``;
- ``companion.sqlite``: a consistent copy of the database, taken with SQLite's online backup
  API (safe while servers read and write it), in rollback-journal mode (one self-contained file;
  the app puts it back in WAL mode when it opens it);
- ``secret_key``: the key the installation signs with, one line.

Imports nothing of the app, and no Flask: the commands in ``cli.py`` give it the paths.
"""
from __future__ import annotations

import json
import os
import sqlite3
import tempfile
import zipfile
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import IO

FORMAT = "table-companion-backup"
VERSION = 1
MANIFEST, DATABASE, KEY = "manifest.json", "companion.sqlite", "secret_key"
MEMBERS = (MANIFEST, DATABASE, KEY)


class Refused(Exception):
    """A backup or a restore refused, with the sentence saying why."""


@dataclass
class Contents:
    """What a backup holds (its manifest's facts)."""
    revision: str | None
    made: str
    tables: int


def counted(tables: int) -> str:
    """``tables`` said: "1 game table", "3 game tables"."""
    return f"{tables} game table{'' if tables == 1 else 's'}"


def facts(database: Path) -> tuple[str | None, int]:
    """The schema's revision (None before migrations) and the game tables of a SQLite file."""
    with closing(sqlite3.connect(database, timeout=30)) as connection:
        names = {row[0] for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        revision = None
        if "alembic_version" in names:
            row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
            revision = row[0] if row else None
        tables = connection.execute("SELECT count(*) FROM tables").fetchone()[0] \
            if "tables" in names else 0
    return revision, tables


def sqlite_file(backend: str, database: str | None, key_place: str) -> Path:
    """The SQLite file the app keeps its tables in (``backend`` and ``database``: its engine's
    URL's); refused, in words, on another database. ``key_place``: where its secret key is."""
    if backend == "postgresql":
        raise Refused("this server keeps its tables in PostgreSQL: back them up with pg_dump "
                      f"(and restore them with pg_restore); the secret key is in {key_place}")
    if backend != "sqlite":
        raise Refused(f"this server keeps its tables in {backend}: back them up with that "
                      f"database's own tools; the secret key is in {key_place}")
    if not database or database == ":memory:" or database.startswith("file:"):
        raise Refused("this server's SQLite database is not a file of its own "
                      f"({database or 'in memory'}): there is nothing to back up or restore")
    return Path(database)


def key_place(instance: Path, key: str) -> str:
    """Where the key the app signs with is kept: its file in the instance folder, or a
    setting."""
    path = instance / "secret_key"
    try:
        if path.read_text().strip() == key:
            return str(path)
    except OSError:
        pass
    return "the setting COMPANION_SECRET_KEY (or SECRET_KEY in the instance's config.py)"


def copy_database(source: Path, target: Path) -> None:
    """A consistent copy of the SQLite file ``source`` (servers may be writing it: the copy is
    one read transaction's view) as the self-contained file ``target``."""
    with closing(sqlite3.connect(source, timeout=30)) as reading, \
            closing(sqlite3.connect(target)) as writing:
        reading.backup(writing)
        writing.execute("PRAGMA journal_mode=DELETE")


def make(database: Path, key: str, target: Path, force: bool = False) -> Contents:
    """Write a backup of ``database`` and ``key`` to ``target`` (0600; an existing file only
    replaced when ``force``)."""
    if not database.is_file():
        raise Refused(f"there is no database at {database} yet: nothing to back up")
    if not target.parent.is_dir():
        raise Refused(f"there is no folder {target.parent} to write the backup in")
    if target.exists() and not force:
        raise Refused(f"{target} exists already: choose another name, or add --force to "
                      "replace it")
    with tempfile.TemporaryDirectory(prefix="companion-backup-") as work:   # 0700
        copy = Path(work) / DATABASE
        copy_database(database, copy)
        revision, tables = facts(copy)
        contents = Contents(revision, datetime.now(timezone.utc).isoformat(timespec="seconds")
                            .replace("+00:00", "Z"), tables)
        manifest = {"format": FORMAT, "version": VERSION, "revision": revision,
                    "made": contents.made, "tables": tables}
        fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)  # 0600
        try:
            with os.fdopen(fd, "wb") as out:
                write_zip(out, manifest, copy, key)
                out.flush()
                os.fsync(out.fileno())
            publish(Path(temporary), target, force)
        finally:
            Path(temporary).unlink(missing_ok=True)
    return contents


def write_zip(out: IO[bytes], manifest: dict, database: Path, key: str) -> None:
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in ((MANIFEST, json.dumps(manifest, indent=2).encode() + b"\n"),
                           (KEY, key.encode() + b"\n")):
            archive.writestr(private(name), data)
        with open(database, "rb") as source, archive.open(private(DATABASE), "w") as member:
            while chunk := source.read(1 << 20):
                member.write(chunk)


def private(name: str) -> zipfile.ZipInfo:
    """A member that unzip writes readable by its owner only."""
    info = zipfile.ZipInfo(name, datetime.now(timezone.utc).timetuple()[:6])
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = (0o100600 << 16)
    return info


def publish(temporary: Path, target: Path, force: bool) -> None:
    """The finished file under its name at once: over an existing one only when ``force``."""
    if force:
        os.replace(temporary, target)
        return
    try:
        os.link(temporary, target)          # fails if the name is taken meanwhile
    except FileExistsError:
        raise Refused(f"{target} exists already: choose another name, or add --force to "
                      "replace it") from None


# --- reading one back --------------------------------------------------------------------------

class Backup:
    """A backup file opened and checked: its manifest, and its members to extract."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self.archive = zipfile.ZipFile(path)
        except FileNotFoundError:
            raise Refused(f"there is no file {path}") from None
        except IsADirectoryError:
            raise Refused(f"{path} is a folder, not a backup file") from None
        except (zipfile.BadZipFile, OSError):
            raise Refused(f"{path} is not a Table Companion backup (not a whole zip file: "
                          "another kind of file, or one cut short)") from None
        try:
            self.contents = self.checked()
        except BaseException:
            self.archive.close()
            raise

    def checked(self) -> Contents:
        names = set(self.archive.namelist())
        if MANIFEST not in names:
            raise Refused(f"{self.path} is not a Table Companion backup (it has no {MANIFEST})")
        try:
            manifest = json.loads(self.read(MANIFEST))
        except ValueError:
            raise Refused(f"{self.path} is not a Table Companion backup (its {MANIFEST} is "
                          "not JSON)") from None
        if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
            raise Refused(f"{self.path} is not a Table Companion backup (its manifest's format "
                          f"is not {FORMAT!r})")
        if manifest.get("version") != VERSION:
            raise Refused(f"{self.path} is a backup of version {manifest.get('version')!r}; "
                          f"this Table Companion reads version {VERSION}")
        missing = [name for name in MEMBERS if name not in names]
        if missing:
            raise Refused(f"{self.path} is an incomplete backup: it has no {', '.join(missing)}")
        revision, made, tables = (manifest.get(k) for k in ("revision", "made", "tables"))
        if not (revision is None or isinstance(revision, str)) or not isinstance(made, str) \
                or not isinstance(tables, int):
            raise Refused(f"{self.path} is a damaged backup: its manifest lacks the revision, "
                          "the time or the tables")
        return Contents(revision, made, tables)

    def read(self, name: str) -> bytes:
        try:
            return self.archive.read(name)
        except (zipfile.BadZipFile, OSError, EOFError, ValueError) as error:
            raise Refused(f"{self.path} is a damaged backup ({name}: {error})") from None

    def key(self) -> str:
        try:
            key = self.read(KEY).decode().strip()
        except UnicodeDecodeError:
            key = ""
        if not key or "\n" in key:
            raise Refused(f"{self.path} is a damaged backup: its {KEY} is not one line")
        return key

    def extract_database(self, target: Path) -> None:
        """The database member written over ``target`` (an empty file), checked as SQLite's
        own."""
        try:
            with self.archive.open(DATABASE) as member, open(target, "wb") as out:
                while chunk := member.read(1 << 20):
                    out.write(chunk)
                out.flush()
                os.fsync(out.fileno())
        except (zipfile.BadZipFile, EOFError, ValueError) as error:
            raise Refused(f"{self.path} is a damaged backup ({DATABASE}: {error})") from None
        try:
            with closing(sqlite3.connect(target)) as connection:
                verdict = connection.execute("PRAGMA quick_check").fetchone()[0]
        except sqlite3.DatabaseError as error:
            verdict = str(error)
        if verdict != "ok":
            raise Refused(f"{self.path} is a damaged backup: its database fails SQLite's "
                          f"check ({verdict})")
        revision, tables = facts(target)
        if (revision, tables) != (self.contents.revision, self.contents.tables):
            raise Refused(f"{self.path} is a damaged backup: its database is not the one its "
                          "manifest describes")

    def close(self) -> None:
        self.archive.close()


def tables_in(database: Path) -> int:
    """The game tables a SQLite file holds (0 when there is no file yet)."""
    if not database.is_file():
        return 0
    try:
        return facts(database)[1]
    except sqlite3.DatabaseError as error:
        raise Refused(f"{database} is not a database SQLite can read ({error}): move it away "
                      "first") from None


def put_back(backup: Backup, database: Path, key_file: Path) -> None:
    """The backup's database as ``database`` and its key as ``key_file``, each written beside
    its place first and then moved there at once. No server may be running on them."""
    database.parent.mkdir(parents=True, exist_ok=True)
    key_file.parent.mkdir(parents=True, exist_ok=True)
    key = backup.key()
    mode = database.stat().st_mode & 0o777 if database.is_file() else 0o600
    fd, staged = tempfile.mkstemp(prefix=f".{database.name}.restore.", dir=database.parent)
    os.close(fd)
    staged_database = Path(staged)
    try:
        backup.extract_database(staged_database)
        os.chmod(staged_database, mode)         # the old file's, else its owner's only
        fd, staged = tempfile.mkstemp(prefix=f".{key_file.name}.", dir=key_file.parent)  # 0600
        staged_key = Path(staged)
        try:
            with os.fdopen(fd, "w") as out:
                out.write(key)
                out.flush()
                os.fsync(out.fileno())
            settle(database)
            os.replace(staged_database, database)
            os.replace(staged_key, key_file)
        finally:
            staged_key.unlink(missing_ok=True)
    finally:
        staged_database.unlink(missing_ok=True)
    sync_folder(database.parent)
    sync_folder(key_file.parent)


def settle(database: Path) -> None:
    """The old database's write-ahead log folded into it and gone, with its shared-memory file:
    a log left beside the restored file would be replayed into it."""
    if database.is_file():
        with closing(sqlite3.connect(database, timeout=30)) as connection:
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for suffix in ("-wal", "-shm", "-journal"):
        Path(f"{database}{suffix}").unlink(missing_ok=True)


def sync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
