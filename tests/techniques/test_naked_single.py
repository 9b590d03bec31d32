"""naked single: a cell with one candidate left is placed. The step's fields, and its memory: each look reads
only the open cells changed since the last one."""

from ascent.techniques.memory import Memory
from ascent.techniques.naked_single import naked_single
from ascent.model.trace import Step
from tests.lanepic import grid_from_rows, run


def test_naked_single_step():
    got, (step,) = run(naked_single, "[3] [12] _ _")
    assert got == "3 [12] _ _"
    assert step.technique == "naked single" and step.lane is None
    assert step.cells == step.premises == (0,) and step.placements == ((0, 3),) and step.eliminations == ()
    assert step.reason == "R1C1 has only 3 left"


def test_naked_single_places_every_single_in_order():
    got, steps = run(naked_single, "[1] [12] [4] [2]")
    assert got == "1 [12] 4 2"
    assert [s.placements for s in steps] == [((0, 1),), ((2, 4),), ((3, 2),)]


def test_naked_single_must_not_fire():
    assert run(naked_single, "[12] [12] [34] 3")[1] == []  # a placed height is no single to place


def test_naked_single_reads_only_open_cells_changed_since_its_last_look():
    grid = grid_from_rows(["[12] _ _ _", "_ _ _ _", "_ _ _ _", "_ _ _ _"])
    memory = Memory(grid)
    assert list(naked_single(grid, memory)) == []
    grid.apply(Step("test", "", None, None, (0,), eliminations=((0, 1),)))
    assert [s.placements for s in naked_single(grid, memory)] == [((0, 2),)]


def test_refind_answers_what_a_look_everywhere_finds():
    """The minimizer's direct question (the table row's ``refind``) gives what running the technique with a
    fresh memory gives, for every (cell, height) of a grid with singles, open cells and placed ones."""
    from ascent.techniques.naked_single import refind

    grid = grid_from_rows(["[3] 1 [24] [24]", "[12] [4] _ _", "_ _ 3 _", "_ _ _ [1]"])
    placed = {p for s in naked_single(grid, Memory(grid)) for p in s.placements}
    assert placed == {(0, 3), (5, 4), (15, 1)}
    for c in range(16):
        for d in range(1, 5):
            link = Step("naked single", "", None, None, (c,), placements=((c, d),))
            assert refind(grid, link) == ((c, d) in placed), (c, d)
    assert not refind(grid, Step("naked single", "", None, None, (0, 5), placements=((0, 3), (5, 4))))
