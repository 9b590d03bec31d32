"""How the commands show a solve: grids pass by pass, steps, forcing chains, two solutions, the summary.

What is shown comes from the view model (``ascent.show.view``), the one the HTML, SVG and Markdown
exports draw; ``render`` draws it for a terminal.
"""

from __future__ import annotations

from rich.text import Text

from ..show import render
from ..show.console import console
from ..model.trace import AMBIGUOUS, Result
from ..show.view import build


def print_step(text, hang: int = render.TECHNIQUE_WIDTH) -> None:
    """One step: wrapped to a terminal's width under its sentence, but one line per step when piped."""
    if not isinstance(text, Text):  # a picture (a chain's grid): never wrapped
        console.print(text)
    elif console.is_terminal:
        console.print(render.Hanging(text, hang))
    else:
        console.print(text, soft_wrap=True)


def show_result(result: Result, debug: bool = False, compact: bool = False, answer: bool = False) -> None:
    puzzle = result.puzzle
    if answer:
        if result.status != AMBIGUOUS:  # an ambiguous puzzle's answer is its two solutions, below
            console.print(render.grid_view(puzzle, result.masks, compact=compact or result.solution is not None))
    else:
        view = build(result)
        console.print(render.frame_view(puzzle, view.start, title=f"Start: {puzzle.describe()}", compact=compact))
        for pv in view.passes:
            chains = [c for f in pv.frames for c in f.chains]
            if chains and debug:  # a forcing step: its chain starts from the grid before it, so that is drawn
                before = chains[0].frames[0]
                console.print(render.frame_view(puzzle, before, tuple(f.cells[0] for f in pv.frames if f.cells),
                                                title=f"{pv.title} (the grid before it)", compact=compact))
            else:
                console.print(render.frame_view(puzzle, pv.after, pv.changed, title=pv.title, compact=compact))
            if debug:
                for frame in pv.frames:
                    print_step(render.step_line(frame.step, puzzle.size))
                    for line, hang in render.chain_lines(frame, puzzle.size, puzzle):
                        print_step(line, hang)
                console.print()
    if result.status == AMBIGUOUS and len(result.solutions) >= 2:  # the engine's two differing solutions
        view = render.SolutionsView(puzzle, *result.solutions[:2])
        console.print(f"Two of its solutions; the {len(view.differ)} highlighted cells differ:")
        console.print(view)
    console.print(render.summary(result))
