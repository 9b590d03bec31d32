"""The answers the minimizer remembers while it cuts one chain (``Minimizer.found``) go stale exactly where they read:
``_reached`` is remembered by the contradiction and what its line holds, so two grids that differ only on that line
get their own answers, and grids that differ only off it share one."""

from __future__ import annotations

from ascent import Puzzle
from ascent.model.grid import Conflict, Grid, Lane
from ascent.solver.chains import Minimizer


def b(d: int) -> int:
    return 1 << (d - 1)


def blank(n: int = 4) -> tuple[Grid, Minimizer]:
    """A grid of size n with no clues and every candidate open, and a minimizer with no techniques."""
    puzzle = Puzzle.from_clues([0] * (4 * n))
    return Grid.start(puzzle), Minimizer(puzzle, (), lambda: None)


def test_reached_is_remembered_by_what_its_line_holds():
    """Row 2 with 1 gone from every cell shows "no cell can hold 1"; the same grid with 1 back in R2C3 (a change on
    row 2 alone) does not, though the answer for the first grid is remembered; a change off row 2 keeps the answer."""
    grid, chains = blank()
    n = grid.n
    row2 = grid.lines[1]
    conflict = Conflict("no cell can hold 1 any more", row2.cells, row2, 1)
    broken = grid.copy()
    for c in row2.cells:
        broken.masks[c] &= ~b(1)
    chains.found = {}
    assert chains._reached(broken, conflict)
    assert chains.found  # remembered
    mended = broken.copy()
    mended.masks[n + 2] |= b(1)  # R2C3 holds 1 again: only row 2 differs
    assert not chains._reached(mended, conflict)
    assert chains._reached(broken, conflict)  # each grid its own answer, from memory
    off = broken.copy()
    off.masks[0] &= ~b(2)  # R1C1: off row 2
    assert chains._reached(off, conflict)
    chains.found = {}
    assert not chains._reached(mended, conflict) and chains._reached(off, conflict)  # the same afresh


def test_reached_reads_the_contradiction_too():
    """Two contradictions on the same line of the same grid are answered apart: the line lacks 1, not 2."""
    grid, chains = blank()
    row2 = grid.lines[1]
    trial = grid.copy()
    for c in row2.cells:
        trial.masks[c] &= ~b(1)
    chains.found = {}
    column = grid.lines[grid.n + 1]
    assert chains._reached(trial, Conflict("no cell can hold 1 any more", row2.cells, row2, 1))
    assert not chains._reached(trial, Conflict("no cell can hold 1 any more", column.cells, column, 1))


def test_a_lane_equal_to_one_of_the_puzzles_is_found_in_its_line():
    """``_line_of`` finds a lane by its identity, and one read back from elsewhere (equal, not the same object) by
    a walk: both give the line with those cells."""
    grid, chains = blank()
    row2 = grid.lines[1]
    assert chains._line_of(grid, row2.back) is not None and chains._line_of(grid, row2.back).cells == row2.cells
    copy = Lane(row2.back.side, row2.back.index, row2.back.cells, row2.back.clue)
    assert copy is not row2.back and copy == row2.back
    assert chains._line_of(grid, copy).cells == row2.cells
    assert chains._line_of(grid, row2).cells == row2.cells
