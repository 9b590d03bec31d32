"""The 4x4 pattern tables and the search they bound (loopover/pattern.py, optimal.py), on
small patterns (a few pieces: built in well under a second), never the full six-piece table."""

import random

import numpy as np
import pytest

from loopover import pattern, relabel, solve
from loopover.board import move_perm
from loopover.optimal import TooLarge, fewest
from loopover.search import shortest
from tests.test_loopover import assert_solves, random_board, scramble

SMALL = (0, 1, 2)  # three pieces of the top row: 4,096 entries


@pytest.fixture
def small(monkeypatch, tmp_path):
    """A three-piece pattern kept under tmp_path (the user's data folder is never touched)."""
    monkeypatch.setenv("ASCENT_LOOPOVER_TABLES", str(tmp_path / "tables"))
    monkeypatch.setattr(pattern, "PIECES", SMALL)
    return pattern.Bounds(pattern.load(), pattern.load_walking())


def placements_by_bfs(pieces):
    """The same table by a plain breadth-first search over placements, moves from ``move_perm``."""
    perms = [move_perm(letter, i, 4, 4) for letter in "LRUD" for i in range(4)]
    goes = [{came: pos for pos, came in enumerate(perm)} for perm in perms]
    start = tuple(pieces)
    dist, level = {start: 0}, [start]
    while level:
        nxt = []
        for placed in level:
            for go in goes:
                new = tuple(go[p] for p in placed)
                if new not in dist:
                    dist[new] = dist[placed] + 1
                    nxt.append(new)
        level = nxt
    return dist


@pytest.mark.parametrize("pieces", [(0, 1), (5, 10), (0, 1, 4)])
def test_the_table_builder_matches_a_plain_search(pieces):
    table = pattern.build(pieces)
    dist = placements_by_bfs(pieces)
    assert int((table != pattern.UNSEEN).sum()) == len(dist)
    for placed, d in dist.items():
        assert table[sum(p << (4 * i) for i, p in enumerate(placed))] == d


def test_walking_distances_match_loopsolvers_table():
    """10,147 row-count patterns, at most 8 moves a direction (loopsolver's heuristics.md counts the same)."""
    codes, dist = pattern.walking()
    assert len(codes) == 10147 and dist.max() == 8 and (np.diff(codes) > 0).all()
    solved = np.arange(16, dtype=np.uint8)[None]
    assert pattern.Bounds(pattern.build((0, 1)), np.stack([codes, dist])).walking(solved)[0] == 0


def test_bounds_never_exceed_the_true_distance(small):
    rng = random.Random(4)
    target = random_board(4, 4, rng)
    for n in range(0, 9):
        start = scramble(target, rng, n)
        cells = relabel(start, target)
        where = np.empty(16, dtype=np.uint8)
        where[list(cells)] = np.arange(16, dtype=np.uint8)
        true = len(shortest(cells, 4, 4))
        assert small.of(where[None])[0] <= true and small.walking(where[None])[0] <= true
        assert len(small.within(where[None], true)) == 1
        assert len(small.within(where[None], int(small.of(where[None])[0]) - 1)) == 0


def test_the_search_finds_the_fewest_and_proves_a_list_fewest(small):
    rng = random.Random(9)
    target = random_board(4, 4, rng)
    for n in (3, 5, 7):
        start = scramble(target, rng, n)
        cells = relabel(start, target)
        best = len(shortest(cells, 4, 4))
        path, spent = fewest(cells, small)
        assert len(path) == best and start.apply_all(path) == target and spent > 0
        assert fewest(cells, small, below=best)[0] is None  # nothing shorter: proven
    with pytest.raises(TooLarge):
        fewest(relabel(scramble(target, rng, 9), target), small, work=100)


def test_solve_uses_the_cached_table_and_says_fewest(small):
    rng = random.Random(2)
    target = random_board(4, 4, rng)
    start = scramble(target, rng, 6)
    solution = solve(start, target, budget=0.5)
    assert_solves(start, target, solution)
    assert solution.method == "pattern" and solution.optimal
    assert len(solution) == len(shortest(relabel(start, target), 4, 4))
    optimal = solve(start, target, mode="optimal")
    assert optimal.method == "pattern" and len(optimal) == len(solution)


def test_a_damaged_table_file_is_rebuilt(small, tmp_path):
    where = pattern.path()
    where.write_bytes(b"not a table")
    assert pattern.load(make=False) is None
    assert pattern.load()[pattern.home(SMALL)] == 0
