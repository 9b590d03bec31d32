"""pair chain (an XY-chain): cells with two candidates each, linked along rows and columns.

    [35] _ _ [45] _   ->  [35]   _ _ [45] _      R1C1 is 3, or it is 5; then R1C4 (row 1) is 4,
    _    _ _ _    _   ->  [1245] _ _ _    _      then R4C4 (column 4) is 2, then R4C1 (row 4)
    _    _ _ _    _   ->  [1245] _ _ _    _      is 3: so 3 is at R1C1 or at R4C1, and R2C1,
    [23] _ _ [24] _   ->  [23]   _ _ [24] _      R3C1 and R5C1, seeing both, are not 3
    _    _ _ _    _   ->  [1245] _ _ _    _

A chain starts at a cell with exactly two candidates, a or b. Suppose it is not a: it is b. Every
next cell shares a row or column with the one before, has exactly two candidates, and one of them is
the height the one before was forced to; so it is forced to its other one. When a cell of the chain
is forced to a, then a stands at the first cell or at that one, whichever way the first goes. A cell
in a row or column with both ends can then not be a. The chain found is a shortest one.

Sound because the first cell holds a or b: if a, the cells seeing it are not a; if b, each link
follows by the Latin rule (a height once per row and column) from a cell with two candidates, so the
last cell is a, and the cells seeing it are not a. Either way a cell seeing both ends is not a.
"""

from __future__ import annotations

from typing import Iterator

from ..model import cands
from ..model.grid import Grid, shape
from .memory import Memory
from ..model.trace import Step

NAME = "pair chain"


def pair_chain(grid: Grid, memory: Memory) -> Iterator[Step]:
    """The search is Simon Tatham's (``latin_solver_forcing``, his Extreme level): a breadth-first walk
    from each two-candidate cell, each cell visited once, so the chain found is a shortest one."""
    n, masks, values = grid.n, grid.masks, grid.values
    pairs = [i for i in range(n * n) if not values[i] and cands.count(masks[i]) == 2]
    if len(pairs) < 2:
        return
    peers = shape(n).peers  # per cell, the other cells of its row and then of its column
    for start in pairs:
        for a in cands.digits(masks[start]):
            step = _walk(grid, peers, start, a)
            if step is not None:
                yield step  # every step, the first first: the engine takes one, a chain's replay reads on


def _sees(n: int, x: int, y: int) -> bool:
    return x != y and (x // n == y // n or x % n == y % n)


def _walk(grid: Grid, peers, start: int, a: int) -> Step | None:
    """Suppose ``start`` is not ``a``; follow the forced two-candidate cells breadth first. The first
    cell forced to ``a`` that shares a row or column with a cell seeing ``start`` too gives a step."""
    n, masks, values = grid.n, grid.masks, grid.values
    bit = cands.bit(a)
    forced = {start: cands.digits(masks[start] & ~bit)[0]}
    prev = {start: None}
    queue = [start]
    head = 0
    while head < len(queue):
        x = queue[head]
        head += 1
        h = forced[x]
        hb = cands.bit(h)
        for y in peers[x]:
            if y in forced or values[y] or not masks[y] & hb:
                continue
            if cands.count(masks[y]) == 2:
                forced[y] = cands.digits(masks[y] & ~hb)[0]
                prev[y] = x
                queue.append(y)
            if h == a and x != start and _sees(n, y, start):
                return _step(grid, peers, start, a, x, prev)
    return None


def _step(grid: Grid, peers, start: int, a: int, end: int, prev) -> Step:
    n, masks, values = grid.n, grid.masks, grid.values
    bit = cands.bit(a)
    chain = []
    x = end
    while x is not None:
        chain.append(x)
        x = prev[x]
    chain.reverse()  # start ... end
    targets = tuple(y for y in peers[start] if y != end and _sees(n, y, end) and not values[y] and masks[y] & bit
                    and y not in chain)
    # a cell of the chain itself can also see both ends; it is left out above only when it is an end
    targets += tuple(y for y in chain[1:-1] if _sees(n, y, start) and _sees(n, y, end) and masks[y] & bit)
    links = [(cell, cands.digits(masks[cell])) for cell in chain]

    def sentence() -> str:
        name = grid.name
        first, (p, q) = links[0]
        other = q if p == a else p
        said = [f"{name(first)} is {a} or {other}; if it is not {a} it is {other}"]
        held = other
        for cell, (u, v) in links[1:]:
            nxt = v if u == held else u
            said.append(f"so {name(cell)} [{u}{v}] is {nxt}")
            held = nxt
        return (", ".join(said) + f": either way {a} is at {name(chain[0])} or {name(chain[-1])}, so "
                f"{', '.join(name(y) for y in targets)}, seeing both, {'is' if len(targets) == 1 else 'are'} not {a}")

    return Step(NAME, sentence, None, None, tuple(chain) + targets,
                eliminations=tuple((y, bit) for y in targets), premises=tuple(chain))
