"""The technique guide (``ascent techniques [NAME]``): the table of techniques read as a guide.

Everything about a technique comes from its row of ``ascent.techniques.TABLE`` (tier, level, cost,
idea, aliases, the names solvers use for it, its practice puzzle) and its module's docstring, which is
the guide's page: what the technique does (its lane pictures) and, from the paragraph that starts
"Sound", why it is sound. The code's own workings are told in the docstrings of its functions, not there.

Community names are those of *Skyscraping* (Sup2point0, https://sup2point0.github.io/skyscraping),
a guide to solving Skyscrapers by hand, and the Sudoku names everyone uses for the Latin-square
techniques. Each says in our words which part of the technique it is.

This module lays the page out for a width: prose wraps at words; a picture never wraps. A picture is a
block of indented lines, ``before  ->  after`` with an optional caption in a column of its own; it is
shown whole where it fits, else side by side with its caption below, else the before above the after.
"""

from __future__ import annotations

import sys
import textwrap
from dataclasses import dataclass
from typing import Optional

from ..model.trace import Step
from ..puzzle import Puzzle
from ..solver.engine import solve
from ..techniques import BY_NAME, TABLE, Technique, UnknownTechnique, canonical

SITE = "https://sup2point0.github.io/skyscraping/"
ARROW = "->"


def rows() -> tuple[Technique, ...]:
    """The techniques, easiest first (the finisher, which is not logic, left out)."""
    return tuple(t for t in TABLE if not t.finisher)


def _key(name: str) -> str:
    return " ".join(name.strip().lower().replace("_", " ").replace("-", " ").split())


def names(t: Technique) -> tuple[str, ...]:
    """Every name the guide shows for a technique: its own, its aliases and the community's."""
    return (t.name, *t.aliases, *(n.name for n in t.community))


def lookup(name: str) -> Technique:
    """The row for a technique's name or alias, or a community name (Blockade -> peak bounds), in any case,
    with hyphens, underscores or spaces, singular or plural (naked pairs); UnknownTechnique otherwise."""
    try:
        return BY_NAME[canonical(name)]
    except UnknownTechnique:
        pass
    key = _key(name)
    for t in rows():
        for shown in names(t):
            if key in (_key(shown), _key(shown) + "s"):
                return t
    known = ", ".join(t.name for t in rows())
    raise UnknownTechnique(f"unknown technique {name!r}; known: {known} (or a name solvers use, such as Blockade)")


def docstring(t: Technique) -> str:
    """The technique's page: its module's docstring."""
    return (sys.modules[t.find.__module__].__doc__ or "").strip()


def sections(t: Technique) -> tuple[str, str]:
    """The page as (what it does, why it is sound): the paragraphs before the one starting "Sound", and from it."""
    paragraphs = docstring(t).split("\n\n")
    cut = next((k for k, p in enumerate(paragraphs) if p.startswith("Sound")), len(paragraphs))
    return "\n\n".join(paragraphs[:cut]), "\n\n".join(paragraphs[cut:])


# ---------------------------------------------------------------------------- layout for a width

def layout(text: str, width: int, indent: int = 0) -> list[str]:
    """The text as lines of at most ``width`` characters: prose paragraphs wrapped at words (a word longer
    than the width stands alone), each picture laid out by ``picture``. ``indent`` spaces go before every line."""
    out: list[str] = []
    pad = " " * indent
    for block in text.strip("\n").split("\n\n"):
        lines = [line.rstrip() for line in block.split("\n") if line.strip()]
        if not lines:
            continue
        if out:
            out.append("")
        if lines[0].startswith(" "):  # a picture: its lines are indented
            for line in picture(lines, width - indent):
                # a line of text in a picture (a chain told in words) wider than even the stacked layout wraps
                lead = " " * (len(line) - len(line.lstrip()))
                out += [pad + line] if len(line) <= width - indent else wrap(line.strip(), width, pad + lead,
                                                                             pad + lead + "    ")
        else:
            out += wrap(" ".join(line.strip() for line in lines), width, pad, pad)
    return out


def wrap(text: str, width: int, first: str = "", rest: str = "") -> list[str]:
    return textwrap.wrap(text, max(20, width), initial_indent=first, subsequent_indent=rest, break_long_words=False,
                         break_on_hyphens=False) or [""]


