"""Candidate bitmasks: bit d-1 set means height d is still possible.

Every raw bit trick of the project lives here; the rest speaks in heights.

    full(n)         all heights 1..n
    span(lo, hi)    heights lo..hi (empty when lo > hi)
    bit(d)          the single height d
    has(m, d)       does m hold height d
    digits(m)       the heights in m, lowest first
    count(m)        how many heights m holds
    single(m)       the height when m holds exactly one, else 0
    several(m)      does m hold more than one height (``m & (m - 1)``)
    lowest(m)       its lowest height (``(m & -m).bit_length()``), 0 for none
    highest(m)      its highest height (``m.bit_length()``), 0 for none
    show(m)         "[135]" for several, "3" for one, "[]" for none
    groups(items, k)  groups of k (key, mask) items whose masks together hold at most k bits
    short_group(items, k)  the first of them holding fewer than k bits (a Hall violation), or None
    packed(masks)   a whole grid's candidates as one integer (16 bits a cell), for whole-grid
                    subset tests and differences in a few big-integer operations
    unpacked(p, k)  the k cells' candidates of a packed grid
    changed(a, b)   the cells where two packed grids differ

The same arithmetic serves sets of places (the columns of a row where a height can go, the cells of a line
by their position): place i is bit i.

    place(i)        the single place i
    places(w)       the places in w, lowest first

What a chain link rests on (``Technique.needs``) is a mask per cell with two marks beyond the heights:
ALL (every candidate, the placed height too: the cell read as a whole) and PLACED (the cell being placed).

The innermost loops -- the fast core's line searches and tables (``lanes``, ``propagate``), ``Grid.apply``,
and the walks every pass makes (sudoku, peak descent's) -- write these tricks inline, where a call per candidate
would cost more than the look itself; each says so, in a comment or its module's docstring.
"""

from __future__ import annotations

from array import array
from sys import byteorder

from .words import joined

ALL = -1  # every candidate of a cell, and its being placed: the cell read as a whole
PLACED = 1 << 30  # a cell's height being placed (sudoku's cross-out rests on that alone); above every height


def full(n: int) -> int:
    return (1 << n) - 1


def span(lo: int, hi: int) -> int:
    if lo < 1:
        lo = 1
    if hi < lo:
        return 0
    return ((1 << hi) - 1) ^ ((1 << (lo - 1)) - 1)


def bit(d: int) -> int:
    return 1 << (d - 1)


def has(m: int, d: int) -> bool:
    return bool(m >> (d - 1) & 1)


def several(m: int) -> bool:
    return bool(m & (m - 1))


def lowest(m: int) -> int:
    return (m & -m).bit_length()


def highest(m: int) -> int:
    return m.bit_length()


def place(i: int) -> int:
    return 1 << i


def places(w: int) -> list[int]:
    return [d - 1 for d in digits(w)]


def digits(m: int) -> list[int]:
    out = []
    d = 1
    while m:
        if m & 1:
            out.append(d)
        m >>= 1
        d += 1
    return out


def count(m: int) -> int:
    return m.bit_count()


def single(m: int) -> int:
    return m.bit_length() if m and not (m & (m - 1)) else 0


def _symbol(d: int) -> str:
    """One character per height: 1-9, then A, B, C for 10-12."""
    return str(d) if d < 10 else chr(ord("A") + d - 10)


def show(m: int) -> str:
    if m and not (m & (m - 1)):
        return _symbol(m.bit_length())
    return "[" + "".join(_symbol(d) for d in digits(m)) + "]"


def show_set(m: int) -> str:
    """Heights as words for sentences: '1, 3 and 5'."""
    return joined(digits(m))


def groups(items: list[tuple[int, int]], k: int) -> list[tuple[tuple[int, ...], int]]:
    """Groups of k items (key, mask), in order, whose masks together hold at most k bits, each as (its keys,
    the union of its masks): isolate's subsets (cells and their heights, heights and their cells) and fish's
    (rows and the columns a height can take there)."""
    out = []
    count = len(items)
    if count < k:
        return out

    def dfs(start: int, chosen: list[int], union: int, left: int) -> None:
        # ``left``: items still to choose, this one included; the last choice ends the group
        for j in range(start, count - left + 1):
            key, m = items[j]
            u = union | m
            if u.bit_count() <= k:
                chosen.append(key)
                if left == 1:
                    out.append((tuple(chosen), u))
                else:
                    dfs(j + 1, chosen, u, left - 1)
                chosen.pop()

    dfs(0, [], 0, k)
    dfs = None  # it calls itself through its closure: a cycle the garbage collector would otherwise have to free
    return out


def short_group(items: list[tuple[int, int]], k: int) -> tuple[tuple[int, ...], int] | None:
    """The first group of ``groups(items, k)`` whose masks together hold fewer than k bits (a Hall
    violation: k cells with fewer heights, or k heights with fewer places), or None. The search cuts a
    branch as soon as its union reaches k bits, and stops at the first such group."""
    count = len(items)
    if count < k:
        return None
    chosen: list[int] = []

    def dfs(start: int, union: int, left: int):
        for j in range(start, count - left + 1):
            key, m = items[j]
            u = union | m
            if u.bit_count() < k:
                chosen.append(key)
                if left == 1:
                    return tuple(chosen), u
                found = dfs(j + 1, u, left - 1)
                if found is not None:
                    return found
                chosen.pop()
        return None

    got = dfs(0, 0, k)
    dfs = None  # it calls itself through its closure: a cycle the garbage collector would otherwise have to free
    return got


CELL_BITS = 16  # a cell's candidates in a packed grid (sizes up to 16)


def packed(masks) -> int:
    """A grid's candidates as one integer, cell i at bits 16i..16i+15: ``packed(a) & ~packed(b) == 0`` says
    every candidate of ``a`` is one of ``b``'s, and ``packed(a) & packed(b)`` is the grid of both."""
    return int.from_bytes(array("H", masks).tobytes(), byteorder)  # array writes in the machine's order


def unpacked(p: int, k: int) -> list[int]:
    """The candidates of the ``k`` cells of a packed grid (``packed``), as a list."""
    return array("H", p.to_bytes(2 * k, byteorder)).tolist()


def changed(a: int, b: int) -> list[int]:
    """The cells (ascending) where two packed grids differ."""
    diff = a ^ b
    out = []
    while diff:
        low = diff & -diff
        cell = (low.bit_length() - 1) // CELL_BITS
        out.append(cell)
        diff &= ~0 << ((cell + 1) * CELL_BITS)  # past this cell
    return out
