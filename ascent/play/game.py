"""The rich game's state: placed heights, pencil marks, undo/redo, check, hints, save and resume.

No terminal here: ``ascent/play/session.py`` turns typed commands into moves on a Game,
``ascent/cli/playing.py`` reads them and draws the board (``ascent/play/board.py``), and tests
drive a Game directly. Rows and columns count from 1 in everything a player sees; cells are
flat indices ``r*n + c`` inside.

A cell's pencil marks are the heights the player still allows there (0 = no marks: every
height). Hints read the same grid: placed heights, and marks where there are any.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..model import cands
from ..store import files
from ..puzzle.formats import json_kind
from ..model.grid import Grid, cell_name, onto
from ..tools.hint import DONE, STEP, WRONG, WRONG_MARKS, Hint, hint
from ..puzzle import Puzzle, PuzzleError
from ..model.rules import broken_rule
from ..model.trace import Step
from ..model.words import joined

SAVE_VERSION = 1


class Illegal(ValueError):
    """A move the game refuses, with the reason in words ("R1C1 is a given")."""


class SaveError(ValueError):
    """A save file that cannot be read back."""


@dataclass
class Game:
    puzzle: Puzzle
    values: list[int] = field(default_factory=list)  # 0 = open
    marks: list[int] = field(default_factory=list)  # 0 = no marks
    undo_stack: list[tuple[tuple[int, ...], tuple[int, ...]]] = field(default_factory=list)
    redo_stack: list[tuple[tuple[int, ...], tuple[int, ...]]] = field(default_factory=list)
    hints_used: int = 0
    hints_applied: int = 0
    show_marks: bool = True
    elapsed_before: float = 0.0  # seconds played in earlier sessions
    clock: Callable[[], float] = time.monotonic
    started: float = 0.0
    finished: bool = False  # won, or the solution was shown

    def __post_init__(self) -> None:
        n = self.puzzle.size
        if not self.values:
            self.values = [h for row in self.puzzle.givens for h in row]
        if not self.marks:
            self.marks = [0] * (n * n)
        self.started = self.clock()

    # ------------------------------------------------------------------ reading
    @property
    def n(self) -> int:
        return self.puzzle.size

    def given(self, i: int) -> bool:
        return bool(self.puzzle.givens[i // self.n][i % self.n])

    def elapsed(self) -> float:
        return self.elapsed_before + (self.clock() - self.started)

    def masks(self) -> list[int]:
        """What the player allows per cell: the placed height, the marks, or every height."""
        full = cands.full(self.n)
        return [cands.bit(v) if v else (m or full) for v, m in zip(self.values, self.marks)]

    def grid(self) -> Grid:
        grid = Grid.start(self.puzzle)
        grid.values[:] = self.values
        grid.masks[:] = self.masks()
        return grid

    def open_cells(self) -> int:
        return sum(1 for v in self.values if not v)

    def won(self) -> bool:
        return all(self.values) and broken_rule(self.puzzle, self.rows()) is None

    def rows(self) -> tuple[tuple[int, ...], ...]:
        n = self.n
        return tuple(tuple(self.values[r * n:(r + 1) * n]) for r in range(n))

    # ------------------------------------------------------------------ changing (each change can be undone)
    def _cell(self, r: int, c: int) -> int:
        n = self.n
        if not (1 <= r <= n and 1 <= c <= n):
            raise Illegal(f"rows and columns go from 1 to {n}, not R{r}C{c}")
        return (r - 1) * n + (c - 1)

    def _height(self, h: int) -> int:
        if not 1 <= h <= self.n:
            raise Illegal(f"heights go from 1 to {self.n}, not {h}")
        return h

    def _remember(self) -> None:
        if self.finished:
            raise Illegal("this game is over")
        self.undo_stack.append((tuple(self.values), tuple(self.marks)))
        self.redo_stack.clear()

    def place(self, r: int, c: int, h: int) -> str:
        """Place height h at row r, column c. Returns a note when it repeats a height in its row or column."""
        i, h = self._cell(r, c), self._height(h)
        if self.given(i):
            raise Illegal(f"{cell_name(i, self.n)} is a given: the puzzle fixes its height, so it cannot change")
        self._remember()
        self.values[i] = h
        return self._repeat_note(i, h)

    def _repeat_note(self, i: int, h: int) -> str:
        n = self.n
        r, c = divmod(i, n)
        where = [what for what, cells in (("row", range(r * n, r * n + n)), ("column", range(c, n * n, n)))
                 if any(j != i and self.values[j] == h for j in cells)]
        return f"note: {h} is already in {' and '.join(where)} {r + 1 if where[0] == 'row' else c + 1}" if where else ""

    def conflicts(self) -> tuple[set[int], set[tuple[str, int]]]:
        """What breaks a rule now, as Tatham's game shows it in red: the cells of a height repeated in
        its row or column, and the clues (side, index) of full lines that do not show their clue."""
        from ..core.lanes import visible

        n, p = self.n, self.puzzle
        cells: set[int] = set()
        for i, h in enumerate(self.values):
            if h:
                r, c = divmod(i, n)
                if any(j != i and self.values[j] == h for j in [*range(r * n, r * n + n), *range(c, n * n, n)]):
                    cells.add(i)
        clues: set[tuple[str, int]] = set()
        for k in range(n):
            row = [self.values[k * n + c] for c in range(n)]
            col = [self.values[r * n + k] for r in range(n)]
            for side, clue, line in (("left", p.left[k], row), ("right", p.right[k], row[::-1]),
                                     ("upper", p.upper[k], col), ("lower", p.lower[k], col[::-1])):
                if clue and all(line) and visible(line) != clue:
                    clues.add((side, k))
        return cells, clues

    def erase(self, r: int, c: int) -> None:
        i = self._cell(r, c)
        if self.given(i):
            raise Illegal(f"{cell_name(i, self.n)} is a given: the puzzle fixes its height, so it cannot be erased")
        if not self.values[i] and not self.marks[i]:
            raise Illegal(f"{cell_name(i, self.n)} is already empty")
        self._remember()
        self.values[i] = 0
        self.marks[i] = 0

    def toggle_marks(self, r: int, c: int, heights: list[int]) -> None:
        """Toggle pencil marks: each height is added to the cell's marks, or taken off if there."""
        i = self._cell(r, c)
        if self.given(i):
            raise Illegal(f"{cell_name(i, self.n)} is a given: its height is fixed, so it takes no pencil marks")
        if self.values[i]:
            raise Illegal(f"{cell_name(i, self.n)} holds a height; erase it first to pencil marks in")
        if not heights:
            raise Illegal("which heights? e.g. mark 2 3 14")
        m = self.marks[i]
        for h in heights:
            m ^= cands.bit(self._height(h))
        self._remember()
        self.marks[i] = m

    def undo(self) -> None:
        if not self.undo_stack:
            raise Illegal("nothing to undo")
        self.redo_stack.append((tuple(self.values), tuple(self.marks)))
        values, marks = self.undo_stack.pop()
        self.values, self.marks = list(values), list(marks)

    def redo(self) -> None:
        if not self.redo_stack:
            raise Illegal("nothing to redo")
        self.undo_stack.append((tuple(self.values), tuple(self.marks)))
        values, marks = self.redo_stack.pop()
        self.values, self.marks = list(values), list(marks)

    # ------------------------------------------------------------------ help
    def check(self) -> str:
        """The first placed height that contradicts the unique solution, without saying the right one."""
        h = hint(self.puzzle, self.grid(), level=1)
        if h.kind == WRONG:
            return h.text
        if h.kind in (STEP, WRONG_MARKS, DONE):
            return f"nothing placed is wrong so far ({self.open_cells()} cells open)"
        return h.text  # no unique solution: said as such

    def hint(self, level: int) -> Hint:
        self.hints_used += 1
        return hint(self.puzzle, self.grid(), level)

    def apply(self, h: Hint) -> None:
        """Do what a hint says: apply its step, take out a wrong height, or clear wrong marks."""
        if h.kind == STEP:
            self._apply_step(h.step)
        elif h.kind == WRONG:
            self._remember()
            self.values[h.cell] = 0
        elif h.kind == WRONG_MARKS:
            self._remember()
            self.marks[h.cell] = 0
        else:
            raise Illegal("this hint has nothing to apply")
        self.hints_applied += 1

    def candidates(self, i: int) -> int:
        """The heights a cell may still take at a glance: every height not placed in its row or column
        (what 'fill' pencils in, and what a cell without marks stands for when a hint marks it)."""
        n = self.n
        r, c = divmod(i, n)
        m = cands.full(n)
        for j in (*range(r * n, r * n + n), *range(c, n * n, n)):
            if j != i and self.values[j]:
                m &= ~cands.bit(self.values[j])
        return m

    def fill(self) -> int:
        """Pencil every open cell's candidates (``candidates``), as the browser page's "Fill in every
        candidate" does: marks already there are replaced. The number of cells changed."""
        open_cells = [i for i, v in enumerate(self.values) if not v]
        new = {i: self.candidates(i) for i in open_cells}
        if all(self.marks[i] == m for i, m in new.items()):
            raise Illegal("every open cell already holds its candidates" if open_cells else "no cell is open")
        self._remember()
        changed = 0
        for i, m in new.items():
            changed += self.marks[i] != m
            self.marks[i] = m
        return changed

    def _apply_step(self, step: Step) -> None:
        """A hint's step replayed by the one replay (``grid.onto``) on the marks and placed heights. A cell
        without marks stands for its candidates, never for heights its row or column holds: an open cell the
        step crosses out in is given them first. A cell that already holds a height keeps its marks as they
        are, and a cell the step places loses its marks."""
        self._remember()
        was_open = [not v for v in self.values]
        masks = list(self.marks)
        for i, _ in step.eliminations:
            if 0 <= i < len(masks) and was_open[i] and not masks[i]:
                masks[i] = self.candidates(i)
        onto(masks, step, self.values)
        for i, m in enumerate(masks):
            if was_open[i]:
                self.marks[i] = m
        for i, _ in step.placements:
            self.marks[i] = 0

    # ------------------------------------------------------------------ save and resume
    def to_dict(self) -> dict:
        return {
            "version": SAVE_VERSION,
            "puzzle": self.puzzle.to_record(),
            "label": self.puzzle.source.label if self.puzzle.source else None,
            "values": self.values,
            "marks": [cands.digits(m) for m in self.marks],
            "undo": [[list(v), [cands.digits(m) for m in ms]] for v, ms in self.undo_stack],
            "redo": [[list(v), [cands.digits(m) for m in ms]] for v, ms in self.redo_stack],
            "hints_used": self.hints_used,
            "hints_applied": self.hints_applied,
            "show_marks": self.show_marks,
            "elapsed": round(self.elapsed(), 3),
            "finished": self.finished,
        }

    def save(self, path: Path) -> None:
        """Written as ``ascent.store.files.write`` does: atomically, a symlink's target; its folder must exist."""
        files.write(Path(path), json.dumps(self.to_dict(), indent=1) + "\n")

    @classmethod
    def from_dict(cls, data, clock: Callable[[], float] = time.monotonic) -> "Game":
        if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
            raise SaveError(f"not an ascent save (version {SAVE_VERSION})")
        missing = [key for key, _, _ in _FIELDS if key not in data]
        if missing:
            raise SaveError(f"it is damaged: it has no {_listing(missing)}")
        for key, kinds, what in _FIELDS:
            if not isinstance(data[key], kinds) or (kinds is int and isinstance(data[key], bool)):
                raise SaveError(f"it is damaged: its {key!r} is {json_kind(data[key])}, not {what}")
        try:
            puzzle = Puzzle.from_record(data["puzzle"], data.get("label") if isinstance(data.get("label"), str) else None)
        except PuzzleError as e:
            raise SaveError(f"its puzzle is not valid: {e}") from None
        n = puzzle.size
        try:
            values = _heights(data["values"], n, "'values'")
            marks = [_mask(ds, n) for ds in _items(data["marks"], "'marks'")]
            undo, redo = (_history(data[key], n, repr(key)) for key in ("undo", "redo"))
        except ValueError as e:
            raise SaveError(f"it is damaged: {e}") from None
        game = cls(puzzle, values, marks, undo, redo, data["hints_used"], data["hints_applied"], data["show_marks"],
                   float(data["elapsed"]), clock, finished=data["finished"])
        for vs, ms in [(game.values, game.marks)] + game.undo_stack + game.redo_stack:
            if len(vs) != n * n or len(ms) != n * n:
                raise SaveError(f"its grid is not {n}x{n} heights 0..{n}")
            if any(g and v != g for g, v in zip((h for row in puzzle.givens for h in row), vs)):
                raise SaveError("its grid changes a given")
        return game

    @classmethod
    def load(cls, path: Path, clock: Callable[[], float] = time.monotonic) -> "Game":
        path = Path(path)
        try:
            data = json.loads(files.read_bytes(path).decode("utf-8-sig"))
        except FileNotFoundError:
            raise SaveError(f"{path}: no such file") from None
        except IsADirectoryError:
            raise SaveError(f"{path}: is a folder, not a save") from None
        except files.TooLarge:
            raise SaveError(f"{path} is larger than {files.LIMIT_TEXT}: not a save") from None
        except OSError as e:
            raise SaveError(f"{path}: cannot read it: {files.words(e)}") from None
        except UnicodeDecodeError:
            raise SaveError(f"{path} is not UTF-8 text") from None
        except json.JSONDecodeError as e:
            raise SaveError(f"{path} is not valid JSON (line {e.lineno}): {e.msg}") from None
        except (RecursionError, ValueError):
            raise SaveError(f"{path} is not a save: it nests too deeply or holds a number too long") from None
        try:
            return cls.from_dict(data, clock)
        except SaveError as e:
            raise SaveError(f"{path}: {e}") from None


