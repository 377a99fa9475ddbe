"""Everything about a table: create, join, seats, live view, history, results. Game-agnostic.

The blueprint's routes are in a module per feature; :func:`companion.create_app` imports them.
"""
from flask import Blueprint

bp = Blueprint("tables", __name__)
