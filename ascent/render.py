"""Rich views: the grid with clues on four sides, a pass with its steps, the summary, the stats table."""

from __future__ import annotations

from typing import Iterable, Sequence

from rich.console import Group
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from . import cands, report
from .grid import Contradiction, Grid
from .gridtext import grid_lines, side_by_side
from .puzzle import Puzzle
from .trace import Pass, Result, Step

class GridView:
    """A grid that lays itself out for the width it is given (see ``gridtext``)."""

    def __init__(self, puzzle: Puzzle, masks: Sequence[int], changed: Iterable[int] = (), compact: bool = False):
        self.puzzle, self.masks, self.changed, self.compact = puzzle, tuple(masks), frozenset(changed), compact

    def lines(self, width: int) -> list[Text]:
        return grid_lines(self.puzzle, self.masks, self.changed, width, self.compact)

    def __rich_console__(self, console, options):
        yield from self.lines(options.max_width)

    def __rich_measure__(self, console, options):
        width = max(line.cell_len for line in self.lines(options.max_width))
        return Measurement(width, width)


def grid_view(puzzle: Puzzle, masks: Sequence[int], changed: Iterable[int] = (), title: str | None = None,
              compact: bool = False) -> Group:
    """A title line over the grid."""
    view = GridView(puzzle, masks, changed, compact)
    return Group(Text(title, style="bold underline"), view) if title else Group(view)


def grid_table(puzzle: Puzzle, masks: Sequence[int], changed: Iterable[int] = (), compact: bool = False) -> GridView:
    """The grid alone: clues on all four sides, placed cells bold, open cells as candidates."""
    return GridView(puzzle, masks, changed, compact)


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


class Hanging:
    """A line wrapped to the terminal's width with a hanging indent: continuation lines start under
    the text after the first ``hang`` cells (under the sentence, not under the technique's name)."""

    def __init__(self, text: Text, hang: int):
        self.text, self.hang = text, hang

    def __rich_console__(self, console, options):
        width = options.max_width
        hang = self.hang if width - self.hang >= 30 else 0
        head, rest = self.text[:hang], self.text[hang:]
        under = Text("".join(ch if ch == "|" else " " for ch in head.plain), style="dim")  # keeps a chain's bar
        for k, line in enumerate(rest.wrap(console, width - hang)):
            yield (head if k == 0 else under) + line


def chain_lines(step: Step, puzzle: Puzzle, masks_before: Sequence[int]) -> list[tuple[Text, int]]:
    """A forcing step's chain, indented under it and marked as hypothetical: (line, hanging indent).

    Each supposition starts a branch, replayed on a copy of the grid as it stood before the step;
    a branch that breaks ends with the contradiction it reached. None of it changes the real grid.
    """
    if not step.chain:
        return []
    out = [(Text("    (hypothetical: what the supposition would lead to; the grid does not change)",
                 style="italic dim"), 5)]
    start = Grid.start(puzzle)
    start.masks[:] = masks_before
    start.values[:] = [cands.single(m) for m in masks_before]
    trial = start.copy()
    hang = len(HYPOTHETICAL)
    for link in step.chain:
        if link.technique == step.technique and link.placements and not link.eliminations:  # a new supposition
            trial = start.copy()
            line = Text(HYPOTHETICAL, style="dim")
            line.append(f"suppose {link.reason.removeprefix('suppose ')}", style="bold yellow")
            out.append((line, hang))
        else:
            line = step_line(link, puzzle.size, indent=HYPOTHETICAL)
            line.stylize("dim", hang)
            out.append((line, hang + TECHNIQUE_WIDTH))
        try:
            trial.apply(link)
        except Contradiction as e:
            out.append((Text(f"{HYPOTHETICAL}contradiction: {e}", style="bold red"), hang))
    return out


def passes_with_grids(result: Result):
    """(pass, masks after it, cells it changed), replaying the trace from the start.

    A contradiction's last step breaks the grid: the replay shows the grid as that step left it, then stops.
    """
    grid = Grid.start(result.puzzle)
    for p in result.passes:
        before = grid.snapshot()
        placed = list(grid.values)
        broken = False
        for step in p.steps:
            try:
                grid.apply(step)
            except Contradiction:
                broken = True
                break
        after = grid.snapshot()
        yield p, after, [i for i, (a, b) in enumerate(zip(before, after)) if a != b or placed[i] != grid.values[i]]
        if broken:
            return


def plural(k: int, word: str, many: str | None = None) -> str:
    return f"{k} {word if k == 1 else many or word + 's'}"


def pass_title(p: Pass) -> str:
    """'Pass 3: sudoku, 4 steps': a pass is one technique's work (the finisher's too)."""
    return f"Pass {p.number}: {p.kind}, {plural(len(p.steps), 'step')}"


def summary(result: Result) -> Text:
    style = {"solved": "bold green", "stuck": "bold yellow"}.get(result.status, "bold red")
    text = Text()
    text.append(result.status.upper(), style=style)
    text.append(
        f" in {plural(len(result.passes), 'pass', 'passes')}, {plural(result.step_count, 'step')}; "
        f"grade {result.grade or '-'}; "
        f"{'backtracking needed' if result.backtracked else 'no backtracking'}; {result.seconds * 1000:.1f} ms"
    )
    if result.message:
        text.append(f" ({result.message})")
    return text


def stats_table(sets, title: str) -> Table:
    """The per-set report (columns from ``report.COLUMNS``), the median score, then one level (bold) and
    one grade per line, so it fits 80 columns."""
    table = Table(title=title, box=None, title_justify="left", pad_edge=False, padding=(0, 1), header_style="bold underline",
                  caption=report.LEGEND, caption_justify="left")
    for name, right, _ in report.COLUMNS:
        table.add_column(name.replace(" ", "\n"), justify="right" if right else "left", no_wrap=True)
    table.add_column(f"score, {report.LEVELS},\n{report.GRADES}", justify="left", no_wrap=True)
    for s, cells in zip(sets, report.rows(sets)):
        cells[5] = Text(cells[5], style="bold red" if s.unsolved else "")
        spread = Text(f"score {report.SCORE[2](s)}\n")  # the median score, levels in bold, then grades
        spread.append(report.grades_text(s.levels, sep="\n"), style="bold")
        spread.append("\n" + report.grades_text(s.grades, sep="\n"), style="")
        table.add_row(*cells, spread)
    return table


def grades_text(grades: dict[str, int]) -> str:
    return report.grades_text(grades)
