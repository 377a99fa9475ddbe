"""OddVille's ids in the player's words.

The words players read for OddVille's ids (rules, guilds, characters); lazy, so they are
translated when shown.
"""
from __future__ import annotations

from typing import Any

from ...i18n import _l
from . import rules

RULE_LABELS = {
    "diamond": _l("diamond card"),
    "per_diamond": _l("points per diamond card"),
    "per_neighbour": _l("points per neighbour"),
    "three_per_neighbour": _l("3 points per neighbour"),
    "per_column": _l("points per card in its column"),
    "per_row": _l("points per card in its row"),
    "shields": _l("the shields of its neighbours"),
    "per_guild": _l("points per guild card"),
}

GUILD_LABELS = {"rooster": _l("rooster"), "bells": _l("bells"), "mask": _l("mask"),
                "lily": _l("lily")}

CHARACTER_LABELS = {rules.key(name): label for name, label in zip(rules.CHARACTERS, (
    _l("Traveller"), _l("Human Resources Manager"), _l("Landowner"), _l("Seignior"),
    _l("Cheater"), _l("Mistress"), _l("Bookkeeper"), _l("Ghost of the Lovely Spinster"),
    _l("Tax Collector"), _l("Benefactor"), _l("Lamplighter"), _l("Builder")))}


def character_label(name: Any) -> Any:
    """A character's name in the player's language (a name the app does not know, as typed)."""
    return CHARACTER_LABELS.get(rules.key(name), name) if isinstance(name, str) else name

# a character's name inside a refusal, as the record spells it -> the player's language
CHARACTER_NAMES = {spelling: CHARACTER_LABELS[rules.key(name)] for name in rules.CHARACTERS
                   for spelling in (name, rules.key(name))}
