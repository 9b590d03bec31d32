"""The first corner of block building by a beam search over every place of the block at once.

Block building (``loopover.block``) starts with a 3x3 corner, built a segment at a time with
free lines only: at 9x9 it costs about 37 moves in one frame, 30 in the best of many, for 9 pieces.
Here the corner is searched for instead, with every move allowed (the whole board is free at the
start): a beam search, a level of moves at a time in numpy, over the ``size`` x ``size`` blocks of
the target at all ``rows x cols`` places together (the block's place is part of each state). A
state is where the block's pieces are; its score is the sum of their distances home (rows and
columns, the short way round the torus); each level keeps the ``width`` distinct states that score
least. A state scoring 0 is a solved block. The first blocks found are the cheapest ones the beam
sees (about 20 moves at 9x9, against block building's 30); the search goes on for ``SLACK`` more
levels, and keeps at most ``per`` lists for each place, until ``want`` lists are found.

Each list found seeds block building in 8 frames (``seeds``): the board transposed or not, mirrored
either way, and shifted so that the solved block is the frame's bottom-right corner, where block
building starts; the corner's segments are then already built (``block.Build.skip_corner``).
Beam search finds short lists, not the shortest: nothing here is proven.
"""

from __future__ import annotations

import numpy as np

from .frames import Frame

SIZE = 3  # the corner is SIZE x SIZE (block building's first three segments at BLOCK_WIDTH 3)
SLACK = 2  # levels searched past the first block found
MAX_DEPTH = 60  # a beam that has found nothing by then gives up (none needs nearly that many)
_MULT = np.random.default_rng(32).integers(1, 2 ** 63, size=64, dtype=np.uint64) | np.uint64(1)  # hash weights, a piece each
_MAPS: dict = {}


def move_maps(rows: int, cols: int) -> tuple[np.ndarray, list[tuple[str, int]]]:
    """Every move as a map ``new[pos]`` (where the piece at ``pos`` goes), and its (letter, line)."""
    key = (rows, cols)
    if key not in _MAPS:
        maps, names = [], []
        pos = np.arange(rows * cols)
        r, c = pos // cols, pos % cols
        for i in range(rows):
            for k, letter in ((1, "R"), (-1, "L")):
                maps.append(np.where(r == i, r * cols + (c + k) % cols, pos))
                names.append((letter, i))
        for j in range(cols):
            for k, letter in ((1, "D"), (-1, "U")):
                maps.append(np.where(c == j, ((r + k) % rows) * cols + c, pos))
                names.append((letter, j))
        _MAPS[key] = (np.stack(maps).astype(np.uint16), names)
    return _MAPS[key]


