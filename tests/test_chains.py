"""chains: a supposition traced to the first pass after which a line breaks by the Latin rule (``Tracer``),
and a chain replayed and cut to a minimal one that ends where a line first shows the contradiction
(``Minimizer``), issue 26. On MEDVED (7x7) at its forcing step, where every open candidate is supposed."""

import pytest

from ascent import Puzzle, solve
from ascent.techniques.memory import Memory
from ascent.solver.chains import Minimizer, Replay, Traced, changed_cells
from ascent.solver.context import Context
from ascent.model.grid import Conflict, Contradiction, Grid, line_of, lines_of
from ascent.core.linecheck import broken
from ascent.solver.passes import run, techniques_of
from ascent.techniques import FORCING, ORDER, Technique
from ascent.model.trace import Proof, Step

MEDVED = "3 3 2 1 2 2 3 4 3 2 4 1 4 2 2 4 1 4 5 3 2 3 1 4 2 5 2 3"  # 7x7, needs forcing


def b(d: int) -> int:
    return 1 << (d - 1)


def latin_broken_lines(masks, lines, n):
    """The lines (rows first) with a cell left empty or a height with no place (written here, not linecheck's)."""
    out = []
    for line in lines:
        union = 0
        empty = False
        for c in line.cells:
            empty = empty or not masks[c]
            union |= masks[c]
        if empty or union != (1 << n) - 1:
            out.append(line)
    return out


def key(step: Step):
    return step.technique, step.reason, step.eliminations, step.placements


@pytest.fixture(scope="module")
def medved():
    """(the grid before MEDVED's forcing step, its solution as flat heights, the open (cell, height) pairs)."""
    result = solve(Puzzle.from_clues(MEDVED), logic_only=True)
    grid = Grid.start(result.puzzle)
    for step in result.steps:
        if step.chain or step.branches:
            break
        grid.apply(step)
    n = grid.n
    open_ = [(c, d) for c in range(n * n) for d in range(1, n + 1)
             if grid.masks[c] & (grid.masks[c] - 1) and grid.masks[c] & b(d)]
    truth = [v for row in result.solution for v in row]
    return grid, truth, open_


def context(grid):
    return Context(grid, techniques_of(ORDER))


@pytest.fixture(scope="module")
def traced(medved):
    grid, truth, open_ = medved
    tracer = context(grid).tracer
    out = {}
    for c, d in open_:
        got = tracer.trace(grid, Memory(grid), c, d)
        if got is not None:
            out[(c, d)] = got
    return out


# ---------------------------------------------------------------------------- small pieces
def test_changed_cells_are_the_eliminations_then_the_placements():
    step = Step("sudoku", "x", None, None, (0,), eliminations=((3, b(1)), (7, b(2) | b(3))), placements=((5, 2), (1, 4)))
    assert changed_cells(step) == [3, 7, 5, 1]
    assert changed_cells(Step("ascent", "x", None, None, ())) == []


def test_line_of_a_lane_or_a_line():
    lines = lines_of(Puzzle.from_clues(MEDVED))
    for line in lines:
        assert line_of(lines, line) is line
        assert line_of(lines, line.front) is line and line_of(lines, line.back) is line
    assert all(int(x) for x in MEDVED.split())
    other = lines_of(Puzzle.from_clues([0] * 28))  # equal cells, other clues: not the same lanes
    assert line_of(lines, other[2].front) is None
    assert line_of(lines, other[2]) is None
    assert line_of(lines, lines_of(Puzzle.from_clues(MEDVED))[9]) is lines[9]  # an equal line (read back)


# ---------------------------------------------------------------------------- the tracer
def _reference_trace(grid, cell, d, easier, lines, n):
    """What the trace must be: run the easier tiers with no watch, then cut after the first pass that leaves
    a line broken by the Latin rule (or at the step whose apply broke the grid, or where a technique said
    so). (the chain's keys, the lines broken after the last pass or None)"""
    suppose = Step(FORCING.name, f"suppose {grid.name(cell)} is {d}", None, None, (cell,), placements=((cell, d),),
                   premises=(), proof=Proof(supposition=True))
    g = grid.copy()
    g.apply(suppose)
    out = [key(suppose)]
    now = latin_broken_lines(g.masks, lines, n)
    if now:
        return out, now
    trial = g.copy()
    passes = []
    raised = False
    try:
        run(trial, easier, passes)
    except Contradiction:
        raised = True
    for p in passes:
        for s in p.steps:
            out.append(key(s))
            try:
                g.apply(s)
            except Contradiction:
                return out, None
        now = latin_broken_lines(g.masks, lines, n)
        if now:
            return out, now
    return (out, None) if raised else (None, None)


