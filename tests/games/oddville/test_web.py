"""OddVille's screens through the web app: a phone builds, takes characters and moves its
resource workers; the end is announced with who still plays, and a late build is asked about
with the rule's words; ties go to the trigger; a quick tally names its trigger. The phones play
in turn (a worker card played is a pass) unless a test is about an act out of turn."""
from __future__ import annotations

import html
import json
import re
import uuid

from click.testing import CliRunner

from companion.cli import cli
from tests.support import events, start_table, take_seat, text_of as escaped_text_of, totals

from .test_rules import build as build_event, envelope
from .test_web_and_cli import imported

SEATS = ("Anna", "Bence", "Csilla")


def text_of(response) -> str:
    return html.unescape(escaped_text_of(response))


def table(app, client, **options: str):
    """A table started on the home page, with a phone per seat."""
    code = start_table(client, game="oddville", players=SEATS,
                       **{f"opt-oddville-{k}": v for k, v in options.items()})
    phones = {}
    for position, name in enumerate(SEATS):
        phones[name] = app.test_client()
        take_seat(phones[name], code, position)
    return code, phones


def build(phone, code: str, row: int, column: int, rule: str = "diamond",
          anyway: str | None = None, **fields: str):
    """The build sheet posted; ``anyway``: the yes to the question before an act out of turn."""
    data = {"build-row": str(row), "build-column": str(column), "build-rule": rule,
            **{f"build-{k}": v for k, v in fields.items()}, **({"anyway": anyway} if anyway else {})}
    return phone.post(f"/t/{code}/act/build", data=data)


def done(phone, code: str, **fields: str):
    """Done — pass: the turn ends with a worker card played (nothing built)."""
    return phone.post(f"/t/{code}/pass", data=fields)


def six_for_anna(phones, code: str, after: tuple[str, ...] = ("Bence", "Csilla")) -> None:
    """Anna builds a row of six in six turns; the others play worker cards between."""
    for column in range(1, 7):
        assert build(phones["Anna"], code, 0, column).status_code == 303
        if column < 6:
            for name in after:
                assert done(phones[name], code).status_code == 303


def test_a_phone_builds_with_the_keys_numbers_and_its_per_guild_card_shows_the_named_guild(
        app, client):
    code, phones = table(app, client)
    assert build(phones["Anna"], code, 0, 1, "per_diamond").status_code == 303
    assert build(phones["Bence"], code, 1, 0, "per_guild", named="lily", shield="2").status_code \
        == 303
    assert build(phones["Csilla"], code, 0, -1, "diamond", number="5",
                 edge_n="b", edge_e="s", edge_s="b", edge_w="b").status_code == 303
    built = [e for e in events(client, code) if e["type"] == "build"]
    assert built == [
        {"type": "build", "player": "Anna", "row": 0, "column": 1,
         "vp": {"rule": "per_diamond", "base": 3}},
        {"type": "build", "player": "Bence", "row": 1, "column": 0,
         "vp": {"rule": "per_guild", "base": 1, "guild": "lily"}, "guild": "lily", "shield": 2},
        {"type": "build", "player": "Csilla", "row": 0, "column": -1,
         "vp": {"rule": "diamond", "points": 5}, "edges": "bsbb"}]


def test_a_refused_build_says_why_in_words_and_changes_nothing(app, client):
    code, phones = table(app, client)
    before = events(client, code)
    response = build(phones["Anna"], code, 2, 2)
    assert response.status_code == 422
    assert "Row 2, column 2 is not next to the city" in text_of(response)
    response = build(phones["Anna"], code, 0, 1, edge_n="s", edge_e="s", edge_s="s", edge_w="b")
    assert response.status_code == 422
    assert "The Main Square has streets on its sides" in text_of(response)
    assert events(client, code) == before


def test_a_build_without_its_vp_rule_is_refused_with_the_reason(app, client):
    code, phones = table(app, client)
    response = phones["Anna"].post(f"/t/{code}/act/build",
                                   data={"build-row": "0", "build-column": "1"})
    assert response.status_code == 422 and "Tap the card's VP rule." in text_of(response)


