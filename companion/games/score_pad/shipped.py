"""The score sheets that ship ready (``sheets/*.json``): each follows a widely played game's
score pad, its categories named in every language the app speaks. Pure: no Flask.

A file holds ``id``, ``follows`` (the game and edition, per language; null for the blank one),
``name`` and each category's ``name`` per language, ``rounds``, ``lowest_wins``, an optional
``tie_break`` and an optional ``setup`` per language; :func:`sheet` gives the record contract's
``sheet`` object in one language."""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Mapping

from ..base import RuleError
from .rules import check_sheet

FOLDER = Path(__file__).with_name("sheets")
LANGUAGES = ("en", "hu")
FALLBACK = "en"
BLANK = "blank"          # the start of a new sheet


@dataclass(frozen=True)
class Shipped:
    id: str
    names: Mapping[str, str]                 # language -> the sheet's name
    follows: Mapping[str, str] | None        # language -> the game and edition it follows
    lowest_wins: bool
    definitions: Mapping[str, dict[str, Any]]     # language -> the contract's sheet object

    def name(self, language: str) -> str:
        return self.names.get(language, self.names[FALLBACK])

    def sheet(self, language: str) -> dict[str, Any]:
        """The contract's ``sheet`` object, its names in ``language`` (English if unknown)."""
        return json.loads(json.dumps(self.definitions.get(language, self.definitions[FALLBACK])))

    def follows_in(self, language: str) -> str | None:
        return self.follows.get(language, self.follows[FALLBACK]) if self.follows else None


def _in(texts: Any, language: str, where: str) -> str:
    if not isinstance(texts, Mapping) or not isinstance(texts.get(language), str):
        raise ValueError(f"{where} has no {language!r} text")
    return texts[language]


def load(path: Path) -> Shipped:
    """One file, checked in every language; ValueError naming the file and the fault."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    where = path.name
    if raw.get("id") != path.stem:
        raise ValueError(f"{where}: its id must be its file name, {path.stem!r}")
    if not isinstance(raw.get("lowest_wins"), bool):
        raise ValueError(f"{where}: lowest_wins must be true or false")
    definitions = {}
    for language in LANGUAGES:
        sheet = {"name": _in(raw.get("name"), language, f"{where}: name"),
                 "categories": [{"id": c.get("id"),
                                 "name": _in(c.get("name"), language, f"{where}: {c.get('id')}")}
                                for c in raw.get("categories") or []],
                 "rounds": raw.get("rounds", True)}
        if "tie_break" in raw:
            sheet["tie_break"] = raw["tie_break"]
        if "setup" in raw:
            sheet["setup"] = _in(raw["setup"], language, f"{where}: setup")
        try:
            definitions[language] = check_sheet(sheet)
        except RuleError as error:
            raise ValueError(f"{where} ({language}): {error}") from None
    follows = raw.get("follows")
    if follows is not None:
        follows = {language: _in(follows, language, f"{where}: follows") for language in LANGUAGES}
    return Shipped(raw["id"], {lang: d["name"] for lang, d in definitions.items()}, follows,
                   raw["lowest_wins"], definitions)


def in_language(raw: Any, language: str) -> Any:
    """A sheet file as the record contract writes it, its names in ``language``: a file in the
    shipped files' own format names the sheet and each category per language (English where
    ``language`` is missing, else the first it has); any other file as it is."""
    def one(texts: Any) -> Any:
        if not isinstance(texts, Mapping):
            return texts
        found = [texts.get(language), texts.get(FALLBACK), *texts.values()]
        return next((text for text in found if isinstance(text, str)), texts)

    if not isinstance(raw, Mapping):
        return raw
    sheet = {**raw, "name": one(raw.get("name"))}
    if "setup" in raw:
        sheet["setup"] = one(raw["setup"])
    if isinstance(raw.get("categories"), list):
        sheet["categories"] = [{**c, "name": one(c.get("name"))} if isinstance(c, Mapping) else c
                               for c in raw["categories"]]
    return sheet


@cache
def shipped() -> dict[str, Shipped]:
    """Every shipped sheet by id."""
    return {s.id: s for s in map(load, sorted(FOLDER.glob("*.json")))}


def in_order(language: str) -> list[Shipped]:
    """The shipped sheets as a list shows them: by their names in ``language``, the blank last."""
    return sorted(shipped().values(), key=lambda s: (s.id == BLANK, s.name(language).casefold()))
