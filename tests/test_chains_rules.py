"""The minimizer's rules added since the last mutation run (issue 26), each pinned so that breaking it fails a
test: the first broken line found by halves (``_first_broken_at``), a drop's replay taking its end as reached where
its line is as before (``_as_before``), the drop rounds (``_drop``: latest
first, the last link too, a later round from the first place changed, a contradiction met sooner), the slice
again from the contradiction said afresh (``minimal``), the last replay saying each link on the reader's grid
(``_resaid``) and a technique's ``refind`` (``_finds``).

The drop rounds are pinned with a replay that answers from a table (a chain of names, not of steps): which
chains replay is then given, and what ``_drop`` makes of it is exact. The rest runs on small hand-made grids
and on MEDVED's traced chains (tests/test_chains.py's fixtures)."""


from ascent import Puzzle
from ascent.solver.chains import Minimizer, Replay
from ascent.model.grid import Conflict, Contradiction, Grid
from ascent.solver.passes import techniques_of
from ascent.model.trace import Proof, Step
from tests.test_chains import context, medved, traced  # noqa: F401  (the fixtures)
from tests.test_chains_minimal import _first_broken_linear


def b(d: int) -> int:
    return 1 << (d - 1)


def link(eliminations=(), placements=()) -> Step:
    return Step("x", "x", None, None, (), eliminations=tuple(eliminations), placements=tuple(placements))


def blank(n: int = 4) -> tuple[Grid, Minimizer]:
    """A grid of size n with no clues and every candidate open, and a minimizer with no techniques."""
    puzzle = Puzzle.from_clues([0] * (4 * n))
    return Grid.start(puzzle), Minimizer(puzzle, (), lambda: None)


# ---------------------------------------------------------------------------- the first broken line, by halves
def test_a_line_broken_at_its_first_change_is_found_there():
    """Column 2 loses 3 from every cell at link 1 (its first change: broken at once) and 4 at R1C2 at link 2: the
    first broken state is after link 1, not after the line's second change."""
    grid, chains = blank()
    n = grid.n
    col2 = [r * n + 1 for r in range(n)]
    chain = (link(placements=[(15, 4)]), link(eliminations=[(c, b(3)) for c in col2]),
             link(eliminations=[(1, b(4))]), link(eliminations=[(10, b(1))]))
    assert chains._first_broken_at(grid.masks, chain, 0) == 1 == _first_broken_linear(grid.masks, chain, chains)
    # the line changed once only, broken there
    once = chain[:2] + chain[3:]
    assert chains._first_broken_at(grid.masks, once, 0) == 1


def test_a_placement_leaves_its_cell_that_height_alone():
    """Placing 1 at R1C1 takes R1C1's other heights away: column 1, where 2 had no other place, is broken after
    that link (a placement keeps only its height, it does not add one)."""
    grid, chains = blank()
    n = grid.n
    chain = (link(placements=[(15, 4)]), link(eliminations=[(r * n, b(2)) for r in range(1, n)]),
             link(placements=[(0, 1)]), link(eliminations=[(10, b(1))]))
    assert chains._first_broken_at(grid.masks, chain, 0) == 2 == _first_broken_linear(grid.masks, chain, chains)


def test_no_line_is_looked_at_past_a_link_that_empties_a_cell():
    """Link 2 empties R2C2 (the replay stops there): the column link 3 breaks is not looked at, and no line is
    broken before, so the answer is the last link's index."""
    grid, chains = blank()
    n = grid.n
    chain = (link(placements=[(15, 4)]), link(eliminations=[(0, b(1))]),
             link(eliminations=[(n + 1, (1 << n) - 1)]), link(eliminations=[(r * n + 2, b(3)) for r in range(n)]),
             link(eliminations=[(10, b(1))]))
    assert chains._first_broken_at(grid.masks, chain, 0) == 4 == _first_broken_linear(grid.masks, chain, chains)


