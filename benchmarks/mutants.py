"""Mutation testing for the techniques: change one operator or number of a technique's module at a time
and see whether the tests named for that technique notice.

    nice -n 10 python benchmarks/mutants.py                       # every technique but forcing
    nice -n 10 python benchmarks/mutants.py --only pinpoint,fish --survivors
    nice -n 10 python benchmarks/mutants.py --root /tmp/copy --out /tmp/mutants.json   # another checkout
    nice -n 10 python benchmarks/mutants.py --modules linecheck,chains --survivors       # any module of ascent
    nice -n 10 python benchmarks/mutants.py --modules fastcore --tests tests/test_propagate.py

With ``--modules`` (names under ``ascent/``, dotted for a package: ``techniques.forcing``) each module's
tests are ``tests/test_<name>.py`` (its last part), or the files ``--tests`` names (comma-separated) for
every module given; classes' methods are mutated as well as the module's functions. ``--within fits``
keeps only the mutants inside the functions (or methods) of those names.

For each module ``ascent/techniques/<name>.py`` (forcing excepted), every mutant is one of:
an arithmetic, bit or comparison operator swapped (``+``/``-``, ``|``/``&``, ``<``/``<=``, ``==``/``!=``,
``in``/``not in``...), ``and``/``or`` swapped, ``not``/``~``/``-`` dropped, ``a op b`` cut to ``a``,
a whole number one more (and one less), ``True``/``False`` swapped, ``break``/``continue`` swapped.
Strings are left alone (docstrings and sentences). The module's own tests are
``python -m pytest tests/techniques -k <name>`` (``naked_single``, ``pair_chain``...): the mutant is
*killed* when they fail (or run ten times as long as unmutated, at least 5 s), and *survives* when they pass.

Each mutant runs in a forked child of one process that has already imported ascent and pytest: the
child swaps the mutated code into the live functions (``__code__``) and constants, then runs pytest in
process, so a mutant costs its tests' time, not an interpreter's start. ``--named`` also runs the four
mutants the issue (30) named, as text replacements.
"""

from __future__ import annotations

import argparse
import ast
import builtins
import copy
import importlib
import json
import os
import signal
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP = ("__init__", "forcing")
PLUGINS = ["--tb=no", "-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-p", "no:benchmark", "-p", "no:anyio"]

BIN_SWAP = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult, ast.Mod: ast.FloorDiv,
            ast.BitOr: ast.BitAnd, ast.BitAnd: ast.BitOr, ast.BitXor: ast.BitOr, ast.LShift: ast.RShift,
            ast.RShift: ast.LShift, ast.Div: ast.Mult}
CMP_SWAP = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
            ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
SYM = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Mod: "%", ast.BitOr: "|", ast.BitAnd: "&",
       ast.BitXor: "^", ast.LShift: "<<", ast.RShift: ">>", ast.Div: "/", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">",
       ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=", ast.In: "in", ast.NotIn: "not in", ast.Is: "is",
       ast.IsNot: "is not", ast.And: "and", ast.Or: "or", ast.Not: "not", ast.Invert: "~", ast.USub: "-"}

# the mutants issue 30 found surviving, as (module, text, replacement)
NAMED = (
    ("pinpoint", "placed |= m", "placed |= once"),
    ("isolate", "cands.digits(cands.full(grid.n) & ~placed)", "cands.digits(cands.full(grid.n))"),
    ("fish", "MAX_K = 4", "MAX_K = 3"),
    ("peak_bounds", "first = c - 1 - k", "first = c - k"),
)


def _annotations(tree: ast.AST) -> set[int]:
    """The nodes inside annotations (never evaluated, with ``from __future__ import annotations``)."""
    out = set()
    for node in ast.walk(tree):
        notes = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            notes.append(node.returns)
        elif isinstance(node, ast.arg):
            notes.append(node.annotation)
        elif isinstance(node, ast.AnnAssign):
            notes.append(node.annotation)
        for note in notes:
            if note is not None:
                out.update(id(x) for x in ast.walk(note))
    return out


