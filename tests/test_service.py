"""``companion service`` prints a systemd unit for this installation: its own Python running
``companion run`` with the address and workers asked for, the data folder filled in (``--instance``
as for run), a user unit by default, a system-wide one run as this user with ``--system``."""
from __future__ import annotations

import getpass
import sys

from click.testing import CliRunner

from companion.cli import cli


def test_the_unit_runs_this_installation_with_its_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path))   # kept as it was after the test:
    monkeypatch.delenv("COMPANION_INSTANCE")                    # --instance sets it
    out = CliRunner().invoke(cli, ["service", "--port", "8000", "--workers", "3",
                                   "--instance", str(tmp_path / "my data")])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert f"ExecStart={sys.executable} -m companion.cli run --host 0.0.0.0 --port 8000 --workers 3" in lines
    assert f'Environment="COMPANION_INSTANCE={tmp_path / "my data"}"' in lines
    assert "WantedBy=default.target" in lines and not any(l.startswith("User=") for l in lines)
    system = CliRunner().invoke(cli, ["--instance", str(tmp_path), "service", "--system"])
    assert f"User={getpass.getuser()}" in system.output.splitlines()
    assert "WantedBy=multi-user.target" in system.output.splitlines()
    assert f'Environment="COMPANION_INSTANCE={tmp_path}"' in system.output.splitlines()
