"""isolate: naked and hidden subsets in a row or column. The steps' fields, the placed heights a hidden
subset leaves out, no subsets of five, and the lines it looks at again."""

import pytest

from ascent.model.grid import Contradiction
from ascent.techniques.memory import Memory
from ascent.techniques.isolate import isolate
from tests.lanepic import grid_of, run

FREE9 = "[3456789]"  # 1 and 2 cannot go here (9 cells)


def test_isolate_naked_pair_step():
    got, steps = run(isolate, "[12] [12] [123] [1234]")
    assert got == "[12] [12] [3] [34]"
    (step,) = steps
    assert step.technique == "isolate" and step.lane.kind == "row" and step.lane.side is None
    assert step.reason == "naked pair: R1C1, R1C2 hold only 1 and 2 between them, so those leave the rest of row 1"
    assert step.cells == step.premises == (0, 1)  # a naked subset reads its own cells
    assert step.eliminations == ((2, 0b11), (3, 0b11))


def test_isolate_naked_triple_takes_only_the_heights_each_cell_holds():
    got, steps = run(isolate, "[12] [23] [13] [1234] [34567] [4567] [4567]")
    assert steps[0].reason.startswith("naked triple: R1C1, R1C2, R1C3 hold only 1, 2 and 3")
    assert steps[0].eliminations == ((3, 0b111), (4, 0b100))  # only what each cell held of 1, 2 and 3
    assert got == "[12] [23] [13] [4] [567] [567] [567]"  # and then 4 is hidden in the fourth cell


def test_isolate_hidden_pair_step():
    lane = f"[1234] [1256] {FREE9} {FREE9} {FREE9} {FREE9} {FREE9} {FREE9} {FREE9}"
    got, steps = run(isolate, lane)
    assert got.split()[:2] == ["[12]", "[12]"] and got.split()[2:] == lane.split()[2:]
    (step,) = steps
    assert step.reason == "hidden pair: 1 and 2 fit only in R1C1, R1C2 in row 1, so those cells hold nothing else"
    assert step.cells == (0, 1) and step.premises == tuple(range(9))  # a hidden subset reads the whole line
    assert step.eliminations == ((0, 0b1100), (1, 0b110000))


@pytest.mark.parametrize("lane", [
    # 5 is placed: a hidden pair of 5 (which fits nowhere open) and 4 would wrongly clear the third and fourth cells
    "5 [124] [124] [145] [13]",
    # a ring of five cells over 1-5 (a naked quint) with 6-10 in the other five: subsets of five are not looked for
    "[12] [23] [34] [45] [15] _ _ _ _ _",
    # nothing to take
    "[12] [23] [34] [14]",
    "[12] [12] [34] [34]",
])
def test_isolate_must_not_fire(lane):
    got, steps = run(isolate, lane)
    assert steps == [] and got == lane


def test_isolate_names_no_set_holding_a_naked_single():
    # R1C1 holds only 2: "R1C1, R1C2 hold only 1 and 2" would be bigger than the step (naked single places 2, and
    # sudoku takes it from R1C2); the hidden pair of 3 and 6 holds no such cell, and is said
    got, steps = run(isolate, "[2] [12] [14] [1245] [3456] [3456]")
    assert [s.reason for s in steps] == [
        "hidden pair: 3 and 6 fit only in R1C5, R1C6 in row 1, so those cells hold nothing else"]
    assert got == "[2] [12] [14] [1245] [36] [36]"


def test_isolate_names_no_set_holding_a_hidden_single():
    # 5 fits only in R1C3: "5 and 6 fit only in R1C3, R1C4" would be bigger than the step (pinpoint places 5)
    lane = "[1234] [1234] [12356] [12346] [1234] [1234]"
    assert run(isolate, lane) == (lane, [])


def test_isolate_reports_too_few_heights_for_its_cells():
    with pytest.raises(Contradiction, match="2 cells share only 1 heights"):
        run(isolate, "[1] [1] _ _ _")
    with pytest.raises(Contradiction, match="2 heights fit in only 1 cells"):
        run(isolate, f"[12] [3456789] {FREE9} {FREE9} {FREE9} {FREE9} {FREE9} {FREE9} {FREE9}")


def test_isolate_looks_again_only_at_lines_that_changed():
    grid = grid_of("[12] [23] [34] [14]")
    memory = Memory(grid)
    assert list(isolate(grid, memory)) == []
    # every line gave nothing: each is passed over until it changes
    assert all(memory.quiet_line(grid, ("isolate", k), k) for k in range(len(grid.lines)))
    # a pair appears in row 2 (R2C1, R2C2): row 1 stays quiet, and row 2 (and columns 1 and 2) are looked at again
    from ascent.model.trace import Step

    grid.apply(Step("test", "", None, None, (4, 5), eliminations=((4, 0b1100), (5, 0b1100))))
    lines = [(s.lane.kind, s.lane.index) for s in isolate(grid, memory)]
    assert ("row", 1) in lines and ("row", 0) not in lines


def test_isolate_remembers_a_clued_line_where_it_found_nothing():
    # the clue makes the line unsettled (4 cannot stand next to clue 2), so isolate looks, finds no subset, and
    # must then pass over the line until it changes
    grid = grid_of("2 | _ _ _ _")
    memory = Memory(grid)
    assert list(isolate(grid, memory)) == []
    assert memory.quiet_line(grid, ("isolate", 0), 0)
