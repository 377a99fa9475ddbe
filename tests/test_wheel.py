"""The wheel is the whole app: built from this clone, installed outside it (``--no-deps``, into a
virtual environment that reuses this environment's installed dependencies, so the run stays
short), ``companion`` comes from the wheel, not the clone, and ``companion run`` started in an
empty folder serves the home page, a stylesheet, a script and a new table's host screen, in
Hungarian. Its data lands in ``COMPANION_INSTANCE``; without it, in the user's data folder."""
from __future__ import annotations

import http.cookiejar
import os
import re
import signal
import subprocess
import sys
import sysconfig
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from tests.test_cli import free_port

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.database


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A virtual environment outside the clone holding the wheel built from it; returns its
    ``bin`` folder."""
    work = tmp_path_factory.mktemp("wheel")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps",
                            "--no-build-isolation", "--quiet", "-w", str(work / "dist")],
                           capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    (wheel,) = (work / "dist").glob("table_companion-*.whl")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(work / "venv")], check=True)
    python = work / "venv" / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               capture_output=True, text=True, check=True).stdout.strip())
    # this environment's packages, as plain paths (their .pth files unread: the clone's own
    # editable install among them is not seen)
    (site / "dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")
    put = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                          "--no-deps", "--quiet", str(wheel)], capture_output=True, text=True)
    assert put.returncode == 0, put.stderr
    return python.parent


def test_the_installed_wheel_serves_every_page_in_hungarian_from_an_empty_folder(installed, tmp_path):
    empty, data, home = tmp_path / "empty", tmp_path / "data", tmp_path / "home"
    empty.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "COMPANION_", "DATABASE_URL"))}
    env.update(HOME=str(home), COMPANION_INSTANCE=str(data))
    where = subprocess.run([str(installed / "python"), "-c", "import companion; print(companion.__file__)"],
                           cwd=empty, env=env, capture_output=True, text=True, check=True).stdout
    assert where.startswith(str(installed.parent)) and not where.startswith(str(ROOT))

    port = free_port()
    server = subprocess.Popen([str(installed / "companion"), "run", "--host", "127.0.0.1",
                               "--port", str(port), "--workers", "1"], cwd=empty, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              start_new_session=True)
    try:
        printed = []
        for line in server.stdout:
            printed.append(line)
            if line.startswith("Data in"):
                break
        assert printed[-1].strip() == f"Data in {data}", "".join(printed)
        base = f"http://127.0.0.1:{port}"
        jar = http.cookiejar.CookieJar()
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        browser.addheaders = [("Accept-Language", "hu")]
        for _ in range(150):
            try:
                home_page = browser.open(base + "/", timeout=5).read().decode()
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("the installed app never answered:\n" + "".join(printed))
        assert '<html lang="hu">' in home_page and "Asztal indítása" in home_page
        for kind in (r'href="(/static/css/app\.[0-9a-f]{8}\.css)"', r'src="(/static/js/app\.[0-9a-f]{8}\.js)"'):
            with browser.open(base + re.search(kind, home_page).group(1), timeout=5) as sent:
                assert sent.status == 200 and len(sent.read()) > 1000
        token = re.search(r'name="csrf_token" value="([^"]+)"', home_page).group(1)
        form = urllib.parse.urlencode({"csrf_token": token, "game": "calcada", "players-0": "Anna",
                                       "players-1": "Bence"}).encode()
        with browser.open(urllib.request.Request(base + "/", data=form,
                                                 headers={"Referer": base + "/"}), timeout=10) as host:
            assert re.search(r"/t/[A-Z0-9]+$", host.url) and host.status == 200
            page = host.read().decode()
        assert "Anna következik" in page and "Calçada" in page
        assert (data / "companion.sqlite").exists() and (data / "secret_key").exists()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)
        server.stdout.close()

    # without COMPANION_INSTANCE the installed app keeps its data in the user's data folder
    del env["COMPANION_INSTANCE"]
    made = subprocess.run([str(installed / "python"), "-c",
                           "from companion import create_app; print(create_app().instance_path)"],
                          cwd=empty, env=env, capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    folder = home / ".local" / "share" / "table-companion"
    assert made.stdout.strip() == str(folder) and (folder / "secret_key").exists()
