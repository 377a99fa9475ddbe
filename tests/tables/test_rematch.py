"""A rematch: one tap on a finished table's host screen starts the next game with the same game,
players and options; the old table's phones and host screen follow to their places there."""
from __future__ import annotations

import threading
import uuid

import pytest
from sqlalchemy import select

from companion.extensions import db
from companion.models import Table
from companion.tables import service
from tests.games.calcada.test_web_and_cli import RECORD as CALCADA
from tests.games.doodle_city.test_game import FOUR_PLAYERS as DOODLE_EVENTS
from tests.games.doodle_city.test_rules import NAMES as DOODLE_NAMES, SHEET as DOODLE_SHEET
from tests.games.oddville.test_example import RECORD as ODDVILLE
from tests.games.quadropolis.test_rules_and_cli import RECORD as QUADROPOLIS
from tests.support import LiveServer, Phone, enter, events, make_app, table_count, text_of

pytestmark = pytest.mark.database


def post(client, path: str, **fields):
    return client.post(path, data={"nonce": uuid.uuid4().hex, **fields})


def finish(client, code: str):
    response = post(client, f"/t/{code}/finish", sure="yes")
    assert response.status_code == 303
    return response


def rematch(client, code: str, order: str = "rotate"):
    return post(client, f"/t/{code}/rematch", order=order)


def new_code(response) -> str:
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rstrip("/").rsplit("/", 1)[1]


def stored(app, code: str) -> Table:
    with app.app_context():
        table = db.session.scalar(select(Table).where(Table.code == code))
        db.session.expunge(table)
        return table


def players(client, code: str) -> list[str]:
    return [p["name"] for p in client.get(f"/t/{code}/record.json").get_json()["players"]]


@pytest.fixture
def finished(client, table, anna, bence):
    """Anna 12, Bence 20, Csilla 9 in round 1, finished; Anna's and Bence's phones seated."""
    enter(anna, table, 1, 12)
    enter(bence, table, 1, 20)
    enter(client, table, 1, 9, screen="host", **{"points-player": "Csilla"})
    finish(client, table)
    return table


# --- who may, and when ----------------------------------------------------------------------

def test_a_game_still_in_play_has_no_rematch(app, client, table):
    before = table_count(app)
    response = rematch(client, table)
    assert response.status_code == 409
    assert "The game is not finished: finish it first" in text_of(response)
    assert table_count(app) == before
    assert stored(app, table).next_code is None


def test_only_the_host_screen_starts_a_rematch(app, client, finished, anna):
    before = table_count(app)
    assert rematch(anna, finished).status_code == 403
    assert rematch(app.test_client(), finished).status_code == 403
    assert rematch(client, "NOPE1").status_code == 404
    assert table_count(app) == before


@pytest.mark.parametrize("order", ["", "first", "rotate "])
def test_an_unknown_seat_order_is_refused(app, client, finished, order):
    before = table_count(app)
    assert rematch(client, finished, order).status_code == 400
    assert table_count(app) == before
    assert stored(app, finished).next_code is None


# --- the new table --------------------------------------------------------------------------

def test_next_player_starts_the_host_screen_moves_there(app, client, finished):
    version = stored(app, finished).version
    response = rematch(client, finished, "rotate")
    code = new_code(response)
    assert code != finished
    assert response.headers["Location"] == f"/t/{code}"
    assert players(client, code) == ["Bence", "Csilla", "Anna"]
    assert events(client, code) == []
    old = stored(app, finished)
    assert old.next_code == code
    assert old.version == version + 1          # the old table's screens see the change
    # the host screen holds the new table with the same secret it held the old one with
    page = client.get(f"/t/{code}")
    assert "Enter for any seat" in text_of(page)
    assert client.get_cookie(f"tc_host_{code}").value == client.get_cookie(f"tc_host_{finished}").value


def test_the_seat_order_can_be_kept(client, finished):
    code = new_code(rematch(client, finished, "keep"))
    assert players(client, code) == ["Anna", "Bence", "Csilla"]


def test_a_second_tap_lands_on_the_same_new_table(app, client, finished):
    before = table_count(app)
    first = new_code(rematch(client, finished, "rotate"))
    second = new_code(rematch(client, finished, "keep"))
    assert second == first
    assert table_count(app) == before + 1
    assert players(client, first) == ["Bence", "Csilla", "Anna"]


