"""sudoku, pinpoint, isolate, naked single, fish, forcing: where each fires and where it must not."""

import pytest

from ascent import Puzzle, solve
from ascent.model import cands
from ascent.solver.context import Context
from ascent.techniques.memory import Memory
from ascent.solver.passes import filled_lane_broken, techniques_of
from ascent.model.grid import Contradiction, Grid
from ascent.techniques.fish import fish
from ascent.techniques.forcing import forcing
from ascent.techniques.isolate import isolate
from ascent.techniques.naked_single import naked_single
from ascent.techniques.peak_descent import peak_descent
from ascent.techniques.pinpoint import pinpoint
from ascent.techniques.sequence import sequence
from ascent.techniques.sudoku import sudoku
from tests.lanepic import run


@pytest.mark.parametrize(
    "technique, before, after",
    [
        (sudoku, "[123] 2 [234] _", "[13] 2 [34] [134]"),
        (pinpoint, "[12] [123] [12] [124]", "[12] 3 [12] 4"),
        (isolate, "[12] [12] [123] [1234]", "[12] [12] [3] [34]"),  # naked pair
        (isolate, "[123] [123] [123] _ _ _", "[123] [123] [123] [456] [456] [456]"),  # naked triple
        (isolate, "[123] [124] [34] [34]", "[12] [12] [34] [34]"),  # hidden pair
        (isolate, "[1245] [1236] [1237] [456] [4567] [567] [4567]", "[12] [123] [123] [456] [4567] [567] [4567]"),  # hidden triple
        (naked_single, "[3] [12] [12] [4]", "3 [12] [12] 4"),
    ],
)
def test_fires(technique, before, after):
    got, steps = run(technique, before)
    assert got == after
    assert steps and all(s.reason for s in steps)


@pytest.mark.parametrize(
    "technique, lane",
    [
        (sudoku, "[12] [12] [34] [34]"),  # nothing placed
        (pinpoint, "[12] [12] [34] [34]"),  # every height has two cells
        (isolate, "[12] [23] [34] [14]"),  # a ring: no pair, no triple
        (isolate, "[12] [12] [34] [34]"),  # pairs that take nothing from anyone
        (naked_single, "[12] [12] [34] 3"),  # no lone candidate left open
    ],
)
def test_must_not_fire(technique, lane):
    got, steps = run(technique, lane)
    assert steps == [] and got == lane


def test_sudoku_against_a_repeated_height_is_a_contradiction():
    with pytest.raises(Contradiction):
        run(sudoku, "2 2 _ _")


def test_pinpoint_reports_a_height_with_no_cell():
    with pytest.raises(Contradiction, match="no cell can hold 4"):
        run(pinpoint, "[123] [123] [123] [123]")


def _grid(n, masks):
    puzzle = Puzzle(n, (0,) * n, (0,) * n, (0,) * n, (0,) * n)
    grid = Grid.start(puzzle)
    grid.masks[:] = masks
    return grid


def test_fish_x_wing_fires():
    n, f, one = 4, cands.full(4), cands.bit(1)
    masks = [f] * 16
    for r in (0, 2):  # height 1 only in columns 1 and 3 of rows 1 and 3
        for c in (1, 3):
            masks[r * n + c] = f & ~one
    grid = _grid(n, masks)
    memory = Memory(grid)
    steps = list(fish(grid, memory))  # every fish, the first first (the engine takes that one)
    step = steps[0]
    assert step.reason.startswith("X-wing on height 1: rows 1 and 3 have 1 only in columns 1 and 3")
    assert all(s.reason.startswith("X-wing on height 1: columns") for s in steps[1:])  # the same seen by columns
    # shown at the fish's own candidates only, read from the whole of its two rows
    assert step.cells == (0, 2, 8, 10)
    assert step.premises == (0, 1, 2, 3, 8, 9, 10, 11)
    grid.apply(steps[0])
    for r in (1, 3):
        for c in (0, 2):
            assert not grid.masks[r * n + c] & one
    for r in (0, 2):
        for c in (1, 3):
            assert not grid.masks[r * n + c] & one


def test_fish_must_not_fire_on_three_columns_in_two_rows():
    n, f, one = 4, cands.full(4), cands.bit(1)
    masks = [f] * 16
    masks[0 * 4 + 3] = f & ~one  # row 1: 1 in columns 1-3
    masks[2 * 4 + 2] = f & ~one  # row 3: 1 in columns 1, 2, 4
    masks[2 * 4 + 3] = f & ~one
    grid = _grid(n, masks)
    assert list(fish(grid, Memory(grid))) == []


