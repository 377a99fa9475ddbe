"""Render once, keep the state: the replay a process keeps and the live fragments it shares
are the same as a fresh replay and a fresh render, whatever was entered and by which process."""
from __future__ import annotations

import html
import json
import re
import uuid

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion import record
from companion.extensions import db
from companion.games.base import Act, RuleError
from companion.models import Table
from companion.tables import service
from tests.support import examples, make_app, start_table, take_seat, text_of, untimed

pytestmark = [pytest.mark.database, pytest.mark.storage("the kept state and its snapshots across processes")]

PLAYERS = ("Anna", "Bence", "Csilla")
NONCES = re.compile(r'name="nonce" value="([0-9a-f]{32})"')
TOKENS = re.compile(r'name="csrf_token" value="([^"]+)"')


def fresh(app, code: str) -> record.Replay:
    """The table replayed from its stored log alone, as a process that just started would."""
    with app.app_context():
        return record.load(service.record_of(service.find(code)))


def kept(app, code: str) -> record.Replay:
    with app.app_context():
        return service.replay_of(service.find(code))


acts = st.lists(st.one_of(
    st.tuples(st.just("points"), st.sampled_from(PLAYERS), st.integers(1, 4), st.integers(-5, 30)),
    st.tuples(st.just("undo"), st.integers(1, 40)),
    st.tuples(st.just("end"),)),
    min_size=1, max_size=18)


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(acts=acts, writers=st.lists(st.booleans(), min_size=18, max_size=18))
def test_the_kept_state_is_a_fresh_replay_after_acts_undos_and_another_process(tmp_path_factory, acts, writers):
    folder = tmp_path_factory.mktemp("kept")
    # two apps on one database file: each keeps its own replays, as two server processes do
    first = make_app(folder)
    second = make_app(folder, SQLALCHEMY_DATABASE_URI=first.config["SQLALCHEMY_DATABASE_URI"])
    with first.app_context():
        code = service.create("score-pad", {}, list(PLAYERS))[0].code
    for act, by_second in zip(acts, writers):
        app = second if by_second else first
        if act[0] == "points":
            event = {"type": "points", "player": act[1], "round": act[2], "points": act[3]}
        elif act[0] == "undo":
            event = {"type": "undo", "event": act[1]}
        else:
            event = {"type": "end"}
        before = fresh(app, code)
        with app.app_context():
            try:
                service.append(service.find(code), Act(event, "host"))
            except (record.RecordError, RuleError):
                after = fresh(app, code)
                assert after.events == before.events        # refused: nothing written
        truth = fresh(first, code)
        for each in (first, second):
            mine = kept(each, code)
            assert mine.events == truth.events
            assert mine.state == truth.state
            assert mine.undone == truth.undone and mine.finished == truth.finished
            assert mine.result() == truth.result()
        with first.app_context():
            stored = db.session.scalar(db.select(Table.result).where(Table.code == code))
        assert stored == (truth.result() if truth.finished else None)


def bare(html: str) -> str:
    """A fragment without what belongs to one browser (its token, its nonces) or to one
    response (the server's clock as it left)."""
    html = re.sub(r'(?<=data-now=")\d+', "", html)
    return TOKENS.sub('name="csrf_token" value=""', NONCES.sub('name="nonce" value=""', html))


def test_a_shared_fragment_is_the_fresh_render_with_this_browsers_token_and_new_nonces(tmp_path):
    app = make_app(tmp_path, WTF_CSRF_ENABLED=True)
    host = app.test_client()
    token = TOKENS.search(host.get("/").get_data(as_text=True)).group(1)
    response = host.post("/", data={"csrf_token": token, "game": "score-pad",
                                    "players-0": "Anna", "players-1": "Bence"})
    code = response.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        service.append(service.find(code), Act({"type": "points", "player": "Anna", "round": 1,
                                             "points": 7}, "host"))
    # two screens of the same kind (onlookers on the host view), each with its own session
    one, two = app.test_client(), app.test_client()
    first = one.get(f"/t/{code}/live?v=0&view=host")
    second = two.get(f"/t/{code}/live?v=0&view=host")
    again = one.get(f"/t/{code}/live?v=0&view=host")
    a, b, c = (r.get_data(as_text=True) for r in (first, second, again))
    assert "\x1e" not in a + b + c                      # no marker ever reaches a browser
    assert bare(a) == bare(b) == bare(c)
    # the host's own fragment: its undo buttons carry the host's token and fresh nonces
    mine = host.get(f"/t/{code}/live?v=0&view=host").get_data(as_text=True)
    repeat = host.get(f"/t/{code}/live?v=0&view=host").get_data(as_text=True)
    assert "Undo" in text_of_html(mine) and bare(mine) == bare(repeat)
    nonces = NONCES.findall(mine) + NONCES.findall(repeat)
    assert nonces and len(set(nonces)) == len(nonces)
    host_token = TOKENS.search(mine).group(1)
    # the shared bytes carry the asking browser's token: the host's undo is accepted with it
    undo = host.post(f"/t/{code}/undo", data={"csrf_token": host_token, "screen": "host",
                                              "nonce": NONCES.findall(mine)[0]})
    assert undo.status_code == 303
    with app.app_context():
        assert untimed(service.record_of(service.find(code))["events"])[-1] == {"type": "undo", "event": 1}


