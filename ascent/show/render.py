"""Rich views: the grid with clues on four sides, a pass with its steps, the summary, the stats table.

What a solve shows -- each pass's grid, the cells it changed, its steps, a forcing step's chains and
the contradiction they reach -- comes from ``ascent.show.view``, the model the HTML, SVG and Markdown
exports draw too; this module only decides how it looks in a terminal.
"""

from __future__ import annotations

import re

from typing import Iterable, Sequence

from rich.console import Group
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text

from ..model import cands
from .gridtext import OPEN, PLAIN_OPEN, fit, grid_lines, grid_runs, side_by_side, width_of
from ..puzzle import Puzzle
from ..model.trace import Result, Step
from .view import Frame, is_supposition, link_names, plural
from .view import pass_title  # noqa: F401  (callers name it render.pass_title)

def letter_key(n: int) -> str:
    """'A = 10, B = 11, C = 12' (as far as the size goes): heights 10-12 are drawn as letters, as in the pages."""
    return ", ".join(f"{cands.show(cands.bit(h))} = {h}" for h in range(10, n + 1))


class GridView:
    """A grid that lays itself out for the width it is given (see ``gridtext``).

    ``values`` are the placed heights (0 = open); without them a cell with one candidate counts as placed."""

    def __init__(self, puzzle: Puzzle, masks: Sequence[int], changed: Iterable[int] = (), compact: bool = False,
                 values: Sequence[int] | None = None, broken: Iterable[int] = (), star: bool = False,
                 like: tuple | None = None):
        self.puzzle, self.masks, self.changed, self.compact = puzzle, tuple(masks), frozenset(changed), compact
        self.values = tuple(values) if values is not None else None
        self.broken = frozenset(broken)
        self.star = star  # the changed cells also marked "*", for text without colour
        self.like = like  # (candidates, placed heights) of the grid whose layout this one keeps (``grid_runs``)

    def lines(self, width: int, plain: bool = False) -> list[Text]:
        """``plain``: ASCII only ('.' for a lost candidate), for output that is not a terminal."""
        return grid_lines(self.puzzle, self.masks, self.changed, width, self.compact, self.values, self.broken,
                          PLAIN_OPEN if plain else OPEN, self.star, self.like)

    def __rich_console__(self, console, options):
        """Straight to segments: a grid is drawn once per frame, with no wrapping or per-character work
        (a 12x12 solve of 150 passes is then drawn in less time than it takes to solve)."""
        runs = grid_runs(self.puzzle, self.masks, self.changed, options.max_width, self.compact, self.values,
                         self.broken, OPEN if options.is_terminal else PLAIN_OPEN, self.star, self.like)
        style = console.get_style  # parses each style name once (cached)
        newline = Segment.line()
        for line in runs:
            for text, name in line:
                yield Segment(text, style(name) if name else None)
            yield newline

    def __rich_measure__(self, console, options):
        n = self.puzzle.size
        masks, values = self.like if self.like is not None else (self.masks, self.values)
        layout = fit(n, masks, options.max_width, self.compact, values)
        width = width_of(n, layout)
        return Measurement(width, width)


def grid_view(puzzle: Puzzle, masks: Sequence[int], changed: Iterable[int] = (), title: str | None = None,
              compact: bool = False, values: Sequence[int] | None = None, broken: Iterable[int] = (),
              star: bool = False, like: tuple | None = None) -> Group:
    """A title line over the grid; under a 10x10-12x12 grid, the key to the heights written as letters. ``star``:
    the ``changed`` cells are marked "*" as well as highlighted, so text without colour shows them too. ``like``:
    (candidates, placed heights) of the grid whose layout this one keeps."""
    view = GridView(puzzle, masks, changed, compact, values, broken, star, like)
    parts = ([Text(title, style="bold underline")] if title else []) + [view]
    if puzzle.size >= 10:
        parts.append(Text(letter_key(puzzle.size), style="dim"))
    return Group(*parts)


