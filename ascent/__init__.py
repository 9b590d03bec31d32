"""ascent: solve Skyscrapers puzzles the way a strong human does, and show the working.

    >>> import ascent
    >>> ascent.solve_puzzle([2, 2, 1, 3, 2, 2, 3, 1, 1, 2, 2, 3, 3, 2, 1, 3])
    ((1, 3, 4, 2), (4, 2, 1, 3), (3, 4, 2, 1), (2, 1, 3, 4))
"""

from .engine import ORDER as TECHNIQUE_NAMES
from .engine import UnknownTechnique, solve
from .grid import Contradiction, Grid
from .puzzle import (
    ClashingCluesError,
    ClueError,
    FormatError,
    GivenError,
    LengthError,
    Puzzle,
    PuzzleError,
    RepeatedGivenError,
    SizeError,
    Source,
)
from .hint import Hint, hint
from .rules import broken_rule
from .trace import AMBIGUOUS, CONTRADICTION, SOLVED, STUCK, Pass, Result, Step


class UnsolvableError(ValueError):
    """The puzzle has no solution, or more than one."""


def solve_puzzle(clues) -> tuple[tuple[int, ...], ...]:
    """The Codewars kata: 4N clockwise clues in, the rows of the only solution out."""
    result = solve(Puzzle.from_clues(clues))
    if result.status != SOLVED:
        what = {"contradiction": "the puzzle has no solution", "ambiguous": "the puzzle is ambiguous: it has more than one solution"}
        detail = result.message.removeprefix("no solution: ").removeprefix("more than one solution: ")
        raise UnsolvableError(f"{what.get(result.status, 'the puzzle is not solved')} ({detail})")
    return result.solution


__all__ = [
    "AMBIGUOUS", "CONTRADICTION", "SOLVED", "STUCK", "TECHNIQUE_NAMES",
    "ClashingCluesError", "ClueError", "Contradiction", "FormatError", "GivenError", "Grid", "LengthError",
    "Pass", "Puzzle", "PuzzleError", "RepeatedGivenError", "Result", "SizeError", "Source", "Step",
    "UnknownTechnique", "UnsolvableError", "broken_rule", "Hint", "hint", "solve", "solve_puzzle",
]
