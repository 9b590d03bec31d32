"""What to show of a solve: frames of the grid, one at the start and one after each step.

The drawing code (terminal, HTML, SVG, Markdown) reads these and decides only *how* to draw.
A Frame holds the whole grid right after its step -- each cell's placed height or candidates --
plus what the step changed and where to look:

    masks, values   candidates per cell and placed heights (0 = open) after the step
    eliminated      (cell, candidates removed), struck through by the drawings
    placed          (cell, height), highlighted
    lane, side      the cells of the lane the step read (outlined) and which side its clue is on
    cells           the cells the step looked at (tinted)
    broken          cells left with no candidates, or given a height they could not hold
    chains          forcing: each supposition as its own frames, from the grid before the step
                    to the contradiction (or to the end of the branch)

Replaying never raises: a step that breaks the grid is drawn as it left it, with the broken
cells marked, and the replay of that sequence stops there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..model import cands
from ..model.grid import Conflict, Grid, cell_name, onto
from ..puzzle import Puzzle
from ..model.trace import Pass, Result, Step
from ..model.words import joined

SIDES = ("upper", "lower", "left", "right")


@dataclass(frozen=True)
class Frame:
    number: int  # 0 for the start, then 1, 2, ... in solve order (within a chain: 1 the supposition, then 2,
    # 3, ... for its links L1, L2, ..., as the step's ``reads`` number them: L(number - 1))
    title: str  # "Start", "Pass 2, step 3"
    masks: tuple[int, ...]
    values: tuple[int, ...]
    step: Step | None = None
    pass_number: int | None = None
    eliminated: tuple[tuple[int, int], ...] = ()
    placed: tuple[tuple[int, int], ...] = ()
    lane: tuple[int, ...] = ()
    side: str | None = None  # the side of the clue the step read, if any
    line: int | None = None  # which row or column that clue stands at (0-based)
    cells: tuple[int, ...] = ()
    broken: tuple[int, ...] = ()
    chains: tuple["Chain", ...] = ()

    @property
    def technique(self) -> str | None:
        return self.step.technique if self.step else None

    @property
    def sentence(self) -> str:
        return self.step.reason if self.step else ""

    def where(self, n: int) -> str:
        return self.step.where(n) if self.step else ""

    def changes(self, n: int) -> str:
        return self.step.changes(n) if self.step else ""

    def changed(self) -> tuple[int, ...]:
        """The cells this step changed, in grid order."""
        return tuple(sorted({c for c, _ in self.eliminated} | {c for c, _ in self.placed}))


SNAPSHOT_EVERY = 6  # a forcing chain shows the reader's grid this often (and at its start and end): readers asked for more
# than every 10 links, keeping the grid by hand over 25-37 links


@dataclass(frozen=True)
class Chain:
    """One supposition of a forcing step, followed to its end."""

    title: str  # "suppose R2C3 is 2"
    frames: tuple[Frame, ...]  # the grid before the supposition, then one frame per link
    end: str  # "contradiction: R4C4 has no candidates left", or how the branch ends
    contradiction: bool
    at_end: Frame | None = None  # the last grid with the place of the contradiction marked, when no link broke a cell
    reads: tuple[int, ...] = ()  # the links (0 the supposition) whose changes the contradiction reads

    @property
    def links(self) -> int:
        """How many links the chain shows after its supposition: the count every output gives."""
        return len(self.frames) - 2

    def snapshots(self, every: int = SNAPSHOT_EVERY) -> tuple[int, ...]:
        """After which links the reader is shown the grid they should hold (0: the supposition): under the
        supposition, every ``every`` links, and at the end, so that nobody has to copy or keep the grid by hand.
        A chain of at most 2 links is shown once, at its start."""
        last = self.links
        if last <= 2:
            return (0,)
        points = set(range(0, last, every)) | {last}
        if last - max(p for p in points if p < last) < every // 2 and last > every:
            points.discard(max(p for p in points if p < last))  # no two snapshots a few links apart
        return tuple(sorted(points))

    def changed_by(self, k: int) -> tuple[int, ...]:
        """The cells the chain has changed up to and with link ``k`` (0: the supposition)."""
        before, after = self.frames[0], self.frames[k + 1]
        return tuple(i for i in range(len(before.masks))
                     if before.masks[i] != after.masks[i] or before.values[i] != after.values[i])


@dataclass(frozen=True)
class PassView:
    number: int
    kind: str
    title: str  # "Pass 3: sudoku, 4 steps"
    frames: tuple[Frame, ...]
    changed: tuple[int, ...]  # cells whose candidates or placed height differ between before and after the pass

    @property
    def after(self) -> Frame:
        return self.frames[-1]


@dataclass(frozen=True)
class View:
    puzzle: Puzzle
    start: Frame
    passes: tuple[PassView, ...]
    status: str
    grade: str | None
    counts: dict[str, int]
    message: str = ""
    backtracked: bool = False
    solution: tuple[tuple[int, ...], ...] | None = None
    seconds: float = 0.0
    complete: bool = True  # False when a step broke the grid and the replay stopped there
    solutions: tuple[tuple[tuple[int, ...], ...], ...] = ()  # ambiguous: two solutions that differ

    @property
    def unknown(self) -> list[str]:
        """Technique names in the trace that ascent does not have (an edited or foreign trace)."""
        from ..techniques import TIER  # the techniques (and backtrack) the engine knows

        return [t for t in technique_names(self) if t not in TIER]

    @property
    def frames(self) -> list[Frame]:
        """The start, then every step's frame in solve order (Frame.number is the index here)."""
        return [self.start] + [f for p in self.passes for f in p.frames]

    @property
    def final(self) -> Frame:
        return self.passes[-1].after if self.passes else self.start

    @property
    def step_count(self) -> int:
        return sum(len(p.frames) for p in self.passes)

    def frame(self, number: int) -> Frame:
        frames = self.frames
        if not 0 <= number < len(frames):
            raise IndexError(f"step {number} does not exist: this solve has steps 0 (the start) to {len(frames) - 1}")
        return frames[number]