def corners(cells, rows: int, cols: int, width: int, want: int, per: int, size: int = SIZE,
            skip=()) -> list[tuple[tuple[int, int], list[tuple[str, int]]]]:
    """Lists of moves that each bring home one ``size`` x ``size`` block of the target (rows from
    ``a``, columns from ``b``, round the torus): ``[((a, b), moves), ...]``, the shortest the beam
    finds first. ``cells[pos]`` is the target position of the piece at ``pos``. Empty when the beam
    finds none within ``MAX_DEPTH`` moves. The places in ``skip`` are not searched."""
    maps, names = move_maps(rows, cols)
    # each cell's row (0..rows-1) and column (rows..rows+cols-1), and each move's line, as one index
    lines = range(rows + cols)
    line_of = np.stack([np.arange(rows * cols) // cols, rows + np.arange(rows * cols) % cols], axis=1)  # [pos, 2]
    move_line = np.array([i if letter in "LR" else rows + i for letter, i in names])
    where = np.empty(rows * cols, dtype=np.int64)
    where[np.asarray(cells)] = np.arange(rows * cols)
    skip = set(skip)
    places = [(a, b) for a in range(rows) for b in range(cols) if (a, b) not in skip]
    homes = np.array([[((a + i) % rows) * cols + (b + j) % cols for i in range(size) for j in range(size)]
                      for a, b in places])  # (places, pieces)
    k = homes.shape[1]
    pos = np.arange(rows * cols)
    dr = (pos[None, None, :] // cols - homes[:, :, None] // cols) % rows
    dc = (pos[None, None, :] % cols - homes[:, :, None] % cols) % cols
    far = (np.minimum(dr, rows - dr) + np.minimum(dc, cols - dc)).astype(np.int16).ravel()  # [place, piece, pos] flat
    piece = np.arange(k) * (rows * cols)
    mult = _MULT[:k]
    states = where[homes].astype(np.uint16)  # (n, pieces): where each block piece is
    place = np.arange(len(places))
    found: dict[int, list] = {}
    cells_k = k * rows * cols
    for p in np.flatnonzero(far[place[:, None] * cells_k + piece + states].sum(1) == 0):
        found[int(p)] = [[]]  # a block already home
    levels, first = [], 0 if found else None
    for depth in range(MAX_DEPTH):
        if first is not None and (sum(map(len, found.values())) >= want or depth > first + SLACK):
            break
        full = [p for p, lists in found.items() if len(lists) >= per]
        if full:
            keep = ~np.isin(place, full)
            states, place = states[keep], place[keep]
            if levels:
                levels[-1] = (levels[-1][0][keep], levels[-1][1])
        n = len(states)
        if n == 0:
            break
        # the moves that touch a piece of the block (its line holds one); a move missing them all
        # leaves the state as it was: one such kid a state is enough (the state waits a move, as a
        # beam needs), the others would be the same state again
        on = np.zeros((n, len(lines)), dtype=bool)
        on[np.arange(n)[:, None, None], line_of[states]] = True  # [state, row or column]: a piece there
        touch = on[:, move_line].T  # [move, state]
        wait = np.argmin(touch, axis=0)
        cand = np.concatenate([np.flatnonzero(touch.ravel()), (wait * n + np.arange(n))[~touch.all(0)]])
        move, parent = np.divmod(cand, n)  # cand = move * n + parent, as _path reads it
        kids = maps[move[:, None], states[parent]]
        kid_place = place[parent]
        key = (kids.astype(np.uint64) @ mult) ^ (kid_place.astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15))
        _, sel = np.unique(key, return_index=True)  # one of each state (a hash: a rare clash drops a state)
        score = far[(kid_place[sel] * cells_k)[:, None] + piece + kids[sel]].sum(1)
        if len(sel) > width:
            pick = np.argpartition(score, width)[:width]
            sel, score = sel[pick], score[pick]
        idx = cand[sel]
        levels.append((idx, n))
        for j in np.flatnonzero(score == 0):
            p = int(kid_place[sel[j]])
            lists = found.setdefault(p, [])
            if len(lists) < per:
                lists.append(_path(levels, int(j), names))
                first = depth if first is None else first
        states, place = kids[sel], kid_place[sel]
    return [(places[p], moves) for p, lists in found.items() for moves in lists]


def _path(levels, i: int, names) -> list[tuple[str, int]]:
    """The moves to entry ``i`` of the last level, read back through each level's parents."""
    out = []
    for idx, n in reversed(levels):
        m, i = divmod(int(idx[i]), n)
        out.append(names[m])
    out.reverse()
    return out


def frames_for(a: int, b: int, rows: int, cols: int, size: int = SIZE) -> list[Frame]:
    """The 8 frames (transposed or not, mirrored either way) in which the block at rows ``a``...,
    columns ``b``... of the board is the bottom-right ``size`` x ``size`` corner."""
    out = []
    for transpose in (False, True):
        R, C = (cols, rows) if transpose else (rows, cols)
        for flip_r in (False, True):
            for flip_c in (False, True):
                # where the block's first row and column land before the mirror, then the shift that
                # puts the block's rows at R - size .. R - 1 (and its columns likewise) after it
                r0, c0 = (b, a) if transpose else (a, b)
                sr = (-r0 if flip_r else R - size - r0) % R
                sc = (-c0 if flip_c else C - size - c0) % C
                out.append(Frame(transpose, (sr, sc), (flip_r, flip_c)))
    return out


def seeds(cells, rows: int, cols: int, width: int, want: int, per: int,
          rounds: int = 1) -> list[tuple[Frame, list[tuple[str, int]]]]:
    """(frame, corner moves on the board) for each list ``corners`` finds, in each of its 8 frames;
    ``rounds`` searches, each skipping the places found before (the first finds the cheapest places,
    the next ones others, for more kinds of boards to build on)."""
    found, out = set(), []
    for _ in range(rounds):
        lists = corners(cells, rows, cols, width, want, per, skip=found)
        found |= {place for place, _ in lists}
        out += [(frame, moves) for (a, b), moves in lists for frame in frames_for(a, b, rows, cols)]
    return out
