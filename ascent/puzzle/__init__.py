"""Puzzle: the frozen statement of a Skyscrapers puzzle and its validation (formats: ascent.puzzle.formats).

Clues sit on four sides, 0 meaning no clue: ``upper`` and ``lower`` read left to right,
``left`` and ``right`` read top to bottom. ``givens`` holds pre-filled cells (0 = empty).

Formats, each with a reader and a writer:
    record   {"url", "cells", "clues": {"upper", "lower", "left", "right"}}  (brainbashers / ascendant)
    clues    4N clockwise clues (Codewars): top L->R, right T->B, bottom R->L, left B->T
    keys     top, bottom, left, right as one digit each, plus a row-major state with '-' for empty
    tatham   Simon Tatham's Towers game id: "N:c/c/.../c[,givens]"
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Sequence

MIN_SIZE, MAX_SIZE = 3, 12
MAX_CHAR_SIZE = 9  # formats with one character per cell stop here
SIDES = ("upper", "lower", "left", "right")


class PuzzleError(ValueError):
    """Bad puzzle input. The message names the field and position at fault."""


class FormatError(PuzzleError):
    """The text or record is not in the format it claims to be."""


class SizeError(PuzzleError):
    """The size is outside 3..12 (or 3..9 for one-character-per-cell formats)."""


class LengthError(PuzzleError):
    """A list of clues or cells has the wrong length for the size."""


class ClueError(PuzzleError):
    """A clue is outside 0..N."""


class GivenError(PuzzleError):
    """A given is outside 1..N."""


class RepeatedGivenError(PuzzleError):
    """The same height is given twice in one row or column."""


class ClashingCluesError(PuzzleError):
    """Two opposite clues cannot both hold (their sum exceeds N+1)."""


@dataclass(frozen=True)
class Source:
    """Where a puzzle came from: optional url, date (MMDD) and difficulty label."""

    url: str | None = None
    date: str | None = None
    label: str | None = None


_DATE_IN_URL = re.compile(r"[?&]date=(\d{4})\b")


def date_from_url(url: str | None) -> str | None:
    if not url:
        return None
    m = _DATE_IN_URL.search(url)
    return m.group(1) if m else None


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


@dataclass(frozen=True)
class Puzzle:
    size: int
    upper: tuple[int, ...]
    lower: tuple[int, ...]
    left: tuple[int, ...]
    right: tuple[int, ...]
    givens: tuple[tuple[int, ...], ...] = ()
    source: Source | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        n = self.size
        if not _is_int(n) or not MIN_SIZE <= n <= MAX_SIZE:
            raise SizeError(f"size is {n!r}, but it must be {MIN_SIZE}..{MAX_SIZE}")
        for side in SIDES:
            clues = getattr(self, side)
            object.__setattr__(self, side, tuple(clues))
            clues = getattr(self, side)
            if len(clues) != n:
                raise LengthError(f"clues {side} has {len(clues)} entries, but a {n}x{n} puzzle needs {n}")
            for i, c in enumerate(clues):
                if not _is_int(c):
                    raise ClueError(f"{side} clue {i + 1} is {c!r}, not a whole number")
                if not 0 <= c <= n:
                    raise ClueError(f"{side} clue {i + 1} is {c}{': negative' if c < 0 else ''}, but a {n}x{n} clue must be 0..{n}")
        givens = self.givens or tuple((0,) * n for _ in range(n))
        givens = tuple(tuple(row) for row in givens)
        object.__setattr__(self, "givens", givens)
        if len(givens) != n:
            raise LengthError(f"cells has {len(givens)} rows, but a {n}x{n} puzzle needs {n}")
        for r, row in enumerate(givens):
            if len(row) != n:
                raise LengthError(f"cells row {r + 1} has {len(row)} entries, but needs {n}")
            for c, v in enumerate(row):
                if not _is_int(v):
                    raise GivenError(f"cell R{r + 1}C{c + 1} is {v!r}, not a whole number")
                if not 0 <= v <= n:
                    raise GivenError(f"cell R{r + 1}C{c + 1} is {v}, but a given must be 1..{n} (0 = empty)")
        for r in range(n):
            self._no_repeats([(r, c) for c in range(n)], f"row {r + 1}")
        for c in range(n):
            self._no_repeats([(r, c) for r in range(n)], f"column {c + 1}")
        for a, b, what in (("upper", "lower", "column"), ("left", "right", "row")):
            for i, (x, y) in enumerate(zip(getattr(self, a), getattr(self, b))):
                if x and y and (x + y > n + 1 or (x == 1 and y == 1)):
                    why = (f"both are 1, so the {n} would stand at both ends of it" if x == y == 1 else
                           f"{x} + {y} = {x + y}, but the two ends see at most {n} buildings between them and share "
                           f"only the {n}, so facing clues add up to at most {n + 1}")
                    raise ClashingCluesError(f"{a} clue {i + 1} ({x}) and {b} clue {i + 1} ({y}) face each other "
                                             f"across {what} {i + 1}: {why}")

    def _no_repeats(self, cells: list[tuple[int, int]], where: str) -> None:
        seen: dict[int, tuple[int, int]] = {}
        for r, c in cells:
            v = self.givens[r][c]
            if v:
                if v in seen:
                    r0, c0 = seen[v]
                    raise RepeatedGivenError(
                        f"{v} is given twice in {where}: at R{r0 + 1}C{c0 + 1} and R{r + 1}C{c + 1}"
                    )
                seen[v] = (r, c)

    # ------------------------------------------------------------------ basics
    @property
    def has_givens(self) -> bool:
        return any(any(row) for row in self.givens)

    def clue_count(self) -> int:
        return sum(1 for side in SIDES for c in getattr(self, side) if c)

    def describe(self) -> str:
        s = self.source
        bits = [f"{self.size}x{self.size}"]
        if s and s.label:
            bits.append(f"difficulty {s.label}")
        if s and s.date:
            bits.append(f"date {s.date}")
        return ", ".join(bits)

    # ------------------------------------------------------------------ formats (ascent.puzzle.formats does the work)
    @classmethod
    def from_record(cls, record: Any, label: str | None = None) -> "Puzzle":
        """Read ``{url?, date?, cells?, clues: {upper, lower, left, right}}``."""
        from . import formats

        return formats.from_record(record, label)

    def to_record(self) -> dict[str, Any]:
        from . import formats

        return formats.to_record(self)

    @classmethod
    def from_clues(cls, clues: Sequence[int] | str) -> "Puzzle":
        """Codewars order: top L->R, right T->B, bottom R->L, left B->T (4N numbers, 0 = none)."""
        from . import formats

        return formats.from_clues(clues)

    def to_clues(self) -> tuple[int, ...]:
        from . import formats

        return formats.to_clues(self)

    @classmethod
    def from_keys(cls, keys: str, state: str | None = None, size: int | None = None) -> "Puzzle":
        """Keys: top, bottom, left, right, one digit per clue. State: row-major, '-' (or '0', '.') for empty."""
        from . import formats

        return formats.from_keys(keys, state, size)

    def to_keys(self) -> tuple[str, str | None]:
        from . import formats

        return formats.to_keys(self)

    @classmethod
    def from_tatham(cls, game_id: str) -> "Puzzle":
        """Simon Tatham's Towers game id, ``N:c/c/.../c[,givens]``."""
        from . import formats

        return formats.from_tatham(game_id)

    def to_tatham(self) -> str:
        from . import formats

        return formats.to_tatham(self)
