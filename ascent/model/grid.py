"""Grid: one candidate bitmask per cell, one writer (``apply``), and the lanes of a size.

Cells are flat indices ``r*n + c``; people only see ``R2C3``.
A *lane* is a row or column seen from one clue: its cells ordered outward from that clue.
A *line* is a row or column without a direction (for the Latin rules).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import filterfalse
from operator import itemgetter
from typing import Any, Callable, Protocol

from . import cands
from .kept import KEPT, SIZES

# A grid is made from a puzzle (``ascent.puzzle.Puzzle``: its size, clues and givens) and takes changes from steps
# (``trace.Step``); it names neither module, so the model imports nothing above it and trace may import grid.
Puzzle = Any


class Change(Protocol):
    """What ``Grid.apply`` reads of a step: who made it, and what it eliminates and places."""

    technique: str
    eliminations: tuple[tuple[int, int], ...]
    placements: tuple[tuple[int, int], ...]


def cell_name(i: int, n: int) -> str:
    return f"R{i // n + 1}C{i % n + 1}"


@dataclass(frozen=True, slots=True)
class Lane:
    """A row or column read outward from one clue (``clue`` 0 = no clue on that side)."""

    side: str  # upper, lower, left, right: where the clue stands
    index: int  # which row or column, 0-based
    cells: tuple[int, ...]
    clue: int

    @property
    def kind(self) -> str:
        return "column" if self.side in ("upper", "lower") else "row"

    @property
    def name(self) -> str:
        frm = {"upper": "the top", "lower": "the bottom", "left": "the left", "right": "the right"}[self.side]
        return f"{self.kind} {self.index + 1} from {frm}"


@dataclass(frozen=True, slots=True)
class Line:
    """A whole row or column, read left to right or top to bottom, with the clue at each end: the one
    representation of a line, for the traced techniques and the fast core (``propagate``) alike.

    ``read(masks)`` gives its cells' candidates in order (``operator.itemgetter``); ``crossing[p]`` is the
    number of the line through its p-th cell the other way (rows 0..n-1, then columns n..2n-1)."""

    kind: str  # row or column
    index: int
    cells: tuple[int, ...]
    front: Lane  # seen from the left / top
    back: Lane  # seen from the right / bottom
    read: Callable[[list[int]], tuple[int, ...]] = field(compare=False, repr=False)
    crossing: tuple[int, ...] = field(compare=False, repr=False)

    side = None  # a line is read from no side: a step that names it reads the whole row or column

    @property
    def name(self) -> str:
        return f"{self.kind} {self.index + 1}"


def place_of(lines: tuple[Line, ...], kind: str, index: int, side: str | None) -> "Lane | Line":
    """The lane (with a side) or the whole line (side None) of a puzzle's ``lines_of``, from its fields:
    how a saved trace names it. ``index`` counts from 0; the side must be one of the line's two."""
    line = lines[index if kind == "row" else len(lines) // 2 + index]
    if side is None:
        return line
    return line.front if side == line.front.side else line.back


@dataclass(frozen=True, slots=True)
class Conflict:
    """Where and why a grid cannot be completed, as data: the cells that show it, the lane or line
    it lies in and the height it is about (when there is one), and ``why`` in words."""

    why: str
    cells: tuple[int, ...] = ()
    lane: "Lane | Line | None" = None
    height: int | None = None

    def where(self, n: int) -> str:
        if self.lane is not None:
            return self.lane.name
        if len(self.cells) == 1:
            return cell_name(self.cells[0], n)
        return "the grid"

    def text(self, n: int) -> str:
        return f"{self.where(n)}: {self.why}"


def onto(masks: list[int], step: Change, values: list[int] | None = None) -> tuple[int, ...]:
    """A step's changes written onto raw candidate masks (and placed heights, given ``values``): the one replay
    outside ``Grid.apply``, used where a grid's bookkeeping is not wanted (the view's frames, the minimizer's
    look for a first broken line, a chain's cross-outs). An elimination clears its candidates; a placement leaves
    only its height. Never raises: returns the cells the step broke (left empty, or given a height they did not
    hold), each once; a cell outside the grid (a trace read from a file) is passed over."""
    size = len(masks)
    broken = []
    for cell, m in step.eliminations:
        if 0 <= cell < size:
            masks[cell] &= ~m
            if not masks[cell]:
                broken.append(cell)
    for cell, d in step.placements:
        if 0 <= cell < size:
            b = 1 << (d - 1)
            if not masks[cell] & b:
                broken.append(cell)
            masks[cell] = b
            if values is not None:
                values[cell] = d
    return tuple(dict.fromkeys(broken))


@dataclass(frozen=True)
class Shape:
    """Everything about a size that never changes: rows, columns, peers."""

    n: int
    rows: tuple[tuple[int, ...], ...]
    cols: tuple[tuple[int, ...], ...]
    peers: tuple[tuple[int, ...], ...]


@KEPT.cache("grid.shape", 32, SIZES)
def shape(n: int) -> Shape:
    rows = tuple(tuple(r * n + c for c in range(n)) for r in range(n))
    cols = tuple(tuple(r * n + c for r in range(n)) for c in range(n))
    peers = tuple(
        tuple(j for j in rows[i // n] + cols[i % n] if j != i) for i in range(n * n)
    )
    return Shape(n, rows, cols, peers)


def lines_of(puzzle: Puzzle) -> tuple[Line, ...]:
    """Rows first, then columns, each with both of its lanes."""
    return lines_from(puzzle.size, puzzle.upper, puzzle.lower, puzzle.left, puzzle.right)


def lines_from(n: int, upper, lower, left, right) -> tuple[Line, ...]:
    """``lines_of`` from the clues on each side (n numbers each, 0 = none)."""
    return tuple([_line(n, "row", r, left[r], right[r]) for r in range(n)] +
                 [_line(n, "column", c, upper[c], lower[c]) for c in range(n)])


def line_of(lines: tuple[Line, ...], lane: "Lane | Line") -> Line | None:
    """The line of ``lines`` that ``lane`` (a Lane or a Line) lies in, or None: the very object first (a
    step found on these lines names it), else an equal one (a trace read back from its JSON)."""
    for line in lines:
        if lane is line or lane is line.front or lane is line.back:
            return line
    for line in lines:
        if lane == line or lane == line.front or lane == line.back:
            return line
    return None


def lines_through(n: int, cell: int) -> tuple[int, int]:
    """The numbers of the row and the column through ``cell`` (rows 0..n-1, then columns n..2n-1)."""
    return cell // n, n + cell % n


@KEPT.cache("grid._line", 8192, SIZES)  # lanes never change: a puzzle's lines are shared with every puzzle with the same clues there
def _line(n: int, kind: str, index: int, front: int, back: int) -> Line:
    sh = shape(n)
    cells = sh.rows[index] if kind == "row" else sh.cols[index]
    read = itemgetter(*cells) if n > 1 else (lambda masks, x=cells[0]: (masks[x],))
    if kind == "row":
        return Line(kind, index, cells, Lane("left", index, cells, front), Lane("right", index, cells[::-1], back),
                    read, tuple(range(n, 2 * n)))
    return Line(kind, index, cells, Lane("upper", index, cells, front), Lane("lower", index, cells[::-1], back),
                read, tuple(range(n)))


class Contradiction(Exception):
    """The grid cannot be completed: a cell ran out of candidates, or a lane has no way to be filled.

    ``conflict`` holds it as data (cells, lane, height, why); the message is made from it.
    """

    def __init__(self, conflict: Conflict, n: int):
        self.conflict = conflict
        super().__init__(conflict.text(n))


class Grid:
    """Candidates per cell plus which cells are placed, and the record of when each changed. Change it only
    through ``apply``: techniques read it and yield steps, and what they remember of where they looked is
    the solve's ``Memory`` (``ascent.techniques.memory``), read against this record.

        masks, values   the candidates of each cell, and its height once placed (0 while open)
        lines, lanes    the puzzle's rows then columns (``lines_of``), and both lanes of each: fixed
        stamp           how many steps have been applied
        changed_at      per cell, the stamp of its last change
        line_changed    per line (rows, then columns), the stamp of its last change
        line_placed     per line, the stamp of its last placement
        log, log_base   each cell again whenever a step changes it, after the first ``log_base`` changes
                        (a copy keeps only the part its memory still reads: ``Memory.fork``)
    """

    __slots__ = ("puzzle", "n", "masks", "values", "lines", "lanes", "stamp", "changed_at", "log", "log_base",
                 "line_changed", "line_placed")

    def __init__(self, puzzle: Puzzle, masks: list[int], values: list[int], lines: tuple[Line, ...]):
        self.puzzle = puzzle
        self.n = puzzle.size
        self.masks = masks
        self.values = values
        self.lines = lines
        self.lanes = tuple([lane for line in lines for lane in (line.front, line.back)])
        self.stamp = 0
        self.changed_at = [0] * len(masks)
        self.log: list[int] = []
        self.log_base = 0
        self.line_changed = [0] * (2 * self.n)
        self.line_placed = [0] * (2 * self.n)  # (peak bounds reads only placed heights: a lane where it found
        # nothing waits for a placement in its line)

    @classmethod
    def start(cls, puzzle: Puzzle) -> "Grid":
        """Full candidates everywhere, givens placed. Givens are the starting point, not steps."""
        f = cands.full(puzzle.size)
        values = [v for row in puzzle.givens for v in row]
        return cls(puzzle, [cands.bit(v) if v else f for v in values], values, lines_of(puzzle))

    def copy(self, since: int | None = None) -> "Grid":
        """A grid to change apart from this one (a supposition), with the change log from the point ``since``
        on (none of it when None: a reader of the copy's log then reads it from the copy's making)."""
        g = Grid.__new__(Grid)  # not through __init__: the lanes are this grid's, made once from the same lines
        g.puzzle, g.n, g.lines, g.lanes = self.puzzle, self.n, self.lines, self.lanes
        g.masks, g.values = self.masks[:], self.values[:]
        g.stamp, g.changed_at = self.stamp, self.changed_at[:]
        end = self.log_base + len(self.log)
        start = end if since is None else since
        g.log, g.log_base = self.log[start - self.log_base:], start
        g.line_changed = self.line_changed[:]
        g.line_placed = self.line_placed[:]
        return g

    # ------------------------------------------------------------------ the one writer
    def apply(self, step: Change) -> None:
        masks, changed_at, n = self.masks, self.changed_at, self.n
        line_changed, line_placed = self.line_changed, self.line_placed
        self.stamp = now = self.stamp + 1
        log = self.log.append
        for cell, m in step.eliminations:
            new = masks[cell] & ~m
            if not new:
                raise Contradiction(Conflict(f"no candidates left after {step.technique}", (cell,)), n)
            masks[cell] = new
            # the cell's row and column (``lines_through``, inlined: every step comes through here)
            changed_at[cell] = line_changed[cell // n] = line_changed[n + cell % n] = now
            log(cell)
        for cell, d in step.placements:
            b = 1 << (d - 1)  # cands.bit, inlined: every step comes through here
            if not masks[cell] & b:
                raise Contradiction(Conflict(f"{step.technique} places {d}, which it cannot hold", (cell,), None, d), n)
            masks[cell] = b
            self.values[cell] = d
            changed_at[cell] = line_changed[cell // n] = line_changed[n + cell % n] = now
            line_placed[cell // n] = line_placed[n + cell % n] = now
            log(cell)

    # ------------------------------------------------------------------ the change log
    def changed_since(self, start: int | None, placed: bool) -> list[int]:
        """The placed (``placed``) or open cells changed after the first ``start`` changes, each once and in
        order; every such cell when ``start`` is None. (``Memory.placed_since`` and ``open_since``.)"""
        pick = filter if placed else filterfalse
        if start is None:
            return list(pick(self.values.__getitem__, range(len(self.masks))))
        if start < self.log_base:
            raise ValueError(f"the change log starts after change {self.log_base}, not {start}: copy it with Memory.fork")
        if start == self.log_base + len(self.log):
            return []
        return sorted(pick(self.values.__getitem__, set(self.log[start - self.log_base:])))

    def log_end(self) -> int:
        """How many changes the grid has had: the point a reader that has read them all has reached."""
        return self.log_base + len(self.log)

    # ------------------------------------------------------------------ reading
    def name(self, cell: int) -> str:
        return cell_name(cell, self.n)

    def solved(self) -> bool:
        return all(self.values)

    def rows(self) -> tuple[tuple[int, ...], ...]:
        n = self.n
        return tuple(tuple(self.values[r * n : (r + 1) * n]) for r in range(n))

    def snapshot(self) -> tuple[int, ...]:
        return tuple(self.masks)
