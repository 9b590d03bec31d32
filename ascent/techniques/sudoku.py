"""sudoku: a placed height leaves every other cell of its row and column (tier 2).

    _ | [123] 2 [234] _   ->  _ | [13] 2 [34] _

Sound because each row and column holds every height exactly once.
"""

from __future__ import annotations

from typing import Iterator

from ..grid import Grid, shape
from ..trace import Step

NAME = "sudoku"


def sudoku(grid: Grid) -> Iterator[Step]:
    masks, values, looked = grid.masks, grid.values, grid.looked
    peers = shape(grid.n).peers
    for i, d in enumerate(values):
        if not d or (NAME, i) in looked:
            continue  # a placed height gone from every peer stays gone: candidates only shrink
        b = 1 << (d - 1)
        elims = tuple((j, b) for j in peers[i] if masks[j] & b)
        if elims:
            yield Step(NAME, f"{grid.name(i)} is {d}, so {d} leaves the rest of its row and column",
                       None, None, (i,), eliminations=elims)
        else:
            grid.found_nothing((NAME, i))
