"""naked single: a cell with one candidate left is placed (tier 3).

    _ | [3] [12] _   ->  _ | 3 [12] _

Sound because a cell must hold one of its candidates.
"""

from __future__ import annotations

from typing import Iterator

from .. import cands
from ..grid import Grid
from ..trace import Step

NAME = "naked single"


def naked_single(grid: Grid) -> Iterator[Step]:
    masks, values = grid.masks, grid.values
    cells, end = grid.changed_since((NAME,))  # a cell left with one candidate changed to get there
    for i in cells:
        m = masks[i]
        d = cands.single(m)
        if not values[i] and d:
            yield Step(NAME, f"{grid.name(i)} has only {d} left", None, None, (i,), placements=((i, d),))
    grid.read_up_to((NAME,), end)
