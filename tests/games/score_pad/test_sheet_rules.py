"""A score sheet with categories, read like the record contract's sheet section (version 2)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.errors import cut
from hypothesis import given, settings, strategies as st

from companion import record
from companion.games import GAMES
from companion.games.base import RuleError
from companion.games.score_pad import rules
from tests.support import examples

NAMES = ["Anna", "Bence", "Csilla", "Dani"]
CITY = {"name": "Seven-category city game",
        "categories": [{"id": "military", "name": "Military"}, {"id": "coins", "name": "Coins"}],
        "rounds": False, "tie_break": {"category": "coins"}}


def sheet_record(events, sheet=CITY, players=NAMES, version=2, **options):
    return {"format": "table-companion-record", "version": version, "game": "score-pad",
            "options": {"sheet": sheet, **options}, "players": [{"name": n} for n in players],
            "events": events}


def cell(player, category, points, round_=1, **extra):
    return {"type": "points", "player": player, "round": round_, "category": category,
            "points": points, **extra}


def score(data):
    return record.load(data).result()


def refusal(data) -> str:
    with pytest.raises(record.RecordError) as refused:
        record.load(data)
    return str(refused.value)


# --- the contract's words, one by one ---------------------------------------------------------

def test_the_breakdown_holds_every_category_with_zero_where_none_and_the_total_is_their_sum():
    result = score(sheet_record([cell("Anna", "military", 5), cell("Anna", "coins", 3),
                                 cell("Bence", "coins", 4)]))
    anna, bence, csilla, _dani = result["players"]
    assert anna["breakdown"] == {"military": 5, "coins": 3} and anna["total"] == 8
    assert bence["breakdown"] == {"military": 0, "coins": 4} and bence["total"] == 4
    assert csilla["breakdown"] == {"military": 0, "coins": 0} and csilla["total"] == 0
    assert anna["details"] == {"rounds": [8], "categories": {"military": [5], "coins": [3]}}
    assert result["winners"] == ["Anna"] and result["game"] == "score-pad"


def test_rounds_details_list_every_round_up_to_the_highest_any_player_has():
    sheet = {**CITY, "rounds": True}
    result = score(sheet_record([cell("Anna", "military", 5, 1), cell("Anna", "coins", 2, 1),
                                 cell("Bence", "coins", 7, 3)], sheet=sheet))
    anna, bence = result["players"][:2]
    assert anna["details"] == {"rounds": [7, 0, 0],
                               "categories": {"military": [5, 0, 0], "coins": [2, 0, 0]}}
    assert bence["details"]["categories"] == {"military": [0, 0, 0], "coins": [0, 0, 7]}
    assert bence["details"]["rounds"] == [0, 0, 7] and bence["total"] == 7


def test_a_sheet_with_nothing_entered_has_empty_lists_and_everyone_shares_rank_one():
    result = score(sheet_record([]))
    assert all(p["details"] == {"rounds": [], "categories": {"military": [], "coins": []}}
               for p in result["players"])
    assert [p["rank"] for p in result["players"]] == [1, 1, 1, 1]


def test_a_later_points_for_the_same_player_round_and_category_replaces_the_earlier():
    result = score(sheet_record([cell("Anna", "military", 5), cell("Anna", "coins", 1),
                                 cell("Anna", "military", 2)]))
    assert result["players"][0]["breakdown"] == {"military": 2, "coins": 1}


def test_the_tie_break_category_decides_a_tie_on_the_total_more_is_better():
    result = score(sheet_record([cell("Anna", "military", 5), cell("Anna", "coins", 1),
                                 cell("Bence", "military", 2), cell("Bence", "coins", 4)],
                                players=["Anna", "Bence"]))
    assert [p["rank"] for p in result["players"]] == [2, 1] and result["winners"] == ["Bence"]


def test_a_lowest_tie_break_prefers_fewer():
    sheet = {**CITY, "tie_break": {"category": "coins", "lowest": True}}
    result = score(sheet_record([cell("Anna", "military", 5), cell("Anna", "coins", 1),
                                 cell("Bence", "military", 2), cell("Bence", "coins", 4)],
                                sheet=sheet, players=["Anna", "Bence"]))
    assert [p["rank"] for p in result["players"]] == [1, 2] and result["winners"] == ["Anna"]


def test_still_tied_after_the_tie_break_they_share_the_rank():
    result = score(sheet_record([cell("Anna", "military", 5), cell("Anna", "coins", 1),
                                 cell("Bence", "military", 5), cell("Bence", "coins", 1),
                                 cell("Csilla", "coins", 2)], players=["Anna", "Bence", "Csilla"]))
    assert [p["rank"] for p in result["players"]] == [1, 1, 3]
    assert result["winners"] == ["Anna", "Bence"]


def test_without_a_tie_break_tied_totals_share_the_rank():
    sheet = {k: v for k, v in CITY.items() if k != "tie_break"}
    result = score(sheet_record([cell("Anna", "military", 5), cell("Bence", "coins", 5)],
                                sheet=sheet, players=["Anna", "Bence"]))
    assert [p["rank"] for p in result["players"]] == [1, 1]


def test_lowest_wins_reverses_the_total_but_the_tie_break_keeps_its_own_direction():
    events = [cell("Anna", "military", 3), cell("Anna", "coins", 1),
              cell("Bence", "military", 1), cell("Bence", "coins", 3),
              cell("Csilla", "military", 9)]
    result = score(sheet_record(events, players=["Anna", "Bence", "Csilla"], lowest_wins=True))
    # Anna and Bence tie on 4, the lowest total; more coins still breaks the tie: Bence first
    assert [p["rank"] for p in result["players"]] == [2, 1, 3]


def test_teams_rank_by_team_total_teammates_share_their_rank_and_ranks_count_teams():
    events = [cell("Anna", "military", 5), cell("Bence", "military", 9),
              cell("Csilla", "military", 1), cell("Dani", "military", 2)]
    result = score(sheet_record(events, teams=[["Anna", "Csilla"], ["Bence", "Dani"]]))
    assert [p["rank"] for p in result["players"]] == [2, 1, 2, 1]
    assert [p["total"] for p in result["players"]] == [5, 9, 1, 2]       # each their own total
    assert result["teams"] == [{"players": ["Anna", "Csilla"], "total": 6, "rank": 2},
                               {"players": ["Bence", "Dani"], "total": 11, "rank": 1}]
    assert result["winners"] == ["Bence", "Dani"]            # seat order


def test_teams_tied_on_the_total_are_split_by_the_teams_sum_of_the_tie_break_category():
    events = [cell("Anna", "military", 5), cell("Csilla", "coins", 1),
              cell("Bence", "military", 3), cell("Dani", "coins", 3)]
    result = score(sheet_record(events, teams=[["Anna", "Csilla"], ["Bence", "Dani"]]))
    assert [t["rank"] for t in result["teams"]] == [2, 1]
    assert result["winners"] == ["Bence", "Dani"]


def test_teams_still_tied_share_rank_one():
    events = [cell("Anna", "military", 5), cell("Bence", "military", 5)]
    result = score(sheet_record(events, sheet={**CITY, "tie_break": {"category": "military"}},
                                teams=[["Anna", "Csilla"], ["Bence", "Dani"]]))
    assert [t["rank"] for t in result["teams"]] == [1, 1]
    assert result["winners"] == NAMES


def test_teams_with_lowest_wins_rank_the_lowest_team_total_first():
    events = [cell("Anna", "military", 5), cell("Bence", "military", 9)]
    result = score(sheet_record(events, teams=[["Anna", "Csilla"], ["Bence", "Dani"]],
                                lowest_wins=True))
    assert result["winners"] == ["Anna", "Csilla"]


@pytest.mark.parametrize("typed, value", [("3 + 6 + 2", 11), ("12-4", 8), ("-3", -3), ("7", 7),
                                          (" 1000000 - 1000000 ", 0), ("0", 0), ("-3 - 4", -7)])
def test_a_typed_sum_is_kept_when_its_value_equals_the_points(typed, value):
    result = score(sheet_record([cell("Anna", "coins", value, expression=typed)]))
    assert result["players"][0]["breakdown"]["coins"] == value
    assert rules.expression_value(typed) == value


@pytest.mark.parametrize("typed", ["+3", "3--2", "3 +", "", " ", "3 * 2", "1,5", "١٢", "３",
                                   "3\t+ 2", "1" * 61, "1000001", "2 + 1000001", 3, None])
def test_an_expression_outside_the_grammar_is_an_invalid_event(typed):
    message = refusal(sheet_record([cell("Anna", "coins", 1), cell("Anna", "coins", 3,
                                                                   expression=typed)]))
    assert message.startswith("event 2 (points): ")


# a well-formed sum of small terms whose value is the points: only its length differs
SIXTY = "1000" + " + 1" * 14            # 60 characters, makes 1014
SIXTY_ONE = "10000" + " + 1" * 14       # 61 characters, makes 10014


def test_a_typed_sum_of_exactly_60_characters_is_kept():
    assert len(SIXTY) == 60
    result = score(sheet_record([cell("Anna", "coins", 1014, expression=SIXTY)]))
    assert result["players"][0]["breakdown"]["coins"] == 1014


def test_a_typed_sum_of_61_characters_is_refused_though_its_value_is_the_points():
    assert len(SIXTY_ONE) == 61
    message = refusal(sheet_record([cell("Anna", "coins", 10014, expression=SIXTY_ONE)]))
    assert message == (f"event 1 (points): {cut(repr(SIXTY_ONE))} is not a sum of whole numbers "
                       "such as 3 + 6 + 2, 12 - 4 or -3.")
    with pytest.raises(RuleError):
        rules.expression_value(SIXTY_ONE)


@pytest.mark.parametrize("typed, value", [("1000000", 1_000_000), ("-1000000", -1_000_000),
                                          ("1000000 - 1", 999_999), ("-1000000 + 1000000", 0)])
def test_a_number_of_exactly_1000000_in_a_typed_sum_is_kept(typed, value):
    result = score(sheet_record([cell("Anna", "coins", value, expression=typed)]))
    assert result["players"][0]["breakdown"]["coins"] == value


@pytest.mark.parametrize("typed, value", [("1000001 - 1", 1_000_000), ("-1000001 + 1", -1_000_000),
                                          ("5 + 1000001 - 1000000", 6)])
def test_a_number_over_1000000_in_a_typed_sum_is_refused_though_the_sum_is_in_range(typed, value):
    message = refusal(sheet_record([cell("Anna", "coins", value, expression=typed)]))
    assert message == "event 1 (points): A number in a sum is at most 1000000."
    with pytest.raises(RuleError):
        rules.expression_value(typed)


def test_an_expression_whose_value_is_not_the_points_is_invalid():
    message = refusal(sheet_record([cell("Anna", "coins", 10, expression="3 + 6 + 2")]))
    assert message == "event 1 (points): 3 + 6 + 2 makes 11, not 10."


def test_an_expression_is_also_kept_on_a_pad_without_a_sheet():
    data = {"format": "table-companion-record", "version": 1, "game": "score-pad", "options": {},
            "players": [{"name": "Anna"}],
            "events": [{"type": "points", "player": "Anna", "round": 1, "points": 8,
                        "expression": "12-4"}]}
    assert record.load(data).result()["players"][0]["total"] == 8


@pytest.mark.parametrize("event, reason", [
    (cell("Anna", "wonders", 3), "'wonders' is not a category of this sheet"),
    ({"type": "points", "player": "Anna", "round": 1, "points": 3}, "None is not a category"),
    (cell("Anna", "coins", 3, round_=2), "the round must be 1"),
    (cell("Dora", "coins", 3), "not a player"),
])
def test_a_bad_points_on_a_sheet_is_refused_naming_the_event(event, reason):
    message = refusal(sheet_record([cell("Bence", "coins", 1), event]))
    assert message.startswith("event 2 (points): ") and reason in message


def test_a_category_without_a_sheet_is_invalid():
    data = {"format": "table-companion-record", "version": 1, "game": "score-pad", "options": {},
            "players": [{"name": "Anna"}], "events": [cell("Anna", "coins", 1)]}
    assert refusal(data).startswith("event 1 (points): This score pad has no categories")


# --- options -----------------------------------------------------------------------------------

@pytest.mark.parametrize("sheet, reason", [
    ([], "must be a JSON object"),
    ({**CITY, "name": ""}, "name must be 1 to 60"),
    ({**CITY, "name": "x" * 61}, "name must be 1 to 60"),
    ({**CITY, "categories": []}, "1 to 20 categories"),
    ({**CITY, "categories": [{"id": f"c{i}", "name": "C"} for i in range(21)]}, "1 to 20 categories"),
    ({**CITY, "categories": [{"id": "Military", "name": "M"}]}, "id must be 1 to 32"),
    ({**CITY, "categories": [{"id": "a" * 33, "name": "M"}]}, "id must be 1 to 32"),
    ({**CITY, "categories": [{"id": "mil itary", "name": "M"}]}, "id must be 1 to 32"),
    ({**CITY, "categories": [{"id": "m", "name": "M"}, {"id": "m", "name": "N"}]},
     "Category 2 has the id m, as category 1 does"),
    ({**CITY, "categories": [{"id": "m", "name": ""}]}, "name must be 1 to 40"),
    ({**CITY, "categories": [{"id": "m", "name": "x" * 41}]}, "name must be 1 to 40"),
    ({**CITY, "categories": ["m"]}, "Category 1 must be an object"),
    ({**CITY, "rounds": "no"}, "rounds must be true or false"),
    ({**CITY, "tie_break": {"category": "wonders"}}, "tie-break must name one of"),
    ({**CITY, "tie_break": "coins"}, "tie-break must name one of"),
    ({**CITY, "tie_break": {"category": "coins", "lowest": 1}}, "lowest must be true or false"),
])
def test_an_invalid_sheet_is_refused_as_an_option_before_any_event(sheet, reason):
    message = refusal(sheet_record([{"type": "nonsense"}], sheet=sheet))
    assert message.startswith("options: ") and reason in message


@pytest.mark.parametrize("teams, reason", [
    ([["Anna", "Bence", "Csilla", "Dani"]], "at least two teams"),
    ([["Anna", "Bence"], []], "at least two teams"),
    ("Anna", "at least two teams"),
    ([["Anna", "Bence"], ["Csilla"]], "Dani is in no team"),
    ([["Anna", "Bence"], ["Csilla", "Dani", "Anna"]], "Anna is in more than one team"),
    ([["Anna", "Bence"], ["Csilla", "Dani", "Dora"]], "'Dora' is in a team but not a player"),
])
def test_invalid_teams_are_refused_as_an_option(teams, reason):
    message = refusal(sheet_record([], teams=teams))
    assert message.startswith("options: ") and reason in message


def test_teams_without_a_sheet_are_invalid():
    data = {"format": "table-companion-record", "version": 2, "game": "score-pad",
            "options": {"teams": [["Anna"], ["Bence"]]},
            "players": [{"name": "Anna"}, {"name": "Bence"}], "events": []}
    assert refusal(data) == "options: Teams are kept only on a score sheet with categories."


def test_a_version_1_record_with_a_sheet_or_teams_is_refused_not_scored():
    assert refusal(sheet_record([], version=1)).startswith(
        "options: These options are written only in a version 2 record")


def test_a_version_2_reader_reads_version_1_records_and_every_other_record_stays_version_1():
    game = GAMES["score-pad"]
    assert game.rules.record_version({"lowest_wins": False}) == 1
    assert game.rules.record_version(record.load(sheet_record([])).options) == 2
    for name in GAMES:
        assert GAMES[name].rules.record_version({}) == 1


def test_the_sheet_is_normalised_with_its_defaults_and_nothing_else():
    sheet = {"name": "S", "categories": [{"id": "a", "name": "A", "extra": 1}],
             "tie_break": {"category": "a"}, "lowest_wins": True}
    assert rules.check_sheet(sheet) == {"name": "S", "categories": [{"id": "a", "name": "A"}],
                                        "rounds": True,
                                        "tie_break": {"category": "a", "lowest": False}}


# --- the command line ----------------------------------------------------------------------------

def companion(*args, text):
    return subprocess.run([sys.executable, "-m", "companion.cli", *args], input=text,
                          capture_output=True, text=True, timeout=60)


def test_companion_score_prints_the_sheet_result_and_check_says_ok():
    data = sheet_record([cell("Anna", "military", 5, expression="2 + 3"), cell("Bence", "coins", 5)],
                        teams=[["Anna", "Csilla"], ["Bence", "Dani"]])
    done = companion("score", "-", text=json.dumps(data))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == record.load(data).result()
    assert companion("check", "-", text=json.dumps(data)).stdout.strip() == "ok"


@pytest.mark.parametrize("data, line", [
    (sheet_record([], sheet={**CITY, "categories": []}),
     "error: options: A score sheet has 1 to 20 categories.\n"),
    (sheet_record([], version=1),
     "error: options: These options are written only in a version 2 record (a reader of version "
     "1 would score it wrongly).\n"),
    (sheet_record([cell("Anna", "coins", 1), cell("Anna", "coins", 4, expression="3--1")]),
     "error: event 2 (points): '3--1' is not a sum of whole numbers such as 3 + 6 + 2, 12 - 4 "
     "or -3.\n"),
    (sheet_record([cell("Anna", "wonders", 1)]),
     "error: event 1 (points): 'wonders' is not a category of this sheet.\n"),
])
def test_bad_sheets_and_bad_events_exit_2_naming_the_event_and_the_reason(data, line):
    for command in ("score", "check"):
        done = companion(command, "-", text=json.dumps(data))
        assert (done.returncode, done.stdout, done.stderr) == (2, "", line)


# --- properties: an independent scorer -----------------------------------------------------------

ids = st.lists(st.from_regex(r"[a-z0-9_-]{1,6}", fullmatch=True), min_size=1, max_size=5,
               unique=True)


@st.composite
def tables(draw):
    players = draw(st.lists(st.sampled_from(["Anna", "Bence", "Csilla", "Dani", "Ede", "Fanni"]),
                            min_size=1, max_size=6, unique=True))
    cats = draw(ids)
    sheet = {"name": "Sheet", "categories": [{"id": c, "name": c.upper()} for c in cats],
             "rounds": draw(st.booleans())}
    if draw(st.booleans()):
        sheet["tie_break"] = {"category": draw(st.sampled_from(cats)), "lowest": draw(st.booleans())}
    options = {"sheet": sheet, "lowest_wins": draw(st.booleans())}
    if len(players) >= 2 and draw(st.booleans()):
        count = draw(st.integers(2, len(players)))
        order = draw(st.permutations(players))
        options["teams"] = [order[i::count] for i in range(count)]
    rounds = 1 if not sheet["rounds"] else 4
    events = []
    for _ in range(draw(st.integers(0, 25))):
        value = draw(st.integers(-30, 60))
        event = {"type": "points", "player": draw(st.sampled_from(players)),
                 "round": draw(st.integers(1, rounds)), "category": draw(st.sampled_from(cats)),
                 "points": value}
        if draw(st.booleans()):         # typed as a sum whose first term makes up the rest
            later = draw(st.lists(st.integers(0, 40), max_size=2))
            first = value - sum(later)
            event["expression"] = f"{first}" + "".join(f" + {p}" for p in later)
        events.append(event)
    return sheet_record(events, sheet=sheet, players=players, **{k: v for k, v in options.items()
                                                                 if k != "sheet"})


def competition(keys):
    return [1 + sum(1 for other in keys if other < key) for key in keys]


def expected(data):
    """The contract's sheet section, scored again from the record alone."""
    options, players = data["options"], [p["name"] for p in data["players"]]
    sheet = options["sheet"]
    cats = [c["id"] for c in sheet["categories"]]
    cells = {}
    for e in data["events"]:
        cells[(e["player"], e["round"], e["category"])] = e["points"]
    last = max((r for _, r, _ in cells), default=0)
    entries = {}
    for p in players:
        cat = {c: [cells.get((p, r, c), 0) for r in range(1, last + 1)] for c in cats}
        breakdown = {c: sum(v) for c, v in cat.items()}
        entries[p] = {"name": p, "total": sum(breakdown.values()), "breakdown": breakdown,
                      "details": {"rounds": [sum(cat[c][r] for c in cats) for r in range(last)],
                                  "categories": cat}}
    tie = sheet.get("tie_break")
    direction = 1 if options.get("lowest_wins") else -1

    def key(group):
        total = sum(entries[p]["total"] for p in group)
        tb = sum(entries[p]["breakdown"][tie["category"]] for p in group) if tie else 0
        return (direction * total, (1 if tie and tie.get("lowest") else -1) * tb)

    groups = options.get("teams") or [[p] for p in players]
    ranks = competition([key(g) for g in groups])
    for group, r in zip(groups, ranks):
        for p in group:
            entries[p]["rank"] = r
    result = {"game": "score-pad", "finished": False, "end_triggered": False,
              "players": [entries[p] for p in players]}
    if "teams" in options:
        result["teams"] = [{"players": g, "total": sum(entries[p]["total"] for p in g), "rank": r}
                           for g, r in zip(groups, ranks)]
    result["winners"] = [p for p in players if entries[p]["rank"] == 1]
    return result