def test_two_taps_at_once_make_one_rematch(tmp_path):
    """Two posts from the host screen through a real server at the same moment."""
    app = make_app(tmp_path)
    with LiveServer(app) as server:
        host = Phone(server.url)
        status, location = host.post("/", game="score-pad", **{"players-0": "Anna",
                                                                "players-1": "Bence"})
        assert status == 303
        code = location.rsplit("/", 1)[1]
        assert host.post(f"/t/{code}/finish", sure="yes", nonce=uuid.uuid4().hex)[0] == 303
        before = table_count(app)
        answers: list[tuple[int, str]] = []
        start = threading.Barrier(2)

        def tap() -> None:
            start.wait()
            answers.append(host.post(f"/t/{code}/rematch", order="rotate",
                                     nonce=uuid.uuid4().hex))

        taps = [threading.Thread(target=tap) for _ in range(2)]
        for thread in taps:
            thread.start()
        for thread in taps:
            thread.join(60)
    assert len(answers) == 2 and {status for status, _ in answers} == {303}
    assert answers[0][1] == answers[1][1] != f"/t/{code}"
    assert table_count(app) == before + 1


FINISHED_GAMES = {
    # game: (finished record, the events a rematch of it starts with, players rotated)
    "calcada": (CALCADA, lambda names: []),
    "doodle-city": ({"format": "table-companion-record", "version": 1, "game": "doodle-city",
                     "options": {"sheet": DOODLE_SHEET},
                     "players": [{"name": n} for n in DOODLE_NAMES],
                     "events": DOODLE_EVENTS}, lambda names: []),
    "oddville": ({**ODDVILLE, "events": ODDVILLE["events"] + [{"type": "end"}]},
                 lambda names: [{"type": "resource_workers", "player": n, "count": 1,
                                 "setup": True} for n in names]),
    "quadropolis": (QUADROPOLIS, lambda names: [{"type": "round", "round": 1}]),
}


@pytest.mark.parametrize("game", sorted(FINISHED_GAMES))
def test_every_game_starts_again_with_its_options_and_setup(app, client, game):
    record, setup = FINISHED_GAMES[game]
    names = [p["name"] for p in record["players"]]
    with app.app_context():
        old, secret = service.create(game, record["options"], names, record["events"])
        code = old.code
        assert old.result is not None            # the record is a finished game
    client.set_cookie(f"tc_host_{code}", secret)
    new = new_code(rematch(client, code, "rotate"))
    exported = client.get(f"/t/{new}/record.json").get_json()
    rotated = names[1:] + names[:1]
    assert exported["game"] == game
    assert exported["options"] == record["options"]
    assert [p["name"] for p in exported["players"]] == rotated
    assert exported["events"] == setup(rotated)
    assert "Final result" not in text_of(client.get(f"/t/{new}"))


# --- the old table's screens follow -------------------------------------------------------------

def test_each_phone_follows_to_its_own_seat(app, client, finished, anna, bence):
    code = new_code(rematch(client, finished, "rotate"))
    for phone, name in ((anna, "Anna"), (bence, "Bence")):
        response = phone.get(f"/t/{finished}/next?view=phone")
        assert response.status_code == 303
        assert response.headers["Location"] == f"/t/{code}/phone"
        page = phone.get(f"/t/{code}/phone")
        assert page.status_code == 200
        assert f"<h1>{name}</h1>" in page.get_data(as_text=True)
    # Csilla had no phone: her seat at the new table is free for any phone
    join = text_of(app.test_client().get(f"/j/{code}"))
    assert "Csilla" in join


def test_a_screen_without_a_place_goes_to_the_join_page(app, client, finished):
    code = new_code(rematch(client, finished))
    response = app.test_client().get(f"/t/{finished}/next")
    assert response.status_code == 303
    assert response.headers["Location"] == f"/j/{code}"


def test_the_host_screen_follows_too(client, finished):
    code = new_code(rematch(client, finished))
    response = client.get(f"/t/{finished}/next?view=host")
    assert response.headers["Location"] == f"/t/{code}"


def test_a_seat_freed_at_the_new_table_is_not_followed_into(app, client, finished, anna):
    code = new_code(rematch(client, finished, "keep"))
    assert post(client, f"/t/{code}/seat/0/free", sure="yes", screen="host").status_code == 303
    response = anna.get(f"/t/{finished}/next?view=phone")
    assert response.headers["Location"] == f"/j/{code}"
    assert anna.get_cookie(f"tc_seat_{code}") is None


