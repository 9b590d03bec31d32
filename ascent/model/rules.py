"""The rules, checked directly on heights: the oracle, independent of every technique.

One checker for every caller: ``first_broken`` reads a grid that may still have open cells (0)
and names the first rule it breaks -- a given overwritten, a height repeated in a row or column,
a full lane that shows the wrong number of buildings; ``broken_rule`` asks the same of a grid
that must be complete. ``check`` and the classic game ask ``first_broken`` and ``lane_broken``.
"""

from __future__ import annotations

from .grid import cell_name
from ..core.lanes import visible
from ..puzzle import Puzzle

GIVEN, REPEAT, CLUE = "given", "repeat", "clue"


def lane_broken(heights, front: int, back: int) -> bool:
    """A full line whose non-zero clues do not count what shows from each end."""
    return (front != 0 and visible(heights) != front) or (back != 0 and visible(heights[::-1]) != back)


def first_broken(puzzle: Puzzle, values) -> tuple[int, str, str] | None:
    """The first rule the flat heights ``values`` (0 = open) break, as (a cell that shows it, the kind:
    ``GIVEN``, ``REPEAT`` or ``CLUE``, the words); None when none is broken so far. Givens come first,
    then repeats (in reading order), then the full lanes, the one with the first cell first."""
    n = puzzle.size
    for i, g in enumerate(g for row in puzzle.givens for g in row):
        if g:
            h = values[i]
            if h and h != g:
                return i, GIVEN, f"{cell_name(i, n)} = {h}, but the puzzle gives {g} there"
    rows = [values[r * n:(r + 1) * n] for r in range(n)]
    cols = [values[c::n] for c in range(n)]
    if any(_repeats(line) for line in rows) or any(_repeats(line) for line in cols):  # else no cell repeats
        for i, h in enumerate(values):
            if not h:
                continue
            r, c = divmod(i, n)
            for j in [r * n + k for k in range(c)] + [k * n + c for k in range(r)]:
                if values[j] == h:
                    where = f"row {r + 1}" if j // n == r else f"column {c + 1}"
                    return i, REPEAT, f"{cell_name(i, n)} = {h} repeats the {h} at {cell_name(j, n)} in {where}"
    broken = []
    for r in range(n):
        row = rows[r]
        broken += _lane(row, puzzle.left[r], r * n, 1, ("row", r, "the left"))
        broken += _lane(row[::-1], puzzle.right[r], r * n, 1, ("row", r, "the right"))
    for c in range(n):
        col = cols[c]
        broken += _lane(col, puzzle.upper[c], c, n, ("column", c, "the top"))
        broken += _lane(col[::-1], puzzle.lower[c], c, n, ("column", c, "the bottom"))
    if broken:
        cell, words = min(broken)
        return cell, CLUE, words
    return None


def _repeats(heights: list[int]) -> bool:
    """Does a height other than 0 (open) appear twice?"""
    placed = [h for h in heights if h]
    return len(set(placed)) != len(placed)


def _lane(heights: list[int], clue: int, first: int, stride: int, where: tuple[str, int, str]) -> list[tuple[int, str]]:
    """A full lane (``heights`` read from its clue; ``first`` its lowest cell) that breaks its clue, in words."""
    if clue and all(heights):
        k = visible(heights)
        if k != clue:
            kind, index, side = where
            return [(first, f"{kind} {index + 1} from {side} shows {k} buildings, but its clue is {clue}")]
    return []


def broken_rule(puzzle: Puzzle, rows) -> str | None:
    """None when ``rows`` solves ``puzzle``; otherwise the first rule it breaks, in words."""
    n = puzzle.size
    rows = [list(r) for r in rows]
    if len(rows) != n or any(len(r) != n for r in rows):
        return f"the grid is not {n}x{n}"
    values = [h for r in rows for h in r]
    if not (set(map(type, values)) == {int} and 1 <= min(values) and max(values) <= n):  # else all are heights
        for i, h in enumerate(values):
            if not (isinstance(h, int) and 1 <= h <= n):
                return f"{cell_name(i, n)} holds {h!r}, not a height 1..{n}"
    hit = first_broken(puzzle, values)
    return None if hit is None else hit[2]
