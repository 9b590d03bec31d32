"""peak bounds (Tatham's Easy clue rules) and pair chain (an XY-chain): pictures where each fires and
where it must not, and the step's fields: lane, premises, cells to show, a sentence that names them."""

import pytest

from ascent.model import cands
from ascent.model.grid import Grid
from ascent.techniques.memory import Memory
from ascent.puzzle import Puzzle
from ascent.techniques.pair_chain import pair_chain
from ascent.techniques.peak_bounds import peak_bounds
from tests.lanepic import run


@pytest.mark.parametrize(
    "before, after, words",
    [
        # the docstring's pictures: 5 hides behind 7, so 6 is the 2nd tallest that can show
        ("3 | _ _ 7 _ _ 5 _", "3 | [123457] _ 7 _ _ 5 _", "5 behind 7 at R1C3 can never show"),
        # 7 and 6 show; the first cell is the third and hides the two cells before 6
        ("3 | _ _ _ 6 7 _ _", "3 | [34567] _ _ 6 7 _ _", "clue 3 needs exactly one more, the first cell"),
        ("4 | _ 7 _ 5 _ _ _", "4 | [12357] 7 _ 5 _ _ _", "6 in the first 2 cells would let at most 3 show"),
    ],
)
def test_peak_bounds_fires(before, after, words):
    got, steps = run(peak_bounds, before)
    assert got == after
    assert len(steps) == 1 and steps[0].technique == "peak bounds" and words in steps[0].reason
    step = steps[0]
    assert step.lane is not None and step.lane.side == "left" and step.clue == int(before[0])
    assert step.premises == step.lane.cells  # it reads the whole lane: where the tall heights stand


@pytest.mark.parametrize(
    "lane",
    [
        "3 | _ _ _ _ _ _ _",  # nothing placed: the edge rule of tier 1, not this
        "3 | _ 6 7 _ _ _ _",  # 7 and 6 show, but 6 is next to the first cell: nothing hides between
        "2 | _ _ 6 7 _ _ _",  # two show already and the clue is 2: not nearly filled
        "3 | _ _ 5 _ _ 7 _",  # 5 is not hidden (7 is farther out), and 6 is not placed
        "3 | _ _ 7 _ _ 6 _",  # 6 right behind 7: left to peak descent, as Tatham's Easy leaves it
        "_ _ 7 _ _ 6 _",  # no clue
    ],
)
def test_peak_bounds_must_not_fire(lane):
    got, steps = run(peak_bounds, lane)
    assert steps == [] and got == lane


def _grid(n: int, pairs: dict[int, str]) -> Grid:
    grid = Grid.start(Puzzle(n, (0,) * n, (0,) * n, (0,) * n, (0,) * n))
    for cell, heights in pairs.items():
        grid.masks[cell] = sum(cands.bit(int(h)) for h in heights)
    return grid


def test_pair_chain_fires_along_rows_and_columns():
    # 5x5: R1C1 [35] - row 1 - R1C4 [45] - column 4 - R4C4 [24] - row 4 - R4C1 [23]:
    # if R1C1 is not 3 it is 5, so R1C4 is 4, R4C4 is 2 and R4C1 is 3: 3 is at R1C1 or R4C1,
    # so the rest of column 1 (R2C1, R3C1, R5C1) is not 3
    n = 5
    grid = _grid(n, {0: "35", 3: "45", 18: "24", 15: "23"})
    memory = Memory(grid)
    steps = list(pair_chain(grid, memory))  # every chain, the first first (the engine takes that one): the ring of
    step = steps[0]  # four cells gives a loss along each of its four lines, each found from both ends
    assert len(steps) == 8 and len({s.eliminations for s in steps}) == 4
    assert step.technique == "pair chain" and step.lane is None
    assert step.premises == (0, 3, 18, 15)  # the chain's cells, start to end
    assert step.eliminations == ((5, cands.bit(3)), (10, cands.bit(3)), (20, cands.bit(3)))
    assert step.cells == (0, 3, 18, 15, 5, 10, 20)  # the chain, then the cells that lose the height
    assert step.reason == ("R1C1 is 3 or 5; if it is not 3 it is 5, so R1C4 [45] is 4, so R4C4 [24] is 2, "
                           "so R4C1 [23] is 3: either way 3 is at R1C1 or R4C1, so R2C1, R3C1, R5C1, seeing both, "
                           "are not 3")
    grid.apply(step)
    assert all(not grid.masks[c] & cands.bit(3) for c in (5, 10, 20))


def test_pair_chain_must_not_fire_when_the_ends_hold_different_heights():
    # R1C1 [35] - R1C4 [45] - R4C4 [24]: the ends are 3 or 5 and 2 or 4; no height is at one end or the other
    grid = _grid(5, {0: "35", 3: "45", 18: "24"})
    assert list(pair_chain(grid, Memory(grid))) == []
    # and cells with three candidates are no links
    grid = _grid(5, {0: "35", 3: "345", 18: "24", 15: "23"})
    assert list(pair_chain(grid, Memory(grid))) == []


def test_peak_bounds_passes_over_only_lanes_where_lower_bounds_removes_nothing():
    """``_may_bound`` (the cheap look before lower bounds) never turns away a lane where the rule fires."""
    import random

    from ascent.techniques.peak_bounds import _lower_bounds, _may_bound

    rng = random.Random(17)
    fired = 0
    for _ in range(3000):
        n = rng.randint(4, 8)
        c = rng.randint(2, n - 1)
        grid = Grid.start(Puzzle(n, (0,) * n, (0,) * n, (c,) + (0,) * (n - 1), (0,) * n))
        lane = grid.lines[0].front
        heights = rng.sample(range(1, n + 1), n)
        for x, h in zip(lane.cells, heights):
            if rng.random() < 0.4:
                grid.masks[x], grid.values[x] = cands.bit(h), h
            else:
                grid.masks[x] = cands.bit(h) | (rng.getrandbits(n) & cands.full(n))
        at = {grid.values[x]: d for d, x in enumerate(lane.cells) if grid.values[x]}
        hidden = top = 0
        for x in lane.cells:
            v = grid.values[x]
            if v and top >= v + 2:
                hidden |= cands.bit(v)
            elif v > top:
                top = v
        gap = next((d for d, x in enumerate(lane.cells) if not grid.values[x]), -1)
        step = _lower_bounds(grid, lane, at)
        if step is not None:
            fired += 1
            assert hidden and 0 <= gap < c - 1 and _may_bound(grid, lane, hidden, gap)
    assert fired > 50  # the check met lanes where the rule fires
