"""The Loopover board: a frozen grid of distinct one-character symbols, and the moves that rotate it.

Glossary: ``rows`` x ``cols`` the shape, ``r``/``c`` a row and a column (from 0), ``pos`` a flat index
``r * cols + c``, a ``line`` is one row or one column. A move is a letter and a line number:
``L<i>``/``R<i>`` rotate row i left/right by one, ``U<j>``/``D<j>`` rotate column j up/down by one.

    >>> b = Board.parse("ACDBE/FGHIJ/KLMNO/PQRST")
    >>> str(b.apply("L0"))
    'CDBEA/FGHIJ/KLMNO/PQRST'
    >>> str(b.apply("D3"))
    'ACDSE/FGHBJ/KLMIO/PQRNT'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Sequence

MOVE_RE = re.compile(r"([LRUD])(\d+)")
ROW_LETTERS = "LR"


class LoopoverError(ValueError):
    """Bad Loopover input. Every subclass says what is wrong in one line."""


class ShapeError(LoopoverError):
    """A board with no rows or no columns, or two boards of different shapes."""


class RaggedRowsError(LoopoverError):
    """Rows of different lengths."""


class SymbolError(LoopoverError):
    """A cell that is not a single character (or a character the text form cannot hold)."""


class RepeatedSymbolError(LoopoverError):
    """The same symbol twice on one board."""


class SymbolSetError(LoopoverError):
    """The start and the target hold different symbols."""


class MoveError(LoopoverError):
    """A move that is not L/R/U/D and a line number inside the board."""


def parse_move(move: str, rows: int, cols: int) -> tuple[str, int]:
    """``"L3"`` -> ``("L", 3)``, checked against the board's shape."""
    m = MOVE_RE.fullmatch(move) if isinstance(move, str) else None
    if m is None:
        raise MoveError(f"move {move!r}: expected L, R, U or D and a line number, such as L0 or D3")
    letter, i = m.group(1), int(m.group(2))
    limit, what = (rows, "row") if letter in ROW_LETTERS else (cols, "column")
    if i >= limit:
        raise MoveError(f"move {move}: there is no {what} {i} on a {rows}x{cols} board (they count from 0)")
    return letter, i


def move_perm(letter: str, i: int, rows: int, cols: int) -> tuple[int, ...]:
    """The move as a gather table: after it, cell ``pos`` holds what was at ``perm[pos]``."""
    perm = list(range(rows * cols))
    if letter in ROW_LETTERS:
        step = 1 if letter == "L" else -1
        for c in range(cols):
            perm[i * cols + c] = i * cols + (c + step) % cols
    else:
        step = 1 if letter == "U" else -1
        for r in range(rows):
            perm[r * cols + i] = ((r + step) % rows) * cols + i
    return tuple(perm)


def _symbols(k: int) -> str:
    return f"{k} symbol" if k == 1 else f"{k} symbols"


@dataclass(frozen=True)
class Board:
    """Rows of distinct one-character symbols, at least 1x1 (a single row or column is a board too).
    Frozen: ``apply`` returns a new board."""

    rows: tuple[tuple[str, ...], ...]

    def __post_init__(self):
        rows = self.rows
        if not rows:
            raise ShapeError("a board needs rows; this one is empty")
        width = len(rows[0])
        for r, row in enumerate(rows):
            if len(row) != width:
                raise RaggedRowsError(f"its rows are not equally long: row 0 {''.join(map(str, rows[0]))!r} has "
                                      f"{_symbols(width)} but row {r} {''.join(map(str, row))!r} has {_symbols(len(row))} "
                                      "(rows counted from 0, as in the moves R0, L0)")
        if width < 1:
            raise ShapeError("a board needs at least one column; these rows are empty")
        seen: dict[str, tuple[int, int]] = {}
        for r, row in enumerate(rows):
            for c, s in enumerate(row):
                if not isinstance(s, str) or len(s) != 1:
                    raise SymbolError(f"cell ({r}, {c}) is {s!r}: every cell must be one character")
                if s in seen:
                    r0, c0 = seen[s]
                    raise RepeatedSymbolError(f"symbol {s!r} appears twice, at ({r0}, {c0}) and ({r}, {c}): symbols must be distinct")
                seen[s] = (r, c)

    # ------------------------------------------------------------------ making and showing
    @classmethod
    def of(cls, rows: Iterable[Iterable[str]] | str | "Board") -> "Board":
        """A board from rows of symbols (lists, tuples or strings), text (``"ABC/DEF"``) or a board."""
        if isinstance(rows, Board):
            return rows
        if isinstance(rows, str):
            return cls.parse(rows)
        if isinstance(rows, dict):
            raise ShapeError("a board is a list of rows, each a list of one-character symbols")
        try:
            return cls(tuple(tuple(row) for row in rows))
        except TypeError:
            raise ShapeError("a board is a list of rows, each a list of one-character symbols") from None

    @classmethod
    def parse(cls, text: str) -> "Board":
        """Rows joined by ``/``: ``"ACDBE/FGHIJ/KLMNO/PQRST"`` (spaces around a row are ignored)."""
        if not isinstance(text, str) or not text.strip():
            raise ShapeError("a board is rows joined by '/', such as ACDBE/FGHIJ")
        rows = [part.strip() for part in text.split("/")]
        for r, row in enumerate(rows):
            if any(ch.isspace() for ch in row):
                raise SymbolError(f"row {r} {row!r} holds a space: write each row as its symbols, no spaces")
        return cls(tuple(tuple(row) for row in rows))

    def __str__(self) -> str:
        return "/".join("".join(row) for row in self.rows)

    def picture(self) -> str:
        """One line per row, symbols spaced: the form the README of the kata uses."""
        return "\n".join(" ".join(row) for row in self.rows)

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.rows), len(self.rows[0])

    @property
    def cells(self) -> tuple[str, ...]:
        """The symbols row by row (flat, ``pos = r * cols + c``)."""
        return tuple(s for row in self.rows for s in row)

    def to_lists(self) -> list[list[str]]:
        return [list(row) for row in self.rows]

    def transposed(self) -> "Board":
        return Board(tuple(zip(*self.rows)))

    # ------------------------------------------------------------------ the one writer
    def apply(self, move: str) -> "Board":
        """The board after one move (``L0``, ``R2``, ``U1``, ``D3``)."""
        n_rows, n_cols = self.shape
        letter, i = parse_move(move, n_rows, n_cols)
        flat = self.cells
        perm = move_perm(letter, i, n_rows, n_cols)
        moved = [flat[p] for p in perm]
        return Board(tuple(tuple(moved[r * n_cols:(r + 1) * n_cols]) for r in range(n_rows)))

    def apply_all(self, moves: Sequence[str]) -> "Board":
        board = self
        for move in moves:
            board = board.apply(move)
        return board

    def check_pair(self, target: "Board") -> None:
        """Raise unless ``target`` has this board's shape and exactly its symbols."""
        if self.shape != target.shape:
            raise ShapeError(f"the start is {self.shape[0]}x{self.shape[1]} but the target is "
                             f"{target.shape[0]}x{target.shape[1]}: they must have the same shape")
        mine, theirs = set(self.cells), set(target.cells)
        if mine != theirs:
            extra = "".join(sorted(theirs - mine))
            missing = "".join(sorted(mine - theirs))
            raise SymbolSetError(f"the target has symbols the start lacks ({extra!r}) and lacks "
                                 f"symbols the start has ({missing!r}): they must hold the same symbols")
