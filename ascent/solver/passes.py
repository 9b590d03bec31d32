"""The traced pass loop: the easiest technique that finds anything, again and again, until none does.

A pass is one technique's work from one grid: a *sweep* technique (tiers 1-7, ascent to isolate: the
table's ``sweep``) applies every step it finds; a harder one (sequence, fish, pair chain, forcing, nested
forcing, tiers 8-12) gives a single step. A pass that placed heights
ends with their *aftermath* (sudoku crossing them out of their rows and columns), as a person
does it. After every pass the loop starts again from tier 1 (Tatham's rule), so a harder
technique runs only when every easier one has nothing to say, and the grade, the hardest
technique used, is the hardest idea the puzzle needed (the aftermath is easier than anything it
follows). Every step is recorded before it is applied, so a contradiction keeps its record.

What a contextual technique (forcing) needs -- the known solution, the fast core, tracing of a
supposition and cutting its chain -- is ``ascent.solver.context.Context``, passed in, so techniques never
import the loop that runs them.
"""

from __future__ import annotations

from typing import Any, Callable

from ..model.grid import Conflict, Contradiction, Grid
from ..core.lanes import visible
from ..techniques.memory import Memory
from ..model.rules import broken_rule, lane_broken
from ..techniques import BY_NAME, Technique
from ..model.trace import Pass, Step


class OverBudget(Exception):
    """A run took more steps than it was allowed (``limit``)."""


class TimedOut(Exception):
    """The solve ran past its deadline."""


def filled_lane_broken(grid: Grid, lanes=None):
    """The first of ``lanes`` (every lane of the grid by default) that is filled and shows other than its
    clue, by the one rule checker (``rules.lane_broken``)."""
    values = grid.values
    for lane in grid.lanes if lanes is None else lanes:
        heights = [values[c] for c in lane.cells]
        if lane.clue and all(heights) and lane_broken(heights, lane.clue, 0):
            return lane
    return None


def filled_grid_conflict(grid: Grid) -> Conflict | None:
    """What a filled grid breaks, as data: a lane whose clue it breaks (so a chain that ends there can be
    sliced back from that lane), else the first rule broken, in words; None when it solves the puzzle."""
    broken = broken_rule(grid.puzzle, grid.rows())
    if broken is None:
        return None
    lane = filled_lane_broken(grid)
    if lane is None:
        return Conflict(broken)
    shown = visible(grid.values[c] for c in lane.cells)
    return Conflict(f"clue {lane.clue} sees {shown} buildings once the lane is filled", lane.cells, lane)


def run(grid: Grid, techniques: tuple[Technique, ...], passes: list[Pass] | None = None, limit: int | None = None,
        context: Any = None, before_hard: Callable[[], None] | None = None, announce: bool = False,
        check_time: Callable[[], None] | None = None, watch: Callable[[Grid, set], None] | None = None,
        memory: Memory | None = None, on_step: Callable[[Step, Pass], None] | None = None) -> None:
    """Passes of the given techniques until none finds anything. Raises Contradiction.

    ``memory`` is the solve's (``ascent.techniques.memory``), handed to every technique; a fresh one when None.

    Steps are recorded in ``passes`` when it is given (appended as the run goes, so a contradiction
    still leaves every applied step recorded). With ``limit``, a run that would take more steps
    raises OverBudget. ``before_hard`` is called once, before the first contextual technique (forcing,
    the expensive one) runs.
    With ``announce``, the context's ``on_tier`` hears each harder technique as it starts.
    ``check_time`` (the context's, by default) raises TimedOut past the deadline; ``watch`` is told,
    after each pass, the cells the pass changed, and may raise Contradiction (forcing's tracer ends a
    chain there: a row or column broken; each row and column is checked once a pass, not once a step).
    ``on_step(step, pass_)`` hears each step as it is recorded, with the pass it was appended to, before it is
    applied (a step, once recorded, never changes: a listener may show it at once).
    """
    if memory is None:
        memory = Memory(grid)
    if check_time is None and context is not None:
        check_time = context.check_time
    taken = 0
    record = passes is not None
    hard_seen = False
    aftermath = tuple(t for t in techniques if t.aftermath)
    touched: set[int] = set()  # the cells this pass changed, for ``watch``

    def take(step: Step, current: Pass | None, name: str) -> Pass | None:
        """Record ``step`` in the pass (opened at its first step) and apply it; the pass."""
        nonlocal taken
        taken += 1
        if limit is not None and taken > limit:
            raise OverBudget
        if record:
            if current is None:
                current = Pass(len(passes) + 1, name)
                passes.append(current)
            current.steps.append(step)  # recorded first: a step that breaks the grid stays in the record
            if on_step is not None:
                on_step(step, current)
        grid.apply(step)
        if watch is not None:
            for c, _ in step.eliminations:
                touched.add(c)
            for c, _ in step.placements:
                touched.add(c)
        return current

    while True:
        if grid.solved():
            conflict = filled_grid_conflict(grid)
            if conflict is not None:  # every cell placed, and a rule broken: no technique would look again
                raise Contradiction(conflict, grid.n)
            return
        progress = False
        for row in techniques:
            if row.contextual and not hard_seen:
                hard_seen = True
                if before_hard is not None:
                    before_hard()
            if check_time is not None:
                check_time()
            if context is not None:
                if announce and context.on_tier is not None and not row.sweep:
                    context.on_tier(row.name)
            current = None
            placed = False
            for step in row.steps(grid, memory, context=context):
                current = take(step, current, row.name)
                progress = True
                placed = placed or bool(step.placements)
                if not row.sweep:
                    break  # one step, then back to the easiest tier
            if progress:
                if placed:  # heights placed: cross them out (sudoku) in the same pass, as a person does
                    for after in aftermath:
                        if after is not row:
                            for step in after.steps(grid, memory, context=context):
                                current = take(step, current, row.name)
                if watch is not None:
                    watch(grid, touched)
                    touched.clear()
                break
        if not progress:
            return


def techniques_of(names: tuple[str, ...]) -> tuple[Technique, ...]:
    """The table's rows for these technique names, in the order given."""
    return tuple(BY_NAME[n] for n in names)
