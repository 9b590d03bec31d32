"""Loopover: the first corner of block building by a beam search (loopover/corner.py), and
block building started from it (``Build.skip_corner``, ``solve._blocks(seeded=...)``)."""

import importlib
import random
from collections import deque

import pytest

from loopover import unsolvable_reason
from loopover import corner
from loopover.block import LOOK, Build
from loopover.heuristic import Work
from loopover.solve import _blocks, relabel
from tests.test_loopover import no_pattern_table, random_board, swap_two  # noqa: F401 (autouse)
from tests.test_loopover_block import cells_after, random_cells

SOLVE = importlib.import_module("loopover.solve")  # the module (the package exports the function)


def board_pair(rows, cols, rng):
    start, target = random_board(rows, cols, rng), random_board(rows, cols, rng)
    return (swap_two(start) if unsolvable_reason(start, target) else start), target


def block_home(cells, a, b, rows, cols, size=corner.SIZE):
    return all(cells[p] == p for p in (((a + i) % rows) * cols + (b + j) % cols
                                       for i in range(size) for j in range(size)))


@pytest.mark.parametrize("rows, cols, seed", [(9, 9, 1), (9, 9, 2), (7, 8, 3)])
def test_every_corner_list_brings_its_block_home(rows, cols, seed):
    cells = tuple(random_cells(rows, cols, random.Random(seed)))
    found = corner.corners(cells, rows, cols, width=400, want=6, per=2)
    assert found
    for (a, b), moves in found:
        assert block_home(cells_after(cells, moves, rows, cols), a, b, rows, cols)
    places = [place for place, _ in found]
    assert all(places.count(p) <= 2 for p in places)  # at most ``per`` lists a place


@pytest.mark.parametrize("rows, cols", [(9, 9), (7, 10)])
def test_the_eight_frames_put_the_block_in_the_bottom_right_corner(rows, cols):
    for a, b in [(0, 0), (3, 5), (rows - 1, cols - 2)]:
        frames = corner.frames_for(a, b, rows, cols)
        assert len(set(frames)) == 8
        for frame in frames:
            R, C = frame.shape(rows, cols)
            placed = {frame.place(((a + i) % rows) * cols + (b + j) % cols, rows, cols)
                      for i in range(3) for j in range(3)}
            assert placed == {r * C + c for r in range(R - 3, R) for c in range(C - 3, C)}


def fewest_for_a_block(cells, rows, cols, size):
    """Plain breadth-first search: the fewest moves bringing home any ``size`` x ``size`` block."""
    moves, _ = corner.move_maps(rows, cols)
    where = [0] * len(cells)
    for pos, piece in enumerate(cells):
        where[piece] = pos
    best = None
    for a in range(rows):
        for b in range(cols):
            home = tuple(((a + i) % rows) * cols + (b + j) % cols for i in range(size) for j in range(size))
            start = tuple(where[p] for p in home)
            seen, todo = {start: 0}, deque([start])
            while todo:
                state = todo.popleft()
                if state == home:
                    best = seen[state] if best is None else min(best, seen[state])
                    break
                for m in moves:
                    kid = tuple(int(m[p]) for p in state)
                    if kid not in seen:
                        seen[kid] = seen[state] + 1
                        todo.append(kid)
    return best


@pytest.mark.parametrize("seed", [4, 5])
def test_a_beam_wider_than_the_board_is_a_breadth_first_search(seed):
    # 3x3 board, 2x2 blocks: every state fits in the beam, so its first list is the fewest moves
    rows = cols = 3
    cells = tuple(random_cells(rows, cols, random.Random(seed)))
    found = corner.corners(cells, rows, cols, width=10 ** 6, want=1, per=1, size=2)
    assert min(len(moves) for _, moves in found) == fewest_for_a_block(cells, rows, cols, 2)


def test_the_corner_is_shorter_than_block_building_makes_it():
    rng = random.Random(6)
    for _ in range(3):
        cells = tuple(random_cells(9, 9, rng))
        w = Work(9, 9, list(cells))
        build = Build(w, h=2, width=3, look=LOOK)
        for _ in range(3):  # the 3x3 corner, by segments
            build.step()
        built = len(w.moves)
        found = corner.corners(cells, 9, 9, width=2000, want=1, per=1)
        assert len(found[0][1]) < built  # about 20 moves against 37


