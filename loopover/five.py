"""5x5 in two phases, the plan of torchlight's loopsolver (our own code, level-wise in numpy).

Phase 1 brings home a 3x3 block of nine pieces (rows 0-2, columns 0-2 of a *frame*: the board
shifted round the torus, 25 ways, and each also read backwards, as its inverse: 50 frames). Phase 2
finishes the board moving only the two rows and two columns the block leaves free, so the block stays
home. Both are searched as in ``loopover.optimal``: for a bound B, every distinct state reached
in g moves whose lower bound (``five_tables``) is at most B - g is kept, a level at a time.

Phase 1 runs over all frames at once (the frame is part of a state's key) and yields its shortest
lists first: every frame whose block takes the fewest moves, then one more, up to ``ONES`` lists a second of budget
(distinct boards after phase 1; several lists per frame are read back from the levels). Each list's
board gets phase 2's bound, and the targets rise from the smallest sum: at target T each candidate
whose phase 1 took p moves is searched for a phase 2 of exactly T - p moves (each bound once). The
first found is the shortest the candidates allow. Work is counted in states, from the budget
(``WORK`` a second): past it, the search stops trying new candidates and finishes the best one.
"""

from __future__ import annotations

import numpy as np

from . import five_tables as ft
from .frames import FLIP, Frame
from .optimal import keys as keys16  # 16 positions of 4 bits as one 64-bit number

WORK = 2_500_000  # states per second of budget
ONES = 12  # phase-1 lists per second of budget (at least 4)
MAX1, MAX2 = 24, 40  # no 5x5 block needs more (its tables' bounds would have said so); a bad table stops here
LEVEL_CAP = 4_000_000  # states made from one level: past it (weak or damaged tables) the search gives up
HARD = 10  # and past this many times its work (at least a second's)


class TooLarge(Exception):
    """The two-phase search gave up (tables too weak for the board, or damaged); the caller falls back."""


class Tables:
    """Both phases' bounds and moves."""

    def __init__(self, ones: dict, two: np.ndarray):
        self.one = ft.Bounds1(ones)
        self.two = ft.Bounds2(two)
        names, steps = zip(*ft.board_moves())
        self.names1, self.step1 = names, np.stack(steps)
        self.back1 = np.stack([np.argsort(s) for s in steps]).astype(np.uint8)  # undo each move
        names, steps = zip(*ft.region_moves())
        self.names2, self.step2 = names, np.stack(steps)


def _keys(states: np.ndarray, frame: np.ndarray | None = None) -> np.ndarray:
    """Each phase-1 state (nine 5-bit positions) and its frame as one 64-bit number."""
    out = np.zeros(len(states), dtype=np.uint64)
    for i in range(states.shape[1]):
        out |= states[:, i].astype(np.uint64) << np.uint64(5 * i)
    if frame is not None:
        out |= frame.astype(np.uint64) << np.uint64(50)
    return out


class Spent:
    """Work counted in states made: ``over`` past the budget's share; ``add`` raises ``TooLarge`` on
    a level past ``LEVEL_CAP`` or past ``HARD`` times the work (the tables cannot be the real ones)."""

    def __init__(self, work: int):
        self.work, self.used = work, 0
        self.ceiling = HARD * max(work, WORK)

    def renew(self) -> None:
        """A fresh hard ceiling (for phase 2, after phase 1 has spent its share)."""
        self.ceiling = self.used + HARD * max(self.work, WORK)

    @property
    def over(self) -> bool:
        return self.used > self.work

    def add(self, made: int) -> None:
        self.used += made
        if made > LEVEL_CAP or self.used > self.ceiling:
            raise TooLarge(f"the two-phase search made {self.used:,} states (a level of {made:,})")


