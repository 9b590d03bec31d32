"""Clockwise clues (Codewars): 4N numbers, top L->R, right T->B, bottom R->L, left B->T, 0 = none; written
"2 2 1 3 ...", "2,2,1,3,..." or a pasted array "[2, 2, 1, 3, ...]". They carry no givens."""

from __future__ import annotations

import re
from typing import Sequence

from . import keys
from .parts import MAX_SIZE, MIN_SIZE, ClueError, Fields, FormatError, LengthError, SizeError, Stated, is_int, numbers


def looks(text: str) -> bool:
    """Numbers apart, and not keys (one long number, or keys and a state: ``keys.looks``)."""
    text = text.strip()
    return bool(re.fullmatch(r"\[?[\s\d,;-]+\]?", text) and re.search(r"\d", text)) and not keys.looks(text)


def read(text: str) -> Fields:
    return fields(text)


def fields(clues: Sequence[int] | str) -> Fields:
    """Codewars order: top L->R, right T->B, bottom R->L, left B->T (4N numbers, 0 = none)."""
    if isinstance(clues, str):
        clues = numbers(clues, "clockwise clue")
    clues = list(clues)
    if len(clues) % 4 or not clues:
        raise LengthError(f"clockwise clues need 4N numbers, got {len(clues)}")
    n = len(clues) // 4
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise SizeError(f"{len(clues)} clockwise clues make a {n}x{n} puzzle, but the size must be {MIN_SIZE}..{MAX_SIZE}")
    for i, c in enumerate(clues):
        if not is_int(c):
            raise ClueError(f"clockwise clue {i + 1} is {c!r}, not a whole number")
        if c < 0:
            raise ClueError(f"clockwise clue {i + 1} is {c}: negative, but a {n}x{n} clue must be 0..{n}")
        if c > n:
            raise ClueError(f"clockwise clue {i + 1} is {c}, but a {n}x{n} clue must be 0..{n}")
    return {"size": n, "upper": tuple(clues[0:n]), "right": tuple(clues[n:2 * n]),
            "lower": tuple(reversed(clues[2 * n:3 * n])), "left": tuple(reversed(clues[3 * n:4 * n]))}


def to_clues(puzzle: Stated) -> tuple[int, ...]:
    return puzzle.upper + puzzle.right + tuple(reversed(puzzle.lower)) + tuple(reversed(puzzle.left))


def write(puzzle: Stated) -> str:
    if puzzle.has_givens:
        raise FormatError("clockwise clues cannot carry givens; this puzzle has some: use keys, tatham or record")
    return " ".join(map(str, to_clues(puzzle)))
