"""solve(): logic with a recorded trace, the known solution guiding the search, and the finisher.

The traced pass loop (``passes.run``) does the logic. Before forcing first runs -- before the
expensive logic -- or when logic stops, the fast core counts solutions up to two (``backtrack.search``):
an ambiguous or impossible puzzle is reported at once, with two differing solutions, and
otherwise the unique solution guides forcing's search (it never justifies a step). When logic
stops short, the finisher, the table's last row (unless ``logic_only``), fills the rest from that
solution, as one recorded backtracking step.
"""

from __future__ import annotations

import time
from typing import Callable, Iterable

from .grade import level_of, score_of
from ..model.grid import Contradiction, Grid
from ..techniques.memory import Memory
from .search import search
from .context import Context
from .passes import TimedOut, techniques_of, run
from ..model.kept import KEPT
from ..puzzle import Puzzle
from ..techniques import EASY, FINISHER, ORDER, TIER, UnknownTechnique, select
from ..model.trace import AMBIGUOUS, CONTRADICTION, SOLVED, STUCK, Pass, Result, Step

BACKTRACK = FINISHER.name

__all__ = ["BACKTRACK", "EASY", "ORDER", "TIER", "UnknownTechnique", "grade_of", "select", "solve"]


def forget() -> None:
    """Empty the tables kept between solves (``model.kept.KEPT``: the fast core's lines, the hints' solutions),
    so that the next solve runs as the first of its kind would. For measuring only: they are bounded, and no
    trace depends on what they hold (``tests/test_memory.py``). A solve's own memory goes with the solve
    (``ascent.techniques.memory``)."""
    KEPT.forget()


class _Settled(Exception):
    """Counting solutions settled the puzzle before logic finished: none, or more than one."""

    def __init__(self, status: str, message: str, found: list):
        self.status, self.message, self.found = status, message, found


def grade_of(passes: list[Pass], backtracked: bool) -> str | None:
    """The hardest technique the passes used (the finisher, the table's last row, counts as the hardest)."""
    if backtracked:
        return BACKTRACK
    hardest = None
    for p in passes:
        for s in p.steps:
            if hardest is None or TIER[s.technique] > TIER[hardest]:
                hardest = s.technique
    return hardest


def solve(puzzle: Puzzle, *, logic_only: bool = False, techniques: Iterable[str] | None = None,
          timeout: float | None = None, on_tier: Callable[[str], None] | None = None,
          on_step: Callable[[Step, Pass], None] | None = None) -> Result:
    """Solve by logic, recording every step; then, unless ``logic_only``, finish from the solution.

    The status is solved, stuck (logic stopped, or ``timeout`` seconds ran out), contradiction (no
    solution) or ambiguous (more than one solution: never returned as "the" answer; ``solutions``
    holds two). ``on_tier`` hears the name of each harder technique as the engine turns to it; ``on_step(step,
    pass_)`` hears each step as the pass loop records it, in order, with the pass it belongs to.
    """
    start = time.perf_counter()
    techniques = techniques_of(select(techniques)) + (() if logic_only else (FINISHER,))
    grid = Grid.start(puzzle)
    memory = Memory(grid)  # this solve's: where its techniques looked and found nothing (``ascent.techniques.memory``)
    n = puzzle.size
    context = Context(grid, techniques, None if timeout is None else start + timeout, on_tier)
    passes: list[Pass] = []
    status, message, backtracked, found = STUCK, "", False, []

    def learn() -> None:
        """Count solutions up to two from the current grid (the truth stays outside the trace)."""
        if context.truth is not None:
            return
        if on_tier is not None:
            on_tier("counting solutions")
        sols = search(grid, 2, context.check_time)  # each checked against the rules themselves
        if not sols:
            raise _Settled(CONTRADICTION, "the puzzle has no solution: trying every possibility finds none", [])
        a, *more = [tuple(v for row in rows for v in row) for rows in sols]
        if more:
            b = more[0]
            i = next(i for i in range(n * n) if a[i] != b[i])
            raise _Settled(AMBIGUOUS, f"more than one solution: R{i // n + 1}C{i % n + 1} can be {a[i]} or {b[i]}",
                           list(sols))
        context.truth = a

    try:
        run(grid, techniques, passes, context=context, before_hard=learn, announce=True, memory=memory,
            on_step=on_step)
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
    except TimedOut:  # stop as asked, with what logic found: no finishing off
        message = f"stopped after {timeout:g} s (the time limit) with {sum(1 for v in grid.values if not v)} cells open"
    backtracked = backtracked or any(p.kind == BACKTRACK for p in passes)
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
