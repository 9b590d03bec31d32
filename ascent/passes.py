"""The traced pass loop: the easiest technique that finds anything, again and again, until none does.

A pass is one technique's work from one grid: a *sweep* technique (tiers 1-6) applies every step
it finds; a harder one (sequence, fish, forcing) gives a single step. A pass that placed heights
ends with their *aftermath* (sudoku crossing them out of their rows and columns), as a person
does it. After every pass the loop starts again from tier 1 (Tatham's rule), so a harder
technique runs only when every easier one has nothing to say, and the grade, the hardest
technique used, is the hardest idea the puzzle needed (the aftermath is easier than anything it
follows). Every step is recorded before it is applied, so a contradiction keeps its record.

``Context`` carries what a contextual technique (forcing) needs: the known solution, the fast
core, and tracing of a supposition with the easier tiers -- passed in, so techniques never import
the loop that runs them.
"""

from __future__ import annotations

import time
from typing import Callable

from .grid import Conflict, Contradiction, Grid
from .propagate import Broken, line_table, propagate
from .rules import broken_rule
from .techniques import BY_NAME, Technique
from .trace import Pass, Step


class OverBudget(Exception):
    """A run took more steps than it was allowed (``limit``)."""


class TimedOut(Exception):
    """The solve ran past its deadline."""


class Context:
    """What forcing and the engine share during one solve."""

    def __init__(self, grid: Grid, rows: tuple[Technique, ...], deadline: float | None = None,
                 on_tier: Callable[[str], None] | None = None):
        puzzle = grid.puzzle
        self.n = puzzle.size
        self.lines = line_table(self.n, tuple(puzzle.upper) + tuple(puzzle.lower) + tuple(puzzle.left) + tuple(puzzle.right))
        self.rows = rows
        self.truth: tuple[int, ...] | None = None
        self.broken: dict[tuple[int, int], int] = {}  # (cell, height) seen to break -> work it took
        self.deadline = deadline
        self.on_tier = on_tier

    def check_time(self) -> None:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise TimedOut

    # ---------------------------------------------------------------- the fast core
    def _propagated(self, masks: list[int], cell: int, d: int) -> tuple[list[int] | None, int]:
        """Suppose ``cell`` is ``d`` and propagate: the candidates (None when that breaks) and the work done."""
        self.check_time()
        trial = list(masks)
        trial[cell] = 1 << (d - 1)
        try:
            work = propagate(trial, self.n, self.lines, (cell // self.n, self.n + cell % self.n), self.check_time)
        except Broken as e:
            return None, e.work + 1
        return trial, work

    def branch(self, masks: list[int], cell: int, d: int) -> list[int] | None:
        """The candidates after supposing ``cell`` is ``d`` and propagating; None if that breaks."""
        return self._propagated(masks, cell, d)[0]

    def breaks(self, masks: list[int], cell: int, d: int) -> int:
        """0 when supposing ``cell`` is ``d`` does not break on the fast core; else how much work it took
        to see the contradiction (1 or more: less work, usually a shorter traced chain)."""
        after, work = self._propagated(masks, cell, d)
        return work if after is None else 0

    # ---------------------------------------------------------------- traced suppositions
    def _suppose(self, grid: Grid, cell: int, d: int, limit: int | None):
        """Suppose ``cell`` is ``d`` on a copy and run the easier tiers: (the copy, the chain with the
        supposition first, the contradiction reached or None). Raises OverBudget past ``limit`` steps."""
        trial = grid.copy()
        suppose = Step("forcing", f"suppose {grid.name(cell)} is {d}", None, None, (cell,), placements=((cell, d),),
                       premises=(), supposition=True)
        passes: list[Pass] = []
        broke = None
        try:
            trial.apply(suppose)
            run(trial, tuple(t for t in self.rows if not t.contextual), passes, limit=limit, context=self)
        except Contradiction as e:
            broke = e
        return trial, (suppose,) + tuple(s for p in passes for s in p.steps), broke

    def trace(self, grid: Grid, cell: int, d: int, limit: int | None = None) -> tuple[tuple[Step, ...], Contradiction] | None:
        """The chain (the supposition first) and the contradiction supposing ``cell`` is ``d`` reaches with
        the easier tiers, or None when it reaches none (or not within ``limit`` steps)."""
        try:
            _, chain, broke = self._suppose(grid, cell, d, limit)
        except OverBudget:
            return None
        return None if broke is None else (chain, broke)

    def follow(self, grid: Grid, cell: int, d: int) -> tuple[list[int], tuple[Step, ...]] | None:
        """Suppose ``cell`` is ``d`` and run the easier tiers to their end: the candidates and the chain,
        or None when that breaks."""
        trial, chain, broke = self._suppose(grid, cell, d, None)
        return None if broke is not None else (trial.masks, chain)


def run(grid: Grid, techniques: tuple[Technique, ...], passes: list[Pass] | None = None, limit: int | None = None,
        context: Context | None = None, before_hard: Callable[[], None] | None = None, announce: bool = False) -> None:
    """Passes of the given techniques until none finds anything. Raises Contradiction.

    Steps are recorded in ``passes`` when it is given (appended as the run goes, so a contradiction
    still leaves every applied step recorded). With ``limit``, a run that would take more steps
    raises OverBudget. ``before_hard`` is called once, before the first contextual technique (forcing,
    the expensive one) runs.
    With ``announce``, the context's ``on_tier`` hears each harder technique as it starts.
    """
    taken = 0
    record = passes is not None
    hard_seen = False
    aftermath = tuple(t for t in techniques if t.aftermath)
    def take(step: Step, current: Pass | None) -> None:
        nonlocal taken
        taken += 1
        if limit is not None and taken > limit:
            raise OverBudget
        if current is not None:
            if not current.steps:
                passes.append(current)
            current.steps.append(step)  # recorded first: a step that breaks the grid stays in the record
        grid.apply(step)

    while True:
        if grid.solved():
            broken = broken_rule(grid.puzzle, grid.rows())
            if broken is not None:  # every cell placed, and a rule broken: no technique would look again
                raise Contradiction(Conflict(broken), grid.n)
            return
        progress = False
        for row in techniques:
            if row.contextual and not hard_seen:
                hard_seen = True
                if before_hard is not None:
                    before_hard()
            if context is not None:
                context.check_time()
                if announce and context.on_tier is not None and not row.sweep:
                    context.on_tier(row.name)
            current = Pass(len(passes) + 1, row.name) if record else None
            placed = False
            for step in row.steps(grid, context):
                take(step, current)
                progress = True
                placed = placed or bool(step.placements)
                if not row.sweep:
                    break  # one step, then back to the easiest tier
            if progress:
                if placed:  # heights placed: cross them out (sudoku) in the same pass, as a person does
                    for after in aftermath:
                        if after is not row:
                            for step in after.steps(grid, context):
                                take(step, current)
                break
        if not progress:
            return


def techniques_of(names: tuple[str, ...]) -> tuple[Technique, ...]:
    """The table's rows for these technique names, in the order given."""
    return tuple(BY_NAME[n] for n in names)
