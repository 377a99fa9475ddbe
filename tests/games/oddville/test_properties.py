"""Invariants of the OddVille rules over random legal games (hypothesis).

Games are drawn among the acts the query functions offer (free spots, the edges a spot demands,
figures left), so the queries and ``apply`` are checked against each other as well.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings, strategies as st

from companion import record
from companion.games.base import RuleError
from companion.games.oddville import game, rules

from .test_rules import envelope
from tests.support import examples

NAMES = ("Anna", "Bence", "Csilla", "Dora")
CHARACTERS = ("traveller", "Builder", "Landowner", "Seignior", "Benefactor")
SETTINGS = settings(max_examples=examples(35), deadline=None, suppress_health_check=[HealthCheck.too_slow])

BASE = st.integers(0, 4)
VPS = st.one_of(
    st.builds(lambda p: {"rule": "diamond", "points": p}, st.sampled_from(rules.DIAMOND_POINTS)),
    st.builds(lambda b: {"rule": "per_diamond", "base": b}, BASE),
    st.builds(lambda b: {"rule": "per_neighbour", "base": b}, BASE),
    st.just({"rule": "three_per_neighbour"}),
    st.builds(lambda b: {"rule": "per_column", "base": b}, BASE),
    st.builds(lambda b: {"rule": "per_row", "base": b}, BASE),
    st.just({"rule": "shields"}),
    st.builds(lambda b, g: {"rule": "per_guild", "base": b, "guild": g}, BASE,
              st.sampled_from(rules.GUILDS)),
)


@dataclass
class Played:
    players: list[str]
    events: list[dict]
    states: list[rules.State]      # states[i]: after events[:i]


def fold(players: list[str], events: list[dict]) -> rules.State:
    state = rules.start({}, players)
    for event in events:
        state = rules.apply(state, event)
    return state


def build_event(draw, state: rules.State, player: str) -> dict:
    row, column = draw(st.sampled_from(rules.free_spots(state)))
    event = {"type": "build", "player": player, "row": row, "column": column, "vp": draw(VPS)}
    guild, shield = draw(st.none() | st.sampled_from(rules.GUILDS)), draw(st.none() | BASE)
    if guild:
        event["guild"] = guild
    if shield is not None:
        event["shield"] = shield
    if draw(st.booleans()):
        wanted = rules.required_edges(state, row, column)
        event["edges"] = "".join(w if w != "?" else draw(st.sampled_from("sb")) for w in wanted)
    return event


def next_event(draw, state: rules.State) -> dict:
    """A legal next act, among those the queries offer."""
    room = [p for p in state.players if rules.workers_in_city(state, p) < rules.FIGURES]
    free = [n for n in CHARACTERS if rules.holder(state, n) is None]
    held = [(p, c.name) for p in state.players for c in state.characters[p]]
    kinds = ["resource_workers"]
    kinds += ["build"] * 3 if room else []
    kinds += ["main_square"] if any(p not in state.square for p in room) else []
    kinds += ["character"] if free else []
    kinds += ["lose_character"] if held else []
    kind = draw(st.sampled_from(kinds))
    if kind == "build":
        return build_event(draw, state, draw(st.sampled_from(room)))
    if kind == "main_square":
        away = [p for p in room if p not in state.square]
        return {"type": kind, "player": draw(st.sampled_from(away))}
    if kind == "character":
        return {"type": kind, "player": draw(st.sampled_from(state.players)),
                "name": draw(st.sampled_from(free)), "points": draw(st.integers(0, 5))}
    if kind == "lose_character":
        player, name = draw(st.sampled_from(held))
        return {"type": kind, "player": player, "name": name}
    player = draw(st.sampled_from(state.players))
    return {"type": kind, "player": player,
            "count": draw(st.integers(0, rules.max_resource_workers(state, player)))}


@st.composite
def games(draw, may_end: bool = True) -> Played:
    players = list(NAMES[:draw(st.integers(2, 4))])
    state = rules.start({}, players)
    events, states = [], [state]
    for _ in range(draw(st.integers(0, 45))):
        events.append(next_event(draw, state))
        state = rules.apply(state, events[-1])
        states.append(state)
    if may_end and draw(st.booleans()):
        named = draw(st.sampled_from([None, state.trigger]))
        events.append({"type": "end", **({"trigger": named} if named else {})})
        states.append(rules.apply(state, events[-1]))
    return Played(players, events, states)


@SETTINGS
@given(games(), st.data())
def test_any_prefix_of_a_legal_game_replays_to_the_same_state(played, data):
    # every prefix of every game costs the square of its length: the whole game, the empty one
    # and a few prefixes drawn by hypothesis (shrunk like any other value)
    drawn = data.draw(st.lists(st.integers(0, len(played.events)), max_size=4), label="prefixes")
    for k in sorted({0, len(played.events), *drawn}):
        prefix = played.events[:k]
        assert fold(played.players, prefix) == played.states[k]
        run = record.replay(game, {}, played.players, prefix)
        assert run.state == played.states[k]
        # resuming from the prefix reaches the same end as replaying everything at once
        assert record.replay(game, {}, played.players, played.events, start=run).state \
            == played.states[-1]
        expected = {**rules.result(played.states[k]),
                    "finished": bool(prefix) and prefix[-1]["type"] == "end"}
        assert record.load(envelope(played.players, prefix)).result() == expected


@SETTINGS
@given(games(may_end=False))
def test_undoing_the_last_act_gives_the_state_before_it(played):
    if played.events:
        undone = [*played.events, {"type": "undo", "event": len(played.events)}]
        assert record.replay(game, {}, played.players, undone).state == played.states[-2]


def illegal_events(state: rules.State) -> list[dict]:
    """Events the rules must refuse in ``state``."""
    anyone = state.players[0]
    deepest = max(r for r, _ in rules.city(state))
    events = [
        {"type": "build", "player": anyone, "row": -1, "column": 0, "vp": {"rule": "shields"}},
        {"type": "build", "player": anyone, "row": deepest + 2, "column": 0,
         "vp": {"rule": "shields"}},
        {"type": "lose_character", "player": anyone, "name": "Nobody's card"},
        {"type": "resource_workers", "player": anyone,
         "count": rules.max_resource_workers(state, anyone) + 1},
        {"type": "build", "player": "Zoe", "row": 0, "column": 1, "vp": {"rule": "shields"}},
        {"type": "harvest", "player": anyone},
    ]
    events += [{"type": "build", "player": anyone, "row": r, "column": c,
                "vp": {"rule": "shields"}} for r, c in rules.city(state)]
    events += [{"type": "main_square", "player": p} for p in state.square]
    events += [{"type": "character", "player": p, "name": c.name, "points": 1}
               for p in state.players for c in state.characters[p]]
    wrong = [p for p in state.players if p != state.trigger]
    events += [{"type": "end", "trigger": p} for p in wrong]
    for row, column in rules.free_spots(state):
        wanted = rules.required_edges(state, row, column)
        if wanted != "????":
            side = next(i for i, w in enumerate(wanted) if w != "?")
            flipped = "".join(("b" if w == "s" else "s") if i == side else "s"
                              for i, w in enumerate(wanted))
            events.append({"type": "build", "player": anyone, "row": row, "column": column,
                           "vp": {"rule": "shields"}, "edges": flipped})
    return events


@SETTINGS
@given(games(may_end=False), st.data())
def test_a_refused_event_changes_nothing(played, data):
    state = played.states[-1]
    before = copy.deepcopy(state)
    event = data.draw(st.sampled_from(illegal_events(state)))
    try:
        rules.apply(state, event)
    except RuleError as error:
        assert str(error)
    else:
        raise AssertionError(f"{event} was accepted")
    assert state == before
    run = record.replay(game, {}, played.players, played.events)
    try:
        run.then(event)
    except RuleError:
        pass
    else:
        raise AssertionError(f"{event} was accepted by the replay")
    assert run.state == before and run.events == played.events


@SETTINGS
@given(games())
def test_every_total_is_the_sum_of_its_breakdown(played):
    state = played.states[-1]
    result = rules.result(state)
    for line in result["players"]:
        breakdown = line["breakdown"]
        assert list(breakdown) == ["buildings", "main_square", "characters", "resource_workers"]
        assert line["total"] == sum(breakdown.values())
        assert breakdown["buildings"] == sum(c["points"] for c in line["details"]["cards"])
        owned = [(r, c) for (r, c), card in state.cards.items() if card.owner == line["name"]]
        assert [(c["row"], c["column"]) for c in line["details"]["cards"]] == owned
        assert state.resource[line["name"]] + rules.workers_in_city(state, line["name"]) \
            <= rules.FIGURES
    assert result["winners"] == [p["name"] for p in result["players"] if p["rank"] == 1]
    assert result["winners"]
    assert result["end_triggered"] == any(
        rules.workers_in_city(state, p) >= rules.END_WORKERS for p in state.players)


@SETTINGS
@given(games())
def test_every_edge_entered_meets_a_matching_edge(played):
    state = played.states[-1]
    for (row, column) in rules.city(state):
        mine = rules.edges_at(state, (row, column))
        for side, other in enumerate(rules.neighbours((row, column))):
            theirs = rules.edges_at(state, other) if rules.occupied(state, other) else None
            if mine and theirs:
                assert mine[side] == theirs[(side + 2) % 4]
