"""forcing: suppose a candidate, run the easier tiers, and see where it leads (tier 9).

    contradiction:  R2C3 [25]: suppose 2 -> sudoku, pinpoint, ... -> R2C6 has no candidates left
                    ->  R2C3 is not 2
    every branch:   R2C3 [25]: suppose 2 -> ... R4C4 loses 1;  suppose 5 -> ... R4C4 loses 1
                    ->  R4C4 is not 1, whichever R2C3 holds

Cells with the fewest candidates are tried first. Once a supposition breaks, the other cells with
as few candidates are tried too, each trial cut off as soon as it grows as long, and the shortest
contradiction wins: the chain a person has to follow stays short. A contradiction is
looked for first; only when no single supposition breaks do the branches of one cell get
compared. The step keeps the chain of steps behind it so a person can follow it.

Sound because every easier tier is sound: if supposing a candidate lets sound steps reach an
impossible grid, no solution has it; and the solution takes one of a cell's candidates, so
a height that every branch removes cannot be in it.
"""

from __future__ import annotations

from typing import Iterator

from .. import cands
from ..grid import Contradiction, Grid
from ..trace import Pass, Step

NAME = "forcing"


def forcing(grid: Grid, easier: tuple[str, ...] | None = None) -> Iterator[Step]:
    from ..engine import ORDER, OverBudget, run  # the engine runs the easier tiers; imported here to avoid a cycle

    names = easier if easier is not None else tuple(t for t in ORDER if t != NAME)
    masks, values = grid.masks, grid.values
    open_cells = sorted((i for i in range(len(masks)) if not values[i]), key=lambda i: (masks[i].bit_count(), i))
    branches: list[tuple[int, list[tuple[int, list[int], tuple[Step, ...]]]]] = []
    best: tuple[int, int, tuple[Step, ...], Contradiction] | None = None  # the shortest contradiction
    for cell in open_cells:
        if best is not None and masks[cell].bit_count() > masks[best[0]].bit_count():
            break  # the cells as open as the one that broke have all been tried: take the shortest
        outcomes: list | None = []
        for d in cands.digits(masks[cell]):
            trial = grid.copy()
            suppose = Step(NAME, f"suppose {grid.name(cell)} is {d}", None, None, (cell,), placements=((cell, d),))
            passes: list[Pass] = []
            broke = None
            try:
                trial.apply(suppose)
                run(trial, names, passes, limit=None if best is None else len(best[2]) - 2)
            except OverBudget:
                outcomes = None  # cut short: this cell's branches cannot be compared
                continue
            except Contradiction as e:
                broke = e
            chain = (suppose,) + tuple(s for p in passes for s in p.steps)
            if broke is not None:
                if best is None or len(chain) < len(best[2]):
                    best = (cell, d, chain, broke)
                outcomes = None
            elif outcomes is not None:
                outcomes.append((d, trial.masks, chain))
        if outcomes is not None and best is None:
            branches.append((cell, outcomes))
    if best is not None:
        cell, d, chain, e = best
        yield Step(NAME, f"if {grid.name(cell)} were {d}, {len(chain) - 1} easier steps would lead to "
                         f"a contradiction ({e}), so it is not {d}",
                   None, None, (cell,), eliminations=((cell, 1 << (d - 1)),), chain=chain)
        return  # one at a time: the engine goes back to the easy passes
    for cell, outcomes in branches:
        union = [0] * len(masks)
        for _, ms, _ in outcomes:
            for i, m in enumerate(ms):
                union[i] |= m
        elims = tuple((i, masks[i] & ~union[i]) for i in range(len(masks)) if masks[i] & ~union[i])
        if elims:
            chain = tuple(s for _, _, steps in outcomes for s in steps)
            lost = ", ".join(f"{grid.name(i)} loses {cands.show_set(m)}" for i, m in elims)
            yield Step(NAME, f"{grid.name(cell)} is {' or '.join(str(d) for d, _, _ in outcomes)}, and every one of them "
                             f"leads by easier steps to the same loss: {lost}",
                       None, None, (cell,), eliminations=elims, chain=chain)
            return
