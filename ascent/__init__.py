"""ascent: solve Skyscrapers puzzles the way a strong human does, and show the working.

    >>> import ascent
    >>> ascent.solve_puzzle([2, 2, 1, 3, 2, 2, 3, 1, 1, 2, 2, 3, 3, 2, 1, 3])
    ((1, 3, 4, 2), (4, 2, 1, 3), (3, 4, 2, 1), (2, 1, 3, 4))
"""

import importlib

__version__ = "0.1.0"  # pyproject.toml's; a test keeps them equal
import sys
import types

# What ``import ascent`` offers, loaded on first use: the command line imports only what each
# command needs, so ``ascent --version`` starts at once.
_LAZY = {
    "TECHNIQUE_NAMES": ("solver.engine", "ORDER"), "UnknownTechnique": ("solver.engine", None), "solve": ("solver.engine", None),
    "Contradiction": ("model.grid", None), "Grid": ("model.grid", None),
    **{name: ("puzzle", None) for name in ("ClashingCluesError", "ClueError", "FormatError", "GivenError",
                                           "LengthError", "Puzzle", "PuzzleError", "RepeatedGivenError",
                                           "SizeError", "Source")},
    "Hint": ("tools.hint", None), "hint": ("tools.hint", None), "broken_rule": ("model.rules", None),
    **{name: ("model.trace", None) for name in ("AMBIGUOUS", "CONTRADICTION", "SOLVED", "STUCK", "Pass", "Result", "Step")},
}


def __getattr__(name: str):
    if name in _LAZY:
        module, attr = _LAZY[name]
        value = getattr(importlib.import_module(f".{module}", __name__), attr or name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_LAZY))


class _Package(types.ModuleType):
    """``ascent.hint`` is the function, even after ``ascent.tools.hint`` the module is imported (which
    would otherwise bind the module over it); the module stays in ``sys.modules``."""

    def __setattr__(self, name, value):
        if name == "hint" and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


class UnsolvableError(ValueError):
    """The puzzle has no solution, or more than one."""


def solve_puzzle(clues) -> tuple[tuple[int, ...], ...]:
    """The Codewars kata: 4N clockwise clues in, the rows of the only solution out.

    Only the answer is wanted, so no trace is kept: the fast core counts solutions up to two
    (``solver.search.search``, each solution checked against the rules), as the finisher does."""
    from .solver.search import search
    from .model.grid import Grid
    from .puzzle import Puzzle

    puzzle = Puzzle.from_clues(clues)
    found = search(Grid.start(puzzle), 2)
    if not found:
        raise UnsolvableError("the puzzle has no solution: trying every possibility finds none")
    if len(found) > 1:
        a, b = found
        n = puzzle.size
        r, c = next((r, c) for r in range(n) for c in range(n) if a[r][c] != b[r][c])
        raise UnsolvableError(f"the puzzle is ambiguous: it has more than one solution "
                              f"(R{r + 1}C{c + 1} can be {a[r][c]} or {b[r][c]})")
    return found[0]


__all__ = [
    "AMBIGUOUS", "CONTRADICTION", "SOLVED", "STUCK", "TECHNIQUE_NAMES",
    "ClashingCluesError", "ClueError", "Contradiction", "FormatError", "GivenError", "Grid", "LengthError",
    "Pass", "Puzzle", "PuzzleError", "RepeatedGivenError", "Result", "SizeError", "Source", "Step",
    "UnknownTechnique", "UnsolvableError", "broken_rule", "Hint", "hint", "solve", "solve_puzzle",
]
