"""The per-set report table, defined once: the terminal table and the Markdown file both read COLUMNS."""

from __future__ import annotations

import re
from typing import Callable

from .batch import SetStats

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
