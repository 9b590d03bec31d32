"""The last line by an exact search: the top row, every other row solved, in the fewest moves a
hand can make.

A *hand* is a column turned up by one and back: turned up, its top cell goes to the bottom of the
column (the *hand slot*) and the cell below comes up; turned back, the top cell's piece goes down
to row 1 and the hand slot's piece comes back up. Between the two the top row may turn freely; the
rest of the board then differs only in that column, shifted by one. After the column is back, row
1's cell there holds a top piece until the next turn up of the same column brings the hidden piece
(the one of row 1) back out and a later turn back puts it home. ``heuristic.top_row`` plans such
moves by hand (a cycle at a time, one hand column); here a breadth-first search finds the fewest
over every such sequence, with any column as the hand each time the hidden piece is home.

States (``C`` the row's length, the hand column read as column 0): the ``C + 1`` pieces (the top
row's, labelled by their home column, and the hidden one, labelled ``C``) in the ``C + 1`` slots (the
top row's cells, then the hand slot), and whether the column is up. Moves: the top row turned by one
either way, and the hand turned (slot 0 and the hand slot swap, up or back). A state with the column
back and the hidden piece home is *idle*: any column may be the next hand, and the row read from
column j (each label less j) is the same state seen from another hand, so an idle state's rotations
share its distance. The table holds every state's distance from the solved row (uint8, ``UNSEEN``
where parity forbids), indexed by the slots' index (``Index``) times two plus the column's state:
``2 * 10!`` entries at 9 columns (7 MB). Built in numpy (``build``: about 1.1 s at 9 columns, 0.25 s
at 8), once a process (``table``), for rows of ``3`` to ``MAX_COLS`` cells; boards need at least 3
rows (with 2 a column's turn up and back are the same move). ``keep`` saves them beside the 4x4 and
5x5 tables (``ascent loopover`` does, with a note); ``table`` then loads the kept file (checked
against the build's known digest) instead of building.

Exact within these moves only (one hand at a time, turned by one): not the fewest moves of the
board, which could turn other lines too.

The last two rows (``last_two``): row 1 by a beam over ``fill_row``'s ways in, each finished row
scored by its moves plus the top row's distance in the table, so the row 1 kept is the one that
leaves the top row cheapest overall; then the top row by the table.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import math
from pathlib import Path
from typing import Sequence

import numpy as np

from . import pattern
from .heuristic import Work, _choices, _offset, _placed, parity

MAX_COLS = 9  # 2 * 10! states at 9 columns; 10 columns would be 2 * 11! (80 million), not built
UNSEEN = 255
UNPLACED = 2.5  # the beam's guess of the moves each piece of row 1 still out will take
# sha256 of each table as ``build`` makes it (the first 16 hex digits): a kept file is used only when
# it is that table (``tests/test_loopover_lastline.py`` builds them and checks)
DIGESTS = {3: "807468c2cc63420e", 4: "d9ca3486e89a70e2", 5: "ccc22da3d0eb0060", 6: "25ee082228d2e9ed",
           7: "bff9badc43110255", 8: "f61b57bf0190432e", 9: "daa282e5ad9ed087"}


class Index:
    """A bijection from the permutations of ``n`` labels to ``range(n!)``: the first ``k = n // 2``
    labels as an ordered choice (``head``, by their base-``n`` code) times ``(n - k)!``, plus the
    order of the rest among themselves (``tail``, by theirs). Two look-ups a permutation, in numpy
    or one at a time."""

    def __init__(self, n: int):
        self.n, self.k = n, n // 2
        rest = n - self.k
        self.span = math.factorial(rest)
        heads = np.array(list(itertools.permutations(range(n), self.k)), dtype=np.int64).reshape(-1, self.k)
        self.head = np.zeros(n ** self.k, dtype=np.int32)
        self.head[heads @ self._powers(self.k)] = np.arange(len(heads))
        tails = np.array(list(itertools.permutations(range(n), rest)), dtype=np.int64).reshape(-1, rest)
        places = (tails[:, :, None] > tails[:, None, :]).sum(axis=2)  # each label's place among the rest
        self.tail = np.zeros(n ** rest, dtype=np.int32)
        self.tail[tails @ self._powers(rest)] = Index._lehmer(places)
        self.head_list, self.tail_list = self.head.tolist(), self.tail.tolist()

    def _powers(self, k: int) -> np.ndarray:
        return self.n ** np.arange(k - 1, -1, -1, dtype=np.int64)

    @staticmethod
    def _lehmer(a: np.ndarray) -> np.ndarray:
        """The Lehmer ranks of the permutations of ``range(m)`` in the rows of ``a``."""
        m = a.shape[1]
        out = np.zeros(len(a), dtype=np.int64)
        for i in range(m - 1):
            out = out * (m - i) + (a[:, i + 1:] < a[:, i:i + 1]).sum(axis=1)
        return out

    def _code(self, labels) -> int:
        out = 0
        for x in labels:
            out = out * self.n + x
        return out

    def many(self, a: np.ndarray) -> np.ndarray:
        """The indices of the permutations in the rows of ``a``."""
        k, head, tail = self.k, self._powers(self.k).astype(np.int32), self._powers(self.n - self.k).astype(np.int32)
        a = a.astype(np.int32)
        return self.head[a[:, :k] @ head] * self.span + self.tail[a[:, k:] @ tail]

    def one(self, labels: Sequence[int]) -> int:
        return self.head_list[self._code(labels[:self.k])] * self.span + self.tail_list[self._code(labels[self.k:])]


def _rotated(a: np.ndarray, C: int, j: int) -> np.ndarray:
    """Idle states ``a`` read from column j as the hand (slot c holds what was at c + j, each label
    less j; the hidden piece stays ``C``)."""
    b = a.copy()
    b[:, :C] = (np.roll(a[:, :C], -j, axis=1) + (C - j)) % C
    return b


def build(C: int) -> np.ndarray:
    """Every state's distance from the solved row, for a row of ``C`` cells (see the module):
    breadth-first from the solved row, a level at a time, in numpy."""
    n = C + 1
    index = Index(n)
    size = math.factorial(n) * 2
    table = np.full(size, UNSEEN, dtype=np.uint8)
    owner = np.empty(size, dtype=np.int32)
    goal = np.arange(n, dtype=np.uint8)[None, :]
    table[index.one(list(range(n))) * 2] = 0
    frontier, ups = goal, np.zeros(1, dtype=np.int32)
    depth = 0

    def fresh(a, s, depth):
        keys = index.many(a) * 2 + s
        new = table[keys] == UNSEEN
        a, s, keys = a[new], s[new], keys[new]
        order = np.arange(len(keys), dtype=np.int32)
        owner[keys] = order
        first = owner[keys] == order  # one of each state
        a, s, keys = a[first], s[first], keys[first]
        table[keys] = depth
        return a, s

    while len(frontier):
        depth += 1
        if depth >= UNSEEN:
            raise AssertionError("the last-line search did not end")  # a bug of ours
        swapped = frontier.copy()
        swapped[:, [0, C]] = frontier[:, [C, 0]]
        kids = [np.concatenate([np.roll(frontier[:, :C], t, axis=1), frontier[:, C:]], axis=1) for t in (1, -1)]
        a = np.concatenate(kids + [swapped])
        s = np.concatenate([ups, ups, ups ^ 1])
        a, s = fresh(a, s, depth)
        idle = (s == 0) & (a[:, C] == C)
        if idle.any():
            seen = a[idle]
            turned = np.concatenate([_rotated(seen, C, j) for j in range(1, C)])
            more, _ = fresh(turned, np.zeros(len(turned), dtype=np.int32), depth)
            a, s = np.concatenate([a, more]), np.concatenate([s, np.zeros(len(more), dtype=np.int32)])
        frontier, ups = a, s
    return table


class Table:
    """The distances of a row of ``C`` cells (``build``, or ``dist`` as loaded) with their ``Index``."""

    def __init__(self, C: int, dist: np.ndarray | None = None):
        self.C, self.index = C, Index(C + 1)
        self.dist = build(C) if dist is None else dist

    def key(self, slots: Sequence[int], up: int) -> int:
        return self.index.one(slots) * 2 + up

    def distance(self, top: Sequence[int]) -> int:
        """The fewest hand moves solving a top row whose cell c holds the piece of column ``top[c]``
        (``UNSEEN`` when none do: an odd row left an odd permutation)."""
        return int(self.dist[self.key(list(top) + [self.C], 0)])

    def moves(self, top: Sequence[int]) -> list[tuple[str, int, int]]:
        """A fewest-move hand solution of the top row ``top``, by descent through the table: each
        move ("row", 0, k) a turn of the top row right by k (-1 left), or ("col", j, k) column j
        down by k (-1 up). Raises ``ValueError`` when the row cannot be solved so."""
        C, dist = self.C, self.dist
        a, up, hand = list(top) + [C], 0, None  # hand: the column in use (None when idle)
        d = dist[self.key(a, 0)]
        if d == UNSEEN:
            raise ValueError("an odd row left an odd permutation: no hand moves solve it")
        out = []
        while d:
            step = None
            for k in (1, -1):
                b = (a[C - 1:C] + a[:C - 1] if k == 1 else a[1:C] + a[:1]) + a[C:]
                if dist[self.key(b, up)] == d - 1:
                    step, a = ("row", 0, k), b
                    break
            hands = () if step is not None else range(C) if hand is None else (hand,)
            for j in hands:  # idle: any column may go up (the row read from it); else the hand's turn
                b = a[:] if hand is not None else [(a[(c + j) % C] - j) % C for c in range(C)] + [C]
                b[0], b[C] = b[C], b[0]
                if dist[self.key(b, up ^ 1)] == d - 1:
                    step, a, hand, up = ("col", j, 1 if up else -1), b, j, up ^ 1
                    break
            if step is None:
                raise AssertionError("the last-line table has no step down")  # a bug of ours
            out.append(step)
            if hand is not None and up == 0 and a[C] == C:  # idle again: the row read from column 0
                a, hand = [(a[(c - hand) % C] + hand) % C for c in range(C)] + [C], None
            d -= 1
        return out


def path(C: int) -> Path:
    """Where the table of a row of ``C`` cells is kept (beside the 4x4 and 5x5 tables)."""
    return pattern.folder() / f"loopover-lastline-{C}.npy"


def cached(C: int) -> bool:
    return path(C).is_file()


def _digest(dist: np.ndarray) -> str:
    return hashlib.sha256(dist.tobytes()).hexdigest()[:16]


def _load(C: int) -> np.ndarray | None:
    """The kept table of a row of ``C`` cells, or None when there is none or it is not the one
    ``build`` makes (its digest is known: the build is the same every time)."""
    try:
        dist = np.load(path(C), allow_pickle=False)
    except (OSError, ValueError):
        return None
    if dist.dtype != np.uint8 or dist.shape != (2 * math.factorial(C + 1),) or _digest(dist) != DIGESTS.get(C):
        return None
    return dist


@functools.lru_cache(maxsize=8)
def table(C: int) -> Table:
    """The table of a row of ``C`` cells (3 to ``MAX_COLS``): the kept one, else built (once a
    process; nothing is written: ``keep`` does that)."""
    if not 3 <= C <= MAX_COLS:
        raise ValueError(f"no last-line table for rows of {C} cells (3 to {MAX_COLS})")
    return Table(C, _load(C))


def keep(lengths, progress=None) -> None:
    """Build (or load) the tables of rows of these lengths and keep each in the user data folder
    (written atomically); raises OSError when the folder cannot take them."""
    for C in lengths:
        if progress is not None:
            progress(f"rows of {C}")
        if not cached(C) or _load(C) is None:
            pattern.save(table(C).dist, path(C))


def last_two(w: Work, width: int, branch: int) -> bool | None:
    """Rows 1 and 0 of ``w`` (every other row solved, at least 3 rows, a table's row length): row 1
    by a beam search over ``heuristic.fill_row``'s ways in (a piece at a time: the ``branch``
    cheapest of each board, the ``width`` boards with the fewest moves plus ``UNPLACED`` a piece
    still out kept each step), each finished row scored by its moves plus the top row's distance
    in the table; the best is played, then the top row by the table. Returns whether the board was
    an odd permutation when the top row began (its moves then fix the parity); None (nothing moved)
    when no finish solves the top row (an odd row left an odd permutation).

    The beam works on a board of three rows: rows 0 and 1, and one solved row for all the rows
    below. Each way in turns a column by one and back with only rows 0 and 1 turned between, so
    the rows below only pass through: the moves are those of the whole board, and are played on it."""
    R, C = w.rows, w.cols
    if any(w.cells[p] != p for p in range(2 * C, R * C)):
        raise AssertionError("the last two rows began with another row unsolved")  # a bug of ours
    t = table(C)
    r, free = 1, frozenset({0, 1})
    scratch = Work(3, C, w.cells[:2 * C] + list(range(2 * C, 3 * C)))
    beam = [(0.0, scratch.cells[:], scratch.where[:], _offset(scratch, r), ())]
    best = None
    while beam:
        kids = {}
        for _, cells, where, k, moves in beam:
            scratch.cells, scratch.where, scratch.moves = cells[:], where[:], []
            choices = _choices(scratch, r, k, free)
            if not choices:
                scratch.row(r, -k)
                d = t.distance(scratch.cells[:C])
                total = len(moves) + len(scratch.moves) + d
                if d != UNSEEN and (best is None or total < best[0]):
                    best = (total, moves + tuple(scratch.moves))
                continue
            for _, act in choices[:branch]:
                turn = act()
                kid_k = (k + turn) % C
                key = (tuple(scratch.cells[:2 * C]), kid_k)
                kid_moves = moves + tuple(scratch.moves)
                score = len(kid_moves) + UNPLACED * (C - len(_placed(scratch, r, kid_k)))
                if key not in kids or score < kids[key][0]:
                    kids[key] = (score, scratch.cells[:], scratch.where[:], kid_k, kid_moves)
                scratch.cells[:], scratch.where[:], scratch.moves = cells, where, []
        beam = sorted(kids.values(), key=lambda kid: kid[0])[:width]
    if best is None:
        return None
    phase = w.phase
    for letter, i, _ in best[1]:
        (w.row if letter in "LR" else w.col)(i, 1 if letter in "RD" else -1)
    if any(w.cells[p] != p for p in range(C, R * C)):
        raise AssertionError("the beam's row 1 did not play back on the board")  # a bug of ours
    w.phase = phase + 1
    odd = bool(parity(w.cells))
    for kind, i, k in t.moves(w.cells[:C]):
        (w.row if kind == "row" else w.col)(i, k)
    return odd
