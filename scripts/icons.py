"""Draw the home screen icons from static/favicon.svg into static/icons/ (PNG, committed).

    .venv/bin/python scripts/icons.py

Needs CairoSVG (a test dependency). "any" icons keep the favicon's rounded square on a clear
background; the maskable icon and Apple's touch icon fill the whole square (the phone cuts its
own shape), the board scaled into the middle 80 % that every mask keeps.
"""
from __future__ import annotations

import re
from pathlib import Path

import cairosvg

ROOT = Path(__file__).resolve().parent.parent
FAVICON = ROOT / "static" / "favicon.svg"
ICONS = ROOT / "static" / "icons"


def full_bleed(svg: str, scale: float) -> str:
    """The favicon's background square edge to edge, its tiles scaled about the centre."""
    background = re.search(r'<rect width="32" height="32" rx="7" fill="(#[0-9a-f]+)"/>', svg)
    assert background, "favicon.svg's background square has changed: update scripts/icons.py"
    tiles = svg[background.end():svg.rindex("</svg>")]
    offset = 16 * (1 - scale)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
            f'<rect width="32" height="32" fill="{background.group(1)}"/>'
            f'<g transform="translate({offset} {offset}) scale({scale})">{tiles}</g></svg>')


def main() -> None:
    svg = FAVICON.read_text()
    ICONS.mkdir(exist_ok=True)
    drawings = {
        "icon-192.png": (svg, 192),
        "icon-512.png": (svg, 512),
        "maskable-512.png": (full_bleed(svg, 0.85), 512),     # tiles within the safe circle
        "apple-touch-icon.png": (full_bleed(svg, 1.0), 180),
    }
    for name, (drawing, size) in drawings.items():
        cairosvg.svg2png(bytestring=drawing.encode(), write_to=str(ICONS / name),
                         output_width=size, output_height=size)
        print(f"static/icons/{name}: {size}x{size}")


if __name__ == "__main__":
    main()
