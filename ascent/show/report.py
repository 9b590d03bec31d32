"""The per-set report table, defined once: the terminal table and the Markdown file both read COLUMNS."""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path
from typing import Callable

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..tools.batch import SetStats
from ..store import write_atomic

# (header, right-aligned?, the cell's text)
COLUMNS: tuple[tuple[str, bool, Callable[[SetStats], str]], ...] = (
    ("size", False, lambda s: f"{s.size}x{s.size}"),
    ("diff", False, lambda s: s.diff),
    ("total", True, lambda s: str(s.total)),
    ("logic", True, lambda s: str(s.solved_logic)),
    ("guessed", True, lambda s: str(s.solved_backtrack)),
    ("unsolved", True, lambda s: str(s.unsolved)),
    ("total s", True, lambda s: f"{s.seconds:.2f}"),
    ("median ms", True, lambda s: f"{s.median_ms:.2f}"),
)
# the Markdown file has it as a column; the terminal table, short of width, heads the levels cell with it
SCORE = ("median score", True, lambda s: "-" if s.median_score is None else f"{s.median_score:g}")
LEVELS, GRADES = "levels", "grades"
LEGEND = ("logic: solved by logic alone; guessed: solved with backtracking; "
          "score and levels: see ascent grade; grades: puzzles per hardest technique needed")


def grades_text(grades: dict[str, int], sep: str = ", ") -> str:
    return sep.join(f"{k} {v}" for k, v in grades.items())


# ---------------------------------------------------------------------------- the terminal's view
# Its first table's columns: COLUMNS with one-line headings, and the median score as a column of its own.
HEADINGS = {"diff": "label", "total": "puzzles", "total s": "seconds"}
NONE_SOLVED = "none solved"
TERMINAL_LEGEND = ("logic: solved by logic alone; guessed: with backtracking; score and levels: see ascent grade; "
                   "hardest technique: the puzzles whose hardest step used it.")


class SetsView:
    """solve-all's report in a terminal, for the width it is given, with one-line headings. Where the
    first table fits: three tables -- the figures per set (the median score a column of its own), the
    solved puzzles per level (a column a level), and the puzzles per hardest technique (a wrapped
    column of its own, since there are a dozen techniques). Narrower: each set as a block of text.
    A set with nothing solved says "none solved", never an empty cell."""

    def __init__(self, sets, title: str | None = None):
        self.sets, self.title = list(sets), title

    def figures(self):
        from rich.table import Table
        from rich.text import Text

        table = Table(title=self.title, box=None, title_justify="left", pad_edge=False, padding=(0, 1, 0, 0),
                      header_style="bold underline")
        for name, right, _ in COLUMNS + (SCORE,):
            table.add_column(HEADINGS.get(name, name), justify="right" if right else "left", no_wrap=True)
        for s, cells in zip(self.sets, rows(self.sets)):
            cells[5] = Text(cells[5], style="bold red" if s.unsolved else "")
            table.add_row(*cells, NONE_SOLVED if s.median_score is None else SCORE[2](s))
        return table

    def levels(self):
        from rich.table import Table

        from ..solver.grade import LEVELS as ORDER

        used = [lv for lv in ORDER if any(s.levels.get(lv) for s in self.sets)]
        table = Table(title="solved puzzles per level", box=None, title_justify="left", pad_edge=False,
                      padding=(0, 1, 0, 0), header_style="bold underline")
        table.add_column("size", no_wrap=True)
        table.add_column("label", no_wrap=True)
        for lv in used:
            table.add_column(lv, justify="right", no_wrap=True)
        for s in self.sets:
            if not (s.solved_logic + s.solved_backtrack):
                continue
            table.add_row(f"{s.size}x{s.size}", s.diff, *(str(s.levels.get(lv, 0)) for lv in used))
        return table

    def techniques(self):
        from rich.table import Table

        table = Table(title="solved puzzles per hardest technique", box=None, title_justify="left", pad_edge=False,
                      padding=(0, 1, 0, 0), header_style="bold underline")
        table.add_column("size", no_wrap=True)
        table.add_column("label", no_wrap=True)
        table.add_column("hardest technique: puzzles", overflow="fold", ratio=1)
        for s in self.sets:
            if s.grades:
                table.add_row(f"{s.size}x{s.size}", s.diff, grades_text(s.grades))
        return table

    def nothing_solved(self) -> str | None:
        """A line for the sets with nothing solved (they have no levels or techniques to count)."""
        from ..model.words import joined

        empty = [f"{s.size}x{s.size} {s.diff}" for s in self.sets if not (s.solved_logic + s.solved_backtrack)]
        if not empty:
            return None
        if len(empty) == len(self.sets):
            return "nothing was solved, so there are no levels or techniques to count"
        return f"nothing solved in {joined(empty)}: no levels or techniques to count there"

    def blocks(self) -> list:
        from rich.text import Text

        from .render import Indented
        from .view import plural

        out = [Text(self.title, style="italic")] if self.title else []
        for s in self.sets:
            line = Text(f"{s.size}x{s.size} {s.diff}: ", style="bold")
            line.append(f"{plural(s.total, 'puzzle')}, {s.solved_logic} by logic, {s.solved_backtrack} guessed, ")
            line.append(f"{s.unsolved} unsolved", style="bold red" if s.unsolved else "")
            line.append(f"; {s.seconds:.2f} s, median {s.median_ms:.2f} ms")
            out.append(Indented(line, 2))
            if s.median_score is None:
                out.append(Indented(Text(f"  {NONE_SOLVED}"), 4))
                continue
            spread = Text(f"  median score {SCORE[2](s)}; levels: ")
            spread.append(grades_text(s.levels), style="bold")
            spread.append("; hardest technique: " + grades_text(s.grades))
            out.append(Indented(spread, 4))
        out.append(Indented(Text(TERMINAL_LEGEND), 0))
        return out

    def __rich_console__(self, console, options):
        from rich.measure import Measurement
        from rich.text import Text

        from .render import Indented

        figures = self.figures()
        if Measurement.get(console, options.update_width(10_000), figures).maximum > options.max_width:
            yield from self.blocks()
            return
        yield figures
        if any(s.solved_logic + s.solved_backtrack for s in self.sets):
            yield Text("")
            yield self.levels()
            yield Text("")
            yield self.techniques()
        said = self.nothing_solved()
        if said:
            yield Indented(Text(said), 2)
        yield Indented(Text(TERMINAL_LEGEND), 0)


