"""Static files as the web serves them: under names that carry their content's hash, kept by
browsers for a year, compressed once.

At the app's start :func:`build` hashes every file under ``static/`` and writes, into a folder
of its own under the instance folder (``static-build/<hash of them all>/``), each file twice —
under its own name and under its hashed one (``js/app.js`` and ``js/app.3f2a1b9c.js``) — with
their gzip and brotli copies, and the manifest from the one name to the other. A folder that
exists is used as it is (a start after the first costs the hashing of the files, a few
milliseconds); one is written into a temporary folder and renamed into place, so workers
starting together never see half of one. A script's own references to other files (``from
"./connection.js"``, ``import("./moves.js")``, ``new URL("../vendor/x.js", import.meta.url)``)
and a stylesheet's ``url(...)`` are rewritten to the hashed names, so a hashed file only ever
loads hashed ones.

:func:`init_app` serves that folder at ``/static/`` with WhiteNoise: a hashed name as immutable
for a year, any other (an old page's, the manifest, the service worker's own) to be checked
again each time (``no-cache``); each as brotli or gzip where the browser takes it. Templates
name a file with ``asset("js/app.js")``.
"""
from __future__ import annotations

import copy
import hashlib
import json
import os
import posixpath
import re
import shutil
import tempfile
from pathlib import Path, PurePosixPath
from typing import Any

BUILDER = b"1"          # changes whenever the build itself writes differently
MANIFEST = "manifest.json"
IMMUTABLE = "public, max-age=31536000, immutable"
COMPRESSED = (".js", ".css", ".svg", ".webmanifest", ".json", ".txt", ".html")
# a script's relative reference to another file ("./connection.js", '../vendor/x.js')
SCRIPT_REFERENCE = re.compile(r"""(?P<quote>["'])(?P<ref>\.\.?/[^"'\s]+)(?P=quote)""")
# a stylesheet's url(...) to a file beside it (not data:, not another site, not from the root)
STYLE_REFERENCE = re.compile(r"""url\(\s*(?P<quote>["']?)(?P<ref>(?![a-z]+:|/|#)[^"')\s]+)(?P=quote)\s*\)""",
                             re.IGNORECASE)
EXTENSION = "companion.assets"


def sources(static: Path) -> list[str]:
    """Every file under ``static`` (its path from there, with /), hidden ones left out."""
    found = []
    for path in static.rglob("*"):
        relative = path.relative_to(static).as_posix()
        if path.is_file() and not any(part.startswith(".") for part in relative.split("/")):
            found.append(relative)
    return sorted(found)


