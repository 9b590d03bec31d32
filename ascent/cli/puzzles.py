"""check and convert: a puzzle given on the command line, checked against a grid or written in another format."""

from __future__ import annotations

from typing import Optional

import typer

from ..model import cands
from ..puzzle import formats
from ..show import render
from ..model.grid import cell_name
from ..show.render import plural
from ..show.console import console
from ..puzzle import PuzzleError
from ..model.trace import AMBIGUOUS, SOLVED
from .base import EXIT_SOLVED, EXIT_UNSOLVED, Usage, app
from .given import Given, puzzle_options


# ---------------------------------------------------------------------------- check
@app.command("check")
@puzzle_options()
def check_cmd(
    grid: str = typer.Option(..., "--grid", help="Your grid in reading order: heights, '-' for empty; spaces and '/' ignored."),
    given: Given = None,  # the puzzle options (given.py)
    reveal: bool = typer.Option(False, "--reveal", help="Also show the right height of the first wrong cell, and the solution."),
) -> int:
    """Check a filled or partial grid: is each placed height allowed by the rules and the solution?

    Names the first wrong cell in reading order, without giving the answer away unless --reveal.
    Exit 0 when every placed height is right, 3 when one is wrong or the puzzle has no single
    solution to check against (ambiguous or impossible).

    \b
    Example:
      ascent check --keys 2213322131232231 --grid "1342/4213/3421/2134"
      ascent check --keys 2213322131232231 --grid "13-- 4--- ---- ----"
      ascent check --keys 2213322131232231 --grid "1432/----/----/----" --reveal
    """
    from ..tools.check import check, parse_grid

    puzzle = given.puzzle()
    n = puzzle.size
    try:
        values = parse_grid(grid, n)
    except PuzzleError as e:
        raise Usage(f"--grid: {e}") from None
    verdict = check(puzzle, values)
    masks = [cands.bit(h) if h else cands.full(n) for h in values]
    wrong = [verdict.wrong[0]] if verdict.wrong else []
    first = None  # with --reveal: the first placed height, in reading order, that the solution does not have
    if reveal and verdict.wrong and verdict.solution:
        solution = [h for row in verdict.solution for h in row]
        first = next((i for i, h in enumerate(values) if h and h != solution[i]), verdict.wrong[0])
        wrong = [first]
    console.print(render.grid_view(puzzle, masks, wrong, title="Your grid", compact=True))
    if verdict.wrong:
        line = f"wrong: {verdict.wrong[1]}"
        if first is not None:
            line += f" (the first wrong cell is {cell_name(first, n)}: the solution has {solution[first]} there)"
        console.print(line, markup=False)
    elif verdict.status == SOLVED:
        done = "the grid is solved" if not verdict.open else f"{plural(verdict.open, 'cell')} still open"
        if not verdict.placed:
            console.print(f"nothing to check yet: no height is placed ({done})", markup=False)
        else:
            placed = "the 1 placed height agrees" if verdict.placed == 1 else f"all {verdict.placed} placed heights agree"
            console.print(f"right: {placed} with the rules and the solution; {done}", markup=False)
    elif verdict.status == AMBIGUOUS:
        breaks = f"{plural(verdict.placed, 'placed height')} break{'s' if verdict.placed == 1 else ''} no rule"
        console.print(f"{breaks}, but the puzzle has more than one solution, "
                      "so they cannot be checked against the solution")
    else:
        breaks = f"{plural(verdict.placed, 'placed height')} break{'s' if verdict.placed == 1 else ''} no rule"
        console.print(f"{breaks}, but the puzzle has no solution")
    if reveal and verdict.solution:
        console.print(render.grid_view(puzzle, [cands.bit(h) for row in verdict.solution for h in row], wrong,
                                       title="The solution", compact=True))
    return EXIT_UNSOLVED if verdict.wrong or verdict.status != SOLVED else EXIT_SOLVED  # ambiguous, impossible: 3


# ---------------------------------------------------------------------------- convert
@app.command("convert")
@puzzle_options()
def convert_cmd(
    given: Given = None,  # the puzzle options (given.py)
    to: Optional[str] = typer.Option(None, "--to", help=f"One format: {', '.join(formats.NAMES)} (default: every one that fits)."),
) -> int:
    """Write a puzzle in another input format: record JSON, clockwise clues, keys+state, Tatham id,
    puzz.link URL.

    With --to, only that format's text is printed, ready to paste or pipe: one line a puzzle, so a
    whole --file converts at once (and reads back with --file).

    \b
    Example:
      ascent convert --clues "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"
      ascent convert --keys 0003010002003000 --state 4--22----234-4-- --to tatham
      ascent convert --keys 2213322131232231 --to record > puzzle.json
      ascent convert --tatham "4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1" --to puzzlink
      ascent generate 5 --level easy -n 3 | ascent convert --file - --to tatham
    """
    puzzles = given.puzzles()
    if to is not None:
        if to not in formats.NAMES:
            raise Usage(f"--to: unknown format {to!r}; known: {', '.join(formats.NAMES)}")
        for where, puzzle in puzzles:
            try:
                text = formats.write(puzzle, to)
            except PuzzleError as e:
                raise Usage(f"--to {to}: {where + ': ' if where else ''}{e}") from None
            console.print(text, markup=False, soft_wrap=True)
        return EXIT_SOLVED
    for k, (where, puzzle) in enumerate(puzzles, 1):
        if len(puzzles) > 1:
            console.print(f"{'' if k == 1 else chr(10)}puzzle {k} of {len(puzzles)}: {where}", markup=False)
        for name in formats.NAMES:
            try:
                text = formats.write(puzzle, name)
            except PuzzleError as e:
                text = f"(not possible: {e})"
            console.print(f"{name + ':':<10}{text}", markup=False, soft_wrap=True)
    return EXIT_SOLVED
