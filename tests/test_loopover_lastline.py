"""Loopover: the last line by a table of hand moves, and the last two rows by a beam scored with it
(loopover/lastline.py, ``block.finish(search=...)``)."""

import importlib
import itertools
import math
import random
from collections import deque

import pytest

from loopover import lastline
from loopover.block import finish
from loopover.heuristic import Work, fill_row, parity, top_row
from tests.test_loopover import no_pattern_table  # noqa: F401 (autouse)
from tests.test_loopover_corner import board_pair

SOLVE = importlib.import_module("loopover.solve")  # the module (the package exports the function)


def hand_bfs(R, C):
    """The fewest moves from each board with rows 1..R-1 solved to the solved board, over the
    moves the table allows, on the board itself: the top row turned, a column turned up when no
    column is up and every other column below the top is home, and the column that is up turned
    back."""
    n = R * C
    solved = tuple(range(n))

    def turned(cells, move):
        w = Work(R, C, list(cells))
        (w.row if move[0] == "row" else w.col)(move[1], move[2])
        return tuple(w.cells)

    def moves(cells, up):
        yield ("row", 0, 1), up
        yield ("row", 0, -1), up
        if up is not None:
            yield ("col", up, 1), None
            return
        for j in range(C):
            if all(cells[r * C + c] == r * C + c for r in range(1, R) for c in range(C) if c != j):
                yield ("col", j, -1), j

    dist = {(solved, None): 0}
    queue = deque([(solved, None)])
    while queue:
        cells, up = queue.popleft()
        for move, after in moves(cells, up):
            state = (turned(cells, move), after)
            if state not in dist:
                dist[state] = dist[(cells, up)] + 1
                queue.append(state)
    return {cells[:C]: d for (cells, up), d in dist.items()
            if up is None and all(cells[p] == p for p in range(C, n))}


