"""What one act costs the database: the statements an act's POST, its redirect's GET and a
waiting screen's fresh live part send, with the table's state already kept (every statement
but BEGIN, COMMIT, ROLLBACK, SAVEPOINT and RELEASE, counted on the engine)."""
from __future__ import annotations

import re
from contextlib import contextmanager
from typing import Iterator

import pytest
from sqlalchemy import event

from companion.extensions import db
from tests.support import enter, start_table, take_seat

pytestmark = pytest.mark.sqlite_only("counts the statements of the default database")

TRANSACTION = re.compile(r"\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b", re.I)


@contextmanager
def statements(app) -> Iterator[list[str]]:
    """The statements sent while inside, in order."""
    sent: list[str] = []

    def count(_conn, _cursor, statement, *_args) -> None:
        if not TRANSACTION.match(statement):
            sent.append(statement)
    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", count)


@pytest.fixture
def table(app):
    """A score pad with two seated phones, one act entered and the screens seen once (the
    table's replay is kept)."""
    host = app.test_client()
    code = start_table(host, players=("Anna", "Bence"))
    anna, bence = app.test_client(), app.test_client()
    take_seat(anna, code, 0)
    take_seat(bence, code, 1)
    assert enter(anna, code, 1, 5).status_code == 303
    for phone in (anna, bence):
        assert phone.get(f"/t/{code}/phone").status_code == 200
    return code, anna, bence


def test_an_act_costs_four_statements_and_its_screen_three(app, table):
    code, anna, _bence = table
    with statements(app) as posted:
        response = enter(anna, code, 2, 7)
    assert response.status_code == 303
    with statements(app) as shown:
        screen = anna.get(response.headers["Location"])
    assert screen.status_code == 200 and "7" in screen.get_data(as_text=True)
    assert len(posted) <= 4, "\n".join(posted)
    assert len(shown) <= 3, "\n".join(shown)


def test_a_waiting_screen_gets_the_fresh_live_part_in_two_statements(app, table):
    code, anna, bence = table
    seen = bence.get(f"/t/{code}/version").get_json()["version"]
    assert enter(anna, code, 2, 9).status_code == 303
    with statements(app) as sent:
        live = bence.get(f"/t/{code}/live?view=phone&v={seen}&finished=0")
    assert live.status_code == 200 and "9" in live.get_data(as_text=True)
    assert len(sent) <= 2, "\n".join(sent)


def test_the_count_sees_every_statement(app, table):
    code, anna, _bence = table
    with statements(app) as sent:
        anna.get(f"/t/{code}/record.json")
    assert any("FROM events" in statement for statement in sent)
