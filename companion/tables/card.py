"""The result card: a finished table's ranking as a PNG.

The result card: a finished table's ranking drawn as a 1200×630 PNG (the size chat apps
preview), with Pillow. The winner and each player's total come first and large, so that a
thumbnail in a chat still reads; each player's points by category follow in smaller type. With
teams each team's line leads its players' lines, drawn smaller and indented. The game's length
and each player's share of it close the card in small type, where the table kept its times.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 1200, 630
MARGIN = 40

# the app's colours (static/css/app.css)
INK, MUTED, PAPER, CARD = "#1d2330", "#5b6475", "#f6f3ec", "#ffffff"
ACCENT, LINE, WINNER = "#1f6f5c", "#d9d4c7", "#fff1b8"
ON_INK = "#c9cfdb"

ELLIPSIS = "…"
TIME_LINE = 30          # a line of the game's time at the card's foot


@dataclass(frozen=True)
class Row:
    rank: int | None                # None: a player of the team on the line above
    name: str
    total: int | float
    winner: bool
    breakdown: tuple[str, ...]      # "Shops 18", one per category, in the game's order


@dataclass(frozen=True)
class Card:
    game: str           # the game's name, in the viewer's language
    date: str
    winner_line: str    # "Winner: Anna"
    rows: tuple[Row, ...]
    total_label: str
    time_lines: tuple[str, ...] = ()    # the game's length, each player's share: at the foot
    photo: bytes | None = None          # a photo of the final table (a JPEG the app made)


@lru_cache(maxsize=64)
def font(folder: str, bold: bool, size: int) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(Path(folder) / name), size)


def fitted(draw: ImageDraw.ImageDraw, text: str, folder: str, bold: bool, size: int,
           width: float, smallest: int) -> tuple[str, ImageFont.FreeTypeFont]:
    """``text`` in the largest size from ``size`` down to ``smallest`` that fits ``width``;
    at the smallest size, cut with an ellipsis."""
    while True:
        face = font(folder, bold, size)
        if draw.textlength(text, font=face) <= width:
            return text, face
        if size <= smallest:
            return cut(draw, text, face, width), face
        size = max(smallest, int(size * 0.9))


def cut(draw: ImageDraw.ImageDraw, text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    if draw.textlength(text, font=face) <= width:
        return text
    low, high = 0, len(text)          # the longest prefix that fits with the ellipsis
    while low < high:
        middle = (low + high + 1) // 2
        if draw.textlength(text[:middle].rstrip() + ELLIPSIS, font=face) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS


def wrapped(draw: ImageDraw.ImageDraw, items: tuple[str, ...], face: ImageFont.FreeTypeFont,
            width: float, lines: int) -> list[str]:
    """The items joined with " · " into at most ``lines`` lines, the last one cut if need be."""
    out: list[str] = []
    current = ""
    for index, item in enumerate(items):
        candidate = f"{current} · {item}" if current else item
        if draw.textlength(candidate, font=face) <= width or not current:
            current = candidate
            continue
        if len(out) + 1 == lines:       # no line left: the rest goes on this one, cut
            current = " · ".join((current, *items[index:]))
            break
        out.append(current)
        current = item
    if current:
        out.append(cut(draw, current, face, width))
    return out


PHOTO_WIDTH = 400      # a photo of the final table takes the card's right side


def render(card: Card, folder: str) -> bytes:
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    right = WIDTH - MARGIN
    photo_box = None
    if card.photo is not None:
        photo_box = (right - PHOTO_WIDTH, 112, right, HEIGHT - 26)

    # the band: the game's name and the date
    draw.rectangle((0, 0, WIDTH, 88), fill=INK)
    date_face = font(folder, False, 28)
    date_width = draw.textlength(card.date, font=date_face)
    draw.text((right, 44), card.date, font=date_face, fill=ON_INK, anchor="rm")
    title, face = fitted(draw, card.game, folder, True, 40, right - MARGIN - date_width - 30, 26)
    draw.text((MARGIN, 44), title, font=face, fill="#ffffff", anchor="lm")

    # the winner, large
    text_right = right if photo_box is None else photo_box[0] - 30
    line, face = fitted(draw, "★ " + card.winner_line, folder, True, 60, text_right - MARGIN, 34)
    draw.text((MARGIN, 140), line, font=face, fill=ACCENT, anchor="lm")

    # the game's time at the foot, one line each, in small type under the ranking
    bottom = HEIGHT - 26
    if card.time_lines:
        face = font(folder, False, 22)
        bottom = HEIGHT - 16 - TIME_LINE * len(card.time_lines) - 8
        for index, text in enumerate(card.time_lines):
            draw.text((MARGIN, bottom + 14 + TIME_LINE * index + TIME_LINE / 2),
                      cut(draw, text, face, text_right - MARGIN), font=face, fill=MUTED, anchor="lm")

    # the ranking: rank, name, breakdown, total; in two columns past six players
    top = 192
    columns = 2 if len(card.rows) > 6 else 1
    per_column = max(1, -(-len(card.rows) // columns))
    width = (text_right - MARGIN - 40 * (columns - 1)) / columns
    for column in range(columns):
        left = MARGIN + column * (width + 40)
        ranking(draw, card, card.rows[column * per_column:(column + 1) * per_column], folder,
                (left, top, left + width, bottom), per_column)

    if photo_box is not None:
        framed(image, card.photo, photo_box)
    out = io.BytesIO()
    # zlib's fast levels: half the time of the default level 6 for a few more kilobytes
    image.save(out, "PNG", compress_level=3)
    return out.getvalue()


def framed(image: Image.Image, photo: bytes, box: tuple[int, int, int, int]) -> None:
    """The photo cut to fill ``box`` (its middle kept), with rounded corners."""
    from PIL import ImageOps

    size = (box[2] - box[0], box[3] - box[1])
    with Image.open(io.BytesIO(photo)) as opened:
        filled = ImageOps.fit(opened.convert("RGB"), size, Image.Resampling.LANCZOS)
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius=16, fill=255)
    image.paste(filled, box[:2], mask)


def ranking(draw: ImageDraw.ImageDraw, card: Card, rows: tuple[Row, ...], folder: str,
            box: tuple[float, float, float, float], count: int) -> None:
    left, top, right, bottom = box
    right -= 14
    step = min(100, (bottom - top) / count)
    size = int(max(18, min(44, step * 0.56)))
    big, rank_face = font(folder, True, size), font(folder, False, size)
    small_size = int(max(14, min(24, step * 0.27)))
    small = font(folder, False, small_size)
    total_width = max([draw.textlength(str(r.total), font=big) for r in card.rows] + [size * 2])
    total_left = right - total_width
    rank_width = draw.textlength(f"{len(card.rows)}.", font=rank_face)
    name_left = left + 14 + rank_width + 16
    has_breakdown = any(r.breakdown for r in card.rows)
    name_room = (total_left - name_left - 24) * (0.42 if has_breakdown else 1.0)
    widest = max(draw.textlength(r.name, font=big) for r in card.rows)
    name_width = min(widest, name_room)
    breakdown_left = name_left + name_width + 28
    breakdown_width = total_left - 28 - breakdown_left
    lines = max(1, min(3, int((step - 8) // (small_size * 1.3))))

    draw.text((right, top - 6), card.total_label, font=font(folder, False, 20), fill=MUTED,
              anchor="rd")
    member_face = font(folder, False, int(size * 0.75))
    indent = size * 0.6
    for index, row in enumerate(rows):
        y0 = top + index * step
        middle = y0 + step / 2
        if row.winner:
            # a winning team's lines (the team's, then its players') are one highlighted block
            above = index > 0 and rows[index - 1].winner and row.rank is None
            below = index + 1 < len(rows) and rows[index + 1].winner \
                and rows[index + 1].rank is None
            draw.rounded_rectangle((left, y0 + (0 if above else 3), right + 14,
                                    y0 + step - (0 if below else 3)), radius=12, fill=WINNER,
                                   corners=(not above, not above, not below, not below))
        else:
            draw.line((left, y0 + step, right + 14, y0 + step), fill=LINE, width=1)
        if row.rank is None:
            draw.text((name_left + indent, middle),
                      cut(draw, row.name, member_face, name_width - indent), font=member_face,
                      fill=INK, anchor="lm")
            draw.text((right, middle), str(row.total), font=member_face, fill=MUTED, anchor="rm")
        else:
            draw.text((left + 14 + rank_width, middle), f"{row.rank}.", font=rank_face,
                      fill=MUTED, anchor="rm")
            draw.text((name_left, middle), cut(draw, row.name, big, name_width), font=big,
                      fill=INK, anchor="lm")
            draw.text((right, middle), str(row.total), font=big, fill=INK, anchor="rm")
        if row.breakdown and breakdown_width > 60:
            texts = wrapped(draw, row.breakdown, small, breakdown_width, lines)
            height = small_size * 1.3
            y = middle - height * (len(texts) - 1) / 2
            for text in texts:
                draw.text((breakdown_left, y), text, font=small, fill=MUTED, anchor="lm")
                y += height
