"""Calçada on the platform: a table started or imported, shown with the generic scoreboard and
history, finished from the host screen; ``companion score`` and ``check`` on its records."""
from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion import record
from companion.cli import cli
from companion.games.calcada.board import board_json, default_board
from tests.support import take_seat, text_of, exported_untimed

from .test_game import EXPECTED, GAME, ROUNDS
from .test_rules import NAMES, OPTIONS, place

RECORD = {"format": "table-companion-record", "version": 1, "game": "calcada",
          "options": OPTIONS, "players": [{"name": n} for n in NAMES], "events": GAME}
# event 5 announces 3 for a cell printing 1
BAD = {**RECORD, "events": ROUNDS[:4] + [{**ROUNDS[4], "number": 3}] + ROUNDS[5:]}
BAD_LINE = ("error: event 5 (place): The cell at row 5, column 3 prints 1, not the announced 3: "
            "a tile goes on a cell printing the announced number (6 or more: any cell).")


def start(client, board="8", players=NAMES):
    data = {"game": "calcada", "opt-calcada-board": board,
            **{f"players-{i}": name for i, name in enumerate(players)}}
    response = client.post("/", data=data)
    assert response.status_code == 303, text_of(response)
    return response.headers["Location"].rsplit("/", 1)[1]


def upload(client, data):
    content = json.dumps(data).encode()
    return client.post("/import", data={"record": (io.BytesIO(content), "game.json")},
                       content_type="multipart/form-data")


def imported(client, data=RECORD):
    response = upload(client, data)
    assert response.status_code == 303, text_of(response)
    return response.headers["Location"].rsplit("/", 1)[1]


def exported(client, code):
    return exported_untimed(client, code)


@pytest.fixture
def files(tmp_path):
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(RECORD), encoding="utf-8")
    bad.write_text(json.dumps(BAD), encoding="utf-8")
    return good, bad


# --- the web app --------------------------------------------------------------------------------

def test_the_home_page_offers_calcada_with_both_board_sides_flagged_unverified(client):
    page = text_of(client.get("/"))
    assert "Calçada" in page and "Player board side" in page
    assert "8 districts (layout unverified)" in page and "9 districts (layout unverified)" in page


def test_a_table_started_from_the_home_page_embeds_its_board_side(client):
    code = start(client, board="9")
    options = exported(client, code)["options"]
    assert options == {"board": board_json(default_board("9"))}
    assert options["board"]["unverified"] is True and options["board"]["name"] == "9"


def test_an_unknown_board_side_is_refused_by_the_form(client):
    response = client.post("/", data={"game": "calcada", "opt-calcada-board": "7",
                                      "players-0": "Anna", "players-1": "Bence"})
    assert response.status_code == 422 and "Not a valid choice." in text_of(response)


def test_calcada_is_played_by_2_to_4(client):
    response = client.post("/", data={"game": "calcada", "opt-calcada-board": "8",
                                      "players-0": "Anna"})
    assert response.status_code == 422
    assert "Calçada needs 2 to 4 players." in text_of(response)


def test_the_host_screen_shows_the_scoring_board_every_board_and_the_seats_to_act_for(client):
    code = start(client)
    page = text_of(client.get(f"/t/{code}"))
    assert "This game has no entry screen" not in page
    for label in ("Districts", "Motifs", "Unfinished districts", "Bonus tiles", "Scoring board",
                  "Every board", "Act for: Anna Bence Csilla"):
        assert label in page
    assert "Nothing entered yet." in page


def test_a_phone_starts_its_move_with_the_colour(app, client):
    code = start(client)
    phone = app.test_client()
    take_seat(phone, code, 1)
    page = text_of(phone.get(f"/t/{code}/phone"))
    assert "1 · Pick the colour yellow blue red green white" in page and "Bence" in page


def test_an_imported_game_shows_its_result_and_its_history_in_words(client):
    code = imported(client)
    page = text_of(client.get(f"/t/{code}"))
    assert "Final result" in page and "Winner: Bence" in page
    # the generic breakdown line: Districts · Motifs · Unfinished districts · Bonus tiles
    assert ("1. Bence — 31 Districts: 24 · Motifs: 5 · Unfinished districts: 0 · Bonus tiles: 2"
            in page)
    page += text_of(client.get(f"/t/{code}/history"))     # the screen shows the newest acts
    assert "Anna: red tile (kiosk) on row 1, column 1" not in page     # announced: said so
    assert "Anna announced red 1: tile (kiosk) on row 1, column 1" in page
    assert "Bence: blue tile (kiosk) on row 1, column 5" in page
    assert "Anna spent a bonus tile" in page and "Bence spent 2 bonus tiles" in page
    assert "Csilla announced yellow 3: tile (bonus symbol) on row 4, column 4" in page
    assert "Game finished" in page