def sites(tree: ast.AST) -> list[tuple[int, str, int, str]]:
    """Every mutation of ``tree``: (index of the node in ``ast.walk`` order, kind, line, description)."""
    out = []
    skip = _annotations(tree)
    for k, node in enumerate(ast.walk(tree)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.ImportFrom) or id(node) in skip:
            continue
        if isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in BIN_SWAP:
            a, b = SYM[type(node.op)], SYM[BIN_SWAP[type(node.op)]]
            out.append((k, "op", line, f"{a} -> {b}"))
            if isinstance(node, ast.BinOp):
                out.append((k, "left", line, f"a {a} b -> a"))
        elif isinstance(node, ast.Compare):
            for j, op in enumerate(node.ops):
                if type(op) in CMP_SWAP:
                    out.append((k, f"cmp{j}", line, f"{SYM[type(op)]} -> {SYM[CMP_SWAP[type(op)]]}"))
        elif isinstance(node, ast.BoolOp):
            a = SYM[type(node.op)]
            out.append((k, "bool", line, f"{a} -> {'or' if a == 'and' else 'and'}"))
        elif isinstance(node, ast.UnaryOp) and type(node.op) in (ast.Not, ast.Invert, ast.USub):
            out.append((k, "drop", line, f"{SYM[type(node.op)]}x -> x"))
        elif isinstance(node, ast.Constant) and type(node.value) is bool:
            out.append((k, "flip", line, f"{node.value} -> {not node.value}"))
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            out.append((k, "+1", line, f"{node.value} -> {node.value + 1}"))
            if node.value > 0:
                out.append((k, "-1", line, f"{node.value} -> {node.value - 1}"))
        elif isinstance(node, (ast.Break, ast.Continue)):
            out.append((k, "jump", line, "break <-> continue"))
    return out


def mutate(tree: ast.Module, k: int, kind: str) -> ast.Module:
    tree = copy.deepcopy(tree)
    parents = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    node = next(x for j, x in enumerate(ast.walk(tree)) if j == k)
    if kind == "op":
        node.op = BIN_SWAP[type(node.op)]()
    elif kind == "left":
        _replace(parents[id(node)], node, node.left)
    elif kind.startswith("cmp"):
        j = int(kind[3:])
        node.ops[j] = CMP_SWAP[type(node.ops[j])]()
    elif kind == "bool":
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    elif kind == "drop":
        _replace(parents[id(node)], node, node.operand)
    elif kind == "flip":
        node.value = not node.value
    elif kind == "+1":
        node.value += 1
    elif kind == "-1":
        node.value -= 1
    elif kind == "jump":
        _replace(parents[id(node)], node, ast.Continue() if isinstance(node, ast.Break) else ast.Break())
    return ast.fix_missing_locations(tree)


def _replace(parent: ast.AST, old: ast.AST, new: ast.AST) -> None:
    for field, value in ast.iter_fields(parent):
        if value is old:
            setattr(parent, field, new)
            return
        if isinstance(value, list):
            for i, x in enumerate(value):
                if x is old:
                    value[i] = new
                    if hasattr(old, "lineno"):
                        ast.copy_location(new, old)
                    return
    raise ValueError("node not found in its parent")


def install(module: types.ModuleType, code) -> None:
    """Run the mutated module's code beside the live one and move what it defines into the live objects:
    a function's code into the function itself (so the table, and every name imported from the module,
    runs the mutant), a constant into the module."""
    space = {"__name__": module.__name__, "__package__": module.__package__, "__file__": module.__file__,
             "__builtins__": builtins}
    exec(code, space)
    for name, new in space.items():
        if name.startswith("__"):
            continue
        old = getattr(module, name, None)
        if isinstance(new, type) and isinstance(old, type) and new.__module__ == module.__name__:
            _install_class(old, new)
            continue
        if isinstance(new, (types.ModuleType, type)):
            continue
        inner_old, inner_new = getattr(old, "__wrapped__", old), getattr(new, "__wrapped__", new)
        if isinstance(inner_old, types.FunctionType) and isinstance(inner_new, types.FunctionType):
            if getattr(inner_old, "__module__", None) != module.__name__:
                continue  # imported from elsewhere
            inner_old.__code__ = inner_new.__code__
            inner_old.__defaults__ = inner_new.__defaults__
            if hasattr(old, "cache_clear"):
                old.cache_clear()
        elif callable(new) and not isinstance(new, types.FunctionType) and old is not None:
            continue  # partial objects and the like made from imports: leave them
        else:
            setattr(module, name, new)


def _install_class(old: type, new: type) -> None:
    """Move the mutated class's methods (plain, static, class, properties, cached properties) into the live one."""
    for name, attr in vars(new).items():
        live = vars(old).get(name)
        pairs = []
        for getter in (lambda x: x, lambda x: getattr(x, "__func__", None), lambda x: getattr(x, "fget", None),
                       lambda x: getattr(x, "func", None)):
            a, b = getter(live), getter(attr)
            if isinstance(a, types.FunctionType) and isinstance(b, types.FunctionType):
                pairs.append((a, b))
                break
        for a, b in pairs:
            a.__code__ = b.__code__
            a.__defaults__ = b.__defaults__


