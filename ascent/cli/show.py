"""How the commands show a solve: grids pass by pass, steps, forcing chains, two solutions, the summary."""

from __future__ import annotations

from .. import render
from ..console import console
from ..grid import Grid
from ..trace import AMBIGUOUS, Result


def print_step(text, hang: int = render.TECHNIQUE_WIDTH) -> None:
    """One step: wrapped to a terminal's width under its sentence, but one line per step when piped."""
    if console.is_terminal:
        console.print(render.Hanging(text, hang))
    else:
        console.print(text, soft_wrap=True)


def two_solutions(result: Result):
    """Two different solutions of an ambiguous puzzle (the engine's, or found again here)."""
    found = getattr(result, "solutions", None)
    if not found or len(found) < 2:
        from ..backtrack import search

        found = search(Grid.start(result.puzzle), limit=2)
    return found[:2] if len(found) >= 2 else None


def show_result(result: Result, debug: bool = False, compact: bool = False, answer: bool = False) -> None:
    puzzle = result.puzzle
    if answer:
        if result.status != AMBIGUOUS:  # an ambiguous puzzle's answer is its two solutions, below
            console.print(render.grid_view(puzzle, result.masks, compact=compact or result.solution is not None))
    else:
        console.print(render.grid_view(puzzle, Grid.start(puzzle).snapshot(), title=f"Start: {puzzle.describe()}",
                                       compact=compact))
        before = Grid.start(puzzle).snapshot()
        for p, masks, changed in render.passes_with_grids(result):
            console.print(render.grid_view(puzzle, masks, changed, title=render.pass_title(p), compact=compact))
            if debug:
                for step in p.steps:
                    print_step(render.step_line(step, puzzle.size))
                    for line, hang in render.chain_lines(step, puzzle, before):
                        print_step(line, hang)
                console.print()
            before = masks
    if result.status == AMBIGUOUS:
        pair = two_solutions(result)
        if pair:
            view = render.SolutionsView(puzzle, *pair)
            console.print(f"Two of its solutions; the {len(view.differ)} highlighted cells differ:")
            console.print(view)
    console.print(render.summary(result))
