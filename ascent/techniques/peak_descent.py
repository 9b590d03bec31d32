"""peak descent: count what the peaks already show; the rest of the clue falls on the cells before them (tier 2).

    4 | _ _ 4 _ 6 5     ->  4 | [12] [23] 4 [123] 6 5
    3 | _ _ _ 5 _ 6     ->  3 | [34] [123] [123] 5 [1234] 6     (not [4]: 3 1 2 5 4 6 shows 3 too)

Candidates are read less the heights already placed elsewhere in the lane.
The first *sure peak* is a placed building taller than every candidate before it: it is visible,
and everything before it is shorter. From it onward, count the buildings that surely show
(smin) and that possibly show (smax). The cells before the peak must then show between
clue - smax and clue - smin buildings, using heights below the peak not placed elsewhere in the lane;
only the candidates that appear in some such filling of those cells survive.

Sound because the cells before a sure peak never change what shows from the peak onward, so the
clue splits exactly into (shown before the peak) + (shown from the peak on), and every filling
of the front cells that a solution could use is among those enumerated.
"""

from __future__ import annotations

from typing import Iterator

from ..grid import Grid
from ..lanes import orderings
from ..trace import Step

NAME = "peak descent"


def peak_descent(grid: Grid) -> Iterator[Step]:
    masks = grid.masks
    for lane in grid.lanes:
        c = lane.clue
        if not c:
            continue
        cells = lane.cells
        ms = [masks[x] for x in cells]
        placed = 0
        for m in ms:
            if not m & (m - 1):
                placed |= m
        ms = [m if not m & (m - 1) else (m & ~placed) or m for m in ms]  # heights placed in the lane are gone
        before = 0
        p = -1
        for i, m in enumerate(ms):
            if not m & (m - 1) and m > before:  # placed and taller than every earlier candidate
                p = i
                break
            before |= m
        if p <= 0:
            continue
        peak = ms[p].bit_length()
        smin = smax = 0
        top_lo = top_hi = 0
        placed_after = 0
        for m in ms[p:]:
            lo, hi = (m & -m).bit_length(), m.bit_length()
            if lo > top_hi:
                smin += 1
            if hi > top_lo:
                smax += 1
            top_lo, top_hi = max(top_lo, lo), max(top_hi, hi)
            if not m & (m - 1):
                placed_after |= m
        kmin, kmax = max(c - smax, 1), min(c - smin, p)
        if kmin <= 1 and kmax >= p:
            continue  # any filling of the front cells fits the clue: nothing to say
        front = tuple(m & ~placed_after for m in ms[:p])
        allowed, count = orderings(front, kmin, kmax, 0)
        if kmin > kmax or not count:
            yield Step(NAME, f"{peak} at {grid.name(cells[p])} is the first sure peak, and no filling of the {p} cells "
                             f"before it can make clue {c} hold", lane.name, c, cells[: p + 1],
                       eliminations=((cells[0], masks[cells[0]]),))
            return
        elims = tuple((cells[i], masks[cells[i]] & ~allowed[i]) for i in range(p) if masks[cells[i]] & ~allowed[i])
        if not elims:
            continue
        shown = f"exactly {smin}" if smin == smax else f"{smin} to {smax}"
        need = f"exactly {kmin}" if kmin == kmax else f"{kmin} to {kmax}"
        yield Step(NAME, f"{peak} at {grid.name(cells[p])} is the first sure peak and from it on {shown} buildings show, "
                         f"so the {p} cells before it (all below {peak}) must show {need}; {count} fillings do",
                   lane.name, c, cells[: p + 1], eliminations=elims)
