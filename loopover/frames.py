"""Frames: the same board seen transposed, shifted round the torus and mirrored.

A move of one line commutes with these views (a row stays a row or becomes a column, its neighbours
stay its neighbours), so a solution found in a frame is a solution of the board once each move is
read back. A solver that works from a fixed corner in a fixed order (block building from the
bottom-right, rows from the bottom up) meets the board differently in each frame, and the shortest
of several frames is kept.

    >>> f = Frame(transpose=True, shift=(1, 0), mirror=(False, True))
    >>> cells, rows, cols = f.cells(tuple(range(6)), 2, 3)   # a solved 2x3 board stays solved
    >>> cells == tuple(range(6)), (rows, cols)
    (True, (3, 2))
"""

from __future__ import annotations

import random
from dataclasses import dataclass

SWAP_AXES = {"L": "U", "R": "D", "U": "L", "D": "R"}  # a move on the transposed board, read back
FLIP = {"L": "R", "R": "L", "U": "D", "D": "U"}


@dataclass(frozen=True)
class Frame:
    """Transpose first, then shift by (rows, columns), then mirror (rows upside down, columns
    right to left), all in the transposed shape."""

    transpose: bool = False
    shift: tuple[int, int] = (0, 0)
    mirror: tuple[bool, bool] = (False, False)

    def shape(self, rows: int, cols: int) -> tuple[int, int]:
        return (cols, rows) if self.transpose else (rows, cols)

    def place(self, pos: int, rows: int, cols: int) -> int:
        """Where cell ``pos`` of the board lies in the frame."""
        r, c = divmod(pos, cols)
        if self.transpose:
            r, c = c, r
        R, C = self.shape(rows, cols)
        r, c = (r + self.shift[0]) % R, (c + self.shift[1]) % C
        if self.mirror[0]:
            r = R - 1 - r
        if self.mirror[1]:
            c = C - 1 - c
        return r * C + c

    def cells(self, cells, rows: int, cols: int) -> tuple[tuple[int, ...], int, int]:
        """A relabelled board (``cells[pos]`` = the target position of the piece at ``pos``) in the
        frame, with the frame's shape."""
        out = [0] * len(cells)
        for pos, piece in enumerate(cells):
            out[self.place(pos, rows, cols)] = self.place(piece, rows, cols)
        R, C = self.shape(rows, cols)
        return tuple(out), R, C

    def line_back(self, axis: str, i: int, rows: int, cols: int) -> tuple[str, int]:
        """Line ``i`` of the frame (``axis`` "row" or "column") as the board's (axis, index)."""
        R, C = self.shape(rows, cols)
        if axis == "row":
            i = R - 1 - i if self.mirror[0] else i
            i = (i - self.shift[0]) % R
        else:
            i = C - 1 - i if self.mirror[1] else i
            i = (i - self.shift[1]) % C
        if self.transpose:
            axis = "column" if axis == "row" else "row"
        return axis, i

    def move_back(self, letter: str, i: int, rows: int, cols: int) -> tuple[str, int]:
        """A move made in the frame, as the same move on the board."""
        row_move = letter in "LR"
        if (self.mirror[1] and row_move) or (self.mirror[0] and not row_move):
            letter = FLIP[letter]
        _, i = self.line_back("row" if row_move else "column", i, rows, cols)
        return (SWAP_AXES[letter] if self.transpose else letter), i


def moves_into(frame: Frame, rows: int, cols: int) -> dict[tuple[str, int], tuple[str, int]]:
    """Each move on the board (letter, line) as the same move made in ``frame``: ``move_back``'s
    inverse."""
    R, C = frame.shape(rows, cols)
    return {frame.move_back(letter, i, rows, cols): (letter, i)
            for letter in "LRUD" for i in range(R if letter in "LR" else C)}


def frames(rows: int, cols: int, count: int) -> list[Frame]:
    """``count`` frames, the same for a shape every time: the board and its transpose first, then
    shifted and mirrored ones (seeded by the shape)."""
    out = [Frame(), Frame(transpose=True)][:count]
    rng = random.Random(rows * 1000 + cols)
    seen = set(out)
    while len(out) < count and len(seen) < 8 * rows * cols:
        t = len(out) % 2 == 1
        R, C = (cols, rows) if t else (rows, cols)
        f = Frame(t, (rng.randrange(R), rng.randrange(C)), (rng.random() < 0.5, rng.random() < 0.5))
        if f not in seen:
            seen.add(f)
            out.append(f)
    return out


def finish_frames(rows: int, cols: int, h: int, count: int) -> list[Frame]:
    """``count`` frames that keep rows ``[h, rows)`` as a set, for finishing a board whose block holds
    them (they stay solved in each): the board itself first, then its free rows in the other order
    (row r read as row ``h - 1 - r``), its columns right to left, both, and the same shifted round
    the columns, one column at a time."""
    out = []
    for shift in range(cols):
        for swap in (False, True):
            for mirror in (False, True):
                out.append(Frame(shift=((rows - h) % rows if swap else 0, shift), mirror=(swap, mirror)))
    return out[:count]
