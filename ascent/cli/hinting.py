"""hint: the easiest next step from the player's grid, at three levels."""

from __future__ import annotations

from typing import Optional

import typer

from ..show.console import console, note
from .base import EXIT_SOLVED, EXIT_UNSOLVED, Usage, app
from .given import Given, puzzle_options


# ---------------------------------------------------------------------------- hint
@app.command("hint")
@puzzle_options(stored=True)
def hint_cmd(
    given: Given = None,  # the puzzle options (given.py)
    grid: Optional[str] = typer.Option(None, "--grid", help="Your grid so far, row-major: a height, '-' for empty, "
                                       "[123] for pencil marks; spaces and / between cells are free."),
    level: int = typer.Option(3, "--level", "-l", min=1, max=3, help="1 where to look, 2 which idea, 3 the full step."),
) -> int:
    """The easiest next step from your grid: where to look (1), which idea (2), or the whole step (3).

    A height in your grid that the puzzle's unique solution does not have is named first.

    \b
    Example:
      ascent hint --keys 2213322131232231 --grid "1--- ---- ---- ----" -l 1
      ascent hint --keys 2213322131232231 --grid "1[23]-- ---- ---- ----"
      ascent hint --size 6 --level 2
    """
    from ..tools.hint import NO_SOLUTION, GridError, hint, player_grid

    puzzle = given.chosen()
    try:
        player = player_grid(puzzle, grid)
    except GridError as e:
        raise Usage(f"--grid: {e}") from None
    h = hint(puzzle, player, level)
    if not given.named:  # a stored puzzle: say which (on stderr, so stdout stays the hint alone)
        note(f"note: the hint is for the stored puzzle {puzzle.describe()}")
    console.print(h.text, markup=False)
    return EXIT_UNSOLVED if h.kind == NO_SOLUTION else EXIT_SOLVED