@pytest.mark.parametrize("R, C", [(3, 4), (3, 5), (4, 3)])
def test_the_table_is_the_fewest_hand_moves(R, C):
    """Every top row's distance in the table is a plain breadth-first search's over the same moves on
    the board (an even row and an odd one); rows the search cannot reach are UNSEEN."""
    want = hand_bfs(R, C)
    t = lastline.table(C)
    for top in itertools.permutations(range(C)):
        assert t.distance(top) == want.get(top, lastline.UNSEEN), top
    assert len(want) == (math.factorial(C) if C % 2 == 0 else math.factorial(C) // 2)


def test_known_distances():
    t = lastline.table(9)
    assert t.distance(range(9)) == 0
    assert t.distance([8, 0, 1, 2, 3, 4, 5, 6, 7]) == 1  # one turn right
    assert t.distance([4, 5, 6, 7, 8, 0, 1, 2, 3]) == 4  # four turns left
    # two pieces swapped is odd: no hand moves on a 9-long row (every move is even)
    assert t.distance([1, 0, 2, 3, 4, 5, 6, 7, 8]) == lastline.UNSEEN
    # three pieces cycled: up, turn, back, turn, up, turn back, back, turn back (the hand's 8 moves)
    assert t.distance([1, 2, 0, 3, 4, 5, 6, 7, 8]) == 8


def test_the_index_is_a_bijection():
    for n in (4, 5, 6):
        index = lastline.Index(n)
        perms = list(itertools.permutations(range(n)))
        many = index.many(__import__("numpy").array(perms, dtype="uint8")).tolist()
        assert sorted(many) == list(range(math.factorial(n)))
        assert many == [index.one(p) for p in perms]


@pytest.mark.parametrize("R, C, seed", [(9, 9, 1), (8, 8, 2), (5, 7, 3)])
def test_the_table_moves_solve_the_row_and_keep_the_rest(R, C, seed):
    """The moves the table reads back solve the top row in as many moves as its distance; whenever no
    column is up, every row below row 1 is solved and row 1 is wrong in one cell at most."""
    rng = random.Random(seed)
    t = lastline.table(C)
    for _ in range(20):
        top = list(range(C))
        rng.shuffle(top)
        if t.distance(top) == lastline.UNSEEN:
            continue
        w = Work(R, C, top + list(range(C, R * C)))
        up = 0
        for kind, i, k in t.moves(top):
            (w.row if kind == "row" else w.col)(i, k)
            if kind == "col":
                up -= k
                assert up in (0, 1)
            if not up:
                assert all(w.cells[p] == p for p in range(2 * C, R * C))
                assert sum(w.cells[p] != p for p in range(C, 2 * C)) <= 1
        assert w.cells == list(range(R * C))
        assert len(w.moves) == t.distance(top)
        hand = Work(R, C, top + list(range(C, R * C)))
        assert top_row(hand, hands=range(C))
        assert len(w.moves) <= len(hand.moves)  # never longer than the hand's own plan


def last_two_rows(R, C, rng):
    """A board with rows 2..R-1 solved and the rest shuffled (of the reachable parity)."""
    head = list(range(2 * C))
    rng.shuffle(head)
    cells = head + list(range(2 * C, R * C))
    if R % 2 and C % 2 and parity(cells):
        cells[0], cells[1] = cells[1], cells[0]
    return cells


@pytest.mark.parametrize("R, C", [(9, 9), (7, 8)])
def test_last_two_replays_and_beats_the_hand_finish(R, C):
    """The beam and the table solve the last two rows, in no more moves than fill_row and the top
    row's hand on each of 8 boards, and in fewer on most."""
    rng = random.Random(R * C)
    fewer = 0
    for _ in range(8):
        cells = last_two_rows(R, C, rng)
        w = Work(R, C, list(cells))
        kinds = finish(w, 2, search=SOLVE.LAST_TWO)
        assert w.cells == list(range(R * C))
        assert {tag for *_, tag in w.moves} <= {1, 2}
        row_moves = [m for m in w.moves if m[2] == 1]
        after_row = Work(R, C, list(cells))
        for letter, i, _ in row_moves:
            (after_row.row if letter in "LR" else after_row.col)(i, 1 if letter in "RD" else -1)
        assert all(after_row.cells[p] == p for p in range(C, R * C))  # row 1's phase solves row 1
        odd = parity(after_row.cells)
        assert kinds == [("block", 2), ("row", 1), ("top and parity fix" if odd else "top", 0)]
        hand = Work(R, C, list(cells))
        fill_row(hand, 1, frozenset({0, 1}))
        assert top_row(hand, hands=range(C))
        assert len(w.moves) <= len(hand.moves)
        fewer += len(w.moves) < len(hand.moves)
    assert fewer >= 5


def test_finish_without_search_is_the_hand():
    rng = random.Random(7)
    cells = last_two_rows(9, 9, rng)
    w, hand = Work(9, 9, list(cells)), Work(9, 9, list(cells))
    finish(w, 2)
    fill_row(hand, 1, frozenset({0, 1}))
    top_row(hand, hands=range(9))
    assert [m[:2] for m in w.moves] == [m[:2] for m in hand.moves]


def test_an_odd_row_left_odd_is_declined():
    """9 wide: two pieces of the top row swapped cannot be solved by hand moves; ``finish`` says so
    and the board is untouched (the caller tries another frame)."""
    cells = [1, 0] + list(range(2, 81))
    w = Work(9, 9, list(cells))
    assert finish(w, 2, search=SOLVE.LAST_TWO) is None
    assert w.cells == cells and not w.moves


def test_solve_uses_the_last_two_and_replays():
    """A 9x9 board: the list replays, names row and last row phases from a corner's block, and is no
    longer than the same solve with the last two rows by hand (``LAST_TWO`` off)."""
    rng = random.Random(11)
    start, target = board_pair(9, 9, rng)
    got = SOLVE.solve(start, target)
    assert start.apply_all(got.moves) == target
    old = SOLVE.LAST_TWO
    try:
        SOLVE.LAST_TWO = None
        hand = SOLVE.solve(start, target)
    finally:
        SOLVE.LAST_TWO = old
    assert start.apply_all(hand.moves) == target
    assert len(got) < len(hand)


@pytest.mark.parametrize("C", [3, 4, 5, 6, 7, 8])
def test_the_digests_are_the_builds(C):
    """A kept table is used only when it is the build's (the digests in the code are the builds')."""
    assert lastline._digest(lastline.build(C)) == lastline.DIGESTS[C]


def test_a_kept_table_is_loaded_and_a_damaged_one_is_not(tmp_path, monkeypatch):
    monkeypatch.setenv("ASCENT_LOOPOVER_TABLES", str(tmp_path / "tables"))
    lastline.keep([5])
    assert lastline.cached(5) and lastline._load(5) is not None
    assert (lastline._load(5) == lastline.build(5)).all()
    damaged = lastline._load(5).copy()
    damaged[7] ^= 1
    __import__("numpy").save(lastline.path(5), damaged)
    assert lastline._load(5) is None  # the solver builds its own then
    lastline.path(5).write_bytes(b"not a table")
    assert lastline._load(5) is None
    lastline.keep([5])  # a damaged file is written again
    assert lastline._load(5) is not None


def test_the_lengths_the_cli_keeps():
    assert SOLVE.last_line_lengths(9, 9) == [9]
    assert SOLVE.last_line_lengths(6, 9) == [6, 9]
    assert SOLVE.last_line_lengths(10, 12) == []
    assert SOLVE.last_line_lengths(5, 5) == [] and SOLVE.last_line_lengths(4, 4) == []
    assert SOLVE.last_line_lengths(2, 30) == []


def test_the_cli_keeps_the_tables_once_with_a_note(tmp_path, monkeypatch):
    """A 6x6 board: the first run builds and keeps the 6-cell table with a note; the second finds it."""
    from typer.testing import CliRunner

    from ascent.cli import app

    monkeypatch.setenv("ASCENT_LOOPOVER_TABLES", str(tmp_path / "tables"))
    start, target = board_pair(6, 6, random.Random(3))
    args = ["loopover", str(start), str(target)]
    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.stderr
    assert "note: building the last-line tables once" in first.stderr
    assert lastline.cached(6)
    again = CliRunner().invoke(app, args)
    assert again.exit_code == 0 and "building" not in again.stderr
    assert first.stdout.splitlines()[-1] == again.stdout.splitlines()[-1]
