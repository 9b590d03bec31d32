"""sequence: enumerate the orderings of a lane that fit its candidates and both clues.

    2 | [123] [123] 4 [123] | 2   ->  2 | [23] [12] 4 [123] | 2
    the orderings that fit are 2 1 4 3, 3 1 4 2 and 3 2 4 1: the first cell is never 1
    (1 would show before the 4 and make 3), the second never 3.

Keep only the candidates that appear in some ordering; the step says, for each removed height, what
the clues would see with it there (never how many orderings there are, nor a list of them).
This is the "sequence filtration" people do on nearly full lanes.

Sound because the true filling of the lane is one of the orderings enumerated, so every
height it uses survives.
"""

from __future__ import annotations

from typing import Iterator

from ..model import cands
from .explain import witnesses
from ..core.linecheck import picture
from ..model.grid import Conflict, Contradiction, Grid
from .memory import Memory
from ..core.propagate import consistent
from ..model.trace import Step

NAME = "sequence"


def sequence(grid: Grid, memory: Memory) -> Iterator[Step]:
    masks, values = grid.masks, grid.values
    for k, line in enumerate(memory.lines):
        a, b = line.front.clue, line.back.clue
        if not (a or b):
            continue
        cells = line.cells
        if memory.quiet_line(grid, (NAME, k), k) or all(values[x] for x in cells):
            continue
        ms = line.read(masks)
        allowed = consistent(ms, a, b)  # supports(ms, a or 1, a or n, b, b), from tables up to 9, remembered
        if allowed is None:
            raise Contradiction(Conflict(f"no ordering fits its candidates and clues {a or '-'}/{b or '-'}", cells, line),
                                grid.n)
        elims = tuple((x, masks[x] & ~allowed[i]) for i, x in enumerate(cells) if masks[x] & ~allowed[i])
        if elims:
            yield Step(NAME, _reason(grid, line, ms, a, b, elims), line, a or b, cells, eliminations=elims)
        else:
            memory.found_nothing(grid, (NAME, k))


def _reason(grid: Grid, line, ms: tuple[int, ...], a: int, b: int, elims):
    """The sentence, made when first read (the reasons cost more than finding the step)."""
    return lambda: _sentence(grid, line, ms, a, b, elims)


def _sentence(grid: Grid, line, ms: tuple[int, ...], a: int, b: int, elims) -> str:
    """Why each removed height fails the clues, one reason for the heights that share it: never a count of
    orderings or a list of them, which a reader would have to prove complete."""
    front, back = ("left", "right") if line.kind == "row" else ("top", "bottom")
    clues = " and ".join(f"clue {c} from the {s}" for c, s in ((a, front), (b, back)) if c)
    removed = [(line.cells.index(x), h) for x, m in elims for h in cands.digits(m)]
    names = [grid.name(x) for x in line.cells]
    why = witnesses(ms, removed, names, f"the {front} would see", (a, a) if a else None, f"the {back} would see", b,
                    whole=True)
    return f"{line.name} reads {picture(ms)} with {clues}: {why}"
