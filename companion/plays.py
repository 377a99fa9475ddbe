"""The play as one file: a game record with its photos and notes beside it, as a zip.

- ``record.json``: the record, exactly as ``/t/<code>/record.json`` exports it;
- ``photos/1.jpg``, ``photos/2.jpg``, …: the photos of the final table, in the table's order;
- ``notes.json``: ``{"notes": [{"player": "Anna", "text": "…"}, {"host": true, "text": "…"}]}``.

A zip is read defensively: its size, its members and their sizes capped (each read no further
than its cap, whatever its header declares: a zip bomb stops there), only these names (no
folders, no ``..``), no encryption. A zip refused raises a RuleError a player can read. A photo
read here is still a file from elsewhere: the caller makes it safe (``photos.prepare``) before
keeping it. Pure: imports nothing of the app but its refusals and bounds.
"""
from __future__ import annotations

import io
import json
import re
import zipfile
import zlib
from dataclasses import dataclass, field
from typing import Any

from .bounds import has_surrogate
from .errors import N_, RuleError, cut

RECORD, NOTES = "record.json", "notes.json"
PHOTO_NAME = re.compile(r"photos/([1-9][0-9]?)\.(?:jpe?g|png|webp)", re.ASCII)
MAGIC = b"PK\x03\x04"           # how a zip file begins
MAX_NOTE = 500                  # a note's characters at most
MAX_NOTES_BYTES = 64 * 1024
MAX_MEMBERS = 40


def is_zip(data: bytes) -> bool:
    return data.startswith(MAGIC)


@dataclass
class Play:
    record: bytes
    photos: list[bytes] = field(default_factory=list)
    # {"player": name, "text": ...} or {"host": True, "text": ...}, as notes.json writes them
    notes: list[dict[str, Any]] = field(default_factory=list)


def write(record: bytes, photos: list[bytes], notes: list[dict[str, Any]]) -> bytes:
    """The play's zip (photos stored as they are: a JPEG does not compress)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(RECORD, record)
        for number, photo in enumerate(photos, 1):
            archive.writestr(f"photos/{number}.jpg", photo, compress_type=zipfile.ZIP_STORED)
        archive.writestr(NOTES, json.dumps({"notes": notes}, ensure_ascii=False, indent=2) + "\n")
    return out.getvalue()


def refused(message: str, **params: Any) -> RuleError:
    return RuleError(message, **params)


def read(data: bytes, record_bytes: int, photos_most: int, photo_bytes: int) -> Play:
    """The play in ``data`` (a zip), each part within its cap: the record ``record_bytes``,
    ``photos_most`` photos of ``photo_bytes`` each. RuleError, in words, if it is no play."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError):
        raise refused(N_("That file is not a zip this app can read.")) from None
    if len(members) > MAX_MEMBERS:
        raise refused(N_("That zip holds %(count)d files: a play holds at most %(most)d."),
                      count=len(members), most=MAX_MEMBERS)
    names = [member.filename for member in members]
    if len(set(names)) != len(names):
        raise refused(N_("That zip holds two files of the same name."))
    photos: dict[int, zipfile.ZipInfo] = {}
    record = notes = None
    for member in members:
        if member.is_dir() and member.filename == "photos/":
            continue
        if member.flag_bits & 0x1:
            raise refused(N_("That zip is locked with a password: a play is never."))
        if member.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise refused(N_("That zip is packed in a way this app does not read."))
        matched = PHOTO_NAME.fullmatch(member.filename)
        if member.filename == RECORD:
            record = member
        elif member.filename == NOTES:
            notes = member
        elif matched and int(matched.group(1)) not in photos:
            photos[int(matched.group(1))] = member
        else:
            raise refused(N_("A play's zip holds record.json, notes.json and photos/1.jpg, "
                             "photos/2.jpg, …; not “%(name)s”."),
                          name=cut(member.filename if not has_surrogate(member.filename) else "?"))
    if record is None:
        raise refused(N_("That zip holds no record.json: it is no play of this app."))
    if len(photos) > photos_most:
        raise refused(N_("That play holds %(count)d photos: a table keeps at most %(most)d."),
                      count=len(photos), most=photos_most)
    try:
        text = member_bytes(archive, record, record_bytes, "record.json")
        kept = [member_bytes(archive, photos[n], photo_bytes, photos[n].filename)
                for n in sorted(photos)]
        said = notes_of(member_bytes(archive, notes, MAX_NOTES_BYTES, NOTES)) \
            if notes is not None else []
    except RuleError:
        raise
    except (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError, RuntimeError):
        raise refused(N_("That zip is damaged: a part of it cannot be read.")) from None
    return Play(text, kept, said)


def member_bytes(archive: zipfile.ZipFile, member: zipfile.ZipInfo, most: int, name: str) -> bytes:
    """A member's bytes, read no further than ``most`` + 1 (its header may lie)."""
    if member.file_size > most:
        raise too_large(name, most)
    with archive.open(member) as handle:
        data = handle.read(most + 1)
    if len(data) > most:
        raise too_large(name, most)
    return data


def too_large(name: str, most: int) -> RuleError:
    return refused(N_("%(name)s in that zip is too large: at most %(kb)d kB."),
                   name=cut(name), kb=most // 1024)


def notes_of(data: bytes) -> list[dict[str, Any]]:
    """notes.json's notes, checked: each a text of at most MAX_NOTE characters, by a player
    named or the host; no two by the same."""
    wrong = refused(N_("notes.json is not a list of notes as this app writes it."))
    try:
        parsed = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):
        raise wrong from None
    notes = parsed.get("notes") if isinstance(parsed, dict) else None
    if not isinstance(notes, list) or len(notes) > MAX_MEMBERS:
        raise wrong
    checked, authors = [], set()
    for note in notes:
        if not isinstance(note, dict) or not isinstance(note.get("text"), str):
            raise wrong
        author = ("host",) if note.get("host") is True else ("player", note.get("player"))
        if author[0] == "player" and not (isinstance(author[1], str) and author[1]):
            raise wrong
        text = note["text"].strip()
        if len(text) > MAX_NOTE:
            raise refused(N_("A note holds at most %(most)d characters; one in notes.json "
                             "holds %(count)d."), most=MAX_NOTE, count=len(text))
        if "\x00" in text or has_surrogate(text) or (author[0] == "player" and (
                "\x00" in author[1] or has_surrogate(author[1]))):
            raise wrong
        if author in authors:
            raise refused(N_("notes.json holds two notes by the same player."))
        authors.add(author)
        if text:
            checked.append({"host": True, "text": text} if author[0] == "host"
                           else {"player": author[1], "text": text})
    return checked