def test_the_first_broken_line_from_a_later_start(medved, traced):  # noqa: F811
    """From ``start`` (the grid after the links before it, as a drop's replay starts), the first broken link is
    the one a check after every link from there finds, on MEDVED's traced chains folded as forcing folds them."""
    from ascent.techniques.forcing import breaks_on_last, fold

    grid, _, _ = medved
    chains = context(grid).chains
    asked = sooner = 0
    for got in traced.values():
        chain = fold(got.chain, grid.n, breaks_on_last(grid, got.chain))
        states = []
        g = grid.copy()
        try:
            for x in chain:
                g.apply(x)
                states.append(g.copy())
        except Contradiction:
            pass
        for start in range(1, min(len(states), len(chain) - 1)):
            want = _first_broken_linear(states[start - 1].masks, chain, chains, start)
            assert chains._first_broken_at(states[start - 1].masks, chain, start) == want, (chain[0].reason, start)
            asked += 1
            sooner += want < len(chain) - 1
    assert asked > 200 and sooner > 50


# ---------------------------------------------------------------------------- a drop's line-only shortcut
def test_as_before_compares_the_lanes_line_only():
    """``_as_before``: the cells of the line a lane (or a line) lies in hold the same candidates and placed heights
    on both grids; cells off it are not read; no lane, or a lane of no line of the grid, is never as before."""
    grid, _ = blank()
    n = grid.n
    row2 = grid.lines[1]
    before = grid.copy()
    trial = grid.copy()
    assert Minimizer._as_before(trial, before, row2.front)
    assert Minimizer._as_before(trial, before, row2)
    assert not Minimizer._as_before(trial, before, None)  # no lane: a technique would look everywhere
    foreign = Grid.start(Puzzle.from_clues([2] * (4 * n))).lines[1]  # row 2 with clues: no line of this grid
    assert not Minimizer._as_before(trial, before, foreign.front) and not Minimizer._as_before(trial, before, foreign)
    trial.masks[0] &= ~b(2)  # off row 2
    assert Minimizer._as_before(trial, before, row2.back)
    trial.masks[n + 3] &= ~b(2)  # R2C4
    assert not Minimizer._as_before(trial, before, row2.back)
    assert not Minimizer._as_before(before, trial, row2.back)
    placed = grid.copy()
    placed.masks[n + 3] = b(4)  # the same candidates as an open cell holding 4 alone, but placed
    placed.values[n + 3] = 4
    alone = grid.copy()
    alone.masks[n + 3] = b(4)
    assert not Minimizer._as_before(placed, alone, row2.front)
    assert Minimizer._as_before(placed, placed.copy(), row2.front)


def test_a_replay_takes_its_end_as_reached_where_the_line_is_as_at_the_end_before(medved, traced):  # noqa: F811
    """With ``ref``, a replay takes the contradiction as reached where its line holds what it held after the last
    link of the replay that reached it (``ref``'s last grid), without asking ``_reached``; it asks ``_reached``
    where that line differs, or where ``ref`` holds no grid after the last link. On MEDVED's sliced chains,
    replayed with ``ref`` the grids of their own replay (before each link, then after the last)."""
    grid, _, _ = medved
    chains = context(grid).chains
    seen = 0
    for got in traced.values():
        cut = chains.sliced(got.chain, got.conflict, ())
        states = []
        conflict = got.conflict
        if conflict.lane is None or not chains.replay(grid, cut, conflict, (), keep=states).ok \
                or len(states) < len(cut):
            continue
        ref = [grid.copy()] + states  # ref[k]: the grid before cut[k]; ref[-1]: the grid after the last link
        line = next(x for x in grid.lines if conflict.lane in (x, x.front, x.back))
        other = states[-1].copy()
        other.masks[line.cells[0]] ^= b(1)  # the contradiction's line other than it was
        fresh = context(grid).chains
        asked = []
        fresh._reached = lambda trial, c: asked.append(c) or False
        assert fresh.replay(grid, cut, conflict, ref=ref) == Replay(True) and asked == []
        assert fresh.replay(grid, cut, conflict, ref=ref[:-1] + [other]) == Replay(False) and asked == [conflict]
        assert fresh.replay(grid, cut, conflict, ref=ref[:-1]) == Replay(False) and len(asked) == 2  # no end there
        assert context(grid).chains.replay(grid, cut, conflict, ref=ref[:-1]) == Replay(True)  # asked: reached
        seen += 1
    assert seen > 20


# ---------------------------------------------------------------------------- the drop rounds
class Table:
    """A replay that answers from a table: ``answers[(chain, conflict)]`` (a chain of names), else not replayed;
    the states it keeps are the names of the links replayed."""

    def __init__(self, answers):
        self.answers = answers

    def __call__(self, grid, chain, conflict, lost=(), states=None, start=0, keep=None, check=False, ref=None,
                 said_links=None):
        got = self.answers.get((chain, conflict), Replay(False))
        if keep is not None:
            keep.extend(chain[start:])
        if said_links is not None:  # each link said as its name in capitals, up to where the replay stopped
            said_links.extend(x.upper() for x in chain[start:got.sooner])
        return got


