"""Two defects of ``chains.Minimizer`` (issue 26), found while pinning its rules and since fixed; these tests
failed before the fix. On MEDVED (7x7) at its forcing step.

1. ``Minimizer.found`` (what ``_finds`` said of a link on a grid) is keyed by the link and the grid's
   candidates only, not by which cells are placed: a naked single placing a height its cell already holds
   alone changes no candidate, only ``values``. Dropping it, the sudoku link after it ("R1C6 is 5, so 5
   leaves ...") is still "found" from the memory, though sudoku reads only placed cells. So ``minimal``
   drops such naked singles, and 57 of MEDVED's 59 minimal chains do not replay afresh (with the memory
   off, all 59 do).
2. A technique that gives one step and stops (pair chain, fish) is not found again on a cut grid where an
   earlier step of its kind now shows first; the sliced chain then never replays and ``minimal`` gives the
   whole traced chain back, unchecked: R3C3=4 (30 links) and R5C4=2 (36 links) go on past a line broken
   after link 23 and link 34 (``replay(..., check=True)`` finds it), against the issue's "no chain goes on
   past the first contradiction one line shows".
"""

from ascent.techniques.memory import Memory
from tests.test_chains import context, medved, traced  # noqa: F401  (the fixtures)


def test_the_minimal_chain_replays_afresh_and_no_link_can_go(medved, traced):  # noqa: F811
    grid, _, _ = medved
    chains = context(grid).chains
    bad, droppable = [], []
    for (c, d), got in traced.items():
        cut, said = chains.minimal(grid, got.chain, got.conflict)
        if not chains.replay(grid, cut, said).ok:
            bad.append((grid.name(c), d))
            continue
        droppable += [(grid.name(c), d, k) for k in range(1, len(cut))
                      if chains.replay(grid, cut[:k] + cut[k + 1:], said).ok]
    assert (bad, droppable) == ([], []), f"{len(bad)} of {len(traced)} minimal chains do not replay"


def test_what_a_replay_remembers_of_a_link_reads_which_cells_are_placed(medved, traced):  # noqa: F811
    """A naked single whose cell holds that height alone, then sudoku crossing it out: without the naked
    single the sudoku link is not found (the cell is not placed), whatever was replayed before."""
    grid, _, _ = medved
    for got in traced.values():
        chain = got.chain
        for k in range(1, len(chain) - 1):
            single, cross = chain[k], chain[k + 1]
            if single.technique != "naked single" or cross.technique != "sudoku":
                continue
            cell = single.placements[0][0]
            if cross.premises != (cell,):
                continue
            fewer = chain[:k] + (cross,)
            lost = cross.eliminations
            fresh = context(grid).chains
            want = fresh.replay(grid, fewer, None, lost)
            assert not want.ok  # the cell is not placed: sudoku does not cross its height out
            chains = context(grid).chains
            assert chains.replay(grid, chain[:k + 2], None, lost).ok
            assert chains.replay(grid, fewer, None, lost) == want
            return
    raise AssertionError("no naked single followed by its sudoku in MEDVED's traces")


def test_no_minimal_chain_goes_on_past_a_broken_line(medved, traced):  # noqa: F811
    grid, _, _ = medved
    chains = context(grid).chains
    late = []
    for (c, d), got in traced.items():
        cut, said = chains.minimal(grid, got.chain, got.conflict)
        r = chains.replay(grid, cut, said, check=True)
        if r.sooner is not None:
            late.append((grid.name(c), d, len(cut), r.sooner))
    assert late == []


def test_a_cut_branch_replays_afresh(medved):  # noqa: F811
    """The every-branch form meets defect 1 too: branches cut by ``minimal`` do not replay afresh."""
    grid, truth, open_ = medved
    n = grid.n
    bad = []
    for c, d in [(c, d) for c, d in open_ if truth[c] == d][:6]:
        ctx = context(grid)
        masks, chain = ctx.tracer.follow(grid, Memory(grid), c, d)
        lost = tuple((x, grid.masks[x] & ~masks[x]) for x in range(n * n) if grid.masks[x] & ~masks[x] and x != c)[:2]
        cut, _ = ctx.chains.minimal(grid, chain, None, lost)
        if not context(grid).chains.replay(grid, cut, None, lost).ok:
            bad.append((grid.name(c), d))
    assert bad == []


