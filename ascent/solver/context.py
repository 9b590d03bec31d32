"""What a contextual technique (forcing, nested forcing, the finisher) gets from the solve it runs in.

    truth      the solution as flat heights, when the solve knows it (only false candidates are supposed)
    core       the fast core (``fastcore.FastCore``): does a supposition break, what does a removal clear
    tracer     suppositions traced with the easier tiers (``chains.Tracer``), ending at the first broken line
    chains     chains cut to a minimal form and replayed (``chains.Minimizer``)
    check_time raises TimedOut past the solve's deadline

Each piece has one job and answers with values; the solve owns them, and they are gone with it.
"""

from __future__ import annotations

import time
from typing import Callable

from .chains import Minimizer, Tracer
from ..core.fastcore import FastCore
from ..model.grid import Grid
from .passes import TimedOut
from ..techniques import Technique


class Context:
    """What forcing and the engine share during one solve."""

    def __init__(self, grid: Grid, techniques: tuple[Technique, ...], deadline: float | None = None,
                 on_tier: Callable[[str], None] | None = None):
        puzzle = grid.puzzle
        self.puzzle = puzzle
        self.n = puzzle.size
        self.techniques = techniques  # the table's rows this solve runs
        self.truth: tuple[int, ...] | None = None
        self.deadline = deadline
        self.on_tier = on_tier
        self.check_time = check = _clock(deadline)  # a closure, not a bound method: the pieces hold no cycle
        self.core = FastCore(puzzle, check)
        self.tracer = Tracer(puzzle, techniques, check, _inner(deadline))
        self.chains = Minimizer(puzzle, techniques, check)



def _clock(deadline: float | None) -> Callable[[], None]:
    """check_time: raises TimedOut once ``deadline`` (perf_counter seconds) has passed."""
    if deadline is None:
        return lambda: None

    def check() -> None:
        if time.perf_counter() > deadline:
            raise TimedOut
    return check


def _inner(deadline: float | None):
    """How a nested trial makes the context its inner forcing runs in (knowing no solution there)."""
    return lambda grid, techniques: Context(grid, techniques, deadline)
