"""Rich views: the grid with clues on four sides, a pass with its steps, the summary, the stats table."""

from __future__ import annotations

from typing import Iterable, Sequence

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from . import cands
from .grid import Contradiction, Grid
from .puzzle import Puzzle
from .trace import Pass, Result, Step

CHANGED = "bold black on yellow"


def grid_view(puzzle: Puzzle, masks: Sequence[int], changed: Iterable[int] = (), title: str | None = None) -> Group:
    """A title line over the grid."""
    table = grid_table(puzzle, masks, changed)
    return Group(Text(title, style="bold underline"), table) if title else Group(table)


def grid_table(puzzle: Puzzle, masks: Sequence[int], changed: Iterable[int] = ()) -> Table:
    """The grid as a table: clues on all four sides, placed cells bold, open cells as [candidates]."""
    n = puzzle.size
    changed = set(changed)
    table = Table(box=box.SIMPLE_HEAD, show_header=False, show_edge=False, pad_edge=False, padding=(0, 1))
    for _ in range(n + 2):
        table.add_column(justify="center", no_wrap=True)

    def clue(c: int) -> Text:
        return Text(str(c) if c else "", style="cyan")

    table.add_row("", *(clue(c) for c in puzzle.upper), "")
    for r in range(n):
        cells = []
        for c in range(n):
            i = r * n + c
            m = masks[i]
            single = cands.single(m)
            style = CHANGED if i in changed else ("bold" if single else "dim")
            cells.append(Text(cands.show(m) if m else "[]", style=style))
        table.add_row(clue(puzzle.left[r]), *cells, clue(puzzle.right[r]))
    table.add_row("", *(clue(c) for c in puzzle.lower), "")
    return table


def step_line(step: Step, n: int) -> Text:
    text = Text()
    text.append(f"{step.technique:<13}", style="bold magenta")
    where = step.where(n)
    if where:
        text.append(f"{where}: ", style="cyan")
    text.append(step.reason)
    changes = step.changes(n)
    if changes:
        text.append(f"  [{changes}]", style="green")
    return text


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


def pass_title(p: Pass) -> str:
    """'Pass 3: sudoku, 4 steps': a pass is one technique's work (the finisher's too)."""
    k = len(p.steps)
    return f"Pass {p.number}: {p.kind}, {k} step{'s' if k != 1 else ''}"


def summary(result: Result) -> Text:
    style = {"solved": "bold green", "stuck": "bold yellow"}.get(result.status, "bold red")
    text = Text()
    text.append(result.status.upper(), style=style)
    text.append(
        f" in {len(result.passes)} passes, {result.step_count} steps; grade {result.grade or '-'}; "
        f"{'backtracking needed' if result.backtracked else 'no backtracking'}; {result.seconds * 1000:.1f} ms"
    )
    if result.message:
        text.append(f" ({result.message})")
    return text


def stats_table(sets: list[dict], title: str) -> Table:
    table = Table(title=title, box=box.SIMPLE_HEAVY, title_justify="left")
    for name, justify in [("size", "left"), ("diff", "left"), ("total", "right"), ("logic", "right"),
                          ("backtrack", "right"), ("unsolved", "right"), ("total s", "right"),
                          ("median ms", "right"), ("grades", "left")]:
        table.add_column(name, justify=justify)
    for s in sets:
        table.add_row(
            f"{s['size']}x{s['size']}", s["diff"], str(s["total"]), str(s["solved_logic"]), str(s["solved_backtrack"]),
            Text(str(s["unsolved"]), style="bold red" if s["unsolved"] else ""),
            f"{s['seconds']:.2f}", f"{s['median_ms']:.2f}", grades_text(s["grades"]),
        )
    return table


def grades_text(grades: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in grades.items())