def _first_broken_linear(masks, chain, chains, start=0):
    """The first link (from ``start``, on ``masks``) after which a row or column through what it changed is broken,
    checking after every link (what ``replay(check=True)`` did before ``_first_broken_at``); the last link's index
    when none is before it, or when a link before empties a cell (the replay checks nothing after it)."""
    from ascent.model.grid import lines_through
    from ascent.core.linecheck import is_broken
    ms, n = list(masks), chains.n
    for k in range(start, len(chain) - 1):
        for c, m in chain[k].eliminations:
            ms[c] &= ~m
        for c, d in chain[k].placements:
            ms[c] &= 1 << (d - 1)
        cells = [c for c, _ in chain[k].eliminations] + [c for c, _ in chain[k].placements]
        if not all(ms[c] for c in cells):
            return len(chain) - 1
        if any(is_broken(ms, chains.lines[j], n) for c in cells for j in lines_through(n, c)):
            return k
    return len(chain) - 1


def test_the_first_broken_line_found_by_halves_is_the_one_found_link_by_link(medved, traced):  # noqa: F811
    """``Minimizer._first_broken_at`` checks each line once and halves only a broken one's states; it finds
    the link a check after every link finds, on MEDVED's traced chains, folded (a cross-out then comes where
    its height is placed: lines break sooner) and cut at every length."""
    from ascent.techniques.forcing import breaks_on_last, fold
    grid, _, _ = medved
    chains = context(grid).chains
    sooner = 0
    for got in traced.values():
        folded = fold(got.chain, grid.n, breaks_on_last(grid, got.chain))
        for chain in (got.chain, folded) + tuple(folded[:k] for k in range(2, len(folded), 3)):
            want = _first_broken_linear(grid.masks, chain, chains)
            assert chains._first_broken_at(grid.masks, chain, 0) == want
            sooner += want < len(chain) - 1
    assert sooner > 10  # lines do break before the end: the search by halves was asked to find them


def test_what_a_replay_remembers_of_a_line_only_link_is_what_it_finds_afresh(medved, traced):  # noqa: F811
    """``_look`` remembers ``_finds``' answer for a link of a technique that reads only its line (``line_only``) by
    the link and that line's candidates and placed heights (replacing the drops' ``ref`` shortcut, which took a
    line-only link as found where its line was as in an earlier replay, and applied the traced link's changes): every
    answer ``minimal`` takes from that memory, on MEDVED's traced chains folded as forcing folds them, is the one
    ``_finds`` gives afresh on the grid it is asked on (found, the contradiction met, and the step's changes)."""
    from ascent.techniques.forcing import breaks_on_last, fold

    grid, _, _ = medved
    asked = remembered = 0
    for got in traced.values():
        folded = fold(got.chain, grid.n, breaks_on_last(grid, got.chain))
        chains, plain = context(grid).chains, context(grid).chains
        real = chains._look

        def look(trial, row, link, fresh=False):
            nonlocal asked, remembered
            before = len(chains.found)
            out = real(trial, row, link, fresh)
            if not fresh and row.line_only:
                asked += 1
                remembered += len(chains.found) == before
                again = plain._finds(trial.copy(), row, link)
                assert out[:2] == again[:2], link.reason
                assert (out[2] is None) == (again[2] is None)
                if out[2] is not None:
                    assert (out[2].eliminations, out[2].placements) == (again[2].eliminations, again[2].placements)
            return out

        chains._look = look
        chains.minimal(grid, folded, got.conflict)
    assert asked > 100 and remembered > 50


