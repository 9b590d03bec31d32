"""The fast untraced core: its lane filters agree with plain enumeration, its fixpoint is the traced
tiers' fixpoint, and it counts solutions right (unique, ambiguous, impossible)."""

import json
import random

import pytest

from ascent import Puzzle, broken_rule, solve
from ascent.model.grid import Grid
from ascent.core.lanes import TABLE_MAX, distinct, filtered, front_supports, orderings, supports, supports_proved
from ascent.techniques.memory import Memory
from ascent.solver.passes import techniques_of, run
from ascent.core.propagate import Broken, line_table, propagate, solutions
from tests.conftest import shared_sets


def _random_lane(rng: random.Random):
    n = rng.randint(1, 8)
    top = rng.randint(n, 9)
    masks = tuple(rng.choice([rng.randint(1, (1 << top) - 1), 1 << rng.randrange(top),
                              (1 << rng.randrange(top)) | (1 << rng.randrange(top))]) for _ in range(n))
    return n, masks


@pytest.mark.parametrize("seed", range(4))
def test_supports_and_distinct_keep_exactly_what_some_ordering_uses(seed):
    rng = random.Random(seed)
    for _ in range(1500):
        n, masks = _random_lane(rng)
        lo = rng.randint(1, n)
        hi = rng.randint(lo, n)
        back = rng.choice([0] + list(range(1, n + 1)))
        union, count = orderings(masks, lo, hi, back)
        got = supports(masks, lo, hi, back, back)
        assert (got is None) if count == 0 else (got == union), (masks, lo, hi, back)
        union, count = orderings(masks, 1, n, 0)
        got = distinct(masks)
        assert (got is None) if count == 0 else (got == union), masks
        union, count = orderings(masks, lo, hi, 0)
        got = front_supports(masks, lo, hi)  # peak descent's front cells: the front clue only, a range
        assert (got is None) if count == 0 else (got == union), (masks, lo, hi)


def test_hall_sets_and_regin_agree_on_whole_lines():
    """``distinct`` has two ways: Hall sets on a line with as many heights as cells and few open cells,
    Régin's matching otherwise. On random whole lines of 1-11 cells (cells left empty, heights placed
    twice, more than HALL_MAX open) they give the same answer wherever the first applies."""
    from ascent.core.lanes import _GENERAL, _hall, _regin

    rng = random.Random(5)
    by_hall = general = 0
    for _ in range(20000):
        n = rng.randint(1, 11)
        full = (1 << n) - 1
        masks = tuple(rng.choice([full, rng.randint(0, full), 1 << rng.randrange(n),
                                  (1 << rng.randrange(n)) | (1 << rng.randrange(n))]) for _ in range(n))
        got = _hall(masks)
        if got is _GENERAL:
            general += 1
            continue
        by_hall += 1
        assert got == _regin(masks), masks
        assert distinct.__wrapped__(masks) == got
    assert by_hall > 10000 and general > 100


@pytest.mark.parametrize("seed", range(3))
def test_the_tables_filter_a_whole_line_as_the_search_does(seed):
    """A whole line (heights 1..n, each once) read from the tables of its size's fillings keeps what
    the search (``supports``, ``distinct`` without clues) keeps, at every size the tables cover, with a
    clue on either side, both or none, and with cells left without candidates."""
    rng = random.Random(seed)
    for _ in range(1500):
        n = rng.randint(1, TABLE_MAX)
        full = (1 << n) - 1
        masks = tuple(rng.choice([full, rng.randint(0, full), 1 << rng.randrange(n),
                                  (1 << rng.randrange(n)) | (1 << rng.randrange(n))]) for _ in range(n))
        a, b = rng.randint(0, n), rng.randint(0, n)
        want = distinct(masks) if not (a or b) else supports_proved.__wrapped__(masks, a or 1, a or n, b, b)[0]
        assert filtered(masks, a, b) == want, (masks, a, b)


