"""FORMATS: every puzzle format ascent reads and writes, one row each, like the techniques' TABLE.

Adding a format is one module (``looks``, ``read`` and ``write``, as in ``tatham.py``) and one row here: then
``ascent convert --to``, ``ascent generate --format``, ``--file`` (one puzzle a line: ``ascent.puzzle.textlines``)
and the share pages (``ascent.export.puzzle_formats``) all know it.

A module's ``read`` gives the puzzle's fields and does no I/O; ``read`` here makes them a checked ``Puzzle``.
Positions in messages count from 1, as cells do (R1C1). Digits must be ASCII 0-9: a fullwidth or Arabic-Indic
digit is refused and named, never read as a number by accident.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from . import Puzzle, clues, keys, puzzlink, record, tatham
from .parts import Fields, FormatError, json_kind, why_not_number  # noqa: F401  (json_kind, why_not_number: for
                                                                   # the save files' and the options' messages)


@dataclass(frozen=True)
class Format:
    name: str  # as --to, --format and messages name it
    label: str  # as the share pages show it
    looks: Callable[[str], bool]  # does one line of text have this format's shape (``textlines.kind``)?
    read: Callable[[str], Fields]  # the text -> the puzzle's fields; a PuzzleError (FormatError, ...) saying why not
    write: Callable[[Puzzle], str]  # the puzzle -> the text; a PuzzleError when the format cannot hold it
    example: str  # what a line of it looks like
    address: bool = False  # a web address: the share pages leave it out (they name no address but the puzzle's source)


# The order is the order ``ascent convert`` writes them in; a line's shape fits at most one (``clues.looks``
# leaves keys to ``keys.looks``).
FORMATS: tuple[Format, ...] = (
    Format("record", "record JSON", record.looks, record.read, record.write, '{"clues": {"upper": [...], ...}}'),
    Format("clues", "clockwise clues", clues.looks, clues.read, clues.write, "2 2 1 3 ...  /  2,2,1,3,..."),
    Format("keys", "keys", keys.looks, keys.read, keys.write, "02032000000020100100 [--1--3...]"),
    Format("tatham", "Tatham game id", tatham.looks, tatham.read, tatham.write, "5:2//3/...[,givens]"),
    Format("puzzlink", "puzz.link address", puzzlink.looks, puzzlink.read, puzzlink.write,
           "https://puzz.link/p?skyscrapers/...", address=True),
)
BY_NAME: dict[str, Format] = {f.name: f for f in FORMATS}
NAMES: tuple[str, ...] = tuple(BY_NAME)


def of(name: str) -> Format:
    """The row named ``name``; FormatError naming the known ones otherwise."""
    if name not in BY_NAME:
        raise FormatError(f"unknown format {name!r}; known: {', '.join(NAMES)}")
    return BY_NAME[name]


def kind(text: str) -> Optional[str]:
    """Which format ``text`` has the shape of, or None for none of them."""
    return next((f.name for f in FORMATS if f.looks(text)), None)


def read(name: str, text: str) -> Puzzle:
    """The puzzle ``text`` states in format ``name``."""
    return Puzzle(**of(name).read(text))


def write(puzzle: Puzzle, name: str) -> str:
    """The puzzle in one format, as the text a person pastes (``ascent convert``)."""
    return of(name).write(puzzle)
