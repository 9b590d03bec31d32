"""solve(): logic with a recorded trace, the known solution guiding the search, and the finisher.

The traced pass loop (``passes.run``) does the logic. Before forcing first runs -- before the
expensive logic -- or when logic stops, the fast core counts solutions up to two (``propagate.solutions``):
an ambiguous or impossible puzzle is reported at once, with two differing solutions, and
otherwise the unique solution guides forcing's search (it never justifies a step). When logic
stops short, the finisher (unless ``logic_only``) fills the rest from that solution, as one
recorded backtracking step.
"""

from __future__ import annotations

import time
from typing import Callable, Iterable

from .grade import level_of, score_of
from .grid import Contradiction, Grid
from .passes import Context, TimedOut, rows_of, run
from .propagate import solutions as count_solutions
from .puzzle import Puzzle
from .rules import broken_rule
from .techniques import EASY, HARD, ORDER, TIER, UnknownTechnique, select
from .trace import AMBIGUOUS, CONTRADICTION, SOLVED, STUCK, Pass, Result, Step

BACKTRACK = "backtrack"
TIER = {**TIER, BACKTRACK: len(ORDER) + 1}

__all__ = ["BACKTRACK", "EASY", "HARD", "ORDER", "TIER", "UnknownTechnique", "grade_of", "select", "solve"]


class _Settled(Exception):
    """Counting solutions settled the puzzle before logic finished: none, or more than one."""

    def __init__(self, status: str, message: str, found: list):
        self.status, self.message, self.found = status, message, found


def grade_of(passes: list[Pass], backtracked: bool) -> str | None:
    if backtracked:
        return BACKTRACK
    hardest = None
    for p in passes:
        for s in p.steps:
            if hardest is None or TIER[s.technique] > TIER[hardest]:
                hardest = s.technique
    return hardest


def _rows(flat: tuple[int, ...], n: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(flat[r * n:(r + 1) * n]) for r in range(n))


def solve(puzzle: Puzzle, *, logic_only: bool = False, techniques: Iterable[str] | None = None,
          timeout: float | None = None, on_tier: Callable[[str], None] | None = None) -> Result:
    """Solve by logic, recording every step; then, unless ``logic_only``, finish from the solution.

    The status is solved, stuck (logic stopped, or ``timeout`` seconds ran out), contradiction (no
    solution) or ambiguous (more than one solution: never returned as "the" answer; ``solutions``
    holds two). ``on_tier`` hears the name of each harder technique as the engine turns to it.
    """
    start = time.perf_counter()
    rows = rows_of(select(techniques))
    grid = Grid.start(puzzle)
    n = puzzle.size
    context = Context(grid, rows, None if timeout is None else start + timeout, on_tier)
    passes: list[Pass] = []
    status, message, backtracked, found = STUCK, "", False, []
    timed_out = False

    def learn() -> None:
        """Count solutions up to two from the current grid (the truth stays outside the trace)."""
        if context.truth is not None:
            return
        if on_tier is not None:
            on_tier("counting solutions")
        sols = count_solutions(list(grid.masks), n, context.lines, 2, context.check_time)
        for flat in sols:  # checked against the rules themselves: the core must never be taken on trust
            broken = broken_rule(puzzle, _rows(flat, n))
            if broken is not None:
                raise AssertionError(f"the fast core produced a grid that breaks a rule: {broken}")
        if not sols:
            raise _Settled(CONTRADICTION, "the puzzle has no solution: trying every possibility finds none", [])
        if len(sols) > 1:
            a, b = sols
            i = next(i for i in range(n * n) if a[i] != b[i])
            raise _Settled(AMBIGUOUS, f"more than one solution: R{i // n + 1}C{i % n + 1} can be {a[i]} or {b[i]}",
                           [_rows(a, n), _rows(b, n)])
        context.truth = sols[0]

    try:
        run(grid, rows, passes, context=context, before_hard=learn, announce=True)
        if grid.solved():
            status = SOLVED  # the pass loop checked the filled grid against every rule
        else:
            learn()  # logic stopped: say ambiguous or impossible rather than merely stuck
            message = f"logic stopped with {sum(1 for v in grid.values if not v)} cells open"
    except Contradiction as e:
        status, message = CONTRADICTION, f"the puzzle has no solution: {e}"
    except _Settled as e:
        status, message, found = e.status, e.message, e.found
        backtracked = True  # settled by searching, not by logic
    except TimedOut:
        timed_out = True  # stop as asked, with what logic found: no finishing off
        message = f"stopped after {timeout:g} s (the time limit) with {sum(1 for v in grid.values if not v)} cells open"
    if status == STUCK and not logic_only and not timed_out and context.truth is not None:
        backtracked = True
        truth = context.truth
        placed = tuple((i, truth[i]) for i in range(n * n) if not grid.values[i])
        step = Step(BACKTRACK, f"logic stopped; trying candidates found exactly one way to fill the "
                               f"{len(placed)} open cells", None, None, tuple(c for c, _ in placed), placements=placed)
        grid.apply(step)
        passes.append(Pass(len(passes) + 1, BACKTRACK, [step]))
        status, message = SOLVED, ""
    counts: dict[str, int] = {}
    for p in passes:
        for s in p.steps:
            counts[s.technique] = counts.get(s.technique, 0) + 1
    result = Result(
        puzzle=puzzle,
        status=status,
        passes=passes,
        grade=grade_of(passes, backtracked and status == SOLVED),
        counts=counts,
        backtracked=backtracked,
        masks=grid.snapshot(),
        solution=grid.rows() if status == SOLVED else None,
        message=message,
        seconds=time.perf_counter() - start,
        solutions=found,
    )
    result.score, result.level = score_of(result), level_of(result)
    return result
