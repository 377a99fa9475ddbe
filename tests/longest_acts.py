"""The longest act each game words in its history (the TV's last act, the history's newest line),
each legal as the next act of the table in play that tests/browser/test_tv_reads_at_3m.py opens
(Calçada and Doodle City's cells found free there, OddVille's spot next to its wide city)."""
from __future__ import annotations

from typing import Any

LONGEST: dict[str, dict[str, Any]] = {
    # a correction of a typed sum (the one entered before: 5); a sheet's category makes it longer
    # still (tests/games/test_history_lines.py)
    "score-pad": {"type": "points", "player": "Csilla", "round": 3, "points": 18,
                  "expression": "8 + 7 + 3"},
    # a road with a circle chosen on the track
    "doodle-city": {"type": "draw", "player": "Anna", "row": 3, "column": 1, "shape": "NE",
                    "circle": 4},
    # an announced count, the longest colour and motif
    "calcada": {"type": "place", "player": "Csilla", "row": 1, "column": 2, "colour": "yellow",
                "motif": "bonus", "number": 7},
    # the tower block with the Mayor
    "quadropolis": {"type": "build", "player": "Bence", "row": 4, "column": 4, "kind": "tower",
                    "mayor": True},
    # the Builder's build, left of and below the Main Square, the longest rule
    "oddville": {"type": "build", "player": "Yellow", "row": 2, "column": -3,
                 "vp": {"rule": "per_column", "base": 1}, "builder": True},
}
