"""Forcing chains pruned to what the contradiction needs, re-checked by replay; nested forcing (issue 15)."""

import json

import pytest

from ascent import Puzzle, solve
from ascent.model.grid import Conflict, Grid, lines_of
from ascent.solver.context import Context
from ascent.techniques.memory import Memory
from ascent.solver.passes import techniques_of
from ascent.techniques import ORDER
from ascent.model.cands import ALL, PLACED
from ascent.techniques import needs as link_needs
from ascent.techniques.forcing import conflict_needs, fold, slice_links
from ascent.model.trace import Proof, Step

MEDVED = "3 3 2 1 2 2 3 4 3 2 4 1 4 2 2 4 1 4 5 3 2 3 1 4 2 5 2 3"  # 7x7, needs forcing


def b(d: int) -> int:
    return 1 << (d - 1)


def test_slice_keeps_what_the_contradiction_read_and_drops_the_rest():
    """4x4. suppose R1C1 is 1 -> sudoku: 1 leaves row 1 (R1C2 loses 1) -> an unrelated removal in
    R4C4 -> R1C2 runs out of candidates. Only the removal in R4C4 is not needed."""
    suppose = Step("forcing", "suppose R1C1 is 1", None, None, (0,), placements=((0, 1),), premises=(), proof=Proof(supposition=True))
    sudoku = Step("sudoku", "R1C1 is 1, so 1 leaves ...", None, None, (0,), eliminations=((1, b(1)), (2, b(1))))
    unrelated = Step("ascent", "a cap", None, None, (15,), eliminations=((15, b(4)),), premises=())
    last = Step("sudoku", "R2C2 is 2 ...", None, None, (5,), eliminations=((1, b(2)),))
    chain = (suppose, sudoku, unrelated, last)
    need = conflict_needs(Conflict("no candidates left", (1,)), 4)
    assert slice_links(chain, need, 4, link_needs) == (0, 1, 3)


def test_a_link_needs_only_what_its_technique_read():
    n = 4
    line = lines_of(Puzzle.from_clues(" ".join(["0"] * 16)))[0]  # row 1
    pin = Step("pinpoint", "3 fits nowhere else in row 1", line, None, (1,), placements=((1, 3),), premises=line.cells)
    assert link_needs(pin, n) == {0: b(3), 2: b(3), 3: b(3)}  # 3 gone from the rest of the row, nothing more
    single = Step("naked single", "R1C2 has only 3 left", None, None, (1,), placements=((1, 3),))
    assert link_needs(single, n) == {1: ALL & ~b(3)}  # the cell's other candidates gone
    sudoku = Step("sudoku", "R1C2 is 3 ...", None, None, (1,), eliminations=((0, b(3)),))
    assert link_needs(sudoku, n) == {1: PLACED}  # the cell placed: only its placement gives that
    # so what took the placed cell's other candidates away before it was placed (by pinpoint) is not kept
    before = Step("ascent", "cap", None, None, (1,), eliminations=((1, b(4)),), premises=())  # R1C2 loses 4
    suppose0 = Step("forcing", "suppose R2C1 is 1", None, None, (4,), placements=((4, 1),), premises=(), proof=Proof(supposition=True))
    assert slice_links((suppose0, before, pin, sudoku), {0: ALL}, n, link_needs) == (0, 2, 3)
    # a removal the pinpoint did not need is not kept behind it
    suppose = Step("forcing", "suppose R2C1 is 1", None, None, (4,), placements=((4, 1),), premises=(), proof=Proof(supposition=True))
    other = Step("ascent", "cap", None, None, (0,), eliminations=((0, b(4)),), premises=())  # R1C1 loses 4: not 3
    gone = Step("ascent", "cap", None, None, (0,), eliminations=((0, b(3)),), premises=())  # R1C1 loses 3: needed
    chain = (suppose, other, gone, pin)
    assert slice_links(chain, {1: ALL}, n, link_needs) == (0, 2, 3)


