"""Puzzle: the frozen statement of a Skyscrapers puzzle, its validation, and every text format.

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
                    raise ClueError(f"clue {side}[{i}] is {c!r}, not a whole number")
                if not 0 <= c <= n:
                    raise ClueError(f"clue {side}[{i}] is {c}, but a {n}x{n} clue must be 0..{n}")
        givens = self.givens or tuple((0,) * n for _ in range(n))
        givens = tuple(tuple(row) for row in givens)
        object.__setattr__(self, "givens", givens)
        if len(givens) != n:
            raise LengthError(f"cells has {len(givens)} rows, but a {n}x{n} puzzle needs {n}")
        for r, row in enumerate(givens):
            if len(row) != n:
                raise LengthError(f"cells row {r} has {len(row)} entries, but needs {n}")
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
                    raise ClashingCluesError(
                        f"clues {a}[{i}]={x} and {b}[{i}]={y} face each other across {what} {i + 1}, "
                        f"and no {what} of {n} can show both (at most {n + 1} in sum, never 1 and 1)"
                    )

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

    # ------------------------------------------------------------------ record
    @classmethod
    def from_record(cls, record: Any, label: str | None = None) -> "Puzzle":
        """Read ``{url?, date?, cells?, clues: {upper, lower, left, right}}``."""
        if not isinstance(record, dict):
            raise FormatError(f"a puzzle record must be a JSON object, not {type(record).__name__}")
        clues = record.get("clues")
        if not isinstance(clues, dict):
            raise FormatError("record has no 'clues' object with upper, lower, left and right")
        for side in SIDES:
            if not isinstance(clues.get(side), list):
                raise FormatError(f"record clues.{side} is missing or not a list")
        n = len(clues["upper"])
        cells = record.get("cells")
        if cells is None:
            cells = [[0] * n for _ in range(n)]
        if not isinstance(cells, list) or not all(isinstance(row, list) for row in cells):
            raise FormatError("record 'cells' must be a list of rows")
        url = record.get("url") if isinstance(record.get("url"), str) else None
        date = record.get("date") if isinstance(record.get("date"), str) else date_from_url(url)
        return cls(
            size=n,
            upper=tuple(clues["upper"]),
            lower=tuple(clues["lower"]),
            left=tuple(clues["left"]),
            right=tuple(clues["right"]),
            givens=tuple(tuple(row) for row in cells),
            source=Source(url=url, date=date, label=label),
        )

    def to_record(self) -> dict[str, Any]:
        rec: dict[str, Any] = {}
        if self.source and self.source.url:
            rec["url"] = self.source.url
        elif self.source and self.source.date:
            rec["date"] = self.source.date
        rec["cells"] = [list(row) for row in self.givens]
        rec["clues"] = {side: list(getattr(self, side)) for side in SIDES}
        return rec

    # ------------------------------------------------------------------ clockwise clues
    @classmethod
    def from_clues(cls, clues: Sequence[int] | str) -> "Puzzle":
        """Codewars order: top L->R, right T->B, bottom R->L, left B->T (4N numbers, 0 = none)."""
        if isinstance(clues, str):
            clues = _numbers(clues, "clues")
        clues = list(clues)
        if len(clues) % 4 or not clues:
            raise LengthError(f"clockwise clues need 4N numbers, got {len(clues)}")
        n = len(clues) // 4
        if not MIN_SIZE <= n <= MAX_SIZE:
            raise SizeError(f"{len(clues)} clockwise clues make a {n}x{n} puzzle, but the size must be {MIN_SIZE}..{MAX_SIZE}")
        for i, c in enumerate(clues):
            if not _is_int(c):
                raise ClueError(f"clockwise clue {i} is {c!r}, not a whole number")
            if not 0 <= c <= n:
                raise ClueError(f"clockwise clue {i} is {c}, but a {n}x{n} clue must be 0..{n}")
        return cls(
            size=n,
            upper=tuple(clues[0:n]),
            right=tuple(clues[n : 2 * n]),
            lower=tuple(reversed(clues[2 * n : 3 * n])),
            left=tuple(reversed(clues[3 * n : 4 * n])),
        )

    def to_clues(self) -> tuple[int, ...]:
        return self.upper + self.right + tuple(reversed(self.lower)) + tuple(reversed(self.left))

    # ------------------------------------------------------------------ keys + state
    @classmethod
    def from_keys(cls, keys: str, state: str | None = None, size: int | None = None) -> "Puzzle":
        """Keys: top, bottom, left, right, one digit per clue. State: row-major, '-' (or '0', '.') for empty."""
        keys = keys.strip()
        if len(keys) % 4 or not keys:
            raise LengthError(f"keys has {len(keys)} characters, but needs 4N (top, bottom, left, right)")
        n = len(keys) // 4
        if size is not None and size != n:
            raise LengthError(f"keys has {len(keys)} characters, but size {size} needs {4 * size}")
        if not MIN_SIZE <= n <= MAX_CHAR_SIZE:
            raise SizeError(f"keys make a {n}x{n} puzzle, but this format works for sizes {MIN_SIZE}..{MAX_CHAR_SIZE}")
        vals = []
        for i, ch in enumerate(keys):
            if not ch.isdigit():
                raise FormatError(f"keys position {i} is {ch!r}, not a digit")
            vals.append(int(ch))
        givens: list[tuple[int, ...]] = []
        if state is not None:
            state = state.strip()
            if len(state) != n * n:
                raise LengthError(f"state has {len(state)} characters, but a {n}x{n} puzzle needs {n * n}")
            cells = []
            for i, ch in enumerate(state):
                if ch in "-.0":
                    cells.append(0)
                elif ch.isdigit():
                    cells.append(int(ch))
                else:
                    raise FormatError(f"state position {i} (R{i // n + 1}C{i % n + 1}) is {ch!r}: use a digit or '-'")
            givens = [tuple(cells[r * n : (r + 1) * n]) for r in range(n)]
        try:
            return cls(n, tuple(vals[0:n]), tuple(vals[n : 2 * n]), tuple(vals[2 * n : 3 * n]), tuple(vals[3 * n :]), tuple(givens))
        except ClueError as e:
            raise ClueError(f"keys: {e}") from None

    def to_keys(self) -> tuple[str, str | None]:
        if self.size > MAX_CHAR_SIZE:
            raise SizeError(f"the keys format stops at {MAX_CHAR_SIZE}x{MAX_CHAR_SIZE}; this puzzle is {self.size}x{self.size}")
        keys = "".join(str(c) for side in SIDES for c in getattr(self, side))
        state = "".join(str(v) if v else "-" for row in self.givens for v in row) if self.has_givens else None
        return keys, state

    # ------------------------------------------------------------------ Tatham
    @classmethod
    def from_tatham(cls, game_id: str) -> "Puzzle":
        """``N:top/bottom/left/right clues joined by '/', empty = none[,givens]``.

        Givens are run-length: a-z are runs of 1-26 empty cells, numbers are givens, '_' separates
        two adjacent givens.
        """
        game_id = game_id.strip()
        head, sep, rest = game_id.partition(":")
        if not sep or not head.isdigit():
            raise FormatError(f"Tatham game id {game_id!r} must start with the size and a colon, as in '6:...'")
        n = int(head)
        if not MIN_SIZE <= n <= MAX_SIZE:
            raise SizeError(f"Tatham game id size is {n}, but it must be {MIN_SIZE}..{MAX_SIZE}")
        clue_text, _, grid_text = rest.partition(",")
        parts = clue_text.split("/")
        if len(parts) != 4 * n:
            raise LengthError(f"Tatham game id has {len(parts)} clues, but a {n}x{n} puzzle needs {4 * n}")
        vals = []
        for i, p in enumerate(parts):
            if p == "":
                vals.append(0)
            elif p.isdigit():
                vals.append(int(p))
            else:
                raise FormatError(f"Tatham clue {i} is {p!r}, not a number")
        cells: list[int] = []
        i = 0
        last_was_number = False
        while i < len(grid_text):
            ch = grid_text[i]
            if "a" <= ch <= "z":
                cells.extend([0] * (ord(ch) - ord("a") + 1))
                last_was_number = False
                i += 1
            elif ch.isdigit():
                if last_was_number:
                    raise FormatError(f"Tatham givens position {i}: two givens must be separated by '_'")
                j = i
                while j < len(grid_text) and grid_text[j].isdigit():
                    j += 1
                cells.append(int(grid_text[i:j]))
                last_was_number = True
                i = j
            elif ch == "_":
                last_was_number = False
                i += 1
            else:
                raise FormatError(f"Tatham givens position {i} is {ch!r}: use a-z, digits or '_'")
        givens: tuple[tuple[int, ...], ...] = ()
        if grid_text:
            if len(cells) != n * n:
                raise LengthError(f"Tatham givens describe {len(cells)} cells, but a {n}x{n} puzzle has {n * n}")
            givens = tuple(tuple(cells[r * n : (r + 1) * n]) for r in range(n))
        return cls(n, tuple(vals[0:n]), tuple(vals[n : 2 * n]), tuple(vals[2 * n : 3 * n]), tuple(vals[3 * n :]), givens)

    def to_tatham(self) -> str:
        clues = "/".join(str(c) if c else "" for side in SIDES for c in getattr(self, side))
        text = f"{self.size}:{clues}"
        if not self.has_givens:
            return text
        out = []
        run = 0
        prev_number = False
        for v in (v for row in self.givens for v in row):
            if v == 0:
                run += 1
                continue
            while run:
                k = min(run, 26)
                out.append(chr(ord("a") + k - 1))
                run -= k
                prev_number = False
            if prev_number:
                out.append("_")
            out.append(str(v))
            prev_number = True
        while run:
            k = min(run, 26)
            out.append(chr(ord("a") + k - 1))
            run -= k
        return text + "," + "".join(out)


def _numbers(text: str, what: str) -> list[int]:
    out = []
    for i, tok in enumerate(re.split(r"[\s,;]+", text.strip())):
        if tok == "":
            continue
        if not tok.isdigit():
            raise FormatError(f"{what} item {i} is {tok!r}, not a number")
        out.append(int(tok))
    return out
