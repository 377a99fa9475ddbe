"""Browser tests: Debian's Chromium through pytest-playwright, phones as separate contexts.

Every test in this folder is marked ``browser`` (``-m "not browser"`` runs the fast suite alone).
"""
from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from playwright.sync_api import Browser, BrowserContext, Page, Playwright

from .helpers import COUNT_LIVE_POLLS

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
TRANSLATIONS = ROOT / "companion" / "translations"

# Debian's headless shell: the same Chromium build as /usr/bin/chromium without the desktop
# browser around it (no browser UI to draw per window), as Playwright itself runs headless
# tests; the whole browser suite takes about half the processor time it takes in the full one.
CHROMIUM = "/usr/bin/chromium-headless-shell"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
DESKTOP = {"viewport": {"width": 1280, "height": 800}}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests of this folder (only these) as browser tests."""
    for item in items:
        if HERE == Path(item.path).resolve().parent or HERE in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "headless": True,
            "args": CHROMIUM_ARGS}


# --- translations ----------------------------------------------------------------------------

def _catalogs_compiled() -> bool:
    for po in TRANSLATIONS.glob("*/LC_MESSAGES/*.po"):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            return False
    return True


@pytest.fixture(scope="session")
def translation_dir() -> Iterator[str | None]:
    """The compiled catalogs. ``./test.sh`` compiles them in place (scripts/setup.sh); when they
    are missing or stale (pytest run directly), compile a copy in a temporary folder instead of
    writing into the app's tree, so the Hungarian screens are really Hungarian."""
    if _catalogs_compiled():
        yield None
        return
    folder = Path(tempfile.mkdtemp(prefix="tc-translations-"))
    for po in TRANSLATIONS.glob("*/LC_MESSAGES/*.po"):
        target = folder / po.relative_to(TRANSLATIONS).with_suffix(".mo")
        target.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as source:
            catalog = read_po(source)
        with target.open("wb") as out:
            write_mo(out, catalog)
    yield str(folder)
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def live_server(live_server, translation_dir):
    """The shared ``live_server`` (tests/conftest.py), with compiled catalogs when needed."""
    if translation_dir:
        from companion.extensions import babel

        live_server.app.extensions["babel"].translation_directories = [translation_dir]
        babel.domain_instance.cache.clear()     # the Domain's cache is shared by every app
    return live_server


# --- devices -------------------------------------------------------------------------------

@dataclass
class Log:
    """What the browser reported, per context: console messages, page errors, and the requests
    of a test that asks for them (``record_requests``: each request is one more message from
    the browser to the test, so only in a test marked ``browser_requests``); with the answers of 500 or more
    the test's server sent (``server_errors``, the live server's own list)."""

    console: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    page_errors: dict[str, list[str]] = field(default_factory=dict)
    requests: dict[str, list[str]] = field(default_factory=dict)
    server_errors: list[str] = field(default_factory=list)
    names: dict[int, str] = field(default_factory=dict)
    record_requests: bool = False

    def watch(self, name: str, context: BrowserContext) -> None:
        self.names[id(context)] = name
        self.console[name], self.page_errors[name], self.requests[name] = [], [], []

        def on_page(page: Page) -> None:
            page.on("console", lambda msg: self.console[name].append((msg.type, msg.text)))
            page.on("pageerror", lambda err: self.page_errors[name].append(str(err)))

        context.on("page", on_page)
        if self.record_requests:
            context.on("request", lambda req: self.requests[name].append(req.url))

    def name_of(self, page: Page) -> str:
        return self.names[id(page.context)]

    def errors(self, name: str | None = None) -> list[str]:
        names = [name] if name else list(self.console)
        return [f"[{n}] console.{kind}: {text}" for n in names
                for kind, text in self.console[n] if kind == "error"]

    def csp_violations(self) -> list[str]:
        return [line for line in self.errors()
                if "content security policy" in line.lower() or "refused" in line.lower()]

    def assert_clean(self) -> None:
        """No CSP refusals, no uncaught script errors, no 5xx answers, in any context."""
        problems = self.csp_violations()
        problems += [f"[{n}] pageerror: {e}" for n, errs in self.page_errors.items() for e in errs]
        problems += [f"[server] {e}" for e in self.server_errors]
        assert not problems, "browser reported:\n" + "\n".join(problems)


@pytest.fixture
def browser_log(request) -> Log:
    log = Log(record_requests=request.node.get_closest_marker("browser_requests") is not None)
    if "live_server" in request.fixturenames:
        log.server_errors = request.getfixturevalue("live_server").errors
    return log


@pytest.fixture
def device(browser: Browser, browser_log: Log) -> Iterator[Callable[..., Page]]:
    """device(name, **context_args) -> a page in its own new context (own cookies)."""
    contexts: list[BrowserContext] = []

    def make(name: str, **context_args: Any) -> Page:
        # as on a phone that reaches the server over the home network's plain http, where no
        # service worker registers (test_install.py lets it, as on the serving machine itself)
        context_args.setdefault("service_workers", "block")
        context = browser.new_context(**context_args)
        context.add_init_script(COUNT_LIVE_POLLS)
        context.set_default_timeout(5000)
        context.set_default_navigation_timeout(10000)
        contexts.append(context)
        browser_log.watch(name, context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def phone(device, playwright: Playwright) -> Callable[..., Page]:
    """phone(name="phone", **overrides) -> a Pixel 7 page in its own context: one phone.

    Its pixels are CSS pixels (device scale 1, not the Pixel's 2.625): the layout, the touch
    and the user agent are the phone's, the screenshots (taken at CSS scale) the same size, and
    the browser rasterises a seventh of the pixels (a sixth of its processor time in the run)."""
    pixel = {**playwright.devices["Pixel 7"], "device_scale_factor": 1}
    count = iter(range(1, 100))

    def make(name: str | None = None, **overrides: Any) -> Page:
        return device(name or f"phone{next(count)}", **{**pixel, **overrides})

    return make


@pytest.fixture
def desktop(device) -> Callable[..., Page]:
    """desktop(name="desktop", **overrides) -> a 1280x800 page in its own context."""

    def make(name: str = "desktop", **overrides: Any) -> Page:
        return device(name, **{**DESKTOP, **overrides})

    return make


@pytest.fixture
def host_page(desktop) -> Page:
    """The big screen beside the table (1280x800)."""
    return desktop("host")
