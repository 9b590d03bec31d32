"""forcing: suppose a candidate, run the easier tiers, and see where it leads.

    a contradiction:
      R2C3 [25]: suppose 2
        -> sudoku, pinpoint, ...
        -> R2C6 has no candidates left
      so R2C3 is not 2

    every branch:
      R2C3 [25]: suppose 2 -> ... R4C4 loses 1
                 suppose 5 -> ... R4C4 loses 1
      so R4C4 is not 1, whichever R2C3 holds

Sound because every easier tier is sound: if supposing a candidate lets sound steps reach an
impossible grid, no solution has it; and the solution takes one of a cell's candidates, so a
height that every branch removes cannot be in it. The fast core only chooses what to trace;
the step rests on the traced chain.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterator

from ..model import cands, words
from ..model.cands import ALL, PLACED
from ..model.grid import Contradiction, Grid, cell_name, shape
from .memory import Memory
from ..model.trace import Proof, Step

NAME = "forcing"
Needs = Callable[[Step, int], "dict[int, int]"]  # what a chain link rests on (``techniques.needs``, from the table)
# How widely forcing looks for its supposition: (TRACED, SCAN, GAINS, WEIGHT): the breaking suppositions traced
# (the best by estimate: work on the fast core, and gain), those found in the cells with fewest candidates (those
# seen breaking before join free), those whose gain is measured, and how much gain counts against a chain's length
# (``rank_of``). A step looks narrowly first; only when the best chain it finds is longer than WIDEN links does it
# look again, widely (search wider where it pays). Chosen by the links a reader reads over a whole puzzle (issue 26)
# on the 9x9 dev set, median / p90: narrow alone (2, 8, 12, 0.4) 153 / 341; wide alone (4, 12, 16, 0.8) 113.5 / 265
# for 30% more time (50% at 8x8, where it saved 8% of the links); (6, 16, 24, 0.8) 117.5 / 221 for 40% more;
# narrow, then wide past WIDEN 8: 113.5 / 265 at 9x9 (only there: WIDE_SIZES).
NARROW = (2, 8, 12, 0.8)
WIDE = (4, 12, 16, 0.8)
WIDEN = 8  # a best chain longer than this (as shown) makes the step look again widely
# the sizes that look widely: below 9 the wide look read more links over a puzzle, not fewer (Tatham's unreasonable
# sets, median / p90 / max, narrow only against narrow then wide: 7x7 21 / 114 / 302 against 20.5 / 127 / 476, 8x8
# 59.5 / 207 / 394 against 61 / 216 / 539, for a third to a half more time); above 9 each propagation costs several times more
WIDE_SIZES = (9,)
SHORT = 5  # a pruned chain this short (as shown) is taken without tracing the rest
LONGER = 2.5  # a trace longer than this many times the length the best rank allows it is given up
WEIGHT = NARROW[3]


def rank_of(length: float, gain: int, weight: float | None = None) -> float:
    """What a person pays for what the step clears: the chain's length (as shown) over (1 + ``gain``)
    to the power WEIGHT, where ``gain`` is how many candidates go on the fast core once the supposed
    height does. A short chain that clears nothing is worth less than a slightly longer one that
    unlocks the grid; a long chain needs a big gain to win. (Lower WEIGHT gives shorter chains and more
    forcing steps, higher the reverse; with chains cut to their minimal form, 0.8 read the fewest links
    over a whole puzzle on the 9x9 dev set, 0 the most: 293 per puzzle at the median.)"""
    return length / (1 + gain) ** (WEIGHT if weight is None else weight)


def _choose(grid: Grid, memory: Memory, context, open_cells: list[int], search: tuple[int, int, int, float], seen: dict):
    """The supposition to trace, as (rank, cell, height, traced chain, conflict), or None: the breaking
    suppositions of the cells with fewest candidates on the fast core, the quickest weighed by their gain,
    the best of those traced (``search``: TRACED, SCAN, GAINS, WEIGHT). ``seen`` keeps gains and traces."""
    traced_most, scan, gains, weight = search
    masks, values = grid.masks, grid.values
    truth = context.truth
    core = context.core
    known = core.broken  # suppositions that broke before still break: the grid has only lost candidates
    found: list[tuple[int, int, int]] = []  # (work to break on the fast core, cell, height)
    scanned = 0  # breaking suppositions found in the cells scanned
    implied: set[tuple[int, int]] = set()  # placed where a supposition that holds led: they hold too
    for cell in open_cells:
        if scanned >= scan:
            break  # enough to choose from
        for d in cands.digits(masks[cell]):
            if truth is not None and truth[cell] == d:
                continue
            if (cell, d) in implied:
                continue
            work = known.get((cell, d)) or core.work_to_break(masks, cell, d)
            if work:
                known[(cell, d)] = work
                found.append((work, cell, d))
                scanned += 1
            else:
                implied.update(core.placed_by(masks, cell, d))
    looked = {(cell, d) for _, cell, d in found}
    for (cell, d), work in known.items():  # the rest seen breaking before: free, as they still break
        if (cell, d) not in looked and not values[cell] and masks[cell] >> (d - 1) & 1:
            found.append((work, cell, d))
    found.sort()

    def gain_of(cell: int, d: int) -> int:
        key = ("gain", cell, d)
        if key not in seen:
            seen[key] = core.gain(masks, cell, d)
        return seen[key]

    # the quickest to break are weighed by their gain (a propagation each), and the best of those traced
    breaking = sorted((rank_of(work, gain, weight), cell, d, gain) for work, cell, d in found[:gains]
                      for gain in (gain_of(cell, d),))
    best = None  # (rank, cell, height, traced chain, conflict)
    for _, cell, d, gain in breaking[:traced_most]:
        limit = None if best is None else int(LONGER * best[0][0] * (1 + gain) ** weight) + 1
        traced = seen.get(("trace", cell, d))
        if traced is None:
            traced = context.tracer.trace(grid, memory, cell, d, limit)
            if traced is None:
                continue
            seen[("trace", cell, d)] = traced
        chain, conflict = traced.chain, traced.conflict
        kept = slice_links(chain, conflict_needs(conflict, grid.n), grid.n, context.chains.link_needs)  # before it is cut
        length = shown(chain, kept)  # as shown: cross-outs folded
        # best rank; then the shorter chain; then one that places a height
        rank = (rank_of(length, gain, weight), length, masks[cell].bit_count() > 2)
        if best is None or rank < best[0]:
            best = (rank, cell, d, chain, conflict)
        if best[0][1] <= SHORT:
            break  # short enough to follow: tracing more would cost more than it could save
    return best


def open_by_candidates(grid: Grid) -> list[int]:
    """The open cells, those with the fewest candidates first (where forcing looks first)."""
    masks, values = grid.masks, grid.values
    return sorted((i for i in range(len(masks)) if not values[i]), key=lambda i: (masks[i].bit_count(), i))


def choice(grid: Grid, memory: Memory, context, open_cells: list[int], seen: dict):
    """The supposition forcing takes, as ``_choose`` gives it, or None: the narrow look's best, or the wide
    look's where the narrow one's chain is longer than WIDEN links (at the WIDE_SIZES) and the wide one ranks
    better. ``seen`` keeps what the step measured (gains, traces), for the wide look to reuse."""
    best = _choose(grid, memory, context, open_cells, NARROW, seen)
    if grid.n in WIDE_SIZES and (best is None or best[0][1] > WIDEN):
        wide = _choose(grid, memory, context, open_cells, WIDE, seen)
        if wide is not None and (best is None or wide[0] < best[0]):
            best = wide
    return best


def forcing(grid: Grid, memory: Memory, context) -> Iterator[Step]:
    """``context`` (``ascent.solver.context.Context``) gives ``truth`` (the solution as flat heights, or None),
    ``core`` (the fast core: ``work_to_break``, ``placed_by``, ``gain``, ``branch`` and ``broken``, the
    suppositions seen breaking earlier in this solve, which still break), ``tracer`` (``trace`` and
    ``follow`` with the easier tiers) and ``chains`` (``minimal``).

    Which supposition: the ones that break on the fast untraced core (``context.core``, which reaches the
    same fixpoint as the easier tiers) are gathered -- every one seen breaking earlier in this solve (a
    supposition that broke stays broken as the grid loses candidates), and the cells with the fewest
    candidates, tried until SCAN of them break. When the solve already knows the unique solution, only
    candidates that are false are supposed; and a height that a supposition found to hold placed where
    it led (``FastCore.placed_by``) is not supposed on its own, for it holds too. The GAINS quickest to
    break are each weighed by what a person pays for what the step clears (``rank_of``): its chain's
    length over (1 + its *gain*) ** WEIGHT, the gain being the candidates the fast core removes once it
    is gone. The TRACED best by estimate are traced with the easier tiers (``context.tracer``: the
    trace ends at the first row or column that breaks, ``linecheck``) and sliced back from their
    contradiction (``slice_links``) to estimate their length. A step looks narrowly first (NARROW) and,
    when its best chain is longer than WIDEN links, widely (WIDE, at the WIDE_SIZES): the measure is the links a reader
    reads over the whole puzzle. The chosen chain is folded (each placed height's cross-out said in the
    link that placed it, ``fold``) and cut to a minimal chain (``context.chains.minimal``: no link can
    go with the rest, each found again by its own technique, still reaching the contradiction), then
    numbered (``numbered``: each link's ``reads``). Only when no single supposition breaks are the
    branches of one cell compared; each branch is cut back to the candidates they all remove."""
    masks = grid.masks
    core = context.core
    open_cells = open_by_candidates(grid)
    best = choice(grid, memory, context, open_cells, {})
    if best is not None:  # only the chosen chain is folded and cut
        _, cell, d, chain, conflict = best
        yield supposed(grid, context, cell, d, chain, conflict)
        return  # one at a time: the engine goes back to the easy passes
    # every branch of one cell: what all of them remove is gone
    for cell in open_cells:
        union = None
        for d in cands.digits(masks[cell]):
            after = core.branch(masks, cell, d)
            if after is None:
                continue
            union = after if union is None else [a | b for a, b in zip(union, after)]
        if union is None or not any(m & ~u for m, u in zip(masks, union)):
            continue
        outcomes = []
        for d in cands.digits(masks[cell]):
            traced = context.tracer.follow(grid, memory, cell, d)
            if traced is None:
                break  # a branch the easier tiers cannot settle the same way: not this cell
            outcomes.append((d,) + traced)
        else:
            union = [0] * len(masks)
            for _, ms, _ in outcomes:
                union = [a | b for a, b in zip(union, ms)]
            elims = tuple((i, masks[i] & ~union[i]) for i in range(len(masks)) if masks[i] & ~union[i])
            if elims:
                branches = tuple(numbered(context.chains.minimal(grid, fold(steps, grid.n), None,
                                                                 elims)[0], None, grid.n, context.chains.link_needs, elims)[0]
                                 for _, _, steps in outcomes)
                lost = ", ".join(f"{grid.name(i)} loses {cands.show_set(m)}" for i, m in elims)
                yield Step(NAME, f"{grid.name(cell)} is {' or '.join(str(d) for d, _, _ in outcomes)}, and every one "
                                 f"of them leads by easier steps to the same loss: {lost}",
                           None, None, (cell,), eliminations=elims,
                           premises=premises_of(cell, tuple(s for b in branches for s in b), ()),
                           proof=Proof(branches=branches))
                return


def supposed(grid: Grid, context, cell: int, d: int, chain, conflict) -> Step:
    """The step that ``cell`` is not ``d``, from the chain traced supposing it is: folded (each cross-out
    joined to its placement, whole), cut to a minimal chain (``context.chains.minimal``) and numbered."""
    n = grid.n
    chain, conflict = context.chains.minimal(grid, fold(chain, n, breaks_on_last(grid, chain)), conflict)
    chain, ending = numbered(chain, conflict, n, context.chains.link_needs)
    return Step(NAME, lambda: f"if {grid.name(cell)} were {d}, {_links(len(chain) - 1)} would lead to a "
                              f"contradiction ({conflict.text(n)}), so it is not {d}",
                None, None, (cell,), eliminations=((cell, 1 << (d - 1)),),
                premises=premises_of(cell, chain, conflict_reads(conflict, n)),
                proof=Proof(chain, contradiction=conflict, reads=ending))


def _links(k: int) -> str:
    return f"{k} link" if k == 1 else f"{k} links"


def numbered(chain, conflict, n: int, needs: Needs, lost=()) -> tuple[tuple[Step, ...], tuple[int, ...]]:
    """The chain with each link's ``reads``: the numbers of the earlier links (0 the supposition, then
    1, 2, ... as shown: L1, L2, ...) that changed a candidate the link needs (``needs``); and the
    numbers the ending reads (the contradiction's needs, or the candidates a branch removes)."""
    removed: list[dict[int, int]] = []  # per link: cell -> candidates it took away (placed cells: PLACED too)
    for link in chain:
        took: dict[int, int] = {}
        for c, m in link.eliminations:
            took[c] = took.get(c, 0) | m
        for c, d in link.placements:
            took[c] = took.get(c, 0) | (ALL & ~(1 << (d - 1))) | PLACED
        removed.append(took)

    def read_by(need: dict[int, int], before: int) -> tuple[int, ...]:
        return tuple(k for k in range(before) if any(need.get(c, 0) & m for c, m in removed[k].items()))

    out = [chain[0]] if chain else []
    for j in range(1, len(chain)):
        link = chain[j]
        reads = read_by(needs(link, n), j)
        out.append(replace(link, proof=replace(link.proof, reads=reads)))
    if conflict is not None:
        end = conflict_needs(conflict, n)
    else:
        end = {}
        for c, m in lost:
            end[c] = end.get(c, 0) | m
    return tuple(out), read_by(end, len(chain))


def conflict_needs(conflict, n: int) -> dict[int, int]:
    """What a contradiction was read from, as cell -> candidates: a line and a height with no cell left
    for it needs only that height gone from the line's cells; any other contradiction needs every
    candidate of its cells and of the lane or line it lies in (peak descent reads the whole lane);
    one that names no cells (a filled grid breaking a rule) needs the whole grid."""
    if conflict.lane is not None and conflict.lane.side is None and conflict.height is not None:
        return dict.fromkeys(conflict.lane.cells, 1 << (conflict.height - 1))
    cells = set(conflict.cells)
    if conflict.lane is not None:
        cells.update(conflict.lane.cells)
    return dict.fromkeys(cells or range(n * n), ALL)


def conflict_reads(conflict, n: int) -> tuple[int, ...]:
    """The cells a contradiction was read from."""
    return tuple(sorted(conflict_needs(conflict, n)))


def slice_links(links, need: dict[int, int], n: int, needs: Needs) -> tuple[int, ...]:
    """The indices of the links a chain needs, in order: walking back from the end, a link is kept when
    it took away a candidate that is needed -- by what the chain proves (``need``: cell -> candidates,
    ALL for a cell read as a whole) or by a later kept link (``needs``: what its technique's row says it
    rests on, ``techniques.needs``). A
    supposition is always kept. A placement takes away all but its height, and that height from its row and
    column (crossed out at once)."""
    wanted = [0] * (n * n)  # cell -> the candidates needed gone there (a list: read for every change of every link)
    for c, m in need.items():
        wanted[c] |= m
    peers = shape(n).peers
    kept = []
    for k in range(len(links) - 1, -1, -1):
        link = links[k]
        hit = link.supposition
        if not hit:
            for c, m in link.eliminations:
                if wanted[c] & m:
                    hit = True
                    break
            else:
                for c, d in link.placements:  # a placed height is crossed out of its row and column at once
                    b = 1 << (d - 1)
                    if wanted[c] & ~b or any(wanted[x] & b for x in peers[c]):
                        hit = True
                        break
        if hit:
            kept.append(k)
            for c, m in needs(link, n).items():
                wanted[c] |= m
    kept.reverse()
    return tuple(kept)


def breaks_on_last(grid: Grid, chain) -> bool:
    """Does applying the chain's last link show its contradiction (a cell left empty)? Then that link
    stays where it is when the chain is folded; otherwise a technique saw the contradiction afterwards."""
    trial = grid.copy()
    try:
        for link in chain[:-1]:
            trial.apply(link)
    except Contradiction:
        return False
    try:
        trial.apply(chain[-1])
    except Contradiction:
        return True
    return False


def _cross_out_of(link, placed: dict[int, int]) -> bool:
    """Is ``link`` a cross-out of a height placed earlier in the chain (``placed``: cell -> height): a link
    that places nothing, names that one cell, and removes only its height from other cells (sudoku's)?"""
    if link.placements or len(link.cells) != 1 or link.cells[0] not in placed or not link.eliminations:
        return False
    cell = link.cells[0]
    b = 1 << (placed[cell] - 1)
    return all(m == b and c != cell for c, m in link.eliminations)


def shown(links, kept) -> int:
    """How many links the chain ``links[k] for k in kept`` shows once its cross-outs are folded (``fold``;
    a cross-out that ends the chain is counted, as it may stay a link of its own there)."""
    placed: dict[int, int] = {}
    count = 0
    last = kept[-1] if kept else -1
    for k in kept:
        link = links[k]
        if k != last and _cross_out_of(link, placed):
            continue
        placed.update(link.placements)
        count += 1
    return count


def fold(links, n: int, broke: bool = False) -> tuple[Step, ...]:
    """A chain as a person writes it: each sudoku link (a placed height crossed out of its row and
    column) joins the link that placed the height, so "R3C4 has only 5 left" also says where 5 leaves
    (its ``crossed``). A sudoku link whose placement is not in the chain stays as it is. The joined
    link keeps its technique, premises and place in the chain; the cross-out rests on the placement
    alone, so what the chain needs is unchanged. When the chain ``broke`` on applying its last link,
    that link stays where it is: it is where the contradiction shows. (The minimal chain is said again on
    the reader's grid, every cross-out named: ``Minimizer._resaid``.)"""
    placed_by: dict[int, int] = {}  # cell -> the index of the link that placed it
    heights: dict[int, int] = {}  # cell -> the height placed there
    crosses: dict[int, list] = {}  # index of a placing link -> the cross-outs joining it
    kept: list[int] = []
    last = len(links) - 1 if broke else -1
    for k, link in enumerate(links):
        if k != last and _cross_out_of(link, heights):
            crosses.setdefault(placed_by[link.cells[0]], []).append(link.eliminations)
            continue
        for c, d in link.placements:
            placed_by[c] = k
            heights[c] = d
        kept.append(k)
    return tuple(joined(links[k], links[k].eliminations, _merged(crosses[k]), n) if k in crosses else links[k]
                 for k in kept)


def _merged(marks) -> tuple[tuple[int, int], ...]:
    """(cell, candidates) pairs, one per cell, in the order cells first appear."""
    out: dict[int, int] = {}
    for pairs in marks:
        for c, m in pairs:
            out[c] = out.get(c, 0) | m
    return tuple(out.items())


def joined(base: Step, elims, cross, n: int, took: tuple[tuple[int, int, int, bool], ...] = ()) -> Step:
    """``base`` said as a chain link on the reader's grid: its own eliminations ``elims`` and ``cross``, every cell of
    its rows and columns that still held a height it places, each named ("8 leaves R4C4, R7C9"). A link that places
    with nothing left to cross out says so too ("no other cell of its row or column holds 8"), so the reader knows
    nothing is left. (``fold`` joins a traced chain's sudoku links the same way.) ``took``: for a single, which
    earlier link took each candidate it rests on that the grid before the step still held (``took_words``)."""

    def reason() -> str:
        if base.supposition or base.placements:
            if took:
                return f"{base.reason} ({took_words(took, base.placements[0][0], n)}); {leaves()}"
            return f"{base.reason}; {leaves()}"
        return base.reason

    def leaves() -> str:
        heights: dict[int, list[int]] = {d: [] for _, d in base.placements}
        for c, m in cross:
            for d in cands.digits(m):
                heights.setdefault(d, []).append(c)
        return "; ".join(f"{d} leaves {', '.join(cell_name(c, n) for c in sorted(cs))}" if cs else
                         f"no other cell of its row or column holds {d}" for d, cs in sorted(heights.items()))

    return Step(base.technique, reason, base.lane, base.clue, base.cells, _merged((elims, cross)), base.placements,
                base.premises, replace(base.proof, crossed=_merged((cross,))))


def took_words(took: tuple[tuple[int, int, int, bool], ...], cell: int, n: int) -> str:
    """Which earlier link took what a single placing in ``cell`` rests on, from (link number, cell, candidates,
    filled) in link order: the cell's own other candidates ("L0 took 6, L3 took 2 and 7"), or its height from the
    line's other cells ("L2 took 6 from R5C3, L4 from R5C7 and R5C8"; a cell a link filled with another height:
    "L3 filled R5C4"). The reader checks each against the grid printed before the step and that link's words, with no
    grid of their own to keep."""
    parts: list[str] = []
    height_said = False
    for k in sorted({k for k, _, _, _ in took}):
        own = sorted(d for j, c, m, _ in took if j == k and c == cell for d in cands.digits(m))
        lost = sorted((c, m) for j, c, m, filled in took if j == k and c != cell and not filled)
        filled = sorted(c for j, c, _, f in took if j == k and c != cell and f)
        if own:
            parts.append(f"L{k} took {words.joined(own)}")
        if lost:
            heights = sorted({d for _, m in lost for d in cands.digits(m)})
            what = f"L{k} from" if height_said else f"L{k} took {words.joined(heights)} from"
            height_said = True
            parts.append(f"{what} {words.joined(cell_name(c, n) for c, _ in lost)}")
        if filled:
            parts.append(f"L{k} filled {words.joined(cell_name(c, n) for c in filled)}")
    return ", ".join(parts)


def premises_of(cell: int, links, shown: tuple[int, ...]) -> tuple[int, ...]:
    """What a forcing step read of the real grid: the supposed cell, every cell a link read, and the
    cells that show the contradiction, each once, in grid order."""
    read = {cell, *shown}
    for link in links:
        read.update(link.premises)
    return tuple(sorted(read))