def test_the_techniques_questions_above_the_tables_are_answered_as_the_search_does():
    """``consistent`` and ``settled`` (sequence's, isolate's and peak descent's questions) above TABLE_MAX go
    the fast core's way, through the fillings seen before with the same clues (``propagate._filter``): on
    lines of 10 and 11 cells losing candidates one by one, the answer is the search's every time."""
    from ascent.core import propagate as P

    P.forget()
    rng = random.Random(26)
    asked = 0
    for _ in range(16):
        n = rng.randint(TABLE_MAX + 1, 11)
        a, b = rng.randint(0, 4), rng.randint(0, 4)
        ms = [(1 << n) - 1] * n
        for _ in range(3 * n):
            line = tuple(ms)
            want = distinct(line) if not (a or b) else supports_proved.__wrapped__(line, a or 1, a or n, b, b)[0]
            got = P.consistent(tuple(ms), a, b)
            assert got == want, (ms, a, b)
            assert P.settled(tuple(ms), a, b) == (want == tuple(ms))
            asked += 1
            if want is None:
                break
            p = rng.randrange(n)
            if ms[p] & (ms[p] - 1):
                ms[p] &= ~(1 << rng.choice([d for d in range(n) if ms[p] >> d & 1]))
    assert asked > 200 and P._seen  # fillings seen were kept, and asked again with the same clues


def test_filtered_above_the_tables_holds_each_clue_alone_to_its_count():
    """Above TABLE_MAX ``filtered`` goes to the search with a clue on one side as exactly that count, and no
    clue as any count: 10 cells, the first two holding 1 or 10 and the rest 2..9 in order. Put 10 first, the row
    shows 1 from the front; 1 first, it shows 2; from the back it shows 2 either way."""
    def b(d):
        return 1 << (d - 1)

    placed = tuple(b(d) for d in (10, 1, 2, 3, 4, 5, 6, 7, 8, 9))
    assert filtered(placed, 1, 2) == filtered(placed, 0, 2) == filtered(placed, 1, 0) == placed
    assert filtered(placed, 2, 0) is None and filtered(placed, 0, 3) is None
    two = (b(1) | b(10), b(1) | b(10)) + placed[2:]
    assert filtered(two, 0, 2) == two
    assert filtered(two, 1, 0) == placed
    assert filtered(two, 2, 0) == (b(1), b(10)) + placed[2:]
    assert filtered(two, 3, 0) is None


def test_the_tables_memory_of_unions_is_cleared_when_full_and_answers_the_same(monkeypatch):
    """``lanes._ORS`` (a position's rows ORed for one set of candidates) is cleared once it holds ORS_KEPT unions,
    or about ORS_BYTES bytes of them, and the lines read after that are filtered as the search filters them."""
    from ascent.core import lanes

    lanes.forget()
    monkeypatch.setattr(lanes, "ORS_KEPT", 16)
    rng = random.Random(31)
    most = 0
    for _ in range(300):
        n = rng.randint(5, TABLE_MAX)
        full = (1 << n) - 1
        masks = tuple(rng.choice([full, rng.randint(1, full), (1 << rng.randrange(n)) | (1 << rng.randrange(n))])
                      for _ in range(n))
        a, b = rng.randint(1, n), rng.randint(0, n)
        assert filtered(masks, a, b) == supports_proved.__wrapped__(masks, a, a, b, b)[0], (masks, a, b)
        most = max(most, len(lanes._ORS))
    assert most == 16
    monkeypatch.setattr(lanes, "ORS_KEPT", 1 << 13)
    monkeypatch.setattr(lanes, "ORS_BYTES", 64)
    lanes.forget()
    most = 0
    for _ in range(100):
        n = TABLE_MAX
        masks = tuple(rng.choice([(1 << n) - 1, rng.randint(1, (1 << n) - 1)]) for _ in range(n))
        a, b = rng.randint(1, 4), rng.randint(0, 4)
        assert filtered(masks, a, b) == supports_proved.__wrapped__(masks, a, a, b, b)[0], (masks, a, b)
        assert 0 <= lanes._ors_bytes[0] < 64 + 5000  # one union past the bound at most (about 5 KB)
        most = max(most, len(lanes._ORS))
    assert most < 16
    lanes.forget()


def test_a_wide_open_lane_with_an_exact_clue_is_quick():
    """12 open cells and clue 3 from one side only: once a search of millions of nodes."""
    full = (1 << 12) - 1
    allowed = supports_proved.__wrapped__((full,) * 12, 3, 3, 0, 0)[0]
    assert allowed[0] == (1 << 10) - 1 and allowed[1] == (1 << 11) - 1 and allowed[2:] == (full,) * 10


def _lines(p: Puzzle):
    return line_table(p.size, tuple(p.upper) + tuple(p.lower) + tuple(p.left) + tuple(p.right))


# every traced tier of the fast core's fixpoint: 1-4 and 6-8 (peak bounds, tier 5, is not among them)
TIERS_1_TO_8_BUT_PEAK_BOUNDS = ("ascent", "sudoku", "naked single", "pinpoint", "peak descent", "isolate", "sequence")


