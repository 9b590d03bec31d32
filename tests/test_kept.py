"""Issue 41, item 6: what stays between solves is bounded, held in one object (``model.kept.KEPT``), and cleared
by one call (``engine.forget``); nothing else in the engine keeps anything at module level."""

import ast
from pathlib import Path

import pytest

import ascent.core.propagate  # noqa: F401  (every engine module that keeps a table registers it on import)
import ascent.tools.hint  # noqa: F401
from ascent import Puzzle
from ascent.model.kept import KEPT, LINES, SIZES, Kept
from ascent.solver.engine import forget, solve

PACKAGE = Path(__file__).resolve().parents[1] / "ascent"
ENGINE = ("model", "puzzle", "core", "techniques", "solver", "tools/hint.py")
KATA = "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"


def engine_files():
    for part in ENGINE:
        path = PACKAGE / part
        yield from [path] if path.suffix == ".py" else sorted(path.rglob("*.py"))


def test_every_kept_table_is_named_bounded_and_of_a_kind():
    names = set(KEPT.tables)
    assert {"lanes.orderings", "lanes.supports_proved", "lanes.front_supports", "lanes.distinct", "lanes._by_view",
            "lanes._table", "lanes._ORS", "propagate._seen", "propagate._known", "propagate._latin_known",
            "grid.shape", "grid._line", "hint._solution"} <= names
    for name, table in KEPT.tables.items():
        assert table.kind in (LINES, SIZES) and table.bound > 0, name


def test_no_engine_module_keeps_anything_but_through_kept():
    """No ``lru_cache`` and no module-level dict, set or list that code fills, outside ``model/kept.py``: a
    module-level name bound to an empty ``{}``, ``set()``, ``[]`` or ``dict()`` is a table kept by hand."""
    found = []
    for path in engine_files():
        if path.name == "kept.py":
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, (ast.Name, ast.Attribute)) and getattr(node, "id", getattr(node, "attr", "")) in (
                    "lru_cache", "cache"):
                if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "KEPT"):
                    found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} lru_cache")
        for node in tree.body:  # module level only
            value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
            empty = (isinstance(value, ast.Dict) and not value.keys or isinstance(value, (ast.List, ast.Set))
                     and not value.elts or isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
                     and value.func.id in ("dict", "set", "list") and not value.args)
            if empty:
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} an empty container")
    assert found == []


def test_solves_keep_within_the_bounds_and_forget_empties_every_table_of_lines(shared):
    import json

    for size in (7, 8):
        recs = json.loads((shared / "tatham" / f"{size}x{size}-puzzles.json").read_text())
        for label, records in recs.items():
            for rec in records[:3]:
                solve(Puzzle.from_record(rec, label), logic_only=True)
    held = KEPT.held()
    assert all(n <= bound for n, bound in held.values()), held
    assert sum(n for name, (n, _) in held.items() if KEPT.tables[name].kind == LINES) > 0
    forget()
    after = KEPT.held()
    assert all(after[name][0] == 0 for name, t in KEPT.tables.items() if t.kind == LINES), after
    assert all(after[name] == held[name] for name, t in KEPT.tables.items() if t.kind == SIZES)  # a size's stay


def test_a_solve_after_forget_gives_the_same_steps():
    puzzle = Puzzle.from_clues(KATA)
    warm = solve(puzzle).steps
    forget()
    KEPT.forget(sizes=True)
    assert solve(puzzle).steps == warm


def test_kept_refuses_a_table_twice_or_unbounded():
    kept = Kept()
    kept.dict("x.table", 4)
    with pytest.raises(ValueError, match="kept twice"):
        kept.dict("x.table", 4)
    with pytest.raises(ValueError, match="bound 0"):
        kept.cache("x.other", 0)(lambda: 1)
    counted = []

    @kept.cache("x.f", 2)
    def f(k):
        counted.append(k)
        return k * k

    assert [f(1), f(1), f(2), f(3)] == [1, 1, 4, 9] and counted == [1, 2, 3]
    assert kept.held() == {"x.table": (0, 4), "x.f": (2, 2)}
    kept.forget()
    assert kept.held() == {"x.table": (0, 4), "x.f": (0, 2)}
