"""Ties: the trigger of the end wins a tie it is in, otherwise the first tied player clockwise
from the trigger; the others tied on top share the next rank. The trigger is known from the
events, so an end that names none (or no end yet) breaks ties the same way; only when nobody
has reached 6 workers do tied players share the rank."""
from __future__ import annotations

from companion import record
from companion.games.oddville import rules

from .test_rules import build, character, end, envelope, resources

SEATS = ("Anna", "Bence", "Csilla", "Dora")


def played(totals: dict[str, int], trigger: str | None, ended: bool = True) -> dict:
    """A record where Anna triggers the end with six diamond cards (24 points) unless another
    player does, and every total is topped up with a character's points."""
    first = trigger or "Anna"
    events = [build(first, 0, c) for c in range(1, 7)]                 # 6 workers: the trigger
    events += [character(p, f"Card of {p}", totals[p] - (24 if p == first else 0))
               for p in SEATS]
    if ended:
        events.append(end(trigger))
    return envelope(SEATS, events)


def standing(totals: dict[str, int], trigger: str | None, ended: bool = True):
    result = record.load(played(totals, trigger, ended)).result()
    assert [p["total"] for p in result["players"]] == [totals[p] for p in SEATS]
    return [p["rank"] for p in result["players"]], result["winners"]


def test_the_trigger_wins_a_tie_it_is_in_and_the_others_tied_share_the_next_rank():
    ranks, winners = standing({"Anna": 30, "Bence": 30, "Csilla": 30, "Dora": 20}, "Bence")
    assert ranks == [2, 1, 2, 4] and winners == ["Bence"]


def test_without_the_trigger_in_the_tie_the_first_tied_clockwise_from_it_wins():
    ranks, winners = standing({"Anna": 30, "Bence": 24, "Csilla": 30, "Dora": 20}, "Bence")
    assert ranks == [2, 3, 1, 4] and winners == ["Csilla"]


def test_clockwise_from_the_trigger_goes_round_past_the_last_seat():
    ranks, winners = standing({"Anna": 30, "Bence": 30, "Csilla": 24, "Dora": 20}, "Csilla")
    assert ranks == [1, 2, 3, 4] and winners == ["Anna"]


def test_a_tie_below_the_top_shares_its_rank():
    ranks, winners = standing({"Anna": 24, "Bence": 30, "Csilla": 24, "Dora": 10}, "Anna")
    assert ranks == [2, 1, 2, 4] and winners == ["Bence"]


def test_an_end_naming_no_trigger_still_breaks_the_tie_from_the_6th_worker():
    ranks, winners = standing({"Anna": 30, "Bence": 30, "Csilla": 24, "Dora": 20}, None)
    assert ranks == [1, 2, 3, 4] and winners == ["Anna"]


def test_a_trigger_not_yet_followed_by_an_end_already_breaks_the_tie():
    ranks, winners = standing({"Anna": 24, "Bence": 30, "Csilla": 30, "Dora": 20}, "Anna",
                              ended=False)
    assert ranks == [3, 1, 2, 4] and winners == ["Bence"]


def test_before_anyone_has_6_workers_tied_players_share_the_win():
    events = [build("Anna", 0, 1), build("Bence", 0, 2), end()]
    result = record.load(envelope(SEATS[:2], events)).result()
    assert [p["rank"] for p in result["players"]] == [1, 1]
    assert result["winners"] == ["Anna", "Bence"]


def test_no_tie_needs_no_tie_break():
    ranks, winners = standing({"Anna": 24, "Bence": 31, "Csilla": 30, "Dora": 20}, "Anna")
    assert ranks == [3, 1, 2, 4] and winners == ["Bence"]


def test_resource_workers_count_in_the_total_a_tie_is_decided_on():
    events = [*[build("Anna", 0, c) for c in range(1, 7)], character("Bence", "Seignior", 20),
              resources("Bence", 4), end("Anna")]
    result = record.load(envelope(SEATS[:2], events)).result()
    assert [p["total"] for p in result["players"]] == [24, 24]
    assert result["winners"] == ["Anna"] and [p["rank"] for p in result["players"]] == [1, 2]


def test_the_ranking_function_alone():
    seats = ("A", "B", "C")
    assert rules.ranks(seats, [5, 5, 5], "C") == [2, 2, 1]
    assert rules.ranks(seats, [5, 5, 5], "B") == [2, 1, 2]
    assert rules.ranks(seats, [5, 4, 5], "B") == [2, 3, 1]
    assert rules.ranks(seats, [5, 5, 5], None) == [1, 1, 1]
