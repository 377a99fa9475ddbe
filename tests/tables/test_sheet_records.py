"""A version-2 record on every screen: any generated sheet (categories filled once or by round,
a tie-break either way, teams, lowest wins, typed sums) imported from the web or with
`companion import` opens a table whose every page draws it (never a 5xx), whose export is the
same version-2 record, and whose scores are what `companion score` says."""
from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings

from companion import record
from companion.cli import cli
from tests.games.score_pad.test_sheet_rules import tables
from tests.support import examples, make_app, take_seat
from tests.tables.test_sheet_results import imported

pytestmark = pytest.mark.database

PAGES = ("", "/live?v=-1", "/history", "/story", "/chart.svg", "/qr.svg")


@pytest.fixture
def unlimited(tmp_path):
    """An app whose imports are not rate limited: a record imported per generated example."""
    return make_app(tmp_path, RATELIMIT_ENABLED=False)


@settings(max_examples=examples(6), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=tables())
def test_any_sheet_record_opens_a_table_every_page_of_which_draws_it(unlimited, data):
    app, client = unlimited, unlimited.test_client()
    finished = {**data, "events": [*data["events"], {"type": "end"}]}
    for version in (data, finished):
        code = imported(client, version)
        for page in PAGES:
            response = client.get(f"/t/{code}{page}")
            assert response.status_code == 200, (page, response.get_data(as_text=True)[:500])
        exported = client.get(f"/t/{code}/record.json").get_json()
        assert exported["version"] == 2 and exported["events"] == version["events"]
        assert exported["options"]["sheet"] == record.load(version).options["sheet"]
        if version is finished:
            assert client.get(f"/t/{code}/card.png").status_code == 200
        with app.test_client() as phone:
            take_seat(phone, code, 0)
            assert phone.get(f"/t/{code}/phone").status_code == 200
            assert phone.get(f"/t/{code}/live?v=-1&view=phone").status_code == 200


def test_companion_import_opens_a_sheet_table_whose_export_scores_the_same(app, client):
    data = {"format": "table-companion-record", "version": 2, "game": "score-pad",
            "options": {"lowest_wins": True, "teams": [["Anna"], ["Bence", "Csilla"]],
                        "sheet": {"name": "Golf", "rounds": True,
                                  "categories": [{"id": "strokes", "name": "Strokes"}],
                                  "tie_break": {"category": "strokes", "lowest": True}}},
            "players": [{"name": n} for n in ("Anna", "Bence", "Csilla")],
            "events": [{"type": "points", "player": "Anna", "round": 1, "category": "strokes",
                        "points": 9, "expression": "4 + 5"},
                       {"type": "points", "player": "Bence", "round": 2, "category": "strokes",
                        "points": 3}]}
    runner = app.test_cli_runner()
    done = runner.invoke(cli, ["import", "-"], input=json.dumps(data))
    assert done.exit_code == 0, done.output
    code = done.output.strip().splitlines()[-1]
    exported = client.get(f"/t/{code}/record.json").get_data(as_text=True)
    assert json.loads(exported) == {**data, "options": {**data["options"],
                                                        "sheet": {**data["options"]["sheet"]}}}
    scored = CliRunner().invoke(cli, ["score", "-"], input=exported)
    assert json.loads(scored.output) == record.load(data).result()
    assert json.loads(scored.output)["winners"] == ["Bence", "Csilla"]       # 3 strokes to 9


def test_a_version_1_record_with_a_sheet_is_refused_on_the_web_and_on_the_command_line(
        app, client):
    data = {"format": "table-companion-record", "version": 1, "game": "score-pad",
            "options": {"sheet": {"name": "S", "categories": [{"id": "a", "name": "A"}]}},
            "players": [{"name": "Anna"}], "events": []}
    response = client.post("/import", data={"record": (io.BytesIO(json.dumps(data).encode()),
                                                       "game.json")})
    assert response.status_code == 422
    assert "Options: These options are written only in a version 2 record" in \
        response.get_data(as_text=True)
    done = app.test_cli_runner().invoke(cli, ["import", "-"], input=json.dumps(data))
    assert done.exit_code == 2
