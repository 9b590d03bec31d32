"""naked single: a cell with one candidate left is placed (tier 3).

    _ | [3] [12] _   ->  _ | 3 [12] _

Sound because a cell must hold one of its candidates.
"""

from __future__ import annotations

from typing import Iterator

from ..grid import Grid
from ..trace import Step

NAME = "naked single"


def naked_single(grid: Grid) -> Iterator[Step]:
    masks, values = grid.masks, grid.values
    for i, m in enumerate(masks):
        if not values[i] and not m & (m - 1):
            d = m.bit_length()
            yield Step(NAME, f"{grid.name(i)} has only {d} left", None, None, (i,), placements=((i, d),))
