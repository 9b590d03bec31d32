"""sequence: the orderings a lane's candidates and clues allow. The step's fields and sentence (the orderings
listed when few, else their number and why one removed height fails), and the lines it looks at again."""

import pytest

from ascent.model.grid import Contradiction
from ascent.techniques.memory import Memory
from ascent.techniques.sequence import sequence
from ascent.model.trace import Step
from tests.lanepic import grid_of, run


@pytest.mark.parametrize("before, after, elims, clue, reason", [
    ("2 | [123] [123] 4 [123] | 2", "2 | [23] [12] 4 [123] | 2", ((0, 1), (1, 4)), 2,
     "only 3 orderings of row 1 fit its candidates and clue 2 from the left and clue 2 from the right: 2 1 4 3; "
     "3 1 4 2; 3 2 4 1 (read from the left); the candidates none of them use go"),
    ("3 | [123] [123] [123] 4", "3 | [12] [13] [123] 4", ((0, 4), (1, 2)), 3,
     "only 3 orderings of row 1 fit its candidates and clue 3 from the left: 1 3 2 4; 2 1 3 4; 2 3 1 4 "
     "(read from the left); the candidates none of them use go"),
    ("| [123] 4 [123] [123] | 3", "| [123] 4 [23] [12] | 3", ((2, 1), (3, 4)), 3,
     "only 3 orderings of row 1 fit its candidates and clue 3 from the right: 1 4 3 2; 2 4 3 1; 3 4 2 1 (read from "
     "the left); the candidates none of them use go"),
    ("2 | [23] 4 [13] [12] | 3", "2 | [2] 4 [3] [1] | 3", ((0, 4), (2, 1), (3, 2)), 2,
     "only 1 ordering of row 1 fits its candidates and clue 2 from the left and clue 3 from the right: 2 4 3 1 "
     "(read from the left); the candidates none of them use go"),
    ("2 | _ _ _ _ _ _ _ | 3", "2 | [123456] [123457] _ _ _ [123456] [12345] | 3", ((0, 64), (1, 32), (5, 64), (6, 96)), 2,
     "675 orderings of row 1 fit its candidates and clue 2 from the left and clue 3 from the right, and none of them "
     "uses a removed height: with R1C1 = 7, the left would see 1, where the clue is 2; with R1C2 = 6, the left would "
     "see 1 or 3, where the clue is 2; with R1C6 = 7 or R1C7 = 6, the right would see 2, where the clue is 3; with "
     "R1C7 = 7, the right would see 1, where the clue is 3"),
])
def test_sequence_step(before, after, elims, clue, reason):
    got, steps = run(sequence, before)
    assert got == after
    (step,) = steps
    assert step.technique == "sequence" and step.lane.kind == "row" and step.clue == clue
    assert step.eliminations == elims and step.cells == step.premises == tuple(range(len(step.lane.cells)))
    assert step.reason == reason


@pytest.mark.parametrize("lane", ["| [12] [12] 4 3 | 2", "_ _ _ _", "1 | 4 [123] [123] [123]", "2 | 1 4 2 3"])
def test_sequence_must_not_fire(lane):
    got, steps = run(sequence, lane)
    assert steps == [] and got == lane


def test_sequence_reports_a_lane_with_no_ordering():
    with pytest.raises(Contradiction, match="no ordering fits its candidates and clues 1/-"):
        run(sequence, "1 | [123] _ _ _")


def test_sequence_looks_again_only_at_lines_that_changed():
    grid = grid_of("2 | [13] 4 [23] [12] | 3")
    memory = Memory(grid)
    assert list(sequence(grid, memory)) == []
    assert memory.quiet_line(grid, ("sequence", 0), 0)
    grid.apply(Step("test", "", None, None, (0,), eliminations=((0, 0b1),)))  # R1C1 loses 1: then 3 2 1 ...
    (step,) = sequence(grid, memory)
    assert step.lane.index == 0 and step.eliminations == ((2, 0b100), (3, 0b10))
