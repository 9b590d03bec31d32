"""Memory: what one solve's techniques remember of where they have looked, so that each looks again only
where something has changed since.

The rules, for whoever changes a technique or the pass loop:

What is remembered
    looked   (technique, place) -> the grid's stamp when that technique looked at that place and found
             nothing (``found_nothing``). A place is a line or lane number, or nothing (the whole grid).
    read     technique -> how far it has read the grid's log of changed cells (``placed_since``,
             ``open_since``; ``read_all`` once it has acted on them).
    empty    looks that found nothing, keyed by all that the look read (fish: its name, the direction, the
             height, where that height can go and where it is placed, line by line). Unlike ``looked`` these
             hold in any grid: the same key, the same nothing. So a solve and its suppositions' trials share
             them (``copy``), and their user bounds them (fish: ``NOTHING_KEPT``, all forgotten at once).
    lines, lanes
             where the techniques look: the puzzle's rows and columns (``Grid.lines``) and both lanes of
             each, or only one lane or line (``narrowed``, for checking one link of a chain).

When a note stops counting
    Nothing in ``looked`` or ``read`` is ever cleared. A note is read against the grid's own record of its
    changes (``changed_at``, ``line_changed``, ``line_placed``, the log), which only ``Grid.apply`` writes: a
    place is *quiet* while none of what the technique reads there has changed since its note, and then looking
    again would find nothing again (each technique's docstring says what it reads). So a note only ever saves a
    look: a memory that knows nothing (``Memory(grid)``) gives the same steps, more slowly. The notes are about
    one grid and the copies made from it (``fork``), which share its stamps and only lose candidates.

Who writes
    Only techniques, each under keys that begin with its own name, through ``found_nothing`` and
    ``read_all`` (pinpoint and peak bounds write ``looked`` themselves in their hot loops: the same note;
    fish writes ``empty``).
    Techniques never write to the grid: they yield steps, and the pass loop applies them (``Grid.apply``).

Whose it is
    One solve's. ``engine.solve`` makes it with the grid and hands it to the pass loop, which hands it to
    every technique; a supposition's trial starts from a copy (``fork``), so the trial's notes of where it
    looked never reach the solve's (its ``empty`` looks do: they hold in any grid). It is gone with the solve:
    nothing here is shared between solves. (The tables kept between solves -- ``lanes``, ``propagate`` --
    are a pure function's answers, bounded, held in ``model.kept.KEPT`` and forgotten by one call,
    ``engine.forget``, only to time a solve as the first of its kind.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model.grid import line_of

if TYPE_CHECKING:
    from ..model.grid import Grid, Lane, Line


class Memory:
    """One solve's notes of where its techniques looked (see the module docstring for the rules)."""

    __slots__ = ("lines", "lanes", "looked", "read", "empty")

    def __init__(self, grid: "Grid"):
        self.lines = grid.lines  # where the line techniques look (rows first, then columns)
        self.lanes = grid.lanes  # where the lane techniques look: lane j lies on line j // 2
        self.looked: dict = {}  # (technique, place) -> the stamp when it last looked there and found nothing
        self.read: dict = {}  # key -> how many changes of the grid's log it has read
        self.empty: set = set()  # looks that found nothing, keyed by all they read: true in any grid

    @classmethod
    def narrowed(cls, grid: "Grid", lane: "Lane | Line | None") -> "Memory":
        """A memory that knows nothing and looks only at ``lane`` (a Lane: that lane; a Line: its two lanes)
        and its line; the whole grid when ``lane`` is None or not one of the grid's (a trace read back names
        an equal one, which is found). Its places are numbered within what it looks at, so it is for one
        look: its notes say nothing about the whole grid."""
        memory = cls(grid)
        if lane is None:
            return memory
        line = line_of(grid.lines, lane)
        if line is None:
            return memory
        memory.lines = (line,)
        memory.lanes = (line.front, line.back) if lane.side is None else (lane,)
        return memory

    def copy(self) -> "Memory":
        """The same notes, to go on apart (a supposition's trial)."""
        other = Memory.__new__(Memory)
        other.lines, other.lanes = self.lines, self.lanes
        other.looked, other.read = dict(self.looked), dict(self.read)
        other.empty = self.empty  # shared: a key found nothing in any grid (fish's, by the height's pattern)
        return other

    def fork(self, grid: "Grid") -> tuple["Grid", "Memory"]:
        """A copy of ``grid`` to suppose on, with the part of its change log these notes still read, and a
        copy of these notes for it."""
        end = grid.log_end()
        return grid.copy(since=min(self.read.values(), default=end)), self.copy()

    # ------------------------------------------------------------------ is looking again worth it?
    def quiet(self, grid: "Grid", key, cells) -> bool:
        """True when ``key`` (a technique and a place) found nothing there before and none of ``cells``
        has changed since: looking again would find nothing again."""
        last = self.looked.get(key)
        if last is None:
            return False
        changed_at = grid.changed_at
        for c in cells:
            if changed_at[c] > last:
                return False
        return True

    def quiet_line(self, grid: "Grid", key, k: int) -> bool:
        """``quiet`` for a whole line: ``k`` counts rows first, then columns (the order of ``lines``;
        lane j of ``lanes`` lies on line j // 2)."""
        last = self.looked.get(key)
        return last is not None and grid.line_changed[k] <= last

    def found_nothing(self, grid: "Grid", key) -> None:
        """Note that ``key`` looked and found nothing, as of now."""
        self.looked[key] = grid.stamp

    # ------------------------------------------------------------------ reading the grid's changes
    def placed_since(self, grid: "Grid", key) -> list[int]:
        """The placed cells changed since ``key`` last read every change (``read_all``), each once and in
        order; every placed cell the first time."""
        return grid.changed_since(self.read.get(key), True)

    def open_since(self, grid: "Grid", key) -> list[int]:
        """``placed_since`` for the open cells."""
        return grid.changed_since(self.read.get(key), False)

    def read_all(self, grid: "Grid", key) -> None:
        """Note that ``key`` has read every change of the grid so far."""
        self.read[key] = grid.log_end()
