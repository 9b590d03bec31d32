"""The pass loop: easy tiers every pass until a fixpoint, then harder tiers one step at a time.

A pass runs tiers 1-6 in order, applying each step as it is yielded. When a pass changes
nothing, the harder tiers (sequence, fish, forcing) are tried in order; after the first step
any of them finds, the engine goes back to the easy passes (Tatham's rule: never make a
puzzle look harder than it is). The grade is the hardest technique used.
"""

from __future__ import annotations

import functools
import time
from typing import Iterable

from .backtrack import search
from .grid import Contradiction, Grid
from .puzzle import Puzzle
from .rules import broken_rule
from .techniques import TECHNIQUES
from .trace import AMBIGUOUS, CONTRADICTION, SOLVED, STUCK, Pass, Result, Step

ORDER: tuple[str, ...] = tuple(TECHNIQUES)
EASY: tuple[str, ...] = ORDER[:6]
HARD: tuple[str, ...] = ORDER[6:]
TIER: dict[str, int] = {name: i + 1 for i, name in enumerate(ORDER)}
BACKTRACK = "backtrack"
TIER[BACKTRACK] = len(ORDER) + 1


class UnknownTechnique(ValueError):
    """A technique name that the engine does not have."""


def select(techniques: Iterable[str] | None) -> tuple[str, ...]:
    """The enabled techniques in tier order; None means all of them."""
    if techniques is None:
        return ORDER
    if isinstance(techniques, str):
        techniques = [techniques]
    wanted = set()
    for t in techniques:
        name = t.strip().replace("_", " ").replace("-", " ")
        if name not in TECHNIQUES:
            raise UnknownTechnique(f"unknown technique {t!r}; known: {', '.join(ORDER)}")
        wanted.add(name)
    return tuple(t for t in ORDER if t in wanted)


class OverBudget(Exception):
    """A run took more steps than it was allowed (``limit``)."""


def run(grid: Grid, names: tuple[str, ...], passes: list[Pass] | None = None, limit: int | None = None) -> None:
    """Run passes of the named techniques until nothing changes. Raises Contradiction.

    Steps are recorded in ``passes`` when it is given (it is appended to as the run goes, so
    a contradiction still leaves every applied step recorded). With ``limit``, a run that
    would take more steps than that raises OverBudget instead.
    """
    taken = 0
    easy = [TECHNIQUES[t] for t in names if t in EASY]
    hard = []
    for t in names:
        if t in HARD:
            f = TECHNIQUES[t]
            if t == "forcing":
                f = functools.partial(f, easier=tuple(x for x in names if x != "forcing"))
            hard.append((t, f))
    record = passes is not None
    while True:
        current = Pass(len(passes) + 1, "logic") if record else None
        if record:
            passes.append(current)
        progress = False
        try:
            for technique in easy:
                for step in technique(grid):
                    taken += 1
                    if limit is not None and taken > limit:
                        raise OverBudget
                    if record:
                        current.steps.append(step)  # recorded first: a step that breaks the grid stays in the record
                    grid.apply(step)
                    progress = True
        except Contradiction:
            if record and not current.steps:
                passes.pop()  # a technique saw the contradiction before any step: no empty pass in the record
            raise
        if progress:
            continue
        if record:
            passes.pop()
        if grid.solved():
            return
        for name, technique in hard:
            for step in technique(grid):
                taken += 1
                if limit is not None and taken > limit:
                    raise OverBudget
                if record:
                    passes.append(Pass(len(passes) + 1, name, [step]))
                grid.apply(step)
                progress = True
                break  # one step, then back to the easy passes
            if progress:
                break
        if not progress:
            return


def grade_of(passes: list[Pass], backtracked: bool) -> str | None:
    if backtracked:
        return BACKTRACK
    hardest = None
    for p in passes:
        for s in p.steps:
            if hardest is None or TIER[s.technique] > TIER[hardest]:
                hardest = s.technique
    return hardest


def solve(puzzle: Puzzle, *, logic_only: bool = False, techniques: Iterable[str] | None = None) -> Result:
    """Solve by logic, recording every step; then, unless ``logic_only``, finish by backtracking.

    The status is solved, stuck (logic only), contradiction (no solution) or ambiguous
    (more than one solution: never returned as "the" answer).
    """
    start = time.perf_counter()
    names = select(techniques)
    grid = Grid.start(puzzle)
    passes: list[Pass] = []
    status, message, backtracked = STUCK, "", False
    try:
        run(grid, names, passes)
        if grid.solved():
            broken = broken_rule(puzzle, grid.rows())
            status, message = (CONTRADICTION, f"the filled grid breaks a rule: {broken}") if broken else (SOLVED, "")
        else:
            message = f"logic stopped with {sum(1 for v in grid.values if not v)} cells open"
    except Contradiction as e:
        status, message = CONTRADICTION, f"no solution: {e}"
    if status == STUCK and not logic_only:
        backtracked = True
        solutions = search(grid, limit=2)
        if not solutions:
            status, message = CONTRADICTION, "no solution: backtracking tried every possibility"
        elif len(solutions) > 1:
            a, b = solutions
            diff = next((r, c) for r in range(puzzle.size) for c in range(puzzle.size) if a[r][c] != b[r][c])
            status = AMBIGUOUS
            message = (f"more than one solution: R{diff[0] + 1}C{diff[1] + 1} can be "
                       f"{a[diff[0]][diff[1]]} or {b[diff[0]][diff[1]]}")
        else:
            rows = solutions[0]
            n = puzzle.size
            placed = tuple((i, rows[i // n][i % n]) for i in range(n * n) if not grid.values[i])
            step = Step(BACKTRACK, f"logic stopped; trying candidates found exactly one way to fill the "
                                   f"{len(placed)} open cells", None, None, tuple(c for c, _ in placed), placements=placed)
            grid.apply(step)
            passes.append(Pass(len(passes) + 1, BACKTRACK, [step]))
            status, message = SOLVED, ""
    counts: dict[str, int] = {}
    for p in passes:
        for s in p.steps:
            counts[s.technique] = counts.get(s.technique, 0) + 1
    return Result(
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
    )
