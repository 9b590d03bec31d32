"""Large Loopover boards: greedy block building on boards past 20x20, thin boards, the 60x60 limit,
and the solver's progress notes."""

import random
import re

import pytest

from loopover import MAX_SIDE, SizeError, solve, unsolvable_reason
from loopover.block import GREEDY, LOOK, _hands, _near, block_solve
from loopover.heuristic import Work
from loopover.solve import block_plan
from tests.test_loopover import assert_solves, no_pattern_table, random_board, swap_two  # noqa: F401 (autouse)


def pair(rows, cols, seed):
    rng = random.Random(seed)
    start, target = random_board(rows, cols, rng), random_board(rows, cols, rng)
    return (swap_two(start) if unsolvable_reason(start, target) else start), target


@pytest.mark.parametrize("rows, cols", [(6, 6), (9, 9), (7, 12), (12, 5)])
def test_greedy_block_building_solves_and_replays(rows, cols):
    """Greedy block building (the cheapest step first, crossing lines pruned to the nearest) keeps its
    block solved (``build_segment`` raises otherwise) and leaves the board solved."""
    rng = random.Random(rows * 100 + cols)
    for _ in range(3):
        cells = list(range(rows * cols))
        rng.shuffle(cells)
        w = Work(rows, cols, cells)
        if block_solve(w, 2, 3, look=GREEDY) is not None:
            assert w.cells == list(range(rows * cols))


def test_near_finds_the_cheapest_line_of_a_sum_of_cyclic_distances():
    """Pruning to ``_near``'s lines loses nothing: the least sum of cyclic distances over the chosen
    lines equals the least over every free line."""
    rng = random.Random(7)
    for _ in range(300):
        n = rng.randrange(3, 30)
        free = sorted(rng.sample(range(n), rng.randrange(1, n + 1)))
        at = [rng.randrange(n) for _ in range(rng.randrange(1, 3))]

        def cost(j):
            return sum(min((j - p) % n, (p - j) % n) for p in at)

        assert min(map(cost, _near(free, at, n))) == min(map(cost, free))


def test_the_plan_keeps_the_lookahead_on_small_boards_and_goes_greedy_on_large_ones():
    assert block_plan(9, 9, 1.0)[0] == LOOK
    assert block_plan(40, 40, 1.0)[0] == GREEDY
    assert block_plan(40, 40, 1000.0)[0] == LOOK  # a large budget buys the lookahead back
    assert list(_hands(9)) == list(range(9)) and len(_hands(60)) <= 12


@pytest.mark.parametrize("rows, cols", [(25, 25), (2, 60), (60, 3)])
def test_large_and_thin_boards_replay(rows, cols):
    start, target = pair(rows, cols, rows + cols)
    solution = solve(start, target)
    assert solution.method == "block" or min(rows, cols) < 4
    assert_solves(start, target, solution)


def test_boards_past_60_a_side_are_refused_before_solving():
    for rows, cols in ((MAX_SIDE + 1, 2), (2, MAX_SIDE + 1), (61, 61)):
        start, target = pair(rows, cols, 1)
        with pytest.raises(SizeError, match=f"{rows}x{cols} board is too large"):
            solve(start, target)


def test_progress_notes_say_what_the_solver_does():
    start, target = pair(6, 6, 3)
    notes = []
    assert_solves(start, target, solve(start, target, budget=0.2, progress=notes.append))
    assert any(n.startswith("2 frames, block ") for n in notes)  # the board and its transpose first
    more = [int(n.split()[0]) for n in notes if re.match(r"\d+ more frames, block ", n)]  # then more, side by side
    assert len(more) > 2 and more[0] > more[-1]
    assert "2 frames, the last rows" in notes and notes[-1] == "checking the moves"
    heuristic = []
    solve(start, target, mode="heuristic", progress=heuristic.append)
    assert "rows 1 of 6 solved" in heuristic and "columns 1 of 6 solved" in heuristic
