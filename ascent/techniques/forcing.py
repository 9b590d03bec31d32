"""forcing: suppose a candidate, run the easier tiers, and see where it leads (tier 9).

    contradiction:  R2C3 [25]: suppose 2 -> sudoku, pinpoint, ... -> R2C6 has no candidates left
                    ->  R2C3 is not 2
    every branch:   R2C3 [25]: suppose 2 -> ... R4C4 loses 1;  suppose 5 -> ... R4C4 loses 1
                    ->  R4C4 is not 1, whichever R2C3 holds

Cells with the fewest candidates go first. The search for a supposition runs on the fast untraced
core (``propagate``), which reaches the same fixpoint as the easier tiers; when the solve already
knows the unique solution, only candidates that are false are supposed. A supposition seen to
break stays broken as the grid loses candidates, so it is remembered for the next forcing step.
The few that break with the least work on the fast core are then traced with the easier tiers
themselves, and the shortest chain wins: the chain a person has to follow
is made of ordinary, checkable steps. Only when no single supposition breaks are the branches of
one cell compared.

Sound because every easier tier is sound: if supposing a candidate lets sound steps reach an
impossible grid, no solution has it; and the solution takes one of a cell's candidates, so a
height that every branch removes cannot be in it. The fast core only chooses what to trace;
the step rests on the traced chain.
"""

from __future__ import annotations

from typing import Iterator

from .. import cands
from ..grid import Grid
from ..trace import Step

NAME = "forcing"
TRACED = 3  # breaking suppositions traced per step (the quickest to break on the fast core), the shortest chain kept
SCAN = 6  # breaking suppositions to find before choosing among them


def forcing(grid: Grid, context) -> Iterator[Step]:
    """``context`` gives ``truth`` (the solution as flat heights, or None), ``breaks(masks, cell, d)``
    and ``branch(masks, cell, d)`` on the fast core, ``broken`` (suppositions seen breaking earlier in
    this solve, which still break), and ``trace(grid, cell, d, limit)`` / ``follow(grid, cell, d)``
    with the easier tiers."""
    masks, values = grid.masks, grid.values
    truth = context.truth
    open_cells = sorted((i for i in range(len(masks)) if not values[i]), key=lambda i: (masks[i].bit_count(), i))
    known = context.broken  # suppositions that broke before still break: the grid has only lost candidates
    breaking: list[tuple[int, int, int]] = []  # (work to break on the fast core, cell, height)
    for cell in open_cells:
        if breaking and masks[cell].bit_count() > masks[breaking[0][1]].bit_count():
            break  # the cells as open as the first that broke have been tried
        if len(breaking) >= SCAN:
            break  # enough to choose from
        for d in cands.digits(masks[cell]):
            if truth is not None and truth[cell] == d:
                continue
            work = known.get((cell, d)) or context.breaks(masks, cell, d)
            if work:
                known[(cell, d)] = work
                breaking.append((work, cell, d))
    breaking.sort()
    best = None
    tried = 0
    for _, cell, d in breaking:
        traced = context.trace(grid, cell, d, None if best is None else len(best[2]) - 1)
        tried += 1
        if traced is not None and (best is None or len(traced[0]) < len(best[2])):
            best = (cell, d, traced[0], traced[1].conflict)
        if best is not None and (tried >= TRACED or len(best[2]) <= 2):
            break
    if best is not None:
        cell, d, chain, conflict = best
        n = grid.n
        yield Step(NAME, lambda: f"if {grid.name(cell)} were {d}, {len(chain) - 1} easier steps would lead to "
                                 f"a contradiction ({conflict.text(n)}), so it is not {d}",
                   None, None, (cell,), eliminations=((cell, 1 << (d - 1)),), chain=chain,
                   premises=premises_of(cell, chain, conflict.cells), contradiction=conflict)
        return  # one at a time: the engine goes back to the easy passes
    # every branch of one cell: what all of them remove is gone
    for cell in open_cells:
        union = None
        for d in cands.digits(masks[cell]):
            after = context.branch(masks, cell, d)
            if after is None:
                continue
            union = after if union is None else [a | b for a, b in zip(union, after)]
        if union is None or not any(m & ~u for m, u in zip(masks, union)):
            continue
        outcomes = []
        for d in cands.digits(masks[cell]):
            traced = context.follow(grid, cell, d)
            if traced is None:
                break  # a branch the easier tiers cannot settle the same way: not this cell
            outcomes.append((d,) + traced)
        else:
            union = [0] * len(masks)
            for _, ms, _ in outcomes:
                union = [a | b for a, b in zip(union, ms)]
            elims = tuple((i, masks[i] & ~union[i]) for i in range(len(masks)) if masks[i] & ~union[i])
            if elims:
                branches = tuple(steps for _, _, steps in outcomes)
                lost = ", ".join(f"{grid.name(i)} loses {cands.show_set(m)}" for i, m in elims)
                yield Step(NAME, f"{grid.name(cell)} is {' or '.join(str(d) for d, _, _ in outcomes)}, and every one "
                                 f"of them leads by easier steps to the same loss: {lost}",
                           None, None, (cell,), eliminations=elims, branches=branches,
                           premises=premises_of(cell, tuple(s for b in branches for s in b), ()))
                return


def premises_of(cell: int, links, shown: tuple[int, ...]) -> tuple[int, ...]:
    """What a forcing step read of the real grid: the supposed cell, every cell a link read, and the
    cells that show the contradiction, each once, in grid order."""
    read = {cell, *shown}
    for link in links:
        read.update(link.premises)
    return tuple(sorted(read))
