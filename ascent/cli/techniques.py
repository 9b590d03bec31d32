"""techniques: the table of techniques as a guide, with the names the Skyscrapers community uses."""

from __future__ import annotations

import re
from typing import Optional

import typer
from rich.table import Table
from rich.text import Text

from ..tools import guide
from ..show import render
from ..show.console import console
from ..techniques import TABLE, UnknownTechnique
from .base import EXIT_SOLVED, Usage, app
from .show import print_step


def _lookup(name: str):
    """The row for a technique's name or alias, or for a community name (Blockade -> peak descent)."""
    try:
        return guide.row(name)
    except UnknownTechnique:
        key = " ".join(name.lower().replace("-", " ").split())
        for tech, names in guide.COMMUNITY.items():
            if any(key == " ".join(n.name.lower().replace("-", " ").split()) for n in names):
                return guide.row(tech)
        known = ", ".join(t.name for t in guide.rows())
        raise Usage(f"unknown technique {name!r}; known: {known} (or a community name such as Blockade)") from None


def _overview() -> None:
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold", padding=(0, 2, 0, 0))
    table.add_column("tier", justify="right", no_wrap=True)
    table.add_column("technique", no_wrap=True, style="bold magenta")
    table.add_column("level", no_wrap=True)
    table.add_column("also known as", overflow="fold", ratio=1)
    for t in guide.rows():
        table.add_row(str(t.tier), t.name, t.level, "\n".join(n.name for n in guide.COMMUNITY.get(t.name, ())))
    console.print("The techniques, easiest first: a solve tries each in turn and goes back to the easiest "
                  "after every step. 'ascent techniques NAME' shows one in full.", markup=False)
    console.print()
    console.print(table)


def _full(name: str) -> None:
    t = _lookup(name)
    last = max(row.tier for row in TABLE if not row.finisher)
    console.print(Text.assemble((t.name, "bold magenta"),
                                f": tier {t.tier} of {last}, level {t.level}, {t.cost} to the score per step"
                                + (f"; also called {', '.join(t.aliases)}" if t.aliases else "")))
    console.print(f"The idea: {t.idea}.", markup=False)
    names = guide.COMMUNITY.get(t.name, ())
    if names:
        console.print()
        console.print("What solvers call it:", style="bold")
        for n in names:
            text = Text(f"  {n.name}", style="cyan")
            text.append(f": {n.covers}")
            if n.page:
                text.append(f" (Skyscraping: {n.page})", style="dim")
            print_step(text, 4)
        if any(n.page for n in names):
            console.print("  Skyscraping, a guide to solving Skyscrapers by hand:", style="dim", markup=False)
            console.print(f"  {guide.SITE}", style="dim", markup=False, overflow="ignore", crop=False)
    console.print()
    for is_picture, text in guide.blocks(guide.picture(t)):  # pictures line for line, prose wrapped
        if not is_picture:
            console.print(text, markup=False, highlight=False)
            continue
        split = re.match(r"^(\s*\S.*?)\s{3,}(\S.*)$", text)  # a picture, then (after a wide gap) what it says
        if len(text) <= console.width:
            console.print(text, markup=False, highlight=False, overflow="ignore", no_wrap=True, crop=False)
        elif not split:  # a note standing alone far out: under the picture, like the others
            print_step(Text(" " * 8 + text.strip()), 8)
        else:  # too wide: what it says goes under the picture
            console.print(split.group(1), markup=False, highlight=False, overflow="ignore", no_wrap=True, crop=False)
            print_step(Text(" " * 8 + split.group(2)), 8)
    console.print()
    shown = guide.example(t)
    if shown is None:
        console.print("A real step: none of the shipped samples needs it, and none is kept here.", markup=False)
        return
    console.print(f"A real step, from {shown.where}:", style="bold", markup=False)
    print_step(render.step_line(shown.step, shown.puzzle.size, indent="  "), 2 + render.TECHNIQUE_WIDTH)
    console.print("  The whole solve:", style="dim", markup=False)
    console.print(f"  ascent solve --tatham '{shown.puzzle.to_tatham()}' --debug", style="dim", markup=False,
                  soft_wrap=True)


@app.command("techniques")
def techniques_cmd(
    name: Optional[str] = typer.Argument(None,
                                         help="One technique, by its name, an alias or a community name (Blockade)."),
) -> int:
    """The techniques as a guide: each with its tier and level, the names solvers use for it, its lane
    picture, why it is sound, and a real step from a puzzle.

    \b
    Example:
      ascent techniques
      ascent techniques "peak descent"
      ascent techniques blockade
    """
    if name is None:
        _overview()
    else:
        _full(name)
    return EXIT_SOLVED
