"""Pure lane arithmetic: visibility, and the orderings of a lane that fit its candidates.

A lane here is a tuple of candidate masks ordered outward from its clue.
"""

from __future__ import annotations

from functools import lru_cache


def visible(heights) -> int:
    """How many buildings a viewer at the front sees."""
    top = seen = 0
    for h in heights:
        if h > top:
            top = h
            seen += 1
    return seen


class _Saturated(Exception):
    """Every candidate of every cell is used by some filling: nothing left to learn."""


@lru_cache(maxsize=1 << 16)
def orderings(masks: tuple[int, ...], lo: int, hi: int, back: int = 0) -> tuple[tuple[int, ...], int]:
    """Fill the cells with distinct heights, one from each mask, so that the front shows
    between ``lo`` and ``hi`` buildings and, when ``back`` is non-zero, the back shows exactly ``back``.

    Returns the union of heights used per cell over all such fillings, and how many there are.
    When every candidate turns out to be used, the search stops early: the union is then the
    masks themselves and the count is -1 (unknown, at least one). Pure and cached.
    """
    size = len(masks)
    allowed = [0] * size
    vals = [0] * size
    open_cells = [size]  # cells whose candidates are not all used yet
    rest = [0] * (size + 1)  # heights still reachable from cell i on
    for i in range(size - 1, -1, -1):
        rest[i] = rest[i + 1] | masks[i]
    found = 0

    def dfs(i: int, used: int, top: int, seen: int) -> None:
        nonlocal found
        if i == size:
            if seen < lo:
                return
            if back:
                t = s = 0
                for k in range(size - 1, -1, -1):
                    if vals[k] > t:
                        t = vals[k]
                        s += 1
                if s != back:
                    return
            found += 1
            for k in range(size):
                a = allowed[k]
                if a != masks[k]:
                    a |= 1 << (vals[k] - 1)
                    allowed[k] = a
                    if a == masks[k]:
                        open_cells[0] -= 1
                        if not open_cells[0]:
                            raise _Saturated
            return
        # the most the front could still see: one more per remaining cell, and only with taller heights
        taller = rest[i] & ~used & ~((1 << top) - 1)
        if seen + min(size - i, taller.bit_count()) < lo:
            return
        m = masks[i] & ~used
        while m:
            b = m & -m
            m ^= b
            h = b.bit_length()
            vals[i] = h
            if h > top:
                if seen + 1 > hi:
                    continue
                dfs(i + 1, used | b, h, seen + 1)
            else:
                dfs(i + 1, used | b, top, seen)

    try:
        dfs(0, 0, 0, 0)
    except _Saturated:
        return tuple(masks), -1
    return tuple(allowed), found
