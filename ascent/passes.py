"""The traced pass loop: the easiest technique that finds anything, again and again, until none does.

A pass is one technique's work from one grid: a *sweep* technique (tiers 1-6) applies every step
it finds; a harder one (sequence, fish, forcing) gives a single step. A pass that placed heights
ends with their *aftermath* (sudoku crossing them out of their rows and columns), as a person
does it. After every pass the loop starts again from tier 1 (Tatham's rule), so a harder
technique runs only when every easier one has nothing to say, and the grade, the hardest
technique used, is the hardest idea the puzzle needed (the aftermath is easier than anything it
follows). Every step is recorded before it is applied, so a contradiction keeps its record.

``Context`` carries what a contextual technique (forcing) needs: the known solution, the fast
core, and tracing of a supposition with the easier tiers -- passed in, so techniques never import
the loop that runs them.
"""

from __future__ import annotations

import time
from functools import cached_property
from typing import Callable

from .grid import Conflict, Contradiction, Grid
from .lanes import visible
from .propagate import Broken, line_table, propagate
from .rules import broken_rule, lane_broken
from .techniques import BY_NAME, Technique
from .techniques.forcing import conflict_needs, slice_links
from .trace import Pass, Step


class OverBudget(Exception):
    """A run took more steps than it was allowed (``limit``)."""


class TimedOut(Exception):
    """The solve ran past its deadline."""


