"""Issue 41, item 8: every rule pinned by its technique's own tests, on random grids with a known solution.

A grid here is a random Latin square's puzzle (some clues kept) partway solved: some heights placed, every other
cell holding its true height and a random few more, the placed heights gone from their rows and columns (as
sudoku leaves them). On such a grid, for each logic technique of the table (its id is its name, so
``pytest -k isolate`` runs isolate's):

- every step is sound: it never removes a cell's true height, places only true heights, and never says a
  contradiction (there is a solution);
- every removed candidate was there (a step names only what it takes away);
- a fresh memory gives the same steps as one that remembers where it looked before, pass after pass, with the
  grid changing between (``Memory``: a note only ever saves a look);
- a prefilter's "no" means the full rule finds nothing (peak bounds' walk and ``_may_bound``: the rule applied
  to every clued lane finds exactly the steps the technique finds).
"""

from __future__ import annotations

import itertools
import random

import pytest

from ascent.core.lanes import visible
from ascent.model import cands
from ascent.model.grid import Contradiction, Grid
from ascent.model.trace import Step
from ascent.puzzle import Puzzle
from ascent.techniques import TABLE, peak_bounds as peak_bounds_module
from ascent.techniques.memory import Memory
from ascent.techniques.pair_chain import pair_chain
from ascent.techniques.isolate import isolate
from tests.lanepic import grid_of, run, run_grid

LOGIC = [t for t in TABLE if t.role == "logic"]
IDS = [t.name.replace(" ", "_") for t in LOGIC]
GRIDS = 120  # random grids per technique and test: sizes 4 to 8


def latin(rng: random.Random, n: int) -> list[list[int]]:
    """A random Latin square: the cyclic one with its rows, columns and heights shuffled."""
    rows, cols, heights = rng.sample(range(n), n), rng.sample(range(n), n), rng.sample(range(1, n + 1), n)
    return [[heights[(rows[r] + cols[c]) % n] for c in range(n)] for r in range(n)]


def random_grid(rng: random.Random, n: int) -> tuple[Grid, list[int]]:
    """(a grid partway solved, the flat solution it holds)."""
    sol = latin(rng, n)
    cols = [[sol[r][c] for r in range(n)] for c in range(n)]

    def clue(line):
        return visible(line) if rng.random() < 0.7 else 0

    puzzle = Puzzle(n, tuple(clue(c) for c in cols), tuple(clue(c[::-1]) for c in cols),
                    tuple(clue(r) for r in sol), tuple(clue(r[::-1]) for r in sol))
    grid = Grid.start(puzzle)
    flat = [h for row in sol for h in row]
    placed = rng.random() * 0.6
    for i, h in enumerate(flat):
        if rng.random() < placed:
            grid.values[i], grid.masks[i] = h, cands.bit(h)
        else:
            grid.masks[i] = cands.bit(h) | sum(cands.bit(d) for d in range(1, n + 1) if rng.random() < 0.6)
    for i, h in enumerate(grid.values):  # a placed height leaves its row and column (sudoku's sweep)
        if h:
            for j in _peers(n, i):
                if not grid.values[j]:
                    grid.masks[j] &= ~cands.bit(h)
    return grid, flat


def _peers(n: int, i: int) -> list[int]:
    r, c = divmod(i, n)
    return [r * n + k for k in range(n) if k != c] + [k * n + c for k in range(n) if k != r]


def grids(seed: int):
    rng = random.Random(seed)
    for k in range(GRIDS):
        yield random_grid(rng, 4 + k % 5)


def fields(step: Step) -> tuple:
    return (step.technique, step.lane, step.cells, step.eliminations, step.placements, step.premises)


def said(step: Step) -> tuple:
    return fields(step) + (step.reason,)


@pytest.mark.parametrize("row", LOGIC, ids=IDS)
def test_rule_steps_are_sound_and_remove_only_candidates_there(row):
    for k, (grid, sol) in enumerate(grids(41)):
        masks = list(grid.masks)
        try:
            steps = list(row.find(grid, Memory(grid)))
        except Contradiction as e:
            pytest.fail(f"{row.name} says a contradiction on a grid with a solution: {e}")
        for step in steps:
            assert step.technique == row.name
            assert step.eliminations or step.placements, step.reason
            for x, m in step.eliminations:
                assert m and masks[x] & m == m, f"{step.reason}: {grid.name(x)} loses {m:b}, holding {masks[x]:b}"
                assert not m & cands.bit(sol[x]), f"{step.reason}: {grid.name(x)} loses its true height {sol[x]}"
            for x, h in step.placements:
                assert h == sol[x], f"{step.reason}: {grid.name(x)} = {h}, but it is {sol[x]}"
            if k < 20:
                assert step.reason  # the sentence is made without error (its words: each technique's own tests)