def test_fold_joins_each_cross_out_to_the_link_that_placed_its_height():
    """suppose R1C1 is 1 -> sudoku crosses 1 out -> naked single R2C2 is 2 -> an ascent cap -> sudoku crosses
    2 out: the cross-outs join their placements (as ``crossed``), the cap stays between them; a chain that
    broke on its last link keeps that link where it is."""
    n = 4
    suppose = Step("forcing", "suppose R1C1 is 1", None, None, (0,), placements=((0, 1),), premises=(), proof=Proof(supposition=True))
    cross1 = Step("sudoku", "R1C1 is 1, so ...", None, None, (0,), eliminations=((1, b(1)), (4, b(1))))
    single = Step("naked single", "R2C2 has only 2 left", None, None, (5,), placements=((5, 2),))
    cap = Step("ascent", "a cap", None, None, (15,), eliminations=((15, b(4)),), premises=())
    cross2 = Step("sudoku", "R2C2 is 2, so ...", None, None, (5,), eliminations=((4, b(2)), (13, b(2))))
    folded = fold((suppose, cross1, single, cap, cross2), n)
    assert [s.technique for s in folded] == ["forcing", "naked single", "ascent"]
    assert folded[0].supposition and folded[0].crossed == ((1, b(1)), (4, b(1)))
    assert folded[0].reason == "suppose R1C1 is 1; 1 leaves R1C2, R2C1"
    assert folded[1].placements == ((5, 2),) and folded[1].eliminations == ((4, b(2)), (13, b(2)))
    assert folded[1].reason == "R2C2 has only 2 left; 2 leaves R2C1, R4C2"
    assert folded[1].premises == single.premises  # the cross-out reads nothing more
    broke = fold((suppose, cross1, single, cap, cross2), n, broke=True)
    assert [s.technique for s in broke] == ["forcing", "naked single", "ascent", "sudoku"]
    # a cross-out whose placement is not in the chain stays a link of its own
    assert [s.technique for s in fold((suppose, cross2), n)] == ["forcing", "sudoku"]


@pytest.fixture(scope="module")
def medved():
    result = solve(Puzzle.from_clues(MEDVED), logic_only=True)
    assert result.status == "solved" and result.counts.get("forcing", 0) >= 1
    return result


def _forcing_steps_on_their_grids(result):
    grid = Grid.start(result.puzzle)
    for step in result.steps:
        if step.chain or step.branches:
            yield grid.copy(), step
        grid.apply(step)


def test_every_chain_is_pruned_no_link_dangles_and_it_replays(medved):
    """Each chain, sliced again from its contradiction, keeps every link; replayed from the supposition,
    each link is found again by its own technique and the contradiction is reached."""
    n = medved.puzzle.size
    seen = 0
    for grid, step in _forcing_steps_on_their_grids(medved):
        context = Context(grid, techniques_of(ORDER))
        if step.chain:
            assert slice_links(step.chain, conflict_needs(step.contradiction, n), n, link_needs) == tuple(range(len(step.chain)))
            assert context.chains.replay(grid, step.chain, step.contradiction).ok
            k = len(step.chain) - 1
            assert f"{k} link{'s' if k != 1 else ''} would lead" in step.reason  # the sentence counts the cut chain
            full = context.tracer.trace(grid, Memory(grid), step.chain[0].placements[0][0], step.chain[0].placements[0][1])
            assert full is not None and len(full.chain) >= len(step.chain)
            seen += 1
    assert seen >= 1


def test_every_chain_is_minimal_no_link_can_be_dropped(medved):
    """The chain is minimal: dropping any one of its links, the rest no longer replays to the
    contradiction (a later link is not found again, or the contradiction is not reached)."""
    checked = 0
    for grid, step in _forcing_steps_on_their_grids(medved):
        if step.chain and len(step.chain) >= 2:
            context = Context(grid, techniques_of(ORDER))
            for k in range(1, len(step.chain)):
                assert not context.chains.replay(grid, step.chain[:k] + step.chain[k + 1:], step.contradiction).ok, k
            checked += 1
    assert checked >= 1


