"""Every saved sheet and board has an owner: the browser that saved it changes, renames and
deletes it; anyone else opens it by its link, copies it (the copy is theirs) or starts a table
with it. Those saved before owners belong to nobody (the command line lists and deletes them).
Saves are bounded per address, per browser, per server and in size, each refusal in words."""
from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass
from typing import Any, Callable

import pytest
from sqlalchemy import func, select, text

from companion.addresses import lan_address
from companion.cli import cli
from companion.extensions import db
from companion.games.calcada.board import board_json, default_board
from companion.games.doodle_city.sheet import default_sheet, sheet_json
from tests.support import make_app, text_of

pytestmark = [pytest.mark.database, pytest.mark.storage("saved definitions' owners and names, kept by constraints")]

TOKEN = r"([A-Za-z0-9_-]{16,32})"
REFUSED = "Only the browser that saved {name} may change, rename or delete it."


def score_sheet(name: str) -> dict[str, str]:
    return {"name": name, "rounds": "once", "tie_break": "", "tie_lowest": "more",
            "categories-0-name": "Points", "categories-0-id": ""}


def doodle_sheet(name: str) -> dict[str, str]:
    sheet = sheet_json(default_sheet())
    data = {"name": name, "hotel_track": " ".join(map(str, sheet["hotel_track"])),
            "shop_track": " ".join(map(str, sheet["shop_track"])), "trees": str(sheet["trees"])}
    for r, row in enumerate(sheet["grid"], 1):
        data.update({f"cell_{r}_{c}": kind for c, kind in enumerate(row, 1)})
    for house in sheet["houses"]:
        data[f"total_{house['column']}"] = str(house["total"])
        data[f"crossed_{house['column']}"] = str(house["crossed"])
    return data


def player_board(name: str) -> dict[str, str]:
    board = board_json(default_board("9"))
    data = {"name": name, "verified": "y"}
    for r in range(1, 6):
        for c in range(1, 6):
            data[f"district_{r}_{c}"] = str(board["districts"][r - 1][c - 1])
            data[f"number_{r}_{c}"] = str(board["numbers"][r - 1][c - 1])
    return data


def scoring_board(name: str) -> dict[str, str]:
    return {"name": name, "rows_2": "4 2 1", "rows_3": "3 3 2 1", "rows_4": "3 3 2 2 1"}


@dataclass(frozen=True)
class Kind:
    """One kind of saved definition, as a browser meets it: its editor, its list, its option."""

    table: str
    path: str                   # its pages: path + "/new", path + "/TOKEN"
    listing: str
    form: Callable[[str], dict[str, str]]
    game: str
    option: str
    embedded: Callable[[dict[str, Any]], Any]   # what a table's options hold of it

    def save(self, client, name: str) -> str:
        answer = client.post(f"{self.path}/new", data=self.form(name))
        assert answer.status_code == 303, text_of(answer)
        return self.tokens(client)[name]

    def tokens(self, client) -> dict[str, str]:
        """The saved ones of this kind its list shows this browser: name -> token (its Edit
        link's)."""
        html = client.get(self.listing).get_data(as_text=True)
        found = re.findall(rf'<li><span[^>]*>([^<]+?)\s*(?:<small|</span>)(?:(?!</li>).)*?'
                           rf'href="{self.path}/{TOKEN}"', html, re.S)
        return {name.strip(): token for name, token in found}

    def start(self, client, token: str):
        return client.post("/", data={"game": self.game, "players-0": "Anna",
                                      "players-1": "Bence", **self.start_options(token)})

    def start_options(self, token: str) -> dict[str, str]:
        field = f"opt-{self.game}-{self.option}"
        extra = {"opt-doodle-city-variant": "standard", "opt-doodle-city-dice": "app"} \
            if self.game == "doodle-city" else {}
        return {field: f"saved-{token}", **extra}


KINDS = {
    "score sheet": Kind("score_sheets", "/games/score-pad/sheets", "/games/score-pad/sheets",
                        score_sheet, "score-pad", "sheet",
                        lambda options: options["sheet"]["name"]),
    "doodle city sheet": Kind("doodle_city_sheets", "/games/doodle-city/sheets",
                              "/games/doodle-city/sheets", doodle_sheet, "doodle-city", "sheet",
                              lambda options: options["sheet"]["name"]),
    "calcada board": Kind("calcada_boards", "/games/calcada/boards", "/games/calcada/boards",
                          player_board, "calcada", "board",
                          lambda options: options["board"]["name"]),
    "calcada scoring": Kind("calcada_scoring_boards", "/games/calcada/scoring",
                            "/games/calcada/boards", scoring_board, "calcada", "scoring",
                            lambda options: options["scoring_rows"]),
}
kinds = pytest.mark.parametrize("kind", KINDS.values(), ids=KINDS.keys())


