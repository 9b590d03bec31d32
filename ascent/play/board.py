"""The rich game's board as a rich table (drawn by the command line, never printed here)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from ..model import cands
from .game import Game


def _marks_text(m: int, block: bool) -> str:
    """A cell's pencil marks: on one line, or (``block``) three to a line, so a narrow board never
    breaks inside a cell."""
    text = cands.show(m).strip("[]")
    if cands.count(m) == 1 or not block:
        return f"[{text}]"
    return "\n".join(text[k:k + 3] for k in range(0, len(text), 3))


MARKS_PER_LINE = 3  # a narrow board stacks a cell's pencil marks three to a line: 123 / 456 / 789 / ABC


def board(game: Game, changed=(), width: int = 80, cursor: int | None = None) -> Table:
    """The player's board: clues on four sides, row and column numbers, givens bold, marks dim; the
    cell at ``cursor`` (the arrow keys') in reverse video, its row and column numbers bold.
    When the marks on one line would not fit ``width``, every cell is three characters wide and its
    marks stack three to a line (a 12x12 fits 60 columns so); numbers are never broken."""
    puzzle, n = game.puzzle, game.n
    changed = set(changed)
    shown = [m if (not game.values[i] and game.show_marks) else 0 for i, m in enumerate(game.marks)]
    cw = len(str(n))  # the row and column numbers, and the clues
    columns = [max([cw] + [len(_marks_text(shown[r * n + c], False)) for r in range(n) if shown[r * n + c]])
               for c in range(n)]
    # each column is followed by a gap of three spaces, else two, else (a narrow board) one with the marks stacked
    gap = next((g for g in (3, 2) if 3 * (cw + g) + sum(w + g for w in columns) <= width), 1)
    block = gap == 1
    cell_width = max(cw, MARKS_PER_LINE) if block else None
    table = Table(box=None, show_header=False, show_edge=False, pad_edge=False, padding=(0, gap, 0, 0))
    for _ in range(2):  # the row numbers and the left clues
        table.add_column(justify="right", no_wrap=True, min_width=cw)
    for c in range(n):
        table.add_column(justify="center", no_wrap=True, width=cell_width, min_width=columns[c] if not block else None)
    table.add_column(justify="left", no_wrap=True, min_width=cw)
    bad_cells, bad_clues = game.conflicts()

    def clue(c: int, side: str = "", k: int = -1) -> Text:
        return Text(str(c) if c else "", style="bold white on red" if (side, k) in bad_clues else "cyan")

    table.add_row("", "", *(Text(str(c + 1), style="bold" if cursor is not None and cursor % n == c else "dim")
                            for c in range(n)), "")
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
            if i == cursor:
                style = f"{style} reverse"
            elif i in changed and i not in bad_cells:
                style = "bold black on yellow"
            cells.append(Text(text, style=style))
        here = cursor is not None and cursor // n == r
        table.add_row(Text(str(r + 1), style="bold" if here else "dim"), clue(puzzle.left[r], "left", r), *cells,
                      clue(puzzle.right[r], "right", r))
    table.add_row("", "", *(clue(c, "lower", k) for k, c in enumerate(puzzle.lower)), "")
    return table
