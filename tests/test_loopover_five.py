"""The 5x5 two-phase solver (loopover/five.py, five_tables.py) on small tables (a few pieces
each, built in well under a second under tmp_path), never the full ones."""

import importlib
import random

import numpy as np
import pytest
from typer.testing import CliRunner

from ascent.cli import app
from loopover import five_tables as ft
from loopover import relabel, solve
from loopover.five import Tables, phase2, solve5
from tests.test_loopover import random_board, scramble

solve_module = importlib.import_module("loopover.solve")
SMALL1 = {"P": (0, 1, 5, 6), "L": (2, 7, 10, 12)}  # 25**4 entries each
SMALL2 = (0, 1, 2, 3)  # 16**4 entries


@pytest.fixture
def small(monkeypatch, tmp_path):
    monkeypatch.setenv("ASCENT_LOOPOVER_TABLES", str(tmp_path / "tables"))
    monkeypatch.setattr(ft, "PHASE1", SMALL1)
    monkeypatch.setattr(ft, "PHASE2", SMALL2)
    monkeypatch.setattr(solve_module, "_LOADED5", {})
    return tmp_path / "tables"


def plain_bfs(home, steps):
    dist, level = {tuple(home): 0}, [tuple(home)]
    while level:
        nxt = []
        for placed in level:
            for where in steps:
                new = tuple(int(where[p]) for p in placed)
                if new not in dist:
                    dist[new] = dist[placed] + 1
                    nxt.append(new)
        level = nxt
    return dist


@pytest.mark.parametrize("phase", [1, 2])
def test_the_table_builder_matches_a_plain_search(phase):
    if phase == 1:
        home, steps, n = (0, 6), np.stack([w for _, w in ft.board_moves()]), 25
    else:
        home, steps, n = (0, 9), np.stack([w for _, w in ft.region_moves()]), 16
    table = ft.build(home, steps, n)
    dist = plain_bfs(home, steps)
    assert int((table != ft.UNSEEN).sum()) == len(dist)
    for placed, d in dist.items():
        assert table[sum(p * n ** i for i, p in enumerate(placed))] == d


def test_phase_two_moves_keep_the_block_and_the_region():
    moves = ft.region_moves()
    assert len(moves) == 8 and all(sorted(w.tolist()) == list(range(16)) for _, w in moves)
    for g in ft.symmetries():  # each symmetry keeps the block and the region
        assert {int(g[p]) for p in ft.BLOCK} == set(ft.BLOCK)
        assert {int(g[p]) for p in ft.REGION} == set(ft.REGION)


def scrambled(n, seed):
    rng = random.Random(seed)
    target = random_board(5, 5, rng)
    return scramble(target, rng, n), target


def test_bounds_never_exceed_the_moves_that_made_the_board(small):
    tables = Tables(*ft.load())
    for n, seed in [(0, 1), (3, 2), (6, 3), (9, 4)]:
        start, target = scrambled(n, seed)
        cells = relabel(start, target)
        where = np.argsort(np.array(cells))
        assert tables.one.of(where[None, list(ft.BLOCK)].astype(np.uint8))[0] <= n
    rng = random.Random(7)  # phase 2 alone: region moves from home
    for n in range(0, 12, 3):
        state = np.arange(16, dtype=np.uint8)
        for _ in range(n):
            state = tables.step2[rng.randrange(8)][state]
        low = int(tables.two.of(state[None])[0])
        assert low <= n
        found = phase2(state, tables, n, _spent())
        shortest = next(b for b in range(low, n + 1) if phase2(state, tables, b, _spent()) is not None)
        assert found is None or len(found) == n
        assert shortest <= n


def _spent():
    from loopover.five import Spent

    return Spent(10 ** 7)


def test_two_phase_fires_and_replays(small):
    ft.load()  # cached: solve uses the tables (it never builds them)
    for n, seed in [(4, 11), (8, 12), (10, 13)]:
        start, target = scrambled(n, seed)
        solution = solve(start, target)
        assert solution.method == "two-phase"
        assert start.apply_all(solution.moves) == target
        assert len(solution) <= n + 6  # two phases cost a little over the scramble, never much
        names = [p.name for p in solution.phases]
        assert len(names) == 2 and any("3x3 block" in name for name in names)
        board = start
        for phase in solution.phases:  # the phases, played in order, are the whole list
            board = board.apply_all(phase.moves)
        assert board == target


