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


def _chain(masks, free: int, cells: range, h: int) -> tuple[int, int]:
    """How few and how many of the open cells ``free`` can still show, all below h; ``cells`` runs
    from the clue outward over the open block.

    At most: a cell shows only if it is taller than every open cell between it and the clue, so it
    needs a height above their number. At least: a cell whose shortest height beats the tallest
    any cell between it and the clue can hold surely shows (the one next to the clue always does)."""
    cap = (1 << (h - 1)) - 1
    most = least = 0
    tallest = 0  # the tallest height any open cell nearer the clue can hold
    seen = 0  # open cells nearer the clue
    for p in cells:
        if free >> p & 1:
            m = masks[p] & cap
            if m.bit_length() > seen:
                most += 1
            if (m & -m).bit_length() > tallest:
                least += 1
            tallest = max(tallest, m.bit_length())
            seen += 1
    return least, most


def _tables(masks) -> tuple[int, list[int], list[int], list[int]]:
    """What the tallest-first searches look up: the tallest height offered; where each height may
    go (a bitmask of positions); only_above[h], the positions whose every candidate is h or taller;
    below[h], how many heights under h the masks offer."""
    union = 0
    for m in masks:
        union |= m
    top = union.bit_length()
    where = [0] * (top + 2)
    only_above = [0] * (top + 2)
    for p, m in enumerate(masks):
        low = (m & -m).bit_length()
        for h in range(1, low + 1):
            only_above[h] |= 1 << p
        while m:
            b = m & -m
            m ^= b
            where[b.bit_length()] |= 1 << p
    below = [0] * (top + 2)
    for h in range(2, top + 2):
        below[h] = below[h - 1] + ((union >> (h - 2)) & 1)
    return top, where, only_above, below


SWEEP_BUDGET = 3000  # nodes of one sweep before a lane is finished pair by pair


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


def one_filling(masks: tuple[int, ...], lo: int, hi: int, blo: int = 0, bhi: int = 0) -> tuple[int, ...] | None:
    """One filling (a height per cell) of the kind ``supports`` describes, or None when there is none.

    Heights are placed tallest first, so a height's visibility from either end is known the moment
    it is placed: it shows from the front exactly when it stands before every taller one. A branch
    is cut as soon as the front or the back can no longer show what it must (``_chain`` bounds how
    many more can show), or an open cell needs a height taller than any left.
    """
    size = len(masks)
    if not blo:
        blo, bhi = 0, size
    if not all(masks):
        return None
    top, where, only_above, below = _tables(masks)
    filling = [0] * size

    def dfs(h: int, free: int, first: int, last: int, front: int, back: int) -> bool:
        if not free:
            return True
        if free & only_above[h + 1] or below[h + 1] < free.bit_count():
            return False
        choices = where[h] & free
        while choices:
            b = choices & -choices
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
            before = rest & ((1 << nf) - 1)
            if before:
                least, most = _chain(masks, before, range(nf), h)
                if f + least > hi or f + most < lo:
                    continue
            elif f < lo:
                continue
            after = rest >> (nl + 1) << (nl + 1)
            if after:
                least, most = _chain(masks, after, range(size - 1, nl, -1), h)
                if bk + least > bhi or bk + most < blo:
                    continue
            elif bk < blo:
                continue
            filling[p] = h
            if dfs(h - 1, rest, nf, nl, f, bk):
                return True
        if below[h] >= free.bit_count():
            return dfs(h - 1, free, first, last, front, back)
        return False

    return tuple(filling) if dfs(top, (1 << size) - 1, size, -1, 0, 0) else None


def _sweep(masks: tuple[int, ...], lo: int, hi: int, blo: int, bhi: int, budget: int) -> tuple[list[int], bool]:
    """Every filling in one depth-first sweep, skipping subtrees that cannot show a height not yet
    seen: (the heights seen per cell, True) -- or, past ``budget`` nodes, what was seen so far and
    False. Fast when the lane is nearly settled; ``supports`` finishes wide-open lanes pair by pair."""
    size = len(masks)
    if not blo:
        blo, bhi = 0, size
    top, where, only_above, below = _tables(masks)
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

    nodes = [budget]

    def dfs(h: int, free: int, first: int, last: int, front: int, back: int, depth: int) -> None:
        nodes[0] -= 1
        if not nodes[0]:
            raise _Budget
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
        return list(masks), True
    except _Budget:
        return allowed, False
    return allowed, True


class _Budget(Exception):
    """A sweep ran out of nodes."""