def saved_names(app, kind: Kind) -> list[str]:
    with app.app_context():
        return sorted(db.session.scalars(text(f"SELECT name FROM {kind.table}")))


def options_of(client, answer) -> dict[str, Any]:
    assert answer.status_code == 303, text_of(answer)
    code = answer.headers["Location"].rsplit("/", 1)[1]
    return client.get(f"/t/{code}/record.json").get_json()["options"]


# --- the owner and everyone else -----------------------------------------------------------------

@kinds
def test_another_browser_cannot_edit_rename_or_delete_it(app, kind):
    owner, stranger = app.test_client(), app.test_client()
    token = kind.save(owner, "Ours")
    for url, data in ((f"{kind.path}/{token}", kind.form("Ours")),            # an edit
                      (f"{kind.path}/{token}", kind.form("Renamed")),         # a rename
                      (f"{kind.path}/{token}/delete", {})):                   # deleting it
        refused = stranger.post(url, data=data)
        assert refused.status_code == 403
        assert REFUSED.format(name="Ours") in text_of(refused)
    assert saved_names(app, kind) == ["Ours"]
    assert kind.tokens(owner) == {"Ours": token}
    renamed = owner.post(f"{kind.path}/{token}", data=kind.form("Renamed"))
    assert renamed.status_code == 303
    assert owner.post(f"{kind.path}/{token}/delete").status_code == 303
    assert saved_names(app, kind) == []


@kinds
def test_another_browser_opens_it_by_its_link_copies_it_and_the_copy_is_its_own(app, kind):
    owner, stranger = app.test_client(), app.test_client()
    token = kind.save(owner, "Ours")
    mine = owner.get(f"{kind.path}/{token}")
    link = re.search(r'id="share-link" type="text" readonly value="([^"]+)"',
                     mine.get_data(as_text=True))[1]
    # Asked from the serving machine itself, the link names its LAN address, as the QR code does.
    assert link == f"http://{lan_address() or 'localhost'}{kind.path}/{token}"
    assert "Start a table with it" not in text_of(mine)

    opened = stranger.get(link)
    page = opened.get_data(as_text=True)
    assert opened.status_code == 200 and 'value="Ours"' in page
    assert "Another browser saved this and shared its link" in text_of(opened)
    assert "<fieldset class=\"bare\" disabled>" in page and "share-link" not in page
    copy = re.search(r'href="([^"]+)">Copy and change</a>', page)[1]
    assert stranger.get(copy).status_code == 200
    assert 'value="Ours (copy)"' in stranger.get(copy).get_data(as_text=True)
    assert stranger.post(copy, data=kind.form("Ours (copy)")).status_code == 303
    theirs = kind.tokens(stranger)
    assert list(theirs) == ["Ours (copy)"] and kind.tokens(owner) == {"Ours": token}
    assert stranger.post(f"{kind.path}/{theirs['Ours (copy)']}",
                         data=kind.form("Our own")).status_code == 303
    assert saved_names(app, kind) == ["Our own", "Ours"]


@kinds
def test_another_browser_starts_a_table_with_it_from_its_link(app, kind):
    owner, stranger = app.test_client(), app.test_client()
    token = kind.save(owner, "Ours")
    page = stranger.get(f"{kind.path}/{token}").get_data(as_text=True)
    start = re.search(r'href="([^"]+)" hx-boost="false">Start a table with it</a>', page)[1]
    home = stranger.get(start.replace("&amp;", "&")).get_data(as_text=True)
    assert f'<option selected value="{kind.game}">' in home
    assert re.search(rf'<option (?:data-lowest-wins="true" )?selected value="saved-{token}">',
                     home), "the shared one is chosen"
    options = options_of(stranger, kind.start(stranger, token))
    with_owner = options_of(owner, kind.start(owner, token))
    assert kind.embedded(options) == kind.embedded(with_owner)
    if kind.option != "scoring":
        assert kind.embedded(options) == "Ours"


