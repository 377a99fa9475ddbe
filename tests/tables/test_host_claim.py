"""A host for every table: an imported table is claimed by the first screen, or through a
one-time link from `companion host CODE` that replaces a lost host screen."""
from __future__ import annotations

import json

from companion.cli import cli
from tests.support import enter, start_table, text_of

RECORD = {"format": "table-companion-record", "version": 1, "game": "score-pad",
          "players": [{"name": "Anna"}, {"name": "Bence"}],
          "events": [{"type": "points", "player": "Anna", "round": 1, "points": 4}]}


def imported(runner, tmp_path) -> str:
    source = tmp_path / "game.json"
    source.write_text(json.dumps(RECORD))
    result = runner.invoke(cli, ["import", str(source)])
    assert result.exit_code == 0, result.output
    return result.output.strip().splitlines()[-1]


def host_link(runner, code: str) -> str:
    result = runner.invoke(cli, ["host", code, "--base", "http://games.lan:5000"])
    assert result.exit_code == 0, result.output
    link = result.output.strip().splitlines()[-1]
    assert link.startswith(f"http://games.lan:5000/t/{code}/claim/")
    return link.removeprefix("http://games.lan:5000")


def test_an_imported_table_is_hosted_by_the_first_screen_that_claims_it(app, runner, tmp_path):
    code = imported(runner, tmp_path)
    first, second = app.test_client(), app.test_client()
    assert "Make this the host screen" in text_of(first.get(f"/t/{code}"))
    assert first.post(f"/t/{code}/host").status_code == 303
    assert "Enter for any seat" in text_of(first.get(f"/t/{code}"))
    assert "Make this the host screen" not in text_of(second.get(f"/t/{code}"))
    assert second.post(f"/t/{code}/host").status_code == 403
    assert first.post(f"/t/{code}/finish", data={"sure": "yes"}).status_code == 303
    assert "Final result" in text_of(first.get(f"/t/{code}")) or \
        "Game finished" in text_of(first.get(f"/t/{code}"))


def test_companion_host_prints_a_link_that_works_once_and_replaces_the_lost_host(app, client, runner):
    code = start_table(client, players=("Anna", "Bence"))
    link = host_link(runner, code)
    assert enter(client, code, 1, 3, screen="host", **{"points-player": "Anna"}).status_code != 303
    tv = app.test_client()
    assert "Make this the host screen" in text_of(tv.get(link))
    assert tv.post(link).status_code == 303
    assert enter(tv, code, 1, 3, screen="host", **{"points-player": "Anna"}).status_code == 303
    again = app.test_client().post(link)
    assert again.status_code == 403 and "used already" in text_of(again)
    assert app.test_client().get(link).status_code == 403


def test_companion_host_refuses_an_unknown_code_with_exit_2(runner):
    result = runner.invoke(cli, ["host", "AAAAA"])
    assert result.exit_code == 2 and "no table has the code" in result.output
