"""fastcore: the fast core's answers to forcing (does a supposition break, where does one that holds lead,
what does a removal clear), each against propagating from scratch; and context's pieces (issue 26)."""

import random
import time

import pytest

from ascent import Puzzle, solve
from ascent.solver.context import Context, _clock, _inner
from ascent.core.fastcore import FastCore
from ascent.model.grid import Grid
from ascent.solver.passes import TimedOut, run, techniques_of
from ascent.core.propagate import Broken, line_table, propagate
from ascent.techniques import EASY, ORDER

MEDVED = "3 3 2 1 2 2 3 4 3 2 4 1 4 2 2 4 1 4 5 3 2 3 1 4 2 5 2 3"  # 7x7, needs forcing
SIX = "0 0 0 3 0 4 0 3 0 0 2 0 3 0 4 0 0 0 0 0 0 0 0 2"  # 6x6 (few clues: easy tiers leave it open)


def b(d: int) -> int:
    return 1 << (d - 1)


def never():
    return None


def table(puzzle):
    p = puzzle
    return line_table(p.size, tuple(p.upper) + tuple(p.lower) + tuple(p.left) + tuple(p.right))


def scratch(puzzle, masks, cell, d):
    """Suppose ``cell`` is ``d`` and propagate from scratch: (the candidates or None, the work)."""
    n = puzzle.size
    trial = list(masks)
    trial[cell] = b(d)
    try:
        work = propagate(trial, n, table(puzzle), (cell // n, n + cell % n))
    except Broken as e:
        return None, e.work + 1
    return trial, work


def open_pairs(masks, n):
    return [(c, d) for c in range(n * n) for d in range(1, n + 1) if masks[c] & (masks[c] - 1) and masks[c] & b(d)]


@pytest.fixture(scope="module")
def medved():
    """(the puzzle, its candidates once the easy tiers stop, its solution as flat heights)."""
    result = solve(Puzzle.from_clues(MEDVED), logic_only=True)
    grid = Grid.start(result.puzzle)
    run(grid, techniques_of(EASY))
    return result.puzzle, list(grid.masks), [v for row in result.solution for v in row]


def grids(puzzle, masks, truth, rng, rounds, per=1):
    """Settled grids, each a subset of the one before: false candidates go, then the fast core settles."""
    n = puzzle.size
    masks = list(masks)
    out = [list(masks)]
    for _ in range(rounds):
        false = [(c, d) for c, d in open_pairs(masks, n) if truth[c] != d]
        if not false:
            break
        for c, d in rng.sample(false, min(per, len(false))):
            masks[c] &= ~b(d)
        propagate(masks, n, table(puzzle))
        out.append(list(masks))
    return out


# ---------------------------------------------------------------------------- does a supposition break
def test_work_to_break_is_none_exactly_when_propagating_holds(medved):
    puzzle, masks, truth = medved
    n = puzzle.size
    held = broke = 0
    for grid_masks in (masks, list(Grid.start(puzzle).masks)):
        core = FastCore(puzzle, never)
        for c, d in open_pairs(grid_masks, n):
            after, work = scratch(puzzle, grid_masks, c, d)
            got = core.work_to_break(grid_masks, c, d)
            if after is None:
                assert got == work and got >= 1, (c, d)
                assert (c, d) not in core.held
                broke += 1
            else:
                assert got is None, (c, d)
                assert (c, d) in core.held  # remembered (how is the core's own business)
                held += 1
            assert core.branch(grid_masks, c, d) == after
            if truth[c] == d:
                assert got is None
    assert held > 20 and broke > 20


def on_from(puzzle, led, masks):
    """The work to see a break from where a supposition led, less what the grid has lost since, re-reading
    the lines that lost something."""
    n = puzzle.size
    trial = [a & m for a, m in zip(led, masks)]
    dirty = {k for i, (a, x) in enumerate(zip(trial, led)) if a != x for k in (i // n, n + i % n)}
    try:
        propagate(trial, n, table(puzzle), dirty)
    except Broken as e:
        return e.work
    raise AssertionError("it held")


def test_a_supposition_asked_again_on_later_grids_answers_as_from_scratch(medved):
    """Asked again on a subset of the candidates it held on, a supposition starts from where it led: the
    same yes or no as a fresh core (on settled grids), including going back to an earlier (larger) grid."""
    puzzle, masks, truth = medved
    n = puzzle.size
    again = broke_later = 0
    for seed in (0, 3):
        core = FastCore(puzzle, never)
        model = {}  # (cell, height) -> (the grid it last held on, where it led there, the work the first time)
        seq = grids(puzzle, masks, truth, random.Random(seed), 6)
        seq = seq + [seq[1], seq[-1]]  # back to a larger grid, then the smallest again
        for grid_masks in seq:
            for c, d in open_pairs(grid_masks, n):
                got = core.work_to_break(grid_masks, c, d)
                fresh = FastCore(puzzle, never).work_to_break(grid_masks, c, d)
                assert (got is None) == (fresh is None), (c, d)
                assert got is None or got >= 1
                before = model.get((c, d))
                if before is not None and not any(m & ~x for m, x in zip(grid_masks, before[0])):
                    again += 1
                    if got is not None:  # (what it remembers stays as it was)
                        broke_later += 1
                        assert got == before[2] + on_from(puzzle, before[1], grid_masks) + 1  # to where it held, and on
                    else:
                        model[(c, d)] = (grid_masks, scratch(puzzle, grid_masks, c, d)[0], before[2])
                else:
                    assert got == fresh  # from scratch: the same work too
                    if got is None:
                        model[(c, d)] = (grid_masks,) + scratch(puzzle, grid_masks, c, d)
    assert again > 50 and broke_later > 0


def test_what_a_supposition_that_holds_places_holds_too(medved):
    puzzle, masks, truth = medved
    n = puzzle.size
    core = FastCore(puzzle, never)
    placed = 0
    for c, d in open_pairs(masks, n):
        if core.work_to_break(masks, c, d) is not None:
            continue
        after, _ = scratch(puzzle, masks, c, d)
        want = {(i, m.bit_length()) for i, (m, o) in enumerate(zip(after, masks)) if m != o and not m & (m - 1)}
        got = core.placed_by(masks, c, d)
        assert set(got) == want and len(got) == len(want), (c, d)
        for x, e in got:
            assert masks[x] & (masks[x] - 1) and masks[x] & b(e)
            assert FastCore(puzzle, never).work_to_break(masks, x, e) is None, (c, d, x, e)
        placed += len(got)
    assert placed > 20


def test_gain_counts_what_propagating_clears_once_a_candidate_goes(medved):
    puzzle, masks, truth = medved
    n = puzzle.size
    core = FastCore(puzzle, never)
    lines = table(puzzle)
    some = 0
    for c, d in open_pairs(masks, n):
        trial = list(masks)
        trial[c] &= ~b(d)
        before = sum(m.bit_count() for m in trial)
        try:
            propagate(trial, n, lines, (c // n, n + c % n))
            want = before - sum(m.bit_count() for m in trial)
        except Broken:
            want = before
        assert core.gain(masks, c, d) == want, (c, d)
        some += want > 0
    assert some > 10
    # the true height taken out: no solution, the fast core sees it, and everything would go
    c = next(c for c in range(n * n) if masks[c] & (masks[c] - 1) and masks[c].bit_count() == 2)
    trial = list(masks)
    trial[c] &= ~b(truth[c])
    try:
        propagate(trial, n, lines, (c // n, n + c % n))
    except Broken:
        assert core.gain(masks, c, truth[c]) == sum(m.bit_count() for m in masks) - 1
    # a placed cell losing its height: nothing left there, so everything
    p = next(c for c in range(n * n) if not masks[c] & (masks[c] - 1))
    assert core.gain(masks, p, masks[p].bit_length()) == sum(m.bit_count() for m in masks) - 1


def _deepens(puzzle, masks, cell, d):
    """One level of forcing under a supposition, written plainly: propagate, then take out every candidate
    whose supposition breaks, propagating, until nothing goes; True when that breaks."""
    n = puzzle.size
    lines = table(puzzle)
    trial, _ = scratch(puzzle, masks, cell, d)
    if trial is None:
        return True
    changed = True
    while changed:
        changed = False
        for c, e in open_pairs(trial, n):
            if not trial[c] & b(e) or scratch(puzzle, trial, c, e)[0] is not None:
                continue
            trial[c] &= ~b(e)
            try:
                propagate(trial, n, lines)
            except Broken:
                return True
            changed = True
    return False


def test_deepens_to_break(medved):
    puzzle, masks, truth = medved
    n = puzzle.size
    core = FastCore(puzzle, never)
    pairs = open_pairs(masks, n)
    holds = [(c, d) for c, d in pairs if core.work_to_break(masks, c, d) is None and truth[c] != d]
    breaks = [(c, d) for c, d in pairs if core.work_to_break(masks, c, d) is not None]
    trues = [(c, truth[c]) for c, d in pairs if truth[c] == d]
    deep = 0
    for c, d in holds[:8] + breaks[:3] + trues[:3]:
        want = _deepens(puzzle, masks, c, d)
        assert core.deepens_to_break(masks, c, d) == want, (c, d)
        deep += want and (c, d) in holds
    assert all(core.deepens_to_break(masks, c, d) for c, d in breaks[:3])
    assert not any(core.deepens_to_break(masks, c, d) for c, d in trues[:3])
    assert deep >= 1  # one that holds alone and breaks one level down


def test_the_lines_are_the_puzzles_and_time_is_checked(medved):
    puzzle, masks, truth = medved
    core = FastCore(puzzle, never)
    assert core.lines == table(puzzle)
    calls = []
    core = FastCore(puzzle, lambda: calls.append(1))
    c, d = open_pairs(masks, puzzle.size)[0]
    core.work_to_break(masks, c, d)
    assert calls

    def late():
        raise TimedOut

    with pytest.raises(TimedOut):
        FastCore(puzzle, late).work_to_break(masks, c, d)


def test_six_by_six_from_its_start():
    """A second puzzle, from its start (no easy tier run): every answer as from scratch."""
    puzzle = Puzzle.from_clues(SIX)
    masks = list(Grid.start(puzzle).masks)
    core = FastCore(puzzle, never)
    n = puzzle.size
    for c, d in open_pairs(masks, n):
        after, work = scratch(puzzle, masks, c, d)
        assert core.work_to_break(masks, c, d) == (work if after is None else None)


# ---------------------------------------------------------------------------- context
def test_context_holds_one_piece_per_job_sharing_one_clock(medved):
    puzzle, masks, truth = medved
    grid = Grid.start(puzzle)
    rows = techniques_of(ORDER)
    ctx = Context(grid, rows)
    assert ctx.puzzle is puzzle and ctx.n == 7 and ctx.techniques == rows and ctx.truth is None
    assert ctx.core.check_time is ctx.check_time and ctx.tracer.check_time is ctx.check_time
    assert ctx.chains.check_time is ctx.check_time
    assert ctx.check_time() is None  # no deadline: never times out
    late = Context(grid, rows, deadline=time.perf_counter() - 1)
    with pytest.raises(TimedOut):
        late.check_time()
    with pytest.raises(TimedOut):
        late.core.work_to_break(masks, *open_pairs(masks, 7)[0])
    assert Context(grid, rows, deadline=time.perf_counter() + 3600).check_time() is None
    # a nested trial's context: the same deadline, no solution known
    inner = _inner(time.perf_counter() - 1)(grid, rows)
    assert isinstance(inner, Context) and inner.truth is None and inner.techniques == rows
    with pytest.raises(TimedOut):
        inner.check_time()
    assert _inner(None)(grid, rows).deadline is None
    with pytest.raises(TimedOut):
        _clock(time.perf_counter() - 1)()
    assert _clock(None)() is None