# A save's fields: (key, JSON type, what it must be), checked before any is read.
_FIELDS = (("puzzle", dict, "a puzzle record"), ("values", list, "a list of heights"),
           ("marks", list, "a list of pencil marks"), ("undo", list, "a list of grids"), ("redo", list, "a list of grids"),
           ("hints_used", int, "a count"), ("hints_applied", int, "a count"), ("show_marks", bool, "true or false"),
           ("elapsed", (int, float), "seconds"), ("finished", bool, "true or false"))


def _listing(items: list[str]) -> str:
    return joined(repr(x) for x in items)


def _items(value, where: str) -> list:
    if not isinstance(value, list):
        raise ValueError(f"{where} is {json_kind(value)}, not a list")
    return value


def _heights(value, n: int, where: str) -> list[int]:
    heights = _items(value, where)
    for k, h in enumerate(heights):
        if not isinstance(h, int) or isinstance(h, bool) or not 0 <= h <= n:
            raise ValueError(f"{where} entry {k + 1} is {json_kind(h)}, not a height 0..{n}")
    return list(heights)


def _history(value, n: int, where: str) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    out = []
    for k, entry in enumerate(_items(value, where), 1):
        if not isinstance(entry, list) or len(entry) != 2:
            raise ValueError(f"{where} entry {k} is not [heights, marks]")
        out.append((tuple(_heights(entry[0], n, f"{where} entry {k}")),
                    tuple(_mask(ds, n) for ds in _items(entry[1], f"{where} entry {k}"))))
    return out


def _mask(heights, n: int) -> int:
    m = 0
    for h in _items(heights, "a cell's marks"):
        if not isinstance(h, int) or isinstance(h, bool) or not 1 <= h <= n:
            raise ValueError(f"a mark is {json_kind(h)}, not a height 1..{n}")
        m |= cands.bit(h)
    return m