# ---------------------------------------------------------------------------- building
def lane_of(step: Step, n: int) -> tuple[tuple[int, ...], str | None, int | None]:
    """The cells of the row or column a step read (in grid order), the side of its clue (None for a
    whole line, or when it read no clue), and the line's index: from the step's ``lane`` field."""
    lane = step.lane
    if lane is None or not 0 <= lane.index < n:
        return (), None, None
    cells = tuple(sorted(lane.cells))
    return cells, (lane.side if step.clue else None), lane.index


def _apply(masks: list[int], values: list[int], step: Step) -> tuple[int, ...]:
    """Apply a step the way Grid.apply does, but never raise: return the cells it broke (``grid.onto``)."""
    return onto(masks, step, values)


def _frame(number: int, title: str, step: Step, masks: list[int], values: list[int], n: int,
           pass_number: int | None, chains: tuple[Chain, ...] = ()) -> Frame:
    broken = _apply(masks, values, step)
    lane, side, line = lane_of(step, n)
    return Frame(number, title, tuple(masks), tuple(values), step, pass_number,
                 tuple(step.eliminations), tuple(step.placements), lane, side, line, tuple(step.cells), broken, chains)


def link_names(reads) -> str:
    """Link numbers as a reader says them: 'L2', 'L2 and L5', 'L1, L2 and L5' (L0 is the supposition)."""
    return joined(f"L{k}" for k in reads)


def is_supposition(step: Step | None) -> bool:
    """A link that starts a branch of a forcing chain: marked by its ``supposition`` field."""
    return step is not None and step.supposition


def chains_of(step: Step, masks: Sequence[int], values: Sequence[int], n: int) -> tuple[Chain, ...]:
    """A forcing step's chain (or each of its branches), replayed from the grid before the step."""
    if step.chain:
        groups: tuple[tuple[Step, ...], ...] = (step.chain,)
    elif step.branches:
        groups = step.branches
    else:
        return ()
    out = []
    for links in groups:
        ms, vs = list(masks), list(values)
        frames = [Frame(0, "before the supposition", tuple(ms), tuple(vs))]
        broke: tuple[int, ...] = ()
        at_end = None
        for k, link in enumerate(links, 1):
            f = _frame(k, f"L{k - 1}" if k > 1 else "the supposition", link, ms, vs, n, None)
            frames.append(f)
            if f.broken:
                broke = f.broken
                break
        title = "the chain"
        if links and is_supposition(links[0]) and len(links[0].placements) == 1:  # from its fields, not its sentence
            (c, d), = links[0].placements
            title = f"suppose {cell_name(c, n)} is {d}"
        if step.contradiction is not None:
            told = f", from {link_names(step.reads)}" if step.chain and step.reads else ""
            end, contradiction = f"contradiction{told}: {step.contradiction.text(n)}", True
            if not broke:  # an easier technique saw the contradiction itself: mark where
                at_end = _contradiction_frame(frames[-1], step.contradiction, n)
        elif broke:
            what = ", ".join(f"{cell_name(c, n)} has no candidates left" if not ms[c] else
                             f"{cell_name(c, n)} cannot hold {vs[c]}" for c in broke)
            end, contradiction = f"contradiction: {what}", True
        else:
            end, contradiction = "this branch ends here; every branch removes the same candidates", False
        out.append(Chain(title, tuple(frames), end, contradiction, at_end, step.reads if step.chain else ()))
    return tuple(out)


def _contradiction_frame(last: Frame, conflict: Conflict, n: int) -> Frame | None:
    """The chain's last frame, with the lane, line or cells that show the contradiction marked."""
    cells = tuple(c for c in conflict.cells if 0 <= c < n * n)
    lane = conflict.lane
    if lane is not None and 0 <= lane.index < n:
        outline: tuple[int, ...] = tuple(sorted(lane.cells))
    elif cells or lane is None:
        outline = ()
    else:
        return None
    if not outline and not cells:
        return None
    return Frame(last.number, "the contradiction", last.masks, last.values, last.step, None, last.eliminated,
                 last.placed, outline, None, None, cells if lane is not None else last.cells,
                 () if lane is not None else cells)


