"""Make puzzles of our own: a random Latin square, all its clues (and givens from it while they are
needed), then clues and givens trimmed while the engine still finds the puzzle unique and solvable
by logic.

Labels follow brainbashers' sense: 1 = every clue, 2 = clues trimmed while tiers 1-6 still
solve it, 3 = sparse: clues trimmed while logic without forcing (tiers 1-8) still solves it.
Every size has its own random stream, so sizes can be made apart and come out the same.

    python -m ascent.generate ascent/samples --per-set 3 --seed 2026
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from .engine import EASY, ORDER, solve
from .lanes import visible
from .puzzle import SIDES, Puzzle
from .store import file_for, write_atomic
from .trace import SOLVED

NO_FORCING = tuple(t for t in ORDER if t != "forcing")


def latin_square(n: int, rng: random.Random) -> list[list[int]]:
    """A random Latin square, filled cell by cell with shuffled heights and backtracking.

    (Shuffling the rows, columns and symbols of the cyclic square is not enough: every such
    square has the cyclic group's structure, and at size 8 their full-clue puzzles are ambiguous.)
    """
    grid = [[0] * n for _ in range(n)]

    def fill(i: int) -> bool:
        if i == n * n:
            return True
        r, c = divmod(i, n)
        used = set(grid[r][:c]) | {grid[k][c] for k in range(r)}
        heights = [d for d in range(1, n + 1) if d not in used]
        rng.shuffle(heights)
        for d in heights:
            grid[r][c] = d
            if fill(i + 1):
                return True
        grid[r][c] = 0
        return False

    fill(0)
    return grid


def full_clues(rows: list[list[int]]) -> Puzzle:
    n = len(rows)
    cols = [[rows[r][c] for r in range(n)] for c in range(n)]
    return Puzzle(
        n,
        tuple(visible(c) for c in cols),
        tuple(visible(c[::-1]) for c in cols),
        tuple(visible(r) for r in rows),
        tuple(visible(r[::-1]) for r in rows),
    )


def _puzzle(n: int, clues: dict[str, list[int]], givens: dict[tuple[int, int], int]) -> Puzzle:
    cells = tuple(tuple(givens.get((r, c), 0) for c in range(n)) for r in range(n))
    return Puzzle(n, *(tuple(clues[s]) for s in SIDES), givens=cells)


def _solves(p: Puzzle, label: str) -> bool:
    unique = solve(p, techniques=EASY).status == SOLVED  # tiers 1-6, then the finisher counts solutions
    if label == "1" or not unique:
        return unique
    techniques = EASY if label == "2" else NO_FORCING
    return solve(p, logic_only=True, techniques=techniques).status == SOLVED


def make(n: int, label: str, rng: random.Random) -> tuple[Puzzle, list[list[int]]]:
    """A puzzle for the label: every clue, givens from the solution added (in random order) until
    the label holds, then clues (labels 2 and 3) and givens taken away while it still holds."""
    rows = latin_square(n, rng)
    full = full_clues(rows)
    clues = {s: list(getattr(full, s)) for s in SIDES}
    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    givens: dict[tuple[int, int], int] = {}
    while not _solves(_puzzle(n, clues, givens), label):
        r, c = cells[len(givens)]
        givens[(r, c)] = rows[r][c]
    spots: list[tuple[str, object]] = [("given", cell) for cell in givens]
    if label != "1":
        spots += [("clue", (side, i)) for side in SIDES for i in range(n)]
    rng.shuffle(spots)
    for kind, where in spots:
        if kind == "given":
            value = givens.pop(where)
            if not _solves(_puzzle(n, clues, givens), label):
                givens[where] = value
        else:
            side, i = where
            value, clues[side][i] = clues[side][i], 0
            if not _solves(_puzzle(n, clues, givens), label):
                clues[side][i] = value
    return _puzzle(n, clues, givens), rows


# Published examples that are free to ship: the Codewars katas and a 5x5 with every clue.
EXAMPLES = {
    4: {"codewars": [
        {"id": "codewars-4x4-1", "clockwise": [2, 2, 1, 3, 2, 2, 3, 1, 1, 2, 2, 3, 3, 2, 1, 3],
         "solution": [[1, 3, 4, 2], [4, 2, 1, 3], [3, 4, 2, 1], [2, 1, 3, 4]]},
        {"id": "codewars-4x4-2", "clockwise": [0, 0, 1, 2, 0, 2, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0],
         "solution": [[2, 1, 4, 3], [3, 4, 1, 2], [4, 2, 3, 1], [1, 3, 2, 4]]},
    ]},
    5: {"example": [{"id": "full-clues-5x5", "clues": {"upper": [4, 3, 2, 2, 1], "lower": [2, 2, 2, 1, 3],
                                                       "left": [4, 3, 2, 1, 3], "right": [1, 2, 3, 2, 2]}}]},
    7: {"codewars": [{"id": "codewars-7x7-medved",
                      "clockwise": [3, 3, 2, 1, 2, 2, 3, 4, 3, 2, 4, 1, 4, 2, 2, 4, 1, 4, 5, 3, 2, 3, 1, 4, 2, 5, 2, 3]}]},
}


def examples(n: int) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for label, items in EXAMPLES.get(n, {}).items():
        for k, item in enumerate(items):
            p = Puzzle.from_clues(item["clockwise"]) if "clockwise" in item else Puzzle.from_record(item)
            rec = {"id": item["id"], "date": f"01{k + 1:02d}"}
            rec.update(p.to_record())
            if "solution" in item:
                rec["solution"] = item["solution"]
            out.setdefault(label, []).append(rec)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folder")
    ap.add_argument("--sizes", default="4,5,6,7,8")
    ap.add_argument("--per-set", type=int, default=3)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    for n in (int(x) for x in args.sizes.split(",")):
        rng = random.Random(f"{args.seed}-{n}")
        data = {}
        for label in ("1", "2", "3"):
            records = []
            for k in range(args.per_set):
                p, rows = make(n, label, rng)
                rec = {"id": f"ascent-{n}-{label}-{k + 1}", "date": f"01{k + 1:02d}"}
                rec.update(p.to_record())
                rec["solution"] = rows
                records.append(rec)
            data[label] = records
        data.update(examples(n))
        write_atomic(file_for(Path(args.folder), n), json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    main()
