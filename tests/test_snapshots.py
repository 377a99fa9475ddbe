"""A replay kept as data (a table's snapshot) and resumed gives the very replay of its events, for
every game: random legal games with undos (of earlier acts, of the end: the game reopened) and
corrections, cut anywhere, the cut kept as JSON text, read back and replayed on to the end, equal
a fresh replay of the whole log (state, finished, undos, their work, result). The state's JSON
form reads back equal at every step; the fingerprint follows the rules' files."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from hypothesis.errors import InvalidArgument

from companion import record
from companion.games import GAMES
from companion.games import state_json
from companion.games.base import RuleError
from companion.games.doodle_city.sheet import SHAPES
from tests.games.calcada.test_properties import next_event as calcada_event
from tests.games.calcada.test_rules import BOARD
from tests.games.doodle_city.test_properties import GENEROUS, next_event as doodle_event
from tests.games.doodle_city.test_rules import start_road
from tests.games.oddville.test_properties import next_event as oddville_event
from tests.games.quadropolis.test_choices import FACES
from tests.support import examples

SETTINGS = settings(max_examples=examples(25), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
NAMES = ["Anna", "Bence", "Csilla", "Dani"]


def quadropolis_event(draw, state) -> dict:
    from companion.games.quadropolis import data, rules
    player, act = draw(st.sampled_from(state.players)), draw(st.integers(0, 9))
    if act == 0:
        return {"type": "round", "round": (state.round or 0) + 1}
    if act == 1:
        return {"type": "pass", "player": player}
    cell = draw(st.sampled_from(data.mats()[state.mode].cells()))
    return rules.build_event(player, cell, draw(st.sampled_from(FACES)))


def score_pad_event(draw, state) -> dict:
    return {"type": "points", "player": draw(st.sampled_from(state.players)),
            "round": draw(st.integers(1, 4)), "points": draw(st.integers(-5, 30))}


# game -> (options drawn, the setup events, a next event drawn for a state)
GAME_PLAY = {
    "score-pad": (lambda draw: {"lowest_wins": draw(st.booleans())}, lambda o: [],
                  score_pad_event),
    "calcada": (lambda draw: {"board": draw(st.sampled_from(["8", "9", BOARD])),
                              "scoring_rows": draw(st.sampled_from([[3, 2, 1], [2, 1], [1]]))},
                lambda o: [], calcada_event),
    "doodle-city": (lambda draw: {"sheet": GENEROUS},
                    lambda o: [start_road(c, SHAPES[c % len(SHAPES)]) for c in range(1, 6)],
                    doodle_event),
    "oddville": (lambda draw: {}, lambda o: [], oddville_event),
    "quadropolis": (lambda draw: {"mode": draw(st.sampled_from(["classic", "expert"]))},
                    lambda o: [], quadropolis_event),
}


@st.composite
def logs(draw, name: str) -> record.Replay:
    """A legal log of ``name``: the game's own acts, an undo of a random earlier act now and
    then, an end now and then (and its undo: the game reopened)."""
    game = GAMES[name]
    fewest, most = max(2, game.rules.min_players), min(4, game.rules.max_players)
    players = NAMES[:draw(st.integers(fewest, most))]
    options_of, setup, next_event = GAME_PLAY[name]
    options = game.rules.options(options_of(draw), players)
    run = record.start(game, options, players)
    for event in setup(options):
        run = run.then(event)
    for _ in range(draw(st.integers(0, 40))):
        kind = draw(st.integers(0, 9))
        if kind == 0 and run.effective():
            event = {"type": "undo", "event": draw(st.sampled_from(run.effective())) + 1}
        elif kind == 1 and not run.finished:
            event = game.rules.end_event(run.state)
        elif run.finished:          # reopened, or left finished a while (nothing else goes in)
            if kind > 4:
                continue
            event = {"type": "undo", "event": run.last_counting(lambda e: e["type"] == "end") + 1}
        else:
            try:
                event = next_event(draw, run.state)
            except (RuleError, IndexError, ValueError, InvalidArgument):   # nothing to offer
                continue
            if event is None:
                continue
        try:
            run = run.then(event)
        except RuleError:           # refused (an undo that makes a later act illegal, ...)
            continue
    return run


def through_json(data):
    return json.loads(json.dumps(data, ensure_ascii=False))


@pytest.mark.parametrize("name", list(GAME_PLAY))
@SETTINGS
@given(data=st.data())
def test_a_replay_resumed_from_its_snapshot_is_the_fresh_replay(name, data):
    full = data.draw(logs(name))
    fresh = record.replay(full.game, full.options, full.players, full.events)
    assert fresh == full
    cuts = sorted(set(data.draw(st.lists(st.integers(0, len(full.events)), max_size=4))
                      + [len(full.events)]))
    for cut in cuts:
        part = record.replay(full.game, full.options, full.players, full.events[:cut])
        kept = through_json(record.snapshot(part))
        back = record.resumed(full.game, full.options, full.players, kept)
        assert back == part and back.state == part.state
        assert back.result() == part.result()
        again = record.replay(full.game, full.options, full.players, full.events, start=back)
        assert again == fresh
        assert (again.state, again.finished, again.undone, again.work) == \
            (fresh.state, fresh.finished, fresh.undone, fresh.work)
        assert again.result() == fresh.result()


@pytest.mark.parametrize("name", list(GAME_PLAY))
@SETTINGS
@given(data=st.data())
def test_every_state_reads_back_equal_from_its_json_form(name, data):
    full = data.draw(logs(name))
    game = full.game
    state = game.rules.start(full.options, full.players)
    for index in [i for i in full.effective()]:
        state = game.rules.apply(state, full.events[index])
        back = game.rules.load_state(through_json(game.rules.dump_state(state)))
        assert back == state
        assert type(back) is type(state)
        assert game.rules.result(back) == game.rules.result(state)


def test_the_codec_keeps_every_kind_of_value_it_knows():
    from types import MappingProxyType

    from companion.games.calcada.rules import Completion, Tile
    value = ({(1, 2): Tile("red", "bench"), (3, 4): None}, [1, "x", 2.5], frozenset({(1, 1)}),
             {"a", "b"}, MappingProxyType({"k": (True, False)}), Completion(1, 2, "red", 3, 2, 6))
    back = state_json.load(through_json(state_json.dump(value)))
    assert back == value
    assert [type(v) for v in back] == [type(v) for v in value]
    assert list(back[0]) == [(1, 2), (3, 4)]        # a dict keeps its order


@pytest.mark.parametrize("data", [
    {"c": "builtins:object", "v": {}}, {"c": "os:system", "v": {}},
    {"c": "companion.games.base:N_", "v": {}}, {"x": []}, {"d": [], "extra": 1}])
def test_only_the_games_dataclasses_are_made_from_data(data):
    with pytest.raises(state_json.StateDataError):
        state_json.load(data)


def test_a_value_without_a_json_form_is_refused():
    with pytest.raises(TypeError):
        state_json.dump(object())


def test_a_snapshot_that_is_no_snapshot_is_refused():
    game = GAMES["oddville"]
    with pytest.raises(ValueError):
        record.resumed(game, {}, NAMES[:2], {"events": [], "state": {"c": "x", "v": {}},
                                             "finished": False, "undone": [], "work": 0})
    with pytest.raises(ValueError):
        record.resumed(game, {}, NAMES[:2], {"state": None})


def test_the_fingerprint_follows_the_game_files(tmp_path, monkeypatch):
    """Computed once per process; another byte in a rules file, a data file or a shared module
    is another fingerprint (seen here on a copy of the package)."""
    first = record.fingerprint(GAMES["calcada"])
    assert first == record.fingerprint(GAMES["calcada"]) and len(first) == 64
    assert len({record.fingerprint(GAMES[name]) for name in GAMES}) == len(GAMES)
    calcada = Path(record.__file__).with_name("games") / "calcada"
    game = GAMES["calcada"]
    for changed in ("rules.py", "boards/side-8.json"):
        monkeypatch.setattr(record, "_FINGERPRINTS", {})
        original = (calcada / changed).read_bytes()
        reads = Path.read_bytes

        def read_bytes(path, _changed=changed, _original=original):
            data = reads(path)
            return data + b"\n" if path == calcada / _changed else data
        monkeypatch.setattr(Path, "read_bytes", read_bytes)
        assert record.fingerprint(game) != first
        monkeypatch.setattr(Path, "read_bytes", reads)
    monkeypatch.setattr(record, "_FINGERPRINTS", {})
    assert record.fingerprint(game) == first