def test_trace_ends_after_the_first_pass_that_breaks_a_line_by_the_latin_rule(medved):
    grid, truth, open_ = medved
    n = grid.n
    ctx = context(grid)
    lines = lines_of(grid.puzzle)
    easier = tuple(t for t in techniques_of(ORDER) if not t.contextual)
    watched = techniques = held = 0
    for c, d in open_:
        want, lines_broken = _reference_trace(grid, c, d, easier, lines, n)
        got = ctx.tracer.trace(grid, Memory(grid), c, d)
        if want is None:
            assert got is None, (c, d)
            held += 1
            continue
        assert isinstance(got, Traced) and [key(s) for s in got.chain] == want, (c, d)
        assert got.chain[0].supposition and got.chain[0].placements == ((c, d),)
        if lines_broken:  # the watch ended it: the first broken line (rows first), said by linecheck
            assert got.conflict == broken(_after(grid, got.chain).masks, lines_broken[0], n), (c, d)
            watched += 1
        else:
            techniques += 1
    assert watched >= 5 and techniques >= 5 and held >= 5


def _after(grid, chain):
    g = grid.copy()
    for link in chain:
        g.apply(link)
    return g


def test_a_supposition_that_breaks_a_line_at_once_is_a_chain_of_one(medved):
    """Take 6 out of row 7 but for R7C1 (a hidden single there): supposing R7C1 is anything else leaves 6 no
    place in row 7, seen right after the supposition."""
    grid, truth, open_ = medved
    n = grid.n
    g = grid.copy()
    c0 = 6 * n
    assert g.masks[c0] & (g.masks[c0] - 1)
    h = next(e for e in range(1, n + 1) if g.masks[c0] & b(e))
    d = next(e for e in range(1, n + 1) if g.masks[c0] & b(e) and e != h)
    for c in range(6 * n + 1, 7 * n):
        if g.masks[c] & (g.masks[c] - 1):  # open (a placed cell of the row cannot hold h: R7C1 still does)
            g.masks[c] &= ~b(h)
    got = context(g).tracer.trace(g, Memory(g), c0, d)
    line = lines_of(g.puzzle)[6]
    assert got is not None and len(got.chain) == 1
    assert got.conflict == Conflict(f"no cell can hold {h} any more", line.cells, line, h)


def test_trace_gives_none_for_a_true_supposition_and_past_its_limit(medved, traced):
    grid, truth, open_ = medved
    tracer = context(grid).tracer
    for c, d in open_:
        if truth[c] == d:
            assert tracer.trace(grid, Memory(grid), c, d) is None
            assert tracer.follow(grid, Memory(grid), c, d) is not None
    for (c, d), got in list(traced.items())[:12]:
        steps = len(got.chain) - 1  # the steps the run took (the supposition is not one)
        assert tracer.trace(grid, Memory(grid), c, d, limit=steps) is not None
        assert tracer.trace(grid, Memory(grid), c, d, limit=steps - 1) is None
        assert tracer.follow(grid, Memory(grid), c, d) is None


def test_follow_gives_where_a_supposition_that_holds_leads(medved):
    """Where the easier tiers (no forcing) stop under a true supposition: one of them leaves cells open."""
    grid, truth, open_ = medved
    tracer = context(grid).tracer
    easier = tuple(t for t in techniques_of(ORDER) if not t.contextual)
    still_open = 0
    for c, d in [(c, d) for c, d in open_ if truth[c] == d]:
        masks, chain = tracer.follow(grid, Memory(grid), c, d)
        assert chain[0].supposition and _after(grid, chain).masks == masks
        assert all(masks[x] & b(truth[x]) for x in range(len(masks)))  # the truth kept
        g = grid.copy()
        g.apply(chain[0])
        passes = []
        run(g, easier, passes)
        assert [key(s) for p in passes for s in p.steps] == [key(s) for s in chain[1:]] and g.masks == masks
        still_open += any(m & (m - 1) for m in masks)
    assert still_open >= 1


def test_trace_nested_is_trace_where_the_easier_tiers_break_it(medved, traced):
    grid, truth, open_ = medved
    tracer = context(grid).tracer
    for (c, d), got in list(traced.items())[:8]:
        nested = tracer.trace_nested(grid, Memory(grid), c, d)
        assert nested is not None and [key(s) for s in nested.chain] == [key(s) for s in got.chain]
        assert nested.conflict == got.conflict
    for c, d in [(c, d) for c, d in open_ if truth[c] == d][:3]:
        assert tracer.trace_nested(grid, Memory(grid), c, d) is None


