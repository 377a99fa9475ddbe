"""The city as drawn: districts outlined, Expert numbers, the Mayor, what each cell printed, and
a plan's pieces (energy on a park, a building left off faded)."""
from __future__ import annotations

from companion.games.quadropolis import drawing, rules


def play(*events, mode="classic"):
    state = rules.start({"mode": mode}, ["Anna", "Bence"])
    for event in events:
        state = rules.apply(state, event)
    return state


def b(row, column, kind, **printed):
    return {"type": "build", "player": "Anna", "row": row, "column": column, "kind": kind,
            **printed}


def test_each_cell_shows_its_building_floors_what_it_printed_and_the_mayor():
    state = play(b(1, 1, "tower", residents=1, mayor=True), b(1, 1, "tower", residents=2),
                 b(2, 2, "harbour", residents=1, energy=1))
    cells = {(c["row"], c["column"]): c for c in drawing.city(state, "Anna")["cells"]}
    assert (cells[1, 1]["kind"], cells[1, 1]["height"], cells[1, 1]["residents"]) == ("tower", 2, 3)
    assert cells[1, 1]["mayor"] and not cells[2, 2]["mayor"]
    assert (cells[2, 2]["residents"], cells[2, 2]["energy"]) == (1, 1)
    assert cells[4, 4]["kind"] is None and cells[4, 4]["number"] is None


def test_classic_outlines_four_districts_and_expert_shows_its_numbers():
    classic = drawing.city(play(), "Anna")
    assert "M160,0 v80" in classic["outlines"] and "M80,0 v80" not in classic["outlines"]
    expert = drawing.city(play(mode="expert"), "Anna")
    first = expert["cells"][0]
    assert (expert["columns"], first["district"], first["number"]) == (5, 1, 2)


def test_a_plan_puts_pieces_on_activated_buildings_and_parks_and_fades_the_rest():
    state = play(b(1, 1, "tower"), b(1, 2, "shop"), b(4, 4, "park"), b(3, 3, "factory", energy=3))
    plan = {"activated": [[1, 2]], "customers": [], "energy_on_parks": 1}
    marks = drawing.pieces(state, "Anna", plan)
    assert marks[1, 2] == {"residents": 0, "energy": 1, "customers": 0, "off": False}
    assert marks[1, 1]["off"] and marks[3, 3]["off"] and not marks[4, 4]["off"]
    assert marks[4, 4]["energy"] == 1