def run_child(module_name: str, code, args: list[str], timeout: float) -> str:
    import pytest

    pid = os.fork()
    if pid == 0:
        status = 3
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            if code is not None:
                install(importlib.import_module(module_name), code)
            status = pytest.main(args)
        except BaseException:
            status = 4
        os._exit(int(status))
    deadline = time.monotonic() + timeout
    while True:
        done, st = os.waitpid(pid, os.WNOHANG)
        if done:
            rc = os.waitstatus_to_exitcode(st)
            return {0: "survived", 1: "killed", 3: "error", 4: "error"}.get(rc, f"error{rc}")
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return "timeout"
        time.sleep(0.02)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=ROOT, help="the checkout to test (default: this one)")
    ap.add_argument("--only", help="comma-separated module names (default: every technique but forcing)")
    ap.add_argument("--timeout", type=float, help="seconds before a mutant's tests count as failing (default: ten "
                    "times the unmutated run's, at least 5)")
    ap.add_argument("--out", type=Path, help="write every mutant's outcome here (JSON)")
    ap.add_argument("--survivors", action="store_true", help="list the surviving mutants")
    ap.add_argument("--named", action="store_true", help="also run the mutants issue 30 named")
    ap.add_argument("--modules", help="comma-separated modules of ascent/ to mutate instead of the techniques "
                    "(linecheck, chains, techniques.forcing...); tests: tests/test_<name>.py, or --tests")
    ap.add_argument("--tests", help="with --modules: comma-separated test files (pytest arguments) run for every module")
    ap.add_argument("--within", help="comma-separated function or method names: mutate only inside them")
    args = ap.parse_args()
    root = args.root.resolve()
    os.chdir(root)
    sys.path.insert(0, str(root))
    import pytest  # noqa: F401  (imported once, before the children fork)

    import ascent.solver.engine  # noqa: F401
    import ascent.techniques  # noqa: F401

    # collect once here, so every child finds pytest's plugins and the test modules already imported
    saved = os.dup(1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    if args.modules:
        names = args.modules.split(",")
        given = args.tests.split(",") if args.tests else None
        plan = {name: (root / "ascent" / (name.replace(".", "/") + ".py"), f"ascent.{name}",
                       (given or [f"tests/test_{name.split('.')[-1]}.py"]) + ["-q", "-x"] + PLUGINS) for name in names}
        collect = sorted({t for _, _, tests in plan.values() for t in tests if t.startswith("tests")})
    else:
        folder = root / "ascent" / "techniques"
        names = args.only.split(",") if args.only else sorted(p.stem for p in folder.glob("*.py") if p.stem not in SKIP)
        plan = {name: (folder / f"{name}.py", f"ascent.techniques.{name}",
                       ["tests/techniques", "-q", "-x", "-k", name] + PLUGINS) for name in names}
        collect = ["tests/techniques"]
    pytest.main(collect + ["--collect-only", "-q"] + PLUGINS)
    os.dup2(saved, 1)

    results, table = [], []
    for name in names:
        path, module_name, tests = plan[name]
        source = path.read_text()
        tree = ast.parse(source, str(path))
        importlib.import_module(module_name)
        t0 = time.monotonic()
        base = run_child(module_name, None, tests, 600)
        timeout = args.timeout or max(5.0, 10 * (time.monotonic() - t0))
        if base != "survived":
            print(f"{name}: its tests fail unmutated ({base}); skipped", file=sys.stderr)
            continue
        spans = [(f.lineno, f.end_lineno) for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                 and args.within and f.name in args.within.split(",")]
        mutants = [(f"{d}", line, lambda k=k, kind=kind: compile(mutate(tree, k, kind), str(path), "exec"))
                   for k, kind, line, d in sites(tree) if not args.within or any(a <= line <= z for a, z in spans)]
        if args.named:
            for mod, old, new in NAMED:
                if mod == name and old in source:
                    mutants.append((f"issue 30: {old} -> {new}", source[: source.index(old)].count("\n") + 1,
                                    lambda new_source=source.replace(old, new, 1): compile(new_source, str(path), "exec")))
        counts = {"killed": 0, "survived": 0, "timeout": 0, "error": 0}
        start = time.time()
        for desc, line, make in mutants:
            try:
                code = make()
            except (SyntaxError, ValueError):
                continue
            outcome = run_child(module_name, code, tests, timeout)
            counts[outcome if outcome in counts else "error"] += 1
            results.append({"module": name, "line": line, "mutant": desc, "outcome": outcome})
            if outcome == "survived" and args.survivors:
                print(f"  survived {name}.py:{line}: {desc}")
        total = sum(counts.values())
        dead = counts["killed"] + counts["timeout"]
        table.append((name, total, dead, counts))
        print(f"{name}: {dead}/{total} killed ({100 * dead / max(total, 1):.0f}%), {counts['survived']} survived, "
              f"{counts['error']} errors, {time.time() - start:.0f} s", flush=True)
    print(f"\n| {'module' if args.modules else 'technique'} | mutants | killed | share |\n|---|---:|---:|---:|")
    for name, total, dead, _ in table:
        print(f"| {name} | {total} | {dead} | {100 * dead / max(total, 1):.0f}% |")
    if args.out:
        args.out.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