# ---------------------------------------------------------------------------- replaying
def test_a_traced_chain_replays(medved, traced):
    grid, _, _ = medved
    chains = context(grid).chains
    for got in traced.values():
        # on the reader's grid each placed height is crossed out at once, so a traced chain reaches its contradiction
        # there, or one sooner (which the minimizer then cuts the chain to)
        again = chains.replay(grid, got.chain, got.conflict)
        assert again == Replay(True) or (not again.ok and again.sooner is not None and again.conflict is not None)
    assert any(chains.replay(grid, got.chain, got.conflict).ok for got in traced.values())
    # the end must be reached: a conflict of another line is not
    lines = lines_of(grid.puzzle)
    got = next(t for t in traced.values() if isinstance(t.conflict.lane, type(lines[0])))
    far = next(line for line in lines if line_of(lines, got.conflict.lane) is not line
               and broken(_after(grid, got.chain).masks, line, grid.n) is None)
    assert not chains.replay(grid, got.chain, Conflict("x", far.cells, far)).ok


def test_a_link_not_found_again_fails_the_replay(medved, traced):
    grid, _, _ = medved
    chains = context(grid).chains
    got = max(traced.values(), key=lambda t: len(t.chain))
    chain = got.chain
    k = next(i for i in range(1, len(chain)) if chain[i].technique == "naked single")
    (cell, d), = chain[k].placements[:1]
    g = _after(grid, chain[:k])
    other = next(c for c in range(len(g.masks)) if g.masks[c].bit_count() >= 2)
    e = next(h for h in range(1, grid.n + 1) if g.masks[other] & b(h))
    bogus = Step("naked single", "bogus", None, None, (other,), placements=((other, e),))
    assert chains.replay(grid, chain[:k] + (bogus,) + chain[k + 1:], got.conflict) == Replay(False)
    unknown = Step("no such technique", "x", None, None, (cell,), placements=((cell, d),))
    assert chains.replay(grid, chain[:k] + (unknown,) + chain[k + 1:], got.conflict) == Replay(False)


def test_a_link_that_breaks_the_grid_before_the_end(medved, traced):
    """A link whose placement or removal empties a cell ends the replay there: ok when it is the last and
    its conflict is the chain's; else a contradiction reached sooner. (On the reader's grid a placed height is
    crossed out in its own link, so a traced chain ending at sudoku's cross-out may empty the cell sooner, at the
    naked single or pinpoint that placed it: the chain is taken to that end first.)"""
    grid, _, _ = medved
    chains = context(grid).chains
    ends = []
    for t in traced.values():
        r = chains.replay(grid, t.chain, t.conflict)
        chain, conflict = (t.chain, t.conflict) if r.ok else (t.chain[:r.sooner or 0], r.conflict)
        if conflict is not None and conflict.lane is None and conflict.why.startswith("no candidates left after"):
            ends.append((chain, conflict, r.ok))
    assert len(ends) >= 3
    for chain, conflict, _ in ends:
        assert chains.replay(grid, chain, conflict).ok
        other = Conflict("another", conflict.cells)
        assert chains.replay(grid, chain, other) == Replay(False, len(chain), conflict)
        longer = chain + (chain[1],)
        assert chains.replay(grid, longer, conflict) == Replay(False, len(chain), conflict)


