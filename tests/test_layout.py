"""Issue 41: the folders are the architecture, and the import graph says so.

The graph is built with ``ast`` from every ``import`` in the package: at module level, inside functions, and
behind ``if TYPE_CHECKING`` alike (an import a function hides is still an arrow; so is one only a type checker
follows). Importing a package's submodule is an arrow to that submodule; a package's own ``__init__`` running
first is not counted (Python's doing, not the code's).
"""

from __future__ import annotations

import ast
import sys
from functools import lru_cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "ascent"
# DESIGN.md's layout, lowest first: a module imports only its own package and the ones before it.
LAYERS = ("model", "puzzle", "store", "core", "techniques", "solver", "tools", "show", "export", "web", "play", "cli")
APART = PACKAGE.parent / "loopover"  # its own package beside ascent: it imports nothing of ascent, and only
# ascent's CLI imports it
ENGINE = ("model", "puzzle", "core", "techniques", "solver", "tools.hint")  # runs in the browser (Pyodide)
MAX_ENTRIES = 14
# Arrows against LAYERS that are still there, each named, so that a new one fails and a mended one must be
# taken off this list (the set is compared whole). Not in this moves: their owners were told.
KNOWN_UPWARD = {
    ("ascent.model.trace", "ascent.puzzle"),  # Result.puzzle: a TYPE_CHECKING import
    ("ascent.model.rules", "ascent.puzzle"),  # first_broken(puzzle, ...)
    ("ascent.model.rules", "ascent.core.lanes"),  # visible(heights), the count a lane shows
    ("ascent.tools.hint", "ascent.show.gridtext"),  # the one grid-text reader
    ("ascent.tools.check", "ascent.show.gridtext"),
}

def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@lru_cache(maxsize=None)
def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


@lru_cache(maxsize=None)
def imported(name: str, path: Path) -> frozenset[str]:
    """Every name an import in ``path`` brings in: ascent's modules (the deepest one named), or a top-level
    package for everything else."""
    known = modules()
    is_package = path.name == "__init__.py"
    out = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[:len(base) - (node.level - 1)]
                where = ".".join(base + ([node.module] if node.module else []))
            else:
                where = node.module or ""
            targets = [f"{where}.{a.name}" if f"{where}.{a.name}" in known else where for a in node.names]
        else:
            continue
        for target in targets:
            if target.split(".")[0] != "ascent":
                out.add(target.split(".")[0])
                continue
            while target not in known:  # ascent.x.y.Name -> ascent.x.y
                target = target.rpartition(".")[0]
            out.add(target)
    out.discard(name)
    return frozenset(out)


@lru_cache(maxsize=None)
def graph() -> dict[str, frozenset[str]]:
    """module -> the modules of ascent it imports."""
    return {m: frozenset(t for t in imported(m, p) if t.startswith("ascent")) for m, p in modules().items()}


def outside(m: str) -> set[str]:
    """The packages outside ascent that module ``m`` imports."""
    return {t for t in imported(m, modules()[m]) if not t.startswith("ascent")}


def cycles() -> list[frozenset[str]]:
    """The strongly connected parts of the graph with more than one module (Tarjan's)."""
    g = graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in g.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = set()
            while True:
                w = stack.pop()
                on.discard(w)
                part.add(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(frozenset(part))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return found


def layer(m: str) -> str | None:
    """The folder a module stands in (``ascent.core.lanes`` -> "core"); None for the package's own top."""
    parts = m.split(".")
    return parts[1] if len(parts) > 1 and (PACKAGE / parts[1]).is_dir() else None


def in_engine(m: str) -> bool:
    return any(m == f"ascent.{e}" or m.startswith(f"ascent.{e}.") for e in ENGINE)


# ------------------------------------------------------------------ the graph is what it seems
def test_the_graph_sees_imports_in_functions_and_behind_type_checking():
    g = graph()
    assert "ascent.store.urls" in g["ascent.cli.given"]  # inside Given.puzzles
    assert "ascent.puzzle" in g["ascent.model.trace"]  # behind TYPE_CHECKING
    assert "ascent.puzzle.formats" in g["ascent.store.urls"]  # at module level
    assert len(g) > 100 and sum(map(len, g.values())) > 300


# ------------------------------------------------------------------ no cycles
def test_no_import_cycle():
    assert [sorted(c) for c in cycles()] == []


# ------------------------------------------------------------------ the folders
def test_at_most_14_entries_stand_directly_under_ascent():
    entries = sorted(p.name for p in PACKAGE.iterdir() if p.name != "__pycache__" and not p.name.startswith("."))
    assert len(entries) <= MAX_ENTRIES, entries


def test_every_folder_is_a_layer():
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders <= set(LAYERS), folders - set(LAYERS)


def _tops(path: Path) -> set[str]:
    """The top-level packages a file's absolute imports name (relative ones stay in its own package)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            out.add(node.module.split(".")[0])
    return out


def test_loopover_stands_apart():
    """Loopover is its own package beside ascent, sharing no code: it imports nothing of ascent, and of ascent only
    the CLI imports it."""
    files = sorted(APART.rglob("*.py"))
    assert files and not any("ascent" in _tops(f) for f in files)
    users = sorted(m for m in modules() if "loopover" in outside(m))
    assert users and all(layer(m) == "cli" for m in users), users


def test_arrows_only_point_down_the_layers():
    upward = set()
    for m, targets in graph().items():
        here = layer(m)
        for t in targets:
            there = layer(t)
            if there is None:  # the package's top: the public API, and __version__ for the CLI
                assert here in (None, "cli"), f"{m} -> {t}"
                continue
            if here is not None and LAYERS.index(there) > LAYERS.index(here):
                upward.add((m, t))
    assert upward == KNOWN_UPWARD


def test_the_engine_imports_only_the_standard_library_and_itself():
    wrong = {}
    for m, targets in graph().items():
        if not in_engine(m):
            continue
        bad = sorted(t for t in targets if not in_engine(t) and (m, t) not in KNOWN_UPWARD)
        bad += sorted(t for t in outside(m) if t not in sys.stdlib_module_names and t != "__future__")
        if bad:
            wrong[m] = bad
    assert wrong == {}


def test_only_loopover_imports_numpy():
    assert sorted(m for m in modules() if "numpy" in outside(m)) == []
    assert any("numpy" in _tops(f) for f in APART.rglob("*.py"))


def test_the_puzzle_package_imports_nothing_else_of_ascent():
    """Puzzle and its formats stand on the standard library: the readers get a resolver for web addresses
    (``textlines.read``), never the store."""
    for m, targets in graph().items():
        if m == "ascent.puzzle" or m.startswith("ascent.puzzle."):
            assert {t for t in targets if not t.startswith("ascent.puzzle")} == set(), m


def test_the_readmes_layout_names_every_folder_and_no_other():
    text = (PACKAGE.parent / "README.md").read_text()
    block = text.split("## Where things are", 1)[1].split("```", 2)[1]
    named = {line.split()[0].rstrip("/") for line in block.splitlines()
             if line.startswith("  ") and not line.startswith("   ") and line.split()[0].endswith("/")}
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert named == folders
    order = text.split("Arrows only point down this order: ", 1)[1].split(".", 1)[0]
    assert tuple(w.strip() for w in order.replace("\n", " ").split(",")) == LAYERS
