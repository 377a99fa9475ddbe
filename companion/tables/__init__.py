"""Everything about a table: create, join, seats, live view, history, results. Game-agnostic."""
from flask import Blueprint

bp = Blueprint("tables", __name__)

from . import routes  # noqa: E402,F401  (routes register themselves on bp)
from . import story_pages  # noqa: E402,F401  (the story of a game: chart and replay)
from . import share  # noqa: E402,F401  (the result card and BG Stats link)
from . import rematch  # noqa: E402,F401  (the next game at the same table)
from . import history_page  # noqa: E402,F401  (the games page)
from . import install  # noqa: E402,F401  (the home screen icon's /last, the offline page)
