"""The database each test's app runs on: a fresh SQLite file, or a fresh PostgreSQL database
(``--db=postgresql``: a throwaway cluster on a loopback port, started when a test first needs it
and once per test process; ``--db=postgresql://user@host:port/dbname``: an existing server whose
user may create databases). ``--db=sqlite,postgresql`` runs each database test on both.

Either way each database is a copy of a template migrated once per test run, as
``companion db upgrade`` migrates a real one, so every test runs on the migrated schema."""
from __future__ import annotations

import atexit
import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from sqlalchemy.engine import make_url

TEMPLATE = "companion_template"


def migrated(url: str) -> None:
    """The database at ``url`` upgraded to the newest revision, its connections closed."""
    from companion import create_app
    from companion.extensions import db
    from companion.schema import upgrade

    app = create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        upgrade(quiet=True)
        db.engine.dispose()


def dispose(app: Any) -> None:
    from companion.extensions import db

    with app.app_context():
        db.engine.dispose()


class SQLiteDatabases:
    """A SQLite file per test folder, copied from a migrated template."""

    name = kind = "sqlite"

    def __init__(self) -> None:
        self.template: Path | None = None

    def url(self, folder: Path) -> str:
        path = folder / "companion.sqlite"
        if not path.exists():
            if self.template is None:
                workdir = Path(tempfile.mkdtemp(prefix="companion-template-"))
                atexit.register(shutil.rmtree, workdir, True)
                # closed, so its WAL is checkpointed into the file copied below
                migrated(f"sqlite:///{workdir / 'template.sqlite'}")
                self.template = workdir / "template.sqlite"
            folder.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(self.template, path)
        return f"sqlite:///{path}"

    def empty_url(self, folder: Path) -> str:
        """A database with nothing in it yet (SQLite makes the file on first use)."""
        folder.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{folder / 'companion.sqlite'}"

    def made(self, app: Any) -> None:
        """SQLite files go with their test's folder."""

    def mark(self) -> int:
        return 0

    def drop_since(self, mark: int) -> None:
        """Nothing to drop."""

    def close(self) -> None:
        """Nothing to stop."""


