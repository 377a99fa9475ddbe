"""A play's zip taken back (the web import and ``companion import`` alike): its record checked
as any record, each photo made safe again in a process of its own (a zip from elsewhere may
carry any file), its notes matched to the record's seats. Nothing is written here: the table,
its photos and notes are made in one transaction (``service.create_checked``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .. import photos, plays, record
from ..errors import N_, RuleError
from ..processes import in_a_process

PHOTO_SECONDS = 60.0     # a photo decoded in its child process, at most


@dataclass
class Imported:
    work: dict[str, Any]                                    # as record.checked gives it
    photos: list[photos.Kept] = field(default_factory=list)
    notes: list[tuple[int | None, str]] = field(default_factory=list)     # (seat, text)


def photo_kept(data: bytes) -> photos.Kept:
    """``data`` as ``photos.prepare`` keeps it, decoded in a child process (the server's CPU
    and memory stay the acts'); RuleError in words if it is no photo to keep."""
    if len(data) > photos.MAX_BYTES:
        raise photos.too_large()
    try:
        answer = in_a_process(photos.PROGRAM, data, PHOTO_SECONDS)
    except RuntimeError:
        raise RuleError(photos.DAMAGED) from None
    return photos.read_answer(answer)


def play_of(data: bytes, most_bytes: int, photos_most: int,
            check: Callable[[bytes], dict[str, Any]] = record.checked) -> Imported:
    """The play in ``data`` (a zip of at most ``most_bytes``), read, checked and made safe:
    RecordError for its record (as any import says it), RuleError for the rest."""
    if len(data) > most_bytes:
        raise RuleError(N_("That play's zip is too large: at most %(mb)d MB."),
                        mb=most_bytes // (1024 * 1024))
    play = plays.read(data, record.MAX_BYTES, photos_most, photos.MAX_BYTES)
    work = check(play.record)
    if "refused" in work:
        raise record.refusal(work["refused"])
    players = list(work["players"])
    notes: list[tuple[int | None, str]] = []
    for note in play.notes:
        if note.get("host"):
            notes.append((None, note["text"]))
        elif note["player"] in players:
            notes.append((players.index(note["player"]), note["text"]))
        else:
            raise RuleError(N_("notes.json holds a note by %(player)s, who has no seat in the "
                               "record."), player=note["player"])
    kept = []
    for number, photo in enumerate(play.photos, 1):
        try:
            kept.append(photo_kept(photo))
        except RuleError as error:
            raise RuleError(N_("Photo %(n)d of the play: %(reason)s"), n=number,
                            reason=error) from None
    return Imported(work, kept, notes)
