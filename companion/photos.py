"""A photo of the final table, made safe to keep and show: read by its content (JPEG, PNG or
WebP), its pixels counted before it is decoded, turned upright from its EXIF orientation, then
drawn again as a JPEG of at most :data:`LONGEST` pixels a side with no metadata at all (no EXIF,
so no location; no ICC profile, XMP or comment).

A hostile file (text named photo.jpg, a decompression bomb, a truncated JPEG) is refused with a
:class:`~companion.errors.RuleError` whose message a player can read. The decoding runs in a
child process (:func:`prepare_stdin`, through ``processes.in_a_process``): a photo's seconds of
CPU and its memory are never the server's. Imports nothing of the app but its refusals.
"""
from __future__ import annotations

import io
import json
import re
import sys
import warnings
from dataclasses import dataclass

from .errors import N_, RuleError

MAX_BYTES = 15 * 1024 * 1024    # a phone's photo is 2-6 MB
MAX_PIXELS = 50_000_000         # 50 megapixels: a phone's largest sensor, not a bomb
LONGEST = 2048                  # the kept photo's longest side at most, in pixels
QUALITY = 85
FORMATS = ("JPEG", "PNG", "WEBP")
MEMORY = 1024 * 1024 * 1024     # the child's address space at most


NOT_A_PHOTO = N_("That file is not a photo this app reads: send a JPEG, PNG or WebP picture.")
TOO_MANY_PIXELS = N_("That picture has too many pixels (%(megapixels)d megapixels): at most "
                     "%(most)d megapixels.")
FAR_TOO_MANY_PIXELS = N_("That picture has far too many pixels: at most %(most)d megapixels.")
DAMAGED = N_("That photo is damaged or cut short: take or choose it again.")


def too_large() -> RuleError:
    """The refusal of a photo over :data:`MAX_BYTES`."""
    return RuleError(N_("That photo is too large: at most %(mb)d MB."), mb=MAX_BYTES // (1024 * 1024))


@dataclass(frozen=True)
class Kept:
    """A photo as it is kept: a JPEG without metadata, its size in pixels."""
    jpeg: bytes
    width: int
    height: int


def prepare(data: bytes) -> Kept:
    """``data`` read and drawn again as it is kept; RuleError if it is no photo to keep."""
    from PIL import Image, ImageFile, ImageOps, UnidentifiedImageError

    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    ImageFile.LOAD_TRUNCATED_IMAGES = False
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            image = Image.open(io.BytesIO(data), formats=FORMATS)
        except (Image.DecompressionBombError, Image.DecompressionBombWarning) as bomb:
            raise too_many_pixels(pixels_named(str(bomb))) from None
        except (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError):
            raise RuleError(NOT_A_PHOTO) from None
        width, height = image.size
        if width * height > MAX_PIXELS:     # counted before a pixel is decoded
            raise too_many_pixels(width * height)
        try:
            if image.format == "JPEG":      # decoded at the smallest scale still large enough
                image.draft("RGB", (LONGEST, LONGEST))
            image.load()
            upright = ImageOps.exif_transpose(image)
            upright.thumbnail((LONGEST, LONGEST), Image.Resampling.LANCZOS)
            rgb = flattened(upright)
        except (Image.DecompressionBombError, Image.DecompressionBombWarning) as bomb:
            raise too_many_pixels(pixels_named(str(bomb))) from None
        except (OSError, ValueError, SyntaxError, EOFError, MemoryError, IndexError, KeyError):
            raise RuleError(DAMAGED) from None
    # a fresh image: nothing of the file's metadata (its info) comes along
    clean = Image.frombytes("RGB", rgb.size, rgb.tobytes())
    out = io.BytesIO()
    clean.save(out, "JPEG", quality=QUALITY, optimize=True)
    return Kept(out.getvalue(), *clean.size)


def flattened(image):
    """The image in RGB; a transparent one over white (a PNG's transparent part is not black)."""
    from PIL import Image

    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(white, rgba).convert("RGB")
    return image.convert("RGB")


def pixels_named(warning: str) -> int | None:
    """The pixels Pillow's decompression bomb warning counts ("Image size (N pixels) …")."""
    found = re.search(r"\((\d{1,15}) pixels\)", warning)
    return int(found.group(1)) if found else None


def too_many_pixels(pixels: int | None) -> RuleError:
    if pixels is None:
        return RuleError(FAR_TOO_MANY_PIXELS, most=MAX_PIXELS // 1_000_000)
    return RuleError(TOO_MANY_PIXELS, megapixels=-(-pixels // 1_000_000),
                     most=MAX_PIXELS // 1_000_000)


def prepare_stdin() -> None:
    """:func:`prepare` as a program (``processes.in_a_process``): the file on stdin; on stdout
    a line of JSON — the kept photo's size, or the refusal (its message and parameters) — then
    the JPEG's bytes."""
    import os
    import resource

    os.nice(10)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    except (ValueError, OSError):
        pass
    try:
        kept = prepare(sys.stdin.buffer.read(MAX_BYTES + 1))
    except RuleError as error:
        head, body = {"refused": error.message, "params": error.params}, b""
    except MemoryError:
        head, body = {"refused": DAMAGED, "params": {}}, b""
    else:
        head, body = {"width": kept.width, "height": kept.height}, kept.jpeg
    sys.stdout.buffer.write(json.dumps(head).encode() + b"\n" + body)


def read_answer(answer: bytes) -> Kept:
    """What :func:`prepare_stdin` wrote, as :func:`prepare` returns it (or raises)."""
    head, _newline, body = answer.partition(b"\n")
    facts = json.loads(head)
    if "refused" in facts:
        raise RuleError(facts["refused"], **facts["params"])
    return Kept(body, facts["width"], facts["height"])


PROGRAM = "from companion.photos import prepare_stdin; prepare_stdin()"
