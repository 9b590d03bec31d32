"""techniques: the table of techniques as a guide, with the names the Skyscrapers community uses.

Every line fits the terminal's width (or $COLUMNS when piped, 80 without it): prose wraps at words, a
picture never wraps (``guide.layout``), and a command to copy stands on a line of its own, broken only
between its words with the shell's continuation when it is wider than that (``guide.command``).
"""

from __future__ import annotations

from typing import Optional

import typer
from rich.table import Table
from rich.text import Text

from ..show import render
from ..show.console import console
from ..techniques import TABLE, UnknownTechnique
from ..tools import guide
from .base import EXIT_SOLVED, Usage, app


def _line(text: str, style: str = "") -> None:
    """One line already cut to the width: printed as it is."""
    console.print(Text(text, style=style), no_wrap=True, overflow="ignore", crop=False, soft_wrap=True)


def _prose(text: str, first: str = "", rest: str = "", style: str = "") -> None:
    for line in guide.wrap(text, console.width, first, rest):
        _line(line, style)


def _command(parts: tuple[str, ...]) -> None:
    """A command to copy: at the line's start, on a line of its own, or broken between its parts with the
    shell's line continuation when it is wider than the terminal (never inside a word)."""
    for line in guide.command(parts, console.width):
        _line(line, "cyan")


def _heading(text: str) -> None:
    console.print()
    _line(text, "bold")


def _overview() -> None:
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold", padding=(0, 2, 0, 0))
    table.add_column("tier", justify="right", no_wrap=True)
    table.add_column("technique", no_wrap=True, style="bold magenta")
    table.add_column("level", no_wrap=True)
    table.add_column("also known as", overflow="fold", ratio=1)
    for t in guide.rows():
        table.add_row(str(t.tier), t.name, t.level, ", ".join(n.name for n in t.community))
    _prose("The techniques, easiest first: a solve tries each in turn and goes back to the easiest after every "
           "step. To see one in full, give its name or any name below, as in:")
    _command(("ascent techniques x-wing",))
    console.print()
    console.print(table)


def _names(t) -> None:
    if not t.community:
        return
    _heading("What solvers call it")
    for n in t.community:
        kind = ""
        if n.case:
            kind = f", a special case of {t.name}" + (f", finished by {' and '.join(n.then)}" if n.then else "")
        _prose(f"{n.name}{kind}: {n.covers}" + (f" (Skyscraping: {n.page})" if n.page else "") + ".", "  ", "    ")
    if any(n.page for n in t.community):
        _prose("Skyscraping is a guide to solving Skyscrapers by hand:", "  ", "  ", style="dim")
        _line(f"  {guide.SITE}", "dim")


def _try(t) -> None:
    shown = guide.example(t)
    practice = guide.practice(t)
    _heading("An example")
    if shown is None:
        _prose("No puzzle that needs it is kept here: forcing alone has finished every puzzle tried for "
               "this guide, 9x9 and 12x12 among them.", "  ", "  ")
    else:
        _prose("A real step, from the solve of the practice puzzle below:", "  ", "  ")
        console.print(render.Hanging(render.step_line(shown.step, shown.practice.puzzle.size, indent="  "),
                                     2 + render.TECHNIQUE_WIDTH))
    _heading("Try it")
    if practice is None:
        _prose("Try forcing's puzzle instead: 'ascent techniques forcing' gives it.", "  ", "  ")
        return
    n = practice.puzzle.size
    if practice.of is t:
        _prose(f"A {n}x{n} puzzle whose hardest step is {t.name}. Play it:", "  ", "  ")
    else:
        _prose(f"{t.practice_made.capitalize()}, so it is practised on {practice.of.name}'s puzzle, a {n}x{n}. "
               "Play it:", "  ", "  ")
    _command(practice.play)
    _prose("Or watch every step of its solve:", "  ", "  ")
    _command(practice.solve)
    if practice.command:
        _prose("It was made by:", "  ", "  ")
        _command(practice.make)
    else:
        _prose(f"It was {practice.made}.", "  ", "  ")


def _full(name: str) -> None:
    try:
        t = guide.lookup(name)
    except UnknownTechnique as e:
        raise Usage(str(e)) from None
    last = max(row.tier for row in TABLE if not row.finisher)
    lines = guide.wrap(f"{t.name}: tier {t.tier} of {last}, level {t.level}, {t.cost} to the score per step"
                       + (f"; also called {', '.join(t.aliases)}" if t.aliases else ""), console.width, "", "  ")
    first = Text(lines[0])
    first.stylize("bold magenta", 0, len(t.name))
    console.print(first, no_wrap=True, overflow="ignore", crop=False, soft_wrap=True)
    for line in lines[1:]:
        _line(line)
    _prose(f"The idea: {t.idea}.")
    _names(t)
    what, why = guide.sections(t)
    _heading("What it does")
    for line in guide.layout(what, console.width, 2):
        _line(line)
    _heading("Why it is sound")
    for line in guide.layout(why, console.width, 2):
        _line(line)
    _try(t)


@app.command("techniques")
def techniques_cmd(
    name: Optional[str] = typer.Argument(None, help="One technique, by its name, an alias or a name solvers use "
                                                    "(Blockade, X-wing, naked pair), in any case."),
) -> int:
    """The techniques as a guide: each with its tier and level, the names solvers use for it, what it does
    (its lane pictures), why it is sound, a real step, and a small puzzle to try it on.

    \b
    Example:
      ascent techniques
      ascent techniques "peak descent"
      ascent techniques x-wing
    """
    if name is None:
        _overview()
    else:
        _full(name)
    return EXIT_SOLVED