def frame_view(puzzle: Puzzle, frame: Frame, changed: Iterable[int] = (), title: str | None = None,
               compact: bool = False) -> Group:
    """A view frame's grid: its candidates and placed heights, ``changed`` highlighted, its broken cells marked."""
    return grid_view(puzzle, frame.masks, changed, title, compact, frame.values, frame.broken)


class SolutionsView:
    """Two solutions of one puzzle side by side, the cells where they differ highlighted."""

    def __init__(self, puzzle: Puzzle, a, b):
        n = puzzle.size
        self.puzzle = puzzle
        self.masks = [tuple(cands.bit(v) for row in rows for v in row) for rows in (a, b)]
        self.differ = [i for i in range(n * n) if self.masks[0][i] != self.masks[1][i]]

    def __rich_console__(self, console, options):
        width = options.max_width
        half = [grid_lines(self.puzzle, m, self.differ, (width - 6) // 2, compact=True) for m in self.masks]
        if max(line.cell_len for line in half[0]) * 2 + 6 <= width:
            yield from side_by_side([Text("solution A", style="bold")] + half[0], [Text("solution B", style="bold")] + half[1])
            return
        for name, lines in zip(("solution A", "solution B"), half):  # too narrow for two: one under the other
            yield Text(name, style="bold")
            yield from lines


def step_line(step: Step, n: int, indent: str = "") -> Text:
    """One step: technique, where it looked, its sentence, and what it changed in [brackets]."""
    text = Text(indent)
    text.append(f"{step.technique:<{TECHNIQUE_WIDTH - 1}} ", style="bold magenta")
    where = step.where(n)
    if where:
        text.append(f"{where}: ", style="cyan")
    text.append(step.reason)
    changes = step.changes(n)
    if changes:
        text.append(f"  [{changes}]", style="green")
    return text


HYPOTHETICAL = "    | "
TECHNIQUE_WIDTH = 13


_WORD = re.compile(r"\S+(?: (?:s|ms|min)(?=[\s,;.)]|$)[,;.)]?)?\s*")  # a word, and a unit after a number


class Indented:
    """A line wrapped at its words to the terminal's width, its continuation lines indented by
    ``rest`` spaces (a summary that wraps stays one visible item)."""

    def __init__(self, text: "Text | str", rest: int = 2):
        self.text, self.rest = (Text(text) if isinstance(text, str) else text), rest

    def __rich_console__(self, console, options):
        width = max(10, options.max_width - self.rest)
        for k, line in enumerate(self.lines(width)):
            yield (Text(" " * self.rest) + line) if k else line

    def lines(self, width: int) -> list[Text]:
        """The text cut at spaces into lines of at most ``width`` (a word longer than that stands alone);
        a number keeps its unit ("0.47 ms" never ends one line and starts the next)."""
        plain, cuts, start, last_space = self.text.plain, [], 0, None
        for m in _WORD.finditer(plain):
            end = m.end() - (len(m.group()) - len(m.group().rstrip()))  # the word without its trailing spaces
            if end - start > width and last_space is not None:
                cuts.append(last_space)
                start = last_space
            last_space = m.end()
        pieces = self.text.divide(cuts)
        for piece in pieces:
            piece.rstrip()
        return list(pieces)


class Hanging:
    """A line wrapped to the terminal's width with a hanging indent: continuation lines start under
    the text after the first ``hang`` cells (under the sentence, not under the technique's name)."""

    def __init__(self, text: Text, hang: int):
        self.text, self.hang = text, hang

    def __rich_console__(self, console, options):
        width = options.max_width
        hang = self.hang if width - self.hang >= 30 else 0
        head, rest = self.text[:hang], self.text[hang:]
        under = Text()  # keeps a chain's bar; dim only itself, never the line it leads (a base style would spread)
        under.append("".join(ch if ch == "|" else " " for ch in head.plain), style="dim")
        for k, line in enumerate(rest.wrap(console, width - hang)):
            yield (head if k == 0 else under) + line


def chain_lines(frame: Frame, n: int, puzzle: Puzzle | None = None) -> list[tuple["Text | Group", int]]:
    """A forcing step's chains (``frame.chains`` from the view), indented under it and marked as
    hypothetical: (line, hanging indent).

    Each chain is one supposition (L0) followed from the grid as it stood before the step, link by
    link (L1, L2, ..., each saying which earlier links it reads), to the contradiction it reaches
    (with the links it reads) or, when every branch is followed, to the end of the branch. None of it
    changes the real grid. Given the ``puzzle``, the grid the reader should hold is drawn under the supposition,
    every SNAPSHOT_EVERY links and at the end (``Chain.snapshots``): a picture, given with hanging indent 0.
    """
    if not frame.chains:
        return []
    out = [(Text("    (hypothetical: what the supposition would lead to; the grid does not change)",
                 style="italic dim"), 5)]
    for chain in frame.chains:
        width = len(f"L{chain.links} ")
        hang = len(HYPOTHETICAL) + width
        shots = set(chain.snapshots()) if puzzle is not None else set()
        for k, link in enumerate(chain.frames[1:]):  # frames[0] is the grid before the supposition
            if k - 1 in shots:  # the grid the reader holds after the link before: drawn under it
                out.append(_snapshot(puzzle, chain, k - 1))
            label = f"L{k}".ljust(width)
            if is_supposition(link.step):
                line = Text(HYPOTHETICAL, style="dim")
                line.append(label, style="bold")
                line.append(link.sentence, style="bold yellow")
                out.append((line, hang))
            else:
                line = step_line(link.step, n, indent=HYPOTHETICAL + label)
                line.stylize("dim", hang)
                line.stylize("bold", len(HYPOTHETICAL), hang)
                reads = link.step.reads
                if reads:
                    line.append(f"  (from {link_names(reads)})", style="cyan")
                out.append((line, hang + TECHNIQUE_WIDTH))
        if chain.links in shots:
            out.append(_snapshot(puzzle, chain, chain.links))
        out.append((Text(f"{HYPOTHETICAL}{chain.end}", style="bold red" if chain.contradiction else "italic dim"),
                    len(HYPOTHETICAL)))
    return out


def _snapshot(puzzle: Puzzle, chain, k: int) -> tuple[Group, int]:
    """The grid the reader holds after link ``k`` of a chain (0: the supposition), the cells the chain changed so far
    highlighted: a picture (never wrapped), with no hanging indent."""
    after, first = chain.frames[k + 1], chain.frames[1]
    title = ("the grid under the supposition" if k == 0 else f"the grid after L{k}") + \
        ", the cells the chain changed marked *"
    # every snapshot of a chain laid out as the first (pencil blocks do not turn into [digits] as the grid fills)
    return grid_view(puzzle, after.masks, chain.changed_by(k), title=f"    {title}:", values=after.values,
                     broken=after.broken if k == chain.links else (), star=True,
                     like=(first.masks, first.values)), 0


SUMMARY_WIDTH = 60  # the summary breaks onto a second line past this, so it fits a narrow terminal even piped


def summary(result: Result) -> Text:
    """'SOLVED in 9 passes, 40 steps; grade sequence; no backtracking; 1.2 ms': one line when it fits
    in 60 columns, else two, broken before the backtracking (piped lines are never wrapped)."""
    style = {"solved": "bold green", "stuck": "bold yellow"}.get(result.status, "bold red")
    status = result.status.upper()
    head = f" in {plural(len(result.passes), 'pass', 'passes')}, {plural(result.step_count, 'step')}; " \
           f"grade {result.grade or '-'};"
    tail = f"{'backtracking needed' if result.backtracked else 'no backtracking'}; {result.seconds * 1000:.1f} ms"
    if result.message:
        tail += f" ({result.message})"
    text = Text()
    text.append(status, style=style)
    text.append(head + ("\n" if len(status) + len(head) + 1 + len(tail) > SUMMARY_WIDTH else " ") + tail)
    return text