def plural(k: int, one: str, many: str | None = None) -> str:
    return f"{k} {one if k == 1 else (many or one + 's')}"


def pass_title(p: Pass) -> str:
    """'Pass 3: pinpoint, 4 steps (and sudoku, 6)': a pass is one technique's work (Tatham's restart
    rule; the finisher's too), with the sudoku steps that cross out what it placed."""
    own = sum(1 for s in p.steps if s.technique == p.kind)
    after: dict[str, int] = {}
    for s in p.steps:
        if s.technique != p.kind:
            after[s.technique] = after.get(s.technique, 0) + 1
    tail = "".join(f" (and {t}, {k})" for t, k in after.items())
    return f"Pass {p.number}: {p.kind}, {plural(own, 'step')}{tail}"


class Replay:
    """``build``, a step at a time: the frames of a solve as its steps come (the web app shows the walk-through while
    the engine solves). ``add`` replays the steps of the passes not replayed yet: a solve's passes, as a list that only
    grows, whose passes only grow (with or without the passes that have no steps)."""

    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle
        grid = Grid.start(puzzle)
        self.masks, self.values = list(grid.masks), list(grid.values)
        self.start = Frame(0, "Start", tuple(self.masks), tuple(self.values))
        self.passes: list[PassView] = []
        self.number = 0
        self.complete = True  # False once a step broke the grid: the replay stops there
        self._done: dict[int, Pass] = {}  # the passes replayed whole (a later one has begun), by id (kept alive here)
        self._open: tuple[Pass, tuple, list[Frame]] | None = None  # the last pass begun: its grid before, its frames

    def add(self, passes: Sequence[Pass]) -> None:
        n = self.puzzle.size
        for p in passes:
            if not self.complete:
                return
            if id(p) in self._done:
                continue
            if self._open is None or self._open[0] is not p:
                if self._open is not None:
                    self._done[id(self._open[0])] = self._open[0]
                self._open = (p, tuple(zip(self.masks, self.values)), [])
            _, before, frames = self._open
            for k in range(len(frames) + 1, len(p.steps) + 1):
                step = p.steps[k - 1]
                self.number += 1
                chains = chains_of(step, self.masks, self.values, n)
                f = _frame(self.number, f"Pass {p.number}, step {k}", step, self.masks, self.values, n, p.number, chains)
                frames.append(f)
                if f.broken:
                    self.complete = False
                    break
            if frames:
                changed = tuple(j for j, was in enumerate(before) if was != (self.masks[j], self.values[j]))
                shown = PassView(p.number, p.kind, pass_title(p), tuple(frames), changed)
                if self.passes and self.passes[-1].frames[0] is frames[0]:
                    self.passes[-1] = shown
                else:
                    self.passes.append(shown)


def build(result: Result, replay: Replay | None = None) -> View:
    """Replay a solve from its starting grid and keep a frame after every step (``replay``: one that has replayed the
    first steps of this very solve, as they came, to finish)."""
    replay = replay or Replay(result.puzzle)
    replay.add(result.passes)
    solutions = tuple(tuple(tuple(r) for r in sol) for sol in (result.solutions or ()))
    return View(result.puzzle, replay.start, tuple(replay.passes), result.status, result.grade, dict(result.counts),
                result.message, result.backtracked, result.solution, result.seconds, replay.complete, solutions)


def grade_text(view: View) -> str:
    """'forcing (tier T of N)': the grade and where it sits among the techniques (the numbers read from
    ascent.techniques.TABLE); backtracking stands beyond them."""
    from ..techniques import TABLE  # the one ordered list of techniques, the finisher last

    if not view.grade:
        return "-"
    logic = [t for t in TABLE if not t.finisher]
    row = next((t for t in TABLE if t.name == view.grade), None)
    if row is None:
        return view.grade
    if row.finisher:
        return f"{view.grade} (beyond the {len(logic)} techniques)"
    return f"{view.grade} (tier {row.tier} of {len(logic)})"


def frame_of_solution(rows: Sequence[Sequence[int]], title: str, cells: tuple[int, ...] = ()) -> Frame:
    """A solution as a frame to draw (every height placed), ``cells`` marked."""
    values = tuple(h for row in rows for h in row)
    return Frame(0, title, tuple(cands.bit(h) for h in values), values, cells=cells)


def technique_names(view: View) -> list[str]:
    """Every technique the solve used, easiest first as the engine orders them (others after)."""
    from ..techniques import TABLE  # the tier order, the finisher last

    used = {f.technique for f in view.frames if f.technique}
    used |= {link.technique for f in view.frames for c in f.chains for link in (x.step for x in c.frames) if link}
    order = [t.name for t in TABLE]
    return sorted(used, key=lambda t: (order.index(t) if t in order else len(order), t))


def cells_text(frame: Frame, n: int) -> list[list[str]]:
    """Each cell as text: the placed height, or its candidates as [135] ([] when none are left)."""
    out = []
    for r in range(n):
        row = []
        for c in range(n):
            i = r * n + c
            v = frame.values[i]
            row.append(cands.show(cands.bit(v)) if v else ("[" + cands.show(frame.masks[i]).strip("[]") + "]"))
        out.append(row)
    return out
