"""Pure lane arithmetic: visibility, and the orderings of a lane that fit its candidates.

The functions take a lane's candidates, not the lane (``grid.Lane``): ``masks``, a tuple of candidate masks
ordered outward from its clue (``distinct`` and ``filtered`` take a whole line's, ``grid.Line.read``). These are
the fast core's innermost searches: they write the bit tricks of ``cands`` inline (``m & (m - 1)``: several;
``m & -m``: the lowest; ``bit_length``: the highest), where calls cost several per cent
(``propagate``'s Latin rules with ``cands.several`` called: 7% slower).
"""

from __future__ import annotations

from itertools import count as _count

from ..model.kept import KEPT, SIZES


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


# The caches are bounded (least recently used entries go): a long run, thousands of puzzles in one
# process, stays within a fixed memory (``benchmarks/engine.py --only memory``). All are kept in
# ``model.kept.KEPT``, which forgets them at once.
ORDERINGS_CACHE = 1 << 13
SUPPORTS_CACHE = 1 << 15
DISTINCT_CACHE = 1 << 14

SWEEP_BUDGET = 3000  # nodes of one sweep before a lane is finished pair by pair


class _Saturated(Exception):
    """Every candidate of every cell is used by some filling: nothing left to learn."""


@KEPT.cache("lanes.orderings", ORDERINGS_CACHE)
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
    finally:
        dfs = None  # it calls itself through its closure: drop that cycle here, not in the garbage collector
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

    try:
        return tuple(filling) if dfs(top, (1 << size) - 1, size, -1, 0, 0) else None
    finally:
        dfs = None  # it calls itself through its closure: drop that cycle here, not in the garbage collector


def _sweep(masks: tuple[int, ...], lo: int, hi: int, blo: int, bhi: int, budget: int,
           found: list[int], seed: list[int] | None = None) -> tuple[list[int], bool]:
    """Every filling in one depth-first sweep, skipping subtrees that cannot show a height not yet
    seen: (the heights seen per cell, True) -- or, past ``budget`` nodes, what was seen so far and
    False. Fast when the lane is nearly settled; ``supports`` finishes wide-open lanes pair by pair.
    Each filling that showed something new is appended to ``found`` (as ``packed`` gives it). ``seed``
    holds pairs already known to be in some filling: the sweep looks only for the others."""
    size = len(masks)
    if not blo:
        blo, bhi = 0, size
    top, where, only_above, below = _tables(masks)
    stride = size
    unseen = where[:]  # positions each height still has to be seen at in some filling
    upto = [0] * (top + 1)  # upto[h]: positions where some height <= h is still unseen

    def refresh() -> None:
        acc = 0
        for h in range(1, top + 1):
            acc |= unseen[h]
            upto[h] = acc

    allowed = [0] * size
    left = sum(m.bit_count() for m in masks)
    if seed is not None:
        allowed = list(seed)
        for p, m in enumerate(seed):
            left -= m.bit_count()
            while m:
                b = m & -m
                m ^= b
                unseen[b.bit_length()] &= ~(1 << p)
        if not left:
            return list(masks), True
    refresh()
    path_p = [0] * (size + 1)
    path_h = [0] * (size + 1)
    fresh = [False] * (size + 2)  # fresh[k]: the first k placements include one not yet seen
    nodes = budget

    def dfs(h: int, free: int, count: int, first: int, last: int, front: int, back: int, depth: int) -> None:
        # one frame per placement: leaving a height out moves on to the next in the same frame
        nonlocal nodes, left
        while True:
            nodes -= 1
            if not nodes:
                raise _Budget
            if not free:
                packed = 0
                for k in range(depth):
                    p, d = path_p[k], path_h[k]
                    b = 1 << (d - 1)
                    packed |= b << (p * stride)
                    if not allowed[p] & b:
                        allowed[p] |= b
                        unseen[d] &= ~(1 << p)
                        left -= 1
                found.append(packed)
                if not left:
                    raise _Saturated
                refresh()
                for k in range(depth + 1):
                    fresh[k] = False
                return
            if free & only_above[h + 1] or below[h + 1] < count:
                return  # an open cell needs a height taller than any left, or too few heights are left
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
                path_p[depth] = p
                path_h[depth] = h
                fresh[depth + 1] = fresh[depth] or bool(unseen[h] & b)
                dfs(h - 1, rest, count - 1, nf, nl, f, bk, depth + 1)
            if below[h] < count:
                return  # the open cells cannot do without h
            h -= 1  # leave h out

    try:
        dfs(top, (1 << size) - 1, size, size, -1, 0, 0, 0)
    except _Saturated:
        return list(masks), True
    except _Budget:
        return allowed, False
    finally:
        dfs = None  # it calls itself through its closure: drop that cycle here, not in the garbage collector
    return allowed, True