def test_the_build_sheet_opens_on_a_free_spot_with_edges_preset_by_the_neighbours(app, client):
    code, phones = table(app, client)
    page = phones["Anna"].get(f"/t/{code}/phone?spot=0_1").get_data(as_text=True)
    sheet = re.search(r'<form id="build-sheet"[^>]*>', page).group(0)   # one sheet, picked in page
    assert 'data-panel="build"' in sheet and " hidden" not in sheet
    assert 'name="build-row" value="0"' in page and 'name="build-column" value="1"' in page
    assert 'name="build-edge_w" value="s" checked' in page       # the Main Square's street
    assert 'name="build-edge_n" value="?" checked' in page
    presets = json.loads(re.search(r"data-lookup='([^']*)'", sheet).group(1))
    assert presets["edge_w"]["0_1"] == "s" and presets["edge_n"]["0_1"] == "?"  # every spot's
    nowhere = phones["Anna"].get(f"/t/{code}/phone?spot=3_3").get_data(as_text=True)
    assert re.search(r'<form id="build-sheet"[^>]*data-panel="build" hidden', nowhere)
    host = client.get(f"/t/{code}?as=0&spot=0_1").get_data(as_text=True)   # the host: a link
    assert 'id="build-0_1"' in host


def test_a_diamond_card_is_offered_only_the_4_or_5_it_can_print(app, client):
    code, phones = table(app, client)
    page = phones["Anna"].get(f"/t/{code}/phone?spot=0_1").get_data(as_text=True)
    diamond = re.search(r'<fieldset class="ov-chips ov-diamond">(.*?)</fieldset>', page, re.S)
    assert re.findall(r'name="build-points" value="(\d+)"', diamond.group(1)) == ["4", "5"]
    assert 'name="build-points" value="4" checked' in page           # the common card
    assert build(phones["Anna"], code, 0, 1, points="5").status_code == 303
    assert events(client, code)[-1]["vp"] == {"rule": "diamond", "points": 5}
    refused = build(phones["Bence"], code, 1, 0, points="3")
    assert refused.status_code == 422 and "A diamond card prints 4 or 5 points." in text_of(refused)


def test_after_the_6th_worker_every_screen_names_the_trigger_and_the_base_end(app, client):
    code, phones = table(app, client)
    six_for_anna(phones, code)
    for screen in (client.get(f"/t/{code}"), phones["Csilla"].get(f"/t/{code}/phone")):
        text = text_of(screen)
        assert "Anna placed the 6th worker in the city." in text
        assert "The game ended with Anna's 6th worker; nobody plays another turn." in text


def anyway_of(response) -> str:
    """The token the question's yes posts back (whose turn the act is made out of)."""
    found = re.search(r'name="anyway" value="([^"]*)"', response.get_data(as_text=True))
    assert found, "no question on the screen"
    return found.group(1)


def test_a_late_build_is_asked_about_with_the_rules_words_then_entered_if_confirmed(app, client):
    code, phones = table(app, client)
    six_for_anna(phones, code)
    response = build(phones["Bence"], code, 1, 1)
    assert response.status_code == 409
    text = text_of(response)
    assert ("Bence has no turn left. The game ended with Anna's 6th worker; nobody plays "
            "another turn. Build 1 right, 1 below the Main Square anyway?") in text
    assert "Enter it anyway" in text and "Back, change nothing" in text
    assert build(phones["Bence"], code, 1, 1, anyway=anyway_of(response)).status_code == 303
    assert events(client, code)[-1]["player"] == "Bence"
    late_square = phones["Csilla"].post(f"/t/{code}/act/main_square", data={})
    assert late_square.status_code == 409 and "Csilla has no turn left." in text_of(late_square)


