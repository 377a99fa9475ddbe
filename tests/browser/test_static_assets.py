"""A phone's repeat view of its page asks the server for no script and no stylesheet: they are
kept under their hashed names (tests/test_static_assets.py reads the headers and the sizes)."""
from __future__ import annotations

from playwright.sync_api import expect

from .helpers import live_polls_due, start_table, take_seat


def test_a_repeat_view_of_a_phone_page_loads_no_script_or_stylesheet(live_server, host_page,
                                                                    phone, browser_log):
    asked: list[str] = []
    served = live_server.app.wsgi_app

    def record(environ, start_response):
        asked.append(environ["PATH_INFO"])
        return served(environ, start_response)

    live_server.app.wsgi_app = record
    code = start_table(host_page, live_server.url, players=("Anna", "Bence"))
    anna = phone("Anna")
    take_seat(anna, f"{live_server.url}/j/{code}", "Anna")
    assert any(path.startswith("/static/js/wake.") for path in asked)     # the phone's own script
    expect(anna.locator("button.rules-open")).to_be_visible()    # a part's script, loaded later
    asked.clear()
    anna.reload()
    expect(anna.locator("html")).to_have_attribute("data-awake", "")      # its scripts ran
    live_polls_due(anna)
    assert asked and not [path for path in asked if path.startswith("/static/")], asked
    browser_log.assert_clean()