@kinds
def test_a_name_is_unique_per_browser_and_a_strangers_name_neither_blocks_nor_shows(app, kind):
    owner, stranger = app.test_client(), app.test_client()
    kind.save(owner, "Ours")
    twice = owner.post(f"{kind.path}/new", data=kind.form("Ours"))
    assert twice.status_code == 422
    assert "this name" in text_of(twice)
    assert kind.save(stranger, "Ours")          # the same name, saved by another browser
    assert saved_names(app, kind) == ["Ours", "Ours"]
    other = kind.save(stranger, "Theirs")
    renamed = stranger.post(f"{kind.path}/{other}", data=kind.form("Ours"))
    assert renamed.status_code == 422 and "this name" in text_of(renamed)


@kinds
def test_a_name_with_a_control_character_is_refused_beside_it_and_nothing_changes(app, kind):
    client = app.test_client()
    refused = client.post(f"{kind.path}/new", data=kind.form("Ours\u0007"))     # a bell
    assert refused.status_code == 422
    assert re.search(r'name="name"[^>]*>\s*<p class="error"[^>]*>A name cannot hold a control '
                     r"character \(an invisible one, such as a tab or a line break\).</p>",
                     refused.get_data(as_text=True))
    assert saved_names(app, kind) == []
    token = kind.save(client, "Ours")
    client.set_cookie("lang", "hu")
    renamed = client.post(f"{kind.path}/{token}", data=kind.form("\u0001Ours"))
    assert renamed.status_code == 422
    assert "A név nem tartalmazhat vezérlőkaraktert (láthatatlan jelet, például tabulátort " \
        "vagy sortörést)." in text_of(renamed)
    assert saved_names(app, kind) == ["Ours"]


def test_a_name_saved_at_the_same_moment_is_refused_in_words_by_the_database(app):
    """Two saves of one name from one browser at once: the second meets the unique name per
    owner (an IntegrityError), and is told so on its form."""
    from companion.browsers import BROWSER_COOKIE
    from companion.games.score_pad.models import SavedSheet
    from companion.models import digest

    client = app.test_client()
    client.set_cookie(BROWSER_COOKIE, "a-browser-id-long-enough-0001")
    with app.app_context():
        db.session.add(SavedSheet(name="Ours", data={"name": "Ours", "categories": []},
                                  owner_hash=digest("a-browser-id-long-enough-0001")))
        db.session.commit()
    answer = client.post("/games/score-pad/sheets/new", data=score_sheet("Ours"))
    assert answer.status_code == 422
    assert "A sheet with this name is saved already; choose another name." in text_of(answer)


def test_routes_take_the_token_never_the_number(app):
    client = app.test_client()
    KINDS["score sheet"].save(client, "Ours")
    for path in ("/games/score-pad/sheets/1", "/games/score-pad/sheets/1.json",
                 "/games/doodle-city/sheets/1", "/games/calcada/boards/1",
                 "/games/calcada/scoring/1"):
        assert client.get(path).status_code == 404, path
    assert client.post("/games/score-pad/sheets/1/delete").status_code == 404
    missing = client.get("/games/score-pad/sheets/" + "x" * 22)
    assert missing.status_code == 404
    assert "Nothing is saved at this link" in text_of(missing)


# --- the start page ----------------------------------------------------------------------------

def test_the_start_page_lists_the_ready_ones_and_this_browsers_own_only(app):
    owner, stranger, newcomer = app.test_client(), app.test_client(), app.test_client()
    for kind in KINDS.values():
        kind.save(owner, "Mine")
        kind.save(stranger, "Theirs")
    home = text_of(owner.get("/"))
    assert "7 Wonders (2nd edition)" in home and "8 districts (layout unverified)" in home
    assert home.count("Mine") == 4 and "Theirs" not in home
    assert "Mine" not in text_of(newcomer.get("/")) and "Theirs" not in text_of(newcomer.get("/"))
    for kind in KINDS.values():
        listing = text_of(owner.get(kind.listing))
        assert "Mine" in listing and "Theirs" not in listing


def test_a_start_form_takes_anyones_saved_one_by_its_token(app):
    owner, stranger = app.test_client(), app.test_client()
    token = KINDS["score sheet"].save(owner, "Golf night")
    answer = stranger.post("/", data={"game": "score-pad", "players-0": "Anna",
                                      "opt-score-pad-sheet": f"saved-{token}"})
    assert options_of(stranger, answer)["sheet"]["name"] == "Golf night"
    gone = stranger.post("/", data={"game": "score-pad", "players-0": "Anna",
                                    "opt-score-pad-sheet": "saved-" + "x" * 22})
    assert gone.status_code == 422
    assert "That sheet is no longer saved; choose another." in text_of(gone)


# --- saved before owners -------------------------------------------------------------------------

OLD_NAMES = {"score sheet": "Old sheet", "doodle city sheet": "Old sheet",
             "calcada board": "Old board", "calcada scoring": "Old rows"}