class _Budget(Exception):
    """A sweep ran out of nodes."""


def supports(masks: tuple[int, ...], lo: int, hi: int, blo: int = 0, bhi: int = 0) -> tuple[int, ...] | None:
    """The heights each cell takes in some filling: distinct heights, one from each mask, with the
    front showing ``lo``..``hi`` buildings and the back ``blo``..``bhi`` (0..0 = no back clue).

    None when there is no filling at all. The same union as ``orderings`` gives, found without
    counting, pair by pair: for each (cell, height) not yet seen in a filling, look for one filling
    that has it (``one_filling``); every filling found marks all of its pairs as seen, so a lane
    takes a few dozen short searches, and a height that no filling allows is proved so by its own
    search, which the visibility bounds keep small. Pure and cached (``supports_proved``)."""
    return supports_proved(masks, lo, hi, blo, bhi)[0]


@KEPT.cache("lanes.supports_proved", SUPPORTS_CACHE)
def supports_proved(masks: tuple[int, ...], lo: int, hi: int, blo: int = 0,
                    bhi: int = 0) -> tuple[tuple[int, ...] | None, tuple[int, ...]]:
    """``supports``, and the fillings that proved it (a few, packed as ``packed`` does; none when a
    mask holds a height above the lane's size): a caller that keeps them can see later that a lane
    with fewer candidates still has every one of them used (``cover``), without a search. Cached."""
    return supports_seeded(masks, lo, hi, blo, bhi)


def supports_seeded(masks: tuple[int, ...], lo: int, hi: int, blo: int = 0, bhi: int = 0,
                    seed: list[int] | None = None) -> tuple[tuple[int, ...] | None, tuple[int, ...]]:
    """``supports_proved``, told that the pairs of ``seed`` (a mask per cell, each pair in some
    filling: the union of fillings seen before that fit) need no search. Not cached."""
    size = len(masks)
    found: list[int] = []
    allowed, complete = _sweep(masks, lo, hi, blo or 0, bhi or 0, SWEEP_BUDGET, found, seed)
    if not complete:
        if not any(allowed):
            first = one_filling(masks, lo, hi, blo, bhi)
            if first is None:
                return None, ()
            allowed = [1 << (h - 1) for h in first]
            found.append(packed(first))
        for p in range(size):
            todo = masks[p] & ~allowed[p]
            while todo:
                b = todo & -todo
                todo ^= b
                if allowed[p] & b:
                    continue
                forced = tuple(b if q == p else masks[q] & ~b for q in range(size))
                filling = one_filling(forced, lo, hi, blo, bhi)
                if filling is not None:
                    found.append(packed(filling))
                    for q, h in enumerate(filling):
                        allowed[q] |= 1 << (h - 1)
                todo &= ~allowed[p]
    if not any(allowed):
        return None, ()
    union = 0
    for m in masks:
        union |= m
    return tuple(allowed), tuple(found[-KEEP_NEW:]) if union.bit_length() <= size else ()


KEEP_NEW = 16  # fillings handed back from one search


def packed(filling) -> int:
    """A filling as one number: bit ``p * size + h - 1`` for height h at position p (the lane's size)."""
    size = len(filling)
    out = 0
    for p, h in enumerate(filling):
        out |= 1 << (p * size + h - 1)
    return out


def cover(masks, fillings) -> tuple[int, int]:
    """(the pairs the packed ``fillings`` that still fit ``masks`` use, every pair of ``masks``), both
    packed: when they are equal, every candidate is in some filling and a lane filter would remove
    nothing."""
    size = len(masks)
    want = 0
    for p, m in enumerate(masks):
        want |= m << (p * size)
    got = 0
    for f in fillings:
        if f & want == f:
            got |= f
            if got == want:
                break
    return got, want


def unpacked(pairs: int, size: int) -> list[int]:
    """Packed pairs back to a mask per cell."""
    full = (1 << size) - 1
    return [(pairs >> (p * size)) & full for p in range(size)]


FRONTS_CACHE = 1 << 14


