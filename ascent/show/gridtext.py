"""The grid as text, both ways: lines that fit a width (clues on four sides, every candidate), and
``read_grid``, the one reader of a grid typed as text (``check --grid`` and hints both use it).

Layouts, tried in order until one fits (``fit``):

    inline   [1234567] [12] 5 ...        one line per row, candidates in brackets
    pencil   1 2 3                        a block per cell, three heights to a line, '·' for a
             4 · 6                        height the cell has lost (HoDoKu's pencil marks)
             7 · ·
    dense    123 / 4·6 / 7··              the same block without spaces, for the narrowest terminals

``compact`` shows placed heights only, '·' for an open cell. The narrowest layout of a 12x12 is
53 columns, so from 60 columns up every clue and every candidate is always shown.

A cell is placed when ``values`` says so (the view model's placed heights); without ``values``, a
cell with one candidate counts as placed. An open cell with one candidate left shows as ``[3]``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Sequence

from ..model import cands
from ..puzzle import FormatError, Puzzle

if TYPE_CHECKING:  # rich is imported only where text is drawn, so the engine's readers load without it (Pyodide)
    from rich.text import Text

CHANGED = "bold black on yellow"
BROKEN = "bold white on red"  # a cell left with no candidates, or given a height it could not hold
CLUE = "cyan"
OPEN = "·"
PLAIN_OPEN = "."  # piped output is plain ASCII: its width in bytes is its width in columns (awk, wc -L)
PER_LINE = 3  # heights per line of a pencil-mark block


@dataclass(frozen=True)
class Layout:
    name: str  # inline, pencil, dense, compact
    cell: int  # width of a cell
    gap: int  # spaces between cells
    height: int  # lines per cell


def symbol(h: int) -> str:
    return cands.show(cands.bit(h))


def placed_heights(masks: Sequence[int], values: Sequence[int] | None = None) -> tuple[int, ...]:
    """Each cell's placed height (0 = open): ``values`` when given, else a cell's only candidate."""
    return tuple(values) if values is not None else tuple(cands.single(m) for m in masks)


def cell_text(m: int, h: int) -> str:
    """A cell on one line: its placed height, or its candidates in brackets ('[]' when none are left)."""
    return symbol(h) if h else "[" + cands.show(m).strip("[]") + "]"


def _layouts(n: int, masks: Sequence[int], placed: Sequence[int], compact: bool) -> list[Layout]:
    if compact:
        return [Layout("compact", len(symbol(n)), 2, 1), Layout("compact", len(symbol(n)), 1, 1)]
    widest = max(len(cell_text(m, h)) for m, h in zip(masks, placed))
    lines = -(-n // PER_LINE)
    spaced = 2 * min(n, PER_LINE) - 1
    return [Layout("inline", widest, 2, 1), Layout("inline", widest, 1, 1),
            Layout("pencil", spaced, 2, lines), Layout("dense", min(n, PER_LINE), 1, lines)]


def width_of(n: int, layout: Layout) -> int:
    cw = len(str(n))
    return 2 * (cw + layout.gap) + n * layout.cell + (n - 1) * layout.gap


def fit(n: int, masks: Sequence[int], width: int, compact: bool = False, values: Sequence[int] | None = None) -> Layout:
    """The first layout that fits ``width``; the narrowest when none does."""
    options = _layouts(n, masks, placed_heights(masks, values), compact)
    for layout in options:
        if width_of(n, layout) <= width:
            return layout
    return options[-1]


def _cell_lines(m: int, h: int, n: int, layout: Layout, open_mark: str = OPEN) -> list[str]:
    """The text of one cell (candidates ``m``, placed height ``h`` or 0), ``layout.height`` lines of ``layout.cell`` characters."""
    w = layout.cell
    if layout.name == "compact":
        return [(symbol(h) if h else open_mark).center(w)]
    if layout.name == "inline" or h or not m:
        text = cell_text(m, h)
        out = [" " * w] * layout.height
        out[layout.height // 2] = text.center(w)
        return out
    sep = " " if layout.name == "pencil" else ""
    out = []
    for start in range(1, n + 1, PER_LINE):
        marks = [symbol(d) if m & cands.bit(d) else open_mark for d in range(start, min(start + PER_LINE, n + 1))]
        out.append(sep.join(marks).ljust(w))
    return out


def grid_lines(puzzle: Puzzle, masks: Sequence[int], changed: Iterable[int] = (), width: int = 80,
               compact: bool = False, values: Sequence[int] | None = None, broken: Iterable[int] = (),
               open_mark: str = OPEN, star: bool = False, like: tuple | None = None) -> list[Text]:
    """The grid as styled lines no wider than ``width`` (from 53 columns up for any size).

    ``changed`` cells are highlighted, ``broken`` ones marked red; placed heights are bold; ``open_mark``
    stands for a lost candidate (and, compact, an open cell); ``star``: each changed cell is also marked "*" in the
    gap before its middle line, which text without colour keeps; ``like``: laid out as that grid (``grid_runs``)."""
    from rich.text import Text

    out = []
    for runs in grid_runs(puzzle, masks, changed, width, compact, values, broken, open_mark, star, like):
        line = Text()
        for text, style in runs:
            line.append(text, style=style or None)
        line.no_wrap = True
        out.append(line)
    return out


Run = tuple[str, str]  # text and its style ("" for none)


def grid_runs(puzzle: Puzzle, masks: Sequence[int], changed: Iterable[int] = (), width: int = 80,
              compact: bool = False, values: Sequence[int] | None = None, broken: Iterable[int] = (),
              open_mark: str = OPEN, star: bool = False, like: tuple | None = None) -> list[list[Run]]:
    """``grid_lines`` as plain runs of (text, style), neighbours of one style joined and no trailing
    spaces: what a renderer draws straight to the terminal, with no per-character work. ``like``: (candidates,
    placed heights) of an earlier grid of the same solve, laid out as that one was (a chain's snapshots keep the
    layout of its first: the grid only loses candidates, so every cell still fits)."""
    n = puzzle.size
    changed, broken = set(changed), set(broken)
    placed = placed_heights(masks, values)
    layout = fit(n, masks, width, compact, placed) if like is None else fit(n, like[0], width, compact, like[1])
    cw, g, w = len(str(n)), layout.gap, layout.cell
    pad = " " * g
    starred = pad[:-1] + "*" if star and g else pad  # the gap before a changed cell's middle line
    out: list[list[Run]] = []

    def edge(clues: Sequence[int]) -> list[Run]:
        line = [(" " * (cw + g), "")]
        for c, k in enumerate(clues):
            line.append(((str(k) if k else "").center(w), CLUE))
            if c < n - 1:
                line.append((pad, ""))
        return line

    out.append(edge(puzzle.upper))
    for r in range(n):
        blocks = [_cell_lines(masks[r * n + c], placed[r * n + c], n, layout, open_mark) for c in range(n)]
        styles = [BROKEN if i in broken else CHANGED if i in changed else ("bold" if placed[i] else "dim")
                  for i in range(r * n, r * n + n)]
        for k in range(layout.height):
            middle = k == layout.height // 2
            left, right = (puzzle.left[r], puzzle.right[r]) if middle else (0, 0)
            marks = [starred if middle and r * n + c in changed else pad for c in range(n)]
            line = [((str(left) if left else "").rjust(cw), CLUE), (marks[0], "")]
            for c in range(n):
                line.append((blocks[c][k], styles[c]))
                if c < n - 1:
                    line.append((marks[c + 1], ""))
            line += [(pad, ""), ((str(right) if right else "").ljust(cw), CLUE)]
            out.append(line)
        if layout.height > 1 and r < n - 1:
            out.append([])
    out.append(edge(puzzle.lower))
    return [_tidy(line) for line in out]


def _tidy(line: list[Run]) -> list[Run]:
    """Join neighbours of one style (spaces join anything unstyled), drop empty runs and trailing spaces."""
    out: list[Run] = []
    for text, style in line:
        if not text:
            continue
        if out and (out[-1][1] == style or (not style and not text.strip() and not out[-1][1])):
            out[-1] = (out[-1][0] + text, out[-1][1])
        else:
            out.append((text, style))
    while out:
        text, style = out[-1]
        stripped = text.rstrip(" ")
        if stripped:
            out[-1] = (stripped, style)
            break
        out.pop()
    return out


def side_by_side(left: list[Text], right: list[Text], gap: int = 6) -> list[Text]:
    """Two blocks of lines next to each other."""
    from rich.text import Text

    wide = max((line.cell_len for line in left), default=0)
    out = []
    for k in range(max(len(left), len(right))):
        a = left[k].copy() if k < len(left) else Text("")
        a.pad_right(wide - a.cell_len + gap)
        if k < len(right):
            a.append_text(right[k])
        a.rstrip()
        a.no_wrap = True
        out.append(a)
    return out


class GridError(FormatError):
    """A grid typed as text that cannot be read: wrong length, a height outside 1..N, a bad mark."""


_SYMBOLS = {str(d): d for d in range(1, 10)} | {ch: 10 + k for k, ch in enumerate("ABC")} | {ch: 10 + k for k, ch in enumerate("abc")}
_TOKEN = re.compile(r"\[([0-9A-Ca-c]*)\]|([1-9A-Ca-c])|([-._0])|(\S)")


def read_grid(text: str, n: int) -> tuple[list[int], list[int]]:
    """A grid as text: row-major, one token per cell -- a height (``1``-``9``, ``A``-``C`` for 10-12),
    ``-``, ``.``, ``_`` or ``0`` for empty, ``[123]`` for pencil marks -- with spaces, ``/``, ``|``,
    ``,`` and ``;`` free between cells. Returns (values, masks): value 0 = open; an open cell without
    marks allows every height. Raises GridError naming the first thing wrong.
    """
    values, masks = [], []
    full = cands.full(n)
    for m in _TOKEN.finditer(text):
        marks, digit, empty, other = m.groups()
        if other is not None:
            if other in "/|,;":
                continue
            kind = "not an ASCII digit" if other.isdigit() else "not a height, '-' or [marks]"
            raise GridError(f"{other!r} at position {m.start() + 1} is {kind}")
        where = f"R{len(values) // n + 1}C{len(values) % n + 1}" if len(values) < n * n else f"cell {len(values) + 1}"
        if digit is not None:
            h = _SYMBOLS[digit]
            if h > n:
                if not digit.isdigit():
                    raise GridError(f"{where} holds {digit!r}: letters A-C are heights 10-12, which a "
                                    f"{n}x{n} does not have; heights are 1..{n}")
                raise GridError(f"{where} holds {h}, but heights are 1..{n}")
            values.append(h)
            masks.append(cands.bit(h))
        elif marks is not None:
            bits = 0
            for ch in marks:
                h = _SYMBOLS.get(ch, 0)
                if not 1 <= h <= n:
                    raise GridError(f"{where} has the mark {ch}, but heights are 1..{n}")
                bits |= cands.bit(h)
            if not bits:
                raise GridError(f"{where} has empty marks []; leave the cell '-' to allow every height")
            values.append(0)
            masks.append(bits)
        else:
            values.append(0)
            masks.append(full)
    if len(values) != n * n:
        raise GridError(f"it has {len(values)} cells, but a {n}x{n} puzzle needs {n * n}")
    return values, masks