def rows(sets: list[SetStats]) -> list[list[str]]:
    return [[cell(s) for _, _, cell in COLUMNS] for s in sets]


def markdown(sets: list[SetStats]) -> list[str]:
    """The table as Markdown lines."""
    out = ["| " + " | ".join([h for h, _, _ in COLUMNS] + [SCORE[0], LEVELS, GRADES]) + " |",
           "|" + "|".join("---:" if right else "---" for _, right, _ in COLUMNS) + "|---:|---|---|"]
    for s, cells in zip(sets, rows(sets)):
        out.append("| " + " | ".join(cells + [SCORE[2](s), grades_text(s.levels), grades_text(s.grades)]) + " |")
    return out


def filtered_name(store: str, sizes, diffs, logic_only: bool, techniques) -> str:
    """The report's file stem: it names every filter, so a filtered run never overwrites the full one."""
    def safe(x) -> str:
        return re.sub(r"[^A-Za-z0-9_.]+", "_", str(x))

    parts = [f"solve-all-{safe(store)}"]
    if sizes:
        parts.append("sizes-" + "-".join(str(n) for n in sizes))
    if diffs:
        parts.append("diffs-" + "-".join(safe(d) for d in diffs))
    if logic_only:
        parts.append("logic")
    if techniques:
        parts.append("only-" + "-".join(safe(t) for t in techniques))
    return "-".join(parts)


def save(folder: Path, stem: str, store: Path, sets: list[SetStats], title: str, logic_only: bool, techniques,
         wall: float, partial: tuple[int, int] | None = None) -> tuple[Path, Path]:
    """The solve-all report as ``{stem}.md`` and ``{stem}.json`` in ``folder`` (atomically). ``partial``
    is (done, total) for a run cut short: both files say so, and are named ``{stem}-partial``, so a
    full report of the same run is never replaced by a part of one."""
    today = date.today().isoformat()
    note = [] if partial is None else [f"**Partial: interrupted after {partial[0]} of {partial[1]} puzzles.**", ""]
    lines = [f"# ascent solve-all: {store.name}", "", f"Date: {today}  ", f"{title}", "", *note, *markdown(sets),
             "", LEGEND + "."]
    if partial is not None:
        stem += "-partial"
    md, js = Path(folder) / f"{stem}.md", Path(folder) / f"{stem}.json"
    payload = {"date": today, "store": str(store), "logic_only": logic_only,
               "techniques": list(techniques) if techniques else None, "wall_seconds": round(wall, 3)}
    if partial is not None:
        payload.update(partial=True, done=partial[0], total=partial[1])
    payload["sets"] = [s.to_dict() for s in sets]
    write_atomic(md, "\n".join(lines) + "\n")
    write_atomic(js, json.dumps(payload, indent=1) + "\n")
    return md, js
