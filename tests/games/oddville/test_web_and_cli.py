"""OddVille at the table: a table is started or imported, the screens show the city, the
scoreboard and the history, and the command line scores the same record."""
from __future__ import annotations

import html
import io
import json

from click.testing import CliRunner

from companion import record
from companion.cli import cli
from tests.support import events as logged, exported_untimed, start_table, take_seat, text_of as escaped_text_of

from .test_example import PLAYERS, RECORD
from .test_rules import build, end, envelope


def text_of(response) -> str:
    """What a player reads: the page's text with its entities (e.g. &#39;) decoded."""
    return html.unescape(escaped_text_of(response))


def upload(client, data: dict):
    upload = (io.BytesIO(json.dumps(data).encode()), "game.json")
    return client.post("/import", data={"record": upload}, content_type="multipart/form-data")


def imported(client, data: dict) -> str:
    response = upload(client, data)
    assert response.status_code == 303, text_of(response)
    return response.headers["Location"].rsplit("/", 1)[1]


def test_an_oddville_table_starts_with_the_city_and_each_players_first_resource_worker(
        app, client):
    code = start_table(client, game="oddville", players=PLAYERS)
    page = text_of(client.get(f"/t/{code}"))
    assert "OddVille" in page and "The city" in page and "Main Square" in page
    assert "Setup: Blue puts a worker on the resource board" in page
    for label in ("Buildings", "Main Square", "Characters", "Workers on resources"):
        assert label in page
    phone = app.test_client()
    take_seat(phone, code, 2)
    phone_page = text_of(phone.get(f"/t/{code}/phone"))
    assert "Red's figures" in phone_page and "Tap a + to build there." in phone_page
    exported = exported_untimed(client, code)
    assert exported.pop("started")          # a table started here: when, by the server's clock
    assert exported == envelope(PLAYERS, [{"type": "resource_workers", "player": p, "count": 1,
                                           "setup": True}
                                          for p in PLAYERS])


def test_oddville_is_for_two_to_four_players(client):
    response = client.post("/", data={"game": "oddville", "players-0": "Anna"})
    assert response.status_code == 422
    assert "OddVille needs 2 to 4 players." in text_of(response)


def test_an_imported_game_shows_its_scores_and_history_in_words(client):
    code = imported(client, RECORD)
    page = text_of(client.get(f"/t/{code}"))
    assert "Red built 1 below the Main Square: 3 points per neighbour" in page
    assert "Blue built 1 left of the Main Square: diamond card" in page
    assert "Red put a worker on the Main Square" in page
    source = client.get(f"/t/{code}").get_data(as_text=True)
    for total in (8, 10, 13, 7):
        assert f'<td class="num total">{total}</td>' in source


def test_the_history_describes_characters_and_the_resource_board(client):
    code = imported(client, envelope(("Anna", "Bence"), [
        {"type": "character", "player": "Anna", "name": "Builder", "points": 2},
        {"type": "lose_character", "player": "Anna", "name": "Builder"},
        {"type": "resource_workers", "player": "Bence", "count": 3}]))
    page = text_of(client.get(f"/t/{code}"))
    assert "Anna took the character Builder" in page
    assert "Anna gave back the character Builder" in page
    assert "Bence has 3 workers on the resource board" in page


def test_a_tie_decided_by_the_trigger_is_explained_on_the_final_scoreboard(client):
    events = [*[build("Anna", 0, c) for c in range(1, 7)],
              {"type": "character", "player": "Bence", "name": "Seignior", "points": 24},
              end("Anna")]
    code = imported(client, envelope(("Anna", "Bence"), events))
    page = text_of(client.get(f"/t/{code}"))
    assert "Winner: Anna" in page
    assert "decided by the end's trigger, then clockwise from the trigger" in page


def test_an_illegal_record_is_refused_at_import_naming_the_event(app, client):
    bad = envelope(PLAYERS, [build("Blue", 0, 1), build("Red", 0, 1)])
    response = upload(client, bad)
    assert response.status_code == 422
    assert "Event 2 (build): Row 0, column 1 already has Blue's card; cards never move." \
        in text_of(response)


def test_companion_score_and_check_handle_an_oddville_record(tmp_path):
    path = tmp_path / "city.json"
    path.write_text(json.dumps(RECORD))
    scored = CliRunner().invoke(cli, ["score", str(path)])
    assert scored.exit_code == 0, scored.output
    assert json.loads(scored.output) == record.load(RECORD).result()
    assert [p["total"] for p in json.loads(scored.output)["players"]] == [8, 10, 13, 7]
    checked = CliRunner().invoke(cli, ["check", str(path)])
    assert (checked.exit_code, checked.output) == (0, "ok\n")


def test_companion_check_exits_2_naming_the_illegal_build(tmp_path):
    bad = envelope(PLAYERS, [build("Blue", 0, 1), build("Red", 2, 2)])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    for command in ("check", "score"):
        out = CliRunner().invoke(cli, [command, str(path)])
        assert out.exit_code == 2
        assert out.stderr.strip() == (
            "error: event 2 (build): Row 2, column 2 is not next to the city: a card goes "
            "beside, below or above a card already built, never only diagonally.")


def test_companion_score_of_an_exported_table_agrees_with_the_web_app(client, tmp_path):
    code = imported(client, {**RECORD, "events": [*RECORD["events"], {"type": "end"}]})
    exported = client.get(f"/t/{code}/record.json").get_json()
    path = tmp_path / "export.json"
    path.write_text(json.dumps(exported))
    out = CliRunner().invoke(cli, ["score", str(path)])
    assert out.exit_code == 0, out.output
    result = json.loads(out.output)
    assert result == record.load(exported).result()
    assert result["finished"] is True and result["winners"] == ["Red"]
    page = text_of(client.get(f"/t/{code}"))
    assert "Final result" in page and "Winner: Red" in page


def test_the_host_finishing_the_game_names_the_trigger_so_the_tie_break_applies(client):
    events = [*[build("Anna", 0, c) for c in range(1, 7)],
              {"type": "character", "player": "Bence", "name": "Seignior", "points": 24}]
    code = imported(client, envelope(("Anna", "Bence"), events))
    client.post(f"/t/{code}/host")                    # an imported table: claim the host screen
    assert client.post(f"/t/{code}/finish", data={"sure": "yes"}).status_code == 303
    assert logged(client, code)[-1] == {"type": "end", "trigger": "Anna"}
    assert "Winner: Anna" in text_of(client.get(f"/t/{code}"))
