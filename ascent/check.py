"""Check a filled or partial grid against the rules and the puzzle's unique solution.

    verdict = check(puzzle, parse_grid("1342 4213 3421 2134", 4))
    verdict.wrong    # (cell, why) for the first wrong cell in reading order, or None

It never says what the right height is: ``verdict.solution`` is there for a caller that is asked
to reveal it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .engine import solve
from .grid import cell_name
from .lanes import visible
from .puzzle import FormatError, LengthError, Puzzle
from .trace import SOLVED

EMPTY = "-.0_"


def parse_grid(text: str, n: int) -> list[int]:
    """N*N cells in reading order: ASCII digits (A-C for 10-12), '-', '.', '0' or '_' for empty.
    Spaces, commas, '/' and '|' between cells are ignored."""
    cells = []
    for i, ch in enumerate(c for c in text if c not in " \t\n,/|;"):
        if ch in EMPTY:
            cells.append(0)
        elif "1" <= ch <= "9" or ch.upper() in "ABC":
            letter = not ch.isdigit()
            h = int(ch) if not letter else 10 + "ABC".index(ch.upper())
            if h > n:
                top = f"a {n}x{n} height is 1..{n}"
                why = (f"letters A-C are heights 10-12, which a {n}x{n} does not have; {top}" if letter else
                       f"{h} is too tall: {top}")
                raise FormatError(f"grid cell {i + 1} ({_where(i, n)}) is {ch!r}: {why}")
            cells.append(h)
        else:
            kind = "not an ASCII digit 0-9" if ch.isdigit() else "use a height or '-' for an empty cell"
            raise FormatError(f"grid cell {i + 1} ({_where(i, n)}) is {ch!r}: {kind}")
    if len(cells) != n * n:
        raise LengthError(f"the grid has {len(cells)} cells, but a {n}x{n} puzzle needs {n * n}")
    return cells


def _where(i: int, n: int) -> str:
    """R2C3 for cell i of an n-wide grid (past the end of the grid: only the cell's number is sure)."""
    return f"R{i // n + 1}C{i % n + 1}" if i < n * n else "past the grid's end"


@dataclass(frozen=True)
class Verdict:
    placed: int  # cells holding a height
    open: int  # empty cells
    wrong: tuple[int, str] | None  # the first wrong cell in reading order, and why
    status: str  # the puzzle's own status: solved (unique), ambiguous, contradiction
    solution: tuple[tuple[int, ...], ...] | None  # only for a caller asked to reveal it


def _rule_broken(puzzle: Puzzle, values: list[int]) -> tuple[int, str] | None:
    n = puzzle.size

    def name(i: int) -> str:
        return cell_name(i, n)

    for i, h in enumerate(values):
        g = puzzle.givens[i // n][i % n]
        if g and h and h != g:
            return i, f"{name(i)} = {h}, but the puzzle gives {g} there"
    for i, h in enumerate(values):
        if not h:
            continue
        r, c = divmod(i, n)
        for j in [r * n + k for k in range(c)] + [k * n + c for k in range(r)]:
            if values[j] == h:
                where = f"row {r + 1}" if j // n == r else f"column {c + 1}"
                return i, f"{name(i)} = {h} repeats the {h} at {name(j)} in {where}"
    lanes = []
    for r in range(n):
        row = [r * n + c for c in range(n)]
        lanes += [(puzzle.left[r], row, f"row {r + 1} from the left"), (puzzle.right[r], row[::-1], f"row {r + 1} from the right")]
    for c in range(n):
        col = [r * n + c for r in range(n)]
        lanes += [(puzzle.upper[c], col, f"column {c + 1} from the top"), (puzzle.lower[c], col[::-1], f"column {c + 1} from the bottom")]
    broken = []
    for clue, cells, where in lanes:
        if clue and all(values[x] for x in cells):
            k = visible([values[x] for x in cells])
            if k != clue:
                broken.append((min(cells), f"{where} shows {k} buildings, but its clue is {clue}"))
    return min(broken) if broken else None


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
