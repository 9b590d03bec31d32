"""Lane pictures: ``4 | [12] [23] 4 _ 6 5 | 2``.

A plain digit is a placed building, ``[13]`` candidates (``[3]`` a lone candidate not yet
placed), ``_`` every height. Clues stand before the first ``|`` and after the last (``_`` for no clue).
The lane becomes row 1 of an N x N grid, read from the left (the other rows are open); or, with
``side`` and ``index``, any row or column read from any side: ``side="lower", index=2`` puts the
picture in column 3 read upward from its bottom clue.
"""

from ascent.model import cands
from ascent.model.grid import Grid
from ascent.techniques.memory import Memory
from ascent.puzzle import Puzzle


def parse(picture: str):
    parts = [p.strip() for p in picture.split("|")]
    front = back = 0
    if len(parts) == 3:
        front, body, back = _clue(parts[0]), parts[1], _clue(parts[2])
    elif len(parts) == 2:
        front, body = _clue(parts[0]), parts[1]
    else:
        body = parts[0]
    return front, back, cells_from(body.split())


def _clue(text: str) -> int:
    return 0 if text in ("", "_") else int(text)


def cells_from(tokens: list[str]) -> list[tuple[int, int]]:
    """(mask, value) per token: ``_``, ``[13]`` or a placed height."""
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
    return cells


SIDES = ("left", "right", "upper", "lower")
_BACK = {"left": "right", "right": "left", "upper": "lower", "lower": "upper"}


def cells_of(n: int, side: str, index: int) -> list[int]:
    """The lane's cells outward from its clue: a row from the left or right, a column from the top or bottom."""
    if side in ("left", "right"):
        cells = [index * n + c for c in range(n)]
    else:
        cells = [r * n + index for r in range(n)]
    return cells if side in ("left", "upper") else cells[::-1]


def grid_of(picture: str, side: str = "left", index: int = 0) -> Grid:
    front, back, cells = parse(picture)
    n = len(cells)
    clues = {s: [0] * n for s in SIDES}
    clues[side][index] = front
    clues[_BACK[side]][index] = back
    puzzle = Puzzle(n, tuple(clues["upper"]), tuple(clues["lower"]), tuple(clues["left"]), tuple(clues["right"]))
    grid = Grid.start(puzzle)
    for i, (m, v) in zip(cells_of(n, side, index), cells):
        grid.masks[i] = m
        grid.values[i] = v
    return grid


def picture(grid: Grid, row: int = 0, side: str = "left") -> str:
    """The lane ``row`` (a row or column, as ``side`` says) read from ``side``, as a picture."""
    n = grid.n
    out = []
    for i in cells_of(n, side, row):
        m, v = grid.masks[i], grid.values[i]
        if v:
            out.append(str(v))
        elif m == cands.full(n):
            out.append("_")
        else:
            out.append("[" + "".join(str(d) for d in cands.digits(m)) + "]")
    front, back = getattr(grid.puzzle, side)[row], getattr(grid.puzzle, _BACK[side])[row]
    text = " ".join(out)
    if front or back:
        text = f"{front or ''} | {text}".lstrip()
    if back:
        text += f" | {back}"
    return text


def _one_at_a_time(technique) -> bool:
    """Does the engine take one step of this technique and go back to the easy passes (its row is not a sweep)?"""
    from ascent.techniques import TABLE

    return any(row.find is technique and not row.sweep for row in TABLE)


def run(technique, pic: str, side: str = "left", index: int = 0):
    """Apply the steps the technique yields on the lane, as a pass of the engine does (every step of a sweep,
    the first of any other); return (picture after, steps)."""
    grid = grid_of(pic, side, index)
    steps = []
    memory = Memory(grid)  # one look, with the memory a solve would start with
    for step in technique(grid, memory):
        grid.apply(step)
        steps.append(step)
        if _one_at_a_time(technique):
            break
    return picture(grid, index, side), steps


# Grid pictures: N rows of N tokens, no clues (fish and pair chain work across rows and columns).

def grid_from_rows(rows: list[str]) -> Grid:
    n = len(rows)
    grid = Grid.start(Puzzle(n, (0,) * n, (0,) * n, (0,) * n, (0,) * n))
    for r, row in enumerate(rows):
        tokens = row.split()
        assert len(tokens) == n, f"row {r + 1} of a {n}x{n} picture has {len(tokens)} cells: {row!r}"
        for c, (m, v) in enumerate(cells_from(tokens)):
            grid.masks[r * n + c], grid.values[r * n + c] = m, v
    return grid


def run_grid(technique, rows: list[str]):
    """Apply the steps the technique yields on the grid picture, as a pass of the engine does (every step of
    a sweep, the first of any other); return (the rows after, steps)."""
    grid = grid_from_rows(rows)
    steps = []
    memory = Memory(grid)
    for step in technique(grid, memory):
        grid.apply(step)
        steps.append(step)
        if _one_at_a_time(technique):
            break
    return [picture(grid, r) for r in range(grid.n)], steps


def examples(doc: str) -> list[tuple[str | list[str], str | list[str]]]:
    """The pictures of a technique's docstring, as (before, after): a line ``BEFORE  ->  AFTER`` (an optional
    ``word:`` label first, words after the AFTER picture) is a lane picture; N such lines in a row, each
    N cells with no clue, make one grid picture. Every ``->`` line must be a picture (``ValueError``)."""
    out: list = []
    block: list[tuple[str, str]] = []

    def close() -> None:
        n = len(block[0][0].split()) if block else 0
        if block and len(block) == n and all("|" not in b and len(b.split()) == n for b, _ in block):
            out.append(([b for b, _ in block], [a for _, a in block]))
        else:
            out.extend(block)
        block.clear()

    for line in doc.splitlines():
        if "->" not in line:
            close()
            continue
        left, right = line.split("->", 1)
        tokens = left.split()
        if tokens and tokens[0].endswith(":"):
            tokens = tokens[1:]
        after = right.split()[: len(tokens)]
        for t in tokens + after:
            if not (t in ("_", "|") or t.isdigit() or (t.startswith("[") and t.endswith("]") and t[1:-1].isdigit())):
                raise ValueError(f"not a picture: {line.strip()!r}")
        block.append((" ".join(tokens), " ".join(after)))
    close()
    return out


def fillings_of(ms) -> list[tuple[int, ...]]:
    """Every filling of the masks with distinct heights, in order: what a lane's claims are checked against."""
    out = []

    def go(i, used, vals):
        if i == len(ms):
            out.append(tuple(vals))
            return
        for d in cands.digits(ms[i] & ~used):
            go(i + 1, used | cands.bit(d), vals + [d])
    go(0, 0, [])
    return out