def saved_before_owners(app) -> dict[str, str]:
    """One of each kind as the migration leaves a row saved before owners: no owner, a token
    (kind -> token)."""
    from companion.games import definitions
    from companion.games.calcada.models import BoardDefinition, ScoringDefinition
    from companion.games.doodle_city.models import SheetDefinition
    from companion.games.score_pad.models import SavedSheet

    rows = {
        "score sheet": SavedSheet(name="Old sheet", data={
            "name": "Old sheet", "categories": [{"id": "points", "name": "Points"}],
            "rounds": True}),
        "doodle city sheet": SheetDefinition(name="Old sheet", data={
            **sheet_json(default_sheet()), "name": "Old sheet"}),
        "calcada board": BoardDefinition(name="Old board", data={
            **board_json(default_board("8")), "name": "Old board"}),
        "calcada scoring": ScoringDefinition(name="Old rows", data={
            "unverified": False, "rows": {"2": [4, 2, 1], "3": [3, 2, 1], "4": [3, 2, 2, 1]}}),
    }
    with app.app_context():
        for row in rows.values():
            row.token = definitions.new_token()
            db.session.add(row)
        db.session.commit()
        return {name: row.token for name, row in rows.items()}


@pytest.mark.parametrize("which", KINDS)
def test_one_saved_before_owners_is_opened_and_copied_by_anyone_changed_by_none(app, which):
    kind, name = KINDS[which], OLD_NAMES[which]
    token = saved_before_owners(app)[which]
    anyone = app.test_client()
    opened = anyone.get(f"{kind.path}/{token}")
    assert opened.status_code == 200
    assert "This was saved before sheets and boards had owners" in text_of(opened)
    for url, data in ((f"{kind.path}/{token}", kind.form("Mine now")),
                      (f"{kind.path}/{token}/delete", {})):
        refused = anyone.post(url, data=data)
        assert refused.status_code == 403
        assert f"{name} was saved before sheets and boards had owners" in text_of(refused)
    assert anyone.get(f"{kind.path}/new?copy=saved-{token}").status_code == 200
    assert anyone.post(f"{kind.path}/new?copy=saved-{token}",
                       data=kind.form(f"{name} (copy)")).status_code == 303
    assert list(kind.tokens(anyone)) == [f"{name} (copy)"]
    assert name in saved_names(app, kind)


def test_the_command_line_lists_and_deletes_those_saved_before_owners(app, runner):
    client = app.test_client()
    owned = KINDS["score sheet"].save(client, "Owned")
    old = saved_before_owners(app)
    listed = runner.invoke(cli, ["definitions", "list"])
    assert listed.exit_code == 0, listed.output
    lines = listed.output.splitlines()
    assert len(lines) == 4 and owned not in listed.output
    assert f"{old['score sheet']}\tscore sheet\tOld sheet\tnobody\t" \
        f"/games/score-pad/sheets/{old['score sheet']}" in lines
    assert f"{old['calcada scoring']}\tCalçada scoring board\tOld rows\tnobody\t" \
        f"/games/calcada/scoring/{old['calcada scoring']}" in lines
    assert owned in runner.invoke(cli, ["definitions", "list", "--all"]).output

    deleted = runner.invoke(cli, ["definitions", "delete", old["doodle city sheet"]])
    assert deleted.exit_code == 0 and "deleted the Doodle City sheet 'Old sheet'" in deleted.output
    assert client.get(f"/games/doodle-city/sheets/{old['doodle city sheet']}").status_code == 404
    assert len(runner.invoke(cli, ["definitions", "list"]).output.splitlines()) == 3
    for bad in (old["doodle city sheet"], "nothing", "1"):
        refused = runner.invoke(cli, ["definitions", "delete", bad])
        assert refused.exit_code == 2
        assert f"error: no saved sheet or board has the token {bad!r}" in refused.output


# --- bounds --------------------------------------------------------------------------------------

def count(app) -> int:
    from companion.games import definitions

    with app.app_context():
        return sum(db.session.scalar(select(func.count()).select_from(kind))
                   for kind in definitions.kinds())


