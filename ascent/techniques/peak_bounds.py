"""peak bounds: the clue rules that read the tallest buildings already placed.

    3 | _ _ 7 _ _ 5 _  ->  3 | [123457] _ 7 _ _ 5 _    5 hides behind 7, so 6 is the second tallest that
                                                        can show: it needs one building in front (lower bounds)
    3 | _ _ _ 6 7 _ _  ->  3 | [34567] _ _ 6 7 _ _     7 and 6 show, the first cell is the third: taller than
                                                        the two cells before 6, so not 1 or 2 (nearly filled)

Two rules, the ones Simon Tatham's Towers solver uses at its Easy level (``solver_easy``):

*lower bounds*: list the heights, tallest first, leaving out each height placed behind a placed one
at least two taller (it can never show; one hidden right behind the next taller height is left to
peak descent, as Tatham's ``solver_easy`` leaves it: its loop starts two heights up). The k-th of that list (k counted from 0) stands at least c - 1 - k
cells out from clue c: in front of it at most its distance show, and behind it at most the k taller
ones, so it shows c buildings only if distance + 1 + k >= c.

*nearly filled*: the tallest heights N, N-1, ... as far as they are all placed; those of them placed
nearer the clue than every taller one show. When they are c - 1 and the nearest stands at distance
p >= 2, the clue needs exactly one more, and the cell next to the clue always shows: every cell
between them is hidden, so the first cell is the tallest of the p cells before that peak, and is not
one of the p - 1 smallest heights those p cells can hold (heights not placed from the peak on).

Sound for the reasons given with each rule: they only count what must show and what cannot.
These are a subset of ``peak descent`` (the next tier), which splits a clue at any sure peak by
enumerating the cells before it; a puzzle that needs only these is Tatham's Easy.

Both rules read only the heights placed in the lane (candidates only say what would go, and they only
shrink), so a lane that gave nothing is looked at again only once a height is placed in its line.
"""

from __future__ import annotations

from typing import Iterator

from ..model import cands
from ..model.grid import Grid
from .memory import Memory
from ..model.trace import Step
from ..model.words import joined

NAME = "peak bounds"
KEYS = tuple((NAME, k) for k in range(128))  # where it looked, per lane: made once


