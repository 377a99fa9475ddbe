"""Each input that used to answer 500 or print a traceback now gets a 4xx page or exit 2."""
from __future__ import annotations

import io
import json

from companion.cli import cli
from tests.games.doodle_city.test_web import act, start
from tests.support import text_of

HUGE = "99999999999999999999"
SURROGATE = {"format": "table-companion-record", "version": 1, "game": "score-pad",
             "players": [{"name": "\ud800"}, {"name": "Bence"}], "events": []}


def test_a_huge_number_in_a_path_is_no_page(client):
    code = start(client, dice="app")
    assert client.get(f"/games/doodle-city/sheets/{HUGE}").status_code == 404
    assert client.post(f"/t/{code}/seat/{HUGE}/free").status_code == 404


def test_unicode_digits_in_query_arguments_are_refused_by_name(client):
    code = start(client, dice="app")
    before = client.get(f"/t/{code}/record.json").get_json()
    for name, value in (("die", "²"), ("as", "²"), ("die", "9" * 5000), ("as", "9" * 5000)):
        for path in (f"/t/{code}", f"/t/{code}/live"):
            response = client.get(path, query_string={name: value})
            assert response.status_code == 400, (path, name)
            assert f"This address's “{name}” is not one this screen understands." in \
                text_of(response)
    # plain digits out of range are no selection: the screen shows without it
    for query in ({"die": "2", "as": "1"}, {"die": HUGE}, {"as": HUGE}):
        assert client.get(f"/t/{code}", query_string=query).status_code == 200
    assert client.get(f"/t/{code}/record.json").get_json() == before


def test_numbers_past_4300_digits_in_forms_are_refused_by_name(client):
    code = start(client, tally=True)
    tally = act(client, code, "tally", host=True, player="Anna", hotels="9" * 5000, shops="",
                bonuses="", taxis="0", trees="0")
    assert tally.status_code == 422 and "hotel" in text_of(tally).lower()
    sheet = client.post("/games/doodle-city/sheets/new", data={
        "name": "Ours", "hotel_track": "9" * 5000, "shop_track": "1 2", "trees": "3"})
    assert sheet.status_code == 422


def test_deep_json_and_a_lone_surrogate_are_refused_on_import(client, app):
    for body in (b"[" * 100_000, json.dumps(SURROGATE).encode()):
        answer = client.post("/import", data={"record": (io.BytesIO(body), "game.json")})
        assert answer.status_code == 422
    assert "lone surrogate" in text_of(answer)


def test_companion_import_exits_2_on_deep_json_and_a_lone_surrogate(runner, tmp_path):
    source = tmp_path / "game.json"
    for text, reason in (("[" * 100_000, "nests at most"), (json.dumps(SURROGATE), "surrogate")):
        source.write_text(text)
        result = runner.invoke(cli, ["import", str(source)])
        assert result.exit_code == 2 and reason in result.output, result.output
