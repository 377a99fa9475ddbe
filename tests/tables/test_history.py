"""The games page: the finished games a browser took part in, each player's statistics, the CSV
of the plays, names matched without regard to case and spacing, and names counted as one."""
from __future__ import annotations

import csv
import io
import json
import uuid

import pytest
from sqlalchemy import delete, select

from companion.extensions import db
from companion.games import GAMES
from companion.models import NameMerge, Sitting, Table
from companion.tables.history_page import name_key
from tests.games.calcada.test_web_and_cli import RECORD as CALCADA
from tests.games.oddville.test_example import RECORD as ODDVILLE
from tests.games.quadropolis.test_rules_and_cli import RECORD as QUADROPOLIS
from tests.support import enter, make_app, start_table, take_seat, text_of

pytestmark = pytest.mark.database

HOST = {"screen": "host"}


def play(client, scores: dict[str, list[int]]) -> str:
    """A score pad started and finished by ``client`` (the host screen): rounds of points."""
    code = start_table(client, players=tuple(scores))
    for name, rounds in scores.items():
        for number, points in enumerate(rounds, 1):
            assert enter(client, code, number, points, **HOST,
                         **{"points-player": name}).status_code == 303
    finished = client.post(f"/t/{code}/finish", data={"nonce": uuid.uuid4().hex, "sure": "yes"})
    assert finished.status_code == 303
    return code


@pytest.fixture
def three(client):
    """Three finished games hosted by ``client``: Anna 15, 30, 7; Bence 25, 10, 7 (a shared win)."""
    return [play(client, {"Anna": [10, 5], "Bence": [20, 5], "Csilla": [9]}),
            play(client, {"Anna": [30], "Bence": [10]}),
            play(client, {"Anna": [7], "Bence": [7]})]


def stats_row(page: str, player: str) -> str:
    """A statistics line as read: the player's name, then plays, wins, average, best."""
    start = page.index(" Players ")
    section = page[start:page.index(" Games ", start)]
    at = section.index(f" {player} ")
    return " ".join(section[at + 1:].split(" ")[:5])


def test_the_games_page_shows_each_players_plays_wins_average_and_best(client, three):
    page = text_of(client.get("/games"))
    assert stats_row(page, "Anna") == "Anna 3 2 17.3 30"
    assert stats_row(page, "Bence") == "Bence 3 2 14 25"
    assert stats_row(page, "Csilla") == "Csilla 1 0 9 9"
    # newest first; each game lists its players with their totals, every table linked
    html = client.get("/games").get_data(as_text=True)
    positions = [html.index(f"/t/{code}\"") for code in three]
    assert positions == sorted(positions, reverse=True)
    assert "<strong>Anna 30</strong>" in html and "<strong>Bence 25</strong>" in html
    assert "<strong>Anna 7</strong>" in html and "<strong>Bence 7</strong>" in html


def test_the_home_page_links_the_games_page(client):
    assert 'href="/games"' in client.get("/").get_data(as_text=True)


def test_another_browser_sees_none_of_them_unless_the_server_lists_every_game(app, client, three):
    stranger = app.test_client()
    page = text_of(stranger.get("/games"))
    assert "Anna" not in page and not any(code in page for code in three)
    assert "Games show here once they are finished." in page
    assert stranger.get("/games.csv").get_data(as_text=True) == \
        "\ufeffDate,Game,Table code,Player,Score,Rank,Winner\r\n"
    app.config["HISTORY_ALL_GAMES"] = True
    page = text_of(stranger.get("/games"))
    assert stats_row(page, "Anna") == "Anna 3 2 17.3 30"
    assert all(code in page for code in three)
    assert "Every finished game on this server." in page


def test_the_setting_is_read_from_the_environment_and_off_by_default(tmp_path, monkeypatch):
    assert make_app(tmp_path / "a").config["HISTORY_ALL_GAMES"] is False
    monkeypatch.setenv("COMPANION_HISTORY_ALL_GAMES", "1")
    assert make_app(tmp_path / "b").config["HISTORY_ALL_GAMES"] is True


def test_an_unfinished_game_is_not_listed(client):
    code = start_table(client, players=("Anna", "Bence"))
    enter(client, code, 1, 12, **HOST, **{"points-player": "Anna"})
    assert code not in text_of(client.get("/games"))