class Cluster:
    """A throwaway PostgreSQL cluster: initdb in a temporary folder, served on a free loopback
    port (its socket in that folder), stopped and removed by :meth:`stop` — or by a watchdog
    process as soon as this process is gone, however it ends."""

    def __init__(self) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                       key=lambda p: int(Path(p).parts[-3]))
        if not found:
            raise RuntimeError("PostgreSQL is not installed (Debian: apt-get install postgresql)")
        self.bin = Path(found[-1]).parent
        self.folder = Path(tempfile.mkdtemp(prefix="companion-pg-"))
        self.data = self.folder / "data"
        self.as_owner: list[str] = []
        if os.geteuid() == 0:     # PostgreSQL refuses to run as root
            shutil.chown(self.folder, "postgres")
            self.as_owner = ["runuser", "-u", "postgres", "--"]
        self.port = free_port()
        self.run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync",
                 "-E", "UTF8", "--locale=C")
        # durability off (a throwaway cluster; the app servers are killed in the tests, never it)
        options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
                   "-c max_connections=200")
        self.run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "log"), "-o", options,
                 "-w", "-t", "60", "start")
        self.watchdog = subprocess.Popen(
            ["sh", "-c", f"while kill -0 {os.getpid()} 2>/dev/null; do sleep 2; done; "
                         f"{' '.join(self.stop_command())} >/dev/null 2>&1; rm -rf {self.folder}"],
            start_new_session=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def run(self, program: str, *args: str) -> None:
        subprocess.run([*self.as_owner, str(self.bin / program), *args], check=True,
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, timeout=120)

    def stop_command(self) -> list[str]:
        return [*self.as_owner, str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                "-w", "stop"]

    def stop(self) -> None:
        subprocess.run(self.stop_command(), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=60)
        self.watchdog.kill()
        self.watchdog.wait(5)
        shutil.rmtree(self.folder, ignore_errors=True)


class PostgresDatabases:
    """A database per test folder on one PostgreSQL server, created from a migrated template
    (CREATE DATABASE … TEMPLATE, a file copy) and dropped after the test that made it."""

    name = "postgresql"

    def __init__(self, server: str) -> None:
        import psycopg

        self.kind = server
        self.cluster = Cluster() if server == "postgresql" else None
        self.server = make_url(self.cluster.url if self.cluster else server).set(
            drivername="postgresql+psycopg")
        self.admin = psycopg.connect(host=self.server.host, port=self.server.port,
                                     user=self.server.username, password=self.server.password,
                                     dbname=self.server.database or "postgres", autocommit=True)
        self.prefix = f"companion_test_{os.getpid()}_"
        self.names = itertools.count(1)
        self.by_folder: dict[Path, str] = {}
        self.created: list[tuple[str, Path]] = []
        self.apps: list[tuple[str, Any]] = []
        self.admin.execute(f"DROP DATABASE IF EXISTS {self.template} WITH (FORCE)")
        self.admin.execute(f"CREATE DATABASE {self.template}")
        migrated(self.url_of(self.template))

    @property
    def template(self) -> str:
        return f"{self.prefix}template"

    def url_of(self, name: str) -> str:
        return self.server.set(database=name).render_as_string(hide_password=False)

    def url(self, folder: Path, template: str | None = None) -> str:
        if folder not in self.by_folder:
            name = f"{self.prefix}{next(self.names)}"
            self.admin.execute(f"CREATE DATABASE {name} TEMPLATE {template or self.template} "
                               "STRATEGY FILE_COPY")
            self.by_folder[folder] = name
            self.created.append((name, folder))
        return self.url_of(self.by_folder[folder])

    def empty_url(self, folder: Path) -> str:
        """A database with nothing in it yet."""
        return self.url(folder, template="template0")

    def made(self, app: Any) -> None:
        """Keep the app until its database goes, then close its pooled connections (an app
        collected earlier would leave psycopg connections to the garbage collector)."""
        self.apps.append((make_url(app.config["SQLALCHEMY_DATABASE_URI"]).database, app))

    def mark(self) -> int:
        return len(self.created)

    def drop_since(self, mark: int) -> None:
        """Drop the databases created since ``mark`` (the servers a test started are gone;
        FORCE ends any connection left)."""
        gone = self.created[mark:]
        del self.created[mark:]
        names = {name for name, _folder in gone}
        for _name, app in [entry for entry in self.apps if entry[0] in names]:
            dispose(app)
        self.apps = [entry for entry in self.apps if entry[0] not in names]
        for name, folder in gone:
            del self.by_folder[folder]
            self.admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def close(self) -> None:
        self.drop_since(0)
        self.admin.execute(f"DROP DATABASE IF EXISTS {self.template} WITH (FORCE)")
        self.admin.close()
        if self.cluster is not None:
            self.cluster.stop()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


started: dict[str, SQLiteDatabases | PostgresDatabases] = {}
current: SQLiteDatabases | PostgresDatabases = SQLiteDatabases()
running: Any = None         # the test being run (tests/conftest.py): it must be marked database


class Unmarked(Exception):
    """A test opened a database without the ``database`` marker: PostgreSQL would never run it."""


def check_marked() -> None:
    if running is not None and running.get_closest_marker("database") is None:
        raise Unmarked(f"{running.nodeid} opens a database but is not marked database: add "
                       "pytestmark = pytest.mark.database to its module (or mark the test), "
                       "so that it runs on PostgreSQL too")


def use(kind: str) -> SQLiteDatabases | PostgresDatabases:
    """The databases of ``kind`` (``sqlite``, ``postgresql`` for a throwaway cluster, or a
    PostgreSQL server's URL), started on first use, are the current ones."""
    global current
    if kind not in started:
        started[kind] = SQLiteDatabases() if kind == "sqlite" else PostgresDatabases(kind)
    current = started[kind]
    return current


def close_all() -> None:
    """Every server started is stopped, its databases dropped."""
    global current
    while started:
        started.popitem()[1].close()
    current = SQLiteDatabases()


def url(folder: Path) -> str:
    """The URL of the fresh, migrated database that belongs to this test folder."""
    check_marked()
    return current.url(folder)


def empty_url(folder: Path) -> str:
    """The URL of a database with nothing in it yet, for this test folder."""
    check_marked()
    return current.empty_url(folder)
