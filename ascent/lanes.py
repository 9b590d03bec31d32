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


@lru_cache(maxsize=1 << 18)
def supports(masks: tuple[int, ...], lo: int, hi: int, blo: int = 0, bhi: int = 0) -> tuple[int, ...] | None:
    """The heights each cell takes in some filling: distinct heights, one from each mask, with the
    front showing ``lo``..``hi`` buildings and the back ``blo``..``bhi`` (0..0 = no back clue).

    None when there is no filling at all. The same union as ``orderings`` gives, found without
    counting: heights are placed tallest first, so a height's visibility from either end is known
    the moment it is placed (it shows from the front exactly when it stands before every taller one),
    and a subtree is skipped once it cannot add a height not yet seen in some filling. Pure and cached.
    """
    size = len(masks)
    if not blo:
        blo, bhi = 0, size
    union = 0
    for m in masks:
        union |= m
    top = union.bit_length()
    where = [0] * (top + 2)  # where each height may go, as a bitmask of positions
    only_above = [0] * (top + 2)  # only_above[h]: positions whose every candidate is h or taller
    for p, m in enumerate(masks):
        low = (m & -m).bit_length()
        for h in range(1, low + 1):
            only_above[h] |= 1 << p
        while m:
            b = m & -m
            m ^= b
            where[b.bit_length()] |= 1 << p
    below = [0] * (top + 2)  # below[h]: how many heights under h the masks offer
    for h in range(2, top + 2):
        below[h] = below[h - 1] + ((union >> (h - 2)) & 1)
    unseen = where[:]  # positions each height still has to be seen at in some filling
    upto = [0] * (top + 1)  # upto[h]: positions where some height <= h is still unseen

    def refresh() -> None:
        acc = 0
        for h in range(1, top + 1):
            acc |= unseen[h]
            upto[h] = acc

    refresh()
    allowed = [0] * size
    left = [sum(m.bit_count() for m in masks)]
    path_p = [0] * (size + 1)
    path_h = [0] * (size + 1)
    fresh = [False] * (size + 2)  # fresh[k]: the first k placements include one not yet seen

    def dfs(h: int, free: int, first: int, last: int, front: int, back: int, depth: int) -> None:
        if not free:
            for k in range(depth):
                p, d = path_p[k], path_h[k]
                b = 1 << (d - 1)
                if not allowed[p] & b:
                    allowed[p] |= b
                    unseen[d] &= ~(1 << p)
                    left[0] -= 1
            if not left[0]:
                raise _Saturated
            refresh()
            for k in range(depth + 1):
                fresh[k] = False
            return
        if free & only_above[h + 1]:
            return  # an open cell needs a height taller than any left
        if below[h + 1] < free.bit_count():
            return  # not enough heights left for the open cells
        if not fresh[depth] and not upto[h] & free:
            return  # nothing below here can show a height not already seen in a filling
        choices = where[h] & free
        while choices:
            pick = choices & unseen[h] or choices  # places where h is not yet seen first: more to learn per filling
            b = pick & -pick
            choices ^= b
            p = b.bit_length() - 1
            f, bk, nf, nl = front, back, first, last
            if p < first:
                f += 1
                nf = p
            if p > last:
                bk += 1
                nl = p
            rest = free ^ b
            before = (rest & ((1 << nf) - 1)).bit_count()
            if f + (1 if before else 0) > hi or f + before < lo:
                continue
            after = (rest >> (nl + 1)).bit_count()
            if bk + (1 if after else 0) > bhi or bk + after < blo:
                continue
            path_p[depth], path_h[depth] = p, h
            fresh[depth + 1] = fresh[depth] or bool(unseen[h] & b)
            dfs(h - 1, rest, nf, nl, f, bk, depth + 1)
        if below[h] >= free.bit_count():  # or leave h out, when the open cells can do without it
            dfs(h - 1, free, first, last, front, back, depth)

    try:
        dfs(top, (1 << size) - 1, size, -1, 0, 0, 0)
    except _Saturated:
        return tuple(masks)
    if not any(allowed):
        return None
    return tuple(allowed)
