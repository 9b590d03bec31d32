"""Check a solve against the truth: the trace replays to the final grid, and no step removed a true height."""

from __future__ import annotations

from ..model.grid import Grid
from ..model.trace import Result


def audit(result: Result, truth=None) -> list[str]:
    """Problems found, in words (empty when all is well).

    ``truth`` is the known solution (rows); every elimination and placement is checked against it.
    """
    puzzle = result.puzzle
    n = puzzle.size
    problems = []
    grid = Grid.start(puzzle)
    for step in result.steps:
        if truth is not None:
            for cell, m in step.eliminations:
                d = truth[cell // n][cell % n]
                if m >> (d - 1) & 1:
                    problems.append(f"{step.technique} removed the true {d} from {grid.name(cell)}: {step.reason}")
            for cell, d in step.placements:
                if truth[cell // n][cell % n] != d:
                    problems.append(f"{step.technique} placed {d} in {grid.name(cell)}, the truth is "
                                    f"{truth[cell // n][cell % n]}: {step.reason}")
        if not (step.technique and step.reason) or (step.lane is None and not step.cells):
            problems.append(f"a step lacks its technique, place or sentence: {step}")
        grid.apply(step)
    if grid.snapshot() != result.masks:
        problems.append("replaying the steps does not give the final grid")
    if truth is not None and result.solution is not None and [list(r) for r in result.solution] != [list(r) for r in truth]:
        problems.append("the solution differs from the known one")
    return problems
