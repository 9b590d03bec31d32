"""peak descent: count what the peaks already show; the rest of the clue falls on the cells before them.

    4 | _ _ 4 _ 6 5     ->  4 | [12] [23] 4 _ 6 5

    3 | _ _ _ 5 _ 6     ->  3 | [34] [123] [123] 5 _ 6     (the first is not [4] alone: 3 1 2 5 4 6 shows 3 too)

Candidates are read less the heights already placed elsewhere in the lane (the cells past the peak are
sudoku's: they lose 4, 5 and 6 there).
A *sure peak* is a placed building taller than every candidate before it: it is visible,
and everything before it is shorter. From it onward, count the buildings that surely show
and those that possibly show. Each sure peak is looked at in turn: the cells before it must show
the rest of the clue (at least the clue less what possibly shows, at most the clue less what surely
shows), using heights below the peak not placed elsewhere in the lane; only the candidates that appear in some such filling survive. It fires only
when the clue removes something beyond the lane's placed heights.

Sound because the cells before a sure peak never change what shows from the peak onward, so the
clue splits exactly into (shown before the peak) + (shown from the peak on), and every filling
of the front cells that a solution could use is among those enumerated.
"""

from __future__ import annotations

from typing import Iterator

from ..model import cands
from .explain import counted, shown_counts, witnesses
from ..model.grid import Conflict, Contradiction, Grid
from ..core.lanes import front_supports
from .memory import Memory
from ..core.propagate import settled
from ..model.trace import Step
from ..model.words import joined

NAME = "peak descent"


