"""backtrack, the finisher: one step placing every open cell from the solution the solve has counted as the
only one; nothing without it."""

from types import SimpleNamespace

from ascent import Puzzle, solve
from ascent.model.grid import Grid
from ascent.techniques.memory import Memory
from ascent.techniques.backtrack import backtrack

KATA = Puzzle.from_clues([2, 2, 1, 3, 2, 2, 3, 1, 1, 2, 2, 3, 3, 2, 1, 3])


def test_backtrack_places_every_open_cell_from_the_truth():
    truth = tuple(v for row in solve(KATA).solution for v in row)
    grid = Grid.start(KATA)
    grid.values[0], grid.masks[0] = truth[0], 1 << (truth[0] - 1)
    (step,) = backtrack(grid, Memory(grid), SimpleNamespace(truth=truth))
    assert step.technique == "backtrack" and step.cells == tuple(range(1, 16))
    assert step.placements == tuple((i, truth[i]) for i in range(1, 16))
    assert step.reason == "logic stopped; trying candidates found exactly one way to fill the 15 open cells"


def test_backtrack_must_not_fire_without_a_truth_or_an_open_cell():
    grid = Grid.start(KATA)
    assert list(backtrack(grid, Memory(grid), SimpleNamespace(truth=None))) == []
    assert list(backtrack(grid, Memory(grid), None)) == []
    truth = tuple(v for row in solve(KATA).solution for v in row)
    grid.values[:] = truth
    assert list(backtrack(grid, Memory(grid), SimpleNamespace(truth=truth))) == []


def test_backtrack_finishes_a_solve_that_logic_leaves_open():
    result = solve(KATA, techniques=["ascent"])
    assert result.status == "solved" and result.backtracked and result.grade == "backtrack"
    assert result.passes[-1].kind == "backtrack"
