"""The host screen's setup checklist: shown with "Who starts?" before the first entry, for the
game, its options and the number of players; a line a checkbox; gone once play begins."""
from __future__ import annotations

import pytest

from tests.games.quadropolis.test_web import pass_for, start
from tests.support import start_table, text_of

pytestmark = pytest.mark.database


def test_quadropolis_classic_for_three_shows_its_lines_with_boxes_and_cites(client):
    code = start(client, players=("Anna", "Bence", "Csilla"))
    response = client.get(f"/t/{code}")
    page, text = response.get_data(as_text=True), text_of(response)
    assert "Setup for 3 players" in text
    assert "the tiles marked 4 (only with 4 players)" in text and "(rules: Buildings)" in text
    assert page.count('type="checkbox" id="setup-') == 3 and "<details open" in page


def test_the_expert_list_and_the_hungarian_words(client):
    code = start(client, mode="expert", players=("Anna", "Bence"))
    assert "Monuments: 2 in play" in text_of(client.get(f"/t/{code}"))
    client.set_cookie("lang", "hu")
    assert "Előkészítés 2 játékosra" in text_of(client.get(f"/t/{code}"))


def test_gone_once_the_first_entry_is_in_and_never_on_a_score_pad(client):
    code = start(client, players=("Anna", "Bence"))
    assert pass_for(client, code, "Anna").status_code in (200, 303)
    assert "Setup for" not in text_of(client.get(f"/t/{code}"))
    assert "Setup for" not in text_of(client.get(f"/t/{start_table(client)}"))
