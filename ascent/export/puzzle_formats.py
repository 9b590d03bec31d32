"""The puzzle in every input format ascent reads (``ascent.puzzle.formats.FORMATS``), so a shared solve can be
pasted into another solver."""

from __future__ import annotations

from ..puzzle import Puzzle, PuzzleError
from ..puzzle.formats import FORMATS


def formats(puzzle: Puzzle) -> list[tuple[str, str]]:
    """(label, text) for every format of the table, in its order, but web addresses (``Format.address``: a shared
    page names no address but the puzzle's own source).

    A format that cannot hold the puzzle (keys stop at 9x9, clockwise clues carry no givens) says so instead of
    being left out silently.
    """
    out = []
    for f in FORMATS:
        if f.address:
            continue
        try:
            out.append((f.label, f.write(puzzle)))
        except PuzzleError as e:
            out.append((f.label, f"(not available: {e})"))
    return out