def peak_descent(grid: Grid, memory: Memory) -> Iterator[Step]:
    # the walk every pass runs over every lane: ``cands.several`` inlined (``m & (m - 1)``)
    masks = grid.masks
    for k, lane in enumerate(memory.lanes):
        c = lane.clue
        if not c:
            continue
        cells = lane.cells
        if memory.quiet_line(grid, (NAME, k), k // 2):
            continue
        ms = [masks[x] for x in cells]
        lane_ms = tuple(ms)
        placed = 0
        for m in ms:
            if not m & (m - 1):
                placed |= m
        # heights placed in the lane are gone; a cell left with none makes its front unfillable (a contradiction)
        ms = [m if not m & (m - 1) else m & ~placed for m in ms]
        before = 0
        step = None
        looked = False
        for p, m in enumerate(ms):
            if p and not m & (m - 1) and m > before:  # placed and taller than every earlier candidate
                if not looked:
                    looked = True
                    if _settled(grid, lane, lane_ms):
                        break
                step = _split(grid, lane, ms, p, lane_ms)
                if step is not None:
                    break  # the lane will change: look at it afresh next pass
            before |= m
        if step is None:
            memory.found_nothing(grid, (NAME, k))
        else:
            yield step


def _settled(grid: Grid, lane, ms: tuple[int, ...]) -> bool:
    """True when every candidate of the lane's whole line is in some filling that both of its clues
    allow (``propagate.settled``, which the fast core has often asked already): then no peak can
    remove one or see a contradiction. A shortcut only: nothing is said from it."""
    p = grid.puzzle
    i = lane.index
    if lane.side in ("left", "right"):
        a, b = p.left[i], p.right[i]
    else:
        a, b = p.upper[i], p.lower[i]
    return settled(ms if lane.side in ("left", "upper") else ms[::-1], a, b)


def _fillings(front: tuple[int, ...], kmin: int, kmax: int) -> tuple[int, ...] | None:
    """The heights each front cell takes in some filling that shows kmin..kmax; None if none does."""
    return front_supports(front, kmin, kmax)


def _split(grid: Grid, lane, ms: list[int], p: int, lane_ms: tuple[int, ...]) -> Step | None:
    """What the sure peak at p says about the cells before it, as a step (None if nothing). ``ms`` are the lane's
    candidates with every lone height crossed out of the other cells; ``lane_ms`` as the grid holds them."""
    masks, cells, c = grid.masks, lane.cells, lane.clue
    peak = cands.highest(ms[p])
    smin = smax = 0
    top_lo = top_hi = 0
    for m in ms[p:]:
        lo, hi = cands.lowest(m), cands.highest(m)
        if lo > top_hi:
            smin += 1
        if hi > top_lo:
            smax += 1
        top_lo, top_hi = max(top_lo, lo), max(top_hi, hi)
    kmin, kmax = max(c - smax, 1), min(c - smin, p)
    if kmin <= 1 and kmax >= p:
        return None  # any filling of the front cells fits the clue: nothing to say
    allowed = _fillings(tuple(ms[:p]), kmin, kmax) if kmin <= kmax else None
    if allowed is None:
        raise Contradiction(Conflict(_no_filling(grid.name(cells[p]), peak, tuple(ms[:p]), c, smin, smax, kmin, kmax),
                                     cells[: p + 1], lane, peak), grid.n)
    if not any(ms[i] & ~allowed[i] for i in range(p)):
        return None  # the clue removes nothing beyond the heights placed in the lane: that is sudoku's
    elims = tuple((cells[i], masks[cells[i]] & ~allowed[i]) for i in range(p) if masks[cells[i]] & ~allowed[i])
    front, whole = tuple(ms[:p]), tuple(ms)

    placed = tuple(grid.values[x] for x in lane.cells)  # now: the grid's placed heights change before the words are made

    def sentence() -> str:  # made when first read: the reasons cost more than finding the step
        lone = _unsaid_singles(grid, lane, lane_ms, placed)
        shown = f"{smin}" if smin == smax else f"{smin} to {smax}"
        need = f"{kmin}" if kmin == kmax else f"{kmin} to {kmax}"
        # a reason for each height still open before the peak that goes; those placed elsewhere in the lane are
        # named as such (never a count of fillings or a list of them)
        removed = [(i, h) for i in range(p) for h in cands.digits(ms[i] & ~allowed[i])]
        names = [grid.name(x) for x in cells[:p]]
        why = witnesses(front, removed, names, "they would show", (kmin, kmax), line=whole)
        gone = set(removed)
        twice = [(x, [str(h) for h in cands.digits(m) if (cells.index(x), h) not in gone]) for x, m in elims]
        elsewhere = [f"{grid.name(x)} = {joined(hs, 'or')}" for x, hs in twice if hs]
        if elsewhere:
            which = (", or " if any(" or " in e for e in elsewhere) else " or ").join(elsewhere)
            why = "; ".join(w for w in (why, f"with {which}, that height would stand twice in the lane") if w)
        return (lone + f"{peak} at {grid.name(cells[p])} is a sure peak and from it on {shown} "
                f"{'buildings show' if smax != 1 else 'building shows'}, so the {p} cells before it (all below {peak}) "
                f"must show {need}: {why}")

    return Step(NAME, sentence, lane, c, cells[: p + 1], eliminations=elims, premises=cells)


def _unsaid_singles(grid: Grid, lane, lane_ms: tuple[int, ...], placed: tuple[int, ...]) -> str:
    """The step reads every lone height of the lane as placed, and crosses it out of the other cells: where a cell
    left with one height is not placed on the grid and another cell of the lane still holds that height, the reader's
    grid shows it there, so the sentence first says so ("R4C4 is left with 7, so no other cell of the column can hold
    7; ..."). Empty when every lone height is placed (``placed``: the lane's heights when the step was found), or
    already alone in the lane."""
    cells = lane.cells
    said = []
    for i, x in enumerate(cells):
        m = lane_ms[i]
        if m and not m & (m - 1) and not placed[i] and any(lane_ms[j] & m for j in range(len(cells)) if j != i):
            said.append((grid.name(x), m.bit_length()))
    if not said:
        return ""
    heights = joined([str(h) for _, h in said])
    return (f"{joined([f'{name} is left with {h}' for name, h in said])}, so no other cell of the {lane.kind} can "
            f"hold {heights}; ")


def _no_filling(name: str, peak: int, front: tuple[int, ...], c: int, smin: int, smax: int, kmin: int, kmax: int) -> str:
    """The contradiction with its count: what the cells before the sure peak must show, and what they can."""
    shown = f"exactly {smin}" if smin == smax else f"{smin} to {smax}"
    before = "the cell before it" if len(front) == 1 else f"the {len(front)} cells before it"
    if kmin > kmax:  # the clue asks the cells before it for fewer than 1, or more than there are cells
        if c - smin < 1:  # the peak on shows the clue already, and the cells before it show at least 1 more
            return (f"{peak} at {name} is a sure peak and from it on {shown} show, so with {before} the lane "
                    f"shows at least {smin + 1}, more than clue {c}")
        cells = "1 cell" if len(front) == 1 else f"{len(front)} cells"
        return (f"{peak} at {name} is a sure peak and from it on {shown} show, so {before} would have to show "
                f"at least {c - smax}, more than {cells} can")
    else:
        need = f"{before} must show {kmin if kmin == kmax else f'{kmin} to {kmax}'}"
    seen = shown_counts(front)
    can = (f"they can show only {counted(seen)}" if len(front) > 1 else f"it can show only {counted(seen)}") if seen \
        else "no filling of them with distinct heights below it exists"
    return f"{peak} at {name} is a sure peak and from it on {shown} show, so {need}, but {can}"