def test_a_late_main_square_worker_is_asked_about_with_the_rules_words_before_it_is_entered(
        app, client):
    code, phones = table(app, client)
    six_for_anna(phones, code)
    bar = phones["Csilla"].get(f"/t/{code}/phone").get_data(as_text=True)
    assert 'action="/t/%s/act/main_square"' % code in bar       # one tap, then the question
    before = len(events(client, code))
    asked = phones["Csilla"].post(f"/t/{code}/act/main_square", data={})
    assert asked.status_code == 409
    assert ("Csilla has no turn left. The game ended with Anna's 6th worker; nobody plays "
            "another turn. Put your worker on the Main Square anyway?") in text_of(asked)
    assert len(events(client, code)) == before
    assert phones["Csilla"].post(f"/t/{code}/act/main_square",
                                 data={"anyway": anyway_of(asked)}).status_code == 303
    last = events(client, code)[-1]
    assert (last["type"], last["player"]) == ("main_square", "Csilla")


def test_a_build_out_of_turn_is_asked_first_and_entered_on_the_second_post(app, client):
    code, phones = table(app, client)
    before = events(client, code)
    asked = build(phones["Bence"], code, 0, 1)            # Anna's turn
    assert asked.status_code == 409
    text = text_of(asked)
    assert "It is Anna's turn. Build 1 right of the Main Square anyway?" in text
    assert "Enter it anyway" in text and "Back, change nothing" in text
    assert events(client, code) == before
    again = build(phones["Bence"], code, 0, 1, anyway=anyway_of(asked))
    assert again.status_code == 303 and events(client, code)[-1]["player"] == "Bence"
    assert "Anna's turn" in text_of(client.get(f"/t/{code}"))   # Anna still has hers


def test_the_builders_power_builds_during_another_players_turn_unasked(app, client):
    code, phones = table(app, client)
    sheet = text_of(phones["Bence"].get(f"/t/{code}/phone?spot=0_1"))
    assert "It is Anna's turn" in sheet and "Out of turn: the Builder's power" in sheet
    assert "the Builder's power" not in text_of(phones["Anna"].get(f"/t/{code}/phone?spot=0_1"))
    assert build(phones["Bence"], code, 0, 1, builder="y").status_code == 303
    assert events(client, code)[-1]["builder"] is True
    assert "Bence built 1 right of the Main Square as the Builder" in text_of(
        client.get(f"/t/{code}"))
    assert "Anna's turn" in text_of(client.get(f"/t/{code}"))   # no turn of Bence's


def test_an_act_from_a_phones_offline_queue_is_entered_unasked(app, client):
    """The table played it while the phone was offline: it is not asked about turns."""
    code, phones = table(app, client)
    sent = phones["Csilla"].post(f"/t/{code}/pass", headers={"X-Queued": "1"},
                                 data={"nonce": uuid.uuid4().hex})
    assert (sent.status_code, sent.get_json()) == (200, {"ok": True})
    queued_build = phones["Bence"].post(                      # still Anna's turn
        f"/t/{code}/act/build", headers={"X-Queued": "1"},
        data={"build-row": "0", "build-column": "1", "build-rule": "diamond",
              "nonce": uuid.uuid4().hex})
    assert (queued_build.status_code, queued_build.get_json()) == (200, {"ok": True})
    assert [e["type"] for e in events(client, code)[-2:]] == ["pass", "build"]


def test_the_host_screen_passes_for_the_player_whose_turn_it_is(app, client):
    code, phones = table(app, client)
    page = client.get(f"/t/{code}").get_data(as_text=True)
    button = re.search(rf'<form method="post" action="/t/{code}/pass".*?</form>', page, re.S)
    assert 'name="player" value="Anna"' in button.group(0) and "Done — pass" in button.group(0)
    assert "Done — pass" not in text_of(phones["Bence"].get(f"/t/{code}/phone"))
    assert "Done — pass" in text_of(phones["Anna"].get(f"/t/{code}/phone"))
    passed = client.post(f"/t/{code}/pass", data={"screen": "host", "player": "Anna"})
    assert passed.status_code == 303
    assert events(client, code)[-1] == {"type": "pass", "player": "Anna"}
    assert "Anna played a worker card" in text_of(client.get(f"/t/{code}"))
    assert "Your turn" in text_of(phones["Bence"].get(f"/t/{code}/phone"))


