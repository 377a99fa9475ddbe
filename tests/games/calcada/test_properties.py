"""Invariants of the Calçada rules over random legal games (hypothesis).

Games are generated from what the query functions offer (who may still play, the open colours,
the legal cells for an announced number), so the queries and ``apply`` are checked against
each other as well.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings, strategies as st

from companion import record
from companion.games.base import RuleError
from companion.games.calcada import game, rules

from .test_rules import BOARD
from tests.support import examples

SETTINGS = settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = ["Anna", "Bence", "Csilla", "Dani"]
# short scoring boards make slide-offs, the end trigger and the last round common
ROWS = st.sampled_from([[3, 3, 2, 1], [3, 2, 1], [2, 1], [1]])


@dataclass
class Played:
    players: list[str]
    options: dict
    events: list[dict]
    states: list[rules.State]     # states[i]: after events[:i]


def next_event(draw, state: rules.State) -> dict | None:
    """A legal next event, or None when nobody may act any more."""
    waiting = rules.still_to_play(state)
    if not waiting:
        return None
    player = draw(st.sampled_from(waiting))
    if state.boards[player].bonus_tiles and draw(st.integers(0, 5)) == 0:
        count = draw(st.integers(1, state.boards[player].bonus_tiles))
        return {"type": "spend_bonus", "player": player, "count": count}
    number = draw(st.one_of(st.none(), st.integers(1, 5), st.integers(6, 15)))
    colours = list(rules.COLOURS)
    first = draw(st.integers(0, len(colours) - 1))      # the colour of the stone picked
    options = next(([(colour, cell) for cell in cells]
                    for colour in colours[first:] + colours[:first]
                    if (cells := rules.legal_cells(state, player, colour, number))), [])
    if not options:         # no legal placement: the turn passes with nothing to enter
        return None if not state.boards[player].bonus_tiles else \
            {"type": "spend_bonus", "player": player}
    # half of the time, go on with a started district: districts close, stones slide off
    started = [(c, cell) for c, cell in options
               if rules.district_colour(state, player, cell) is not None]
    if started and draw(st.booleans()):
        options = started
    colour, (row, column) = draw(st.sampled_from(options))
    motif = draw(st.sampled_from([m for m in rules.KINDS
                                       if rules.tiles_left(state, colour, m) > 0]))
    event = {"type": "place", "player": player, "row": row, "column": column, "colour": colour,
             "motif": motif}
    return event if number is None else {**event, "number": number}


@st.composite
def played(draw) -> Played:
    players = NAMES[:draw(st.integers(2, 4))]
    options = {"board": draw(st.sampled_from(["8", "9", BOARD])), "scoring_rows": draw(ROWS)}
    state = rules.start(rules.options(options, players), players)
    events, states = [], [state]
    for _ in range(draw(st.integers(0, 60))):
        event = next_event(draw, state)
        if event is None:
            break
        state = rules.apply(state, event)
        events.append(event)
        states.append(state)
    return Played(players, options, events, states)


@SETTINGS
@given(played())
def test_any_prefix_of_a_legal_game_replays_to_the_same_state(game_):
    options = game.rules.options(game_.options, game_.players)
    for i in range(len(game_.events) + 1):
        replayed = record.replay(game, options, game_.players, game_.events[:i])
        assert replayed.state == game_.states[i]
        assert replayed.result() == rules.result(game_.states[i])


@SETTINGS
@given(played())
def test_taking_back_the_last_act_gives_the_state_before_it(game_):
    if not game_.events:
        return
    options = game.rules.options(game_.options, game_.players)
    run = record.replay(game, options, game_.players, game_.events)
    undone = run.then({"type": "undo", "event": len(game_.events)})
    assert undone.state == game_.states[-2]


EVENTS = st.fixed_dictionaries(
    {"type": st.sampled_from(["place", "place", "place", "spend_bonus", "roll"]),
     "player": st.sampled_from(NAMES + ["Dora", None])},
    optional={"row": st.integers(-1, 6), "column": st.integers(-1, 6),
              "colour": st.sampled_from(rules.COLOURS + ("purple",)),
              "motif": st.sampled_from(rules.KINDS + ("dragon",)),
              "number": st.integers(-1, 17), "count": st.integers(-1, 4)})


@SETTINGS
@given(played(), st.data())
def test_a_refused_event_changes_nothing_and_a_legal_one_changes_only_the_copy(game_, data):
    position = data.draw(st.integers(0, len(game_.events)))
    state = game_.states[position]
    before = copy.deepcopy(state)
    event = data.draw(EVENTS)
    try:
        after = rules.apply(state, event)
    except RuleError as error:
        assert error.message and str(error)
        assert rules.refusal(state, event) is not None
    else:
        assert rules.refusal(state, event) is None and after is not state
    assert state == before
    # the platform refuses it the same way and keeps the replay as it was
    options = game.rules.options(game_.options, game_.players)
    run = record.replay(game, options, game_.players, game_.events[:position])
    try:
        run.then(event)
    except RuleError:
        pass
    assert run.state == before and len(run.events) == position


@SETTINGS
@given(played())
def test_totals_are_the_sum_of_the_breakdown_and_the_winners_rank_first(game_):
    for state in game_.states:
        result = rules.result(state)
        for entry in result["players"]:
            assert entry["total"] == sum(entry["breakdown"].values())
            details = entry["details"]
            assert entry["breakdown"]["districts"] == sum(c["points"] for c in details["completions"])
            assert details["bonus_tiles_left"] >= 0
            assert entry["breakdown"]["bonus_tiles"] == details["bonus_tiles_left"] // 2
            assert all(size >= 2 for size in details["motif_groups"])
        best = max(p["total"] for p in result["players"])
        assert result["winners"] == [p["name"] for p in result["players"] if p["total"] == best]


@SETTINGS
@given(played())
def test_stones_only_move_down_and_the_end_comes_with_the_second_slide_off(game_):
    rows = len(game_.states[0].scoring.rows)
    for before, after in zip(game_.states, game_.states[1:]):
        for colour in rules.COLOURS:
            assert before.stones[colour] <= after.stones[colour] <= rows
        moved = sum(after.stones[c] - before.stones[c] for c in rules.COLOURS)
        assert moved in (0, 1)          # one placement completes at most one district
    for state in game_.states:
        closed = len(rules.closed_colours(state))
        assert (state.trigger is not None) == (closed >= 2)


@SETTINGS
@given(played(), st.data())
def test_the_legal_cells_are_exactly_the_placements_apply_accepts(game_, data):
    state = data.draw(st.sampled_from(game_.states))
    player = data.draw(st.sampled_from(game_.players))
    colour = data.draw(st.sampled_from(rules.COLOURS))
    number = data.draw(st.one_of(st.none(), st.integers(1, 8)))
    motif = data.draw(st.sampled_from(rules.KINDS))
    cells = rules.legal_cells(state, player, colour, number, motif)
    for row, column in state.board.cells():
        event = {"type": "place", "player": player, "row": row, "column": column,
                 "colour": colour, "motif": motif,
                 **({"number": number} if number is not None else {})}
        assert (rules.refusal(state, event) is None) == ((row, column) in cells)


@SETTINGS
@given(played(), st.integers(0, 4), st.sampled_from(rules.COLOURS), st.integers(1, 15))
def test_a_cell_is_refused_exactly_when_it_is_not_lit_and_a_lit_cell_takes_any_tile_left(
        game_, seat, colour, number):
    """What the phone lights (legal_cells) and what it says on tap (cell_refusal) agree, and
    every motif button it offers (motifs_left) is accepted on a lit cell."""
    state = game_.states[-1]
    player = game_.players[seat % len(game_.players)]
    lit = set(rules.legal_cells(state, player, colour, number))
    for cell in state.board.cells():
        assert (rules.cell_refusal(state, player, cell, colour, number) is None) == (cell in lit)
    for row, column in lit:
        for motif in rules.motifs_left(state, colour):
            rules.apply(state, {"type": "place", "player": player, "row": row, "column": column,
                                "colour": colour, "motif": motif, "number": number})
