"""Lane pictures: ``4 | [12] [23] 4 _ 6 5 | 2``.

A plain digit is a placed building, ``[13]`` candidates (``[3]`` a lone candidate not yet
placed), ``_`` every height. Clues stand before the first ``|`` and after the last.
The lane becomes row 1 of an N x N grid; the other rows are open.
"""

from ascent import cands
from ascent.grid import Grid
from ascent.puzzle import Puzzle


def parse(picture: str):
    parts = [p.strip() for p in picture.split("|")]
    front = back = 0
    if len(parts) == 3:
        front, body, back = int(parts[0] or 0), parts[1], int(parts[2] or 0)
    elif len(parts) == 2:
        front, body = int(parts[0] or 0), parts[1]
    else:
        body = parts[0]
    tokens = body.split()
    n = len(tokens)
    cells = []
    for t in tokens:
        if t == "_":
            cells.append((cands.full(n), 0))
        elif t.startswith("["):
            m = 0
            for ch in t.strip("[]"):
                m |= cands.bit(int(ch))
            cells.append((m, 0))
        else:
            cells.append((cands.bit(int(t)), int(t)))
    return front, back, cells


def grid_of(picture: str) -> Grid:
    front, back, cells = parse(picture)
    n = len(cells)
    zeros = (0,) * n
    puzzle = Puzzle(n, zeros, zeros, (front,) + zeros[1:], (back,) + zeros[1:])
    grid = Grid.start(puzzle)
    for i, (m, v) in enumerate(cells):
        grid.masks[i] = m
        grid.values[i] = v
    return grid


def picture(grid: Grid, row: int = 0) -> str:
    n = grid.n
    out = []
    for i in range(row * n, row * n + n):
        m, v = grid.masks[i], grid.values[i]
        if v:
            out.append(str(v))
        elif m == cands.full(n):
            out.append("_")
        else:
            out.append("[" + "".join(str(d) for d in cands.digits(m)) + "]")
    front, back = grid.puzzle.left[row], grid.puzzle.right[row]
    text = " ".join(out)
    if front or back:
        text = f"{front or ''} | {text}".lstrip()
    if back:
        text += f" | {back}"
    return text


def run(technique, pic: str):
    """Apply every step the technique yields on the lane; return (picture after, steps)."""
    grid = grid_of(pic)
    steps = []
    for step in technique(grid):
        grid.apply(step)
        steps.append(step)
    return picture(grid), steps
