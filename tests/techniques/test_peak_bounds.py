"""peak bounds (Tatham's Easy clue rules): each rule's step field by field and word by word, where the
bounds fall (one cell short or long is wrong), and the lanes it looks at again."""

import pytest

from ascent.techniques.memory import Memory
from ascent.techniques.peak_bounds import peak_bounds
from ascent.model.trace import Step
from tests.lanepic import grid_of, run


@pytest.mark.parametrize("before, after, cells, elims, says", [
    # lower bounds: a height in the first clue - 1 - k cells (k: how many taller ones can show) lets fewer show
    ("3 | _ _ 7 _ _ 5 _", "3 | [123457] _ 7 _ _ 5 _", (5, 2, 0), ((0, 0b100000),),
     "5 behind 7 at R1C3 can never show; so 6 in the first cell would let at most 2 show (6, and behind it "
     "only the taller height that can show, 7), fewer than clue 3"),
    ("4 | _ _ 7 2 _ 5 _", "4 | [12357] [123457] 7 2 _ 5 _", (5, 3, 2, 0, 1), ((0, 0b101000), (1, 0b100000)),
     "5 behind 7 at R1C3, 2 behind 7 at R1C3 can never show; so 6 in the first 2 cells would let at most 3 show "
     "(at most 1 in front of it, 6, and behind it only the taller height that can show, 7), fewer than clue 4; 4 "
     "in the first cell would let at most 3 show (4, and behind it only the taller heights that can show, 7 and "
     "6), fewer than clue 4"),
    ("5 | _ _ 7 _ _ 5 _", "5 | [1257] [12357] 7 _ _ 5 _", (5, 2, 0, 1), ((0, 0b101100), (1, 0b101000)),
     "3 in the first cell would let at most 4 show (3, and behind it only the taller heights that can show, 7, 6 "
     "and 4), fewer than clue 5"),
    # nearly filled: the tallest placed show, and the clue needs one more, the first cell
    ("3 | _ _ _ 6 7 _ _", "3 | [34567] _ _ 6 7 _ _", (0, 4, 3), ((0, 0b11),),
     "7 at R1C5, 6 at R1C4 show (each nearer the clue than every taller height), so clue 3 needs exactly one "
     "more, the first cell: it must hide the 2 cells between it and 6, which hold 2 different heights not "
     "placed from 6 on, so it is above the 2 smallest of those: not 1 or 2"),
    ("3 | _ _ 6 7 _ _ _", "3 | [234567] _ 6 7 _ _ _", (0, 3, 2), ((0, 0b1),),
     "7 at R1C4, 6 at R1C3 show (each nearer the clue than every taller height), so clue 3 needs exactly one "
     "more, the first cell: it must hide the cell between it and 6, which holds a height not placed from 6 on, "
     "so it is not 1"),
    ("4 | _ _ _ 5 6 7 _", "4 | [34567] _ _ 5 6 7 _", (0, 5, 4, 3), ((0, 0b11),),
     "7 at R1C6, 6 at R1C5, 5 at R1C4 show (each nearer the clue than every taller height), so clue 4 needs "
     "exactly one more, the first cell: it must hide the 2 cells between it and 5, which hold 2 different "
     "heights not placed from 5 on, so it is above the 2 smallest of those: not 1 or 2"),
    ("2 | _ _ 7 _ _ _ _", "2 | [234567] _ 7 _ _ _ _", (0, 2), ((0, 0b1),),
     "7 at R1C3 shows (each nearer the clue than every taller height), so clue 2 needs exactly one more, the "
     "first cell: it must hide the cell between it and 7, which holds a height not placed from 7 on, so it is "
     "not 1"),
    ("2 | _ _ 6 _ 3 _ _", "2 | [123456] _ 6 _ 3 _ _", (4, 2, 0), ((0, 0b1000000),),
     "3 behind 6 at R1C3 can never show; so 7 in the first cell would let at most 1 show (7, and behind it "
     "only the taller heights that can show, ), fewer than clue 2"),
])
def test_peak_bounds_step(before, after, cells, elims, says):
    got, steps = run(peak_bounds, before)
    assert got == after
    (step,) = steps
    assert step.technique == "peak bounds" and step.clue == int(before[0]) and step.lane.side == "left"
    assert step.cells == cells and step.eliminations == elims and step.placements == ()
    assert step.premises == step.lane.cells
    assert step.reason.startswith(says) or step.reason.endswith(says)


@pytest.mark.parametrize("lane", [
    "3 | _ 6 7 _ _ _ _",  # 6 next to the first cell: nothing hides between
    "4 | _ _ 6 7 _ _ _",  # two show, the clue needs two more: not nearly filled
    "2 | _ _ _ 6 7 _ _",  # two show and the clue is 2: not one short
    "4 | _ _ _ 6 7 _ _",  # two show and the clue is 4: two short, and nothing is hidden
    "2 | 6 _ 7 _ _ _ _",  # the first cell is placed
    "3 | [123457] _ 7 _ _ 5 _",  # already bounded
    "3 | 1 _ _ 6 7 _ _",  # nearly filled, but the first cell is placed
])
def test_peak_bounds_must_not_fire(lane):
    got, steps = run(peak_bounds, lane)
    assert steps == [] and got == lane


def test_peak_bounds_from_the_right_and_below():
    got, steps = run(peak_bounds, "3 | _ _ 7 _ _ 5 _", side="right", index=3)
    assert got == "3 | [123457] _ 7 _ _ 5 _" and steps[0].lane.side == "right"
    got, steps = run(peak_bounds, "3 | _ _ _ 6 7 _ _", side="lower", index=6)
    assert got == "3 | [34567] _ _ 6 7 _ _" and steps[0].lane.side == "lower"


def test_peak_bounds_looks_again_only_once_a_height_is_placed_in_the_line():
    grid = grid_of("3 | _ _ 7 _ _ _ _")
    memory = Memory(grid)
    assert list(peak_bounds(grid, memory)) == []
    # candidates going does not wake the lane ...
    grid.apply(Step("test", "", None, None, (6,), eliminations=((6, 0b1),)))
    assert list(peak_bounds(grid, memory)) == []
    # ... a height placed in its line does: 5 now hides behind 7
    grid.apply(Step("test", "", None, None, (5,), placements=((5, 5),)))
    steps = list(peak_bounds(grid, memory))
    assert [(s.lane.side, s.eliminations) for s in steps] == [("left", ((0, 0b100000),))]
