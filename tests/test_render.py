"""The renderer: clues on four sides, placed heights bold, open cells as candidates, changes highlighted."""

from rich.console import Console

from ascent import Puzzle, solve
from ascent import render
from ascent.grid import Grid
from ascent.view import build

KATA = Puzzle.from_clues([0, 0, 1, 2, 0, 2, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0])


def shown(renderable, color=False):
    console = Console(record=True, width=120, force_terminal=color, color_system="truecolor" if color else None)
    console.print(renderable)
    return console.export_text(styles=color)


def test_grid_has_clues_on_four_sides_and_candidates():
    text = shown(render.grid_view(KATA, Grid.start(KATA).snapshot(), title="Start"))
    lines = [line.rstrip() for line in text.splitlines() if line.strip()]
    assert lines[0] == "Start"
    assert lines[1].split() == ["1", "2"]  # top clues over columns 3 and 4
    assert lines[3].split() == ["[1234]"] * 4 + ["2"]  # row 2 with its right clue
    assert lines[4].split() == ["1"] + ["[1234]"] * 4  # row 3 with its left clue
    assert lines[-1].split() == ["3"]  # bottom clue under column 3


def test_changed_cells_are_highlighted_and_others_not():
    masks = Grid.start(KATA).snapshot()
    plain = shown(render.GridView(KATA, masks), color=True)
    marked = shown(render.GridView(KATA, masks, changed=[5]), color=True)
    assert "\x1b[1;30;43m" not in plain  # bold black on yellow
    assert marked.count("\x1b[1;30;43m") == 1


def test_passes_replay_to_the_final_grid_and_name_their_techniques():
    result = solve(KATA)
    view = build(result)  # the terminal draws the passes from the view model
    assert len(view.passes) == len(result.passes)
    assert view.final.masks == result.masks
    assert all(pv.changed for pv in view.passes)
    assert view.passes[0].title == render.pass_title(result.passes[0]) == "Pass 1: ascent, 5 steps (and sudoku, 2)"
    assert f"SOLVED in {len(result.passes)} passes" in render.summary(result).plain