def test_forcing_fires_with_a_chain_that_really_ends_in_a_contradiction(shared):
    import json

    rec = next(r for r in json.loads((shared / "generated" / "5x5-puzzles.json").read_text())["extreme"] if r["id"] == "gen-5-4")
    from itertools import permutations

    from ascent.core.lanes import visible
    from ascent.core.linecheck import broken

    puzzle = Puzzle.from_record(rec)
    n = puzzle.size
    result = solve(puzzle, logic_only=True)
    assert result.status == "solved"
    grid = Grid.start(puzzle)
    checked = 0
    for step in result.steps:
        if step.technique == "forcing" and step.contradiction is not None:
            assert step.chain[0].supposition and not any(link.supposition for link in step.chain[1:])
            trial = grid.copy()
            conflict = step.contradiction
            line = next((x for x in trial.lines if conflict.lane in (x, x.front, x.back)), None)
            after = grid.copy()
            for link in step.chain:
                after.apply(link)
            if line is not None and broken(after.masks, line, n, after.values) == conflict:
                # a line seen broken: no ordering of its heights (each once) fits its candidates and both clues
                ms = [after.masks[c] for c in line.cells]
                fits = [p for p in permutations(range(1, n + 1)) if all(m >> (h - 1) & 1 for m, h in zip(ms, p))
                        and (not line.front.clue or visible(p) == line.front.clue)
                        and (not line.back.clue or visible(p[::-1]) == line.back.clue)]
                assert fits == [], conflict
                checked += 1
                grid.apply(step)
                continue
            if conflict.lane is not None and conflict.lane.side is not None and conflict.cells == conflict.lane.cells:
                for link in step.chain:  # a lane filled against its clue: the pass loop's own check sees it
                    trial.apply(link)
                assert all(trial.values[c] for c in conflict.cells)
                assert filled_lane_broken(trial, (conflict.lane,)) is conflict.lane
                checked += 1
                grid.apply(step)
                continue
            with pytest.raises(Contradiction) as seen:
                for link in step.chain:
                    trial.apply(link)
                # where it shows (another may show elsewhere too)
                for technique in (pinpoint, isolate, sequence, peak_descent):  # those that see a contradiction on sight
                    list(technique(trial, Memory.narrowed(trial, step.contradiction.lane)))
            found = seen.value.conflict
            # the recorded contradiction is the one the chain reaches (pinpoint words a height gone from a line two ways)
            assert found == step.contradiction or (found.lane, found.height) == (step.contradiction.lane,
                                                                                 step.contradiction.height)
            checked += 1
        grid.apply(step)
    assert checked >= 1


def test_forcing_must_not_fire_on_an_open_grid():
    """With no clues every supposition is consistent and every branch keeps every candidate."""
    grid = _grid(4, [cands.full(4)] * 16)
    context = Context(grid, techniques_of(("sudoku", "pinpoint", "naked single", "forcing")))
    assert list(forcing(grid, Memory(grid), context)) == []


def test_forcing_every_branch_agrees_fires_and_each_branch_really_removes_it(shared):
    """A 4x4 where, with only ascent, sudoku and solve beneath forcing, at one grid no single supposition
    breaks, but every candidate of one cell leads to the same loss."""
    from tests.conftest import every_branch_solve

    result = every_branch_solve(shared)
    puzzle = result.puzzle
    truth = solve(puzzle).solution
    grid = Grid.start(puzzle)
    checked = 0
    for step in result.steps:
        if step.technique == "forcing" and step.branches:
            assert not step.chain and step.contradiction is None
            for cell, m in step.eliminations:  # sound: the true height stays
                assert not m & cands.bit(truth[cell // 4][cell % 4])
            branches = step.branches
            assert all(b[0].supposition and not any(x.supposition for x in b[1:]) for b in branches)
            assert len(branches) == cands.count(grid.masks[step.cells[0]]) >= 2
            for branch in branches:
                trial = grid.copy()
                for link in branch:
                    trial.apply(link)
                for cell, m in step.eliminations:
                    assert not trial.masks[cell] & m
            checked += 1
        grid.apply(step)
    assert checked >= 1