@KEPT.cache("lanes.front_supports", FRONTS_CACHE)
def front_supports(masks: tuple[int, ...], lo: int, hi: int) -> tuple[int, ...] | None:
    """The heights each cell takes in some filling (distinct heights, one from each mask) whose front
    shows ``lo``..``hi`` buildings; None when there is none. The same union as ``orderings(masks, lo,
    hi, 0)`` or ``supports(masks, lo, hi)``, found without listing the fillings: cell by cell from the
    front, the states are (heights used, buildings seen) -- the tallest so far is the highest height
    used, so a new height shows exactly when it beats all of them -- and a (cell, height) survives
    when some path through the states that ends within the clue uses it. Cached."""
    size = len(masks)
    layers: list[dict[int, list[tuple[int, int]]]] = [{0: []}]
    for i in range(size):
        step: dict[int, list[tuple[int, int]]] = {}
        mi = masks[i]
        rest = size - i - 1
        for state in layers[-1]:
            used = state & 0xFFFF
            seen = state >> 16
            m = mi & ~used
            while m:
                b = m & -m
                m ^= b
                s = seen + (b > used)  # taller than every height used so far: it shows
                if s > hi or s + rest < lo:
                    continue
                nxt = used | b | (s << 16)
                into = step.get(nxt)
                if into is None:
                    step[nxt] = [(state, b)]
                else:
                    into.append((state, b))
        if not step:
            return None
        layers.append(step)
    alive = layers[-1].keys()  # every state of the last cell ends within the clue (the cuts above)
    out = [0] * size
    for i in range(size, 0, -1):
        before = set()
        layer = layers[i]
        took = 0
        for state in alive:
            for prev, b in layer[state]:
                took |= b
                before.add(prev)
        out[i - 1] = took
        alive = before
    return tuple(out)


@KEPT.cache("lanes.distinct", DISTINCT_CACHE)
def distinct(masks: tuple[int, ...]) -> tuple[int, ...] | None:
    """The heights each cell takes in some filling with distinct heights (no clue). None when no such
    filling exists. A line with as many heights as cells, with at most HALL_MAX of them open once its
    placed heights have left the others, goes by its Hall sets (``_hall``); any other by ``_regin``."""
    got = _hall(masks)
    return _regin(masks) if got is _GENERAL else got


HALL_MAX = 7  # open cells whose 2 ** k sets are looked at one by one: from 8 on Régin's matching is quicker (the
# lines two 12x12s and ten 9x9s asked: 8 open 0.063 s against 0.049 s, 9 open 0.054 s against 0.023 s; 7 open 0.044
# s against 0.052 s)
_GENERAL = object()


def _hall(masks: tuple[int, ...]):
    """``distinct`` by Hall's condition, on a line with as many heights as cells: placed heights leave
    the other cells (again while that places more); then any set of k open cells whose candidates
    together are k heights keeps those heights to itself, and fewer than k means no filling. One look
    at every set of open cells (each union built from a smaller set's) is enough: a height h that no
    filling gives cell c is one where the other open cells, with h gone, fail Hall's condition on some
    set S; S's heights then include h and are as many as S's cells, and c is outside S. _GENERAL when
    the line is not of that kind (more heights than cells, or more than HALL_MAX open cells)."""
    out = list(masks)
    while True:
        single = 0
        for m in out:
            if not m & (m - 1):
                if not m or single & m:
                    return None  # an empty cell, or a height placed twice
                single |= m
        changed = False
        for i, m in enumerate(out):
            if m & (m - 1) and m & single:
                m &= ~single
                if not m:
                    return None
                out[i] = m
                changed = True
        if not changed:
            break
    opened = [i for i, m in enumerate(out) if m & (m - 1)]
    k = len(opened)
    if not k:
        return tuple(out)
    ms = [out[i] for i in opened]
    union = 0
    for m in ms:
        union |= m
    if union.bit_count() < k:
        return None
    if union.bit_count() > k or k > HALL_MAX:
        return _GENERAL
    full = (1 << k) - 1
    unions = [0] * (1 << k)
    keep_out = [0] * k  # per open cell: the heights of Hall sets it is not in
    for s in range(1, full):
        low = s & -s
        u = unions[s ^ low] | ms[low.bit_length() - 1]
        unions[s] = u
        have, need = u.bit_count(), s.bit_count()
        if have < need:
            return None
        if have == need:
            rest = full ^ s
            while rest:
                b = rest & -rest
                keep_out[b.bit_length() - 1] |= u
                rest ^= b
    for j, i in enumerate(opened):
        if ms[j] & keep_out[j]:
            out[i] = ms[j] & ~keep_out[j]
            if not out[i]:
                return None
    return tuple(out)


