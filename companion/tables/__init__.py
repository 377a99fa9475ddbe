"""Everything about a table: create, join, seats, live view, history, results. Game-agnostic."""
from flask import Blueprint

bp = Blueprint("tables", __name__)

from . import routes  # noqa: E402,F401  (routes register themselves on bp)
from . import install  # noqa: E402,F401  (the home screen icon's /last, the offline page)
