"""peak descent: a sure peak splits its clue. The step's fields and sentence (a reason for each removed height:
what the cells before the peak would show with it, never a count or a list of fillings), the bounds on what the front must show, and the lanes
it looks at again."""

import pytest

from ascent.techniques.memory import Memory
from ascent.techniques.peak_descent import peak_descent
from ascent.model.trace import Step
from tests.lanepic import grid_of, run


@pytest.mark.parametrize("before, after, cells, elims, reason", [
    ("4 | _ _ 4 _ 6 5", "4 | [12] [23] 4 _ 6 5", (0, 1, 2), ((0, 60), (1, 57)),
     "4 at R1C3 is a sure peak and from it on 2 buildings show, so the 2 cells before it (all below 4) must show "
     "2: with R1C1 = 3 or R1C2 = 1, R1C2 would hide behind R1C1, so they would show at most 1, not 2; with R1C1 = "
     "4, 5 or 6, or R1C2 = 4, 5 or 6, that height would stand twice in the lane"),
    ("3 | _ _ _ 5 _ 6", "3 | [34] [123] [123] 5 _ 6", (0, 1, 2, 3), ((0, 51), (1, 56), (2, 56)),
     "5 at R1C4 is a sure peak and from it on 2 buildings show, so the 3 cells before it (all below 5) must show "
     "1: with R1C1 = 1 or R1C2 = 4, R1C1 and R1C2 would both show (each above all before it), so they would show "
     "at least 2, not 1; with R1C1 = 2, they would show at least 2, not 1; with R1C3 = 4, R1C1 and R1C3 would both "
     "show (each above all before it), so they would show at least 2, not 1; with R1C1 = 5 or 6, or R1C2 = 5 or 6, "
     "or R1C3 = 5 or 6, that height would stand twice in the lane"),
    ("2 | _ _ 5 _ _", "2 | [234] [123] 5 _ _", (0, 1, 2), ((0, 17), (1, 24)),
     "5 at R1C3 is a sure peak and from it on 1 building shows, so the 2 cells before it (all below 5) must show "
     "1: with R1C1 = 1 or R1C2 = 4, R1C1 and R1C2 would both show (each above all before it), so they would show "
     "at least 2, not 1; with R1C1 = 5 or R1C2 = 5, that height would stand twice in the lane"),
    ("4 | _ _ _ _ 7 _ _", "4 | [1234] [12345] [123456] [123456] 7 _ _", (0, 1, 2, 3, 4),
     ((0, 112), (1, 96), (2, 64), (3, 64)),
     "7 at R1C5 is a sure peak and from it on 1 building shows, so the 4 cells before it (all below 7) must show "
     "3: with R1C1 = 5, they would show at most 2, not 3; with R1C1 = 6, R1C2 to R1C4 would hide behind R1C1, so "
     "they would show at most 1, not 3; with R1C2 = 6, R1C3 and R1C4 would hide behind R1C2, so they would show at "
     "most 2, not 3; with R1C1 = 7 or R1C2 = 7 or R1C3 = 7 or R1C4 = 7, that height would stand twice in the lane"),
])
def test_peak_descent_step(before, after, cells, elims, reason):
    got, steps = run(peak_descent, before)
    assert got == after
    (step,) = steps
    assert step.technique == "peak descent" and step.lane.side == "left" and step.clue == int(before[0])
    assert step.cells == cells and step.eliminations == elims and step.premises == step.lane.cells
    if reason is not None:
        assert step.reason == reason


@pytest.mark.parametrize("lane", [
    "3 | _ _ _ _ _ 7 _ _",  # 8 may stand before the 7: no sure peak
    "2 | [12] 5 _ _ _",  # one cell before the peak: it shows anyway
    "4 | [12] [23] 4 _ 6 5",  # already split
    "3 | [123456] [123456] 6 _ _ _ _",  # only the peak's own height goes from the front: sudoku's, not this
    "_ _ 4 _ 6 5",  # no clue
])
def test_peak_descent_must_not_fire(lane):
    got, steps = run(peak_descent, lane)
    assert steps == [] and got == lane


def test_peak_descent_looks_again_only_at_lines_that_changed():
    grid = grid_of("4 | [12] [23] 4 _ 6 5")
    memory = Memory(grid)
    assert list(peak_descent(grid, memory)) == []
    assert memory.quiet_line(grid, ("peak descent", 0), 0)
    grid.apply(Step("test", "", None, None, (0,), eliminations=((0, 0b1),)))  # R1C1 is 2: then R1C2 is 3
    (step,) = peak_descent(grid, memory)
    # the 4 is now the second building that shows; the cell after it hides behind it, so it is 1
    assert step.lane.side == "left" and step.eliminations == ((1, 0b10), (3, 0b111110))


def test_peak_descent_looks_again_at_a_column_lane_that_changed():
    # the same lane as column 3 read from the bottom: the look-again check reads that column, not another line
    grid = grid_of("4 | [12] [23] 4 _ 6 5", side="lower", index=2)
    memory = Memory(grid)
    assert list(peak_descent(grid, memory)) == []
    cell = 5 * 6 + 2  # R6C3, next to the bottom clue
    grid.apply(Step("test", "", None, None, (cell,), eliminations=((cell, 0b1),)))
    (step,) = peak_descent(grid, memory)
    assert step.lane.side == "lower" and step.lane.index == 2


def test_peak_descent_no_filling_says_counts_a_reader_can_check():
    """The clue asks the cells before the sure peak for less than 1 or more than they hold: said with the
    lane's own counts, never a negative one ("leaves -1 to 0")."""
    from ascent.techniques.peak_descent import _no_filling

    few = _no_filling("R1C3", 7, (0b1000,), 2, 2, 3, 1, 0)
    assert few == ("7 at R1C3 is a sure peak and from it on 2 to 3 show, so with the cell before it the lane shows "
                   "at least 3, more than clue 2")
    many = _no_filling("R1C3", 7, (0b1000, 0b10000), 6, 1, 2, 4, 2)
    assert many == ("7 at R1C3 is a sure peak and from it on 1 to 2 show, so the 2 cells before it would have to "
                    "show at least 4, more than 2 cells can")
    assert "-" not in few + many


@pytest.mark.parametrize("lane, said", [
    ("4 | _ _ [4] _ 6 5", "R1C3 is left with 4, so no other cell of the row can hold 4; 4 at R1C3 is a sure peak"),
    ("4 | [123] [123] [4] _ [6] 5", "R1C3 is left with 4 and R1C5 is left with 6, so no other cell of the row can "
                                    "hold 4 and 6; 4 at R1C3 is a sure peak"),
])
def test_peak_descent_says_a_lone_height_it_reads_as_placed(lane, said):
    """The step crosses every lone height out of the lane's other cells; where such a cell is not placed and another
    cell still holds its height, the reader's grid shows it there, so the sentence says it first (issue 39)."""
    _, (step, *_) = run(peak_descent, lane)
    assert step.reason.startswith(said)


@pytest.mark.parametrize("lane", ["4 | _ _ 4 _ 6 5", "4 | [123] [123] [4] [1235] 6 5"])
def test_peak_descent_says_no_lone_height_that_is_placed_or_alone(lane):
    """A placed height, or a lone one no other cell of the lane holds, needs no word: the grid shows it."""
    _, (step, *_) = run(peak_descent, lane)
    assert step.reason.startswith("4 at R1C3 is a sure peak")