def test_pruning_shortens_chains_and_keeps_forcing_sound(shared):
    """Tatham 9x9 unreasonable, the first: every forcing chain is pruned (no dangling link) and
    shorter than the traced run it came from on at least one step; no true height removed."""
    from ascent.solver.audit import audit

    recs = json.loads((shared / "tatham" / "9x9-puzzles.json").read_text())["unreasonable"][:1]
    for rec in recs:
        result = solve(Puzzle.from_record(rec), logic_only=True)
        assert result.status == "solved" and audit(result, rec["solution"]) == []
        n = result.puzzle.size
        for step in result.steps:
            if step.chain:
                assert slice_links(step.chain, conflict_needs(step.contradiction, n), n, link_needs) == tuple(range(len(step.chain)))


# ---------------------------------------------------------------------------- nested forcing
def _big(shared, n, i):
    rec = json.loads((shared / "big" / f"{n}x{n}-puzzles.json").read_text())["big"][i]
    return Puzzle.from_record(rec, "big"), rec


def test_nested_forcing_finishes_where_single_suppositions_stop(shared):
    """11x11 big #13: with forcing on top, logic stops with 67 cells open; nested forcing finishes it,
    and its step's chain holds an inner forcing step and really reaches its contradiction."""
    from ascent.solver.audit import audit

    puzzle, rec = _big(shared, 11, 13)
    result = solve(puzzle, logic_only=True)
    assert result.status == "solved" and result.counts.get("nested forcing", 0) >= 1
    truth = rec.get("solution") or result.solution
    assert audit(result, truth) == []
    step = next(s for s in result.steps if s.technique == "nested forcing")
    assert step.chain[0].supposition and any(link.technique == "forcing" for link in step.chain)
    grid = Grid.start(puzzle)
    for s in result.steps:
        if s is step:
            break
        grid.apply(s)
    context = Context(grid, techniques_of(ORDER))
    assert context.tracer.trace_nested(grid, Memory(grid), *step.chain[0].placements[0]) is not None  # it really breaks
    assert context.tracer.trace(grid, Memory(grid), *step.chain[0].placements[0]) is None  # and not with the easier tiers alone


def test_nested_forcing_must_not_fire_where_forcing_suffices_or_on_an_open_grid(medved):
    from ascent.techniques.nested import nested

    assert "nested forcing" not in medved.counts
    grid = Grid.start(Puzzle.from_clues(" ".join(["0"] * 16)))  # 4x4, no clues: every supposition fits
    assert list(nested(grid, Memory(grid), Context(grid, techniques_of(ORDER)))) == []


# ---------------------------------------------------------------------------- choosing the supposition
def test_gain_counts_what_the_fast_core_clears_once_a_candidate_goes(medved):
    """A cell with two candidates: once one goes the other is placed, and the fast core at least takes
    that height out of every peer still holding it -- all counted in the gain."""
    grid, _ = next(_forcing_steps_on_their_grids(medved))
    n, masks = grid.n, grid.masks
    context = Context(grid, techniques_of(ORDER))
    checked = 0
    for c in range(n * n):
        if grid.values[c] or masks[c].bit_count() != 2:
            continue
        d, e = [h for h in range(1, n + 1) if masks[c] & b(h)]
        peers = [x for x in range(n * n) if x != c and (x // n == c // n or x % n == c % n)]
        assert context.core.gain(masks, c, d) >= sum(1 for x in peers if masks[x] & b(e))
        checked += 1
    assert checked >= 1


def test_rank_weighs_a_chain_against_what_it_clears():
    """Shorter is better at the same gain, more gain is better at the same length, and a slightly longer
    chain that clears the grid beats a short one that clears nothing."""
    from ascent.techniques.forcing import rank_of

    assert rank_of(8, 5) < rank_of(9, 5)
    assert rank_of(12, 30) < rank_of(12, 3)
    assert rank_of(14, 40) < rank_of(8, 0)
    assert rank_of(60, 10) > rank_of(8, 0)  # a long chain needs more than a small gain