def _regin(masks: tuple[int, ...]) -> tuple[int, ...] | None:
    """``distinct`` by Régin's all-different filter, for any line.

    A maximum matching of cells to heights, then the graph with matched edges from cell to
    height and the other edges from height to cell: an edge is in some filling exactly when it is
    matched, closes a cycle (its cell reaches the cell matched to its height), or leaves a height
    that a height no cell is matched to can reach. The graph is walked on cells only, as bitmasks:
    cell c leads to cell d when d could take c's matched height.
    """
    size = len(masks)
    height_of = [0] * size  # cell -> matched height, as a bit
    cell_of: dict[int, int] = {}  # height bit -> matched cell

    def augment(c: int, seen: list[int]) -> bool:
        m = masks[c] & ~seen[0]
        seen[0] |= m
        # a free height first, then a taken one whose cell can move
        free = m
        while free:
            b = free & -free
            free ^= b
            if b not in cell_of:
                cell_of[b] = c
                height_of[c] = b
                return True
        while m:
            b = m & -m
            m ^= b
            if augment(cell_of[b], seen):
                cell_of[b] = c
                height_of[c] = b
                return True
        return False

    taken = 0
    for c in range(size):
        m = masks[c] & ~taken
        if m:
            b = m & -m
            taken |= b
            cell_of[b] = c
            height_of[c] = b
        elif augment(c, [0]):
            taken = sum(cell_of)  # the path moved some cells: every height now matched (distinct bits)
        else:
            augment = None  # it calls itself through its closure: drop that cycle here, not in the garbage collector
            return None
    augment = None
    union = 0
    for m in masks:
        union |= m
    free = union & ~taken  # heights no cell is matched to
    # reach[c]: the cells c leads to (itself included), closed transitively
    reach = [0] * size
    starts = 0  # cells a free height leads to
    for d in range(size):
        md = masks[d]
        if md & free:
            starts |= 1 << d
        bit = 1 << d
        for c in range(size):
            if md & height_of[c]:
                reach[c] |= bit
    for k in range(size):
        bk, rk = 1 << k, reach[k]
        for c in range(size):
            if reach[c] & bk:
                reach[c] |= rk
    from_free = starts
    for c in range(size):
        if starts >> c & 1:
            from_free |= reach[c]
    allowed = []
    for c in range(size):
        ok = reach[c] | from_free
        keep = free | height_of[c]
        d = 0
        while ok:
            if ok & 1:
                keep |= height_of[d]
            ok >>= 1
            d += 1
        allowed.append(masks[c] & keep)
    return tuple(allowed)


# ---------------------------------------------------------------- lines filtered by tables of their fillings
#
# A whole line of size n (heights 1..n, each once) with clues a and b (0 = none): its fillings are the
# permutations of 1..n that show a from the front and b from the back. For n up to TABLE_MAX they are
# listed once per process, by view, and kept as columns (``_by_view``); a clue pair's table then holds,
# per position and height, the set of its fillings with that height there, as the bits of one integer.
# Filtering a line is a few ANDs and ORs of those integers: the fillings that fit every cell's
# candidates, then which heights each cell takes in one of them -- the same exact answer the search
# (``supports``) gives, without a search.

TABLE_MAX = 9  # 9! = 362,880 fillings in all at 9 (3.3 MB of columns); 10 would be ten times that
_UP = bytes(range(1, 256)) + b"\xff"  # every height one taller (bytes.translate)
_IS = tuple(bytes.maketrans(bytes(range(256)), bytes(ord("1") if x == h else ord("0") for x in range(256)))
            for h in range(TABLE_MAX + 1))  # height h -> "1", anything else -> "0"


@KEPT.cache("lanes._by_view", TABLE_MAX, SIZES)  # every size's fillings, made from the size below
def _by_view(n: int) -> dict[tuple[int, int, int], tuple[bytes, ...]]:
    """Every permutation of 1..n, grouped by (shown from the front, shown from the back, where n
    stands), each group as n columns (column p: the height at position p of each permutation, one
    byte each, in one order).

    Made from size n - 1, all heights one taller, with a 1 put in somewhere: a 1 in front shows from
    the front only, a 1 at the back from the back only, a 1 inside from neither (a taller one is on
    each side). So every group is a few joins of the smaller size's columns."""
    if n == 1:
        return {(1, 1, 0): (b"\x01",)}
    parts: dict[tuple[int, int, int], list[list[bytes]]] = {}
    for (f, b, q), cols in _by_view(n - 1).items():
        up = [c.translate(_UP) for c in cols]
        ones = b"\x01" * len(cols[0])
        for i in range(n):
            key = (f + (i == 0), b + (i == n - 1), q + (i <= q))
            parts.setdefault(key, []).append(up[:i] + [ones] + up[i:])
    return {key: tuple(b"".join(c[p] for c in blocks) for p in range(n)) for key, blocks in sorted(parts.items())}