def test_a_reopened_game_leaves_the_page_until_it_is_finished_again(client):
    code = play(client, {"Anna": [12], "Bence": [3]})
    assert code in text_of(client.get("/games"))
    assert client.post(f"/t/{code}/reopen", data={"nonce": uuid.uuid4().hex}).status_code == 303
    assert code not in text_of(client.get("/games"))
    assert read_csv(client.get("/games.csv")) == []


def read_csv(response) -> list[dict[str, str]]:
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    assert response.data.startswith(b"\xef\xbb\xbf")        # Excel reads the UTF-8
    return list(csv.DictReader(io.StringIO(response.data.decode("utf-8-sig"))))


def test_the_csv_has_one_row_per_player_per_play(client, three):
    rows = read_csv(client.get("/games.csv"))
    assert len(rows) == 3 + 2 + 2
    assert [r["Table code"] for r in rows] == [three[2]] * 2 + [three[1]] * 2 + [three[0]] * 3
    first = {r["Player"]: r for r in rows if r["Table code"] == three[0]}
    assert first["Bence"]["Score"] == "25" and first["Bence"]["Rank"] == "1"
    assert first["Bence"]["Winner"] == "1" and first["Csilla"]["Winner"] == "0"
    assert first["Anna"]["Game"] == "Score pad (any game)" and first["Anna"]["Date"][:2] == "20"
    tie = [r for r in rows if r["Table code"] == three[2]]
    assert [r["Winner"] for r in tie] == ["1", "1"]


def test_the_csv_keeps_hungarian_names_and_never_a_formula(client):
    play(client, {"Ödön": [5], "=1+1": [3]})
    client.set_cookie("lang", "hu")
    rows = read_csv(client.get("/games.csv"))
    assert {r["Játékos"] for r in rows} == {"Ödön", "'=1+1"}


def test_the_filters_keep_one_game_and_one_players_plays(client, three):
    code = play(client, {"Dóra": [3], "Anna": [4]})
    page = text_of(client.get("/games?player=dóra"))
    assert code in page and not any(c in page for c in three)
    assert "Dóra 1 0 3 3" in page and "Anna 4 3" not in page
    rows = read_csv(client.get("/games.csv?player=DÓRA"))
    assert [(r["Player"], r["Score"]) for r in rows] == [("Dóra", "3")]
    assert len(read_csv(client.get("/games.csv?game=score-pad"))) == 9
    assert read_csv(client.get("/games.csv?game=calcada")) == []
    empty = text_of(client.get("/games?game=calcada"))
    assert "No finished game matches these filters." in empty and "No games yet." in empty
    assert not any(c in empty for c in [*three, code])


def test_names_match_without_regard_to_case_and_spacing(client):
    assert name_key("  Bence   K. ") == name_key("bence k.") == "bence k."
    assert name_key("E\u0301va") == name_key("Éva")          # one way or the other to write É
    play(client, {"Bence": [10], "Anna": [1]})
    play(client, {"bence": [20], "Anna": [2]})
    play(client, {"Bence": [6], "Anna": [30]})
    play(client, {"Bence  K.": [4], "Anna": [3]})
    play(client, {"bence k.": [2], "Anna": [3]})
    page = text_of(client.get("/games"))
    # one player each, shown with the spelling used most
    assert stats_row(page, "Bence") == "Bence 3 2 12 20"
    assert "bence k. 2 1 3 4" in page or "Bence K. 2 1 3 4" in page
    after = page.index(" Players ")
    ends = [page.find(end, after) for end in (" Rivalries ", " Games ")]
    players = page[after:min(end for end in ends if end > 0)]     # the section that follows
    assert players.count("ence") == 2                 # two lines, not five
    assert "Count Anna Bence bence k. as" in page     # the names offered to merge


def merge(client, alias, name):
    return client.post("/games/merge", data={"alias": alias, "name": name})


