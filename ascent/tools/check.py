"""Check a filled or partial grid against the rules and the puzzle's unique solution.

    verdict = check(puzzle, parse_grid("1342 4213 3421 2134", 4))
    verdict.wrong    # (cell, why) for the first wrong cell in reading order, or None

It never says what the right height is: ``verdict.solution`` is there for a caller that is asked
to reveal it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..solver.engine import solve
from ..model.grid import cell_name
from ..show.gridtext import read_grid
from ..puzzle import Puzzle
from ..model.rules import first_broken
from ..model.trace import SOLVED

def parse_grid(text: str, n: int) -> list[int]:
    """N*N heights in reading order (0 = empty), as ``gridtext.read_grid`` reads them (pencil marks
    count as empty). Raises ``GridError``, a FormatError."""
    return read_grid(text, n)[0]


@dataclass(frozen=True)
class Verdict:
    placed: int  # cells holding a height
    open: int  # empty cells
    wrong: tuple[int, str] | None  # the first wrong cell in reading order, and why
    status: str  # the puzzle's own status: solved (unique), ambiguous, contradiction
    solution: tuple[tuple[int, ...], ...] | None  # only for a caller asked to reveal it


def _rule_broken(puzzle: Puzzle, values: list[int]) -> tuple[int, str] | None:
    hit = first_broken(puzzle, values)  # the one rule checker
    return None if hit is None else (hit[0], hit[2])


def check(puzzle: Puzzle, values: list[int]) -> Verdict:
    placed = sum(1 for h in values if h)
    result = solve(puzzle)
    wrong = _rule_broken(puzzle, values)
    if wrong is None and result.status == SOLVED:
        truth = [h for row in result.solution for h in row]
        n = puzzle.size
        wrong = next(((i, f"{cell_name(i, n)} = {h} is not the height the solution has there")
                      for i, h in enumerate(values) if h and h != truth[i]), None)
    return Verdict(placed, len(values) - placed, wrong, result.status, result.solution)
