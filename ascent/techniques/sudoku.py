"""sudoku: a placed height leaves every other cell of its row and column.

    [123] 2 [234] _   ->  [13] 2 [34] [134]

Sound because each row and column holds every height exactly once.
"""

from __future__ import annotations

from functools import partial
from typing import Iterator

from ..model import cands
from ..model.grid import Grid, cell_name, shape
from .memory import Memory
from ..model.trace import Step

NAME = "sudoku"


def sudoku(grid: Grid, memory: Memory) -> Iterator[Step]:
    masks, values = grid.masks, grid.values
    peers = shape(grid.n).peers
    # only cells placed since the last whole sweep: a placed height gone from every peer stays gone
    cells = memory.placed_since(grid, (NAME,))
    n = grid.n
    for i in cells:
        d = values[i]
        b = 1 << (d - 1)  # cands.bit, inlined: this loop is hot
        elims = tuple([(j, b) for j in peers[i] if masks[j] & b])
        if elims:
            yield Step(NAME, partial(_sentence, i, d, n), None, None, (i,), eliminations=elims)
    # Every change since this look began is one of the steps just given, applied by the caller as they came (a caller
    # that applies nothing adds nothing): heights gone from open cells, which no later look needs to read.
    memory.read_all(grid, (NAME,))


def link_needs(link: Step, n: int) -> dict[int, int] | None:
    """As a link of a chain, a cross-out rests on its cell being placed, and on nothing else."""
    if not link.placements and len(link.cells) == 1:
        return {link.cells[0]: cands.PLACED}
    return None


def _sentence(i: int, d: int, n: int) -> str:  # made when someone reads the step
    return f"{cell_name(i, n)} is {d}, so {d} leaves the rest of its row and column"
