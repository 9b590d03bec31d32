"""naked single: a cell with one candidate left is placed.

    [3] [12] _ _   ->  3 [12] _ _

Sound because a cell must hold one of its candidates.
"""

from __future__ import annotations

from functools import partial
from typing import Iterator

from ..model import cands
from ..model.grid import Grid, cell_name
from .memory import Memory
from ..model.trace import Step

NAME = "naked single"


def naked_single(grid: Grid, memory: Memory) -> Iterator[Step]:
    masks = grid.masks
    cells = memory.open_since(grid, (NAME,))  # an open cell left with one candidate changed to get there
    single, n = cands.single, grid.n
    for i in cells:
        d = single(masks[i])
        if d:
            yield Step(NAME, partial(_sentence, i, d, n), None, None, (i,), placements=((i, d),))
    # Every change since this look began is one of the steps just given, applied by the caller as they came (a caller
    # that applies nothing adds nothing): placements, never open again, which no later look needs to read.
    memory.read_all(grid, (NAME,))


def link_needs(link: Step, n: int) -> dict[int, int] | None:
    """As a link of a chain, a single rests on its cell's other candidates being gone."""
    if len(link.placements) == 1:
        c, d = link.placements[0]
        return {c: cands.ALL & ~cands.bit(d)}
    return None


def refind(grid: Grid, link: Step) -> bool:
    """Would a look everywhere place what ``link`` places: its one cell open with that one height left?
    (What running ``naked_single`` with a fresh memory answers, without making a step for every single.)"""
    if len(link.placements) != 1:
        return False
    c, d = link.placements[0]
    return not grid.values[c] and grid.masks[c] == cands.bit(d)


def _sentence(i: int, d: int, n: int) -> str:  # made when someone reads the step
    return f"{cell_name(i, n)} has only {d} left"
