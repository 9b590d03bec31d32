"""Keys: the clues top, bottom, left, right as one digit each, then (when there are givens) a space and the
state: the cells row by row, '-' (or '0', '.') for an empty one. One character a cell: sizes up to 9."""

from __future__ import annotations

import re

from .parts import (MAX_CHAR_SIZE, MIN_SIZE, SIDES, ClueError, Fields, FormatError, LengthError, SizeError, Stated,
                    digit, sides)

_KEYS = re.compile(r"^\d+(\s+[-.0-9]+)?$")


def looks(text: str) -> bool:
    """Digits (4N of them, at least 12, when alone), or digits, a space and a state."""
    text = text.strip()
    return bool(_KEYS.match(text)) and (" " in text or len(text) % 4 == 0 and len(text) >= 12)


def read(text: str) -> Fields:
    keys, _, state = text.strip().partition(" ")
    return fields(keys, state.strip() or None)


def fields(keys: str, state: str | None = None, size: int | None = None) -> Fields:
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
        if not digit(ch):
            raise FormatError(f"keys position {i + 1} is {ch!r}: {'not an ASCII digit 0-9' if ch.isdigit() else 'not a digit'}")
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
            elif digit(ch):
                cells.append(int(ch))
            else:
                kind = "not an ASCII digit 0-9" if ch.isdigit() else "use a digit or '-'"
                raise FormatError(f"state position {i + 1} (R{i // n + 1}C{i % n + 1}) is {ch!r}: {kind}")
        givens = [tuple(cells[r * n:(r + 1) * n]) for r in range(n)]
    for i, c in enumerate(vals):  # one digit each: never negative, but it may exceed n
        if c > n:
            raise ClueError(f"keys: {SIDES[i // n]} clue {i % n + 1} is {c}, but a {n}x{n} clue must be 0..{n}")
    return {**sides(n, vals), "givens": tuple(givens)}


def to_keys(puzzle: Stated) -> tuple[str, str | None]:
    if puzzle.size > MAX_CHAR_SIZE:
        raise SizeError(f"the keys format stops at {MAX_CHAR_SIZE}x{MAX_CHAR_SIZE}; this puzzle is {puzzle.size}x{puzzle.size}")
    keys = "".join(str(c) for side in SIDES for c in getattr(puzzle, side))
    state = "".join(str(v) if v else "-" for row in puzzle.givens for v in row) if puzzle.has_givens else None
    return keys, state


def write(puzzle: Stated) -> str:
    keys, state = to_keys(puzzle)
    return keys if state is None else f"{keys} {state}"
