"""sudoku: a placed height leaves its row and column. The step's fields, and its memory: each sweep reads only
the cells placed since the last one."""

from ascent.techniques.memory import Memory
from ascent.techniques.sudoku import sudoku
from ascent.model.trace import Step
from tests.lanepic import grid_from_rows, run, run_grid


def test_sudoku_step():
    got, (step,) = run(sudoku, "[123] 2 [234] _")
    assert got == "[13] 2 [34] [134]"
    assert step.technique == "sudoku" and step.lane is None and step.cells == (1,) and step.premises == (1,)
    assert step.reason == "R1C2 is 2, so 2 leaves the rest of its row and column"
    # the row first, then the column; only the cells that still held 2
    assert step.eliminations == ((0, 2), (2, 2), (3, 2), (5, 2), (9, 2), (13, 2))


def test_sudoku_crosses_out_every_placed_height_once():
    after, steps = run_grid(sudoku, ["4 _ _ _", "_ _ _ _", "_ _ 1 _", "_ _ _ [234]"])
    assert [s.cells for s in steps] == [(0,), (10,)]
    assert after == ["4 [123] [23] [123]", "[123] _ [234] _", "[23] [234] 1 [234]", "[123] _ [234] [234]"]


def test_sudoku_must_not_fire_where_nothing_is_placed_or_everything_is_crossed_out():
    assert run(sudoku, "[12] [12] [34] [34]")[1] == []
    assert run_grid(sudoku, ["1 [234] [234] [234]", "[234] _ _ _", "[234] _ _ _", "[234] _ _ _"])[1] == []


def test_sudoku_reads_only_cells_placed_since_its_last_sweep():
    grid = grid_from_rows(["1 _ _ _", "_ _ _ _", "_ _ _ _", "_ _ _ _"])
    memory = Memory(grid)
    for step in sudoku(grid, memory):
        grid.apply(step)
    assert list(sudoku(grid, memory)) == []  # R1C1 was read
    grid.apply(Step("test", "", None, None, (5,), placements=((5, 2),)))
    steps = list(sudoku(grid, memory))
    assert [s.cells for s in steps] == [(5,)]