_SERIAL = _count()  # every part of a table made gets its own number (never reused: ``_ORS`` keys)
TABLES_KEPT = 64  # clue pairs with their tables made (about 2 MB each at most, at size 9)
SPLIT = 1 << 14  # a clue pair with more fillings than this is kept in parts, one per place of the tallest


@KEPT.cache("lanes._table", TABLES_KEPT, SIZES)
def _table(n: int, a: int, b: int) -> tuple[tuple[int | None, int, tuple[tuple[int, ...], ...], bytes, int], ...]:
    """A clue pair's table, in parts: (where the tallest stands, or None for a part that holds every
    place; the part's fillings, and per position the fillings with each height there, as bits (filling
    i is bit count - 1 - i); the part's fillings one after another, each its cells' height bits (a byte a cell
    up to 8 cells, two little-endian bytes at 9: ``_fillings_left``); the part's serial number,
    shifted, which names it in ``_ORS``). Empty when no filling shows a and b."""
    groups = [(q, cols) for (f, r, q), cols in _by_view(n).items() if (not a or f == a) and (not b or r == b)]
    total = sum(len(cols[0]) for _, cols in groups)
    places = [None] if total <= SPLIT else list(range(n))
    out = []
    for place in places:
        chosen = [cols for q, cols in groups if place is None or q == place]
        if not chosen:
            continue
        cols = tuple(b"".join(g[p] for g in chosen) for p in range(n))
        rows = tuple((0,) + tuple(int(col.translate(_IS[h]), 2) for h in range(1, n + 1)) for col in cols)
        flat = bytearray(len(cols[0]) * n)
        for p, col in enumerate(cols):
            flat[p::n] = col
        if n <= 8:
            flat = flat.translate(_BIT)
        else:  # two bytes a cell, its height's bit, little-endian
            wide = bytearray(2 * len(flat))
            wide[0::2] = flat.translate(_BIT)
            wide[1::2] = flat.translate(_BIT_HIGH)
            flat = wide
        flat = bytes(flat)
        out.append((place, (1 << len(cols[0])) - 1, rows, flat, next(_SERIAL) << 16))
    return tuple(out)


_BIT = bytes.maketrans(bytes(range(256)), bytes(1 << (h - 1) if 1 <= h <= 8 else 0 for h in range(256)))  # h -> its bit
_BIT_HIGH = bytes.maketrans(bytes(range(256)), bytes(1 << (h - 9) if 9 <= h <= 16 else 0 for h in range(256)))  # its bit >> 8


def _fillings_left(fit: int, flat: bytes, n: int) -> list[int]:
    """The heights each cell takes in the fillings ``fit`` (bits; filling i is bit count - 1 - i) of a
    table part's ``flat`` fillings: each filling is its cells' height bits, a byte a cell up to 8 cells, two
    bytes (little-endian) at 9, so one integer ORs them all at once."""
    width = n if n <= 8 else 2 * n
    last = len(flat) // width - 1
    acc = 0
    while fit:
        top = fit.bit_length() - 1
        fit ^= 1 << top
        i = (last - top) * width
        acc |= int.from_bytes(flat[i:i + width], "little")
    if n <= 8:
        return list(acc.to_bytes(n, "little"))
    return [acc >> (16 * p) & 0xFFFF for p in range(n)]


ORS_KEPT = 1 << 13  # unions of a position's rows for one set of candidates, remembered: at most this many,
ORS_BYTES = 16 << 20  # and about this many bytes of them (a union over a big part is about 5 KB)
_ors_bytes = [0]  # the bytes held in _ORS, about


def _forget_ors() -> None:
    _ORS.clear()
    _ors_bytes[0] = 0


_ORS: dict = KEPT.dict("lanes._ORS", ORS_KEPT, clear=_forget_ors)
FEW = 12  # fillings left: read them off the fillings (``_fillings_left``) rather than test every height


def forget() -> None:
    """Forget every remembered answer about particular lines, of this module and every other
    (``KEPT.forget``), as a fresh process would start; the tables of a size's fillings stay, as they hold no
    puzzle's lines. For measuring: every answer is the same either way."""
    KEPT.forget()


