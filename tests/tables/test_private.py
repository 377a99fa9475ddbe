"""Private tables: a browser sees only its own tables; guessing codes is slowed, playing is not."""
from __future__ import annotations

import pytest

from tests.games.doodle_city.test_web import act, set_up, start
from tests.support import enter, make_app, start_table, take_seat, text_of

pytestmark = [pytest.mark.database, pytest.mark.storage("the limits' shared counts behind one address")]


def test_the_home_page_lists_only_the_tables_this_browser_hosts_or_sits_at(app, client):
    mine = start_table(client, players=("Anna", "Bence"))
    other_host = app.test_client()
    theirs = start_table(other_host, players=("Dóra", "Ede"))
    phone = app.test_client()
    take_seat(phone, theirs, 0)
    assert mine in text_of(client.get("/")) and theirs not in text_of(client.get("/"))
    home = phone.get("/").get_data(as_text=True)
    assert theirs in home and mine not in home and f"/t/{theirs}/phone" in home
    stranger = app.test_client()
    stranger.set_cookie(f"tc_host_{mine}", "forged")
    assert mine not in text_of(stranger.get("/"))
    assert "hosts or sits at" in text_of(stranger.get("/"))


def test_a_burst_of_wrong_codes_from_one_address_gets_429_with_a_clear_page(client):
    answers = [client.get(f"/go?code=AAAA{n}").status_code for n in range(30)]
    assert answers == [404] * 30
    slowed = client.get("/j/AAAAA")
    assert slowed.status_code == 429 and "Wait a minute" in text_of(slowed)


def test_wrong_codes_from_one_phone_never_slow_the_table_behind_the_same_router(app, client):
    code = start_table(client, players=("Anna", "Bence"))
    anna, guesser = app.test_client(), app.test_client()
    take_seat(anna, code, 0)
    for n in range(40):
        guesser.get(f"/go?code=AAAA{n}")
    assert guesser.get(f"/j/{code}").status_code == 429
    assert client.get(f"/t/{code}").status_code == 200
    assert anna.get(f"/t/{code}/phone").status_code == 200
    assert enter(anna, code, 1, 4).status_code == 303
    forged = app.test_client()
    forged.set_cookie(f"tc_seat_{code}", "forged")
    assert forged.get(f"/j/{code}").status_code == 429


def test_a_whole_table_behind_one_router_plays_without_a_limit(tmp_path):
    """Six phones and the host screen share one address: a long Doodle City evening."""
    app = make_app(tmp_path)
    host = app.test_client()
    code = start(host, dice="app", players=("A", "B", "C", "D", "E", "F"))
    set_up(host, code)
    phones = [app.test_client() for _ in range(6)]
    for seat, phone in enumerate(phones):
        take_seat(phone, code, seat)
    statuses = []
    # every phone polls and opens its screen, the host rolls: 120 requests from one address,
    # four times the wrong-code limit of 30 a minute
    for _round in range(6):
        statuses.append(act(host, code, "roll", host=True).status_code)
        for phone in phones:
            statuses += [phone.get(f"/t/{code}/live?view=phone&v=0").status_code,
                         phone.get(f"/t/{code}/phone").status_code,
                         act(phone, code, "tree").status_code]
        statuses.append(host.post(f"/t/{code}/undo", data={"screen": "host"}).status_code)
    assert 429 not in statuses and not [s for s in statuses if s >= 500]


def test_a_score_pad_evening_from_one_address_is_never_slowed(client):
    code = start_table(client, players=("Anna", "Bence"))
    for round_ in range(1, 51):       # 100 entries: three times the wrong-code limit a minute
        for player in ("Anna", "Bence"):
            assert enter(client, code, round_, 3, screen="host",
                         **{"points-player": player}).status_code == 303