def test_a_line_only_technique_reads_nothing_off_its_line(medved):  # noqa: F811
    """The table's ``line_only`` says a technique, looking at one lane alone (``Memory.narrowed``), reads only that
    lane's line: with every cell off the line wiped (all candidates back, nothing placed), it finds the same."""
    from ascent import Puzzle, solve
    from ascent.model.grid import Contradiction, Grid
    from ascent.techniques import TABLE
    from tests.test_chains import MEDVED

    result = solve(Puzzle.from_clues(MEDVED), logic_only=True)
    grid = Grid.start(result.puzzle)
    rows = [t for t in TABLE if t.line_only]
    assert {t.name for t in rows} >= {"pinpoint", "peak descent", "isolate", "sequence"}

    def seen(row, g, lane):
        try:
            return [(s.lane, s.eliminations, s.placements) for s in row.steps(g, Memory.narrowed(g, lane))]
        except Contradiction as e:
            return e.conflict

    checked = 0
    for i, step in enumerate(result.steps):
        if i % 4 == 0:
            full = (1 << grid.n) - 1
            for lane in grid.lanes:
                line = next(x for x in grid.lines if lane in (x.front, x.back))
                wiped = grid.copy()
                for c in range(grid.n * grid.n):
                    if c not in line.cells:
                        wiped.masks[c], wiped.values[c] = full, 0
                for row in rows:
                    assert seen(row, wiped, lane) == seen(row, grid, lane), (row.name, lane)
                    checked += 1
        try:
            grid.apply(step)
        except Contradiction:
            break
    assert checked > 500


def test_only_line_only_techniques_say_a_contradiction(medved, traced):  # noqa: F811
    """``Minimizer._reached`` asks only the line-only techniques whether a grid shows a contradiction (so it reads
    the contradiction's line alone): the others (sudoku, naked single, fish, pair chain) never raise one, here on
    the broken grid every traced supposition of MEDVED reaches and on grids with an emptied cell or a height
    placed twice."""
    import random
    from ascent.model.grid import Contradiction
    from ascent.techniques import TABLE

    grid, _, _ = medved
    others = [t for t in TABLE if not t.line_only and not t.contextual and not t.finisher]
    assert {t.name for t in others} == {"sudoku", "naked single", "fish", "pair chain"}
    broken = []
    for got in traced.values():
        trial = grid.copy()
        try:
            for link in got.chain:
                trial.apply(link)
        except Contradiction:
            pass
        broken.append(trial)
    rng = random.Random(26)
    for _ in range(60):
        trial = grid.copy()
        cell = rng.choice([c for c in range(grid.n * grid.n) if not trial.values[c]])
        if rng.random() < 0.5:
            trial.masks[cell] = 0
        else:
            row = cell // grid.n
            placed = [c for c in range(row * grid.n, (row + 1) * grid.n) if trial.values[c]]
            if not placed:
                continue
            trial.masks[cell], trial.values[cell] = trial.masks[placed[0]], trial.values[placed[0]]
        broken.append(trial)
    for trial in broken:
        for row in others:
            list(row.steps(trial, Memory(trial)))  # raises nothing
    assert len(broken) > 80


def test_what_a_replay_remembers_of_a_link_is_for_that_link_alone(medved, traced):  # noqa: F811
    """``Minimizer.found`` answered by ``id(link)``: a link dropped between two rounds of ``_resaid`` frees its
    address, the next link made takes it, and the memory said of the new link what it had found of the dead one
    (a trace that changed with what the process had run before: ``test_memory``'s in-process check failed once).
    Here each link is looked at, dropped, and a link that no technique finds (it empties a cell) is made at once,
    as often as not at the same address: the memory must answer for it as a fresh look does."""
    from dataclasses import replace

    grid, _, _ = medved
    chains = context(grid).chains
    asked = 0
    for got in list(traced.values())[:10]:
        trial = grid.copy()
        trial.apply(got.chain[0])
        for link in got.chain[1:-1]:  # the last link breaks the grid
            row = chains.by_name.get(link.technique)
            if row is not None and row.refind is None and link.eliminations:
                found = replace(link)
                assert chains._look(trial, row, found) == chains._finds(trial, row, found)
                del found
                c, _ = link.eliminations[0]
                never = replace(link, eliminations=((c, trial.masks[c]),), placements=())
                assert chains._look(trial, row, never) == chains._finds(trial, row, never) == (False, None, None)
                asked += 1
            trial.apply(link)
    assert asked > 50
