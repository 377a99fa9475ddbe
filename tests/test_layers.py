"""The code's shape: layers that only point down (import-linter's contracts in pyproject.toml)
and no import cycle anywhere, imports inside functions included."""
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
