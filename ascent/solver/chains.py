"""Forcing's chains: a supposition traced with the easier tiers, and the chain cut to what a reader needs.

``Tracer`` supposes a height on a copy of the grid and runs the easier tiers, watching after every
pass the rows and columns the pass changed for the Latin rule (a cell with no candidates, a height with
no place: ``linecheck.latin_broken``), which ends the trace there. The clues are not read then: a full
line check after every pass cost more than the traces it shortened (9x9 dev set, one run each: about 5% of the time,
the same median of links read, fewer at p90). The minimizer's first replay checks every line a link changed against its
candidates and clues (``linecheck.broken``), so the chain it gives ends at the first link after which
a line shows a contradiction, with the count that shows it, not at the later step where a technique
would have said so.

``Minimizer`` cuts a traced chain to a *minimal* one:
  1. slice back from what the chain proves (its contradiction, or a branch's removals) through what
     each kept link needs (``forcing.slice_links``);
  2. replay it from the supposition on the reader's grid: every link found again by its own technique on
     the grid of the links before it, and what the technique finds there applied, each placed height
     crossed out of its row and column at once (``replay``); a replay that meets a contradiction sooner
     ends the chain there;
  3. drop each remaining link in turn, latest first, keeping the drop when the rest still replays to
     the contradiction; again until a whole round drops nothing. So no link can go with the rest
     still replaying.

Each answer is a value (``Traced``, ``Replay``); nothing is left in a field for the caller to read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..model.grid import Conflict, Contradiction, Grid, Lane, Line, line_of, lines_of, lines_through, onto, shape
from ..core.linecheck import broken, exact, first_broken, is_broken
from ..techniques.memory import Memory
from .passes import OverBudget, filled_lane_broken, run
from ..techniques import FORCING, Technique, needs
from ..techniques.forcing import conflict_needs, joined, slice_links
from ..model.trace import SUPPOSED, Pass, Step


@dataclass(frozen=True)
class Traced:
    """A supposition followed to a contradiction: the chain (the supposition first) and where it broke."""

    chain: tuple[Step, ...]
    conflict: Conflict


@dataclass(frozen=True)
class Replay:
    """What replaying a chain gave. ``ok``: every link was found again and the end reached. Otherwise,
    when the grid was broken before the end, ``sooner`` links (from the supposition) already reach
    ``conflict``."""

    ok: bool
    sooner: int | None = None
    conflict: Conflict | None = None


class _Changes:
    """A link's changes as a replay applies them (``Grid.apply`` reads these three), when nobody reads its words."""

    __slots__ = ("technique", "eliminations", "placements")

    def __init__(self, technique: str, eliminations, placements):
        self.technique, self.eliminations, self.placements = technique, eliminations, placements


def _vacuous(trial: Grid, link: Step) -> bool:
    """Has ``trial`` already every change ``link`` makes (its cross-outs apart)?"""
    crossed = dict(link.crossed)
    masks, values = trial.masks, trial.values
    return all(values[c] == d for c, d in link.placements) and \
        not any(m & ~crossed.get(c, 0) & masks[c] for c, m in link.eliminations)


def changed_cells(step: Step) -> list[int]:
    return [c for c, _ in step.eliminations] + [c for c, _ in step.placements]