def test_a_flood_of_saves_from_one_address_is_refused_in_words(tmp_path):
    app = make_app(tmp_path, SAVE_LIMIT="3 per hour")
    flood, elsewhere = app.test_client(), app.test_client()
    sheet = KINDS["score sheet"]
    sheet.save(flood, "First")
    sheet.save(flood, "Second")
    # a refused form saves nothing and counts nothing
    assert flood.post(f"{sheet.path}/new", data=sheet.form("")).status_code == 422
    sheet.save(flood, "Third")
    for kind in KINDS.values():
        refused = flood.post(f"{kind.path}/new", data=kind.form("One more"))
        assert refused.status_code == 429
        assert "Too many sheets and boards saved from this network in the last hour." \
            in text_of(refused)
    upload = flood.post(f"{sheet.path}/upload", content_type="multipart/form-data", data={
        "sheet": (io.BytesIO(json.dumps({"name": "Up", "categories": [
            {"id": "a", "name": "A"}]}).encode()), "up.json")})
    assert upload.status_code == 429
    assert count(app) == 3
    other = elsewhere.post(f"{sheet.path}/new", data=sheet.form("Elsewhere"),
                           environ_base={"REMOTE_ADDR": "10.1.2.3"})
    assert other.status_code == 303


def test_a_browser_keeps_so_many_of_every_kind_together(tmp_path):
    app = make_app(tmp_path, DEFINITIONS_PER_BROWSER=2)
    client = app.test_client()
    KINDS["score sheet"].save(client, "One")
    token = KINDS["calcada board"].save(client, "Two")
    for kind in KINDS.values():
        refused = client.post(f"{kind.path}/new", data=kind.form("Three"))
        assert refused.status_code == 422
        assert "This browser keeps 2 saved sheets and boards, the most it may: delete one it " \
            "no longer needs first." in text_of(refused)
    assert count(app) == 2
    # its own are still changed, and another browser saves as ever
    assert client.post(f"/games/calcada/boards/{token}",
                       data=player_board("Two, corrected")).status_code == 303
    KINDS["doodle city sheet"].save(app.test_client(), "Another browser")
    assert client.post(f"/games/calcada/boards/{token}/delete").status_code == 303
    KINDS["calcada scoring"].save(client, "Room again")


def test_the_server_keeps_so_many_in_all(tmp_path):
    app = make_app(tmp_path, DEFINITIONS_MAX=2)
    KINDS["score sheet"].save(app.test_client(), "First")
    KINDS["doodle city sheet"].save(app.test_client(), "Second")
    refused = app.test_client().post("/games/calcada/scoring/new", data=scoring_board("Third"))
    assert refused.status_code == 422
    assert "This server keeps 2 saved sheets and boards, the most it may; none can be added " \
        "until some are deleted." in text_of(refused)
    assert count(app) == 2


def test_a_definition_too_large_is_refused_in_words(tmp_path):
    app = make_app(tmp_path, DEFINITION_MAX_BYTES=1024)
    client = app.test_client()
    sheet = KINDS["score sheet"]
    token = sheet.save(client, "Small")
    large = {**sheet.form("Large"), **{f"categories-{i}-name": f"A long category name {i:02d} "
                                                               f"of many words" for i in range(20)}}
    refused = client.post(f"{sheet.path}/new", data=large)
    assert refused.status_code == 422
    assert "This is too large to save (at most 1 kB)." in text_of(refused)
    grown = client.post(f"{sheet.path}/{token}", data={**large, "name": "Small"})
    assert grown.status_code == 422 and "This is too large to save" in text_of(grown)
    categories = [{"id": f"c{i}", "name": f"A long category name {i:02d} of many words"}
                  for i in range(20)]
    upload = client.post(f"{sheet.path}/upload", content_type="multipart/form-data", data={
        "sheet": (io.BytesIO(json.dumps({"name": "Up", "categories": categories}).encode()),
                  "up.json")})
    assert upload.status_code == 422 and "This is too large to save" in text_of(upload)
    assert saved_names(app, sheet) == ["Small"]
    with app.app_context():
        from companion.games.score_pad.models import SavedSheet
        assert len(db.session.scalar(select(SavedSheet.data)).get("categories")) == 1


def test_a_token_never_starts_with_a_dash_and_the_command_line_deletes_one_that_does(app, runner):
    from companion.games import definitions
    from companion.games.doodle_city.models import SheetDefinition

    assert not any(definitions.new_token().startswith("-") for _ in range(2000))
    old = saved_before_owners(app)
    with app.app_context():      # a token as the owners' migration could make it
        row = db.session.scalar(select(SheetDefinition).filter_by(token=old["doodle city sheet"]))
        row.token = "-" + row.token[1:]
        db.session.commit()
    deleted = runner.invoke(cli, ["definitions", "delete", "-" + old["doodle city sheet"][1:]])
    assert deleted.exit_code == 0, deleted.output
    assert "deleted the Doodle City sheet 'Old sheet'" in deleted.output