class Context:
    """What forcing and the engine share during one solve."""

    def __init__(self, grid: Grid, techniques: tuple[Technique, ...], deadline: float | None = None,
                 on_tier: Callable[[str], None] | None = None):
        self.puzzle = puzzle = grid.puzzle
        self.n = puzzle.size
        self.techniques = techniques  # the table's rows this solve runs
        self.truth: tuple[int, ...] | None = None
        self.broken: dict[tuple[int, int], int] = {}  # (cell, height) seen to break -> work it took
        self.deadline = deadline
        self.on_tier = on_tier
        self.sooner: tuple[int, Conflict] | None = None  # set by replays: the link before which a contradiction showed
        self.early: Conflict | None = None
        self.unpruned = 0  # chains whose pruned form failed its replay (kept whole): never seen on ../shared
        self.held: dict[tuple[int, int], tuple[tuple[int, ...], list[int], int]] = {}  # (cell, height) -> (the
        # candidates it was supposed on, where propagating led, the work that took) for suppositions that held
        # on the fast core (``breaks``)

    @cached_property
    def lines(self):
        """The fast core's lines (``propagate.line_table``): made when first needed, which an easy solve never is."""
        p = self.puzzle
        return line_table(self.n, tuple(p.upper) + tuple(p.lower) + tuple(p.left) + tuple(p.right))

    def check_time(self) -> None:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise TimedOut

    # ---------------------------------------------------------------- the fast core
    def _propagated(self, masks: list[int], cell: int, d: int) -> tuple[list[int] | None, int]:
        """Suppose ``cell`` is ``d`` and propagate: the candidates (None when that breaks) and the work done."""
        self.check_time()
        trial = list(masks)
        trial[cell] = 1 << (d - 1)
        try:
            work = propagate(trial, self.n, self.lines, (cell // self.n, self.n + cell % self.n), self.check_time)
        except Broken as e:
            return None, e.work + 1
        return trial, work

    def branch(self, masks: list[int], cell: int, d: int) -> list[int] | None:
        """The candidates after supposing ``cell`` is ``d`` and propagating; None if that breaks."""
        return self._propagated(masks, cell, d)[0]

    def breaks(self, masks: list[int], cell: int, d: int) -> int:
        """0 when supposing ``cell`` is ``d`` does not break on the fast core; else how much work it took
        to see the contradiction (1 or more: less work, usually a shorter traced chain).

        A supposition that held is remembered with where it led (``held``). Asked again on candidates
        that are a subset of those it held on -- the grid only loses candidates -- it starts from
        there, less what has gone since, and re-reads only the lines that lost something: whatever
        order the lines are read in, propagating ends at the same candidates (the largest set every
        line filter leaves as it is), so on a grid the fast core has settled (as forcing's is up to 9x9,
        where the easier tiers reach its fixpoint) it breaks there exactly when it breaks from the start;
        elsewhere it may see a break sooner, which only changes what forcing traces. Its
        work is then the work it took to hold plus the work on from there: an estimate of the work from
        the start (it only orders which suppositions forcing traces first), which spares propagating it
        all again (measured on the 8x8 set: 13% less time, chains no longer)."""
        n = self.n
        seen = self.held.get((cell, d))
        if seen is not None:
            base, led, w0 = seen
            if not any(m & ~b for m, b in zip(masks, base)):
                trial = [a & m for a, m in zip(led, masks)]
                dirty = set()
                for i, (a, b) in enumerate(zip(trial, led)):
                    if a != b:
                        dirty.add(i // n)
                        dirty.add(n + i % n)
                self.check_time()
                try:
                    if dirty:
                        propagate(trial, n, self.lines, dirty, self.check_time)
                    self.held[(cell, d)] = (tuple(masks), trial, w0)
                    return 0
                except Broken as e:
                    return w0 + e.work + 1  # the work to where it held, and on from there
        after, work = self._propagated(masks, cell, d)
        if after is None:
            return work
        self.held[(cell, d)] = (tuple(masks), after, work)
        return 0

    def placed_by(self, masks: list[int], cell: int, d: int):
        """(cell, height) for each cell open in ``masks`` that supposing ``cell`` is ``d`` placed, for a
        supposition that ``breaks`` has just found to hold on ``masks``. Each holds too, supposed alone:
        the grid the supposition led to has that height placed and every line consistent, so propagating
        the height alone ends at a grid that holds at least that one, and does not break."""
        led = self.held[(cell, d)][1]
        return [(i, m.bit_length()) for i, (m, o) in enumerate(zip(led, masks)) if m != o and not m & (m - 1)]

    def gain(self, masks: list[int], cell: int, d: int) -> int:
        """How many candidates the fast core removes once ``d`` leaves ``cell``, propagating from the cell's
        row and column: what eliminating it is worth."""
        trial = list(masks)
        trial[cell] &= ~(1 << (d - 1))
        before = sum(m.bit_count() for m in trial)
        try:
            propagate(trial, self.n, self.lines, (cell // self.n, self.n + cell % self.n), self.check_time)
        except Broken:
            return before  # only when the grid has no solution: everything would go
        return before - sum(m.bit_count() for m in trial)

    def deepens_to_break(self, masks: list[int], cell: int, d: int) -> bool:
        """Suppose ``cell`` is ``d``, propagate, then remove every candidate that itself breaks on the
        fast core (one level of forcing), again until nothing more goes: True when that breaks."""
        trial, _ = self._propagated(masks, cell, d)
        if trial is None:
            return True
        n = self.n
        changed = True
        while changed:
            changed = False
            for c in range(len(trial)):
                m = trial[c]
                if not m & (m - 1):
                    continue
                for e in range(1, n + 1):
                    if not trial[c] >> (e - 1) & 1 or not self.breaks(trial, c, e):
                        continue
                    trial[c] &= ~(1 << (e - 1))
                    try:
                        propagate(trial, n, self.lines, (c // n, n + c % n), self.check_time)
                    except Broken:
                        return True
                    changed = True
        return False

    # ---------------------------------------------------------------- traced suppositions
    def _suppose(self, grid: Grid, cell: int, d: int, limit: int | None, nested: bool = False):
        """Suppose ``cell`` is ``d`` on a copy and run the easier tiers: (the copy, the chain with the
        supposition first, the contradiction reached or None). Raises OverBudget past ``limit`` steps."""
        trial = grid.copy()
        suppose = Step("forcing", f"suppose {grid.name(cell)} is {d}", None, None, (cell,), placements=((cell, d),),
                       premises=(), supposition=True)
        passes: list[Pass] = []
        broke = None
        techniques, context = tuple(t for t in self.techniques if not t.contextual), self
        if nested:  # one level of forcing inside: a context of its own, knowing no solution under a supposition
            techniques += (BY_NAME["forcing"],)
            context = Context(grid, techniques, self.deadline)
        try:
            trial.apply(suppose)
            run(trial, techniques, passes, limit=limit, context=context)
        except Contradiction as e:
            # kept without its traceback: that holds this frame, which holds the exception -- a cycle that would
            # keep the whole trial (grid, steps) alive until the garbage collector came by (7% of a hard solve)
            broke = e.with_traceback(None)
        return trial, (suppose,) + tuple(s for p in passes for s in p.steps), broke

    def trace(self, grid: Grid, cell: int, d: int, limit: int | None = None) -> tuple[tuple[Step, ...], Contradiction] | None:
        """The chain (the supposition first) and the contradiction supposing ``cell`` is ``d`` reaches with
        the easier tiers, or None when it reaches none (or not within ``limit`` steps)."""
        try:
            _, chain, broke = self._suppose(grid, cell, d, limit)
        except OverBudget:
            return None
        return None if broke is None else (chain, broke)

    # ---------------------------------------------------------------- pruning a chain
    def prune(self, grid: Grid, chain: tuple[Step, ...], conflict: Conflict | None = None,
              lost: tuple[tuple[int, int], ...] = ()) -> tuple[tuple[Step, ...], Conflict | None]:
        """The links of ``chain`` that what it proves needs (``forcing.slice_links``): back from the
        ``conflict`` it reached, or from the candidates it removed (``lost``, a branch of the every-branch
        form), with the conflict the pruned chain reaches. The pruned chain is replayed from the
        supposition on ``grid`` and each kept link re-checked (``replays``). When the replay meets a
        contradiction sooner (a technique sees one while looking for a link: the pruned grid is
        already broken there), the chain up to that link is pruned again from that contradiction.
        If a replay fails otherwise the whole chain is kept, and counted."""
        if conflict is not None:
            need = conflict_needs(conflict, self.n)
        else:
            need = {}
            for c, m in lost:
                need[c] = need.get(c, 0) | m
        kept = slice_links(chain, need, self.n)
        if len(kept) == len(chain):
            return chain, conflict
        pruned = tuple(chain[k] for k in kept)
        self.sooner = None
        if self.replays(grid, pruned, conflict, lost):
            return pruned, conflict
        if self.sooner is not None and conflict is not None:
            k, early = self.sooner
            shorter, reached = self.prune(grid, pruned[:k], early)
            if reached is early and self.replays(grid, shorter, early):
                return shorter, early
        self.unpruned += 1
        return chain, conflict

    def replays(self, grid: Grid, chain: tuple[Step, ...], conflict: Conflict | None,
                lost: tuple[tuple[int, int], ...] = ()) -> bool:
        """Replay ``chain`` (supposition first) on a copy of ``grid``: every later link must be found
        again by its own technique on the grid of the supposition plus the links before it -- a step
        with at least the link's placements and at least those of its eliminations still open there
        (the grid has more candidates than when the link was first found, so the technique may remove
        more; the link's own changes are what is applied) -- and the end must be reached: the same
        ``conflict``, or every candidate in ``lost`` gone."""
        trial = grid.copy()
        by_name = {t.name: t for t in self.techniques}
        last = len(chain) - 1
        for k, link in enumerate(chain):
            self.early = None
            if k and link.technique == "forcing" and (link.chain or link.branches):
                # an inner forcing step (nested forcing's chain): it holds if its own chain replays here
                if not (self.replays(trial, link.chain, link.contradiction) if link.chain else
                        all(self.replays(trial, b, None, link.eliminations) for b in link.branches)):
                    return False
            elif k and (link.technique not in by_name or not self._finds(trial, by_name[link.technique], link)):
                if self.early is not None:
                    self.sooner = (k, self.early)  # broken before link k: the links before it reach a contradiction
                return False
            try:
                trial.apply(link)
            except Contradiction as e:
                return k == last and e.conflict == conflict
        if conflict is None:
            return all(not trial.masks[c] & m for c, m in lost)
        if not conflict.cells:
            return False  # a filled grid breaking a rule: never pruned (it reads the whole grid)
        if conflict.lane is not None and conflict.lane.side is not None and conflict.lane.cells == conflict.cells \
                and all(trial.values[c] for c in conflict.cells):
            return filled_lane_broken(trial, (conflict.lane,)) is conflict.lane  # its lane filled, its clue broken
        narrow(trial, conflict.lane)
        for row in self.techniques:
            if row.contextual:
                continue
            trial.looked = {}
            try:
                for _ in row.steps(trial, self):
                    pass
            except Contradiction as e:
                found = e.conflict
                if found == conflict or (conflict.height is not None and conflict.lane is not None
                                         and (found.lane, found.height) == (conflict.lane, conflict.height)):
                    return True  # the same contradiction (pinpoint words a height gone from a line two ways)
        return False

    def _finds(self, grid: Grid, row: Technique, link: Step) -> bool:
        """Does ``row`` find ``link`` on ``grid`` (looking everywhere afresh)?"""
        self.check_time()
        masks = grid.masks
        want_placed = set(link.placements)
        crossed = dict(link.crossed)  # a joined cross-out (forcing.fold) follows from the placement by sudoku's rule
        want_gone = [(c, m & ~crossed.get(c, 0) & masks[c]) for c, m in link.eliminations]
        grid.looked = {}
        whole = grid.lines, grid.lanes
        narrow(grid, link.lane)  # a lane technique looks only at the link's lane: another may break first
        try:
            for step in row.steps(grid, self):
                if not want_placed <= set(step.placements):
                    continue
                gone: dict[int, int] = {}
                for c, m in step.eliminations:
                    gone[c] = gone.get(c, 0) | m
                if all(not m & ~gone.get(c, 0) for c, m in want_gone):
                    return True
        except Contradiction as e:
            self.early = e.conflict
            return False
        finally:
            grid.lines, grid.lanes = whole
        return False

    def trace_nested(self, grid: Grid, cell: int, d: int) -> tuple[tuple[Step, ...], Contradiction] | None:
        """``trace`` with forcing among the easier tiers (one level: the inner forcing's own chains use
        the easier tiers only)."""
        _, chain, broke = self._suppose(grid, cell, d, None, nested=True)
        return None if broke is None else (chain, broke)

    def follow(self, grid: Grid, cell: int, d: int) -> tuple[list[int], tuple[Step, ...]] | None:
        """Suppose ``cell`` is ``d`` and run the easier tiers to their end: the candidates and the chain,
        or None when that breaks."""
        trial, chain, broke = self._suppose(grid, cell, d, None)
        return None if broke is not None else (trial.masks, chain)


def narrow(grid: Grid, lane) -> None:
    """Let ``grid``'s lane techniques look only at ``lane`` (a Lane or a Line) and its line."""
    if lane is None:
        return
    for line in grid.lines:  # the grid's own lane or line, as a step found on it names it
        if lane is line or lane is line.front or lane is line.back:
            break
    else:
        for line in grid.lines:  # an equal one (a trace read back from its JSON)
            if lane == line or lane in (line.front, line.back):
                break
        else:
            return
    grid.lines = (line,)
    grid.lanes = (line.front, line.back) if lane.side is None else (lane,)


def filled_lane_broken(grid: Grid, lanes=None):
    """The first of ``lanes`` (every lane of the grid by default) that is filled and shows other than its
    clue, by the one rule checker (``rules.lane_broken``)."""
    values = grid.values
    for lane in grid.lanes if lanes is None else lanes:
        heights = [values[c] for c in lane.cells]
        if lane.clue and all(heights) and lane_broken(heights, lane.clue, 0):
            return lane
    return None


def filled_grid_conflict(grid: Grid) -> Conflict | None:
    """What a filled grid breaks, as data: a lane whose clue it breaks (so a chain that ends there can be
    sliced back from that lane), else the first rule broken, in words; None when it solves the puzzle."""
    broken = broken_rule(grid.puzzle, grid.rows())
    if broken is None:
        return None
    lane = filled_lane_broken(grid)
    if lane is None:
        return Conflict(broken)
    shown = visible(grid.values[c] for c in lane.cells)
    return Conflict(f"clue {lane.clue} sees {shown} buildings once the lane is filled", lane.cells, lane)


def run(grid: Grid, techniques: tuple[Technique, ...], passes: list[Pass] | None = None, limit: int | None = None,
        context: Context | None = None, before_hard: Callable[[], None] | None = None, announce: bool = False) -> None:
    """Passes of the given techniques until none finds anything. Raises Contradiction.

    Steps are recorded in ``passes`` when it is given (appended as the run goes, so a contradiction
    still leaves every applied step recorded). With ``limit``, a run that would take more steps
    raises OverBudget. ``before_hard`` is called once, before the first contextual technique (forcing,
    the expensive one) runs.
    With ``announce``, the context's ``on_tier`` hears each harder technique as it starts.
    """
    taken = 0
    record = passes is not None
    hard_seen = False
    aftermath = tuple(t for t in techniques if t.aftermath)
    def take(step: Step, current: Pass | None, name: str) -> Pass | None:
        """Record ``step`` in the pass (opened at its first step) and apply it; the pass."""
        nonlocal taken
        taken += 1
        if limit is not None and taken > limit:
            raise OverBudget
        if record:
            if current is None:
                current = Pass(len(passes) + 1, name)
                passes.append(current)
            current.steps.append(step)  # recorded first: a step that breaks the grid stays in the record
        grid.apply(step)
        return current

    while True:
        if grid.solved():
            conflict = filled_grid_conflict(grid)
            if conflict is not None:  # every cell placed, and a rule broken: no technique would look again
                raise Contradiction(conflict, grid.n)
            return
        progress = False
        for row in techniques:
            if row.contextual and not hard_seen:
                hard_seen = True
                if before_hard is not None:
                    before_hard()
            if context is not None:
                context.check_time()
                if announce and context.on_tier is not None and not row.sweep:
                    context.on_tier(row.name)
            current = None
            placed = False
            for step in row.steps(grid, context):
                current = take(step, current, row.name)
                progress = True
                placed = placed or bool(step.placements)
                if not row.sweep:
                    break  # one step, then back to the easiest tier
            if progress:
                if placed:  # heights placed: cross them out (sudoku) in the same pass, as a person does
                    for after in aftermath:
                        if after is not row:
                            for step in after.steps(grid, context):
                                current = take(step, current, row.name)
                break
        if not progress:
            return


def techniques_of(names: tuple[str, ...]) -> tuple[Technique, ...]:
    """The table's rows for these technique names, in the order given."""
    return tuple(BY_NAME[n] for n in names)