def peak_bounds(grid: Grid, memory: Memory) -> Iterator[Step]:
    # Both rules read the heights placed in the lane; candidates only decide what a rule would remove,
    # and candidates only shrink. So a lane that gave nothing gives nothing again until a height is
    # placed in its line (``Grid.line_placed``): most lanes are passed over after one look.
    values = grid.values
    looked, line_placed = memory.looked, grid.line_placed  # ``Memory.quiet_line`` by placements, inlined: this loop is hot
    for k, lane in enumerate(memory.lanes):
        if not lane.clue:
            continue
        key = KEYS[k]
        last = looked.get(key)
        if last is not None and line_placed[k // 2] <= last:
            continue
        # What each rule needs before it can remove anything, read in one walk out from the clue:
        hidden = 0  # lower bounds: the placed heights behind a placed one at least two taller (a mask)
        top = 0  # nearly filled: the tallest height, N, placed
        gap = -1  # the first open cell: nearly filled removes only from the first cell, lower bounds only
        # from the clue - 1 cells next to the clue, and neither from a placed cell
        for d, x in enumerate(lane.cells):
            v = values[x]
            if v:
                if top >= v + 2:
                    hidden |= cands.bit(v)
                elif v > top:
                    top = v
            elif gap < 0:
                gap = d
        nearly = top == grid.n and gap == 0
        lower = hidden and 0 <= gap < lane.clue - 1 and _may_bound(grid, lane, hidden, gap)
        step = None
        if nearly or lower:
            # height -> its distance from the clue, for the heights placed in the lane
            at = {values[x]: d for d, x in enumerate(lane.cells) if values[x]}
            if nearly:
                step = _nearly_filled(grid, lane, at)
            if step is None and lower:
                step = _lower_bounds(grid, lane, at)
        if step is None:
            memory.found_nothing(grid, key)
        else:
            yield step  # the lane changes: look at it afresh next pass


def _may_bound(grid: Grid, lane, hidden: int, gap: int) -> bool:
    """Could lower bounds remove anything? The k-th height that can show (from 0) leaves only the first
    clue - 1 - k cells, so the cell at distance d can lose only heights at least the (clue - 2 - d)-th."""
    n, c, cells, masks, values = grid.n, lane.clue, lane.cells, grid.masks, grid.values
    counted = [h for h in range(n, 0, -1) if not cands.has(hidden, h)]
    last = len(counted) - 1  # the tallest placed height is never hidden: counted is never empty
    for d in range(gap, c - 1):
        x = cells[d]
        if not values[x] and cands.highest(masks[x]) >= counted[min(c - 2 - d, last)]:
            return True
    return False


def _lower_bounds(grid: Grid, lane, at: dict[int, int]) -> Step | None:
    n, c, cells, masks, values = grid.n, lane.clue, lane.cells, grid.masks, grid.values
    behind: dict[int, int] = {}  # a hidden height -> the shortest of those at least two taller nearer the clue
    nearer: list[int] = []  # the heights placed so far, walking out from the clue
    for x in cells:
        v = values[x]
        if v:
            taller = [t for t in nearer if t >= v + 2]  # see the docstring
            if taller:
                behind[v] = min(taller)
            nearer.append(v)
    if not behind:
        return None  # with nothing hidden this is the edge rule (ascent), already applied
    hidden = [(h, behind[h]) for h in sorted(behind, reverse=True)]  # (height, the taller one that hides it)
    counted = [h for h in range(n, 0, -1) if h not in behind]
    elims: dict[int, int] = {}
    bounds = []
    for k, h in enumerate(counted):
        first = c - 1 - k
        if first <= 0:
            break
        if h in at:
            continue  # a placed height leaves the other cells by sudoku
        bit = cands.bit(h)
        hit = [x for x in cells[:first] if masks[x] & bit and not values[x]]
        for x in hit:
            elims[x] = elims.get(x, 0) | bit
        if hit:
            bounds.append((h, first, k))
    if not elims:
        return None
    order = tuple(elims.items())
    hid = ", ".join(f"{h} behind {t} at {grid.name(cells[at[t]])}" for h, t in hidden)
    def bound(h: int, first: int, k: int) -> str:
        cells_ = "the first cell" if first == 1 else f"the first {first} cells"
        front = "" if first == 1 else f"at most {first - 1} in front of it, "
        taller = joined([str(t) for t in counted[:k]])
        return (f"{h} in {cells_} would let at most {c - 1} show ({front}{h}, and behind it only the "
                f"{'taller height' if k == 1 else 'taller heights'} that can show, {taller}), fewer than clue {c}")

    def sentence() -> str:
        return f"{hid} can never show; so " + "; ".join(bound(h, first, k) for h, first, k in bounds)

    used = tuple(cells[at[h]] for h, t in hidden) + tuple(cells[at[t]] for h, t in hidden)
    return Step(NAME, sentence, lane, c, tuple(dict.fromkeys(used + tuple(x for x, _ in order))),
                eliminations=order, premises=cells)


def _nearly_filled(grid: Grid, lane, at: dict[int, int]) -> Step | None:
    n, c, cells, masks = grid.n, lane.clue, lane.cells, grid.masks
    showing: list[int] = []
    nearest = n
    for h in range(n, 0, -1):
        if h not in at:
            break
        if at[h] < nearest:
            nearest = at[h]
            showing.append(h)
    if c != len(showing) + 1 or nearest <= 1:
        return None
    peak = showing[-1]
    # heights the nearest + 1... cells before the peak can hold: not placed from the peak on
    free = [h for h in range(1, n + 1) if not (h in at and at[h] >= nearest)]
    small = free[: nearest - 1]
    first = cells[0]
    m = masks[first] & sum(cands.bit(h) for h in small)
    if grid.values[first] or not m:
        return None
    shown = ", ".join(f"{h} at {grid.name(cells[at[h]])}" for h in showing)

    def sentence() -> str:
        return (f"{shown} {'show' if len(showing) > 1 else 'shows'} (each nearer the clue than every taller height), "
                f"so clue {c} needs exactly one more, the first cell: it must hide the "
                + (f"cell between it and {peak}, which holds a height not placed from {peak} on, so it is not "
                   f"{small[0]}" if nearest == 2 else
                   f"{nearest - 1} cells between it and {peak}, which hold {nearest - 1} different heights not placed "
                   f"from {peak} on, so it is above the {nearest - 1} smallest of those: not {joined(small, 'or')}"))

    return Step(NAME, sentence, lane, c, (first,) + tuple(cells[at[h]] for h in showing),
                eliminations=((first, m),), premises=cells)
