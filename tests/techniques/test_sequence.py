"""sequence: the orderings a lane's candidates and clues allow. The step's fields and sentence (a reason for
each removed height: what a clue would see with it, never a count or a list of orderings), and the lines it looks at again."""

import pytest

from ascent.model.grid import Contradiction
from ascent.techniques.memory import Memory
from ascent.techniques.sequence import sequence
from ascent.model.trace import Step
from tests.lanepic import grid_of, run


@pytest.mark.parametrize("before, after, elims, clue, reason", [
    ("2 | [123] [123] 4 [123] | 2", "2 | [23] [12] 4 [123] | 2", ((0, 1), (1, 4)), 2,
     "row 1 reads [123] [123] 4 [123] with clue 2 from the left and clue 2 from the right: with R1C1 = 1 or R1C2 = "
     "3, R1C1, R1C2 and R1C3 would all show (each above all before it), so the left would see at least 3, not 2"),
    ("3 | [123] [123] [123] 4", "3 | [12] [13] [123] 4", ((0, 4), (1, 2)), 3,
     "row 1 reads [123] [123] [123] 4 with clue 3 from the left: with R1C1 = 3, R1C2 and R1C3 would hide behind "
     "R1C1, so the left would see at most 2, not 3; with R1C2 = 2, the left would see 2 or 4, not 3"),
    ("| [123] 4 [123] [123] | 3", "| [123] 4 [23] [12] | 3", ((2, 1), (3, 4)), 3,
     "row 1 reads [123] 4 [123] [123] with clue 3 from the right: with R1C3 = 1, R1C3 would hide behind R1C4, and "
     "R1C1 behind R1C2, so the right would see at most 2, not 3; with R1C4 = 3, R1C3 and R1C1 would hide behind "
     "R1C4, so the right would see at most 2, not 3"),
    ("2 | [23] 4 [13] [12] | 3", "2 | [2] 4 [3] [1] | 3", ((0, 4), (2, 1), (3, 2)), 2,
     "row 1 reads [23] 4 [13] [12] with clue 2 from the left and clue 3 from the right: with R1C1 = 3, R1C3 is "
     "left with 1, so R1C3 would hide behind R1C4, and R1C1 behind R1C2, so the right would see at most 2, not 3; "
     "with R1C3 = 1, R1C3 would hide behind R1C4, and R1C1 behind R1C2, so the right would see at most 2, not 3; "
     "with R1C4 = 2, R1C1 is left with 3, so R1C3 would hide behind R1C4, and R1C1 behind R1C2, so the right would "
     "see at most 2, not 3"),
    ("2 | _ _ _ _ _ _ _ | 3", "2 | [123456] [123457] _ _ _ [123456] [12345] | 3", ((0, 64), (1, 32), (5, 64), (6, 96)), 2,
     "row 1 reads [1234567] [1234567] [1234567] [1234567] [1234567] [1234567] [1234567] with clue 2 from the left "
     "and clue 3 from the right: with R1C1 = 7, every cell farther from the clue than R1C1 would hide behind it, "
     "so the left would see at most 1, not 2; with R1C2 = 6, the left would see 1 or 3, not 2; with R1C6 = 7, "
     "every cell farther from the clue than R1C6 would hide behind it, so the right would see at most 2, not 3; "
     "with R1C7 = 6, the 1, 2, 3, 4 and 5 would hide behind R1C7 (every place they have is after it), so the right "
     "would see at most 2, not 3; with R1C7 = 7, every cell farther from the clue than R1C7 would hide behind it, "
     "so the right would see at most 1, not 3"),
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


ROW8 = "4 [12567] [1356] [167] [1239] [123589] [125678] [578] [356]"  # dev record 5, L11 of its median chain
CLUE_TWO = ("R1C1 is 4 and the left sees 2, so after the 4 only the 9 shows and every cell before the 9 is below 4; "
            "the 9 cannot stand in R1C6 (R1C2, R1C3, R1C4 and R1C5 would be below 4 and hold only 1, 2 and 3 between "
            "them), so it stands in R1C5, and R1C2, R1C3 and R1C4 are below 4; then ")


def test_sequence_says_a_clue_two_with_its_first_cell_settled_for_the_whole_line():
    """Clue 2 with the cell next to it settled at 4: the clue sees the 4 and then only the 9, so every cell between
    them is below 4. Said first, and the other removals read on what it leaves: 25 removals in four short reasons
    where the per-height reasons took twenty (issue 39's hand check)."""
    got, (step,) = run(sequence, f"2 | {ROW8} | 3")
    assert got == "2 | 4 [2] [3] [1] [9] [5] [7] [8] [6] | 3"
    assert step.reason.startswith(f"row 1 reads {ROW8} with clue 2 from the left and clue 3 from the right: {CLUE_TWO}")
    assert "would see 3 or 4" not in step.reason and "3 to 5" not in step.reason


def test_sequence_says_a_clue_two_from_the_far_side_too():
    mirrored = " ".join(reversed(ROW8.split()))
    _, (step,) = run(sequence, f"3 | {mirrored} | 2")
    assert ("R1C9 is 4 and the right sees 2, so after the 4 only the 9 shows and every cell before the 9 is below 4; "
            "the 9 cannot stand in R1C4 (R1C8, R1C7, R1C6 and R1C5 would be below 4") in step.reason


@pytest.mark.parametrize("lane", [f"2 | [34] {ROW8.split(' ', 1)[1]} | 3",  # the first cell open: no frame
                                  "3 | [123] [123] [123] 4"])                   # not a clue 2
def test_sequence_says_no_clue_two_frame_where_it_does_not_hold(lane):
    _, (step,) = run(sequence, lane)
    assert "sees 2, so after the" not in step.reason


def test_sequence_clue_two_says_the_tallests_only_place():
    """Nothing before the 5 rules a place out, but the 5 has one place: said, for the cell loses its other heights."""
    got, (step,) = run(sequence, "2 | 3 [12] [124] [1245] [124]")
    assert got == "2 | 3 [12] [12] [5] [4]"
    assert ("R1C1 is 3 and the left sees 2, so after the 3 only the 5 shows and every cell before the 5 is below 3; "
            "the 5 fits only R1C4, and R1C2 and R1C3 are below 3; then with R1C5 = 1 or 2, 4 would have no place left "
            "in the lane") in step.reason
