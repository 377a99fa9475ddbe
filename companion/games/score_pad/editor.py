"""The score sheet editor: sheets saved by name, made, corrected, downloaded and uploaded."""
from __future__ import annotations

from flask import Blueprint

bp = Blueprint("score_pad", __name__, url_prefix="/games/score-pad")