def test_before_any_rematch_next_returns_to_the_screen(client, finished, anna):
    assert anna.get(f"/t/{finished}/next?view=phone").headers["Location"] == \
        f"/t/{finished}/phone"
    assert client.get(f"/t/{finished}/next").headers["Location"] == f"/t/{finished}"
    assert client.get("/t/NOPE1/next").status_code == 404


@pytest.mark.parametrize("seen_finished", [0, 1])
def test_the_live_view_of_the_old_table_sends_every_screen_on(app, client, finished, anna,
                                                              seen_finished):
    version = stored(app, finished).version
    new_code(rematch(client, finished))
    for screen, view in ((anna, "phone"), (client, "host")):
        response = screen.get(f"/t/{finished}/live?v={version}&view={view}"
                              f"&finished={seen_finished}")
        assert response.status_code == 200
        assert response.headers["HX-Redirect"] == f"/t/{finished}/next?view={view}"
        assert "HX-Refresh" not in response.headers     # a reload would cancel the move


def test_a_live_view_without_a_rematch_sends_nobody_anywhere(app, client, finished, anna):
    version = stored(app, finished).version
    response = anna.get(f"/t/{finished}/live?v={version - 1}&view=phone&finished=1")
    assert response.status_code == 200
    assert "HX-Redirect" not in response.headers


def test_finished_screens_say_what_comes_next(app, client, finished, anna):
    host = text_of(client.get(f"/t/{finished}"))
    assert "Next player starts: Bence" in host
    assert "Keep the seat order: Anna starts" in host
    phone = text_of(anna.get(f"/t/{finished}/phone"))
    assert "Waiting for the host: rematch?" in phone
    assert "Next player starts" not in phone

    new_code(rematch(client, finished))
    for screen, path, view in ((anna, f"/t/{finished}/phone", "phone"),
                               (app.test_client(), f"/t/{finished}", "host")):
        html = screen.get(path).get_data(as_text=True)
        assert f'href="/t/{finished}/next?view={view}"' in html
        assert "The next game is ready: join it" in html
        assert "Waiting for the host" not in html


def test_the_story_page_follows_to_the_rematch_too(app, client, finished, anna):
    """It follows the table (its own quiet poll) and, without JavaScript, links to the next game."""
    version = stored(app, finished).version
    story = anna.get(f"/t/{finished}/story").get_data(as_text=True)
    assert f"/t/{finished}/live?v={version}&amp;view=story&amp;wait=1" in story
    assert "The next game is ready" not in story
    assert anna.get(f"/t/{finished}/live?v={version}&view=story").status_code == 204
    new_code(rematch(client, finished))
    for screen, view in ((anna, "phone"), (client, "host")):
        response = screen.get(f"/t/{finished}/live?v={version}&view=story")
        assert response.headers["HX-Redirect"] == f"/t/{finished}/next?view={view}"
        assert response.get_data() == b""
        html = screen.get(f"/t/{finished}/story").get_data(as_text=True)
        assert f'href="/t/{finished}/next?view={view}"' in html


def test_a_story_page_whose_game_was_reopened_is_drawn_again(app, client, finished, anna):
    version = stored(app, finished).version
    assert post(client, f"/t/{finished}/reopen").status_code == 303
    response = anna.get(f"/t/{finished}/live?v={version}&view=story")
    assert response.headers["HX-Refresh"] == "true" and "HX-Redirect" not in response.headers


def test_a_game_in_play_shows_no_rematch(client, table, anna):
    assert "Rematch" not in text_of(client.get(f"/t/{table}"))
    assert "Waiting for the host" not in text_of(anna.get(f"/t/{table}/phone"))


def test_a_game_with_a_rematch_is_not_reopened(app, client, finished):
    new_code(rematch(client, finished))
    assert "Reopen the game" not in text_of(client.get(f"/t/{finished}"))
    response = post(client, f"/t/{finished}/reopen")
    assert response.status_code == 422
    assert "The next game has started from this one" in text_of(response)
    assert events(client, finished)[-1] == {"type": "end"}
    assert stored(app, finished).result is not None


def test_the_hungarian_screens_offer_the_rematch(client, finished, anna):
    client.set_cookie("lang", "hu")
    anna.set_cookie("lang", "hu")
    assert "A következő játékos kezd: Bence" in text_of(client.get(f"/t/{finished}"))
    assert "Visszavágó? A fő képernyőn lehet elindítani." in \
        text_of(anna.get(f"/t/{finished}/phone"))