class Tracer:
    """Traces suppositions with the easier tiers (the techniques that are not contextual), watching each
    link's rows and columns. ``inner`` makes the context a nested trial's forcing runs in."""

    def __init__(self, puzzle, techniques: tuple[Technique, ...], check_time: Callable[[], None],
                 inner: Callable[[Grid, tuple[Technique, ...]], object]):
        self.n = puzzle.size
        self.lines = lines_of(puzzle)
        self.easier = tuple(t for t in techniques if not t.contextual)
        self.check_time = check_time
        self.inner = inner

    def watch(self, grid: Grid, cells) -> None:
        """After a pass: the first row or column it changed that the Latin rule breaks ends the chain there
        (the minimizer's first replay then finds the link after which a line first broke, clues read)."""
        found = first_broken(grid.masks, self.lines, cells, self.n, latin=True)
        if found is not None:
            raise Contradiction(found, self.n)

    def _suppose(self, grid: Grid, memory: Memory, cell: int, d: int, limit: int | None, nested: bool = False):
        """Suppose ``cell`` is ``d`` on a copy and run the easier tiers, with a copy of ``memory`` (the solve's
        on ``grid``): (the copy, the chain with the supposition first, the contradiction reached or None).
        Raises OverBudget past ``limit`` steps."""
        trial, seen = memory.fork(grid)
        suppose = Step(FORCING.name, f"suppose {grid.name(cell)} is {d}", None, None, (cell,), placements=((cell, d),),
                       premises=(), proof=SUPPOSED)
        passes: list[Pass] = []
        broke = None
        techniques, context = self.easier, None
        if nested:  # one level of forcing inside: a context of its own, knowing no solution under a supposition
            techniques += (FORCING,)
            context = self.inner(grid, techniques)
        try:
            trial.apply(suppose)
            self.watch(trial, changed_cells(suppose))
            run(trial, techniques, passes, limit=limit, context=context, check_time=self.check_time, watch=self.watch,
                memory=seen)
        except Contradiction as e:
            # kept without its traceback: that holds this frame, which holds the exception -- a cycle that would
            # keep the whole trial (grid, steps) alive until the garbage collector came by (7% of a hard solve)
            broke = e.with_traceback(None)
        return trial, (suppose,) + tuple(s for p in passes for s in p.steps), broke

    def trace(self, grid: Grid, memory: Memory, cell: int, d: int, limit: int | None = None) -> Traced | None:
        """The chain and the contradiction supposing ``cell`` is ``d`` reaches with the easier tiers, or
        None when it reaches none (or not within ``limit`` steps)."""
        try:
            _, chain, broke = self._suppose(grid, memory, cell, d, limit)
        except OverBudget:
            return None
        return None if broke is None else Traced(chain, broke.conflict)

    def trace_nested(self, grid: Grid, memory: Memory, cell: int, d: int) -> Traced | None:
        """``trace`` with forcing among the easier tiers (one level: the inner forcing's own chains use
        the easier tiers only)."""
        _, chain, broke = self._suppose(grid, memory, cell, d, None, nested=True)
        return None if broke is None else Traced(chain, broke.conflict)

    def follow(self, grid: Grid, memory: Memory, cell: int, d: int) -> tuple[list[int], tuple[Step, ...]] | None:
        """Suppose ``cell`` is ``d`` and run the easier tiers to their end: the candidates and the chain,
        or None when that breaks."""
        trial, chain, broke = self._suppose(grid, memory, cell, d, None)
        return None if broke is not None else (trial.masks, chain)


