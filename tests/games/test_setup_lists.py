"""The host's setup checklists: for every game, option and allowed player count, each line
cites a heading of the game's rules digest, and every figure in the line is in that section."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.games import GAMES

DIGESTS = Path(__file__).resolve().parents[2] / "docs" / "rules"     # each game's rules digest
# the game, its digest and the option sets its checklist depends on
COVERED = {"quadropolis": ("quadropolis.md", [{"mode": "classic"}, {"mode": "expert"}]),
           "oddville": ("oddville.md", [{"end": "base"}, {"end": "complete-round"}]),
           "calcada": ("calcada.md", [{}]),
           "doodle-city": ("doodle-city.md", [{}])}


def sections(text: str) -> dict[str, str]:
    """The digest's ``## `` sections by heading."""
    found = {}
    for part in re.split(r"^## ", text, flags=re.M)[1:]:
        heading, _, body = part.partition("\n")
        found[heading.strip()] = body
    return found


def numbers(text: str) -> set[str]:
    return set(re.findall(r"\d+", text))


def cases():
    for name, (digest, option_sets) in COVERED.items():
        rules = GAMES[name].rules
        for options in option_sets:
            for count in range(rules.min_players, rules.max_players + 1):
                yield pytest.param(name, digest, options, count, id=f"{name}-{options}-{count}")


@pytest.mark.parametrize("name, digest, options, count", list(cases()))
def test_each_line_cites_its_digest_section_and_its_figures_are_there(name, digest, options,
                                                                     count):
    path = DIGESTS / digest
    found = sections(path.read_text(encoding="utf-8"))
    lines = GAMES[name].rules.setup_list(options, count)
    assert lines, "a covered game has a checklist for every allowed count"
    for line in lines:
        assert line["heading"] in found, line
        assert line["heading"].split(" (")[0] in line["cite"], line     # the cite names it
        shown = line["text"] % line["params"]
        missing = numbers(shown) - numbers(found[line["heading"]])
        assert not missing, (shown, missing)


def test_a_game_without_a_checklist_declares_none():
    assert GAMES["score-pad"].rules.setup_list({}, 3) == []


def test_quadropolis_puts_back_what_the_count_does_not_use():
    rules = GAMES["quadropolis"].rules
    two = " ".join(line["text"] % line["params"] for line in rules.setup_list({"mode": "classic"}, 2))
    three = " ".join(line["text"] % line["params"]
                     for line in rules.setup_list({"mode": "classic"}, 3))
    assert "marked 3-4 and 4" in two and "marked 4 (only" in three
    expert = " ".join(line["text"] % line["params"]
                      for line in rules.setup_list({"mode": "expert"}, 3))
    assert "Monuments: 3 in play" in expert and "rounds 2 to 4" in expert