def text_of_html(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def test_the_fragment_follows_every_change_and_each_seat_sees_its_own(app, client):
    code = start_table(client, players=PLAYERS)
    anna, bence = app.test_client(), app.test_client()
    take_seat(anna, code, 0)
    take_seat(bence, code, 1)
    for points in (3, 9):
        with app.app_context():
            service.append(service.find(code), Act({"type": "points", "player": "Anna", "round": 1,
                                                 "points": points}, "host"))
        for phone, name in ((anna, "Anna"), (bence, "Bence")):
            html = phone.get(f"/t/{code}/live?v=0&view=phone").get_data(as_text=True)
            assert re.search(rf'<td class="num total">\s*{points}\s*</td>', html)
            assert re.search(rf'<tr class="[^"]*mine[^"]*">.*?{name}', html, re.S)


def live_parts(app, monkeypatch, code: str, phones) -> tuple[list[str], list[str]]:
    """Each phone's live part of the table, and the templates drawn for them all (by name)."""
    rendered: list[str] = []
    real = app.jinja_env.get_template

    def counting(name, *args, **kwargs):
        rendered.append(name)
        return real(name, *args, **kwargs)
    monkeypatch.setattr(app.jinja_env, "get_template", counting)
    return rendered, [phone.get(f"/t/{code}/live?v=0&view=phone").get_data(as_text=True)
                      for phone in phones]


def test_what_every_seat_shows_alike_is_rendered_once_for_all_of_them(app, client, monkeypatch):
    code = start_table(client, players=PLAYERS)
    phones = [app.test_client() for _ in PLAYERS]
    for position, phone in enumerate(phones):
        take_seat(phone, code, position)
    with app.app_context():
        service.append(service.find(code), Act({"type": "points", "player": "Bence", "round": 1,
                                             "points": 4}, "host"))
    rendered, pages = live_parts(app, monkeypatch, code, phones)
    # a score pad keeps no turns and draws no seat's own move: one live part for every seat
    for shared in ("tables/_live.html", "tables/_scoreboard.html", "tables/_history.html",
                   "games/score_pad/sheet.html"):
        assert rendered.count(shared) == 1, shared
    for page, name in zip(pages, PLAYERS):
        assert "\x1e" not in page
        assert re.findall(r'<tr class="[^"]*mine[^"]*">\s*<td class="rank">[^<]*</td>\s*'
                          r'<td class="name">([^<]*)', page) == [name]
    # each phone's entry form follows its own next round (Bence's is 2, the others' 1)
    follows = [json.loads(html.unescape(re.search(r"id=\"follow\" hidden data-fields='([^']*)'",
                                                   page).group(1))) for page in pages]
    assert [f["points-round"] for f in follows] == ["1", "2", "1"]


def test_a_game_with_turns_draws_each_seats_own_live_part(app, client, monkeypatch):
    """Where a seat's live part is its own (whose turn it is, its move), it is rendered per seat."""
    code = start_table(client, game="calcada", players=PLAYERS[:2])
    phones = [app.test_client() for _ in PLAYERS[:2]]
    for position, phone in enumerate(phones):
        take_seat(phone, code, position)
    rendered, pages = live_parts(app, monkeypatch, code, phones)
    assert rendered.count("tables/_live.html") == 2
    assert "Your turn" in pages[0] and "Your turn" not in pages[1]


# a word of every table's live part and its translation (messages.po)
WORD = {"en": "Scoreboard", "hu": "Eredménytábla"}


def two_languages_at_one_table(app, client) -> tuple[str, dict]:
    """A table with an act and two onlookers' browsers, one in English and one that chose
    Hungarian."""
    code = start_table(client, players=PLAYERS)
    with app.app_context():
        service.append(service.find(code), Act({"type": "points", "player": "Anna", "round": 1,
                                             "points": 4}, "host"))
    browsers = {"en": app.test_client(), "hu": app.test_client()}
    assert browsers["hu"].post("/lang", data={"lang": "hu", "next": "/"}).status_code == 303
    return code, browsers


def assert_in_language(page: str, lang: str) -> None:
    other = "hu" if lang == "en" else "en"
    assert WORD[lang] in page and WORD[other] not in page, f"asked in {lang}, got: {page[:120]}"


@pytest.mark.parametrize("view", ["host", "phone"])
@pytest.mark.parametrize("first", ["en", "hu"])
def test_two_browsers_at_one_table_and_version_each_get_the_live_part_in_their_own_language(
        app, client, first, view):
    code, browsers = two_languages_at_one_table(app, client)
    # the second asks after the first: the same table, version and kind of viewer
    for lang in (first, "hu" if first == "en" else "en"):
        assert_in_language(text_of(browsers[lang].get(f"/t/{code}/live?v=0&view={view}")), lang)


@pytest.mark.parametrize("first", ["en", "hu"])
def test_two_browsers_at_one_table_and_version_each_get_the_screen_page_in_their_own_language(
        app, client, first):
    code, browsers = two_languages_at_one_table(app, client)
    # the page draws its live part as /live does, under the same key
    for lang in (first, "hu" if first == "en" else "en"):
        assert_in_language(text_of(browsers[lang].get(f"/t/{code}")), lang)


def test_a_finished_table_stores_its_result_and_the_home_page_reads_it(app, client):
    code = start_table(client, game="quadropolis", players=("Anna", "Bence"))
    assert client.post(f"/t/{code}/finish", data={"sure": "yes"}).status_code == 303
    with app.app_context():
        table = service.find(code)
        assert table.result is not None and table.result["finished"] is True
        winners = table.result["winners"]
        app.extensions["table_replays"].clear()
    home = client.get("/")
    assert "Finished" in text_of(home) and winners[0] in text_of(home)
    # the list was drawn from the stored result: the table was not replayed (nor scored)
    assert not app.extensions["table_replays"]
    assert client.post(f"/t/{code}/reopen").status_code == 303
    with app.app_context():
        assert service.find(code).result is None
    assert "Playing" in text_of(client.get("/"))
