"""ascent (the edge clue rules): each rule's step, field by field and word by word; what it leaves alone;
and its memory (a sweep that found nothing, or whose every step was applied, is not repeated)."""

import pytest

from ascent.techniques.memory import Memory
from ascent.techniques.ascent import ascent
from tests.lanepic import grid_of, run


def test_ascent_clue_one_step():
    got, (step,) = run(ascent, "1 | _ _ _ _")
    assert got == "1 | 4 _ _ _"
    assert step.technique == "ascent" and step.lane.side == "left" and step.clue == 1
    assert step.cells == (0,) and step.placements == ((0, 4),) and step.premises == ()
    assert step.reason == "clue 1 sees only the first building, so the tallest, 4, stands next to it"


def test_ascent_clue_n_step_places_only_what_is_open():
    got, (step,) = run(ascent, "4 | 1 2 _ _")
    assert got == "4 | 1 2 3 4"
    assert step.placements == ((2, 3), (3, 4)) and step.cells == (0, 1, 2, 3) and step.clue == 4
    assert step.reason == "clue 4 sees all 4 buildings, so they rise 1 to 4 from the clue"


@pytest.mark.parametrize("before, after, cells, reason", [
    ("3 | _ _ _ _ _", "3 | [123] [1234] _ _ _", (0, 1),
     "clue 3 needs 2 buildings in front of the tallest it sees, so each cell can be at most 3 plus its distance "
     "(0 next to the clue) (R1C1 <= 3, R1C2 <= 4)"),
    ("2 | _ _ _ _ _", "2 | [1234] _ _ _ _", (0,),
     "clue 2 needs 1 building in front of the tallest it sees, so each cell can be at most 4 plus its distance "
     "(0 next to the clue) (R1C1 <= 4)"),
])
def test_ascent_caps_step(before, after, cells, reason):
    got, (step,) = run(ascent, before)
    assert got == after
    assert step.cells == cells and step.reason == reason and step.placements == () and step.premises == ()


def test_ascent_opposite_clues_step():
    got, steps = run(ascent, "2 | [123] _ _ [12] | 3")
    (step,) = [s for s in steps if s.placements]
    assert step.placements == ((1, 4),) and step.cells == (1,) and step.clue == 2 and step.lane.side == "left"
    assert step.reason == ("opposite clues 2 and 3 add up to 5, so 4 stands 2 cells from the clue 2 "
                           "(it shows at most 2 from one side and 3 from the other only there)")


@pytest.mark.parametrize("lane", [
    "1 | 4 _ _ _",  # clue 1, the tallest already there
    "4 | 1 2 3 4",  # clue N, already rising
    "3 | [123] [1234] _ _ _",  # caps already met
    "2 | [123] 4 [123] [12] | 3",  # opposite clues, the tallest already placed
    "_ _ _ _",
])
def test_ascent_must_not_fire(lane):
    got, steps = run(ascent, lane)
    assert steps == [] and got == lane


def test_ascent_sweeps_once_when_its_steps_are_applied():
    grid = grid_of("3 | _ _ _ _ _")
    memory = Memory(grid)
    for step in ascent(grid, memory):
        grid.apply(step)
    assert memory.quiet(grid, ("ascent",), ())  # every step applied: nothing left for the clues to say
    assert list(ascent(grid, memory)) == []


def test_ascent_looks_again_when_its_steps_were_only_looked_at():
    grid = grid_of("3 | _ _ _ _ _")
    memory = Memory(grid)
    first = list(ascent(grid, memory))
    assert not memory.quiet(grid, ("ascent",), ())
    assert list(ascent(grid, memory)) == first


def test_ascent_sweep_with_nothing_to_say_is_quiet():
    grid = grid_of("3 | [123] [1234] _ _ _")
    memory = Memory(grid)
    assert list(ascent(grid, memory)) == [] and memory.quiet(grid, ("ascent",), ())
