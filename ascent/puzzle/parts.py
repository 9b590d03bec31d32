"""What every puzzle format reads into and checks against: the sizes, the four sides, ``Source``, the errors,
and the small readers of numbers they share. Imports nothing of ascent: the format modules and ``Puzzle``
(``ascent.puzzle``) all stand on it.

A format module's reader gives a puzzle's *fields* (a dict of ``Puzzle``'s keywords: size, upper, lower, left,
right, givens, source); ``Puzzle(**fields)`` checks them. So a reader never needs the ``Puzzle`` class, and
``Puzzle.from_*`` can call the readers without an import cycle.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Protocol

MIN_SIZE, MAX_SIZE = 3, 12
MAX_CHAR_SIZE = 9  # formats with one character per cell stop here
SIDES = ("upper", "lower", "left", "right")

Fields = dict[str, Any]  # Puzzle's keywords, as a reader gives them


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


class Stated(Protocol):
    """What a writer reads of a puzzle (``ascent.puzzle.Puzzle`` is one)."""

    size: int
    upper: tuple[int, ...]
    lower: tuple[int, ...]
    left: tuple[int, ...]
    right: tuple[int, ...]
    givens: tuple[tuple[int, ...], ...]
    source: Source | None

    @property
    def has_givens(self) -> bool: ...


_DATE_IN_URL = re.compile(r"[?&]date=(\d{4})\b")


def date_from_url(url: str | None) -> str | None:
    if not url:
        return None
    m = _DATE_IN_URL.search(url)
    return m.group(1) if m else None


def is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def digit(ch: str) -> bool:
    """An ASCII digit 0-9 (a fullwidth or Arabic-Indic digit is not one)."""
    return "0" <= ch <= "9"


def why_not_number(tok: str) -> str | None:
    """Why ``tok`` is not a whole number in ASCII digits ("negative", ...), or None when it is one."""
    if tok and all(digit(ch) for ch in tok):
        return None
    if tok.startswith("-") and tok[1:] and all(digit(ch) for ch in tok[1:]):
        return "negative"
    if any(ch.isdigit() for ch in tok):
        return "not written in ASCII digits 0-9"
    return "not a number"


def numbers(text: str, what: str) -> list[int]:
    """Whole numbers separated by spaces, commas or semicolons; a pasted [ ... ] array is fine too."""
    body = text.strip()
    if body.startswith("[") and body.endswith("]"):
        body = body[1:-1]
    out = []
    for i, tok in enumerate(t for t in re.split(r"[\s,;]+", body.strip()) if t):
        problem = why_not_number(tok)
        if problem:
            raise FormatError(f"{what} {i + 1} is {tok!r}: {problem}")
        if len(tok) > 9:  # never a clue; and Python will not read a number of thousands of digits
            raise ClueError(f"{what} {i + 1} is {tok[:9]}... ({len(tok)} digits): far too large")
        out.append(int(tok))
    return out


def json_kind(value: Any) -> str:
    """What a JSON value is, in JSON's own words: null, true, a number, a string, a list, an object."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value}" if len(repr(value)) <= 20 else "a number"
    if isinstance(value, str):
        return f"the string {value!r}" if len(value) <= 20 else "a string"
    return "a list" if isinstance(value, list) else "an object"


def sides(n: int, values) -> Fields:
    """The four sides' clues of ``4n`` values in the order top, bottom, left, right, as fields."""
    values = tuple(values)
    return {"size": n, "upper": values[0:n], "lower": values[n:2 * n], "left": values[2 * n:3 * n],
            "right": values[3 * n:4 * n]}
