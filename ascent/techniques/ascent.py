"""ascent: the edge clue rules, the easiest of all.

    1 | _ _ _ _ _ _      ->  1 | 6 _ _ _ _ _                    clue 1: the tallest stands next to the clue

    6 | _ _ _ _ _ _      ->  6 | 1 2 3 4 5 6                    clue N: the lane reads 1..N

    3 | _ _ _ _ _ _      ->  3 | [1234] [12345] _ _ _ _         clue c: d cells out, heights above N-c+1+d
                                                                 are impossible

    2 | _ _ _ _ _ _ | 5  ->  2 | [12345] 6 [12345] [1234] [123] [12] | 5
                                                                 opposite clues summing to N+1: N stands c
                                                                 cells out (and each clue caps its side)

Sound because: a building of height h at distance d (0-based) hides everything after it that is
shorter, so at most d + 1 + (N - h) buildings can show; clue c needs that to be at least c.
With opposite clues a + b = N + 1, the N at distance p shows at most p + 1 from one side and
N - p from the other, so a = p + 1 exactly.
"""

from __future__ import annotations

from functools import partial
from typing import Iterator

from ..model import cands
from ..model.grid import Grid, cell_name
from .memory import Memory
from ..model.trace import Step

NAME = "ascent"


def ascent(grid: Grid, memory: Memory) -> Iterator[Step]:
    # These rules read only the clues: once a sweep finds nothing, no later grid gives them anything.
    if memory.quiet(grid, (NAME,), ()):
        return
    start, found = grid.stamp, 0
    for step in _steps(grid, memory):
        found += 1
        yield step
    if grid.stamp == start + found:
        # nothing found, or every step found was applied as it came (the pass loop does; a caller that only
        # looks does not): a step leaves nothing for the same rule to find again, so the next look is quiet
        memory.found_nothing(grid, (NAME,))


def _steps(grid: Grid, memory: Memory) -> Iterator[Step]:
    n, masks, values = grid.n, grid.masks, grid.values
    for lane in memory.lanes:
        clue, cells = lane.clue, lane.cells
        if not clue:
            continue
        if clue == 1:
            if values[cells[0]] != n:
                yield Step(NAME, f"clue 1 sees only the first building, so the tallest, {n}, stands next to it",
                           lane, clue, (cells[0],), placements=((cells[0], n),), premises=())
        elif clue == n:
            placed = tuple((cell, dist + 1) for dist, cell in enumerate(cells) if values[cell] != dist + 1)
            if placed:
                yield Step(NAME, f"clue {n} sees all {n} buildings, so they rise 1 to {n} from the clue",
                           lane, clue, cells, placements=placed, premises=())
        else:
            elims = []
            for dist in range(clue - 1):
                cap = n - clue + 1 + dist
                m = masks[cells[dist]] & ~cands.span(1, cap)
                if m:
                    elims.append((cells[dist], m))
            if elims:
                yield Step(NAME, partial(_caps, n, clue, cells), lane, clue, cells[: clue - 1],
                           eliminations=tuple(elims), premises=())
    for line in memory.lines:
        a, b = line.front.clue, line.back.clue
        if a and b and a + b == n + 1:
            cell = line.front.cells[a - 1]
            if values[cell] != n:
                yield Step(NAME, f"opposite clues {a} and {b} add up to {n + 1}, so {n} stands {a} cells from the clue {a} "
                                 f"(it shows at most {a} from one side and {b} from the other only there)",
                           line.front, a, (cell,), placements=((cell, n),), premises=())


def _caps(n: int, clue: int, cells: tuple[int, ...]) -> str:  # the sentence, made when someone reads the step
    caps = ", ".join(f"{cell_name(cells[dist], n)} <= {n - clue + 1 + dist}" for dist in range(clue - 1))
    return (f"clue {clue} needs {clue - 1} {'buildings' if clue > 2 else 'building'} in front of the tallest it sees, "
            f"so each cell can be at most {n - clue + 1} plus its distance (0 next to the clue) ({caps})")