def test_the_fast_core_reaches_the_traced_tiers_fixpoint(shared):
    """On a spread of real puzzles (every 15th brainbashers one, all generated and Tatham 7x7 ones):
    the traced tiers 1-4 and 6-8 and the fast core end on exactly the same candidates."""
    items = shared_sets("brainbashers")[::15] + shared_sets("generated") + [x for x in shared_sets("tatham") if x[0] == 7]
    assert len(items) > 400
    for n, label, rec in items:
        puzzle = Puzzle.from_record(rec, label)
        grid = Grid.start(puzzle)
        run(grid, techniques_of(TIERS_1_TO_8_BUT_PEAK_BOUNDS))
        masks = list(Grid.start(puzzle).masks)
        propagate(masks, n, _lines(puzzle))
        assert masks == grid.masks, rec.get("id") or rec.get("url")


def test_solutions_unique_ambiguous_and_impossible(shared):
    for n, label, rec in shared_sets("tatham")[::10]:
        p = Puzzle.from_record(rec, label)
        found = solutions(list(Grid.start(p).masks), n, _lines(p), 2)
        assert [list(found[0][r * n:(r + 1) * n]) for r in range(n)] == rec["solution"] and len(found) == 1
    for n, label, rec in shared_sets("external")[:8]:
        p = Puzzle.from_record(rec, label)
        found = solutions(list(Grid.start(p).masks), n, _lines(p), 2)
        assert len(found) == 2 and found[0] != found[1]
        for flat in found:
            assert broken_rule(p, [flat[r * n:(r + 1) * n] for r in range(n)]) is None
    impossible = Puzzle(4, (4, 0, 0, 0), (0,) * 4, (0,) * 4, (0,) * 4, ((2, 0, 0, 0),) + ((0,) * 4,) * 3)
    assert solutions(list(Grid.start(impossible).masks), 4, _lines(impossible)) == []
    with pytest.raises(Broken):
        propagate(list(Grid.start(impossible).masks), 4, _lines(impossible))


def test_ambiguous_puzzles_are_said_so_with_two_differing_valid_solutions(shared):
    """The other solver's 'calibrated single solution' 9x9s all have two solutions; the engine says
    so (finisher on, and logic only) rather than answering or grinding through forcing."""
    for n, label, rec in shared_sets("external")[:6]:
        p = Puzzle.from_record(rec, label)
        for logic_only in (False, True):
            result = solve(p, logic_only=logic_only)
            assert result.status == "ambiguous" and result.solution is None
            a, b = result.solutions
            assert a != b and broken_rule(p, a) is None and broken_rule(p, b) is None
            assert "forcing" not in result.counts


def test_timeout_stops_cleanly_with_what_logic_found(shared):
    rec = json.loads((shared / "tatham" / "9x9-puzzles.json").read_text())["unreasonable"][0]
    p = Puzzle.from_record(rec)
    result = solve(p, logic_only=True, timeout=0.001)  # far below any solve, warm caches or not
    assert result.status == "stuck" and "time limit" in result.message
    grid = Grid.start(p)
    for step in result.steps:  # the trace up to the stop still replays
        grid.apply(step)
    assert tuple(grid.masks) == result.masks


def test_timeout_does_not_finish_off_by_backtracking(shared):
    rec = json.loads((shared / "tatham" / "9x9-puzzles.json").read_text())["unreasonable"][0]
    result = solve(Puzzle.from_record(rec), timeout=0.001)  # the finisher allowed, but the time is up
    assert result.status == "stuck" and not result.backtracked and "time limit" in result.message