C1, C2, C3 = Conflict("one", (0,)), Conflict("two", (1,)), Conflict("three", (2,))


def drop(answers, chain, conflict=C1):
    grid, chains = blank()
    chains.replay = Table(answers)
    chains.sliced = lambda chain, conflict, lost: chain  # sliced: the chain as it is
    return chains._drop(grid, chain, conflict, ())


def ok(*chains, conflict=C1):
    return {(tuple(c), conflict): Replay(True) for c in chains}


def test_drop_tries_the_latest_link_first_and_the_last_link_too():
    """Either of a and b will do: the later (b) goes first, so a stays; e (the last link) is needed by nothing."""
    answers = ok("sabde", "sabd", "sad", "sbd")
    assert drop(answers, tuple("sabde")) == (tuple("sad"), C1)


def test_a_round_after_one_that_dropped_tries_again_from_the_first_link_it_dropped():
    """a needs b (a drop of b fails while a is there), and nothing needs a: round 1 drops e and then a (link 1),
    so round 2 must try link 1 again (b, now droppable)."""
    answers = ok("sabde", "sabd", "sbd", "sd")
    assert drop(answers, tuple("sabde")) == (tuple("sd"), C1)


def test_a_drop_meeting_a_contradiction_sooner_keeps_the_shorter_chain_when_it_replays():
    """Dropping c meets C3 after 3 links, but s a b does not replay to C3: nothing changes. Dropping b meets C2
    after 2 links, and s a replays to it: the chain is s a, ending at C2."""
    answers = ok("sabcd")
    answers[(tuple("sabd"), C1)] = Replay(False, 3, C3)
    answers[(tuple("sacd"), C1)] = Replay(False, 2, C2)
    answers.update(ok("sa", conflict=C2))
    assert drop(answers, tuple("sabcd")) == (tuple("sa"), C2)


def test_a_round_after_a_contradiction_met_sooner_tries_every_link_again():
    """Dropping a (link 1) meets C2 after 3 links: s b d replays to it, and a new round tries link 1 (b) again."""
    answers = ok("sabd")
    answers[(tuple("sbd"), C1)] = Replay(False, 3, C2)
    answers.update(ok("sbd", "sd", conflict=C2))
    assert drop(answers, tuple("sabd")) == (tuple("sd"), C2)


def test_minimal_slices_again_from_its_end_said_afresh_only_while_that_replays():
    """After the drops, the end said afresh (``_said``) may rest on less; the chain sliced from it is taken only
    when it replays to it."""
    grid, chains = blank()
    chains._drop = lambda grid, cut, conflict, lost: (cut, conflict)
    chains._said = lambda grid, cut, conflict: C2
    chains.sliced = lambda chain, conflict, lost: chain[:2] if conflict is C2 else chain
    chains.replay = Table(ok("sabd") | ok("sabd", conflict=C2))
    assert chains.minimal(grid, tuple("sabd"), C1) == (tuple("SABD"), C2)  # s a does not replay to C2
    chains.replay = Table(ok("sabd") | ok("sa", conflict=C2))
    assert chains.minimal(grid, tuple("sabd"), C1) == (tuple("SA"), C2)


def test_minimal_checks_every_line_on_its_first_replay_and_ends_where_one_is_broken():
    """``minimal``'s first replay checks the lines each link changed (``check``): a line broken after 2 links
    ends the chain there, at that line's contradiction, though the whole chain replays without the check."""
    grid, chains = blank()
    chains._drop = lambda grid, cut, conflict, lost: (cut, conflict)
    chains._said = lambda grid, cut, conflict: conflict
    chains.sliced = lambda chain, conflict, lost: chain

    def replay(grid, chain, conflict, lost=(), states=None, start=0, keep=None, check=False, ref=None,
               said_links=None):
        if chain == tuple("sabd") and conflict is C1:
            return Replay(False, 2, C2) if check else Replay(True)
        if said_links is not None:
            said_links.extend(x.upper() for x in chain)
        return Replay(chain == tuple("sa") and conflict is C2)

    chains.replay = replay
    assert chains.minimal(grid, tuple("sabd"), C1) == (tuple("SA"), C2)