def test_skip_corner_starts_block_building_past_the_corner():
    cells = tuple(random_cells(9, 9, random.Random(7)))
    (a, b), moves = corner.corners(cells, 9, 9, width=400, want=1, per=1)[0]
    solved = cells_after(cells, moves, 9, 9)
    for frame in corner.frames_for(a, b, 9, 9):
        seen, R, C = frame.cells(solved, 9, 9)
        build = Build(Work(R, C, list(seen)), h=2, width=3, look=LOOK)
        todo = len(build.todo)
        assert build.skip_corner(3)
        assert len(build.todo) == todo - 3 and len(build.block) == 9
        while build.todo:
            build.step()
    # an unsolved corner is a bug, and a schedule that starts otherwise is declined
    with pytest.raises(AssertionError):
        Build(Work(9, 9, list(cells)), h=2, width=3, look=LOOK).skip_corner(3)
    wide = Build(Work(7, 10, list(range(70))), h=2, width=3, look=LOOK)
    assert not wide.skip_corner(3) and not wide.block


def test_block_building_from_seeded_corners_replays():
    start, target = board_pair(9, 9, random.Random(8))
    cells = relabel(start, target)
    seeded = corner.seeds(cells, 9, 9, width=400, want=2, per=1)
    assert len(seeded) >= 8 and len(seeded) % 8 == 0  # 8 frames a list
    [found] = _blocks(start, target, cells, [], seeded=seeded, ends=2)
    assert start.apply_all(found.moves) == target
    assert found.phases[0].name.startswith("block of")


def test_solve_with_the_corners_is_shorter_on_two_boards(monkeypatch):
    rng = random.Random(9)
    boards = [board_pair(9, 9, rng) for _ in range(2)]
    with_corners = [SOLVE.solve(s, t, budget=0.6) for s, t in boards]
    for (s, t), solution in zip(boards, with_corners):
        assert s.apply_all(solution.moves) == t
    monkeypatch.setattr(SOLVE, "CORNER_CELLS", (0, 0))  # the random frames instead, as before
    without = [len(SOLVE.solve(s, t, budget=0.6)) for s, t in boards]
    assert all(len(a) < b for a, b in zip(with_corners, without))


def test_the_inverse_solved_from_the_corners_and_played_backwards_solves_the_board():
    start, target = board_pair(9, 9, random.Random(10))
    cells = relabel(start, target)
    back = [0] * len(cells)
    for pos, piece in enumerate(cells):
        back[piece] = pos
    assert tuple(back) == relabel(target, start)
    [inverse] = SOLVE._cornered(target, start, tuple(back), 400, 1, LOOK, lambda text: None, 2)
    assert target.apply_all(inverse.moves) == start
    played = SOLVE._backwards(inverse, start, target)
    assert start.apply_all(played.moves) == target and len(played) == len(inverse)
    assert [p.name for p in played.phases] == [f"back: {p.name}" for p in reversed(inverse.phases)]
    assert played.moves == tuple(m for p in played.phases for m in p.moves)


@pytest.mark.parametrize("cols", [4, 5, 8, 9])
def test_top_row_skips_only_the_turns_that_have_no_plan(cols):
    from loopover.heuristic import _top_plan, parity

    rng = random.Random(cols)
    for _ in range(200):
        top = list(range(cols))
        rng.shuffle(top)
        odd = parity(top)
        for k in range(cols):
            assert (_top_plan(top, k, cols) is None) == bool(odd ^ ((cols - 1) * k & 1))


def test_each_corner_search_skips_the_places_found_before():
    cells = tuple(random_cells(9, 9, random.Random(3)))
    once = corner.corners(cells, 9, 9, width=1000, want=2, per=1)
    again = corner.corners(cells, 9, 9, width=1000, want=2, per=1, skip={place for place, _ in once})
    assert again and not {place for place, _ in once} & {place for place, _ in again}
    seeded = corner.seeds(cells, 9, 9, width=1000, want=2, per=1, rounds=2)
    assert len(seeded) == 8 * (len(once) + len(again))
    assert len({(frame, tuple(moves)) for frame, moves in seeded}) == len(seeded)