def test_variant_1_lets_the_players_after_the_trigger_finish_the_round(app, client):
    code, phones = table(app, client, end="complete-round")
    assert client.get(f"/t/{code}/record.json").get_json()["options"] == {"end": "complete-round"}
    assert done(phones["Anna"], code).status_code == 303
    for column in range(1, 7):
        assert build(phones["Bence"], code, 0, column).status_code == 303
        if column < 6:
            done(phones["Csilla"], code)
            done(phones["Anna"], code)
    assert "Bence placed the 6th worker" in text_of(client.get(f"/t/{code}"))
    assert ("only the players after Bence still play, up to the last seat: Csilla."
            in text_of(client.get(f"/t/{code}")))
    assert "Csilla's turn: the last turn, one action: build, or a worker card" in text_of(
        client.get(f"/t/{code}"))
    assert build(phones["Csilla"], code, 1, 1).status_code == 303
    assert build(phones["Anna"], code, 1, 2).status_code == 409
    assert "The game is over: every last turn is played. The host finishes it." in text_of(
        client.get(f"/t/{code}"))


def test_variant_2_gives_everyone_but_the_trigger_one_last_turn(app, client):
    code, phones = table(app, client, end="last-turn")
    six_for_anna(phones, code)
    assert ("every other player takes one last turn: Bence, Csilla."
            in text_of(client.get(f"/t/{code}")))
    assert build(phones["Bence"], code, 1, 1).status_code == 303
    assert build(phones["Anna"], code, 1, 2).status_code == 409
    again = build(phones["Bence"], code, 1, 2)          # Bence has played his last turn
    assert again.status_code == 409 and "Bence has no turn left." in text_of(again)
    assert done(phones["Csilla"], code).status_code == 303


def test_resource_workers_and_characters_stay_correctable_after_the_6th_worker(app, client):
    code, phones = table(app, client)
    six_for_anna(phones, code)
    anna = phones["Anna"]
    assert anna.post(f"/t/{code}/act/resource_workers",
                     data={"resource_workers-count": "3", "replaces": "1"}).status_code == 303
    assert anna.post(f"/t/{code}/act/character",
                     data={"character-name": "Builder", "character-points": "2"}).status_code == 303
    assert totals(client, code)["Anna"] == 6 * 4 + 3 + 2


def test_every_player_starts_with_the_setups_worker_on_the_resource_board(app, client):
    code, phones = table(app, client)
    assert totals(client, code) == {"Anna": 1, "Bence": 1, "Csilla": 1}
    assert "Undo my last entry" not in text_of(phones["Bence"].get(f"/t/{code}/phone"))
    page = phones["Bence"].get(f"/t/{code}/phone").get_data(as_text=True)
    assert 'data-testid="resource-count">1<' in page
    assert page.count('name="replaces" value="1"') == 2       # the count both steps replace
    assert phones["Bence"].post(f"/t/{code}/act/resource_workers",
                                data={"resource_workers-count": "0", "replaces": "1"}).status_code == 303
    assert totals(client, code)["Bence"] == 0


def test_a_characters_points_are_entered_once_then_known(app, client):
    code, phones = table(app, client)
    anna, bence = phones["Anna"], phones["Bence"]
    unknown = anna.post(f"/t/{code}/act/character", data={"character-name": "Lamplighter"})
    assert unknown.status_code == 422
    assert "Tap the points printed on Lamplighter." in text_of(unknown)
    picker = text_of(anna.get(f"/t/{code}/phone?pick=Lamplighter"))
    spaced = anna.get(f"/t/{code}/phone", query_string={"pick": "Ghost of the Lovely Spinster"})
    assert spaced.status_code == 200 and "ov-points-grid" in spaced.get_data(as_text=True)
    assert "Points printed on Lamplighter" in picker
    anna.post(f"/t/{code}/act/character",
              data={"character-name": "Lamplighter", "character-points": "3"})
    anna.post(f"/t/{code}/act/lose_character", data={"lose_character-name": "Lamplighter"})
    assert bence.post(f"/t/{code}/act/character",
                      data={"character-name": "Lamplighter"}).status_code == 303
    assert events(client, code)[-1] == {"type": "character", "player": "Bence",
                                        "name": "Lamplighter", "points": 3}
    sheet = bence.get(f"/t/{code}/phone?take=1").get_data(as_text=True)
    assert "Lamplighter ✓" in sheet