def test_the_host_finishes_an_imported_game_and_the_record_says_so(client):
    unfinished = {**RECORD, "events": ROUNDS}
    code = imported(client, unfinished)
    page = text_of(client.get(f"/t/{code}"))
    assert "The last round is over: the host finishes the game." in page   # said once
    assert page.count("The last round is over") == 1
    asked = client.post(f"/t/{code}/finish", data={"nonce": uuid.uuid4().hex})
    assert asked.status_code == 200 and "Finish the game?" in text_of(asked)
    assert client.post(f"/t/{code}/finish", data={"nonce": uuid.uuid4().hex, "sure": "yes"}).status_code == 303
    assert exported(client, code) == RECORD
    assert record.load(exported(client, code)).result() == EXPECTED


def test_an_illegal_record_is_refused_on_import_naming_the_event(client):
    response = upload(client, BAD)
    assert response.status_code == 422
    assert "Event 5 (place): The cell at row 5, column 3 prints 1, not the announced 3" \
        in text_of(response)


# --- the command line ---------------------------------------------------------------------------

def test_score_prints_the_contract_result_of_a_calcada_record(files):
    out = CliRunner().invoke(cli, ["score", str(files[0])])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output) == EXPECTED


def test_check_says_ok_or_exits_2_naming_the_event_and_the_rule(files):
    good = CliRunner().invoke(cli, ["check", str(files[0])])
    assert (good.exit_code, good.output) == (0, "ok\n")
    for command in ("check", "score"):
        bad = CliRunner().invoke(cli, [command, str(files[1])])
        assert bad.exit_code == 2 and bad.stderr.strip() == BAD_LINE


def test_a_placement_after_the_round_is_played_out_is_scored_like_any_other(tmp_path):
    """The record is free of turn order: a late entry of a turn that happened is no error."""
    scores = []
    for name, events in (("on-time", ROUNDS), ("late", ROUNDS + [place("Anna", 3, 1, "red",
                                                                      "cafe", 3)])):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps({**RECORD, "events": events}), encoding="utf-8")
        out = CliRunner().invoke(cli, ["check", str(path)])
        assert (out.exit_code, out.output) == (0, "ok\n")
        scores.append(json.loads(CliRunner().invoke(cli, ["score", str(path)]).output))
    on_time, late = ([p["total"] for p in score["players"]] for score in scores)
    assert late[0] != on_time[0] and late[1:] == on_time[1:]       # Anna's tile, scored


def companion(*args, cwd=None, env=None):
    """The installed console script, as a user runs it."""
    exe = shutil.which("companion", path=str(Path(sys.executable).parent)) or "companion"
    return subprocess.run([exe, *args], capture_output=True, text=True, cwd=cwd, env=env,
                          timeout=60)


def test_the_installed_command_scores_calcada_without_a_database(files, tmp_path):
    instance = tmp_path / "instance"
    env = {**os.environ, "COMPANION_INSTANCE": str(instance)}
    out = companion("score", str(files[0]), cwd=tmp_path, env=env)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == EXPECTED
    bad = companion("check", str(files[1]), cwd=tmp_path, env=env)
    assert bad.returncode == 2 and bad.stderr.strip() == BAD_LINE
    assert not instance.exists()


def test_score_agrees_with_the_web_app_on_an_exported_record(client, tmp_path):
    code = imported(client, {**RECORD, "events": ROUNDS[:20]})
    path = tmp_path / "export.json"
    path.write_bytes(client.get(f"/t/{code}/record.json").data)
    out = CliRunner().invoke(cli, ["score", str(path)])
    assert out.exit_code == 0, out.output
    result = json.loads(out.output)
    assert result == record.load(json.loads(path.read_text(encoding="utf-8"))).result()
    page = client.get(f"/t/{code}").get_data(as_text=True)
    for entry in result["players"]:
        assert f'<td class="num total">{entry["total"]}</td>' in page
