"""Behind an HTTPS reverse proxy: every cookie Secure, HSTS, the client's address from the proxy.
Without the setting the forwarded headers are ignored."""
from __future__ import annotations

import pytest

from tests.support import make_app, start_table

pytestmark = pytest.mark.database

FORWARDED = {"X-Forwarded-For": "192.168.1.23", "X-Forwarded-Proto": "https",
             "X-Forwarded-Host": "games.example"}


def cookies_set(response) -> list[str]:
    return response.headers.getlist("Set-Cookie")


def test_behind_a_proxy_every_cookie_is_secure_and_hsts_is_sent(tmp_path):
    app = make_app(tmp_path, PROXY_HOPS=1)
    host = app.test_client()
    created = host.post("/", data={"game": "score-pad", "players-0": "Anna"}, headers=FORWARDED)
    assert created.status_code == 303 and cookies_set(created)
    language = host.post("/lang", data={"lang": "hu", "next": "/"}, headers=FORWARDED)
    for response in (created, language, host.get("/", headers=FORWARDED)):
        assert all("Secure" in c for c in cookies_set(response)), cookies_set(response)
        assert response.headers["Strict-Transport-Security"] == "max-age=31536000"


def test_without_the_setting_no_cookie_is_secure_and_forwarded_headers_are_ignored(tmp_path):
    app = make_app(tmp_path)
    host = app.test_client()
    created = host.post("/", data={"game": "score-pad", "players-0": "Anna"}, headers=FORWARDED)
    assert cookies_set(created) and not any("Secure" in c for c in cookies_set(created))
    assert "Strict-Transport-Security" not in created.headers
    # a forged X-Forwarded-For does not escape the limit on wrong codes
    for n in range(30):
        host.get(f"/go?code=AAAA{n}", headers={"X-Forwarded-For": f"10.0.0.{n}"})
    assert host.get("/go?code=AAAAA", headers={"X-Forwarded-For": "10.0.0.99"}).status_code == 429


def test_behind_a_proxy_the_limit_counts_each_client_address(tmp_path):
    app = make_app(tmp_path, PROXY_HOPS=1)
    client = app.test_client()
    for n in range(30):
        client.get(f"/go?code=AAAA{n}", headers={**FORWARDED, "X-Forwarded-For": "192.168.1.50"})
    assert client.get("/go?code=AAAAA", headers={
        **FORWARDED, "X-Forwarded-For": "192.168.1.50"}).status_code == 429
    code = start_table(client, players=("Anna",))
    assert client.get(f"/t/{code}", headers={**FORWARDED, "X-Forwarded-For": "192.168.1.51"}
                      ).status_code == 200
