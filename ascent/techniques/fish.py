"""fish: a height confined to the same k columns in k rows leaves the rest of those columns.

    [234] _ [234] _   ->  [234] _     [234] _          an X-wing (k = 2) on height 1: rows 1 and 3
    _     _ _     _   ->  _     [234] _     [234]      have 1 only in columns 2 and 4, so 1 leaves
    [234] _ [234] _   ->  [234] _     [234] _          the other cells of columns 2 and 4
    _     _ _     _   ->  _     [234] _     [234]

Swordfish is k = 3, jellyfish k = 4; the same holds with rows and columns swapped.

Sound because each of the k rows puts its 1 in one of the k columns, each column takes at
most one 1, so those k rows fill all k columns with 1 and no other row can.
"""

from __future__ import annotations

from typing import Iterator

from ..model import cands
from ..model.grid import Grid, shape
from .memory import Memory
from ..model.trace import Step
from ..model.words import joined

NAME = "fish"
MAX_K = 4
_WORDS = {2: "X-wing", 3: "swordfish", 4: "jellyfish"}
NOTHING_KEPT = 1 << 14  # height patterns remembered as finding nothing (all forgotten at once when full)


def fish(grid: Grid, memory: Memory) -> Iterator[Step]:
    n, masks, values = grid.n, grid.masks, grid.values
    sh = shape(n)
    # where each height can go, per row (as a mask of columns) and per column (of rows), read in one walk;
    # a row or column where the height is placed is left out
    by_row = [[0] * n for _ in range(n + 1)]
    by_col = [[0] * n for _ in range(n + 1)]
    at_row = [[0] * n for _ in range(n + 1)]  # per height, per row: the columns where it is placed
    at_col = [[0] * n for _ in range(n + 1)]
    place = cands.place
    for x in range(n * n):
        r, c = divmod(x, n)
        in_row, in_col = place(c), place(r)
        v = values[x]
        if v:
            at_row[v][r] |= in_row
            at_col[v][c] |= in_col
        for d in cands.digits(masks[x]):
            by_row[d][r] |= in_row
            by_col[d][c] |= in_col
    for base, cover, base_word, cover_word, by, at in ((sh.rows, sh.cols, "row", "column", by_row, at_row),
                                                       (sh.cols, sh.rows, "column", "row", by_col, at_col)):
        for d in range(1, n + 1):
            # all that the search for this height reads: where it can go, and where it is placed
            seen = (NAME, base_word, d, tuple(by[d]), tuple(at[d]))
            if seen in memory.empty:
                continue  # looked at exactly this before and found nothing
            b = cands.bit(d)
            found = False
            spots = []  # (base index, cover mask) where d is still open
            for i, (where, placed) in enumerate(zip(by[d], at[d])):
                if not placed and 2 <= cands.count(where) <= MAX_K:
                    spots.append((i, where))
            for k in range(2, MAX_K + 1):
                for group, where in cands.groups(spots, k):
                    if cands.count(where) != k:
                        continue
                    cover_idx = cands.places(where)
                    elims = tuple(
                        (x, b)
                        for j in cover_idx
                        for i, x in enumerate(cover[j])
                        if i not in group and masks[x] & b and not values[x]
                    )
                    if elims:
                        # shown at the fish's own candidates; read from the whole of its base rows (or columns)
                        fins = tuple(base[i][j] for i in group for j in cover_idx if masks[base[i][j]] & b)
                        yield Step(NAME, _sentence(k, d, base_word, [i + 1 for i in group], cover_word,
                                                   [j + 1 for j in cover_idx]),
                                   None, None, fins, eliminations=elims,
                                   premises=tuple(x for i in group for x in base[i]))
                        found = True
            if found:
                continue  # every step is given, the first first: the engine takes one and goes back to the easy
                # passes, while a chain's replay reads on for the step it wants
            if len(memory.empty) >= NOTHING_KEPT:
                memory.empty.clear()
            memory.empty.add(seen)


def link_needs(link: Step, n: int) -> dict[int, int] | None:
    """As a link of a chain, a fish rests on its height being gone from its base rows (or columns) outside
    its cover columns (or rows): the premises are its whole base lines, the cells where it is shown its own
    candidates, which stand in the cover lines."""
    if not (link.eliminations and link.cells):
        return None
    b = link.eliminations[0][1]
    rows = {x // n for x in link.premises}
    by_rows = len(link.premises) == len(rows) * n  # the fish's base lines are rows (else columns)
    covers = {x % n if by_rows else x // n for x in link.cells}
    return {x: b for x in link.premises if (x % n if by_rows else x // n) not in covers}


def _and(numbers: list[int]) -> str:
    """[2, 3, 5] -> '2, 3 and 5'."""
    return joined(numbers)


def _sentence(k: int, d: int, base_word: str, bases: list[int], cover_word: str, covers: list[int]) -> str:
    """'swordfish on height 9: rows 2, 3 and 5 have 9 only in columns 3, 4 and 6, ...': the height is named
    as a height, the rows and columns as lists, so neither can be read as the other."""
    return (f"{_WORDS[k]} on height {d}: {base_word}s {_and(bases)} have {d} only in {cover_word}s {_and(covers)}, "
            f"so {d} leaves the other cells of those {cover_word}s")
