"""Asking before what cannot be taken back, and before replacing what is already entered.

A question is shown on top of the screen it came from, as a form re-posting the request with
the yes (so it works without JavaScript): ``sure=yes`` for Finish, leaving or freeing a seat;
``replaces=<token>`` for a correction, the token naming the value the player agreed to replace.
"""
from __future__ import annotations

from typing import Any

from flask import request


def question(text: str, action: str, yes: str, back: str, fields: dict[str, Any],
             warnings: list[str] | None = None, changes: list[str] | None = None,
             danger: bool = True) -> dict[str, Any]:
    """A confirmation shown on top of a screen: a form re-posting ``fields`` with the yes."""
    return {"question": text, "action": action, "yes": yes, "back": back, "fields": fields,
            "warnings": warnings or [], "changes": changes or [], "danger": danger}


def sure() -> bool:
    """The confirmation's yes (every step that cannot be taken back asks first)."""
    return request.form.get("sure") == "yes"
