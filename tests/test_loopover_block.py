"""Loopover block building (loopover/block.py) and frames (frames.py): free lines only, the
block stays solved, moves read back from a frame, parity, and the lists it gives through ``solve``."""

import random

import pytest

from loopover import Board, relabel, solve, unsolvable_reason
from loopover.block import Segment, View, block_solve, build_segment, schedule
from loopover.board import move_perm
from loopover.frames import Frame, finish_frames, frames
from loopover.heuristic import Work, parity
from loopover.solve import KEEP_LEAST, _block, _blocks, _ranges, block_frames
from tests.test_loopover import assert_solves, no_pattern_table, random_board, swap_two  # noqa: F401 (autouse)


def cells_after(cells, moves, rows, cols):
    for letter, i in moves:
        perm = move_perm(letter, i, rows, cols)
        cells = tuple(cells[p] for p in perm)
    return cells


def random_cells(rows, cols, rng):
    cells = list(range(rows * cols))
    rng.shuffle(cells)
    return cells


# ---------------------------------------------------------------- frames
@pytest.mark.parametrize("rows, cols", [(3, 5), (4, 4), (2, 7)])
def test_a_move_in_a_frame_reads_back_as_the_same_move_on_the_board(rows, cols):
    rng = random.Random(rows * 31 + cols)
    cells = tuple(random_cells(rows, cols, rng))
    for frame in frames(rows, cols, 12):
        seen, R, C = frame.cells(cells, rows, cols)
        assert frame.cells(tuple(range(rows * cols)), rows, cols)[0] == tuple(range(rows * cols))
        for letter in "LRUD":
            for i in range(R if letter in "LR" else C):
                after = cells_after(seen, [(letter, i)], R, C)
                back = cells_after(cells, [frame.move_back(letter, i, rows, cols)], rows, cols)
                assert frame.cells(back, rows, cols)[0] == after, (frame, letter, i)


def test_frames_are_the_same_every_time_and_start_with_the_board_and_its_transpose():
    assert frames(9, 9, 6) == frames(9, 9, 6)
    assert frames(9, 9, 6)[:4] == frames(9, 9, 4)  # more frames only add to the list
    assert frames(9, 9, 2) == [Frame(), Frame(transpose=True)]
    assert len(set(frames(3, 4, 200))) == len(frames(3, 4, 200)) == 8 * 12  # every frame once, then no more


