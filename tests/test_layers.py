"""The code's shape: layers that only point down (import-linter's contracts in pyproject.toml),
no import cycle anywhere, imports inside functions included, the tables' modules short enough to
read (one concern each), and each game three parts apart."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import grimp

from companion.games import GAMES
from companion.games.base import Game, Policy, Rules, Screens

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


PARTS = {"rules": Rules, "policy": Policy, "screens": Screens}


def crossed(game: Game) -> list[str]:
    """Where a game's parts are not apart: a part written to another part's contract too, or one
    holding another part (in its own attributes or its class's)."""
    found = []
    for name, contract in PARTS.items():
        part = getattr(game, name)
        if not isinstance(part, contract):
            found.append(f"{name} is no {contract.__name__}")
        found += [f"{name} is a {other.__name__} too" for other in PARTS.values()
                  if other is not contract and isinstance(part, other)]
        held = {**{k: v for c in reversed(type(part).__mro__) for k, v in vars(c).items()},
                **vars(part)}
        found += [f"{name}.{key} holds a part" for key, value in held.items()
                  if isinstance(value, (Game, *PARTS.values()))]
    return found


def test_every_game_is_its_rules_its_policy_and_its_screens_none_holding_another():
    assert {name: crossed(GAMES[name]) for name in GAMES} == {name: [] for name in GAMES}


def test_a_part_written_as_two_or_holding_another_is_found():
    class Both(Rules, Policy):
        name, label = "both", "Both"

    class Holding(Screens):
        rules = Both()

    both = Both()
    assert crossed(Game(both, both, Holding())) == [
        "rules is a Policy too", "policy is a Rules too", "screens.rules holds a part"]
    assert crossed(Game(Rules(), Policy(), Rules())) == [  # type: ignore[arg-type]
        "screens is no Screens", "screens is a Rules too"]