@pytest.mark.parametrize("row", LOGIC, ids=IDS)
def test_rule_a_fresh_memory_gives_the_same_steps_as_one_that_remembers(row):
    rng = random.Random(7)
    for grid, sol in itertools.islice(grids(43), GRIDS // 2):
        memory = Memory(grid)
        for _ in range(5):
            kept = [fields(s) for s in row.find(grid, memory)]
            steps = list(row.find(grid, Memory(grid)))
            assert kept == [fields(s) for s in steps]  # the sentence is made from these fields
            for step in steps if row.sweep else steps[:1]:
                grid.apply(step)
            # and the grid changes as other techniques would change it: a few false candidates go
            false = [(x, cands.bit(d)) for x in range(len(sol)) if not grid.values[x]
                     for d in cands.digits(grid.masks[x]) if d != sol[x]]
            if false:
                gone = rng.sample(false, min(len(false), rng.randint(1, 3)))
                grid.apply(Step("test", "false candidates go", None, None, tuple(x for x, _ in gone),
                                eliminations=tuple(gone)))


def full_peak_bounds(grid: Grid) -> list[Step]:
    """Peak bounds' two rules on every lane with a clue, no prefilter: nearly filled where the tallest height
    stands placed and the first cell is open (the rule's own condition), else lower bounds."""
    out = []
    n = grid.n
    for lane in Memory(grid).lanes:
        if not lane.clue:
            continue
        at = {grid.values[x]: d for d, x in enumerate(lane.cells) if grid.values[x]}
        step = None
        if n in at and not grid.values[lane.cells[0]]:
            step = peak_bounds_module._nearly_filled(grid, lane, at)
        if step is None:
            step = peak_bounds_module._lower_bounds(grid, lane, at)
        if step is not None:
            out.append(step)
    return out


def any_grid(rng: random.Random, n: int) -> Grid:
    """A grid a supposition's trial may hold: heights placed as in a Latin square (never twice in a line), any
    clues, and any candidates in the open cells, the true ones or not (most such grids have no solution)."""
    grid, _ = random_grid(rng, n)
    def pair():  # two facing clues that can both hold (as Puzzle checks): any lane's clue may be broken
        a, b = (rng.choice([0, 0] + list(range(1, n + 1))) for _ in range(2))
        return (a, b) if a + b <= n + 1 and (a, b) != (1, 1) else (a, 0)

    upper, lower = zip(*(pair() for _ in range(n)))
    left, right = zip(*(pair() for _ in range(n)))
    grid = Grid.start(Puzzle(n, upper, lower, left, right))
    placed, _ = random_grid(rng, n)
    for i in range(n * n):
        if placed.values[i]:
            grid.values[i], grid.masks[i] = placed.values[i], placed.masks[i]
        else:
            grid.masks[i] = rng.randint(1, (1 << n) - 1)
    return grid


def test_peak_bounds_prefilter_no_means_the_full_rule_finds_nothing():
    """On grids with a solution, and on any grid (a supposition's trial may hold one with none)."""
    found = 0
    rng = random.Random(47)
    for grid in [g for g, _ in grids(44)] + [any_grid(rng, 4 + k % 6) for k in range(600)]:
        got = [said(s) for s in peak_bounds_module.peak_bounds(grid, Memory(grid))]
        assert got == [said(s) for s in full_peak_bounds(grid)]
        found += len(got)
    assert found > 200  # the grids give the rules work


def test_peak_bounds_nearly_filled_stands_when_lower_bounds_may_also_look():
    """6 and 5 show, so clue 3 needs one more: the first cell, above the cell between it and 5 (nearly filled
    takes 1). 2 is hidden behind 5 and the first cell still holds 5 and 6 (as a picture may): lower bounds may
    look too, finds nothing, and the step found stands."""
    after, steps = run(peak_bounds_module.peak_bounds, "3 | _ _ 5 2 6 _")
    assert after == "3 | [23456] _ 5 2 6 _"
    assert [said(s) for s in steps] == [said(s) for s in full_peak_bounds(grid_of("3 | _ _ 5 2 6 _"))]


def test_isolate_hidden_sets_leave_placed_heights_out():
    """5 and 4 are placed: they fit in no open cell, and no hidden set counts them (a 'hidden pair' of 5 and 3
    would say 3's one cell holds nothing but 3 and 5, and two placed heights would be a contradiction)."""
    after, steps = run(isolate, "5 4 [123] [123] [1236] [236]")
    assert after == "5 4 [123] [123] [1236] [236]" and steps == []
    after, steps = run(isolate, "5 [14] [24] [123] [123]")
    assert all(not (x == 1 and m & cands.bit(1)) for s in steps for x, m in s.eliminations)


def test_pair_chain_removes_a_height_only_where_it_is():
    # R2C2 sees both ends of the chain R2C1 [12] - R2C3 [12] but holds no 1: it is not named
    after, (step,) = run_grid(pair_chain, ["_ _ _ _", "[12] [34] [12] _", "_ _ _ _", "_ _ _ _"])
    assert step.eliminations == ((7, 1),) and step.cells == (4, 6, 7)
    # a three-cell chain in one row: its middle cell [23] sees both ends and holds no 1
    after, steps = run_grid(pair_chain, ["[12] [23] [13] _", "_ _ _ _", "_ _ _ _", "_ _ _ _"])
    assert all(x != 1 for s in steps for x, _ in s.eliminations)


def test_pair_chain_says_what_each_link_forces():
    """The first link's cell holds the first cell's other height: it is then its own other one ([23] after
    [12] not being 1 is 3, never 2)."""
    after, (step,) = run_grid(pair_chain, ["_ _ _ _ _", "[12] _ _ _ _", "[23] _ [13] _ _", "_ _ _ _ _", "_ _ _ _ _"])
    assert step.reason.startswith("R2C1 is 1 or 2; if it is not 1 it is 2, so R3C1 [23] is 3, so R3C3 [13] is 1")
