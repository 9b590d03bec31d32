"""Pattern tables for the 4x4 board: exact distances for a few pieces at a time, the bounds of the
optimal search (``loopover.optimal``).

A *pattern* is ``PIECES``: the six pieces of a 2x3 block (rows 0-1, columns 0-2). Its table holds,
for every placement of those six pieces (each a position 0-15, packed 4 bits a piece into an index
below 16**6), the fewest moves that bring just them home: a breadth-first search from their home
placement over all 16 moves, level by level, in numpy. Whatever the other ten pieces do, a board
needs at least that many moves, so every entry is a lower bound of the whole board's distance.

Turning the whole torus (by rows and columns) and transposing it map a move to a move, so the one
table bounds every 2x3 and 3x2 block of the board (``Bounds``): 32 look-ups, the largest kept.
A second, small table, the walking distance (``walking``: rows and columns as counts, torchlight's
loopsolver's 4x4 heuristic), bounds the states the first keeps; the bound is the larger of the two.

Built once (the block table 17-44 s on the busy 2-core machine, the walking table about 8 s) and
kept as ``.npy`` files in the user data folder (platformdirs; ``$ASCENT_LOOPOVER_TABLES`` names
another folder), written atomically.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

import numpy as np

from .board import move_perm

SIDE = 4
CELLS = SIDE * SIDE
PIECES = (0, 1, 2, 4, 5, 6)  # a 2x3 block: rows 0-1, columns 0-2
UNSEEN = 255
MAX_ENTRY = 11  # the largest distance in the table (6 pieces of a 2x3 block on the 4x4 board)
NAME = "loopover-4x4-block2x3.npy"
WALK_NAME = "loopover-4x4-walking.npy"
POW5 = 5 ** np.arange(CELLS, dtype=np.int64)
MAX_WALK = 16  # the largest walking distance (8 column moves and 8 row moves)


def folder() -> Path:
    """Where the tables are kept: ``$ASCENT_LOOPOVER_TABLES``, else the user data folder."""
    env = os.environ.get("ASCENT_LOOPOVER_TABLES")
    if env:
        return Path(env)
    from platformdirs import user_data_path

    return user_data_path("ascent", appauthor=False) / "loopover"


def path() -> Path:
    return folder() / NAME


def moves(side: int = SIDE) -> list[tuple[str, np.ndarray]]:
    """(name, where) for the moves of the side x side board (16 on 4x4): ``where[pos]`` is the
    position a piece at ``pos`` moves to."""
    out = []
    for letter in "RLDU":
        for i in range(side):
            perm = move_perm(letter, i, side, side)  # cell pos now holds what was at perm[pos]
            where = np.empty(side * side, dtype=np.uint8)
            where[list(perm)] = np.arange(side * side, dtype=np.uint8)
            out.append((f"{letter}{i}", where))
    return out


def home(pieces) -> int:
    """The index of the pieces' home placement."""
    return sum(p << (4 * i) for i, p in enumerate(pieces))


def build(pieces=PIECES, progress=None) -> np.ndarray:
    """The table of ``pieces`` (any few, in order): a uint8 array of ``16 ** len(pieces)`` distances,
    ``UNSEEN`` at indices that are not placements (two pieces on one cell)."""
    k = len(pieces)
    table = np.full(CELLS ** k, UNSEEN, dtype=np.uint8)
    table[home(pieces)] = 0
    frontier = np.array([home(pieces)], dtype=np.int64)
    steps = [where.astype(np.int64) for _, where in moves()]
    depth, total = 0, 1
    while frontier.size:
        depth += 1
        digits = [(frontier >> (4 * i)) & 15 for i in range(k)]
        for where in steps:
            index = np.zeros_like(frontier)
            for i, d in enumerate(digits):
                index |= where[d] << (4 * i)
            index = index[table[index] == UNSEEN]
            table[index] = depth  # a placement reached twice is written twice, with the same depth
        nxt = np.flatnonzero(table == depth)
        frontier = nxt
        total += nxt.size
        if progress is not None:
            progress(f"{total:,} placements, {depth} moves deep")
    return table


def load(progress=None, make: bool = True) -> np.ndarray | None:
    """The block table from the cache; built and saved first when missing and ``make`` (else None).
    A cached file of the wrong size is rebuilt."""
    where = path()
    if where.is_file():
        try:
            table = np.load(where, allow_pickle=False)
            if table.shape == (CELLS ** len(PIECES),) and table.dtype == np.uint8 and table[home(PIECES)] == 0:
                return table
        except (OSError, ValueError):
            pass
    if not make:
        return None
    table = build(PIECES, progress)
    save(table, where)
    return table


def cached() -> bool:
    return path().is_file() and (folder() / WALK_NAME).is_file()


def walking(progress=None) -> np.ndarray:
    """See ``_walking``; made once a process (the copy is the caller's)."""
    return _walking(progress).copy()


