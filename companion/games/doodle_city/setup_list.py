"""Doodle City's setup checklist for the host screen: the sheets, the start roads, the dice.
Pure; every line names the rules digest's heading it comes from (shared/rules/doodle-city.md)
and the figures in it are that section's."""
from __future__ import annotations

from typing import Any, Mapping

from ..turns import N_

SHEET = "The sheet"        # the digest's headings, as written there
SETUP = "Setup"
ROUND = "A round"
CITE = {SHEET: N_("rules: The sheet"), SETUP: N_("rules: Setup"), ROUND: N_("rules: A round")}


def line(heading: str, text: str, **params: Any) -> dict[str, Any]:
    return {"text": text, "params": params, "heading": heading, "cite": CITE[heading]}


def setup_list(options: Mapping[str, Any], count: int) -> list[dict[str, Any]]:
    dice = (line(ROUND, N_("Dice: %(blue)s blue and %(white)s white (solo)."), blue=1, white=3)
            if count == 1 else
            line(ROUND, N_("Dice: %(blue)s blue and one white more than there are players."),
                 blue=1))
    return [
        line(SHEET, N_("Each player takes a sheet (%(size)s × %(size)s); compare it with the "
                       "app's sheet."), size=5),
        line(SETUP, N_("Start roads: the blue die once per column %(first)s to %(last)s (the "
                       "app rolls them); every sheet draws the same."), first=1, last=5),
        dice,
    ]