def test_a_merged_name_counts_as_the_other_and_unmerging_splits_them_again(app, client):
    play(client, {"Bence": [10], "Anna": [1]})
    play(client, {"Bence K.": [20], "Anna": [2]})
    page = text_of(client.get("/games"))
    assert stats_row(page, "Bence") == "Bence 1 1 10 10"
    assert stats_row(page, "K.") and "Bence K. 1 1 20 20" in page
    assert merge(client, "Bence K.", "Bence").status_code == 303
    page = text_of(client.get("/games"))
    assert stats_row(page, "Bence") == "Bence 2 2 15 20"
    assert "Bence K. counts as Bence" in page
    assert {r["Player"] for r in read_csv(client.get("/games.csv"))} == {"Bence", "Anna"}
    assert len(read_csv(client.get("/games.csv?player=Bence"))) == 2
    # the merge is this browser's: another browser at the same tables counts them apart
    other = app.test_client()
    for code in [t.code for t in app_tables(app)]:
        other.get(f"/t/{code}")            # an onlooker: never a sitting
    assert "Anna" not in text_of(other.get("/games"))
    with app.app_context():
        alias = db.session.scalar(select(NameMerge.alias))
    assert alias == "bence k."
    assert client.post("/games/unmerge", data={"alias": alias}).status_code == 303
    page = text_of(client.get("/games"))
    assert stats_row(page, "Bence") == "Bence 1 1 10 10" and "Bence K. 1 1 20 20" in page
    assert client.post("/games/unmerge", data={"alias": alias}).status_code == 404


def app_tables(app) -> list[Table]:
    with app.app_context():
        return list(db.session.scalars(select(Table)))


def test_a_merge_names_only_names_seen_and_never_a_name_into_itself(app, client):
    play(client, {"Bence": [10], "Anna": [1]})
    for alias, name in (("Bence", "Bence"), ("Zoli", "Bence"), ("Bence", "x" * 500), ("", "")):
        response = merge(client, alias, name)
        assert response.status_code == 422
    assert "already counts as" in text_of(merge(client, "Bence", "Bence"))
    assert merge(client, "Anna", "Bence").status_code == 303
    assert merge(client, "Bence", "Anna").status_code == 422    # no longer a name of its own
    with app.app_context():
        assert db.session.scalars(select(NameMerge.name)).all() == ["Bence"]
    assert client.post("/games/unmerge", data={}).status_code == 400
    assert app.test_client().post("/games/unmerge", data={"alias": "anna"}).status_code == 400


@pytest.mark.parametrize("query, listed", [
    ("game=%3Cscript%3E", False), ("game=score-pad&player=%F0%9F%98%80", False),
    ("player=" + "x" * 5000, False), ("game=" + "y" * 100, False), ("player=%0A%0D%20", True),
    ("game[]=1&player[]=2", True), ("player=%C0%80", False), ("game=../../etc&player=Anna", False),
    ("player=%E2%80%AE", False), ("game=score-pad&game=calcada", True)])
def test_hostile_filters_answer_with_nothing_or_a_refusal_never_an_error(client, query, listed):
    code = play(client, {"Anna": [3], "Bence": [4]})
    page = client.get(f"/games?{query}")
    rows = client.get(f"/games.csv?{query}")
    assert page.status_code == rows.status_code and page.status_code in (200, 400)
    if page.status_code == 200:
        assert (code in text_of(page)) is listed
        assert len(read_csv(rows)) == (2 if listed else 0)


def test_hostile_filter_with_nul_is_refused(client):
    assert client.get("/games?player=%00").status_code == 400


def imported(client, data: dict) -> str:
    response = client.post("/import", data={"record": (io.BytesIO(json.dumps(data).encode()),
                                                       "game.json")})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def finished(data: dict) -> dict:
    events = data["events"]
    return {**data, "events": events if events[-1] == {"type": "end"} else
            [*events, {"type": "end"}]}


DOODLE = {"format": "table-companion-record", "version": 1, "game": "doodle-city",
          "options": {"tally": True}, "players": [{"name": "Anna"}, {"name": "Bence"}],
          "events": [{"type": "tally", "player": "Anna", "hotels": [5, 3], "shops": [4],
                      "bonuses": [], "taxis": 0, "trees": 1},
                     {"type": "tally", "player": "Bence", "hotels": [7, 12, 3], "shops": [],
                      "bonuses": [5], "taxis": 2, "trees": 2},
                     {"type": "end"}]}


