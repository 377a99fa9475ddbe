"""Calçada's setup checklist for the host screen: the scoring board for the player count, the
carousel, the bonus tiles. Pure; every line names the rules digest's heading it comes from
(shared/rules/calcada.md) and the figures in it are that section's."""
from __future__ import annotations

from typing import Any, Mapping

from ..turns import N_

COMPONENTS = "Components that matter for scoring"      # the digest's heading, as written there
CITE = {COMPONENTS: N_("rules: Components that matter for scoring")}


def line(heading: str, text: str, **params: Any) -> dict[str, Any]:
    return {"text": text, "params": params, "heading": heading, "cite": CITE[heading]}


def setup_list(options: Mapping[str, Any], count: int) -> list[dict[str, Any]]:
    return [
        line(COMPONENTS, N_("Scoring board: the side marked %(count)s players, each colour's "
                            "stone on the top row; the other board back in the box."),
             count=count),
        line(COMPONENTS, N_("Carousel: %(stones)s stones, 1, 2, 3, 4 and 5 clockwise, one space "
                            "empty."), stones=15),
        line(COMPONENTS, N_("Everyone uses the same side of the player board (%(few)s or "
                            "%(many)s districts)."), few=8, many=9),
        line(COMPONENTS, N_("Each player takes %(bonus)s bonus tiles."), bonus=2),
    ]
