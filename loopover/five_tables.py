"""Pattern tables for the 5x5 board's two phases (``loopover.five``).

Phase 1 brings home the nine pieces of the 3x3 block in rows 0-2, columns 0-2. Its tables are for
five of those pieces at a time (``PHASE1``: four shapes, P, plus, L and U), a placement being the
five positions (0-24, ``r * 5 + c``) coded in base 25: 25**5 entries, the fewest moves (all twenty)
that bring just those five home. Phase 2 then moves only rows 3-4 and columns 3-4, so its sixteen
pieces stay in those lines (the *region*, numbered 0-15: ``REGION``); its table is for seven of them
(``PHASE2``: the 3x2 strip of columns 3-4 above row 3, and the corner piece at row 3, column 3), a
placement coded 4 bits a piece: 16**7 entries, kept two to a byte (a distance of 15 or more is kept
as 15, which only makes the bound weaker).

The eight symmetries of the square that keep both the block and the region (transpose, and
``r -> 2 - r``, ``c -> 2 - c`` round the torus) map moves to moves, so every table also bounds the
seven images of its pieces (``views``): 17 look-ups in phase 1, 8 in phase 2 (and 8 more on the
inverse of the phase-2 placement: a list solving a board read backwards solves its inverse).

Built once by a breadth-first search in numpy (the phase-2 table about 40 s on a quiet 2-core
machine, the four phase-1 tables about 10 s together) and kept as ``.npy`` files beside the 4x4
tables (``pattern.folder()``), written atomically. A file that does not load, or has the wrong
shape, type or entries at home, is built again.
"""

from __future__ import annotations

import math

import numpy as np

from . import pattern

SIDE = 5
CELLS = SIDE * SIDE
BLOCK = tuple(r * SIDE + c for r in range(3) for c in range(3))  # phase 1's pieces (board positions)
REGION = tuple(r * SIDE + c for r in range(3) for c in (3, 4)) + tuple(range(15, 25))  # phase 2's cells
UNSEEN = 255
CAP = 15  # the phase-2 table keeps distances up to 15 (4 bits)
PHASE1 = {  # five pieces of the block, by board position
    "P": (0, 1, 2, 5, 6),
    "plus": (6, 1, 5, 7, 11),
    "L": (0, 1, 2, 5, 10),
    "U": (0, 2, 5, 6, 7),
}
PHASE2 = tuple(REGION.index(p) for p in (3, 4, 8, 9, 13, 14, 18))  # region numbers: the strip and (3, 3)


def board_moves() -> list[tuple[str, np.ndarray]]:
    """(name, where) for the 20 moves of the 5x5 board (``where[pos]``: where a piece at pos goes)."""
    return pattern.moves(SIDE)


def region_moves() -> list[tuple[str, np.ndarray]]:
    """The 8 moves of phase 2 (rows 3-4, columns 3-4) on region numbers."""
    index = {p: i for i, p in enumerate(REGION)}
    out = []
    for name, where in board_moves():
        if int(name[1:]) >= 3:
            out.append((name, np.array([index[int(where[p])] for p in REGION], dtype=np.uint8)))
    return out


def symmetries() -> list[np.ndarray]:
    """The 8 maps of board positions (transpose, r -> 2 - r, c -> 2 - c) keeping the block and the
    region; each maps a move to a move."""
    out = []
    for transpose in (False, True):
        for flip_r in (False, True):
            for flip_c in (False, True):
                g = np.empty(CELLS, dtype=np.int64)
                for pos in range(CELLS):
                    r, c = divmod(pos, SIDE)
                    if transpose:
                        r, c = c, r
                    r = (2 - r) % SIDE if flip_r else r
                    c = (2 - c) % SIDE if flip_c else c
                    g[pos] = r * SIDE + c
                out.append(g)
    return out


