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
