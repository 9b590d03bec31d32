"""The rules, checked directly on a filled grid. Independent of every technique: the oracle."""

from __future__ import annotations

from .lanes import visible
from .puzzle import Puzzle


def broken_rule(puzzle: Puzzle, rows) -> str | None:
    """None when ``rows`` solves ``puzzle``; otherwise the first rule it breaks, in words."""
    n = puzzle.size
    rows = [list(r) for r in rows]
    if len(rows) != n or any(len(r) != n for r in rows):
        return f"the grid is not {n}x{n}"
    cols = [[rows[r][c] for r in range(n)] for c in range(n)]
    want = list(range(1, n + 1))
    for r in range(n):
        if sorted(rows[r]) != want:
            return f"row {r + 1} does not hold 1..{n} once each"
    for c in range(n):
        if sorted(cols[c]) != want:
            return f"column {c + 1} does not hold 1..{n} once each"
    for r in range(n):
        for c in range(n):
            g = puzzle.givens[r][c]
            if g and rows[r][c] != g:
                return f"R{r + 1}C{c + 1} is given as {g} but holds {rows[r][c]}"
    checks = [
        ("upper", lambda i: cols[i]),
        ("lower", lambda i: cols[i][::-1]),
        ("left", lambda i: rows[i]),
        ("right", lambda i: rows[i][::-1]),
    ]
    for side, lane in checks:
        for i, clue in enumerate(getattr(puzzle, side)):
            if clue and visible(lane(i)) != clue:
                return f"{side} clue {i + 1} is {clue} but {visible(lane(i))} buildings show"
    return None
