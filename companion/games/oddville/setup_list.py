"""OddVille's setup checklist for the host screen: the box for the player count and the end
variant. Pure; every line names the rules digest's heading it comes from
(shared/rules/oddville.md) and the figures in it are that section's."""
from __future__ import annotations

from typing import Any, Mapping

from ..turns import N_

COMPONENTS = "Components that matter for scoring"      # the digest's headings, as written there
CITY = "The city"
CHARACTERS = "Characters (12: 3 per guild)"
CITE = {COMPONENTS: N_("rules: Components that matter for scoring"), CITY: N_("rules: The city"),
        CHARACTERS: N_("rules: Characters")}


def line(heading: str, text: str, **params: Any) -> dict[str, Any]:
    return {"text": text, "params": params, "heading": heading, "cite": CITE[heading]}


def setup_list(options: Mapping[str, Any], count: int) -> list[dict[str, Any]]:
    lines = [line(COMPONENTS, N_("Each player takes %(workers)s worker figures."), workers=9),
             line(CITY, N_("The Main Square card goes in the middle of the table: the top row "
                           "of the city."))]
    if count == 3:
        lines.append(line(CHARACTERS, N_("Remove the top card of each guild's character deck "
                                         "(%(count)s players)."), count=count))
    elif count == 2:
        lines.append(line(CHARACTERS, N_("Remove the top %(cards)s cards of each guild's "
                                         "character deck (%(count)s players)."),
                          cards=2, count=count))
    if options.get("end") == "complete-round":
        lines.append(line(CITY, N_("The last player in turn order takes the End of the game "
                                   "card.")))
    return lines