def picture(lines: list[str], width: int) -> list[str]:
    """One picture's lines for ``width``: whole where they fit; else the pictures side by side and the caption
    under them; else the before above the after (after an arrow), then the caption. Lines without an arrow
    are notes: they join the caption."""
    if max(len(line) for line in lines) <= width:
        return lines
    indent = min(len(line) - len(line.lstrip()) for line in lines)
    lines = [line[indent:] for line in lines]
    arrows = [line.find(f" {ARROW} ") for line in lines]
    drawn = [k for k, a in enumerate(arrows) if a >= 0]
    if not drawn:  # no before and after: lines of text, each wrapped under itself
        return [out for line in lines for out in wrap(line, width, " " * indent, " " * (indent + 4))]
    cap = _caption_column(lines, arrows)
    pictures = [lines[k][:cap].rstrip() if cap else lines[k] for k in drawn]
    words = [lines[k][cap:].strip() for k in drawn if cap and len(lines[k]) > cap]
    words += [line.strip() for k, line in enumerate(lines) if arrows[k] < 0]
    caption = " ".join(w for w in words if w)
    pad = " " * indent
    if max(len(p) for p in pictures) + indent <= width:  # side by side, the caption under them
        body = pictures
    else:  # one above the other: the before, then the after
        col = min(arrows[k] for k in drawn)
        before = [p[:col].rstrip() for p in pictures]
        after = [p[col + len(ARROW) + 2:] for p in pictures]
        lead = min(len(a) - len(a.lstrip()) for a in after if a.strip())
        after = [a[lead:].rstrip() for a in after]
        body = before + [(f"{ARROW}  " if k == 0 else "    ") + a for k, a in enumerate(after)]
    out = [pad + line for line in body]
    if caption:
        out += wrap(caption, width, pad + "  ", pad + "  ")
    return out


def _caption_column(lines: list[str], arrows: list[int]) -> Optional[int]:
    """The column where the captions of a picture's lines start: text there follows three spaces on every
    line that reaches it, to the right of every arrow; None when there is none."""
    last = max((a for a in arrows if a >= 0), default=-1)
    if last < 0:
        return None
    starts = sorted({p for k, line in enumerate(lines) if arrows[k] >= 0 for p in range(last + 5, len(line))
                     if line[p] != " " and line[p - 3:p] == "   "})
    for p in starts:
        if all(len(line) <= p or (line[p] != " " and line[p - 3:p] == "   ") or not line[p - 3:].strip()
               for k, line in enumerate(lines) if arrows[k] >= 0):
            return p
    return None


# ---------------------------------------------------------------------------- practice and a real step

@dataclass(frozen=True)
class Practice:
    """A small puzzle to try a technique on: the puzzle, how it was made, and the technique whose puzzle it
    is (the technique itself, or the next one when no puzzle can end on this one)."""

    puzzle: Puzzle
    made: str
    of: Technique

    @property
    def command(self) -> bool:
        """Was it made by a command that makes it again (``made`` is then that command)?"""
        return self.made.startswith("ascent ")

    @property
    def play(self) -> tuple[str, ...]:
        """The command that plays it, as the parts a line may break between."""
        return ("ascent play", f"--tatham '{self.puzzle.to_tatham()}'")

    @property
    def solve(self) -> tuple[str, ...]:
        """The command that shows every step of its solve."""
        return ("ascent solve --debug", f"--tatham '{self.puzzle.to_tatham()}'")

    @property
    def make(self) -> tuple[str, ...]:
        """The command that made it (when ``command``)."""
        words = self.made.split()
        return (" ".join(words[:3]), " ".join(words[3:]))


def command(parts: tuple[str, ...], width: int) -> list[str]:
    """A command to copy, for ``width``: one line when it fits; else broken between its parts (never inside
    one) with the shell's line continuation, `` \\`` at the end of a line and the next indented."""
    whole = " ".join(parts)
    if len(whole) <= width:
        return [whole]
    lines = [parts[0]]
    for part in parts[1:]:
        if len(lines[-1]) + 1 + len(part) + 2 <= width:
            lines[-1] += " " + part
        else:
            lines.append("  " + part)
    return [line + " \\" for line in lines[:-1]] + [lines[-1]]


def practice(t: Technique) -> Optional[Practice]:
    """The technique's practice puzzle. A technique that no solve can end on holds, instead of a puzzle, the
    reason why (sudoku: the last candidate of a cell is placed by naked single), and is practised on the next
    technique's puzzle; None when the table holds neither."""
    if t.practice is not None:
        return Practice(Puzzle.from_tatham(t.practice), t.practice_made, t)
    if not t.practice_made:
        return None
    after = rows()[rows().index(t) + 1:]
    return next((Practice(Puzzle.from_tatham(r.practice), r.practice_made, r) for r in after if r.practice), None)


@dataclass(frozen=True)
class Example:
    """A real step of a technique, from the solve of its practice puzzle."""

    practice: Practice
    step: Step


def example(t: Technique) -> Optional[Example]:
    """The first step of ``t`` in the solve of its practice puzzle; None when there is no practice puzzle."""
    shown = practice(t)
    if shown is None:
        return None
    result = solve(shown.puzzle)
    step = next((s for p in result.passes for s in p.steps if s.technique == t.name), None)
    return Example(shown, step) if step is not None else None
