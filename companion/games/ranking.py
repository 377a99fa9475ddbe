"""Competition ranking shared by the games: equal keys share a rank (1, 1, 3)."""
from __future__ import annotations

from typing import Sequence


def rank(keys: Sequence[tuple]) -> list[int]:
    """Rank of each entry, smaller key first; ``keys`` holds total then tie-breaks."""
    return [1 + sum(1 for other in keys if other < key) for key in keys]
