"""fish: X-wing, swordfish and jellyfish, in rows and in columns; where it must not fire (a row where the
height is placed, a single, five rows, more columns than rows); the step's fields; its memory of empty looks."""

import pytest

from ascent.techniques import fish as fish_module
from ascent.techniques.fish import fish
from ascent.techniques.memory import Memory
from tests.lanepic import grid_from_rows, run_grid

X = "[234567]"  # 1 cannot go here (7x7)


def _transpose(rows: list[str]) -> list[str]:
    cells = [r.split() for r in rows]
    return [" ".join(row[c] for row in cells) for c in range(len(cells))]


def _step(rows):
    after, steps = run_grid(fish, rows)
    assert len(steps) == 1
    return after, steps[0]


def test_fish_x_wing_in_rows():
    after, step = _step(["[234] _ [234] _", "_ _ _ _", "[234] _ [234] _", "_ _ _ _"])
    assert after == ["[234] _ [234] _", "_ [234] _ [234]", "[234] _ [234] _", "_ [234] _ [234]"]
    assert step.technique == "fish" and step.lane is None
    assert step.reason == ("X-wing on height 1: rows 1 and 3 have 1 only in columns 2 and 4, so 1 leaves the other "
                           "cells of those columns")
    assert step.cells == (1, 3, 9, 11) and step.premises == (0, 1, 2, 3, 8, 9, 10, 11)
    assert step.eliminations == ((5, 1), (13, 1), (7, 1), (15, 1))


def test_fish_x_wing_in_columns():
    # 7x7, so that no fish in rows says the same (its complement in rows would be five rows)
    lack, free = f"{X} _ {X} _ _ _ _", "_ _ _ _ _ _ _"
    after, step = _step([lack, free, lack, free, lack, lack, lack])
    assert step.reason == ("X-wing on height 1: columns 1 and 3 have 1 only in rows 2 and 4, so 1 leaves the other "
                           "cells of those rows")
    assert step.cells == (7, 21, 9, 23)
    assert step.premises == tuple(r * 7 for r in range(7)) + tuple(r * 7 + 2 for r in range(7))
    assert after[1] == after[3] == f"_ {X} _ {X} {X} {X} {X}"
    assert after[0] == lack and after[2] == lack


def test_fish_swordfish_in_rows():
    # 1 in rows 1-3 only in columns 1-3, two columns each: no X-wing, a swordfish
    rows = ["_ _ [2345] [2345] [2345]", "[2345] _ _ [2345] [2345]", "_ [2345] _ [2345] [2345]", "_ _ _ _ _", "_ _ _ _ _"]
    after, step = _step(rows)
    assert step.reason == ("swordfish on height 1: rows 1, 2 and 3 have 1 only in columns 1, 2 and 3, so 1 leaves "
                           "the other cells of those columns")
    assert after[3] == after[4] == "[2345] [2345] [2345] _ _"
    assert step.cells == (0, 1, 6, 7, 10, 12)  # where the fish's own 1s are, not every crossing
    assert step.premises == tuple(range(15))


def test_fish_jellyfish_in_rows():
    # a ring over four rows and columns: no smaller fish in rows or columns
    rows = ["_ _ [2345] [2345] [2345]", "[2345] _ _ [2345] [2345]", "[2345] [2345] _ _ [2345]",
            "_ [2345] [2345] _ [2345]", "_ _ _ _ _"]
    after, step = _step(rows)
    assert step.reason.startswith("jellyfish on height 1: rows 1, 2, 3 and 4 have 1 only in columns 1, 2, 3 and 4")
    assert after[4] == "[2345] [2345] [2345] [2345] _"
    assert step.eliminations == tuple((20 + c, 1) for c in range(4))


def test_fish_jellyfish_with_rows_of_four_columns():
    four = "_ _ _ _ [2345]"
    after, step = _step([four, four, four, four, "_ _ _ _ _"])
    assert step.reason.startswith("jellyfish on height 1")
    assert after[4] == "[2345] [2345] [2345] [2345] _"


def test_fish_jellyfish_in_columns():
    rows = ["_ _ [2345] [2345] [2345]", "[2345] _ _ [2345] [2345]", "[2345] [2345] _ _ [2345]",
            "_ [2345] [2345] _ [2345]", "_ _ _ _ _"]
    after, step = _step(_transpose(rows))
    assert step.reason.startswith("jellyfish on height 1: columns 1, 2, 3 and 4 have 1 only in rows 1, 2, 3 and 4")
    assert _transpose(after)[4] == "[2345] [2345] [2345] [2345] _"


