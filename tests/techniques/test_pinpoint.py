"""pinpoint: a height with one place left in a row or column goes there. The step's fields, placed heights
(never a pinpoint, whatever stands before them), height 1, and the lines it looks at again."""

import pytest

from ascent.techniques.memory import Memory
from ascent.techniques.pinpoint import pinpoint
from ascent.model.trace import Step
from tests.lanepic import grid_from_rows, run, run_grid


def test_pinpoint_step():
    got, steps = run(pinpoint, "[12] [123] [12] [124]")
    assert got == "[12] 3 [12] 4"
    first = steps[0]
    assert first.technique == "pinpoint" and first.lane.kind == "row" and first.lane.side is None
    assert first.reason == "3 fits nowhere else in row 1, so R1C2 is 3"
    assert first.cells == (1,) and first.placements == ((1, 3),) and first.eliminations == ()
    assert first.premises == (0, 1, 2, 3)  # it reads the whole line


@pytest.mark.parametrize("before, after", [
    ("[13] 4 [12] [12]", "3 4 [12] [12]"),  # a placed height after the lone one: only the 4 itself is left out
    ("[12] [23] [23] 4", "1 [23] [23] 4"),  # height 1
    ("[23] [34] [34] [134]", "2 [34] [34] 1"),
])
def test_pinpoint_fires(before, after):
    got, steps = run(pinpoint, before)
    assert got == after
    assert all(s.technique == "pinpoint" for s in steps)


@pytest.mark.parametrize("lane", ["[12] [12] [34] [34]", "1 [23] [23] 4", "[12] 2 [134] [34]"])
def test_pinpoint_must_not_fire(lane):
    got, steps = run(pinpoint, lane)
    assert steps == [] and got == lane


def test_pinpoint_in_a_column_and_past_lines_with_nothing():
    # row 1 and column 1 give nothing; column 3 has 1 only in row 4
    rows = ["_ _ [234] _", "_ _ [234] _", "_ _ [234] _", "_ _ _ _"]
    after, steps = run_grid(pinpoint, rows)
    assert [(s.lane.kind, s.lane.index, s.placements) for s in steps] == [("column", 2, ((14, 1),))]
    assert steps[0].reason == "1 fits nowhere else in column 3, so R4C3 is 1"


def test_pinpoint_looks_again_only_at_lines_that_changed():
    grid = grid_from_rows(["[12] [12] [34] [34]", "[12] [12] [34] [34]", "[34] [34] [12] [12]", "[34] [34] [12] [12]"])
    memory = Memory(grid)
    assert list(pinpoint(grid, memory)) == []
    assert all(memory.quiet_line(grid, ("pinpoint", k), k) for k in range(len(grid.lines)))
    # row 3 changes: 1 fits only in R3C4 now; the rows and columns before it stay quiet and do not stop the look
    grid.apply(Step("test", "", None, None, (10,), eliminations=((10, 1),)))
    steps = list(pinpoint(grid, memory))
    assert [(s.lane.kind, s.lane.index, s.placements) for s in steps][0] == ("row", 2, ((11, 1),))
    assert not any(s.lane.kind == "row" and s.lane.index != 2 for s in steps)
