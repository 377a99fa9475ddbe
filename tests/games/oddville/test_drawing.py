"""The city as the screens draw it: every card placed by its row and column (the Main Square on
the top row), free spots around it, points only on demand, wide cities panned on a phone."""
from __future__ import annotations

from companion.games.oddville import drawing, rules

from .test_example import EVENTS, PLAYERS
from .test_rules import build, fold


def test_the_worked_example_is_drawn_with_every_card_in_place_and_its_points_on_demand():
    state = fold(EVENTS, PLAYERS)
    city = drawing.city(state, [], points=True)
    assert (city["columns"], city["width"], city["height"]) == (5, 500, 200)   # -2 .. 2, 2 rows
    at = {(c["row"], c["column"]): c for c in city["cards"]}
    assert (at[(0, -2)]["x"], at[(0, -2)]["y"]) == (0, 0)
    assert (city["square"]["x"], city["square"]["y"]) == (200, 0)
    assert {cell: c["points"] for cell, c in at.items()} == {
        cell: rules.card_points(state, cell) for cell in state.cards}
    assert [w["name"] for w in city["square"]["workers"]] == ["Blue", "Red"]
    assert at[(0, 1)]["text"] == "2+" and at[(0, 1)]["named"] == "mask"
    assert at[(1, 0)]["text"] == "3×" and at[(1, 1)]["text"] == ""
    assert drawing.city(state, [])["cards"][0]["points"] is None


def test_owners_colours_follow_the_seats():
    state = fold(EVENTS, PLAYERS)
    assert [drawing.colour(state, p) for p in PLAYERS] == list(drawing.COLOURS)


def test_the_main_square_shows_its_three_streets_and_cards_their_entered_edges():
    state = fold([build("Anna", 0, 1, edges="bsbs")], ("Anna", "Bence"))
    city = drawing.city(state, rules.free_spots(state))
    assert [e["side"] for e in city["square"]["edges"]] == ["E", "S", "W"]
    assert [(e["side"], e["kind"]) for e in city["cards"][0]["edges"]] == [
        ("N", "building"), ("E", "street"), ("S", "building"), ("W", "street")]


def test_free_spots_widen_the_drawing_and_only_a_very_wide_city_pans_on_a_phone():
    state = fold([build("Anna", 0, c) for c in range(1, 6)], ("Anna", "Bence"))
    spots = rules.free_spots(state)
    city = drawing.city(state, spots, selected=(0, 6))
    assert city["columns"] == 8 and city["width"] == 8 * drawing.CELL and not city["pan"]
    assert [s for s in city["spots"] if s["selected"]] == [
        {"row": 0, "column": 6, "x": 700, "y": 0, "selected": True}]
    wide = fold([build("Anna", 0, c) for c in range(1, 9)], ("Anna", "Bence"))
    city = drawing.city(wide, rules.free_spots(wide))
    assert city["columns"] == 11 and city["pan"] and city["pixels"] == 11 * drawing.PIXELS


def test_a_card_bears_its_owners_mark_and_the_legend_names_each_seat_whole():
    names = ("Kovács-Szabó Erzsike", "Bence", "Mészáros-Wágner Máté", "Dóra")
    state = fold([build("Kovács-Szabó Erzsike", 0, 1), build("Dóra", 0, 2)], names)
    city = drawing.city(state, [])
    assert [(c["owner"], c["mark"]) for c in city["cards"]] == [
        ("Kovács-Szabó Erzsike", "circle"), ("Dóra", "diamond")]
    assert [p["name"] for p in city["legend"]] == list(names)
    assert len({(p["mark"], p["colour"]) for p in city["legend"]}) == 4
    assert len({p["mark"] for p in city["legend"]}) == 4     # told apart without colour
