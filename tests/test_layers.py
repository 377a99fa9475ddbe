"""The code's shape: layers that only point down (import-linter's contracts in pyproject.toml),
no import cycle anywhere, imports inside functions included, and the tables' modules short
enough to read (one concern each)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent


def test_the_import_contracts_are_kept():
    command = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert command, "import-linter is not installed (pip install -e .[test])"
    run = subprocess.run([command, "--no-cache"], cwd=ROOT, capture_output=True, text=True,
                         timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


def cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The graph's strongly connected parts of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            part = []
            while True:
                member = stack.pop()
                part.append(member)
                if member == module:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_no_module_imports_itself_round_a_cycle():
    sys.path.insert(0, str(ROOT))
    try:
        graph = grimp.build_graph("companion", cache_dir=None)
    finally:
        sys.path.remove(str(ROOT))
    assert cycles(graph) == []


def test_a_cycle_is_found_where_there_is_one():
    graph = grimp.ImportGraph()
    for name in ("a", "a.b", "a.c", "a.d"):
        graph.add_module(name)
    graph.add_import(importer="a.b", imported="a.c")
    graph.add_import(importer="a.c", imported="a.b")
    graph.add_import(importer="a.d", imported="a.b")
    assert cycles(graph) == [["a.b", "a.c"]]


TABLES = ROOT / "companion" / "tables"
TABLES_LINES = 400      # a module of companion/tables/ at most
SERVICE_LINES = 300     # a part of the table service (companion/tables/service/) at most


def too_long(folder: Path, most: int) -> dict[str, int]:
    """The Python modules under ``folder`` longer than ``most`` lines, with their lengths."""
    lengths = {str(path.relative_to(folder)): len(path.read_text(encoding="utf-8").splitlines())
               for path in sorted(folder.rglob("*.py"))}
    return {name: lines for name, lines in lengths.items() if lines > most}


def test_the_tables_modules_and_the_parts_of_their_service_stay_short():
    assert too_long(TABLES, TABLES_LINES) == {}
    assert too_long(TABLES / "service", SERVICE_LINES) == {}


def test_a_module_one_line_too_long_is_found(tmp_path):
    (tmp_path / "inner").mkdir()
    (tmp_path / "short.py").write_text("x = 1\n" * 300)
    (tmp_path / "inner" / "long.py").write_text("x = 1\n" * 301)
    assert too_long(tmp_path, 300) == {str(Path("inner") / "long.py"): 301}