def test_the_traveller_on_the_main_square_scores_7_and_the_square_4(app, client):
    code, phones = table(app, client)
    csilla = phones["Csilla"]
    csilla.post(f"/t/{code}/act/character", data={"character-name": "Traveller"})
    done(phones["Anna"], code)
    done(phones["Bence"], code)
    assert csilla.post(f"/t/{code}/act/main_square", data={}).status_code == 303   # her turn
    assert totals(client, code)["Csilla"] == 1 + 7 + 4


def test_a_spot_taken_meanwhile_by_another_player_is_said_on_the_screen(app, client):
    code, phones = table(app, client)
    done(phones["Anna"], code)
    assert build(phones["Bence"], code, 0, 1).status_code == 303
    page = text_of(phones["Anna"].get(f"/t/{code}/phone?spot=0_1"))
    assert "Bence built 1 right of the Main Square meanwhile: pick another spot." in page
    assert "meanwhile" not in text_of(phones["Bence"].get(f"/t/{code}/phone?spot=0_1"))


def test_the_host_enters_for_the_seat_it_picked_and_stays_on_it(app, client):
    code, _ = table(app, client)
    nobody = client.post(f"/t/{code}/act/main_square", data={"screen": "host"})
    assert nobody.status_code == 422
    assert "Pick the player you enter this for." in text_of(nobody)
    data = {"screen": "host", "build-player": "Bence", "build-row": "0", "build-column": "1",
            "build-rule": "shields"}
    asked = client.post(f"/t/{code}/act/build?as=1&spot=0_1", data=data)    # Anna's turn
    assert asked.status_code == 409
    page = asked.get_data(as_text=True)     # the yes and Back keep the seat picked
    assert f'action="/t/{code}/act/build?as=1&amp;spot=0_1"' in page
    assert f'href="/t/{code}?as=1&amp;spot=0_1">' in page
    entered = client.post(f"/t/{code}/act/build?as=1&spot=0_1",
                          data={**data, "anyway": anyway_of(asked)})
    assert entered.status_code == 303
    assert entered.headers["Location"].endswith(f"/t/{code}?as=1&spot=0_1")
    assert events(client, code)[-1]["player"] == "Bence"


def seat_tab(page) -> str:
    """The seat the host screen enters for (its primary seat tab)."""
    found = re.search(r'<a class="button primary" href="\?as=\d"[^>]*>([^<]+)</a>',
                      page.get_data(as_text=True))
    return found.group(1) if found else ""


def test_an_untouched_host_screen_enters_for_the_player_whose_turn_it_is(app, client):
    code, phones = table(app, client)
    assert seat_tab(client.get(f"/t/{code}")) == "Anna"
    assert done(phones["Anna"], code).status_code == 303
    assert seat_tab(client.get(f"/t/{code}")) == "Bence"
    assert seat_tab(client.get(f"/t/{code}?as=2")) == "Csilla"     # a seat picked stays
    entered = client.post(f"/t/{code}/act/build?spot=0_1",          # the sheet it showed
                          data={"screen": "host", "build-player": "Bence", "build-row": "0",
                                "build-column": "1", "build-rule": "shields"})
    assert entered.status_code == 303 and entered.headers["Location"].endswith(f"/t/{code}?spot=0_1")
    assert seat_tab(client.get(f"/t/{code}")) == "Csilla"


def test_points_show_on_the_city_on_demand_with_the_breakdown(app, client):
    code, phones = table(app, client)
    build(phones["Anna"], code, 0, 1, "per_row")
    page = phones["Bence"].get(f"/t/{code}/phone?scores=1")
    assert re.search(r'data-row="0" data-column="1" data-owner="Anna">.*?class="ov-badge-points">4<',
                     page.get_data(as_text=True), re.S)
    assert "Anna — 5" in text_of(page)
    assert "buildings 4 · Main Square 0 · characters 0 · resource board 1" in text_of(page)


