"""The companion command: score, check and import records; exit 2 naming the bad event."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion import record
from tests.support import ROOT
from companion.cli import cli
from companion.extensions import db
from companion.models import Table
from companion.tables import service

pytestmark = pytest.mark.storage("the command line on the configured database")

RECORD = {"format": "table-companion-record", "version": 1, "game": "score-pad",
          "options": {"lowest_wins": False}, "players": [{"name": "Anna"}, {"name": "Bence"}],
          "events": [{"type": "points", "player": "Anna", "round": 1, "points": 12},
                     {"type": "points", "player": "Bence", "round": 1, "points": 15},
                     {"type": "undo", "event": 2},
                     {"type": "end"}]}
BAD = {**RECORD, "events": [RECORD["events"][0],
                            {"type": "points", "player": "Dora", "round": 1, "points": 3}]}


@pytest.fixture
def files(tmp_path):
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(RECORD))
    bad.write_text(json.dumps(BAD))
    return good, bad


def companion(*args, input=None, cwd=None, env=None):
    """The installed console script, as a user runs it."""
    exe = shutil.which("companion", path=str(Path(sys.executable).parent)) or "companion"
    return subprocess.run([exe, *args], input=input, capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=60)


def test_score_prints_the_contract_result(files):
    out = CliRunner().invoke(cli, ["score", str(files[0])])
    assert out.exit_code == 0, out.output
    result = json.loads(out.output)
    assert result == record.load(RECORD).result()
    assert result["finished"] is True and result["winners"] == ["Anna"]
    assert [p["total"] for p in result["players"]] == [12, 0]


def test_check_says_ok_or_exits_2_naming_the_event(files):
    good = CliRunner().invoke(cli, ["check", str(files[0])])
    assert (good.exit_code, good.output) == (0, "ok\n")
    bad = CliRunner().invoke(cli, ["check", str(files[1])])
    assert bad.exit_code == 2
    assert bad.stderr.strip() == "error: event 2 (points): 'Dora' is not a player at this table."


def test_score_reads_standard_input_and_refuses_what_is_not_json():
    out = CliRunner().invoke(cli, ["score", "-"], input=json.dumps(RECORD))
    assert out.exit_code == 0 and json.loads(out.stdout)["winners"] == ["Anna"]
    broken = CliRunner().invoke(cli, ["score", "-"], input="{not json")
    assert broken.exit_code == 2 and broken.stderr.startswith("error: not valid JSON")


def test_the_installed_command_scores_without_creating_a_database_or_a_secret(files, tmp_path):
    instance = tmp_path / "instance"
    env = {**os.environ, "COMPANION_INSTANCE": str(instance)}
    out = companion("score", str(files[0]), cwd=tmp_path, env=env)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["winners"] == ["Anna"]
    bad = companion("check", str(files[1]), cwd=tmp_path, env=env)
    assert bad.returncode == 2 and "event 2 (points)" in bad.stderr
    assert not instance.exists()


def test_import_opens_a_table_whose_export_is_the_record(app, runner, files):
    out = runner.invoke(cli, ["import", str(files[0])])
    assert out.exit_code == 0, out.output
    code = out.output.strip().splitlines()[-1]
    with app.app_context():
        table = db.session.scalar(db.select(Table).where(Table.code == code))
        assert service.record_of(table) == RECORD
    exported = app.test_client().get(f"/t/{code}/record.json")
    assert json.loads(exported.data) == RECORD


def test_import_of_a_bad_record_exits_2_and_opens_nothing(app, runner, files):
    out = runner.invoke(cli, ["import", str(files[1])])      # as the record contract says it
    assert out.exit_code == 2
    assert out.stderr.strip() == "error: event 2 (points): 'Dora' is not a player at this table."
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count(Table.id))) == 0


def test_score_agrees_with_the_web_app_on_an_exported_record(client, tmp_path):
    from tests.support import start_table
    code = start_table(client, players=("Anna", "Bence"))
    for player, points, replaces in (("Anna", 3, ""), ("Bence", 9, ""), ("Anna", 4, "3")):
        client.post(f"/t/{code}/act/points", data={"screen": "host", "points-player": player,
                                                   "points-round": "1", "points-points": str(points),
                                                   "replaces": replaces})   # Anna's 3 corrected
    exported = tmp_path / "export.json"
    exported.write_bytes(client.get(f"/t/{code}/record.json").data)
    out = CliRunner().invoke(cli, ["score", str(exported)])
    page = client.get(f"/t/{code}").get_data(as_text=True)
    result = json.loads(out.output)
    assert [p["total"] for p in result["players"]] == [4, 9]
    assert result["winners"] == ["Bence"]
    assert '<td class="num total">9</td>' in page and '<td class="num total">4</td>' in page


def free_port() -> int:
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_run_serves_the_app_with_gunicorn_and_prints_address_and_qr(tmp_path, files):
    import sqlite3
    import threading
    import time
    import urllib.request

    port = free_port()
    instance = tmp_path / "instance"
    env = {**os.environ, "COMPANION_INSTANCE": str(instance)}
    code = companion("import", str(files[0]), env=env).stdout.split()[-1]
    database = instance / "companion.sqlite"
    with sqlite3.connect(database) as connection:
        version = connection.execute("SELECT version FROM tables WHERE code = ?", (code,)).fetchone()[0]
    exe = shutil.which("companion", path=str(Path(sys.executable).parent)) or "companion"
    server = subprocess.Popen([exe, "run", "--host", "127.0.0.1", "--port", str(port), "--workers", "2"],
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        lines = []
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = server.stdout.readline()
            lines.append(line)
            if "Phones cannot reach" in line:
                break
        printed = "".join(lines)
        # bound to loopback: the terminal says phones cannot reach it, and offers no QR code
        assert f"running on this computer only: http://127.0.0.1:{port}/" in printed
        assert "Phones cannot reach 127.0.0.1" in printed and "--host 0.0.0.0" in printed
        assert "█" not in printed and "▀" not in printed
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as page:
                    assert page.status == 200 and "Table Companion" in page.read().decode()
                    assert page.headers["Server"] == "gunicorn"
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("the server never answered")
        assert (instance / "companion.sqlite").exists() and (instance / "secret_key").exists()
        # the same process id is gunicorn's master now, with the two workers asked for
        children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
        assert len(children) == 2
        assert "gevent.monkey" in Path(f"/proc/{server.pid}/cmdline").read_text()

        # a long poll waits in a gevent worker and is answered when another process writes
        answer = {}

        def long_poll() -> None:
            url = f"http://127.0.0.1:{port}/t/{code}/live?v={version}&view=host&wait=1"
            with urllib.request.urlopen(url, timeout=30) as response:
                answer["status"], answer["html"] = response.status, response.read().decode()

        waiting = threading.Thread(target=long_poll, daemon=True)
        waiting.start()
        with sqlite3.connect(database) as connection:
            connection.execute("UPDATE tables SET version = version + 1 WHERE code = ?", (code,))
        waiting.join(25)
        assert answer.get("status") == 200 and f'data-version="{version + 1}"' in answer["html"]
    finally:
        server.terminate()
        server.wait(40)
        server.stdout.close()


def test_run_prints_the_address_its_qr_code_carries():
    from companion.tables.links import announcement
    address, lines = announcement("0.0.0.0", 5000, None, "192.168.1.20")
    assert address == "http://192.168.1.20:5000/"
    assert "Phones on this network: scan the QR code above or open http://192.168.1.20:5000/" in lines
    address, lines = announcement("0.0.0.0", 5000, "http://games.lan:8000", "192.168.1.20")
    assert address == "http://games.lan:8000/" and any(address in line for line in lines)
    address, lines = announcement("0.0.0.0", 5000, None, None)
    assert address is None and "phones cannot reach it" in lines[1]


def test_setup_steps_say_one_line_and_show_a_tools_output_only_when_it_fails(tmp_path):
    steps = ROOT / "scripts" / "steps.sh"
    ok = subprocess.run(["bash", "-c", f'source "{steps}"; say "Installing"; quietly echo noise'],
                        capture_output=True, text=True)
    assert ok.returncode == 0 and ok.stdout == "▸ Installing\n" and ok.stderr == ""
    failed = subprocess.run(["bash", "-c", f'source "{steps}"; quietly sh -c "echo pip said; exit 3"'],
                            capture_output=True, text=True)
    assert failed.returncode == 3
    assert "pip said" in failed.stderr and "failed" in failed.stderr
