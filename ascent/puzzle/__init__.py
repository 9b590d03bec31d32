"""Puzzle: the frozen statement of a Skyscrapers puzzle and its validation.

Clues sit on four sides, 0 meaning no clue: ``upper`` and ``lower`` read left to right,
``left`` and ``right`` read top to bottom. ``givens`` holds pre-filled cells (0 = empty).

The formats, one module each, and FORMATS, their table (``ascent.puzzle.formats``):
    record    {"url", "cells", "clues": {"upper", "lower", "left", "right"}}  (brainbashers / ascendant)
    clues     4N clockwise clues (Codewars): top L->R, right T->B, bottom R->L, left B->T
    keys      top, bottom, left, right as one digit each, plus a row-major state with '-' for empty
    tatham    Simon Tatham's Towers game id: "N:c/c/.../c[,givens]"
    puzzlink  a puzz.link address, https://puzz.link/p?skyscrapers/N/N/...
A format module reads text into the puzzle's fields (``ascent.puzzle.parts``) and never imports ``Puzzle``:
so ``Puzzle.from_*`` below are one line each over those modules, with no import cycle. The package imports
nothing else of ascent, and its readers do no I/O (``textlines.read`` is given a resolver for web addresses).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from . import clues as _clues, keys as _keys, record as _record, tatham as _tatham
from .parts import (MAX_CHAR_SIZE, MAX_SIZE, MIN_SIZE, SIDES, ClashingCluesError, ClueError, FormatError,  # noqa: F401
                    GivenError, LengthError, PuzzleError, RepeatedGivenError, SizeError, Source, date_from_url,
                    is_int as _is_int)


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

    # ------------------------------------------------------------------ formats (one module each: see the top)
    @classmethod
    def from_record(cls, record: Any, label: str | None = None) -> "Puzzle":
        """Read ``{url?, date?, cells?, clues: {upper, lower, left, right}}``."""
        return cls(**_record.fields(record, label))

    def to_record(self) -> dict[str, Any]:
        return _record.to_record(self)

    @classmethod
    def from_clues(cls, clues: Sequence[int] | str) -> "Puzzle":
        """Codewars order: top L->R, right T->B, bottom R->L, left B->T (4N numbers, 0 = none)."""
        return cls(**_clues.fields(clues))

    def to_clues(self) -> tuple[int, ...]:
        return _clues.to_clues(self)

    @classmethod
    def from_keys(cls, keys: str, state: str | None = None, size: int | None = None) -> "Puzzle":
        """Keys: top, bottom, left, right, one digit per clue. State: row-major, '-' (or '0', '.') for empty."""
        return cls(**_keys.fields(keys, state, size))

    def to_keys(self) -> tuple[str, str | None]:
        return _keys.to_keys(self)

    @classmethod
    def from_tatham(cls, game_id: str) -> "Puzzle":
        """Simon Tatham's Towers game id, ``N:c/c/.../c[,givens]``."""
        return cls(**_tatham.read(game_id))

    def to_tatham(self) -> str:
        return _tatham.write(self)