def fits(ms: tuple[int, ...], a: int, b: int) -> bool:
    """Does some filling of a whole line keep to its candidates ``ms`` and show its clues a and b (0 =
    none)? ``filtered(ms, a, b) is not None``, without working out which heights each cell keeps: the
    tables' fillings ANDed, stopping at the first part with one left (sizes up to TABLE_MAX)."""
    n = len(ms)
    if not (a or b):
        return distinct(ms) is not None
    if n > TABLE_MAX:
        return supports(ms, a or 1, a or n, b, b) is not None
    tallest = 1 << (n - 1)
    for place, fit, rows, _, base in _table(n, a, b):
        if place is None:
            if _left(ms, n, fit, rows, base):
                return True
        elif ms[place] & tallest and _left(ms[:place] + (tallest,) + ms[place + 1:], n, fit, rows, base):
            return True
    return False


def filtered(ms: tuple[int, ...], a: int, b: int) -> tuple[int, ...] | None:
    """A whole line (heights 1..len(ms), each once) made consistent with its clues a and b (0 = none):
    the heights each cell takes in some filling, or None when none fits. The same answer as
    ``supports(ms, a or 1, a or n, b, b)`` (``distinct`` without clues), read from the tables; sizes
    above TABLE_MAX go to the search."""
    n = len(ms)
    if not (a or b):
        return distinct(ms)
    if n > TABLE_MAX:
        return supports(ms, a or 1, a or n, b, b)
    parts = _table(n, a, b)
    if len(parts) == 1 and parts[0][0] is None:
        got = _fit(ms, n, *parts[0][1:])
        return None if got is None else tuple(got)
    tallest = 1 << (n - 1)
    out = None
    for place, fit, rows, flat, base in parts:
        if place is None:
            got = _fit(ms, n, fit, rows, flat, base)
        elif ms[place] & tallest:
            got = _fit(ms[:place] + (tallest,) + ms[place + 1:], n, fit, rows, flat, base)
        else:
            continue
        if got is not None:
            out = got if out is None else [x | y for x, y in zip(out, got)]
    return None if out is None else tuple(out)


def _left(ms: tuple[int, ...], n: int, fit: int, rows, base: int) -> int:
    """The fillings ``fit`` (bits) of one table part that the candidates ``ms`` keep, as bits (0: none).
    ``base`` names the part in ``_ORS`` (its serial number, shifted past a position and a mask)."""
    full = (1 << n) - 1
    half = n >> 1
    wide = []
    p = 0
    for m, row in zip(ms, rows):  # the placed cells first: one AND each, and the fillings left fall fastest
        if not m & (m - 1):
            if not m:
                return 0
            fit &= row[m.bit_length()]
            if not fit:
                return 0
        elif m != full:
            wide.append((p, m, row))
        p += 1
    ors = _ORS
    for p, m, row in wide:
        key = base | p << 12 | m  # this part, this position, these candidates
        u = ors.get(key)
        if u is None:
            few = m.bit_count() <= half  # OR the rows of the candidates, or of the others and take the rest
            rest = m if few else m ^ full
            u = 0
            while rest:
                low = rest & -rest
                u |= row[low.bit_length()]
                rest ^= low
            if not few:
                u = ~u
            if len(ors) >= ORS_KEPT or _ors_bytes[0] >= ORS_BYTES:
                ors.clear()
                _ors_bytes[0] = 0
            ors[key] = u
            _ors_bytes[0] += u.bit_length() >> 3
        fit &= u
        if not fit:
            return 0
    return fit


def _fit(ms: tuple[int, ...], n: int, fit: int, rows, flat: bytes, base: int) -> list[int] | None:
    """``filtered`` on one part of a table: the fillings ``fit`` (bits) that the candidates keep
    (``_left``), and the heights each cell takes in one of them (None when none is left)."""
    fit = _left(ms, n, fit, rows, base)
    if not fit:
        return None
    if fit.bit_count() <= FEW:
        return _fillings_left(fit, flat, n)
    out = []
    for m, row in zip(ms, rows):
        if m & (m - 1):
            keep = 0
            while True:
                low = m & -m
                m ^= low
                if not m:
                    if not keep or fit & row[low.bit_length()]:
                        keep |= low  # the last: when no other is kept, every filling left has it
                    break
                if fit & row[low.bit_length()]:
                    keep |= low
            out.append(keep)
        else:
            out.append(m)  # placed: every filling left has it
    return out