@settings(max_examples=examples(100), deadline=None)
@given(tables())
def test_any_sheet_scores_as_the_contract_says(data):
    assert record.load(data).result() == expected(data)


@settings(max_examples=examples(100), deadline=None)
@given(tables())
def test_an_exported_sheet_record_replays_to_the_same_scores_and_snapshot(data):
    run = record.load(data)
    again = record.load(json.loads(json.dumps(record.envelope(run.game, run.options, run.players,
                                                              run.events))))
    assert again.result() == run.result()
    resumed = record.resumed(run.game, run.options, run.players,
                             json.loads(json.dumps(record.snapshot(run))))
    assert resumed.state == run.state and resumed.result() == run.result()


@settings(max_examples=examples(60), deadline=None)
@given(tables(), st.data())
def test_undoing_a_sheet_entry_scores_as_if_it_never_happened(data, draw):
    if not data["events"]:
        return
    target = draw.draw(st.integers(0, len(data["events"]) - 1))
    with_undo = {**data, "events": [*data["events"], {"type": "undo", "event": target + 1}]}
    without = {**data, "events": data["events"][:target] + data["events"][target + 1:]}
    assert record.load(with_undo).result() == record.load(without).result()


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.integers(0, 1_000_000), min_size=1, max_size=6), st.lists(st.booleans(), min_size=6, max_size=6),
       st.lists(st.sampled_from(["", " ", "  "]), min_size=12, max_size=12))