def test_a_tie_without_a_named_trigger_goes_to_the_6th_worker_player(client, tmp_path):
    """The web app and companion score agree: the end names nobody, Anna placed the 6th."""
    events_ = [*[build_event("Anna", 0, c) for c in range(1, 7)],
               {"type": "character", "player": "Bence", "name": "Seignior", "points": 24},
               {"type": "end"}]
    data = envelope(("Anna", "Bence"), events_)
    code = imported(client, data)
    page = text_of(client.get(f"/t/{code}"))
    assert "Winner: Anna" in page
    assert ("Anna, Bence tie on 24 points; Anna placed the 6th worker in the city first and "
            "wins the tie.") in page
    path = tmp_path / "tie.json"
    path.write_text(json.dumps(data))
    scored = CliRunner().invoke(cli, ["score", str(path)])
    assert json.loads(scored.output)["winners"] == ["Anna"]


def test_a_quick_tally_enters_the_paper_city_names_the_trigger_and_ranks(app, client):
    code, phones = table(app, client, tally="y")
    anna, bence = phones["Anna"], phones["Bence"]
    for column in range(1, 7):
        build(anna, code, 0, column)
    for column in range(-1, -7, -1):
        build(bence, code, 0, column)
    page = text_of(client.get(f"/t/{code}"))
    assert "The final city (quick tally)" in page and "Who placed the 6th worker first?" in page
    assert "placed the 6th worker in the city." not in page     # not detected from the order
    assert bence.post(f"/t/{code}/act/trigger", data={}).status_code == 303
    client.post(f"/t/{code}/host")
    assert client.post(f"/t/{code}/finish", data={"sure": "yes"}).status_code == 303
    assert events(client, code)[-1] == {"type": "end", "trigger": "Bence"}
    final = text_of(client.get(f"/t/{code}"))
    assert "Winner: Bence" in final and "Bence placed the 6th worker in the city first" in final


def test_finishing_is_warned_about_what_the_end_still_lacks(app, client):
    from companion.games.oddville import game, rules

    with app.test_request_context():
        state = rules.start({}, list(SEATS))
        assert game.policy.missing(state) == ["Nobody has placed a 6th worker in the city yet."]
        assert game.policy.missing(rules.start({"tally": True}, list(SEATS))) == [
            "Name who placed the 6th worker in the city first."]
        for column in range(1, 7):
            state = rules.apply(state, build_event("Anna", 0, column))
        assert (game.policy.missing(state) == []
                and game.rules.end_status(state, {}) == "the game has ended")
        last = rules.start({"end": "last-turn"}, list(SEATS))
        for column in range(1, 7):
            last = rules.apply(last, build_event("Anna", 0, column))
        assert game.policy.missing(last) == ["The game ended with Anna's 6th worker; every other "
                                             "player takes one last turn: Bence, Csilla."]


def test_a_resource_step_from_a_screen_that_showed_another_count_is_asked_about(app, client):
    code, phones = table(app, client)
    anna = phones["Anna"]
    client.post(f"/t/{code}/act/resource_workers",          # the host sets Anna's count to 3
                data={"screen": "host", "resource_workers-player": "Anna",
                      "resource_workers-count": "3", "replaces": "1"})
    stale = anna.post(f"/t/{code}/act/resource_workers",    # Anna's phone still showed 1
                      data={"resource_workers-count": "2", "replaces": "1"})
    assert stale.status_code == 409
    assert ("Anna has 3 workers on the resource board now (changed meanwhile); make it 2?"
            in text_of(stale))
    assert totals(client, code)["Anna"] == 3
    assert anna.post(f"/t/{code}/act/resource_workers",
                     data={"resource_workers-count": "2", "replaces": "3"}).status_code == 303
    assert totals(client, code)["Anna"] == 2