@lru_cache(maxsize=1 << 18)
def supports(masks: tuple[int, ...], lo: int, hi: int, blo: int = 0, bhi: int = 0) -> tuple[int, ...] | None:
    """The heights each cell takes in some filling: distinct heights, one from each mask, with the
    front showing ``lo``..``hi`` buildings and the back ``blo``..``bhi`` (0..0 = no back clue).

    None when there is no filling at all. The same union as ``orderings`` gives, found without
    counting, pair by pair: for each (cell, height) not yet seen in a filling, look for one filling
    that has it (``one_filling``); every filling found marks all of its pairs as seen, so a lane
    takes a few dozen short searches, and a height that no filling allows is proved so by its own
    search, which the visibility bounds keep small. Pure and cached."""
    size = len(masks)
    allowed, complete = _sweep(masks, lo, hi, blo or 0, bhi or 0, SWEEP_BUDGET)
    if complete:
        return tuple(allowed) if any(allowed) else None
    if not any(allowed):
        first = one_filling(masks, lo, hi, blo, bhi)
        if first is None:
            return None
        allowed = [1 << (h - 1) for h in first]
    for p in range(size):
        todo = masks[p] & ~allowed[p]
        while todo:
            b = todo & -todo
            todo ^= b
            if allowed[p] & b:
                continue
            forced = tuple(b if q == p else masks[q] & ~b for q in range(size))
            found = one_filling(forced, lo, hi, blo, bhi)
            if found is not None:
                for q, h in enumerate(found):
                    allowed[q] |= 1 << (h - 1)
            todo &= ~allowed[p]
    return tuple(allowed)


@lru_cache(maxsize=1 << 16)
def distinct(masks: tuple[int, ...]) -> tuple[int, ...] | None:
    """The heights each cell takes in some filling with distinct heights (no clue): Régin's
    all-different filter. None when no such filling exists.

    A maximum matching of cells to heights, then the graph with matched edges from cell to
    height and the other edges from height to cell: an edge is in some filling exactly when it is
    matched, joins a cell and a height of one strongly connected component, or leaves a height
    that a height no cell is matched to can reach.
    """
    size = len(masks)
    union = 0
    for m in masks:
        union |= m
    top = union.bit_length()
    cell_of = [-1] * (top + 1)  # height -> matched cell
    height_of = [0] * size  # cell -> matched height

    def augment(c: int, seen: list[bool]) -> bool:
        m = masks[c]
        while m:
            b = m & -m
            m ^= b
            h = b.bit_length()
            if seen[h]:
                continue
            seen[h] = True
            if cell_of[h] < 0 or augment(cell_of[h], seen):
                cell_of[h] = c
                height_of[c] = h
                return True
        return False

    for c in range(size):
        if not augment(c, [False] * (top + 1)):
            return None
    # nodes: cells 0..size-1, heights size..size+top-1 (height h is node size+h-1)
    edges: list[list[int]] = [[] for _ in range(size + top)]
    for c in range(size):
        edges[c].append(size + height_of[c] - 1)
        m = masks[c] & ~(1 << (height_of[c] - 1))
        while m:
            b = m & -m
            m ^= b
            edges[size + b.bit_length() - 1].append(c)
    # heights reachable from a height no cell takes
    reach = [False] * (size + top)
    stack = [size + h - 1 for h in range(1, top + 1) if union >> (h - 1) & 1 and cell_of[h] < 0]
    for v in stack:
        reach[v] = True
    while stack:
        v = stack.pop()
        for w in edges[v]:
            if not reach[w]:
                reach[w] = True
                stack.append(w)
    comp = _components(edges)
    allowed = []
    for c in range(size):
        keep = 1 << (height_of[c] - 1)
        m = masks[c] & ~keep
        while m:
            b = m & -m
            m ^= b
            v = size + b.bit_length() - 1
            if comp[v] == comp[c] or reach[v]:
                keep |= b
        allowed.append(keep)
    return tuple(allowed)


def _components(edges: list[list[int]]) -> list[int]:
    """Strongly connected components (Tarjan, without recursion): a component number per node."""
    count = len(edges)
    index = [-1] * count
    low = [0] * count
    comp = [-1] * count
    on_stack = [False] * count
    stack: list[int] = []
    counter = 0
    ncomp = 0
    for root in range(count):
        if index[root] >= 0:
            continue
        work = [(root, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                index[v] = low[v] = counter
                counter += 1
                stack.append(v)
                on_stack[v] = True
            recursed = False
            for j in range(i, len(edges[v])):
                w = edges[v][j]
                if index[w] < 0:
                    work.append((v, j + 1))
                    work.append((w, 0))
                    recursed = True
                    break
                if on_stack[w]:
                    low[v] = min(low[v], index[w])
            if recursed:
                continue
            if low[v] == index[v]:
                while True:
                    w = stack.pop()
                    on_stack[w] = False
                    comp[w] = ncomp
                    if w == v:
                        break
                ncomp += 1
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
    return comp
