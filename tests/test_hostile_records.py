"""Hostile records: any JSON text, any value anywhere in a record. The loader refuses it with a
reason (RecordError: `companion` exits 2) or replays it, and what it replays can be printed and
stored, so `check`, `score` and `import` agree on every record."""
from __future__ import annotations

import json

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from companion import record
from companion.cli import cli
from tests.support import examples

EXAMPLES = examples(300)    # per test: 3 tests, 900 records a run

VALID = {"format": "table-companion-record", "version": 1, "game": "score-pad",
         "players": [{"name": "Anna"}, {"name": "Bence"}],
         "events": [{"type": "points", "player": "Anna", "round": 1, "points": 5},
                    {"type": "points", "player": "Bence", "round": 1, "points": 3},
                    {"type": "undo", "event": 1}, {"type": "end"}]}
SHEET = {"format": "table-companion-record", "version": 2, "game": "score-pad",
         "options": {"lowest_wins": False, "teams": [["Anna"], ["Bence"]],
                     "sheet": {"name": "Two", "rounds": True, "tie_break": {"category": "b"},
                               "categories": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}]}},
         "players": [{"name": "Anna"}, {"name": "Bence"}],
         "events": [{"type": "points", "player": "Anna", "round": 1, "category": "a", "points": 5,
                     "expression": "2 + 3"},
                    {"type": "points", "player": "Bence", "round": 2, "category": "b", "points": 3},
                    {"type": "undo", "event": 1}, {"type": "end"}]}

LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12),
    st.sampled_from([10**100, -10**400, 10**4000]), st.floats(allow_nan=False), st.text(max_size=8),
    st.sampled_from(["\ud800", "\udfff", "score-pad", "doodle-city", "calcada", "oddville",
                     "quadropolis", "Anna", "points", "undo", "end", "roll", "draw", "tally",
                     "a", "b", "3 + 2", "+3", "3--2", 2]))
JSON = st.recursive(LEAVES, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=12)
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def path_into(value, data):
    """A random place inside ``value``: (container, key) or None for the value itself."""
    places = []
    stack = [value]
    while stack:
        item = stack.pop()
        keys = list(item) if isinstance(item, dict) else range(len(item)) \
            if isinstance(item, list) else []
        for key in keys:
            places.append((item, key))
            stack.append(item[key])
    return data.draw(st.sampled_from(places))


def loads_or_refuses(value) -> None:
    try:
        replay = record.load(value)
    except record.RecordError as error:
        assert str(error)
        return
    printed = json.dumps(replay.result(), ensure_ascii=False)     # what `score` prints
    printed.encode("utf-8")
    json.dumps(replay.events, ensure_ascii=False).encode("utf-8")  # what `import` stores


@SETTINGS
@given(data=st.data(), leaf=JSON)
def test_a_record_with_anything_anywhere_is_replayed_or_refused_with_a_reason(data, leaf):
    value = json.loads(json.dumps(data.draw(st.sampled_from([VALID, SHEET]))))
    container, key = path_into(value, data)
    container[key] = leaf
    loads_or_refuses(value)


@SETTINGS
@given(value=JSON)
def test_any_json_value_is_refused_with_a_reason(value):
    loads_or_refuses(value)


@SETTINGS
@given(text=st.one_of(st.text(max_size=40), st.sampled_from([
    "[" * 100_000, '{"a":' * 50_000, "1" * 5000, "NaN", "[Infinity]", '"\\ud800"',
    json.dumps({**VALID, "players": [{"name": "\ud800"}]}),
    json.dumps({**VALID, "events": VALID["events"][:1] * (record.MAX_EVENTS + 1)})])))
def test_any_text_is_parsed_with_bounds_or_refused(text):
    try:
        value = record.parse(text)
    except record.RecordError:
        return
    loads_or_refuses(value)


def test_check_and_score_exit_2_naming_the_fault_for_the_reported_records(tmp_path):
    """The reproductions: deep nesting, a lone surrogate in a name, a number past 4,300 digits,
    a NUL in a name."""
    cases = {"[" * 100_000: "nests at most 32 levels",
             json.dumps({**VALID, "players": [{"name": "\ud800"}, {"name": "B"}]}):
                 "lone surrogate",
             json.dumps(VALID).replace('"points": 5', '"points": ' + "9" * 5000): "not valid JSON",
             # the web's import refuses a NUL (a database cannot keep it): check and score agree
             json.dumps({**VALID, "players": [{"name": "An\u0000na"}, {"name": "B"}]}):
                 "U+0000 (NUL)"}
    runner = CliRunner()
    for text, reason in cases.items():
        source = tmp_path / "game.json"
        source.write_text(text, encoding="utf-8", errors="surrogatepass")
        for command in ("check", "score"):
            result = runner.invoke(cli, [command, str(source)])
            assert result.exit_code == 2, (command, reason, result.output)
            assert reason in result.stderr and "Traceback" not in result.output
