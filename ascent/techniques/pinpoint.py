"""pinpoint: a height with only one possible cell in a row or column goes there.

    [12] [123] [12] [124]   ->  [12] 3 [12] 4     3 fits only the second cell, 4 only the fourth

Sound because each row and column must hold every height once; if only one cell can take it,
that cell does. A height with no cell at all is a contradiction.
"""

from __future__ import annotations

from functools import partial
from typing import Iterator

from ..model import cands
from ..model.grid import Conflict, Contradiction, Grid, cell_name
from .memory import Memory
from ..model.trace import Step

NAME = "pinpoint"
KEYS = tuple((NAME, k) for k in range(64))  # where it looked, per line: made once


def pinpoint(grid: Grid, memory: Memory) -> Iterator[Step]:
    masks, values = grid.masks, grid.values
    full = cands.full(grid.n)
    looked, line_changed = memory.looked, grid.line_changed  # Memory.quiet_line, inlined: this loop is hot
    for k, line in enumerate(memory.lines):
        key = KEYS[k]
        last = looked.get(key)
        if last is not None and line_changed[k] <= last:
            continue
        cells = line.cells
        once = twice = placed = 0
        for x in cells:
            m = masks[x]
            twice |= once & m
            once |= m
            if values[x]:
                placed |= m
        if once != full:
            missing = full & ~once
            raise Contradiction(Conflict(f"no cell can hold {cands.show_set(missing)}", cells, line,
                                         cands.digits(missing)[0]), grid.n)
        lone = once & ~twice & ~placed
        if not lone:
            looked[key] = grid.stamp  # Memory.found_nothing, inlined
            continue
        found = False
        for d in cands.digits(lone):
            b = cands.bit(d)
            cell = next((x for x in cells if masks[x] & b), None)  # read now: earlier steps may have moved on
            if cell is None:
                raise Contradiction(Conflict(f"no cell can hold {d} any more", cells, line, d), grid.n)
            if values[cell]:
                continue
            found = True
            yield Step(NAME, partial(_sentence, d, line, cell, grid.n), line, None, (cell,), placements=((cell, d),),
                       premises=cells)
        if not found:
            memory.found_nothing(grid, key)


def link_needs(link: Step, n: int) -> dict[int, int] | None:
    """As a link of a chain, a pinpoint rests on its height being gone from the rest of its line."""
    if len(link.placements) == 1 and link.lane is not None:
        c, d = link.placements[0]
        b = cands.bit(d)
        return {x: b for x in link.lane.cells if x != c}
    return None


def _sentence(d: int, line, cell: int, n: int) -> str:  # made when someone reads the step
    return f"{d} fits nowhere else in {line.name}, so {cell_name(cell, n)} is {d}"
