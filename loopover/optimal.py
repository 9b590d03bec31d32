"""Fewest moves on the 4x4 board: an iterative-deepening search with pattern-table bounds, a level
at a time in numpy.

A state is where each piece is (piece ``p`` belongs at position ``p``): a row of 16 positions. For
a bound ``B`` (from the start's own bound up, one at a time), the search keeps, at each depth ``g``,
every distinct state reached in ``g`` moves whose lower bound (``pattern.Bounds``) is at most
``B - g``: the children of the level before, all 16 moves each, filtered and deduplicated. A state
that passes at depth ``B`` has bound 0, so it is the goal, and the first bound that reaches it is
the fewest moves (each bound is a true lower bound). It is IDA* searched breadth-first: duplicates
reached by different orders of commuting moves are kept once, which a depth-first IDA* cannot do.
"""

from __future__ import annotations

import numpy as np

from . import pattern


class TooLarge(Exception):
    """The search passed its allowance of work."""


def keys(states: np.ndarray) -> np.ndarray:
    """Each state (16 positions of 4 bits) as one 64-bit number."""
    packed = states[:, ::2] | (states[:, 1::2] << 4)
    return np.ascontiguousarray(packed).view(np.uint64).ravel()


def fewest(cells, bounds: "pattern.Bounds", below: int | None = None, work: int | None = None,
           progress=None) -> tuple[list[str] | None, int]:
    """A shortest move list taking ``cells`` (``cells[pos]`` the piece at ``pos``) to the goal, and
    the work spent (states made). With ``below``, only lists shorter than it are looked for (None:
    there is none, which proves a list of ``below`` moves the fewest). Raises ``TooLarge`` once the
    work passes ``work`` states."""
    names, steps = zip(*pattern.moves())
    step = np.stack(steps)  # (16 moves, 16 positions)
    start = np.empty(pattern.CELLS, dtype=np.uint8)
    start[list(cells)] = np.arange(pattern.CELLS, dtype=np.uint8)
    bound, spent = int(bounds.of(start[None])[0]), [0]
    if bound == 0:
        return [], 0
    while below is None or bound < below:
        if progress is not None:
            progress(f"looking for {bound} moves")
        path = _within(start, bound, step, bounds, work, spent)
        if path is not None:
            return [names[m] for m in path], spent[0]
        bound += 1
    return None, spent[0]


def _within(start, bound, step, bounds, work, spent):
    """The moves of a solution of exactly ``bound`` moves, or None when there is none."""
    frontier = start[None]
    levels = []
    for g in range(bound):
        n = len(frontier)
        spent[0] += 16 * n
        if work is not None and spent[0] > work:
            raise TooLarge(f"the search made {spent[0]:,} states (its allowance is {work:,})")
        kids = step[:, frontier].reshape(16 * n, pattern.CELLS)  # kids[m * n + i]: move m on state i
        _, keep = np.unique(keys(kids), return_index=True)
        keep = keep[bounds.within(kids[keep], bound - g - 1)]
        if keep.size == 0:
            return None
        levels.append((keep, n))
        frontier = kids[keep]
    path, i = [], 0  # the last level holds only the goal (bound 0): its first entry
    for keep, n in reversed(levels):
        m, i = divmod(int(keep[i]), n)
        path.append(m)
    path.reverse()
    return path
