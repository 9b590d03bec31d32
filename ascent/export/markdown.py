"""A Markdown walk-through for forums: the header, the starting grid, then each pass with its steps and the grid after."""

from __future__ import annotations

import re

from ..grid import cell_name
from ..puzzle import Puzzle
from ..view import Frame, View, cells_text, grade_text, plural
from .formats import formats

_SPECIAL = re.compile(r"([\\`*_\[\]<>|~&])")  # enough mid-line: a line never starts with input text


def md_escape(text: str) -> str:
    """Text from input or from the engine, safe in running Markdown: no markup, links or HTML get through."""
    return _SPECIAL.sub(r"\\\1", text.replace("\r", " ").replace("\n", " "))


def fence(text: str) -> str:
    """A code block whose fence is longer than any run of backticks inside it."""
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    f = "`" * max(3, longest + 1)
    return f"{f}\n{text}\n{f}"


def text_grid(puzzle: Puzzle, frame: Frame) -> str:
    """The grid as plain text, clues on four sides; open cells as [candidates], placed cells as their height."""
    n = puzzle.size
    rows = cells_text(frame, n)
    w = max(len(t) for row in rows for t in row)

    def clue(c: int) -> str:
        return str(c) if c else ""

    lines = ["  ".join([" "] + [clue(c).center(w) for c in puzzle.upper] + [" "])]
    for r in range(n):
        lines.append("  ".join([clue(puzzle.left[r]).rjust(1)] + [t.center(w) for t in rows[r]] + [clue(puzzle.right[r])]))
    lines.append("  ".join([" "] + [clue(c).center(w) for c in puzzle.lower] + [" "]))
    return "\n".join(line.rstrip() for line in lines)


def step_item(frame: Frame, n: int) -> str:
    where = frame.where(n)
    changes = frame.changes(n)
    text = f"**{md_escape(frame.technique or '')}**"
    if where:
        text += f" {md_escape(where)}:"
    text += f" {md_escape(frame.sentence)}"
    if changes:
        text += f" `{changes}`"
    if frame.broken:
        text += " -- breaks " + ", ".join(cell_name(c, n) for c in frame.broken)
    return text


def walkthrough(view: View) -> str:
    p = view.puzzle
    n = p.size
    out = [f"# Skyscrapers {md_escape(p.describe())}: {md_escape(view.status)}", ""]
    summary = (f"{view.status.upper()} in {plural(len(view.passes), 'pass', 'passes')}, {plural(view.step_count, 'step')}; "
               f"grade {grade_text(view)}; {'backtracking needed' if view.backtracked else 'no backtracking'}")
    out.append(md_escape(summary) + "  ")
    if view.counts:
        out.append("Steps per technique: " + md_escape(", ".join(f"{k} {v}" for k, v in view.counts.items())) + "  ")
    if view.message:
        out.append(md_escape(view.message))
    out += ["", "The puzzle, to paste into another solver:", ""]
    for name, text in formats(p):
        out.append(f"- {name}:")
        out.append("")
        out.append("  " + fence(text).replace("\n", "\n  "))
        out.append("")
    out += ["## Start", "", fence(text_grid(p, view.start)), ""]
    for pv in view.passes:
        out += [f"## {md_escape(pv.title)}", ""]
        for f in pv.frames:
            head = f"{f.number}. "
            out.append(head + step_item(f, n))
            pad = " " * len(head)  # CommonMark nests a list only as deep as the item's text starts
            for chain in f.chains:
                out.append(f"{pad}- {md_escape(chain.title)}:")
                for link in chain.frames[1:]:
                    out.append(f"{pad}  - {step_item(link, n)}")
                out.append(f"{pad}  - *{md_escape(chain.end)}*")
        out += ["", "Grid after the pass:", "", fence(text_grid(p, pv.after)), ""]
    if not view.complete:
        out += ["The last step broke the grid: the replay stops there.", ""]
    return "\n".join(out)