def test_a_technique_meeting_a_contradiction_on_the_way_is_a_sooner_end(medved):
    grid, truth, open_ = medved
    met = Conflict("met on the way", (0,))

    def finds(g, memory):
        raise Contradiction(met, g.n)
        yield

    fake = Technique("fake", 1, finds, 1, True, "a fake")
    chains = Minimizer(grid.puzzle, techniques_of(ORDER) + (fake,), lambda: None)
    c, d = open_[0]
    x, e = next((x, e) for x, e in open_ if x // grid.n != c // grid.n and x % grid.n != c % grid.n)
    suppose = Step(FORCING.name, "suppose", None, None, (c,), placements=((c, d),), premises=(), proof=Proof(supposition=True))
    link = Step("fake", "x", None, None, (x,), eliminations=((x, b(e)),))  # a candidate still open: looked for
    assert chains.replay(grid, (suppose, link), Conflict("end", (1,))) == Replay(False, 1, met)
    # a link with nothing left to change there is found without asking its technique: no contradiction is met
    vacuous = Step("fake", "x", None, None, (c,), eliminations=())
    assert chains.replay(grid, (suppose, vacuous), Conflict("end", (1,))) == Replay(False)


def said_links(chains, grid, chain, conflict, lost=(), check=True):
    """The links as the reader's grid takes them (``replay(..., said_links=...)``), up to where the replay stopped,
    and that replay's answer."""
    links = []
    got = chains.replay(grid, chain, conflict, lost, said_links=links, check=check)
    return links, got


def said_positions(grid, chain, links):
    """Where each said link stands in ``chain``: a traced link with nothing left to change on the reader's grid
    (every placement made, every removal gone, its cross-outs apart) is not said, so the said links skip it."""
    g, out, said = grid.copy(), [], iter(links)
    for k, traced_link in enumerate(chain):
        crossed = dict(traced_link.crossed)
        if k and all(g.values[c] == d for c, d in traced_link.placements) and not any(
                m & ~crossed.get(c, 0) & g.masks[c] for c, m in traced_link.eliminations):
            continue
        link = next(said, None)
        if link is None:
            break
        out.append(k)
        try:
            g.apply(link)
        except Contradiction:
            break
    return out


def _peers(n, c):
    return [x for x in range(n * n) if x != c and (x // n == c // n or x % n == c % n)]


def assert_on_the_readers_grid(grid, chain, links):
    """Each said link takes away at least what the traced link takes that is still there on the grid of the said
    links before it, places what it places, and crosses each placed height out of every other cell of its row and
    column that still held it, in that same link (written here from the rule, not from the minimizer); a traced link
    with nothing left to change there is not said."""
    n = grid.n
    g = grid.copy()
    assert len(links) <= len(chain)
    said = iter(links)
    for traced_link in chain:
        crossed = dict(traced_link.crossed)
        if not traced_link.supposition and all(g.values[c] == d for c, d in traced_link.placements) and not any(
                m & ~crossed.get(c, 0) & g.masks[c] for c, m in traced_link.eliminations):
            continue  # nothing left for it to say on the reader's grid: not said
        link = next(said, None)
        if link is None:
            return
        assert set(traced_link.placements) <= set(link.placements)
        gone = {}
        for c, m in link.eliminations:
            gone[c] = gone.get(c, 0) | m
        for c, d in link.placements:  # a placement takes the cell's other candidates (an easier name may place)
            gone[c] = gone.get(c, 0) | (g.masks[c] & ~b(d))
        if not traced_link.supposition:
            for c, m in traced_link.eliminations:
                assert not g.masks[c] & m & ~gone.get(c, 0), (traced_link.reason, link.reason)
        placed = dict(link.placements)
        for c, d in link.placements:
            for x in _peers(n, c):
                if x not in placed and g.masks[x] & b(d):
                    assert gone.get(x, 0) & b(d), (link.reason, grid.name(x), d)
        try:
            g.apply(link)
        except Contradiction:
            return
        for c, d in link.placements:
            assert not any(g.masks[x] & b(d) for x in _peers(n, c) if x not in placed)


def test_check_finds_a_line_broken_before_the_end(medved, traced):
    """With ``check``, a line (clues read) broken on the reader's grid after a link that is not the last ends the
    chain there: after ``sooner`` links, the first line through the cells that link changed, said by linecheck.
    The reader's grid: each link as its technique finds it there, every placed height crossed out at once."""
    grid, _, _ = medved
    n = grid.n
    chains = context(grid).chains
    lines = lines_of(grid.puzzle)
    sooner = 0
    for got in traced.values():
        chain = got.chain
        links, r = said_links(chains, grid, chain, got.conflict)
        assert_on_the_readers_grid(grid, chain, links)
        at = said_positions(grid, chain, links)
        want = None
        g = grid.copy()
        for k, link in zip(at, links):
            if k == len(chain) - 1:
                break
            try:
                g.apply(link)
            except Contradiction as e:
                want = Replay(False, k + 1, e.conflict)
                break
            rows = sorted({c // n for c in changed_cells(link)}) + sorted({n + c % n for c in changed_cells(link)})
            found = [broken(g.masks, lines[i], n) for i in rows]
            found = [f for f in found if f is not None]
            if found:
                want = Replay(False, k + 1, found[0])
                break
        if want is None:
            assert r == Replay(True)
        else:
            assert r == want
            sooner += 1
        # without ``check`` the same chain is not cut at a line (only at a cell emptied, or not reached)
        plain = chains.replay(grid, chain, got.conflict)
        assert plain.ok or plain.sooner is None or plain.conflict.lane is None
    assert sooner >= 10


def test_a_folded_chain_replays(medved, traced):
    """forcing folds each cross-out into the link that placed its height (``crossed``): the folded chain is
    found again link by link, the cross-outs following from the placement (a link is never not found: the replay
    reaches the end, or a contradiction sooner, the reader's grid crossing heights out at once)."""
    from ascent.techniques.forcing import fold

    grid, _, _ = medved
    chains = context(grid).chains
    folded_some = reached = 0
    for got in traced.values():
        folded = fold(got.chain, grid.n, broke=True)
        folded_some += any(link.crossed for link in folded[1:])
        r = chains.replay(grid, folded, got.conflict)
        assert r.ok or r.sooner is not None, got.chain[0].reason
        reached += r.ok
    assert folded_some >= 10 and reached >= 10


def test_states_keep_and_start_give_what_a_full_replay_gives(medved, traced):
    grid, _, _ = medved
    chains = context(grid).chains
    kept = 0
    for got in list(traced.values())[::3]:
        chain = got.chain
        states = []
        if not chains.replay(grid, chain, got.conflict, keep=states).ok:
            continue  # a sooner end on the reader's grid
        kept += 1
        sayer = context(grid).chains
        sayer.placing_simpler = False  # each link as its own technique finds it: the changes the replay applied
        links, _ = said_links(sayer, grid, chain, got.conflict, check=False)
        assert_on_the_readers_grid(grid, chain, links)
        at = said_positions(grid, chain, links)
        try:
            _after(grid, links)
            assert len(states) == len(chain)
        except Contradiction:  # the last link empties a cell: no grid after it
            assert len(states) == len(chain) - 1
        for i in range(len(states)):
            after = _after(grid, [link for k, link in zip(at, links) if k <= i])
            assert states[i].masks == after.masks and states[i].values == after.values
        for k in range(1, len(chain)):
            fewer = chain[:k] + chain[k + 1:]
            assert chains.replay(grid, fewer, got.conflict, (), states, k) == chains.replay(grid, fewer, got.conflict)
        assert chains.replay(grid, chain, got.conflict, (), states, 0) == Replay(True)  # start 0: from the grid
        states[0].masks[0] = 0  # the states are copies: the replay's own grid is not shared
        assert chains.replay(grid, chain, got.conflict).ok
    assert kept >= 5


def test_a_branch_replays_when_every_lost_candidate_is_gone(medved):
    grid, truth, open_ = medved
    ctx = context(grid)
    c, d = next((c, d) for c, d in open_ if truth[c] == d)
    masks, chain = ctx.tracer.follow(grid, Memory(grid), c, d)
    gone = [(x, grid.masks[x] & ~masks[x]) for x in range(len(masks)) if grid.masks[x] & ~masks[x] and x != c]
    assert gone
    assert ctx.chains.replay(grid, chain, None, tuple(gone)).ok
    assert not ctx.chains.replay(grid, chain, None, tuple(gone[:1] + [(c, b(d))])).ok  # d stays at the cell


def test_an_inner_forcing_link_holds_when_its_own_chain_replays_there(medved):
    """Nested forcing's chains hold forcing steps as links: such a link is found again when its own chain
    (or each of its branches) replays on the grid of the links before it."""
    grid, truth, open_ = medved
    ctx = context(grid)
    chains = ctx.chains
    c1, d1 = next((c, d) for c, d in open_ if truth[c] == d)
    outer = Step(FORCING.name, "suppose", None, None, (c1,), placements=((c1, d1),), premises=(), proof=Proof(supposition=True))
    # the reader's grid after the supposition: its height crossed out of its row and column at once
    (said,), _ = said_links(chains, grid, (outer,), None, ((c1, 0),))
    assert said.placements == ((c1, d1),) and said.eliminations
    trial = _after(grid, (said,))
    inner_tracer = Context(trial, techniques_of(ORDER)).tracer
    cb, db = next((c, d) for c, d in open_ if c != c1 and truth[c] != d and trial.masks[c] & b(d) and trial.masks[c] & (trial.masks[c] - 1)
                  and inner_tracer.trace(trial, Memory(trial), c, d) is not None)
    inner = inner_tracer.trace(trial, Memory(trial), cb, db)
    lost = ((cb, b(db)),)
    step = Step(FORCING.name, "x", None, None, (cb,), eliminations=lost, proof=Proof(chain=inner.chain, contradiction=inner.conflict))
    assert chains.replay(grid, (outer, step), None, lost).ok
    bogus = inner.chain[:1] + (Step("no such technique", "x", None, None, (cb,)),) + inner.chain[1:]
    wrong = Step(FORCING.name, "x", None, None, (cb,), eliminations=lost, proof=Proof(chain=bogus, contradiction=inner.conflict))
    assert chains.replay(grid, (outer, wrong), None, lost) == Replay(False)
    # the every-branch form: each branch must take the step's removals away
    cx, dx = next((c, d) for c, d in open_ if c not in (c1, cb) and truth[c] == d and trial.masks[c] & (trial.masks[c] - 1))
    masks, branch = inner_tracer.follow(trial, Memory(trial), cx, dx)
    gone = next((x, trial.masks[x] & ~masks[x]) for x in range(len(masks)) if trial.masks[x] & ~masks[x] and x != cx)
    both = Step(FORCING.name, "x", None, None, (gone[0],), eliminations=(gone,), proof=Proof(branches=(branch, branch)))
    assert chains.replay(grid, (outer, both), None, (gone,)).ok
    kept = (cx, b(dx))
    short = Step(FORCING.name, "x", None, None, (cx,), eliminations=(kept,), proof=Proof(branches=(branch,)))
    assert chains.replay(grid, (outer, short), None, (kept,)) == Replay(False)


# ---------------------------------------------------------------------------- the minimal chain
def same_or_simpler(said: str, traced: str) -> bool:
    """A said link carries its traced link's technique, or an easier one that says the same there (the simplest
    name: a pinpoint whose cell has one candidate left is said as a naked single)."""
    from ascent.techniques import TIER

    return said == traced or TIER[said] < TIER[traced]


def traced_places(cut, chain):
    """Where each link of a said chain stands in the traced chain it was cut from: the said links are steps found
    afresh on the reader's grid, so each is matched to the next traced link of its technique (or a harder one, under
    the simplest name) placing at most what
    it places and removing nothing it keeps open (a subsequence, in order); None when some link matches none."""
    where, j = [], 0
    for link in cut[1:]:
        gone = {}
        for c, m in link.eliminations:
            gone[c] = gone.get(c, 0) | m
        while j < len(chain) and not (
                same_or_simpler(link.technique, chain[j].technique) and set(chain[j].placements) <= set(link.placements)
                and (link.placements or all(gone.get(c, 0) & m for c, m in chain[j].eliminations))):
            j += 1
        if j == len(chain):
            return None
        where.append(j)
        j += 1
    return where


def test_the_minimal_chain_is_cut_from_the_trace_and_its_end_is_said_afresh(medved, traced):
    """The minimal chain keeps the supposition (said afresh, with its cross-outs) and links matching some of the
    traced ones, in order; its contradiction is what linecheck says of its line on the cut chain's last grid, the
    reader's grid (the words change as links go)."""
    grid, _, _ = medved
    n = grid.n
    lines = lines_of(grid.puzzle)
    chains = context(grid).chains
    shorter = afresh = 0
    for got in traced.values():
        cut, said = chains.minimal(grid, got.chain, got.conflict)
        assert chains.found == {}
        first = got.chain[0]
        assert cut[0].supposition and cut[0].placements == first.placements
        assert cut[0].reason.startswith(first.reason + "; ")  # its cross-outs said after it
        assert traced_places(cut, got.chain) is not None, first.reason
        shorter += len(cut) < len(got.chain)
        line = line_of(lines, said.lane) if said.lane is not None else None
        if line is None:
            continue
        try:
            last = _after(grid, cut)
        except Contradiction:
            continue
        now = broken(last.masks, line, n, last.values)
        assert said == (now or said)
        afresh += now is not None and now != got.conflict
    assert shorter >= len(traced) // 2 and afresh >= 5


def test_the_minimal_chain_shows_no_broken_line_before_its_end_and_drops_more_than_slicing(medved, traced):
    """After each link but the last of a minimal chain (not one given back whole), no row or column through
    the cells it changed is broken, clues read (the traces themselves break lines sooner: see
    test_check_finds_a_line_broken_before_the_end); and dropping links cuts more than slicing alone."""
    from ascent.core.linecheck import first_broken

    grid, _, _ = medved
    n = grid.n
    lines = lines_of(grid.puzzle)
    chains = context(grid).chains
    dropped = 0
    for got in traced.values():
        cut, said = chains.minimal(grid, got.chain, got.conflict)
        if cut is got.chain:
            continue
        g = grid.copy()
        for link in cut[:-1]:
            g.apply(link)
            assert first_broken(g.masks, lines, changed_cells(link), n) is None, got.chain[0].reason
        dropped += len(cut) < len(chains.sliced(got.chain, got.conflict, ()))
    assert dropped >= 10


def test_a_chain_whose_end_is_never_reached_is_given_back_whole(medved, traced):
    grid, _, _ = medved
    chains = context(grid).chains
    got = next(iter(traced.values()))
    nowhere = Conflict("a rule broken on a filled grid")  # no cells: never reached by a cut chain
    assert chains.minimal(grid, got.chain[:1], nowhere) == (got.chain[:1], nowhere)
    assert chains.found == {}


def _sudoku_link(grid, cell):
    """The sudoku step crossing ``cell``'s placed height out of its row and column (as a chain link)."""
    n, d = grid.n, grid.values[cell]
    peers = [x for x in range(n * n) if x != cell and (x // n == cell // n or x % n == cell % n) and grid.masks[x] & b(d)]
    return Step("sudoku", f"{grid.name(cell)} is {d}", None, None, (cell,), eliminations=tuple((x, b(d)) for x in peers))


def finds(chains, g, row, link):
    """``_finds``' answer, the step found checked to hold the link: (found, the contradiction met)."""
    found, early, step = chains._finds(g, row, link)
    if step is not None:
        assert found and set(link.placements) <= set(step.placements)
        gone = {}
        for c, m in step.eliminations:
            gone[c] = gone.get(c, 0) | m
        assert all(not m & g.masks[c] & ~gone.get(c, 0) for c, m in link.eliminations)
        assert step in list(row.steps(g.copy(), Memory.narrowed(g, link.lane)))  # one its technique gives there
    return found, early


def test_finds_looks_past_other_steps_and_wants_every_removal(medved):
    """``_finds``: the link is found among every step its technique gives (not only the first), and only when
    one step takes away every candidate the link does (a step taking some other height there is not it); the
    step found is given, to be said on the reader's grid."""
    grid, truth, _ = medved
    n = grid.n
    sudoku = techniques_of(("sudoku",))[0]
    chains = context(grid).chains
    g = Grid.start(grid.puzzle)
    first, second = 0, n + 2  # R1C1 and R2C3: two placements not yet crossed out
    g.apply(Step("x", "x", None, None, (), placements=((first, truth[first]), (second, truth[second]))))
    link = _sudoku_link(g, second)
    assert link.eliminations
    assert finds(chains, g.copy(), sudoku, _sudoku_link(g, first)) == (True, None)
    assert finds(chains, g.copy(), sudoku, link) == (True, None)  # the second step sudoku gives
    assert chains._finds(g.copy(), sudoku, link)[2].premises == (second,)
    x, m = link.eliminations[0]
    other = next(h for h in range(1, n + 1) if g.masks[x] & b(h) and b(h) != m)
    more = Step("sudoku", "x", None, None, (second,), eliminations=((x, m | b(other)),) + link.eliminations[1:])
    assert finds(chains, g.copy(), sudoku, more) == (False, None)  # the height it does not take there
    away = next(y for y in range(n * n) if y // n not in (first // n, second // n) and y % n not in (first % n, second % n)
                and g.masks[y] & b(1))
    elsewhere = Step("sudoku", "x", None, None, (second,), eliminations=link.eliminations + ((away, b(1)),))
    assert finds(chains, g.copy(), sudoku, elsewhere) == (False, None)  # a cell no step touches
    placed = Step("sudoku", "x", None, None, (second,), eliminations=link.eliminations, placements=((away, 1),))
    assert finds(chains, g.copy(), sudoku, placed) == (False, None)
    # a removal already made is not asked for again
    y, e = second - 1, truth[second] % n + 1  # R2C2 (a peer) loses another height first
    g2 = g.copy()
    g2.apply(Step("x", "x", None, None, (), eliminations=((y, b(e)),)))
    again = Step("sudoku", "x", None, None, (second,), eliminations=link.eliminations + ((y, b(e)),))
    assert finds(chains, g2.copy(), sudoku, again) == (True, None)
    assert finds(chains, g.copy(), sudoku, again) == (False, None)  # while it still holds it, the link is not sudoku's
    # a placing link: found past the steps that place elsewhere
    single = techniques_of(("naked single",))[0]
    h = Grid.start(grid.puzzle)
    one, two = 3 * n + 1, 5 * n + 4
    h.apply(Step("x", "x", None, None, (), eliminations=((one, h.masks[one] & ~b(truth[one])),
                                                         (two, h.masks[two] & ~b(truth[two])))))
    steps = [s.placements for s in single.steps(h.copy())]
    assert steps[0] == ((one, truth[one]),) and ((two, truth[two]),) in steps
    later = Step("naked single", "x", None, None, (two,), placements=((two, truth[two]),))
    assert chains._finds(h.copy(), single, later) == (True, None, None)  # refind: no step


# ---------------------------------------------------------------------------- reaching the end
def _raising(conflict, line_only=True):
    def finds(g, memory):
        raise Contradiction(conflict, g.n)
        yield
    return Technique("fake", 1, finds, 1, True, "a fake", line_only=line_only)


@pytest.mark.parametrize("n", [4, 10])
def test_a_line_found_unbroken_is_not_reached_up_to_nine(n):
    """Up to 9x9 linecheck decides a line exactly, so a conflict on a line it finds unbroken is not reached,
    whatever a technique would say; above, the techniques are asked."""
    puzzle = Puzzle.from_clues([0] * (4 * n))
    grid = Grid.start(puzzle)
    line = grid.lines[0]
    conflict = Conflict("said by a technique", line.front.cells[:2], line.front, 2)
    chains = Minimizer(puzzle, (_raising(conflict),), lambda: None)
    assert chains._reached(grid.copy(), conflict) == (n > 9)
    same_height = Conflict("the same lane and height, other words", line.front.cells[:1], line.front, 2)
    chains = Minimizer(puzzle, (_raising(same_height),), lambda: None)
    assert chains._reached(grid.copy(), conflict) == (n > 9)
    other_height = Conflict("another height", line.front.cells[:1], line.front, 3)
    chains = Minimizer(puzzle, (_raising(other_height),), lambda: None)
    assert not chains._reached(grid.copy(), conflict)
    assert not Minimizer(puzzle, (), lambda: None)._reached(grid.copy(), conflict)
    # a contextual technique is not asked
    ctx_row = Technique("fake", 1, lambda g, c: _raising(conflict).find(g), 1, True, "a fake", contextual=True)
    assert not Minimizer(puzzle, (ctx_row,), lambda: None)._reached(grid.copy(), conflict)
    # a technique that is not line-only is not asked (none of the table's says a contradiction)
    assert not Minimizer(puzzle, (_raising(conflict, line_only=False),), lambda: None)._reached(grid.copy(), conflict)
    # a contextual row before a technique that says it: passed over, the next one asked
    assert Minimizer(puzzle, (ctx_row, _raising(conflict)), lambda: None)._reached(grid.copy(), conflict) == (n > 9)
    # no cells: never reached
    assert not Minimizer(puzzle, (_raising(Conflict("x")),), lambda: None)._reached(grid.copy(), Conflict("x"))


@pytest.mark.parametrize("n", [4, 10])
def test_no_technique_is_asked_for_a_contradiction_none_can_say(n):
    """A cell emptied by applying a link names no lane, and no technique says a contradiction without one; a
    height with no place in a whole line is the Latin rule's (pinpoint's), read before the techniques: on a
    line where that height has a place, neither is reached, and no technique is run to look (at any size)."""
    puzzle = Puzzle.from_clues([0] * (4 * n))
    grid = Grid.start(puzzle)
    line = grid.lines[0]

    def refuse(g, memory):
        raise AssertionError("a technique was run to look for it")
        yield

    asked = Minimizer(puzzle, (Technique("fake", 1, refuse, 1, True, "a fake", line_only=True),), lambda: None)
    emptied = Conflict("no candidates left after sudoku", (5,))
    assert not asked._reached(grid.copy(), emptied)
    no_place = Conflict("no cell can hold 2 any more", line.cells, line, 2)
    assert not asked._reached(grid.copy(), no_place)
    g = grid.copy()
    for c in line.cells:
        g.masks[c] &= ~b(2)
    assert asked._reached(g, no_place)  # the Latin rule broken: reached, still without a technique
    # a conflict in a lane (with its side) is looked for above 9x9: the techniques are run
    in_lane = Conflict("said in a lane", line.front.cells[:2], line.front, 2)
    if n > 9:
        with pytest.raises(AssertionError, match="a technique was run"):
            asked._reached(grid.copy(), in_lane)


@pytest.mark.parametrize("n", [4, 10])
def test_a_line_broken_is_reached_and_a_filled_lane_by_its_clue(n):
    clues = [0] * (4 * n)
    clues[4 * n - 1] = 2  # row 1 from the left: 2
    puzzle = Puzzle.from_clues(clues)
    grid = Grid.start(puzzle)
    line = grid.lines[0]
    chains = Minimizer(puzzle, (), lambda: None)
    g = grid.copy()
    for c in line.cells:
        g.masks[c] &= ~b(3)  # no place for 3: broken at any size
    assert chains._reached(g, Conflict("x", line.cells, line, 3))
    # the row filled 1 2 ... n: seen from the left n, where the clue says 2
    g = grid.copy()
    g.apply(Step("x", "x", None, None, (), placements=tuple((c, c + 1) for c in line.cells)))
    lane = line.front
    assert chains._reached(g, Conflict("clue 2 sees n", lane.cells, lane))
    # filled to show 2: not reached, and no technique is asked (above 9 the filled lane is read by its clue)
    g = grid.copy()
    g.apply(Step("x", "x", None, None, (), placements=((0, n - 1), (1, n)) + tuple((c, c - 1) for c in line.cells[2:])))
    asked = Minimizer(puzzle, (_raising(Conflict("clue 2 sees n", lane.cells, lane)),), lambda: None)
    assert not asked._reached(g, Conflict("clue 2 sees n", lane.cells, lane))


def test_a_branch_is_cut_to_what_its_removals_need(medved):
    """The every-branch form: no contradiction, the chain must take ``lost`` away; its cut keeps the links
    those removals rest on, and replays to them."""
    grid, truth, open_ = medved
    ctx = context(grid)
    n = grid.n
    cut_some = 0
    for c, d in [(c, d) for c, d in open_ if truth[c] == d][:6]:
        masks, chain = ctx.tracer.follow(grid, Memory(grid), c, d)
        gone = [(x, grid.masks[x] & ~masks[x]) for x in range(n * n) if grid.masks[x] & ~masks[x] and x != c]
        lost = tuple(gone[:2])
        assert ctx.chains.needs(None, lost + lost[:1]) == {x: m for x, m in lost}
        cut, said = ctx.chains.minimal(grid, chain, None, lost)
        assert said is None and cut[0].supposition and cut[0].placements == chain[0].placements
        assert traced_places(cut, chain) is not None
        g = _after(grid, cut)
        assert all(not g.masks[x] & m for x, m in lost)  # the cut, as said, takes them away on the reader's grid
        cut_some += len(cut) < len(chain)
    assert cut_some >= 3  # that the cut replays afresh: tests/test_chains_bugs.py
