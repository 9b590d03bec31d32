"""The technique guide (``ascent techniques [NAME]``): the table of techniques read as a guide.

Everything about a technique comes from its row of ``ascent.techniques.TABLE`` (tier, level, cost,
idea, aliases) and its module's docstring (the lane picture and why it is sound). This module adds
only what the table does not hold, keyed by the row's name, so the guide cannot drift from the
engine: the Skyscrapers community's names for the same ideas, and which puzzle shows a real step.

Community names are those of *Skyscraping* (Sup2point0, https://sup2point0.github.io/skyscraping),
a guide to solving Skyscrapers by hand, and the Sudoku names everyone uses for the Latin-square
techniques. Each says in our words which part of the technique it is.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from importlib import resources
from typing import Optional

from ..techniques import TABLE, Technique, canonical

SITE = "https://sup2point0.github.io/skyscraping/"


@dataclass(frozen=True)
class Name:
    """A name people use for (part of) a technique: the name, its page on the Skyscraping site (None
    for the Sudoku names, which have no one home) and what it covers, in ascent's words."""

    name: str
    page: Optional[str]
    covers: str

    @property
    def url(self) -> Optional[str]:
        return SITE + self.page if self.page else None


COMMUNITY: dict[str, tuple[Name, ...]] = {
    "ascent": (
        Name("Silhouette", "cases/silhouette", "a clue of 1: the tallest stands next to it"),
        Name("Stairs", "cases/stairs", "a clue of N: the lane reads 1 to N"),
        Name("Lighthouse", "cases/lighthouse", "how far from clue c the tallest must stand (c - 1 cells or more)"),
        Name("Meet in the Middle", "cases/meet-in-the-middle",
             "opposite clues summing to N+1: the tallest stands exactly c cells out"),
    ),
    "sudoku": (Name("sudoku deductions", "glossary#sudoku-deductions",
                    "a placed height leaves its row and column"),),
    "pinpoint": (Name("Pinpoint", "tech/pinpoint", "a height with only one place left in its lane"),
                 Name("hidden single", None, "the Sudoku name for the same")),
    "peak bounds": (Name("Skylining", "tech/skylining", "reading the placed tall buildings (lane peaks) "
                                                         "to bound where the rest can stand"),),
    "peak descent": (
        Name("Blockade", "cases/blockade", "a clue of 2 with the tallest at the far end: N-1 stands next to the clue"),
        Name("Hideout", "cases/hideout", "sure peaks already meet the clue, so the cells between them hide"),
        Name("Slide", "cases/slide", "the tallest c cells out from clue c: every building before it shows, rising"),
    ),
    "isolate": (Name("naked and hidden pairs, triples, quads", None, "k cells sharing k heights"),),
    "sequence": (
        Name("Ascendant", "cases/ascendant", "a clue of 2: N-1 stands next to the clue or beyond the tallest"),
        Name("High-Rise", "cases/high-rise", "clues of 2 at both ends: N-1 stands at one end"),
        Name("Middle Ground", "cases/middle-ground", "a clue of 3 with the tallest at the far end: the second "
                                                     "cell is not N-2"),
        Name("Leap of Faith", "cases/leap-of-faith", "the orderings a clue of 2 allows"),
    ),
    "fish": (Name("X-wing, swordfish, jellyfish", None, "k rows whose height fits the same k columns"),),
    "pair chain": (Name("XY-chain", None, "a chain of two-candidate cells"),),
    "forcing": (Name("hypothetical deduction", "glossary#hypothetical-deduction",
                     "suppose a candidate and reach a contradiction"),),
    "nested forcing": (Name("hypothetical deduction", "glossary#hypothetical-deduction",
                            "a supposition whose chain itself supposes"),),
}

# Where a real step of each technique is found: a puzzle of the shipped samples (file, label, entry
# from 1) whose solve uses it, or a puzzle ascent made (a Tatham id, and how it was made).
SAMPLES: dict[str, tuple[str, str, int]] = {
    "ascent": ("4x4", "easy", 3), "sudoku": ("4x4", "easy", 3), "naked single": ("4x4", "easy", 3),
    "pinpoint": ("8x8", "easy", 3), "peak bounds": ("5x5", "easy", 3), "peak descent": ("4x4", "tricky", 3),
    "isolate": ("5x5", "hard", 3), "sequence": ("4x4", "hard", 3), "pair chain": ("7x7", "codewars", 1),
    "forcing": ("7x7", "codewars", 1),
}
MADE: dict[str, tuple[str, str]] = {
    "fish": ("6:/6///3//4///4//5///1/////2//2//,zi1", "ascent generate 6 --level extreme --seed 31 (the first)"),
}


def row(name: str) -> Technique:
    """The table's row for a name or alias (UnknownTechnique otherwise; the finisher is not a technique)."""
    key = canonical(name)
    return next(t for t in TABLE if t.name == key)


def rows() -> tuple[Technique, ...]:
    """The techniques, easiest first (the finisher, which is not logic, left out)."""
    return tuple(t for t in TABLE if not t.finisher)


def picture(t: Technique) -> str:
    """The lane picture and why it is sound: the technique's module docstring."""
    return (sys.modules[t.find.__module__].__doc__ or "").strip()


def blocks(text: str) -> list[tuple[bool, str]]:
    """A docstring as (is_picture, text) blocks, for a terminal of any width: indented lines are a
    picture, kept line for line; the other lines of a paragraph are one flowing line."""
    out: list[tuple[bool, str]] = []
    for line in text.splitlines():
        picture_line = line.startswith(" ")
        if not line.strip():
            out.append((True, ""))
        elif picture_line or not out or out[-1][0]:
            out.append((picture_line, line.rstrip()))
        else:
            out[-1] = (False, out[-1][1] + " " + line.strip())
    return out


@dataclass(frozen=True)
class Example:
    """A real step of a technique and where it came from."""

    where: str
    puzzle: object  # Puzzle
    step: object  # Step


def example(t: Technique) -> Optional[Example]:
    """The first step of ``t`` in the solve of its example puzzle; None when there is none."""
    from ..solver.engine import solve
    from ..puzzle import Puzzle

    if t.name in SAMPLES:
        size, label, k = SAMPLES[t.name]
        data = json.loads(resources.files("ascent.store.samples").joinpath(f"{size}-puzzles.json").read_text())
        puzzle = Puzzle.from_record(data[label][k - 1], label)
        where = f"the shipped sample {size} difficulty {label}, puzzle {k}"
    elif t.name in MADE:
        game_id, how = MADE[t.name]
        puzzle = Puzzle.from_tatham(game_id)
        where = f"{game_id}, made by {how}"
    else:
        return None
    result = solve(puzzle)
    step = next((s for p in result.passes for s in p.steps if s.technique == t.name), None)
    return Example(where, puzzle, step) if step is not None else None
