"""The rules card on a player's phone: for every game, option and allowed player count a card of
three sections; every figure on it is a parameter of its line, never typed into the text, and
each one is what the game's rules core does when the events are played through it."""
from __future__ import annotations

import re

import pytest

from companion.games import GAMES
from companion.games.base import RuleError
from companion.games.calcada import rules as calcada
from companion.games.doodle_city import rules as doodle
from companion.games.oddville import rules as oddville
from companion.games.oddville.rules_card import AFTER, CHOSEN
from companion.games.quadropolis import rules as quadropolis
from companion.games.quadropolis.data import mats
from companion.games.quadropolis.scoring import Building, score
from companion.games.score_pad import rules as score_pad
from tests.games.calcada import test_rules as calcada_events
from tests.games.doodle_city import test_rules as doodle_events
from tests.games.oddville import test_rules as oddville_events
from tests.games.test_setup_lists import DIGESTS, sections

SHEET = {"name": "7 Wonders", "rounds": False, "tie_break": {"category": "coins"},
         "categories": [{"id": "military", "name": "Military"}, {"id": "coins", "name": "Coins"},
                        {"id": "science", "name": "Science"}]}
# every game with the option sets its card depends on (and the digest its lines come from)
VARIANTS = {
    "quadropolis": ("quadropolis.md", [{"mode": "classic"}, {"mode": "expert"}]),
    "oddville": ("oddville.md", [{"end": end} for end in oddville.END_VARIANTS]),
    "calcada": ("calcada.md", [{}, {"board": "9"}]),
    "doodle-city": ("doodle-city.md", [{}, {"variant": "more-control"}]),
    "score-pad": (None, [{}, {"lowest_wins": True}, {"sheet": SHEET},
                         {"sheet": {**SHEET, "rounds": True}},
                         {"sheet": SHEET, "teams": [["Anna", "Bence"], ["Csilla", "Dani"]]}]),
}
NAMES = ["Anna", "Bence", "Csilla", "Dani", "Emil", "Flóra"]


def card_of(name: str, options: dict, count: int) -> dict:
    rules = GAMES[name].rules
    players = NAMES[:count] if count <= len(NAMES) else [f"P{i}" for i in range(count)]
    return rules.rules_card(rules.options(options, players), count)


def figures(card: dict) -> dict:
    """Every parameter on the card by name (a name used twice must mean the same figure)."""
    found: dict = {}
    for lines in card.values():
        for line in lines:
            for key, value in line["params"].items():
                assert found.setdefault(key, value) == value, (key, found[key], value)
    return found


def cases():
    for name, (digest, option_sets) in VARIANTS.items():
        rules = GAMES[name].rules
        for options in option_sets:
            for count in range(rules.min_players, rules.max_players + 1):
                if "teams" in options and count != 4:
                    continue
                yield pytest.param(name, digest, options, count, id=f"{name}-{options}-{count}")


@pytest.mark.parametrize("name, digest, options, count", list(cases()))
def test_every_game_option_and_count_has_a_card_whose_figures_are_parameters(name, digest,
                                                                             options, count):
    card = card_of(name, options, count)
    assert list(card) == ["options", "turn", "end", "scoring"]
    assert all(card[section] for section in ("turn", "end", "scoring"))
    found = sections((DIGESTS / digest).read_text(encoding="utf-8")) if digest else {}
    for line in (line for lines in card.values() for line in lines):
        assert not re.search(r"[0-9]", line["text"]), line["text"]     # no figure typed in
        assert line["text"] % line["params"]                            # every placeholder given
        assert not digest or line["heading"] in found, line["heading"]


# --- Quadropolis ----------------------------------------------------------------------------------

def points(mode: str, city: dict, category: str, residents: int = 0, energy: int = 0,
           customers: dict | None = None) -> int:
    """What the core scores for ``category`` with every building activated."""
    return score(mode, city, set(city), customers or {}, residents, energy)[category]