class Minimizer:
    """Cuts chains to what their contradiction needs, each link re-checked by its own technique."""

    def __init__(self, puzzle, techniques: tuple[Technique, ...], check_time: Callable[[], None]):
        self.n = puzzle.size
        self.lines = lines_of(puzzle)
        self.techniques = techniques
        self.by_name = {t.name: t for t in techniques}
        # a lane or line object of the puzzle's lines -> its line (``line_of`` finds the same, by a walk)
        self._lines_by_id = {id(x): line for line in self.lines for x in (line, line.front, line.back)}
        self.check_time = check_time
        self.found: dict = {}  # what ``_finds`` said of a link on a grid, while one chain is cut (``minimal``)
        self.placing_simpler = True  # while a chain is said: a removal from one cell may be said as an easier placement

    # ---------------------------------------------------------------- the minimal chain
    def needs(self, conflict: Conflict | None, lost: tuple[tuple[int, int], ...]) -> dict[int, int]:
        if conflict is not None:
            return conflict_needs(conflict, self.n)
        need: dict[int, int] = {}
        for c, m in lost:
            need[c] = need.get(c, 0) | m
        return need

    def sliced(self, chain: tuple[Step, ...], conflict: Conflict | None,
               lost: tuple[tuple[int, int], ...]) -> tuple[Step, ...]:
        return tuple(chain[k] for k in slice_links(chain, self.needs(conflict, lost), self.n, self.link_needs))

    def link_needs(self, link: Step, n: int) -> dict[int, int]:
        """What a link rests on, by its technique's row of the table (``techniques.needs``)."""
        return needs(link, n)

    def minimal(self, grid: Grid, chain: tuple[Step, ...], conflict: Conflict | None = None,
                lost: tuple[tuple[int, int], ...] = ()) -> tuple[tuple[Step, ...], Conflict | None]:
        """The chain cut to a minimal one that still replays to a contradiction (``conflict``, or every
        candidate in ``lost`` gone, for a branch of the every-branch form), and the contradiction it
        reaches (sooner than ``conflict`` when the cut chain meets one first). A chain whose cut form
        never replays is returned whole (then links could be dropped: the benchmark's check finds none
        on the 9x9 dev set).

        Dropping link k replays only from k on: the grids after the links before it are kept from the
        last replay that held (``states``)."""
        # (link, the grid's candidates and placed heights) -> what ``_finds`` said there, for this chain's cutting
        self.found = {}
        cut = self.sliced(chain, conflict, lost)
        got = self.replay(grid, cut, conflict, lost, check=True)
        while not got.ok:
            if got.sooner is None or conflict is None:
                self.found = {}
                return chain, conflict
            conflict = got.conflict
            cut = self.sliced(cut[:got.sooner], conflict, lost)
            got = self.replay(grid, cut, conflict, lost, check=True)
        while True:
            cut, conflict = self._drop(grid, cut, conflict, lost)
            said = self._said(grid, cut, conflict)
            # said afresh, the contradiction may rest on less (a height with no place reads that height only):
            # slice again from it, and drop again, while that still replays
            again = self.sliced(cut, said, lost)
            if len(again) == len(cut) or not self.replay(grid, again, said, lost).ok:
                break
            cut, conflict = again, said
        out, said = self._resaid(grid, cut, said, lost)
        self.found = {}
        return out, said

    def _resaid(self, grid: Grid, cut: tuple[Step, ...], said: Conflict | None,
                lost: tuple[tuple[int, int], ...]) -> tuple[tuple[Step, ...], Conflict | None]:
        """The minimal chain as the reader holds it: each link the step its own technique finds on the reader's
        grid (the grid before the step, the supposition and what the links before it say), said there, with every
        height it places crossed out of its row and column. The replays that cut the chain applied exactly these
        changes, so the words are true on the grid the reader builds from them. Where the reader's grid shows a
        broken row or column before the end (a link says more than the traced one did), the chain is cut again
        there, from that contradiction, and said afresh."""
        first = cut, said
        simpler = True  # a removal from one cell may be said as an easier placement there, until that fails once
        best = None  # the last chain said in full (its words true), should the rounds run out
        rounds = 2 * len(cut) + 4  # each round drops a link or ends sooner, but for the one retry as found
        for attempt in range(rounds):
            links: list[Step] = []
            if attempt == rounds - 1 and simpler:  # the last try says each link as its own technique finds it
                simpler, (cut, said) = False, first
            self.placing_simpler = simpler
            got = self.replay(grid, cut, said, lost, said_links=links, check=True)
            if got.ok:
                out = tuple(links)
                end = self._said(grid, out, said) if said is not None else said
                fewer, end_ = self._drop(grid, out, end, lost)  # said afresh, a link may no longer be needed
                if len(fewer) == len(out):
                    self.placing_simpler = True
                    return out, end
                best = out, end
                cut, said = fewer, end_  # the words of the links kept are said again, without the dropped ones
                continue
            if got.sooner is None or said is None:
                if simpler:  # an easier placement said more than the link: try the links as they were found
                    simpler, (cut, said) = False, first
                    continue
                break
            said = got.conflict
            cut = self.sliced(cut[:got.sooner], said, lost)
            if not self.replay(grid, cut, said, lost).ok:
                break
            cut, said = self._drop(grid, cut, said, lost)
        self.placing_simpler = True
        if best is not None:
            return best  # every word true, though a link might go (never seen on ../shared)
        return cut, said  # never seen: said as traced

    def _drop(self, grid: Grid, cut: tuple[Step, ...], conflict: Conflict | None,
              lost: tuple[tuple[int, int], ...]) -> tuple[tuple[Step, ...], Conflict | None]:
        """Drop each link in turn, latest first, while the rest still replays; again until a whole round
        drops nothing. (The chain given replays.)

        A round after one that dropped tries again only the links from the first place that round changed
        on: a link before it was tried last round on the very chain there is now (every drop came before
        it was tried, latest first), and a replay gives the same answer on the same chain."""
        states: list[Grid] = []
        self.replay(grid, cut, conflict, lost, keep=states)
        low = 1  # the first link this round tries
        while low < len(cut):
            k = len(cut) - 1
            changed = len(cut)  # the first place this round changed the chain (none: the last round)
            while k >= low:
                fewer = cut[:k] + cut[k + 1:]  # not sliced again: the end is the line broken, for any reason
                same = k
                got = self.replay(grid, fewer, conflict, lost, states, same, ref=states)  # fewer[j] is cut[j + 1]
                if got.ok:
                    cut, changed = fewer, min(changed, k)
                    del states[same:]
                    self.replay(grid, cut, conflict, lost, states, same, keep=states)
                elif got.sooner is not None and conflict is not None:
                    shorter = self.sliced(fewer[:got.sooner], got.conflict, lost)
                    if len(shorter) < len(cut) and self.replay(grid, shorter, got.conflict, lost).ok:
                        cut, conflict, changed = shorter, got.conflict, 1  # sliced again: anything may have moved
                        states = []
                        self.replay(grid, cut, conflict, lost, keep=states)
                k = min(k, len(cut)) - 1
            low = max(changed, 1)
        return cut, conflict

    def _said(self, grid: Grid, chain: tuple[Step, ...], conflict: Conflict | None) -> Conflict | None:
        """The contradiction a cut chain reaches, in words made from its own last grid: a row or column seen
        broken (``linecheck``) reads differently once links are gone, though it is the same line."""
        if conflict is None or conflict.lane is None:
            return conflict
        line = line_of(self.lines, conflict.lane)
        if line is None:
            return conflict
        trial = grid.copy()
        try:
            for link in chain:
                trial.apply(link)
        except Contradiction:
            return conflict  # a cell left empty by the last link: said as it was
        return broken(trial.masks, line, self.n, trial.values) or conflict

    # ---------------------------------------------------------------- replaying
    def replay(self, grid: Grid, chain: tuple[Step, ...], conflict: Conflict | None,
               lost: tuple[tuple[int, int], ...] = (), states: list[Grid] | None = None, start: int = 0,
               keep: list[Grid] | None = None, check: bool = False, ref: list[Grid] | None = None,
               said_links: list[Step] | None = None) -> Replay:
        """Replay ``chain`` (supposition first) on a copy of ``grid``: every later link must be found
        again by its own technique on the grid of the supposition plus the links before it -- a step
        with at least the link's placements and at least those of its eliminations still open there
        (the grid differs from the one the link was first found on, so the technique may remove more; what it
        finds is what is applied, each height it places crossed out of its row and column at once: the reader's
        grid) -- and the end must be reached: the same ``conflict``, or every candidate in ``lost`` gone. With
        ``said_links``, each link is appended as the reader is told it (``_resaid``): looked at afresh, under its
        simplest name, a link with nothing left to change not said.

        With ``states`` (the grids after each link of a chain whose first ``start`` links are these)
        the replay starts after link ``start - 1``; with ``keep``, the grid after each link replayed is
        appended to it. With ``check``, the rows and columns each link changed are checked after it, and
        one broken before the end is a contradiction reached sooner: a folded chain (``forcing.fold``)
        crosses a placed height out where it is placed, sooner than the trace did. Once a chain has
        replayed so, chains cut from it are not checked again: they keep more candidates at every link,
        so none breaks sooner.

        With ``ref`` (``ref[k]``, for k from ``start`` on: the grid before the link that is ``chain[k]`` here, in a
        replay that found every link, then the grid after the last link there), a link of a technique that reads only
        its lane's line (``line_only``) is found where that line holds what it held there, without looking; and the
        contradiction is reached where its line holds what it held at the end there (``_reached`` asks only line-only
        techniques, so it reads that line alone)."""
        trial = states[start - 1].copy() if states and start else grid.copy()
        last = len(chain) - 1
        # the first link after which a line may be broken: none before it is (the lines checked from there on);
        # when the links are said, every line a link changed is checked after it
        looked = (0 if said_links is not None else self._first_broken_at(trial.masks, chain, start)) if check else last
        for k in range(start, len(chain)):
            link = chain[k]
            step = None  # what the link's technique finds here (None: the link as it is, or its placements alone)
            if k:
                row = self.by_name.get(link.technique)
                if row is not None and row.contextual and (link.chain or link.branches):
                    # an inner forcing step (nested forcing's chain): it holds if its own chain replays here
                    if not (self.replay(trial, link.chain, link.contradiction).ok if link.chain else
                            all(self.replay(trial, b, None, link.eliminations).ok for b in link.branches)):
                        return Replay(False)
                    step = link
                elif row is None:
                    return Replay(False)
                else:
                    seen = self._look(trial, row, link, fresh=said_links is not None)
                    found, early, step = seen
                    if not found:
                        return Replay(False, k, early) if early is not None else Replay(False)
                    if said_links is not None and step is None and _vacuous(trial, link):
                        continue  # nothing left for it to say on the reader's grid (an earlier link said more): gone
                    if step is None and said_links is not None:
                        step = self._placing(trial, row, link)
                    if said_links is not None and step is not None:
                        step = self._simplest(trial, row, step)
            elif said_links is not None:
                step = Step(link.technique, f"suppose {trial.name(link.placements[0][0])} is {link.placements[0][1]}",
                            None, None, link.cells, placements=link.placements, premises=(), proof=SUPPOSED)
            took = self._took(grid, said_links, step) if said_links is not None and step is not None and k else ()
            applied = self._crossed(trial, link if step is None else step, step is not None, said_links is not None,
                                    took)
            if said_links is not None:
                said_links.append(applied)
            try:
                trial.apply(applied)
            except Contradiction as e:
                if k == last and e.conflict == conflict:
                    return Replay(True)
                return Replay(False, k + 1, e.conflict)
            if keep is not None:
                keep.append(trial.copy())
            if looked <= k < last:
                seen = first_broken(trial.masks, self.lines, changed_cells(applied), self.n)
                if seen is not None:
                    return Replay(False, k + 1, seen)
        if conflict is None:
            return Replay(all(not trial.masks[c] & m for c, m in lost))
        if ref is not None and len(ref) > last + 1 and conflict.lane is not None \
                and self._as_before(trial, ref[last + 1], conflict.lane):
            return Replay(True)  # its line as where the replay that found every link reached it (``_reached``)
        return Replay(self._reached(trial, conflict))

    @staticmethod
    def _as_before(trial: Grid, before: Grid, lane: Lane | Line | None) -> bool:
        """Do the cells of the line ``lane`` lies in hold on ``trial`` what they held on ``before`` (candidates and
        placed heights)? False when it names no line of the grid (a technique would look everywhere)."""
        if lane is None:
            return False
        line = line_of(trial.lines, lane)
        if line is None:
            return False
        masks, values, was, placed = trial.masks, trial.values, before.masks, before.values
        return all(masks[c] == was[c] and values[c] == placed[c] for c in line.cells)

    def _first_broken_at(self, masks: list[int], chain: tuple[Step, ...], start: int) -> int:
        """The first k (from ``start``) after whose link ``chain[k]`` a row or column is broken (``is_broken``),
        replaying the links' changes alone from ``masks``; ``len(chain) - 1`` when none is before the last link
        (or before a link that empties a cell: the replay stops there). A line's candidates only shrink along
        a chain, and a line broken stays broken (no filling fits fewer candidates), so each line is checked
        once, after its last change, and only a broken one is searched (by halves) for its first broken state:
        a few checks a line, where checking each link's lines after it checked every state of them."""
        n, lines = self.n, self.lines
        last = len(chain) - 1
        ms = list(masks)
        after: list[tuple[int, ...]] = []  # the candidates after each link from ``start``
        changes: dict[int, list[int]] = {}  # line -> the links (from ``start``) that changed it
        for k in range(start, last):
            link = chain[k]
            if onto(ms, link):
                break  # applying this link raises: no check is made after it
            cells = changed_cells(link)
            for c in cells:
                for j in lines_through(n, c):
                    ks = changes.setdefault(j, [])
                    if not ks or ks[-1] != k:
                        ks.append(k)
            after.append(tuple(ms))
        first = last
        for j, ks in changes.items():
            line = lines[j]
            if ks[0] >= first or not is_broken(after[ks[-1] - start], line, n):
                continue
            lo, hi = 0, len(ks) - 1  # broken after ks[hi]; find the first
            while lo < hi:
                mid = (lo + hi) // 2
                if is_broken(after[ks[mid] - start], line, n):
                    hi = mid
                else:
                    lo = mid + 1
            first = min(first, ks[lo])
        return first

    def _reached(self, trial: Grid, conflict: Conflict) -> bool:
        """Does ``trial`` show ``conflict``? Remembered while one chain is cut (``found``), by the contradiction and
        what its line holds, where it lies in one of the puzzle's lines: every question below reads that line alone
        (the line-only techniques looked for there alone, ``Memory.narrowed``, as ``_look`` trusts too)."""
        if not conflict.cells:
            return False  # a filled grid breaking a rule: never cut (it reads the whole grid)
        if conflict.lane is None:
            return False  # a cell emptied by applying a link (``Grid.apply``): no technique says that (each names a lane)
        line = self._line_of(trial, conflict.lane)
        if line is None:
            return self._shows(trial, conflict, None)
        key = ("reached", conflict, line.read(trial.masks), line.read(trial.values))
        got = self.found.get(key)
        if got is None:
            got = self.found[key] = self._shows(trial, conflict, line)
        return got

    def _shows(self, trial: Grid, conflict: Conflict, line: Line | None) -> bool:
        """``_reached``, looked at afresh (``line``: the puzzle's line ``conflict`` lies in, or None)."""
        if line is not None:
            if is_broken(trial.masks, line, self.n):
                return True  # the same row or column broken (linecheck): ``minimal`` says it afresh at the end
            if exact(self.n):
                return False  # the line holds a filling, and every technique's contradiction lies in one line
            if isinstance(conflict.lane, Line) and conflict.height is not None:
                return False  # a height with no place in the line (pinpoint's, linecheck's): the Latin rule, read above
        if isinstance(conflict.lane, Lane) and conflict.lane.cells == conflict.cells \
                and all(trial.values[c] for c in conflict.cells):
            return filled_lane_broken(trial, (conflict.lane,)) is conflict.lane  # its lane filled, its clue broken
        for row in self.techniques:
            if not row.line_only:
                continue  # only a line-only technique says a contradiction (the others raise none; forcing is not asked)
            try:
                for _ in row.steps(trial, Memory.narrowed(trial, conflict.lane)):  # afresh, where it showed
                    pass
            except Contradiction as e:
                found = e.conflict
                if found == conflict or (conflict.height is not None and conflict.lane is not None
                                         and (found.lane, found.height) == (conflict.lane, conflict.height)):
                    return True  # the same contradiction (pinpoint words a height gone from a line two ways)
        return False

    def _look(self, trial: Grid, row: Technique, link: Step, fresh: bool = False):
        """``_finds``, remembered while one chain is cut: by the link and its line's cells for a technique that
        reads only its line (``line_only``), else by the link and the whole grid. ``fresh``: looked at afresh.
        The entry holds the link itself, and answers only for that very object: a link said in one round of
        ``_resaid`` and dropped freed its address for a later round's, and a key of ``id(link)`` alone then
        answered for the dead link (a trace that changed with what the process had run before)."""
        if fresh or row.refind is not None:
            # a technique's words are made from what it read when it found the step (never the live grid); a technique
            # asked directly reads a cell or two, cheaper than a key of the whole grid
            return self._finds(trial, row, link)
        line = self._line_of(trial, link.lane) if row.line_only and link.lane is not None else None
        if line is not None:
            key = (id(link), line.read(trial.masks), line.read(trial.values))  # the line's cells, as ``read`` gives them
        else:
            key = (id(link), tuple(trial.masks), tuple(trial.values))  # sudoku reads which cells are placed
        seen = self.found.get(key)
        if seen is None or seen[0] is not link:
            seen = self.found[key] = (link, self._finds(trial, row, link))  # held: its id is not reused meanwhile
        return seen[1]

    def _line_of(self, trial: Grid, lane: Lane | Line) -> Line | None:
        """``line_of(trial.lines, lane)`` (an equal line: its cells are what is read), by the object's identity when
        it is one of the puzzle's lanes or lines, as the links' are."""
        line = self._lines_by_id.get(id(lane))
        return line if line is not None else line_of(trial.lines, lane)

    def _placing(self, trial: Grid, row: Technique, link: Step) -> Step:
        """The step of a technique asked directly (``refind``: it only places) that places what ``link`` does,
        found on ``trial`` with its own words."""
        for step in row.steps(trial):
            if set(link.placements) <= set(step.placements):
                return step
        return link  # never seen: ``refind`` said it is there

    def _simplest(self, trial: Grid, row: Technique, step: Step) -> Step:
        """``step`` under the simplest name that says it here: the first easier technique that finds a step with the
        same changes on this grid (a placement that is also the cell's last candidate is a naked single, not a
        pinpoint), with that technique's words; else ``step`` itself."""
        want = (frozenset(step.placements), frozenset(step.eliminations))
        # a step that only removes candidates from one cell is said as an easier step placing a height there, which
        # removes them all (the reader's grid may show a hidden single the trace did not yet have)
        cells = {c for c, _ in step.eliminations}
        one = next(iter(cells)) if self.placing_simpler and not step.placements and len(cells) == 1 else None
        gone = 0
        for _, m in step.eliminations:
            gone |= m
        for easier in self.techniques:
            if easier.tier >= row.tier or easier.contextual or easier.finisher:
                continue
            found, _, other = self._finds(trial, easier, step)
            if not found:
                continue
            if other is None and easier.refind is not None and not step.eliminations:
                other = self._placing(trial, easier, step)
            if other is not None and other is not step and \
                    (frozenset(other.placements), frozenset(other.eliminations)) == want:
                return other
        if one is None:
            return step
        for easier in self.techniques:
            if easier.tier >= row.tier or easier.contextual or easier.finisher or easier.name == row.name:
                continue
            for other in easier.steps(trial, Memory.narrowed(trial, None if easier.refind is not None else step.lane)):
                placed = dict(other.placements)
                if one in placed and not gone >> (placed[one] - 1) & 1 and len(other.placements) == 1:
                    return other
        return step

    def _took(self, grid: Grid, said: list[Step], step: Step) -> tuple[tuple[int, int, int, bool], ...]:
        """For a single (its row's ``single``), which of the links said so far took each
        candidate it rests on (its row's ``needs``) that ``grid``, the grid before the step, still held: (link
        number, cell, candidates, filled) in link order, ``filled`` when a link placed another height there. The
        reader's grid is ``grid`` and what the links said, so every one was taken by a link said before it."""
        row = self.by_name.get(step.technique)
        if row is None or not row.single or len(step.placements) != 1:
            return ()
        masks, values = grid.masks, grid.values
        out: list[tuple[int, int, int, bool]] = []
        for c, m in row.needs(step, self.n).items():
            m &= masks[c]
            if values[c] or not m:
                continue
            for k, link in enumerate(said):
                if not m:
                    break
                took = 0
                for x, gone in link.eliminations:
                    if x == c:
                        took |= gone & m
                filled = any(x == c for x, _ in link.placements)
                if filled:
                    took = m
                if took:
                    out.append((k, c, took, filled))
                    m &= ~took
        return tuple(sorted(out))

    @staticmethod
    def _crossed(trial: Grid, step: Step, whole: bool, said: bool = True, took: tuple = ()):
        """``step`` as the reader's grid takes it: its changes (``whole``; else its placements alone, for a link of a
        technique asked directly, whose other changes were cross-outs), with each height it places crossed out of
        every cell of its row and column that still holds it, said in the same link (with ``took``: ``joined``)."""
        if step.supposition or not whole:
            elims: tuple = ()
        else:
            elims = step.eliminations
        if not step.placements:
            if whole:
                return step
            if not said:
                return _Changes(step.technique, elims, ())
            return Step(step.technique, step.sentence, step.lane, step.clue, step.cells, elims, premises=step.premises)
        masks, peers = trial.masks, shape(trial.n).peers
        if len(step.placements) == 1:  # most links: one height, crossed out of its peers (never the cell itself)
            c, d = step.placements[0]
            bit = 1 << (d - 1)
            cross = tuple([(x, bit) for x in peers[c] if masks[x] & bit])
        else:
            placed = {c for c, _ in step.placements}
            cross = tuple((x, 1 << (d - 1)) for c, d in step.placements for x in peers[c]
                          if x not in placed and masks[x] & (1 << (d - 1)))
        if not said:  # only applied, never shown: the changes alone
            return _Changes(step.technique, tuple(elims) + cross, step.placements)
        return joined(step, elims, cross, trial.n, took)

    def _finds(self, grid: Grid, row: Technique, link: Step) -> tuple[bool, Conflict | None, Step | None]:
        """Does ``row`` find ``link`` on ``grid`` (looking everywhere afresh)? And the contradiction it
        met instead, if it met one (the grid was broken before this link)."""
        self.check_time()
        masks = grid.masks
        want_placed = set(link.placements)
        crossed = dict(link.crossed)  # a joined cross-out (forcing.fold) follows from the placement by sudoku's rule
        want_gone = [(c, m & ~crossed.get(c, 0) & masks[c]) for c, m in link.eliminations]
        values = grid.values
        if all(values[c] == d for c, d in want_placed) and not any(m for _, m in want_gone):
            return True, None, None  # nothing left for it to say here (a cross-out said with its placement)
        if row.refind is not None:  # a technique that only places, asked directly (its table row's ``refind``)
            return row.refind(grid, link) and not any(m for _, m in want_gone), None, None
        # a lane technique looks only at the link's lane (another may break first), afresh
        try:
            for step in row.steps(grid, Memory.narrowed(grid, link.lane)):
                if not want_placed <= set(step.placements):
                    continue
                gone: dict[int, int] = {}
                for c, m in step.eliminations:
                    gone[c] = gone.get(c, 0) | m
                if all(not m & ~gone.get(c, 0) for c, m in want_gone):
                    return True, None, step
        except Contradiction as e:
            return False, e.conflict, None
        return False, None, None
