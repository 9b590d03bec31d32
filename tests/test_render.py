"""The renderer: clues on four sides, placed heights bold, open cells as candidates, changes highlighted."""

from rich.console import Console

from ascent import Puzzle, solve
from ascent.show import render
from ascent.model.grid import Grid
from ascent.show.view import build

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


def test_stats_table_fits_80_and_60_columns_without_cutting_a_figure():
    """solve-all's table: the widest labels fit 80 columns whole; at 60 each set is a block of text."""
    import io

    from rich.console import Console

    from ascent.tools.batch import SetStats
    from ascent.show.report import SetsView as stats_table

    sets = [SetStats(9, "unreasonable", 40, 38, 2, 0, 123.45, 1335.29, {"forcing": 20, "nested forcing": 18},
                     {"unreasonable": 40}, 2186)]
    for width in (80, 60):
        out = io.StringIO()
        Console(file=out, width=width, force_terminal=False).print(stats_table(sets))
        lines = out.getvalue().splitlines()
        assert all(len(line.rstrip()) <= width for line in lines), (width, lines)
        text = out.getvalue()
        assert "…" not in text and "123.45" in text and "1335.29" in text and "nested forcing 18" in " ".join(
            line.strip() for line in lines), text
        assert ("size" in lines[0]) == (width == 80)  # the table at 80 (one-line headings), the blocks at 60
        if width == 80:
            assert lines[0].split() == ["size", "label", "puzzles", "logic", "guessed", "unsolved", "seconds",
                                        "median", "ms", "median", "score"]
