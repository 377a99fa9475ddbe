"""Run under gevent (``python -m gevent.monkey tests/gevent_refusal_probe.py FOLDER``): a second
row under a name the database keeps unique is refused (IntegrityError) in gevent's pool of
threads, where SQLite writes run under gevent; the app catches it, as its editors do, and logs
one line. Prints ``caught=N`` (the refusals caught where they happened); a traceback on stderr
would be the pool's own."""
from __future__ import annotations

import logging
import sys
from pathlib import Path

import gevent

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import text  # noqa: E402
from sqlalchemy.exc import IntegrityError  # noqa: E402

from companion.extensions import db  # noqa: E402
from companion.sqlite import cooperative  # noqa: E402
from tests.support import make_app  # noqa: E402

folder = Path(sys.argv[1])
app = make_app(folder, SQLALCHEMY_DATABASE_URI=f"sqlite:///{folder / 'probe.sqlite'}")
assert cooperative()
logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s", force=True)
with app.app_context():
    db.session.execute(text("CREATE TABLE names (name TEXT UNIQUE)"))
    db.session.commit()
caught = 0


def save(name: str) -> None:
    global caught
    with app.app_context():
        try:
            db.session.execute(text("INSERT INTO names (name) VALUES (:name)"), {"name": name})
            db.session.commit()
        except IntegrityError:
            db.session.rollback()
            caught += 1
            logging.info("a second %s refused: the name is taken", name)


gevent.joinall([gevent.spawn(save, "Wingspan") for _ in range(5)], timeout=30)
print(f"caught={caught}")