def test_the_two_phases_read_back_through_every_frame(small):
    tables = Tables(*ft.load())
    start, target = scrambled(7, 21)
    cells = relabel(start, target)
    for budget in (0.05, 1.0):
        phases = solve5(cells, tables, budget)
        moves = [m for _, ms in phases for m in ms]
        assert start.apply_all(moves) == target


def test_without_the_tables_solve_does_not_build_them(small):
    start, target = scrambled(6, 31)
    solution = solve(start, target)
    assert solution.method != "two-phase" and start.apply_all(solution.moves) == target
    assert not ft.cached() and not small.exists()


def test_a_bad_cache_file_is_built_again(small):
    ft.load()
    bad = ft.paths()[-1]
    bad.write_bytes(b"not a table")
    assert ft.load(make=False) is None  # solve's path: no crash, no table
    start, target = scrambled(5, 41)
    assert start.apply_all(solve(start, target).moves) == target
    ones, two = ft.load()  # the CLI's path: built again
    assert ft._sane2(two) and ft._sane2(np.load(bad))
    np.save(bad, np.zeros_like(two))  # the right shape, wrong entries: built again too
    assert ft.load(make=False) is None
    ft.load()
    assert ft._sane2(np.load(bad))


def test_weak_tables_give_up_cleanly(small, monkeypatch):
    """A far board with tables too weak for it: the two phases give up (a level past its cap) and
    the other solvers answer."""
    from loopover import five

    monkeypatch.setattr(five, "LEVEL_CAP", 20_000)
    ft.load()
    start, target = scrambled(60, 51)
    solution = solve(start, target, budget=0.2)
    assert solution.method != "two-phase" and start.apply_all(solution.moves) == target


def test_the_cli_builds_the_tables_once_with_a_note(small):
    start, target = scrambled(6, 61)
    r = CliRunner().invoke(app, ["loopover", str(start), str(target)])
    assert r.exit_code == 0, r.stderr
    assert "note: building the 5x5 pattern tables once" in r.stderr and "5x5 pattern tables are built" in r.stderr
    assert ft.cached() and "3x3 block" in r.stdout
    r = CliRunner().invoke(app, ["loopover", str(start), str(target)])
    assert r.exit_code == 0 and "building" not in r.stderr



def test_a_bound_too_wide_ends_phase_one_with_the_lists_found(small, monkeypatch):
    """More budget asks for more phase-1 lists, at larger bounds: a bound whose search grows too wide
    ends phase 1 with the lists it has (none: the two phases give up)."""
    from loopover import five

    tables = Tables(*ft.load())
    starts = []
    for n, seed in [(8, 71), (3, 72)]:  # two boards as two frames: one is done before the other
        start, target = scrambled(n, seed)
        starts.append(np.argsort(np.array(relabel(start, target)))[list(ft.BLOCK)])
    starts = np.array(starts, dtype=np.uint8)
    raised, bound1 = [], five._bound1

    def wide(always):
        def fake(starts, tables, bound, first, done, found, *rest):
            if always or found:  # too wide once some list is found
                raised.append(bound)
                raise five.TooLarge("too wide")
            return bound1(starts, tables, bound, first, done, found, *rest)
        return fake

    monkeypatch.setattr(five, "_bound1", wide(False))
    found = five.phase1(starts, tables, 50, five.Spent(10 ** 9))
    assert found and len(raised) == 1 and {f for f, _ in found} != {0, 1}
    monkeypatch.setattr(five, "_bound1", wide(True))
    with pytest.raises(five.TooLarge):
        five.phase1(starts, tables, 50, five.Spent(10 ** 9))


def test_a_phase_two_too_wide_drops_that_list_only(small, monkeypatch):
    from loopover import five

    tables = Tables(*ft.load())
    start, target = scrambled(9, 81)
    cells = relabel(start, target)
    firsts, phase2_ = [], five.phase2

    def fake(state, *args):
        if not firsts:
            firsts.append(state.tobytes())
        if state.tobytes() == firsts[0]:
            raise five.TooLarge("too wide")
        return phase2_(state, *args)

    monkeypatch.setattr(five, "phase2", fake)
    moves = [m for _, ms in solve5(cells, tables, 1.0) for m in ms]
    assert start.apply_all(moves) == target