def build(home, steps: np.ndarray, n: int, progress=None) -> np.ndarray:
    """Distances for every placement of the pieces whose homes are ``home`` (positions below ``n``,
    coded base ``n``): a uint8 array of ``n ** len(home)``, ``UNSEEN`` where two pieces share a cell.
    ``steps``: (moves, n) where-arrays. The frontier goes in chunks (a 16**7 table's levels reach
    18 million placements). ``progress(placed)`` hears the placements reached after each level."""
    k = len(home)
    power = n ** np.arange(k, dtype=np.int64)
    table = np.full(n ** k, UNSEEN, dtype=np.uint8)
    start = int(sum(int(p) * int(power[i]) for i, p in enumerate(home)))
    table[start] = 0
    frontier = np.array([start], dtype=np.int64)
    steps = steps.astype(np.int64)
    depth, total = 0, 1
    while frontier.size:
        depth += 1
        for lo in range(0, frontier.size, 1 << 21):
            chunk = frontier[lo:lo + (1 << 21)]
            digits = [(chunk // power[i]) % n for i in range(k)]
            for where in steps:
                index = np.zeros_like(chunk)
                for i, d in enumerate(digits):
                    index += where[d] * power[i]
                index = index[table[index] == UNSEEN]
                table[index] = depth
        frontier = np.flatnonzero(table == depth)
        total += frontier.size
        if progress is not None:
            progress(total)  # placements reached so far
    return table


def pack(table: np.ndarray) -> np.ndarray:
    """Two entries a byte (low nibble first), each at most ``CAP``."""
    capped = np.minimum(table, CAP).astype(np.uint8)
    return capped[0::2] | (capped[1::2] << 4)


def name1(shape: str) -> str:
    return f"loopover-5x5-phase1-{shape}-{'-'.join(map(str, PHASE1[shape]))}.npy"


def name2() -> str:
    return f"loopover-5x5-phase2-{'-'.join(map(str, PHASE2))}.npy"


def paths() -> list:
    return [pattern.folder() / name1(s) for s in PHASE1] + [pattern.folder() / name2()]


def cached() -> bool:
    return all(p.is_file() for p in paths())


def _sane1(table, home) -> bool:
    power = CELLS ** np.arange(len(home), dtype=np.int64)
    at_home = int(sum(int(p) * int(power[i]) for i, p in enumerate(home)))
    return (table.shape == (CELLS ** len(home),) and table.dtype == np.uint8 and table[at_home] == 0
            and _one_move(table, home, CELLS, [w for _, w in board_moves()], packed=False))


def _one_move(table, home, n, steps, packed) -> bool:
    """Every placement one move from home holds 1 (a cheap check that the file is this table)."""
    power = n ** np.arange(len(home), dtype=np.int64)
    for where in steps:
        moved = [int(where[p]) for p in home]
        if moved == list(home):
            continue
        index = int(sum(p * int(power[i]) for i, p in enumerate(moved)))
        value = (table[index >> 1] >> ((index & 1) * 4)) & 15 if packed else table[index]
        if value != 1:
            return False
    return True


def _sane2(table) -> bool:
    k = len(PHASE2)
    if table.shape != (16 ** k // 2,) or table.dtype != np.uint8:
        return False
    at_home = sum(p << (4 * i) for i, p in enumerate(PHASE2))
    return ((table[at_home >> 1] >> ((at_home & 1) * 4)) & 15) == 0 and \
        _one_move(table, PHASE2, 16, [w for _, w in region_moves()], packed=True)


def _read(path, sane):
    if path.is_file():
        try:
            table = np.load(path, allow_pickle=False)
            if sane(table):
                return table
        except (OSError, ValueError, EOFError):
            pass
    return None


def placements(n: int, k: int) -> int:
    """The placements of k distinct pieces on n cells: the entries a table's search reaches."""
    return math.perm(n, k)


def load(progress=None, make: bool = True):
    """(phase-1 tables by shape, the packed phase-2 table) from the cache; each missing or bad one is
    built and saved first when ``make``, else None is returned. ``progress`` hears how far the
    building is, as the share of all five tables' placements reached ("8%, phase 1")."""
    folder = pattern.folder()
    ones = {}
    steps = np.stack([w for _, w in board_moves()])
    sizes = [placements(CELLS, len(home)) for home in PHASE1.values()] + [placements(16, len(PHASE2))]
    done = [0]  # placements of the tables finished

    def share(phase: int):
        if progress is None:
            return None
        return lambda placed: progress(f"{100 * (done[0] + placed) // sum(sizes)}%, phase {phase}")

    for k, (shape, home) in enumerate(PHASE1.items()):
        where = folder / name1(shape)
        table = _read(where, lambda t, home=home: _sane1(t, home))
        if table is None:
            if not make:
                return None
            table = build(home, steps, CELLS, share(1))
            pattern.save(table, where)
        ones[shape] = table
        done[0] += sizes[k]
    where = folder / name2()
    two = _read(where, _sane2)
    if two is None:
        if not make:
            return None
        full = build(PHASE2, np.stack([w for _, w in region_moves()]), 16, share(2))
        two = pack(full)
        del full
        pattern.save(two, where)
    return ones, two


class Bounds1:
    """Phase 1's lower bound: the largest of the five-piece tables over their views in the block.
    States are (n, 9) arrays: the position of each block piece (in ``BLOCK`` order)."""

    def __init__(self, tables: dict):
        self.views = []  # (table, block indices of the view's pieces, position map back)
        power = CELLS ** np.arange(5, dtype=np.int64)
        for shape, table in tables.items():
            home = PHASE1[shape]
            seen = set()
            for g in symmetries():
                pieces = tuple(BLOCK.index(int(g[p])) for p in home)
                if frozenset(pieces) in seen:
                    continue
                seen.add(frozenset(pieces))
                back = np.argsort(g)  # a position in the view -> the table's position
                self.views.append((table, pieces, back * 1, power[:len(home)]))

    def within(self, states: np.ndarray, limit: np.ndarray | int) -> np.ndarray:
        """Indices of the states whose bound is at most ``limit`` (one limit, or one per state)."""
        keep = np.arange(len(states))
        cols = states.T.astype(np.int64)
        per_state = np.ndim(limit) > 0
        for table, pieces, back, power in self.views:
            index = np.zeros(len(keep), dtype=np.int64)
            for i, piece in enumerate(pieces):
                index += back[cols[piece][keep]] * power[i]
            keep = keep[table[index] <= (limit[keep] if per_state else limit)]
            if keep.size == 0:
                break
        return keep

    def of(self, states: np.ndarray) -> np.ndarray:
        cols = states.T.astype(np.int64)
        best = np.zeros(len(states), dtype=np.int64)
        for table, pieces, back, power in self.views:
            index = np.zeros(len(states), dtype=np.int64)
            for i, piece in enumerate(pieces):
                index += back[cols[piece]] * power[i]
            best = np.maximum(best, table[index])
        return best


class Bounds2:
    """Phase 2's lower bound: the seven-piece table over its 8 views, on the placement and on its
    inverse. States are (n, 16) arrays: the region number of each region piece."""

    def __init__(self, packed: np.ndarray):
        self.packed = packed
        index = {p: i for i, p in enumerate(REGION)}
        self.views = []
        for g in symmetries():
            h = np.array([index[int(g[p])] for p in REGION], dtype=np.int64)  # region -> region
            back = np.argsort(h)
            self.views.append((tuple(int(h[p]) for p in PHASE2), back))

    def _look(self, cols, keep, pieces, back):
        index = np.zeros(len(keep), dtype=np.int64)
        for i, piece in enumerate(pieces):
            index |= back[cols[piece][keep]] << (4 * i)
        return (self.packed[index >> 1] >> ((index & 1) << 2).astype(np.uint8)) & 15

    def within(self, states: np.ndarray, limit: int) -> np.ndarray:
        keep = np.arange(len(states))
        if limit >= CAP:
            return keep
        for cols in (states.T.astype(np.int64), None):
            if cols is None:  # the inverse placements, of the states kept so far
                sub = states[keep]
                inv = np.empty_like(sub)
                inv[np.arange(len(sub))[:, None], sub.astype(np.int64)] = np.arange(16, dtype=np.uint8)[None]
                cols, keep, base = inv.T.astype(np.int64), np.arange(len(sub)), keep
            else:
                base = None
            for pieces, back in self.views:
                keep = keep[self._look(cols, keep, pieces, back) <= limit]
                if keep.size == 0:
                    break
            if base is not None:
                keep = base[keep]
            if keep.size == 0:
                break
        return keep

    def of(self, states: np.ndarray) -> np.ndarray:
        best = np.zeros(len(states), dtype=np.int64)
        inv = np.empty_like(states)
        inv[np.arange(len(states))[:, None], states.astype(np.int64)] = np.arange(16, dtype=np.uint8)[None]
        every = np.arange(len(states))
        for s in (states, inv):
            cols = s.T.astype(np.int64)
            for pieces, back in self.views:
                best = np.maximum(best, self._look(cols, every, pieces, back))
        return best