@functools.lru_cache(maxsize=1)
def _walking(progress=None) -> np.ndarray:
    """The walking-distance table (as loopsolver's 4x4 solver uses it): a board seen as how many
    pieces of each target row stand in each row (a 4x4 matrix of counts, ``m[r * 4 + t]``, coded in
    base 5), and the fewest column moves that bring every piece to its row, whatever the columns (a
    column move shifts one piece of each row to the next row). Seen on the transposed board it
    counts row moves; the two add up, since a move is one or the other. A (2, n) array: the codes,
    sorted, and their distances (10,147 matrices, at most 8 moves)."""
    import itertools

    goal = tuple(SIDE if r == t else 0 for r in range(SIDE) for t in range(SIDE))
    dist, level, d = {goal: 0}, [goal], 0
    while level:
        d += 1
        nxt = []
        for m in level:
            options = [[t for t in range(SIDE) if m[r * SIDE + t]] for r in range(SIDE)]
            for pick in itertools.product(*options):
                for step in (1, SIDE - 1):
                    new = list(m)
                    for r, t in enumerate(pick):
                        new[r * SIDE + t] -= 1
                        new[((r + step) % SIDE) * SIDE + t] += 1
                    new = tuple(new)
                    if new not in dist:
                        dist[new] = d
                        nxt.append(new)
        level = nxt
        if progress is not None:
            progress(f"walking distances: {len(dist):,} patterns, {d} moves deep")
    codes = np.array([sum(c * 5 ** i for i, c in enumerate(m)) for m in dist], dtype=np.int64)
    order = np.argsort(codes)
    return np.stack([codes[order], np.array(list(dist.values()), dtype=np.int64)[order]])


def load_walking(progress=None, make: bool = True) -> np.ndarray | None:
    """The walking-distance table from the cache (built and saved first when missing and ``make``)."""
    where = folder() / WALK_NAME
    if where.is_file():
        try:
            table = np.load(where, allow_pickle=False)
            if table.ndim == 2 and table.shape[0] == 2 and table.dtype == np.int64:
                return table
        except (OSError, ValueError):
            pass
    if not make:
        return None
    table = walking(progress)
    save(table, where)
    return table


def save(table: np.ndarray, where: Path) -> None:
    """Write via a temporary file in the same folder, then rename (never over a symlink or a device)."""
    import tempfile

    where.parent.mkdir(parents=True, exist_ok=True)
    if where.is_symlink() or (where.exists() and not where.is_file()):
        raise OSError(f"{where}: not a plain file; the pattern table is not written over it")
    fd, tmp = tempfile.mkstemp(prefix=f".{where.name}.", suffix=".tmp", dir=where.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            np.save(f, table, allow_pickle=False)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, where)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


class Bounds:
    """The lower bound of many boards at once: the largest of the table's 32 look-ups (every 2x3
    and 3x2 block of the torus). ``of(states)`` takes an (n, 16) array of positions by piece."""

    def __init__(self, table: np.ndarray, walk: np.ndarray | None = None):
        self.table, self.walk = table, walk
        self.views = []  # (pieces of the block, position map back to the table's block)
        for transpose in (False, True):
            for dr in range(SIDE):
                for dc in range(SIDE):
                    def move_to(pos, dr=dr, dc=dc, transpose=transpose):
                        r, c = divmod(pos, SIDE)
                        if transpose:
                            r, c = c, r
                        return ((r + dr) % SIDE) * SIDE + (c + dc) % SIDE
                    back = np.empty(CELLS, dtype=np.int64)
                    for pos in range(CELLS):
                        back[move_to(pos)] = pos  # the view's position -> the table's position
                    self.views.append(([move_to(p) for p in PIECES], back))

    def within(self, states: np.ndarray, limit: int) -> np.ndarray:
        """The indices of the states whose bound is at most ``limit``: the look-ups one by one, each
        on the states every earlier one kept (most are dropped by the first few)."""
        keep = np.arange(len(states))
        if limit < MAX_ENTRY:
            keep = self._filter(states.T, keep, limit)
        if self.walk is not None and limit < MAX_WALK and keep.size:  # on the few the table kept
            keep = keep[self.walking(states[keep]) <= limit]
        return keep

    def walking(self, states: np.ndarray) -> np.ndarray:
        """The walking distance of each state: column moves plus row moves (see ``walking``)."""
        codes, dist = self.walk
        pos = states.astype(np.int64)
        piece = np.arange(CELLS, dtype=np.int64)
        down = POW5[(pos >> 2) * SIDE + (piece >> 2)].sum(axis=1)
        across = POW5[(pos & 3) * SIDE + (piece & 3)].sum(axis=1)
        return dist[np.searchsorted(codes, down)] + dist[np.searchsorted(codes, across)]

    def _filter(self, columns, keep, limit):
        for pieces, back in self.views:
            index = np.zeros(len(keep), dtype=np.int64)
            for i, piece in enumerate(pieces):
                index |= back[columns[piece][keep]] << (4 * i)
            keep = keep[self.table[index] <= limit]
            if keep.size == 0:
                break
        return keep

    def of(self, states: np.ndarray) -> np.ndarray:
        best = np.zeros(len(states), dtype=np.uint8)
        for pieces, back in self.views:
            index = np.zeros(len(states), dtype=np.int64)
            for i, piece in enumerate(pieces):
                index |= back[states[:, piece]] << (4 * i)
            np.maximum(best, self.table[index], out=best)
        if self.walk is not None:
            best = np.maximum(best, self.walking(states).astype(np.uint8))
        return best