# ---------------------------------------------------------------- block building
@pytest.mark.parametrize("rows, cols, h", [(5, 5, 2), (6, 4, 2), (4, 7, 1), (9, 9, 2), (2, 6, 1), (7, 3, 2)])
def test_segments_move_only_free_lines_and_keep_the_block_solved(rows, cols, h):
    rng = random.Random(rows * 7 + cols)
    w = Work(rows, cols, random_cells(rows, cols, rng))
    block: set[int] = set()
    segments = list(schedule(rows, cols, h, 3))
    for across, u0, vs in segments:
        busy_rows = {pos // cols for pos in block}
        busy_cols = {pos % cols for pos in block}
        n = len(w.moves)
        build_segment(w, across, u0, vs, block)
        for letter, i, _ in w.moves[n:]:
            assert i not in (busy_rows if letter in "LR" else busy_cols), (letter, i, "turns a line of the block")
        assert all(w.cells[pos] == pos for pos in block)
    assert block == set(range(h * cols, rows * cols))  # the schedule ends with rows h.. whole


def test_a_segment_built_in_a_column_holds_its_pieces_at_one_offset():
    rng = random.Random(3)
    w = Work(5, 5, random_cells(5, 5, rng))
    block = set()
    build_segment(w, True, 4, [3, 4], block)  # two cells of the bottom row
    seg = Segment(View(w, False), 2, [4], block)  # column 2, row 4: a free column, a row of the block crosses it
    assert 2 in seg.free_u and 4 not in seg.free_v and 3 not in seg.free_u
    while choices := seg.choices():
        seg.run(choices[0][1])
    assert seg.done()


@pytest.mark.parametrize("rows, cols", [(6, 6), (9, 9), (5, 8)])
def test_one_row_turn_is_undone_in_one_move(rows, cols):
    """A board one row turn from solved: every segment finds its pieces already at one offset, so the
    only move is that row's turn back (here the claim is exact)."""
    for r in range(rows):
        for letter in "LR":
            cells = cells_after(tuple(range(rows * cols)), [(letter, r)], rows, cols)
            w = Work(rows, cols, list(cells))
            assert block_solve(w, 2, 3) is not None
            assert [(m, i) for m, i, _ in w.moves] == [("R" if letter == "L" else "L", r)]


@pytest.mark.parametrize("rows, cols", [(4, 4), (6, 5), (9, 9), (3, 8), (8, 3)])
def test_block_solutions_replay_and_name_their_phases(rows, cols):
    rng = random.Random(rows * 13 + cols)
    start, target = random_board(rows, cols, rng), random_board(rows, cols, rng)
    if unsolvable_reason(start, target):
        start = swap_two(start)
    cells = relabel(start, target)
    found = [s for f in frames(rows, cols, 4) if (s := _block(start, target, cells, f)) is not None]
    assert found
    for solution in found:
        assert_solves(start, target, solution)
        assert solution.method == "block" and not solution.optimal
        assert solution.phases[0].name.startswith("block of ")
        assert solution.phases[-1].name.startswith("last ")


def test_parity_rows_of_odd_length_may_give_up_rows_of_even_length_never():
    """6x9: in the board's frame the rows are 9 long, every turn of the top row is even, and an odd
    top row (the board's parity and the number of column turns made, 6-cycles, decide it) cannot be
    mended: that frame may give up. In the transpose the rows are 6 long, an odd final turn mends an
    odd top row (the phase says "parity fix"), so it never gives up."""
    gave_up = fixed = 0
    for seed in range(4):
        rng = random.Random(seed)
        start, target = random_board(6, 9, rng), random_board(6, 9, rng)
        cells = relabel(start, target)
        for frame in (Frame(), Frame(shift=(2, 3)), Frame(mirror=(True, False))):
            solution = _block(start, target, cells, frame)
            gave_up += solution is None
            if solution is not None:
                assert_solves(start, target, solution)
        for frame in (Frame(transpose=True), Frame(transpose=True, shift=(4, 1))):
            solution = _block(start, target, cells, frame)
            assert_solves(start, target, solution)
            fixed += "parity fix" in solution.phases[-1].name
        assert_solves(start, target, solve(start, target, budget=0.05))
    assert gave_up and fixed  # both paths are taken on these boards


@pytest.mark.parametrize("rows, cols", [(7, 7), (9, 5)])
def test_odd_by_odd_stays_unsolvable_exactly_when_odd(rows, cols):
    rng = random.Random(rows * cols)
    target = random_board(rows, cols, rng)
    start = random_board(rows, cols, rng)
    odd = start if parity(relabel(start, target)) else swap_two(start)
    assert solve(odd, target) is None
    assert_solves(swap_two(odd), target, solve(swap_two(odd), target))


# ---------------------------------------------------------------- through solve
def test_nine_by_nine_uses_block_building_and_beats_the_heuristic_clearly():
    rng = random.Random(99)
    start, target = random_board(9, 9, rng), random_board(9, 9, rng)
    if unsolvable_reason(start, target):
        start = swap_two(start)
    solution = solve(start, target, budget=0.2)
    assert_solves(start, target, solution)
    assert solution.method == "block"
    assert len(solution) < 0.85 * len(solve(start, target, mode="heuristic"))
    assert solve(start, target, budget=0.2).moves == solution.moves  # frames are counted, not timed


def test_a_larger_budget_tries_more_frames_and_is_never_longer():
    assert block_frames(7, 7, 0.1) == 2 and block_frames(7, 7, 0.5) > 2
    rng = random.Random(77)
    start, target = random_board(7, 7, rng), random_board(7, 7, rng)
    if unsolvable_reason(start, target):
        start = swap_two(start)
    small, large = solve(start, target, budget=0.1), solve(start, target, budget=0.5)
    assert small.method == large.method == "block"
    assert len(large) <= len(small)


def test_budget_zero_is_the_heuristic_alone():
    rng = random.Random(8)
    start, target = random_board(6, 6, rng), random_board(6, 6, rng)
    if unsolvable_reason(start, target):
        start = swap_two(start)
    assert solve(start, target, budget=0).method == "heuristic"


def test_ranges():
    assert _ranges([0, 1, 4, 5, 6]) == "0-1, 4-6"
    assert _ranges([3]) == "3"
    assert _ranges([2, 3, 4, 5, 6, 7, 8]) == "2-8"


def test_loopover_api_on_a_large_board():
    from loopover import loopover
    rng = random.Random(12)
    start, target = random_board(8, 8, rng), random_board(8, 8, rng)
    moves = loopover(start.to_lists(), target.to_lists())
    assert isinstance(moves, list) and Board.of(start).apply_all(moves) == target


def test_the_docstring_picture_column_5_beside_a_three_by_three_block():
    """block.py's picture: rows 6..8 by columns 6..8 of a 9x9 board solved, the rest shuffled; the
    segment is column 5, rows 6..8. Only rows 0..5 and columns 0..5 may turn."""
    rng = random.Random(65)
    block = {r * 9 + c for r in range(6, 9) for c in range(6, 9)}
    loose = [p for p in range(81) if p not in block]
    shuffled = loose[:]
    rng.shuffle(shuffled)
    cells = list(range(81))
    for pos, piece in zip(loose, shuffled):
        cells[pos] = piece
    w = Work(9, 9, cells)
    build_segment(w, False, 5, [6, 7, 8], block)
    assert w.moves and all(i <= 5 for _, i, _ in w.moves)  # rows 0..5 and columns 0..5 only
    assert all(w.cells[r * 9 + c] == r * 9 + c for r in range(6, 9) for c in range(5, 9))


@pytest.mark.parametrize("cols", [4, 5, 8, 9])
def test_the_top_row_with_any_column_as_its_hand(cols):
    """Rows 1.. solved, the top row shuffled: every hand column solves it, and trying them all is
    never longer than column 0 alone."""
    from loopover.heuristic import top_row
    rng = random.Random(cols)
    for _ in range(5):
        top = list(range(cols))
        rng.shuffle(top)
        if cols % 2 and parity(top):
            top[0], top[1] = top[1], top[0]  # rows of odd length take only even tops
        lengths = []
        for hands in [(j,) for j in range(cols)] + [range(cols)]:
            w = Work(3, cols, top + list(range(cols, 3 * cols)))
            assert top_row(w, hands=hands)
            assert w.cells == list(range(3 * cols))
            assert {i for letter, i, _ in w.moves if letter in "UD"} <= set(hands)
            lengths.append(len(w.moves))
        assert lengths[-1] == min(lengths[:-1])


@pytest.mark.parametrize("rows", range(2, 10))
def test_every_shape_past_exact_search_in_the_board_and_its_transpose(rows):
    """Block building on one random board of each shape with more than 12 cells, in both first frames.
    A frame may give up only when its rows are odd long (its top row is then left odd, which no turn
    of it mends; with an even number of rows, column turns are odd, so that depends on the moves made),
    and never both: the transpose's rows are even long, or, both sides odd, every move is even."""
    rng = random.Random(rows)
    for cols in range(2, 10):
        if rows * cols <= 12:
            continue
        start, target = random_board(rows, cols, rng), random_board(rows, cols, rng)
        if unsolvable_reason(start, target):
            start = swap_two(start)
        cells = relabel(start, target)
        found = [(f, _block(start, target, cells, f)) for f in frames(rows, cols, 2)]
        assert any(s is not None for _, s in found)
        for frame, solution in found:
            if solution is None:
                assert frame.shape(rows, cols)[1] % 2 == 1  # rows of odd length only
            else:
                assert_solves(start, target, solution)


# ---------------------------------------------------------------- frames side by side, several finishes
def solvable_pair(rows, cols, rng):
    start, target = random_board(rows, cols, rng), random_board(rows, cols, rng)
    return (swap_two(start) if unsolvable_reason(start, target) else start), target


@pytest.mark.parametrize("rows, cols, h", [(9, 9, 2), (6, 7, 2), (4, 5, 1)])
def test_finish_frames_keep_the_block_rows_and_start_with_the_board(rows, cols, h):
    ends = finish_frames(rows, cols, h, 1000)
    assert ends[0] == Frame() and len(set(ends)) == len(ends) == 4 * cols
    assert finish_frames(rows, cols, h, 3) == ends[:3]
    for end in ends:
        for pos in range(h * cols, rows * cols):  # a block row's cell stays in a block row
            assert end.place(pos, rows, cols) // cols >= h
    if h == 2:  # the free rows the other way round
        assert ends[2].place(0, rows, cols) // cols == 1 and ends[2].place(cols, rows, cols) // cols == 0


def test_blocks_finish_in_several_frames_replay_and_are_never_longer():
    rng = random.Random(5)
    shorter = 0
    for rows, cols in [(6, 6), (7, 6), (9, 9), (8, 8)]:
        start, target = solvable_pair(rows, cols, rng)
        cells = relabel(start, target)
        views = frames(rows, cols, 2)
        [one] = _blocks(start, target, cells, views, ends=1)
        [many] = _blocks(start, target, cells, views, ends=16)
        assert_solves(start, target, one)
        assert_solves(start, target, many)
        assert len(many) <= len(one)  # the board itself is the first finish
        shorter += len(many) < len(one)
        names = [p.name for p in many.phases]
        assert names[0].startswith("block of ") and len(set(names)) == len(names)
        for phase, board in many.phase_boards()[1:-1]:  # "row 1" or "column 1": that line is solved after it
            axis, i = phase.name.split()
            line = (lambda b: b.rows[int(i)]) if axis == "row" else (lambda b: [r[int(i)] for r in b.rows])
            assert line(board) == line(target), phase.name
    assert shorter >= 2  # the other finishes do find shorter lists


def test_frames_side_by_side_drop_the_longer_half_and_replay():
    start, target = solvable_pair(9, 9, random.Random(6))
    cells = relabel(start, target)
    notes = []
    [found] = _blocks(start, target, cells, frames(9, 9, 40), note=notes.append)
    assert_solves(start, target, found)
    counts = [int(n.split()[0]) for n in notes if n.endswith(" cells")]
    assert counts[0] == 40 and counts[-1] == KEEP_LEAST and counts == sorted(counts, reverse=True)
    assert 40 in counts and 20 in counts and 10 in counts  # halved every second segment
    # never longer than the first two frames built alone, in solve through its budget
    [two] = _blocks(start, target, cells, frames(9, 9, 2))
    assert len(solve(start, target, budget=1.0)) <= len(two)