def phase1(starts: np.ndarray, tables: Tables, want: int, spent: Spent, progress=None):
    """Up to ``want`` shortest phase-1 lists over the frames ``starts`` ((F, 9) block positions):
    (frame, moves) pairs, the fewest-move frames first (then one move more, and so on, while work
    allows and fewer than ``want`` are found). A bound whose search grows too wide ends it, with the
    lists found so far (none: ``TooLarge``)."""
    first = tables.one.of(starts)
    bound, found = int(first.min()), []
    done = np.zeros(len(starts), dtype=bool)  # frames whose shortest lists are found
    while bound <= MAX1 and (not found or (len(found) < want and not spent.over)):
        if progress is not None:
            progress(f"3x3 blocks in {bound} moves")
        try:
            _bound1(starts, tables, bound, first, done, found, want, spent)
        except TooLarge:
            if not found:
                raise
            break  # the lists found so far will do
        if done.all():
            break
        bound += 1
    return found


def _bound1(starts, tables, bound, first, done, found, want, spent):
    """Phase 1 at one bound, over the frames not yet done; the lists found go to ``found``."""
    home = np.array(ft.BLOCK, dtype=np.uint8)
    live = np.flatnonzero((first <= bound) & ~done)
    states, frame = starts[live], live.astype(np.int64)
    order = np.argsort(_keys(states, frame))
    states, frame = states[order], frame[order]
    levels = [(states, frame, _keys(states, frame))]
    for g in range(bound):
        n = len(states)
        spent.add(20 * n)
        kids = tables.step1[:, states].reshape(20 * n, 9)
        kf = np.tile(frame, 20)
        _, keep = np.unique(_keys(kids, kf), return_index=True)
        keep = keep[tables.one.within(kids[keep], bound - g - 1)]
        if g + 1 < bound:  # a block home early was found at a smaller bound
            keep = keep[~(kids[keep] == home).all(axis=1)]
        if keep.size == 0:
            break
        states, frame = kids[keep], kf[keep]
        order = np.argsort(_keys(states, frame))
        states, frame = states[order], frame[order]
        levels.append((states, frame, _keys(states, frame)))
    else:
        goal = (states == home).all(axis=1)
        for f in np.unique(frame[goal]):
            done[f] = True
            for path in _paths(levels, tables, home, int(f), max(1, want - len(found))):
                found.append((int(f), path))


def _paths(levels, tables: Tables, home, f: int, most: int) -> list[list[int]]:
    """Up to ``most`` move lists (move numbers) of the levels' length taking frame ``f`` from its
    start to its block home, read backwards through the kept levels."""
    out = []

    def back(g, state, tail):
        if len(out) >= most:
            return
        if g == 0:
            out.append(tail[::-1])
            return
        _, _, keys = levels[g - 1]
        before = tables.back1[:, state]  # (20, 9): the state each move came from
        k = _keys(before, np.full(len(before), f))
        at = np.searchsorted(keys, k)
        at[at >= len(keys)] = 0
        for m in np.flatnonzero(keys[at] == k):
            back(g - 1, before[m], tail + [int(m)])

    back(len(levels) - 1, home, [])
    return out


def phase2(start: np.ndarray, tables: Tables, bound: int, spent: Spent) -> list[int] | None:
    """A list of exactly ``bound`` phase-2 moves taking ``start`` (16 region numbers by piece) home,
    or None when there is none."""
    states, levels = start[None], []
    goal = np.arange(16, dtype=np.uint8)
    for g in range(bound):
        n = len(states)
        spent.add(8 * n)
        kids = tables.step2[:, states].reshape(8 * n, 16)
        _, keep = np.unique(keys16(kids), return_index=True)
        keep = keep[tables.two.within(kids[keep], bound - g - 1)]
        if keep.size == 0:
            return None
        levels.append((keep, n))
        states = kids[keep]
    hits = np.flatnonzero((states == goal).all(axis=1))
    if hits.size == 0:
        return None
    path, i = [], int(hits[0])
    for keep, n in reversed(levels):
        m, i = divmod(int(keep[i]), n)
        path.append(m)
    return path[::-1]


def frames5() -> list[tuple[Frame, bool]]:
    """The 50 frames: each shift round the torus, on the board and on its inverse."""
    return [(Frame(shift=(r, c)), inverse) for inverse in (False, True) for r in range(5) for c in range(5)]


