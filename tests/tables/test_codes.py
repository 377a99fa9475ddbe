"""Table codes: short, unambiguous when read aloud or off a screen, forgiving when typed."""
from __future__ import annotations

import pytest

from companion.tables.service import CODE_ALPHABET
from tests.support import start_table, text_of

pytestmark = pytest.mark.storage("table codes kept unique by the database")

LOOK_ALIKES = "0O1IL2Z5S8BG6Q"


def unknown_code(*taken: str) -> str:
    for candidate in ("AAAAA", "CCCCC", "DDDDD"):
        if candidate not in taken:
            return candidate
    raise AssertionError("unreachable")


def test_the_code_alphabet_has_no_look_alike_characters():
    assert sorted(set(CODE_ALPHABET) & set(LOOK_ALIKES)) == []
    assert len(set(CODE_ALPHABET)) == len(CODE_ALPHABET) >= 20


def test_every_table_code_is_five_characters_from_the_alphabet(client):
    codes = [start_table(client, players=("Anna",)) for _ in range(25)]
    for code in codes:
        assert len(code) == 5, code
        assert set(code) <= set(CODE_ALPHABET), code
    assert len(set(codes)) == len(codes)


def test_a_code_typed_in_lowercase_finds_the_table(client):
    code = start_table(client)
    host = client.get(f"/t/{code.lower()}")
    assert host.status_code == 200
    assert code in text_of(host)
    assert "Anna" in text_of(host)
    join = client.get(f"/j/{code.lower()}")
    assert join.status_code == 200
    assert "Who are you?" in text_of(join)


@pytest.mark.parametrize("path", ["/t/{}", "/j/{}", "/t/{}/phone", "/t/{}/record.json",
                                  "/t/{}/qr.svg", "/t/{}/live?v=0", "/t/{}/version"])
def test_an_unknown_code_shows_a_not_found_page(client, path):
    code = start_table(client)
    response = client.get(path.format(unknown_code(code)))
    assert response.status_code == 404
    if not path.endswith(("json", "svg", "version")):
        assert "There is nothing here. Check the table code." in text_of(response)


def test_the_join_by_code_form_goes_to_the_join_page(client):
    code = start_table(client)
    response = client.get("/go", query_string={"code": f"  {code.lower()} "})
    assert response.status_code in (302, 303)
    assert response.headers["Location"].endswith(f"/j/{code}")
    assert "Who are you?" in text_of(client.get(response.headers["Location"]))


@pytest.mark.parametrize("kind", ["unknown", "empty"])
def test_the_join_by_code_form_says_when_no_table_has_that_code(client, kind):
    code = start_table(client)
    typed = unknown_code(code) if kind == "unknown" else ""
    response = client.get("/go", query_string={"code": typed})
    assert response.status_code == 404
    assert "No table has that code" in text_of(response)


def test_a_code_already_taken_is_drawn_again(app, client, monkeypatch):
    """The database's unique code refuses the second table; create draws another code."""
    from companion.tables import service

    first = start_table(client, players=("Anna",))
    draws = iter([first, first, unknown_code(first)])
    monkeypatch.setattr(service.making, "new_code", lambda: next(draws))
    second = start_table(client, players=("Bence",))
    assert second == unknown_code(first)
    untouched = text_of(client.get(f"/t/{first}"))
    assert "Anna" in untouched and "Bence" not in untouched
    assert "Bence" in text_of(client.get(f"/t/{second}"))
    assert next(draws, None) is None
