"""The rich game's board as a rich table (drawn by the command line, never printed here)."""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text

from .. import cands
from .game import Game


def _marks_text(m: int, block: bool) -> str:
    """A cell's pencil marks: on one line, or (``block``) three to a line, so a narrow board never
    breaks inside a cell."""
    text = cands.show(m).strip("[]")
    if cands.count(m) == 1 or not block:
        return f"[{text}]"
    return "\n".join(text[k:k + 3] for k in range(0, len(text), 3))


def board(game: Game, changed=(), width: int = 80) -> Table:
    """The player's board: clues on four sides, row and column numbers, givens bold, marks dim.
    When the marks on one line would not fit ``width``, each cell's marks stack three to a line."""
    puzzle, n = game.puzzle, game.n
    changed = set(changed)
    shown = [m if (not game.values[i] and game.show_marks) else 0 for i, m in enumerate(game.marks)]
    columns = [max([1] + [len(_marks_text(shown[r * n + c], False)) for r in range(n) if shown[r * n + c]])
               for c in range(n)]
    cw = len(str(n))
    block = 3 * cw + 4 + sum(w + 2 for w in columns) > width
    table = Table(box=box.SIMPLE_HEAD, show_header=False, show_edge=False, pad_edge=False, padding=(0, 1))
    # numbers and clues never shrink; a cell's marks fold onto a second line when the terminal is narrow
    for _ in range(2):
        table.add_column(justify="center", no_wrap=True, min_width=len(str(n)))
    for _ in range(n):
        table.add_column(justify="center", overflow="fold", min_width=1)
    table.add_column(justify="center", no_wrap=True, min_width=len(str(n)))

    bad_cells, bad_clues = game.conflicts()

    def clue(c: int, side: str = "", k: int = -1) -> Text:
        return Text(str(c) if c else "", style="bold white on red" if (side, k) in bad_clues else "cyan")

    table.add_row("", "", *(Text(str(c + 1), style="dim") for c in range(n)), "")
    table.add_row("", "", *(clue(c, "upper", k) for k, c in enumerate(puzzle.upper)), "")
    for r in range(n):
        cells = []
        for c in range(n):
            i = r * n + c
            v, m = game.values[i], game.marks[i]
            if v:
                text, style = cands.show(cands.bit(v)), "bold" if game.given(i) else "bold green"
            elif m and game.show_marks:
                text, style = _marks_text(m, block), "dim"
            else:
                text, style = ".", "dim"
            if i in bad_cells:  # a repeated height: red at once, as in Tatham's game
                style = "bold white on red"
            cells.append(Text(text, style="bold black on yellow" if i in changed and i not in bad_cells else style))
        table.add_row(Text(str(r + 1), style="dim"), clue(puzzle.left[r], "left", r), *cells,
                      clue(puzzle.right[r], "right", r))
    table.add_row("", "", *(clue(c, "lower", k) for k, c in enumerate(puzzle.lower)), "")
    return table
