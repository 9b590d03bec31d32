"""Counting solutions: the one path (the finisher, the engine, hints and the generator's checks
come here or to ``propagate.solutions`` below it), found by the fast core (``propagate``).

Counts up to ``limit`` (2 by default), so an ambiguous puzzle is seen as such. Every solution is
checked against the rules directly, so nothing rests on the propagation alone.
"""

from __future__ import annotations

from typing import Callable

from ..model.grid import Grid
from ..core.propagate import line_table, solutions
from ..model.rules import broken_rule


def search(grid: Grid, limit: int = 2, deadline: Callable[[], None] | None = None) -> list[tuple[tuple[int, ...], ...]]:
    """Up to ``limit`` distinct solutions (rows) reachable from ``grid`` (which is not changed).
    ``deadline``, when given, is called now and then and raises to stop."""
    p, n = grid.puzzle, grid.n
    lines = line_table(n, tuple(p.upper) + tuple(p.lower) + tuple(p.left) + tuple(p.right))
    out = []
    for flat in solutions(list(grid.masks), n, lines, limit, deadline):
        rows = tuple(tuple(flat[r * n:(r + 1) * n]) for r in range(n))
        broken = broken_rule(p, rows)
        if broken is not None:  # the core's own bug, never a puzzle's fault: say so loudly
            raise AssertionError(f"the fast core produced a grid that breaks a rule: {broken}")
        out.append(rows)
    return out