def test_best_single_per_game_from_finished_examples(client):
    """Doodle City's best hotel, Calçada's best district, OddVille's best card, Quadropolis'
    best activation: the largest of each player's units in the stored result; none for the
    score pad."""
    for data in (DOODLE, CALCADA, ODDVILLE, QUADROPOLIS):
        imported(client, finished(data))
    play(client, {"Anna": [40], "Bence": [2]})
    page = text_of(client.get("/games"))
    page = page[page.index(" Players "):]
    # Doodle City, from the hotels circled: Anna 5 and 3, Bence 7, 12 and 3
    assert "Best hotel: 5" in page and "Best hotel: 12" in page
    # Calçada's worked game: every player's best completion scores 6 (Csilla's others 5 and 6)
    assert page.count("Best district: 6") == 3
    # OddVille's rulebook example: Red's card E scores 3 for each of its 2 neighbours (card F
    # 3, the Main Square 4: 13); Purple's cards B and D score 5 each
    oddville = page[page.index("OddVille"):]
    assert "Red 1 1 13 13 Best card: 6" in oddville
    assert "Purple 1 0 10 10 Best card: 5" in oddville
    # Quadropolis: the best activation of each city (the optimum)
    assert "Best activation:" in page
    # the score pad has no single unit: its table has no such column
    pad = page[page.index("Score pad"):page.index("Doodle City")]
    assert "Anna 1 1 40 40" in pad
    assert "Best" in pad and "Best single" not in pad and "—" not in pad


def test_the_best_single_unit_is_the_largest_in_each_game_result():
    from companion import record
    for data in (DOODLE, CALCADA, ODDVILLE, QUADROPOLIS):
        result = record.load(finished(data)).result()
        game = GAMES[data["game"]]
        for player in result["players"]:
            label, points = game.rules.best_single(player)
            details = player["details"]
            units = {"doodle-city": details.get("hotel_circled"),
                     "calcada": [c["points"] for c in details.get("completions", [])],
                     "oddville": [c["points"] for c in details.get("cards", [])],
                     "quadropolis": [details.get("best_possible")]}[data["game"]]
            assert points == max(units) and str(label).startswith("Best ")
    assert GAMES["score-pad"].rules.best_single({"name": "A", "total": 3, "details": {}}) is None


def test_an_older_stored_result_without_the_detail_shows_a_dash(app, client):
    code = imported(client, finished(CALCADA))
    with app.app_context():
        table = db.session.scalar(select(Table).where(Table.code == code))
        table.result = {**table.result, "players": [{k: v for k, v in p.items() if k != "details"}
                                                    for p in table.result["players"]]}
        db.session.commit()
    page = text_of(client.get("/games"))
    assert "Best single" in page and "Bence 1 1 31 31 —" in page


def sittings(app) -> list[tuple[str, int]]:
    with app.app_context():
        return list(db.session.execute(select(Sitting.browser_hash, Sitting.table_id)).all())


def test_a_sitting_is_recorded_once_for_the_host_and_each_seat(app, client):
    code = start_table(client, players=("Anna", "Bence"))
    phone = app.test_client()
    take_seat(phone, code, 1)
    assert len(sittings(app)) == 2
    for _ in range(3):
        client.get(f"/t/{code}")
        phone.get(f"/t/{code}/phone")
    assert len(sittings(app)) == 2 and len({h for h, _t in sittings(app)}) == 2
    cookie = phone.get_cookie("tc_browser")
    assert cookie is not None and cookie.http_only and cookie.same_site == "Lax"
    assert cookie.max_age == 365 * 86400
    onlooker = app.test_client()
    onlooker.get(f"/t/{code}")
    assert len(sittings(app)) == 2 and onlooker.get_cookie("tc_browser") is None


def test_a_screen_opened_with_a_seat_held_from_before_is_recorded(app, client):
    """Seats taken before the games page existed: the next visit of the screen records them."""
    code = start_table(client, players=("Anna", "Bence"))
    phone = app.test_client()
    take_seat(phone, code, 0)
    with app.app_context():
        db.session.execute(delete(Sitting))
        db.session.commit()
    phone.delete_cookie("tc_browser")
    client.delete_cookie("tc_browser")
    assert phone.get(f"/t/{code}/phone").status_code == 200
    assert client.get(f"/t/{code}").status_code == 200
    assert len(sittings(app)) == 2
    enter(phone, code, 1, 9)
    client.post(f"/t/{code}/finish", data={"nonce": uuid.uuid4().hex, "sure": "yes"})
    assert code in text_of(phone.get("/games"))


def test_a_claimed_host_screen_is_recorded(app, client, runner):
    from tests.games.oddville.test_example import RECORD
    code = imported(client, finished(RECORD))
    claimant = app.test_client()
    token = None
    with app.app_context():
        from companion.tables import service
        token = service.claim_link(service.find(code))
    assert claimant.post(f"/t/{code}/claim/{token}", data={}).status_code == 303
    assert code in text_of(claimant.get("/games"))