def solve5(cells, tables: Tables, budget: float, progress=None):
    """A move list (board moves as text) for the relabelled 5x5 board ``cells``, with its two phases
    as (name, moves) pairs, both in the order they are played."""
    note = progress or (lambda text: None)
    spent = Spent(int(max(budget, 0.05) * WORK))
    views = frames5()
    inverse_cells = [0] * 25
    for pos, piece in enumerate(cells):
        inverse_cells[piece] = pos
    boards = []
    for frame, inverse in views:
        seen, _, _ = frame.cells(tuple(inverse_cells) if inverse else tuple(cells), 5, 5)
        boards.append(np.array(seen, dtype=np.int64))
    where = np.stack([np.argsort(b) for b in boards])  # where[f, piece] = its position
    starts = where[:, list(ft.BLOCK)].astype(np.uint8)
    ones = phase1(starts, tables, max(4, int(ONES * budget)), spent, note)
    region = np.full(25, 255, dtype=np.int64)
    region[list(ft.REGION)] = np.arange(16)
    candidates, seen_after = [], set()
    for f, path in ones:
        after = where[f].copy()
        for m in path:
            after = tables.step1[m][after]
        state = region[after[list(ft.REGION)]].astype(np.uint8)
        if state.max() > 15:  # not a block home: a bug of ours
            raise AssertionError("phase 1 left the block unsolved")
        key = (f, state.tobytes())
        if key in seen_after:
            continue
        seen_after.add(key)
        candidates.append((f, path, state))
    if not candidates:
        raise TooLarge("no 3x3 block within its bound")
    lows = tables.two.of(np.stack([c[2] for c in candidates]))
    order = sorted(range(len(candidates)), key=lambda i: (len(candidates[i][1]) + int(lows[i]), i))
    tried = {i: int(lows[i]) - 1 for i in order}
    target = min(len(candidates[i][1]) + int(lows[i]) for i in order)
    best, dead = None, set()
    spent.renew()
    while best is None and target <= MAX1 + MAX2:
        note(f"last two rows and columns, {target} moves in all")
        for i in order:
            f, path, state = candidates[i]
            b = target - len(path)
            if b <= tried[i] or b < 0:
                continue
            tried[i] = b
            try:
                found = phase2(state, tables, b, spent)
            except TooLarge:  # too wide for this candidate: the others go on
                dead.add(i)
                continue
            if found is not None:
                best = (i, found)
                break
            if spent.over:
                break
        order = [i for i in order if i not in dead]
        if not order:
            break
        if spent.over:  # out of work: only the most promising candidate goes on
            order = order[:1]
        target += 1
    if best is None:
        raise TooLarge("no phase 2 within its bound")
    i, two = best
    f, one, _ = candidates[i]
    frame, inverse = views[f]
    first = [_back(tables.names1[m], frame) for m in one]
    second = [_back(tables.names2[m], frame) for m in two]
    r, c = (-frame.shift[0]) % 5, (-frame.shift[1]) % 5
    block = f"3x3 block, rows {_lines(r, 3)}, cols {_lines(c, 3)}"
    rest = f"rows {_lines(r + 3, 2)} and cols {_lines(c + 3, 2)}"
    if not inverse:
        return [(block, first), (rest, second)]
    # found on the inverse board (from the target's side): played reversed, each move turned back
    undo = lambda moves: [FLIP[m[0]] + m[1:] for m in reversed(moves)]  # noqa: E731
    return [(f"back: {rest}", undo(second)), (f"back: {block}", undo(first))]


def _lines(first: int, n: int) -> str:
    """``n`` lines from ``first`` round the torus: ``1-3``, or ``3, 4, 0`` when they wrap."""
    lines = [(first + k) % 5 for k in range(n)]
    return f"{lines[0]}-{lines[-1]}" if lines[-1] - lines[0] == n - 1 and n > 2 else ", ".join(map(str, lines))


def _back(name: str, frame: Frame) -> str:
    letter, i = frame.move_back(name[0], int(name[1:]), 5, 5)
    return f"{letter}{i}"