def test_a_supposition_asked_again_after_the_grid_lost_candidates_answers_as_from_the_start(shared):
    """``FastCore.work_to_break`` starts a supposition that held before from where it led (less what the grid
    has lost since): whether it holds or breaks is what a fresh context says from the start (and the
    work too, when it is propagated from the start), on real grids that lose candidates (false ones, as
    a solve would) and settle again, including suppositions that held before and break now. (On a grid
    that has not settled, the remembered path reads more lines, and may see a break sooner.)"""
    from ascent.core.fastcore import FastCore
    from ascent.techniques import EASY

    rows = techniques_of(EASY)
    held_again = broke_later = 0
    for n, label, rec in [x for x in shared_sets("tatham") if x[0] == 7][:4]:
        puzzle = Puzzle.from_record(rec, label)
        grid = Grid.start(puzzle)
        run(grid, rows)
        truth = [v for row in rec["solution"] for v in row]
        asked = FastCore(puzzle, lambda: None)
        masks = list(grid.masks)
        rng = random.Random(n)
        for _ in range(4):
            for cell in range(n * n):
                m = masks[cell]
                for d in range(1, n + 1):
                    if m & (m - 1) and m >> (d - 1) & 1:
                        before = (cell, d) in asked.held
                        got = asked.work_to_break(masks, cell, d)
                        fresh = FastCore(puzzle, lambda: None).work_to_break(masks, cell, d)
                        assert (got is None) == (fresh is None), (cell, d)
                        assert got is None or got > 0
                        if not before:
                            assert got == fresh, (cell, d)  # from the start: the same work too
                        held_again += before
                        broke_later += before and got is not None
            # the grid loses a few false candidates, as forcing steps would take them
            false = [(c, d) for c in range(n * n) for d in range(1, n + 1)
                     if masks[c] & (masks[c] - 1) and masks[c] >> (d - 1) & 1 and d != truth[c]]
            for c, d in rng.sample(false, min(6, len(false))):
                masks[c] &= ~(1 << (d - 1))
            propagate(masks, n, asked.lines)  # and settles, as the easier tiers would before forcing runs
    assert held_again > 0 and broke_later > 0  # the remembered path was taken, and fell back when it broke


def test_passing_over_settled_lines_changes_no_step(shared, monkeypatch):
    """isolate and peak descent pass over a line the exact line filter leaves as it is, and fish over a
    height whose places it found nothing in before (shortcuts): with them off, the same puzzles give
    exactly the same steps."""
    import ascent.techniques.isolate as isolate
    import ascent.techniques.peak_descent as peak_descent

    class Forgetful(set):
        def __contains__(self, key):
            return False

    def trace(p):
        return [(s.technique, s.cells, s.eliminations, s.placements, s.premises, s.reason)
                for s in solve(p, logic_only=True).steps]

    items = [x for x in shared_sets("tatham") if x[0] == 7][:3] + shared_sets("generated")[::20]
    puzzles = [Puzzle.from_record(rec, label) for _, label, rec in items]
    fast = [trace(p) for p in puzzles]
    monkeypatch.setattr(isolate, "settled", lambda ms, a, b: False)
    monkeypatch.setattr(peak_descent, "_settled", lambda grid, lane, ms: False)
    remembering = Memory.__init__

    def forgetful(self, grid):  # every solve's (and trial's) memory of empty looks never knows a key
        remembering(self, grid)
        self.empty = Forgetful()

    monkeypatch.setattr(Memory, "__init__", forgetful)
    assert [trace(p) for p in puzzles] == fast


def test_what_a_supposition_that_holds_places_holds_too(shared):
    """``FastCore.placed_by``: each height a supposition that holds places (where propagating it led)
    holds too when supposed alone, from the start -- the grid it led to has every line consistent with
    that height placed, so propagating the height alone cannot break. Forcing skips those, so it finds
    exactly the breaking suppositions it would find without the skip."""
    from ascent.solver.context import Context
    from ascent.core.fastcore import FastCore
    from ascent.techniques import EASY
    from ascent.techniques.forcing import forcing

    rows = techniques_of(EASY)
    implied = 0
    for n, label, rec in [x for x in shared_sets("tatham") if x[0] == 7][:3]:
        puzzle = Puzzle.from_record(rec, label)
        grid = Grid.start(puzzle)
        memory = Memory(grid)
        run(grid, rows, memory=memory)
        asked = FastCore(puzzle, lambda: None)
        masks = list(grid.masks)
        for cell in range(n * n):
            for d in range(1, n + 1):
                if masks[cell] & (masks[cell] - 1) and masks[cell] >> (d - 1) & 1 and asked.work_to_break(masks, cell, d) is None:
                    for c, e in asked.placed_by(masks, cell, d):
                        assert masks[c] & (masks[c] - 1) and masks[c] >> (e - 1) & 1
                        assert FastCore(puzzle, lambda: None).work_to_break(masks, c, e) is None, (cell, d, c, e)
                        implied += 1
        # forcing's first step: the same breaking suppositions are found with the skip and without it
        skipping = Context(grid, rows + techniques_of(("forcing",)))
        next(forcing(grid, memory, skipping), None)
        plain = Context(grid, rows + techniques_of(("forcing",)))
        plain.core.placed_by = lambda masks, cell, d: []
        next(forcing(grid, memory, plain), None)
        assert skipping.core.broken.keys() == plain.core.broken.keys()
    assert implied > 0