def test_every_sum_the_grammar_allows_has_the_value_of_its_terms(numbers, minus, spaces):
    text, value = "", 0
    for index, number in enumerate(numbers):
        sign = "-" if minus[index] else ("+" if index else "")
        text += (f"{spaces[2 * index]}{sign}{spaces[2 * index + 1]}" if index else
                 ("-" if minus[0] else "")) + str(number)
        value += -number if minus[index] else number
    assert rules.expression_value(text) == value


def test_the_next_cell_goes_category_by_category_then_round_by_round():
    run = record.load(sheet_record([cell("Anna", "military", 1)], sheet={**CITY, "rounds": True}))
    assert rules.next_cell(run.state, "Anna") == (1, "coins")
    assert rules.next_cell(run.state, "Bence") == (1, "military")
    full = record.load(sheet_record([cell("Anna", "military", 1), cell("Anna", "coins", 1)]))
    assert rules.next_cell(full.state, "Anna") is None        # filled once: nothing left
    assert rules.next_empty(full.state) == (1, 1, "military")


def test_what_is_missing_before_finish_names_the_empty_categories():
    run = record.load(sheet_record([cell("Anna", "military", 1)], players=["Anna", "Bence"]))
    assert rules.missing(run.state) == {"Anna": [(1, "coins")],
                                        "Bence": [(1, "military"), (1, "coins")]}
    assert GAMES["score-pad"].policy.missing(run.state)[0] == "Anna has nothing in Coins."


def test_a_replacement_is_asked_naming_the_category():
    run = record.load(sheet_record([cell("Anna", "military", 1)]))
    conflict = GAMES["score-pad"].policy.overwrite(run.state, cell("Anna", "military", 4))
    assert str(conflict) == "Anna's Military is 1. Replace it with 4?"
    assert GAMES["score-pad"].policy.overwrite(run.state, cell("Anna", "military", 1)) is None


def test_the_history_names_the_category_and_the_typed_sum():
    run = record.load(sheet_record([cell("Anna", "military", 11, expression="3 + 6 + 2"),
                                    cell("Anna", "military", 4)]))
    lines = GAMES["score-pad"].rules.describe_all(run.events, {}, 0, run.options)
    assert lines == ["Anna: Military 3 + 6 + 2 = 11", "Anna: Military corrected from 11 to 4"]


def test_a_refused_sheet_event_changes_nothing():
    run = record.load(sheet_record([cell("Anna", "military", 1)]))
    before = run.result()
    with pytest.raises(RuleError):
        run.then(cell("Anna", "military", 2, expression="3"))
    assert run.result() == before and len(run.events) == 1
