"""The optional finisher: try candidates, fewest first, propagating with the logic tiers.

Counts solutions up to ``limit`` (2 by default), so an ambiguous puzzle is seen as such.
Every leaf is checked against the rules directly, so nothing rests on the techniques alone.
"""

from __future__ import annotations

from . import cands
from .grid import Contradiction, Grid
from .rules import broken_rule
from .trace import Step

PROPAGATE = ("ascent", "peak descent", "sudoku", "pinpoint", "isolate", "solve", "sequence")


def search(grid: Grid, limit: int = 2) -> list[tuple[tuple[int, ...], ...]]:
    """Up to ``limit`` distinct solutions reachable from ``grid`` (which is not changed)."""
    from .engine import run  # the engine imports this module

    solutions: list[tuple[tuple[int, ...], ...]] = []

    def visit(g: Grid) -> None:
        try:
            run(g, PROPAGATE)
        except Contradiction:
            return
        if g.solved():
            rows = g.rows()
            if broken_rule(g.puzzle, rows) is None and rows not in solutions:
                solutions.append(rows)
            return
        masks, values = g.masks, g.values
        cell = min((i for i in range(len(masks)) if not values[i]), key=lambda i: masks[i].bit_count())
        for d in cands.digits(masks[cell]):
            h = g.copy()
            h.apply(Step("backtrack", f"guess {g.name(cell)} is {d}", placements=((cell, d),)))
            visit(h)
            if len(solutions) >= limit:
                return

    visit(grid.copy())
    return solutions
