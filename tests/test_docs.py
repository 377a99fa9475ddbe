"""The README and the documents under docs/: short where they must be, and every link holds.

Reads only files beside this one (the checkout's README.md and docs/); no app, no database.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
THE_DOCS = ("players.md", "hosting.md", "games.md", "records.md", "developing.md", "benchmarks.md")
README_MAX_LINES = 130
IMAGE_MAX_BYTES = 150 * 1024

FENCE = re.compile(r"^(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
# [text](target) and ![alt](target); the target ends at whitespace or ')'
MD_LINK = re.compile(r"(!?)\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_REF = re.compile(r"<(img|a)\b[^>]*?\b(src|href)=\"([^\"]+)\"", re.IGNORECASE)
INLINE_CODE = re.compile(r"`+[^`]*`+")


def documents() -> list[Path]:
    return [README, *sorted(DOCS.glob("*.md"))]


def prose_lines(text: str) -> list[str]:
    """The lines outside fenced code blocks, inline code blanked out."""
    lines, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line.strip()):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(INLINE_CODE.sub("", line))
    return lines


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lowercase, punctuation but '-' and '_' dropped, spaces to '-'."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text only
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)  # \w keeps letters of every script, digits and '_'
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading's anchor in a document, repeated headings numbered -1, -2… as GitHub does."""
    seen: dict[str, int] = {}
    found = set()
    fenced = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line.strip()):
            fenced = not fenced
            continue
        match = None if fenced else HEADING.match(line)
        if not match:
            continue
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def references(path: Path) -> list[tuple[str, bool]]:
    """(target, is_image) for every link and image in a document's prose."""
    found = []
    for line in prose_lines(path.read_text(encoding="utf-8")):
        for bang, target in MD_LINK.findall(line):
            found.append((target, bang == "!"))
        for tag, _attribute, target in HTML_REF.findall(line):
            found.append((target, tag.lower() == "img"))
    return found


def is_external(target: str) -> bool:
    return bool(re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE))


def every_reference():
    for path in documents():
        for target, is_image in references(path):
            if not is_external(target):
                yield pytest.param(path, target, is_image,
                                   id=f"{path.relative_to(ROOT)}->{target}")


def test_readme_is_short():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, (
        f"README.md has {len(lines)} lines; keep it to {README_MAX_LINES} and move the rest to docs/")


def test_readme_links_every_document():
    targets = {target.split("#")[0] for target, _ in references(README)}
    missing = [name for name in THE_DOCS if f"docs/{name}" not in targets]
    assert not missing, f"README.md does not link {missing}"


def test_readme_keeps_the_two_commands():
    text = README.read_text(encoding="utf-8")
    assert "```sh\n./run.sh     # " in text and "\n./test.sh    # " in text


@pytest.mark.parametrize("name", THE_DOCS)
def test_each_document_says_whom_it_is_for(name):
    lines = [line for line in (DOCS / name).read_text(encoding="utf-8").splitlines() if line.strip()]
    assert lines[0].startswith("# "), f"{name} opens with its title"
    assert re.match(r"^\*?For ", lines[1]), f"{name}: the line under the title says who it is for"


@pytest.mark.parametrize(("path", "target", "is_image"), list(every_reference()))
def test_every_link_holds(path, target, is_image):
    file_part, _, anchor = target.partition("#")
    linked = (path.parent / file_part).resolve() if file_part else path
    assert linked.exists(), f"{path.relative_to(ROOT)} links {target}: no such file"
    if anchor:
        assert linked.suffix == ".md", f"{target}: an anchor into a file that is not Markdown"
        assert anchor in anchors(linked), (
            f"{path.relative_to(ROOT)} links {target}: no heading with that anchor in {linked.name}")
    if is_image:
        size = linked.stat().st_size
        assert size < IMAGE_MAX_BYTES, f"{target} is {size} bytes; keep an image under 150 kB"


def test_the_slugs_follow_github():
    assert slug("The clock, the time bank and speech") == "the-clock-the-time-bank-and-speech"
    assert slug("On a phone's home screen") == "on-a-phones-home-screen"
    assert slug("Calçada") == "calçada"
    assert slug("What `companion run` needs") == "what-companion-run-needs"
    assert slug("Wi-Fi and snake_case") == "wi-fi-and-snake_case"
