"""backtrack: the finisher, the last row of the table -- not logic, so harder than any technique.

When every technique has stopped, it fills the open cells from the puzzle's one solution, which
the solve has already found by trying candidates on the fast core (``ascent.solver.search.search``,
the one path that counts solutions). It runs only when the solve allows it (not ``logic_only``).

    R1C1 [12]  R1C2 [12]  ...   ->  the only filling trying every candidate finds: R1C1=2, R1C2=1, ...

Sound because the solution was counted as unique before any step used it: every placement is the
solution's own height.
"""

from __future__ import annotations

from typing import Iterator

from ..model.grid import Grid
from .memory import Memory
from ..model.trace import Step

NAME = "backtrack"


def backtrack(grid: Grid, memory: Memory, context) -> Iterator[Step]:
    """One step placing every open cell from ``context.truth`` (nothing when the truth is unknown)."""
    truth = context.truth if context is not None else None
    if truth is None:
        return
    placed = tuple((i, truth[i]) for i, v in enumerate(grid.values) if not v)
    if placed:
        yield Step(NAME, f"logic stopped; trying candidates found exactly one way to fill the {len(placed)} open cells",
                   None, None, tuple(c for c, _ in placed), placements=placed)