def row_of(cells: int, kind: str, height: int = 1) -> dict:
    """``cells`` buildings side by side from the top left, then on along the next row."""
    columns = mats()["expert"].columns
    return {(1 + i // columns, 1 + i % columns): Building(kind, height) for i in range(cells)}


def build(state, player, cell, kind):
    return quadropolis.apply(state, {"type": "build", "player": player, "row": cell[0],
                                     "column": cell[1], "kind": kind})


@pytest.mark.parametrize("mode", ["classic", "expert"])
def test_quadropolis_card_holds_the_cores_rounds_turns_and_tables(mode):
    card = card_of("quadropolis", {"mode": mode}, 2)
    f = figures(card)
    state = quadropolis.start({"mode": mode}, ["Anna", "Bence"])
    for number in range(1, f["rounds"] + 1):
        state = quadropolis.apply(state, {"type": "round", "round": number})
    with pytest.raises(RuleError):
        quadropolis.apply(state, {"type": "round", "round": f["rounds"] + 1})
    turns = quadropolis.start({"mode": mode}, ["Anna", "Bence"])
    for turn in range(2 * f["turns"]):
        assert quadropolis.now(turns)[0] == 1
        turns = quadropolis.apply(turns, {"type": "pass", "player": quadropolis.now(turns)[2]})
    assert quadropolis.now(turns)[0] == 2
    # the city's size: its last cell takes a building, one beyond it does not
    build(quadropolis.start({"mode": mode}, ["A", "B"]), "A", (f["rows"], f["columns"]), "shop")
    for beyond in ((f["rows"] + 1, 1), (1, f["columns"] + 1)):
        with pytest.raises(RuleError):
            build(quadropolis.start({"mode": mode}, ["A", "B"]), "A", beyond, "shop")

    # towers by floors, as high as the core lets a stack grow
    tower = quadropolis.start({"mode": mode}, ["Anna", "Bence"])
    for height, expected in enumerate(f["towers"], 1):
        tower = build(tower, "Anna", (1, 1), "tower")
        assert points(mode, {(1, 1): Building("tower", height)}, "towers", energy=1) == expected
    with pytest.raises(RuleError):
        build(tower, "Anna", (1, 1), "tower")
    # shops by customers, up to the most a shop takes
    shops = f["shops"]
    for count, expected in enumerate(shops, 1):
        assert points(mode, {(1, 1): Building("shop")}, "shops", residents=count, energy=1,
                      customers={(1, 1): count}) == expected
    with pytest.raises(RuleError, match="A shop takes 0 to"):
        quadropolis.apply(build(quadropolis.start({"mode": mode}, ["A", "B"]), "A", (1, 1), "shop"),
                          {"type": "allocate", "player": "A", "activate": [[1, 1]],
                           "customers": [{"row": 1, "column": 1, "count": len(shops) + 1}]})
    # public services by districts served: one in each district in turn
    mat = mats()[mode]
    firsts = {}
    for cell in mat.cells():
        firsts.setdefault(mat.district(cell), cell)
    publics = f["publics"]
    assert len(publics) == len(firsts)
    for served, expected in enumerate(publics, 1):
        city = {cell: Building("public") for cell in list(firsts.values())[:served]}
        assert points(mode, city, "public_services", residents=served) == expected
    # parks by adjacent towers (and offices in Expert), a stack counting once
    for near, expected in enumerate(f["parks"], 1):
        around = [(1, 2), (3, 2), (2, 1), (2, 3)][:near]
        city = {(2, 2): Building("park"), **{cell: Building("tower", 2) for cell in around}}
        assert points(mode, city, "parks", energy=near) == expected
    if mode == "expert":
        city = {(2, 2): Building("park"), (1, 2): Building("office")}
        assert points(mode, city, "parks", residents=1, energy=1) == f["parks"][0]
    # factories by adjacent shops, harbours (and office towers)
    kinds = ("shop", "harbour", "office") if mode == "expert" else ("shop", "harbour")
    for kind in kinds:
        city = {(1, 1): Building("factory"), (1, 2): Building(kind)}
        assert points(mode, city, "factories", residents=2, energy=2) == f["by_" + kind]
    # harbours by the longest line, as long as the city is wide
    lines = f["harbours"]
    assert len(lines) == max(mat.rows, mat.columns)
    for length, expected in enumerate(lines[:mat.columns], 1):
        city = {(1, c): Building("harbour") for c in range(1, length + 1)}
        assert points(mode, city, "harbours", residents=length) == expected + lines[0]
    # unused residents and energy, a park absorbing
    assert points(mode, {}, "unused_residents", residents=1) == f["resident"]
    assert points(mode, {}, "pollution", energy=1) == f["energy"]
    assert points(mode, {(1, 1): Building("park")}, "pollution", energy=f["absorbs"]) == 0


def test_quadropolis_expert_card_holds_the_office_towers_and_monuments():
    card = card_of("quadropolis", {"mode": "expert"}, 4)
    f = figures(card)
    for group in range(1, f["others"] + 3):       # a group bigger than the table scores as its top
        for height in range(1, len(f["alone"]) + 1):
            each = f["alone"][height - 1] + f["per"] * height * min(group - 1, f["others"])
            city = row_of(group, "office", height)
            assert points("expert", city, "offices", residents=group, energy=group) == \
                group * each, (group, height)
    for kind, expected in (("park", f["park"]), ("shop", f["shop"]), ("public", f["public"]),
                           ("factory", f["factory"]), ("harbour", f["factory"])):
        city = {(1, 1): Building("monument"), (1, 2): Building(kind)}
        assert points("expert", city, "monuments", residents=1, energy=1) == expected
    classic = card_of("quadropolis", {"mode": "classic"}, 4)
    words = " ".join(line["text"] for lines in classic.values() for line in lines)
    assert "Office" not in words and "Monument" not in words
    assert card["options"][0]["text"].startswith("Expert")
    assert classic["options"][0]["text"].startswith("Classic")


# --- Doodle City ------------------------------------------------------------------------------

def test_doodle_city_card_holds_the_dice_the_end_and_the_points():
    replay, SETUP = doodle_events.replay, doodle_events.SETUP
    draw, house, roll, tree = (doodle_events.draw, doodle_events.house, doodle_events.roll,
                               doodle_events.tree)
    names = doodle_events.NAMES
    options = {"sheet": doodle_events.SHEET}
    for count in (1, len(names)):
        f = figures(card_of("doodle-city", options, count))
        players = names[:count]
        ready = replay(SETUP, players=players)
        doodle.apply(ready, roll(1, *[1] * f["white"]))
        with pytest.raises(RuleError):
            doodle.apply(ready, roll(1, *[1] * (f["white"] + 1)))
        with pytest.raises(RuleError):
            doodle.apply(ready, roll([1] * (f["blue"] + 1), *[1] * f["white"]))
    f = figures(card_of("doodle-city", options, len(names)))
    # a blue 6 lets the player choose the column; a white 6 the row, and crosses a tree
    rolled = doodle.apply(replay(SETUP), roll(f["any"], 2, f["any"], 1, 1, 1))
    assert {column for _, column in doodle.targets(rolled, "Anna", 0)} == {1, 2, 3, 4, 5}
    row = doodle.targets(doodle.apply(replay(SETUP), roll(3, f["any"], 1, 1, 1, 1)), "Anna", 0)
    assert len({r for r, _ in row}) > 1
    white_six = doodle.apply(replay(SETUP), roll(3, f["any"], 1, 1, 1, 1))
    assert doodle.apply(white_six, draw("Anna", 4, 3, "EW", die=0)).sheets["Anna"].trees == 1
    # the end: the top hotel value, the top shop value, the last tree
    assert not replay(SETUP + [tree("Anna")] * (f["trees"] - 1)).end_triggered
    assert replay(SETUP + [tree("Anna")] * f["trees"]).end_triggered
    shop = SETUP + [house("Anna", 2, 1), house("Anna", 2, 1), house("Anna", 4, 2),
                    house("Anna", 4, 2), house("Anna", 1, 3), draw("Anna", 3, 2, "SW"),
                    draw("Anna", 1, 1, "ES"), draw("Anna", 3, 1, "NE"), draw("Anna", 1, 2, "EW")]
    topped = replay(shop)
    assert topped.sheets["Anna"].note.circled == f["shop"] and topped.end_triggered
    # a snake through rows 1-3 makes a road of 15 through the hotel at (3,3)
    snake = [doodle_events.start_road(1, "ES"), doodle_events.start_road(2, "NE")] + [
        doodle_events.start_road(c, "EW") for c in (3, 4, 5)] + [
        draw("Anna", 1, c, "EW") for c in (1, 2, 4)] + [
        draw("Anna", 1, 5, "SW"), draw("Anna", 2, 5, "NW")] + [
        draw("Anna", 2, c, "EW") for c in (4, 3, 2)] + [
        draw("Anna", 3, 1, "NE"), draw("Anna", 3, 2, "EW"), draw("Anna", 3, 4, "EW")]
    assert not replay(snake).end_triggered
    hotel = replay(snake + [draw("Anna", 3, 3, "EW")])
    assert hotel.sheets["Anna"].note.circled == f["hotel"] and hotel.end_triggered
    # the speed bonus: the highest not yet claimed up to the value circled (8, then 10)
    assert topped.claimed == {max(b for b in f["bonuses"] if b <= 8): "Anna",
                              max(f["bonuses"]): "Anna"}
    five = [house("X", 4, 2), draw("X", 3, 2, "SW"), draw("X", 3, 1, "NE")]     # circles 5
    state = replay(SETUP + [{**e, "player": p} for p in ("Anna", "Bence", "Csilla") for e in five])
    below = sorted((b for b in f["bonuses"] if b <= 5), reverse=True)
    assert state.claimed == dict(zip(below, ("Anna", "Bence")))
    # taxis on a road with another taxi; trees: most and fewest
    pair = replay(SETUP + [draw("Anna", 1, 1, "ES"), draw("Anna", 3, 1, "NE"),
                           draw("Anna", 3, 2, "SW")])
    assert doodle.result(pair)["players"][0]["breakdown"]["taxis"] == 2 * f["taxi"]
    trees = doodle.result(replay(SETUP + [tree("Anna"), tree("Anna"), tree("Bence")]))
    assert [p["breakdown"]["trees"] for p in trees["players"]] == [f["most"], 0, f["fewest"],
                                                                  f["fewest"]]
    solo = replay(SETUP + [tree("Anna")], players=["Anna"])
    assert doodle.result(solo)["players"][0]["breakdown"]["trees"] == 0


def test_doodle_city_card_follows_the_variant():
    standard = card_of("doodle-city", {}, 3)["turn"][-1]["text"]
    more = card_of("doodle-city", {"variant": "more-control"}, 3)["turn"][-1]["text"]
    assert "No die fits" in standard and "always" in more


# --- Calçada ----------------------------------------------------------------------------------

def test_calcada_card_holds_the_turn_the_end_and_the_points():
    ev = calcada_events
    f = figures(card_of("calcada", ev.OPTIONS, 3))
    assert f["rows"] == tuple(ev.ROWS)
    start = ev.replay([])
    calcada.apply(start, ev.place("Anna", 1, 1, "red", number=f["any"]))        # prints 1
    with pytest.raises(RuleError):
        calcada.apply(start, ev.place("Anna", 1, 1, "red", number=f["any"] - 1))
    bonus = calcada.apply(start, ev.place("Anna", 1, 1, "red", "bonus"))
    assert bonus.boards["Anna"].bonus_tiles == start.boards["Anna"].bonus_tiles + f["gain"]
    # a colour's districts score its row's multiplier, row by row, then slide off for more
    events, scored = [], []
    for who, cells in zip(ev.NAMES + ev.NAMES, [ev.D7, ev.D7, ev.D7, ev.D8]):
        events += ev.district(who, "red", cells)
        scored.append(ev.replay(events).completed[-1][1].points)
    assert scored == [2 * m for m in f["rows"][:-1]] + [2 * f["rows"][-1] + f["slide"]]
    assert calcada.closed_colours(ev.replay(events)) == ["red"]
    # the end: the second stone off
    assert f["stones"] == 2 and ev.replay(ev.two_slide_offs()).trigger == "Bence"
    # motif groups, unfinished tiles, bonus tiles left
    series = f["groups"]
    for size in range(f["smallest"], f["most"] + 3):
        assert calcada.group_points(size) == series[min(size, f["most"]) - f["smallest"]]
    assert calcada.group_points(f["smallest"] - 1) == 0
    one = ev.player(ev.replay([ev.place("Anna", 1, 1, "red")]), "Anna")["breakdown"]
    assert one["unfinished"] == f["unfinished"]
    per = f["per"]
    spent = ev.replay([ev.spend("Anna", calcada.START_BONUS_TILES - per + 1)])
    assert ev.player(ev.replay([]), "Anna")["breakdown"]["bonus_tiles"] == \
        calcada.START_BONUS_TILES // per
    assert ev.player(spent, "Anna")["breakdown"]["bonus_tiles"] == 0


def figures_of_line(card: dict, start: str) -> dict:
    return next(line["params"] for lines in card.values() for line in lines
                if line["text"].startswith(start))


def test_calcada_card_shows_the_scoring_board_of_the_player_count():
    for count in (2, 3, 4):
        rows = figures_of_line(card_of("calcada", {}, count), "District completed")["rows"]
        assert rows == calcada.scoring_of({}, count).rows


# --- OddVille ---------------------------------------------------------------------------------

def test_oddville_card_holds_the_end_of_each_variant_and_the_points():
    ev = oddville_events
    assert set(AFTER) == set(oddville.END_VARIANTS) and set(CHOSEN) < set(AFTER)
    seats = ["Anna", "Bence", "Csilla", "Dani"]
    for end in oddville.END_VARIANTS:
        card = card_of("oddville", {"end": end}, 4)
        workers = figures(card)["workers"]
        state = oddville.start({"end": end}, seats)
        for column in range(1, workers + 1):
            assert oddville.trigger(state) is None
            state = oddville.apply(state, ev.build("Bence", 0, column))
        assert oddville.trigger(state) == "Bence"
        left = oddville.still_to_play(state)
        assert left == {"base": [], "complete-round": ["Csilla", "Dani"],
                        "last-turn": ["Csilla", "Dani", "Anna"]}[end]
        assert card["end"][0]["text"] == AFTER[end]
        assert [line["text"] for line in card["options"]] == ([CHOSEN[end]] if end in CHOSEN
                                                               else [])
    f = figures(card_of("oddville", {}, 4))
    state = oddville.start({}, seats)
    for event in (ev.build("Anna", 0, 1), ev.square("Anna"), ev.character("Anna", "Traveller"),
                  ev.resources("Anna", 3)):
        state = oddville.apply(state, event)
    breakdown = oddville.result(state)["players"][0]["breakdown"]
    assert breakdown["main_square"] == f["square"]
    assert breakdown["characters"] == f["traveller"]
    assert breakdown["resource_workers"] == 3 * f["resource"]


# --- the score pad --------------------------------------------------------------------------

def test_the_score_pad_card_reads_the_tables_sheet_and_who_wins():
    players = ["Anna", "Bence"]
    card = card_of("score-pad", {"sheet": SHEET}, 2)
    shown = " ".join(line["text"] % line["params"] for lines in card.values() for line in lines)
    assert "Military, Coins, Science" in shown and "3 categories" in shown
    assert "at the end" in shown and "Highest total wins." in shown
    assert GAMES["score-pad"].rules.tie_break_label(score_pad.options({"sheet": SHEET},
                                                                      players)) is not None
    for lowest, winner in ((False, "Bence"), (True, "Anna")):
        opts = score_pad.options({"lowest_wins": lowest}, players)
        words = [line["text"] for line in GAMES["score-pad"].rules.rules_card(opts, 2)["scoring"]]
        assert ("Lowest total wins." if lowest else "Highest total wins.") in words
        state = score_pad.start(opts, players)
        for name, points in (("Anna", 3), ("Bence", 7)):
            state = score_pad.apply(state, {"type": "points", "player": name, "round": 1,
                                            "points": points})
        assert score_pad.result(state)["winners"] == [winner]