def build_key(static: Path, files: list[str]) -> str:
    digest = hashlib.sha256(BUILDER)
    for name in files:
        digest.update(name.encode() + b"\0" + (static / name).read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def hashed_name(name: str, data: bytes) -> str:
    path = PurePosixPath(name)
    digest = hashlib.sha256(data).hexdigest()[:8]
    hashed = f"{path.stem}.{digest}{path.suffix}" if path.suffix else f"{path.name}.{digest}"
    return str(path.with_name(hashed))


def hashed_files(static: Path, files: list[str]) -> dict[str, tuple[str, bytes]]:
    """Each file's hashed name and the content written under it (its references rewritten to
    the hashed names of what it references, whose hashes are therefore taken first)."""
    known = set(files)
    done: dict[str, tuple[str, bytes]] = {}

    def visit(name: str, referring: tuple[str, ...]) -> tuple[str, bytes]:
        if name in done:
            return done[name]
        if name in referring:
            raise ValueError(f"static files reference each other in a circle: {' > '.join(referring + (name,))}")
        data = (static / name).read_bytes()
        pattern = (SCRIPT_REFERENCE if name.endswith(".js")
                   else STYLE_REFERENCE if name.endswith(".css") else None)
        if pattern is not None:
            folder = posixpath.dirname(name)

            def rewrite(found: re.Match[str]) -> str:
                ref = found["ref"]
                target = posixpath.normpath(posixpath.join(folder, ref))
                if target not in known:
                    return found[0]
                hashed = visit(target, referring + (name,))[0]
                start, end = found.span("ref")
                new = ref[: len(ref) - len(posixpath.basename(ref))] + posixpath.basename(hashed)
                return found[0][: start - found.start()] + new + found[0][end - found.start():]

            data = pattern.sub(rewrite, data.decode("utf-8")).encode("utf-8")
        done[name] = (hashed_name(name, data), data)
        return done[name]

    for name in files:
        visit(name, ())
    return done


# what this process served last, by the files' names, sizes and times: a process making many
# apps (a test run) hashes the files and reads the build folder once, not once per app
_SERVED: dict[tuple[Any, ...], tuple[Path, dict[str, str], Any]] = {}


def stamp(static: Path, files: list[str]) -> tuple[Any, ...]:
    """The files as the file system describes them (name, size, modification time)."""
    return tuple((name, (found := (static / name).stat()).st_size, found.st_mtime_ns)
                 for name in files)


def build(static: Path, builds: Path) -> tuple[Path, dict[str, str]]:
    """The build folder for ``static``'s files as they are now, made if it is not there yet,
    and its manifest (each file's name to its hashed name)."""
    files = sources(static)
    folder = builds / build_key(static, files)
    manifest = folder / MANIFEST
    if manifest.is_file():
        return folder, json.loads(manifest.read_text())
    from whitenoise.compress import Compressor

    builds.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".building-", dir=builds))
    try:
        compressor = Compressor(quiet=True)
        names = {}
        for name, (hashed, data) in hashed_files(static, files).items():
            names[name] = hashed
            for written, content in ((name, (static / name).read_bytes()), (hashed, data)):
                path = work / written
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(content)
                if written.endswith(COMPRESSED):
                    compressor.compress(str(path))
        (work / MANIFEST).write_text(json.dumps(names, indent=1, sort_keys=True))
        work.chmod(0o755)
        try:
            os.rename(work, folder)
        except OSError:         # another worker made it meanwhile: theirs is the same
            if not manifest.is_file():
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return folder, names


def init_app(app: Any) -> None:
    """Serve the built static files at the app's static URL, and give templates ``asset``."""
    from flask import url_for
    from whitenoise import WhiteNoise

    builds = Path(app.config.get("STATIC_BUILD") or Path(app.instance_path) / "static-build")
    static = Path(app.static_folder)
    prefix = (app.static_url_path or "/static").rstrip("/") + "/"
    key = (str(static), str(builds), prefix, stamp(static, sources(static)))
    if key not in _SERVED:
        folder, names = build(static, builds)
        immutable = {prefix + hashed for hashed in names.values()}

        def headers(found: Any, path: str, url: str) -> None:
            found["Cache-Control"] = IMMUTABLE if url in immutable else "no-cache"
            found["X-Content-Type-Options"] = "nosniff"

        served = WhiteNoise(None, root=str(folder), prefix=prefix, max_age=None,
                            allow_all_origins=False, add_headers_function=headers,
                            mimetypes={".webmanifest": "application/manifest+json"},
                            immutable_file_test=lambda path, url: url in immutable)
        _SERVED.clear()
        _SERVED[key] = (folder, names, served)
    folder, names, served = _SERVED[key]
    # the files WhiteNoise found are the same for every app of this process: each app's own
    # front shares them, in front of its own application
    front = copy.copy(served)
    front.application = app.wsgi_app
    app.wsgi_app = front
    app.extensions[EXTENSION] = names

    def asset(name: str) -> str:
        """The URL of the static file ``name`` (as under ``static/``) under its hashed name."""
        return url_for("static", filename=names.get(name, name))

    app.jinja_env.globals["asset"] = asset


def asset_url(name: str) -> str:
    """``asset`` outside a template (the app's own)."""
    from flask import current_app

    return current_app.jinja_env.globals["asset"](name)  # type: ignore[no-any-return]
