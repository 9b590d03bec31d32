"""Loopover: turn a board into a target arrangement by rotating rows and columns.

    >>> from loopover import loopover
    >>> loopover([["A", "C"], ["B", "D"]], [["A", "B"], ["C", "D"]]) is not None
    True

Its own small package beside the Skyscrapers engine: a frozen ``Board`` whose only writer is
``apply``, solvers that record every move under a named phase, and nothing that prints.
"""

try:
    import numpy  # noqa: F401  (the [loopover] extra: the pattern tables and the searches they bound)
except ImportError:
    raise ModuleNotFoundError("Loopover needs numpy, which is not installed: pip install 'ascent[loopover]'",
                              name="numpy") from None

from .board import (Board, LoopoverError, MoveError, RaggedRowsError, RepeatedSymbolError, ShapeError,
                    SymbolError, SymbolSetError)
from .search import OPTIMAL_CELLS, SearchTooLarge, shortest
from .solve import MAX_SIDE, MODES, ModeError, Phase, SizeError, Solution, loopover, relabel, solve, unsolvable_reason
from .tidy import tidy

__all__ = [
    "MAX_SIDE", "MODES", "OPTIMAL_CELLS", "SizeError", "Board", "LoopoverError", "ModeError", "MoveError", "Phase", "RaggedRowsError",
    "RepeatedSymbolError", "SearchTooLarge", "ShapeError", "Solution", "SymbolError", "SymbolSetError",
    "loopover", "relabel", "shortest", "solve", "tidy", "unsolvable_reason",
]