@pytest.mark.parametrize("rows", [
    # three columns in two rows
    ["_ _ _ [234]", "_ _ _ _", "_ _ [234] _", "_ _ _ _"],
    # (7x7 below, so that no fish in columns, their complement, says anything)
    # row 1 has 1 placed in column 2: it is sudoku's, not a fish's base (1 still open in its column 4, unswept)
    [f"{X} 1 {X} _ {X} {X} {X}", "_ _ _ _ _ _ _", f"{X} _ {X} _ {X} {X} {X}"] + ["_ _ _ _ _ _ _"] * 4,
    # row 1 has 1 in one column only: a single, pinpoint's
    [f"{X} _ {X} {X} {X} {X} {X}", "_ _ _ _ _ _ _", f"{X} _ {X} _ {X} {X} {X}"] + ["_ _ _ _ _ _ _"] * 4,
    # an X-wing that removes nothing
    ["[234] _ [234] _", "[234] _ [234] _", "_ [234] _ [234]", "_ [234] _ [234]"],
    # five rows each with 1 in four of five columns: a fish of five, which fish does not look for (6x6)
    ["[23456] _ _ _ _ [23456]", "_ [23456] _ _ _ [23456]", "_ _ [23456] _ _ [23456]", "_ _ _ [23456] _ [23456]",
     "_ _ _ _ [23456] [23456]", "_ _ _ _ _ _"],
])
def test_fish_must_not_fire(rows):
    after, steps = run_grid(fish, rows)
    assert steps == [] and [r.split() for r in after] == [r.split() for r in rows]


def test_fish_must_not_fire_on_a_column_where_the_height_is_placed():
    rows = [f"{X} 1 {X} _ {X} {X} {X}", "_ _ _ _ _ _ _", f"{X} _ {X} _ {X} {X} {X}"] + ["_ _ _ _ _ _ _"] * 4
    assert run_grid(fish, _transpose(rows))[1] == []


def test_fish_remembers_an_empty_look_in_the_solves_memory():
    empty = grid_from_rows(["[234] _ [234] _", "[234] _ [234] _", "_ [234] _ [234]", "_ [234] _ [234]"])
    memory = Memory(empty)
    assert list(fish(empty, memory)) == []
    assert len(memory.empty) == 8 and all(key[0] == "fish" for key in memory.empty)  # four heights, rows and columns
    assert Memory(empty).empty == set()  # another solve's memory knows nothing of it
    assert memory.copy().empty is memory.empty  # a supposition's trial shares it: true in any grid
    rows = grid_from_rows(["[234] _ [234] _", "_ _ _ _", "[234] _ [234] _", "_ _ _ _"])
    later = Memory(rows)
    later.empty = memory.empty
    steps = list(fish(rows, later))  # a different pattern is looked at
    assert steps and steps[0].reason.startswith("X-wing on height 1: rows 1 and 3")


def test_fish_looks_at_every_height_past_one_it_remembers_as_empty():
    X2 = "[134567]"  # 2 cannot go here
    open_grid = grid_from_rows(["_ _ _ _ _ _ _"] * 7)
    memory = Memory(open_grid)
    assert list(fish(open_grid, memory)) == []  # every height of an open grid remembered as empty
    lack = f"{X2} _ {X2} _ _ _ _"
    free = "_ _ _ _ _ _ _"
    grid = grid_from_rows([lack, free, lack, free, lack, lack, lack])  # height 1 open everywhere, as before; an X-wing on 2
    later = Memory(grid)
    later.empty = memory.empty
    steps = list(fish(grid, later))
    assert steps and steps[0].reason.startswith("X-wing on height 2: columns 1 and 3")


def test_fish_link_needs_of_a_row_fish_on_a_big_grid():
    from ascent.techniques import BY_NAME

    lack, free = f"{X} _ {X} _ _ _ _", "_ _ _ _ _ _ _"
    step = run_grid(fish, _transpose([lack, free, lack, free, lack, lack, lack]))[1][0]
    assert step.reason.startswith("X-wing on height 1: rows 1 and 3")
    # it rests on 1 gone from rows 1 and 3 outside columns 2 and 4
    assert BY_NAME["fish"].needs(step, 7) == {r * 7 + c: 1 for r in (0, 2) for c in (0, 2, 4, 5, 6)}


def test_fish_link_needs_of_a_row_fish_away_from_the_first_row():
    from ascent.techniques import BY_NAME

    lack, free = f"{X} _ {X} _ {X} {X} {X}", "_ _ _ _ _ _ _"
    # rows 2 and 4 have 1 only in columns 2 and 4 (no column has 1 in four rows or fewer: no column fish)
    rows = [free, lack, free, lack, free, free, free]
    step = run_grid(fish, rows)[1][0]
    assert step.reason.startswith("X-wing on height 1: rows 2 and 4 have 1 only in columns 2 and 4")
    assert BY_NAME["fish"].needs(step, 7) == {r * 7 + c: 1 for r in (1, 3) for c in (0, 2, 4, 5, 6)}