# ---------------------------------------------------------------------------- a technique's refind
def test_a_link_of_a_refinding_technique_is_found_only_with_its_cell_single_and_nothing_else_open_to_remove(medved):
    """``_finds`` asks naked single's ``refind``: a placement whose cell holds that height alone is found; one whose
    cell holds more is not, even with nothing to remove; nor one that also removes a candidate still open."""
    grid, _, _ = medved
    n = grid.n
    chains = context(grid).chains
    single = techniques_of(("naked single",))[0]
    assert single.refind is not None
    g = grid.copy()
    c = next(x for x in range(n * n) if g.masks[x].bit_count() >= 3)
    d = g.masks[c].bit_length()
    alone = Step("naked single", "x", None, None, (c,), placements=((c, d),))
    assert chains._finds(g, single, alone) == (False, None, None)
    g.masks[c] = b(d)
    assert chains._finds(g, single, alone) == (True, None, None)
    peer = next(x for x in range(n * n) if x != c and x // n == c // n and g.masks[x] & (g.masks[x] - 1))
    e = g.masks[peer] & -g.masks[peer]
    more = Step("naked single", "x", None, None, (c,), placements=((c, d),), eliminations=((peer, e),))
    assert chains._finds(g, single, more) == (False, None, None)
    crossed = Step("naked single", "x", None, None, (c,), placements=((c, d),), eliminations=((peer, e),), proof=Proof(crossed=((peer, e),)))  # a joined cross-out follows from the placement: not asked for
    assert chains._finds(g, single, crossed) == (True, None, None)


# ---------------------------------------------------------------------------- the reader's grid (issue 39)
def test_a_placing_link_crosses_its_height_out_of_its_row_and_column_and_says_each_cell():
    """``_crossed``: a link placing 2 at R1C1 (a 4x4 with R1C3 and R3C1 already without 2) takes 2 out of every
    other cell of row 1 and column 1 that still held it, in that link, and names each: "2 leaves R1C2, R1C4, R2C1,
    R4C1"; its own removals are kept. A link placing where no cell holds the height any more says so."""
    grid, chains = blank()
    n = grid.n
    grid.apply(link(eliminations=[(2, b(2)), (2 * n, b(2))]))
    own = ((n + 1, b(3)),)  # R2C2 loses 3: the technique's own removal
    step = Step("pinpoint", "2 fits nowhere else", None, None, (0,), eliminations=own, placements=((0, 2),))
    said = Minimizer._crossed(grid, step, True)
    crossed = {(1, b(2)), (3, b(2)), (n, b(2)), (3 * n, b(2))}
    assert set(said.crossed) == crossed
    assert set(said.eliminations) == crossed | set(own)
    assert said.placements == ((0, 2),)
    assert said.reason == "2 fits nowhere else; 2 leaves R1C2, R1C4, R2C1, R4C1"
    # a technique asked directly (only its placements taken): the cross-outs alone
    alone = Minimizer._crossed(grid, step, False)
    assert set(alone.eliminations) == crossed and alone.reason == said.reason
    # nothing left to cross out: said too
    g = grid.copy()
    g.apply(link(eliminations=[(1, b(2)), (3, b(2)), (n, b(2)), (3 * n, b(2))]))
    none = Minimizer._crossed(g, step, True)
    assert none.eliminations == own and none.crossed == ()
    assert none.reason == "2 fits nowhere else; no other cell of its row or column holds 2"
    # the supposition: its cross-outs said after it, no removal of its own
    suppose = Step("forcing", "suppose R1C1 is 2", None, None, (0,), eliminations=own, placements=((0, 2),), proof=Proof(supposition=True))
    s = Minimizer._crossed(grid, suppose, True)
    assert set(s.eliminations) == crossed and s.reason == "suppose R1C1 is 2; 2 leaves R1C2, R1C4, R2C1, R4C1"


def test_every_placing_link_of_a_minimal_chain_crosses_out_and_names_each_cell(medved, traced):  # noqa: F811
    """On MEDVED's minimal chains, on the reader's grid (the said links applied in turn): a link placing d at a cell
    removes d from exactly the cells of its row and column that still held it, lists them as ``crossed``, and its
    words name each ("d leaves R4C4, R5C1") or say that none is left."""
    from ascent.model.grid import cell_name

    grid, _, _ = medved
    n = grid.n
    chains = context(grid).chains
    placing = named = 0
    for got in traced.values():
        cut, _ = chains.minimal(grid, got.chain, got.conflict)
        g = grid.copy()
        for x in cut:
            placed = dict(x.placements)
            for c, d in x.placements:
                placing += 1
                held = sorted(y for y in range(n * n) if y != c and y not in placed and g.masks[y] & b(d)
                              and (y // n == c // n or y % n == c % n))
                assert sorted(y for y, m in x.crossed if m & b(d)) == held, x.reason
                gone = {}
                for y, m in x.eliminations:
                    gone[y] = gone.get(y, 0) | m
                assert all(gone.get(y, 0) & b(d) for y in held)
                if held:
                    named += 1
                    assert f"; {d} leaves {', '.join(cell_name(y, n) for y in held)}" in x.reason, x.reason
                else:
                    assert f"no other cell of its row or column holds {d}" in x.reason, x.reason
            try:
                g.apply(x)
            except Contradiction:
                break
    assert placing > 100 and named > 50


def test_slicing_keeps_a_placement_whose_cross_out_a_later_link_needs():
    """``forcing.slice_links``: a placement takes its height from its row and column at once, so a link placing 3
    at R1C1 is kept when what follows needs 3 gone from R1C3 (its row) or R4C1 (its column), and not when it needs 3
    gone from R2C2 (neither) or another height gone from R1C3."""
    from ascent.techniques import needs
    from ascent.techniques.forcing import slice_links

    n = 4
    suppose = Step("forcing", "suppose", None, None, (15,), placements=((15, 4),), proof=Proof(supposition=True))
    place = Step("naked single", "x", None, None, (0,), placements=((0, 3),), premises=(0,))
    other = Step("sudoku", "x", None, None, (5,), eliminations=((5, b(1)),), premises=(6,))
    chain = (suppose, place, other)
    assert slice_links(chain, {2: b(3)}, n, needs) == (0, 1)
    assert slice_links(chain, {12: b(3)}, n, needs) == (0, 1)
    assert slice_links(chain, {5: b(3)}, n, needs) == (0,)
    assert slice_links(chain, {2: b(2)}, n, needs) == (0,)
    assert slice_links(chain, {5: b(1)}, n, needs) == (0, 2)
    # needed through a later kept link: the sudoku link rests on R1C2 (a peer of R1C1) holding no 3
    reads = Step("pinpoint", "x", None, None, (5,), eliminations=((5, b(1)),), premises=(1,))
    assert slice_links((suppose, place, reads), {5: b(1)}, n, lambda s, n: {1: b(3)} if s is reads else {}) == (0, 1, 2)


def test_a_link_with_nothing_left_to_change_is_found_without_asking_its_technique():
    """``_finds``: a link whose placements are all placed and whose removals are all made on the replay's grid is
    found (nothing left for it to say), its technique not run; with one removal still open it is asked."""
    from ascent.techniques import Technique

    grid, _ = blank()
    n = grid.n
    asked = []

    def finds(g, memory):
        asked.append(1)
        return
        yield

    row = Technique("fake", 1, finds, 1, True, "a fake", line_only=True)
    chains = Minimizer(grid.puzzle, (row,), lambda: None)
    g = grid.copy()
    g.apply(link(eliminations=[(1, b(2))], placements=[(0, 1)]))
    done = Step("fake", "x", grid.lines[0].front, None, (0,), eliminations=((1, b(2)),), placements=((0, 1),))
    assert chains._finds(g, row, done) == (True, None, None) and asked == []
    suppose = Step("forcing", "suppose R4C4 is 4", None, None, (15,), placements=((15, 4),), proof=Proof(supposition=True))
    assert chains.replay(g, (suppose, done), None, ((3 * n, b(4)),)).ok and asked == []
    still = Step("fake", "x", grid.lines[0].front, None, (0,), eliminations=((1, b(2) | b(3)),), placements=((0, 1),))
    assert chains._finds(g, row, still) == (False, None, None) and asked == [1]
    elsewhere = Step("fake", "x", grid.lines[0].front, None, (0,), placements=((0, 1), (5, 2)))
    assert chains._finds(g, row, elsewhere) == (False, None, None) and asked == [1, 1]


def test_the_said_chain_is_cut_again_where_the_readers_grid_breaks_sooner():
    """``_resaid``: where the last replay, saying each link on the reader's grid, meets a broken line after 2 links,
    the chain is sliced there, dropped again, and said afresh, ending at that line's contradiction."""
    grid, chains = blank()
    chains._drop = lambda grid, cut, conflict, lost: (cut, conflict)
    chains._said = lambda grid, cut, conflict: conflict
    chains.sliced = lambda chain, conflict, lost: chain

    def replay(grid, chain, conflict, lost=(), states=None, start=0, keep=None, check=False, ref=None,
               said_links=None):
        if chain == tuple("sabd") and conflict is C1:
            got = Replay(False, 2, C2) if said_links is not None else Replay(True)
        else:
            got = Replay(chain == tuple("sa") and conflict is C2)
        if said_links is not None:
            said_links.extend(x.upper() for x in chain[:got.sooner])
        return got

    chains.replay = replay
    assert chains.minimal(grid, tuple("sabd"), C1) == (tuple("SA"), C2)


def test_the_said_chain_ends_at_the_first_broken_line_on_the_readers_grid(medved, traced):  # noqa: F811
    """Every minimal chain of MEDVED, its said links applied in turn from the grid before the forcing step: no row or
    column is broken (``linecheck.broken``, clues read) after any link before the last, and after the last the
    contradiction said shows (the same words of its line, or a cell left empty)."""
    from ascent.core.linecheck import broken
    from ascent.model.grid import line_of

    grid, _, _ = medved
    n = grid.n
    chains = context(grid).chains
    shown = emptied = 0
    for got in traced.values():
        cut, said = chains.minimal(grid, got.chain, got.conflict)
        g = grid.copy()
        for k, x in enumerate(cut):
            try:
                g.apply(x)
            except Contradiction:
                assert k == len(cut) - 1, (got.chain[0].reason, k)
                emptied += 1
                break
            if k < len(cut) - 1:
                assert all(broken(g.masks, line, n) is None for line in g.lines), (got.chain[0].reason, k)
        else:
            line = line_of(g.lines, said.lane)
            assert line is not None and broken(g.masks, line, n, g.values) == said, got.chain[0].reason
            shown += 1
    assert shown + emptied == len(traced) and shown > 20


def test_every_minimal_chain_is_said_as_its_techniques_find_it_on_the_readers_grid(medved, traced):  # noqa: F811
    """Each of MEDVED's minimal chains, checked link by link by the reader's-grid checker (tests/readergrid.py): every
    link is the step its technique gives on the grid of the supposition and the said links before it -- its words,
    and every removal those words make, stated -- and its contradiction shows there. (Replaying the traced links'
    own changes and words instead, found but not said afresh, fails this.)"""
    from tests.readergrid import check_step

    grid, _, _ = medved
    chains = context(grid).chains
    techniques = set()
    for got in traced.values():
        cut, said = chains.minimal(grid, got.chain, got.conflict)
        techniques |= {x.technique for x in cut[1:]}
        report = check_step(grid, Step("forcing", "x", None, None, (), proof=Proof(chain=cut, contradiction=said)))
        assert report.findings == [] and report.late == [], (got.chain[0].reason, report.findings[:2])
        assert report.links == len(cut)
    assert len(techniques) >= 4


def test_the_chain_resaid_is_one_said_on_its_own_grid_whatever_the_rounds():
    """``_resaid`` says the chain, drops what the saying made unneeded, and says it again: the chain it gives is
    always one the last saying gave (every link's words made on the grid of exactly the links before it). A table
    replay whose every saying lets ``_drop`` take one more link: five sayings are needed."""
    grid, chains = blank()
    said_out = []

    def replay(grid, chain, conflict, lost=(), states=None, start=0, keep=None, check=False, ref=None,
               said_links=None):
        if keep is not None:
            keep.extend(chain[start:])
        if said_links is not None:
            said_links.extend(x + "'" for x in chain[start:])
            said_out.append(tuple(said_links))
        return Replay(True)

    chains.replay = replay
    chains.sliced = lambda chain, conflict, lost: chain
    chains._said = lambda grid, cut, conflict: conflict
    chains._drop = lambda grid, cut, conflict, lost: (cut[:-1] if cut[-1].endswith("'") and len(cut) > 2 else cut,
                                                      conflict)
    cut, end = chains.minimal(grid, tuple("sabcdefg"), C1)
    assert end is C1 and len(said_out) >= 4
    assert cut in said_out
