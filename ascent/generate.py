"""Make puzzles of our own: a random Latin square, all its clues, then clues trimmed while the
engine still finds the puzzle unique and solvable by logic.

Labels follow brainbashers' sense: 1 = every clue, 2 = clues trimmed while tiers 1-6 still
solve it, 3 = sparse: clues trimmed while the full logic engine still solves it.

    python -m ascent.generate ascent/samples --per-set 3 --seed 2026
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from .engine import EASY, solve
from .lanes import visible
from .puzzle import SIDES, Puzzle
from .store import file_for, write_atomic
from .trace import SOLVED


def latin_square(n: int, rng: random.Random) -> list[list[int]]:
    rows = [[(r + c) % n + 1 for c in range(n)] for r in range(n)]
    rng.shuffle(rows)
    cols = list(range(n))
    rng.shuffle(cols)
    symbols = list(range(1, n + 1))
    rng.shuffle(symbols)
    return [[symbols[row[c] - 1] for c in cols] for row in rows]


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


def _without(p: Puzzle, side: str, i: int) -> Puzzle:
    clues = {s: list(getattr(p, s)) for s in SIDES}
    clues[side][i] = 0
    return Puzzle(p.size, *(tuple(clues[s]) for s in SIDES))


def _solves(p: Puzzle, label: str) -> bool:
    unique = solve(p, techniques=EASY).status == SOLVED  # tiers 1-6, then the finisher counts solutions
    if label == "1" or not unique:
        return unique
    techniques = EASY if label == "2" else None
    return solve(p, logic_only=True, techniques=techniques).status == SOLVED


def make(n: int, label: str, rng: random.Random) -> tuple[Puzzle, list[list[int]]]:
    while True:
        rows = latin_square(n, rng)
        p = full_clues(rows)
        if _solves(p, "1"):
            break
    if label != "1":
        spots = [(s, i) for s in SIDES for i in range(n)]
        rng.shuffle(spots)
        for side, i in spots:
            q = _without(p, side, i)
            if _solves(q, label):
                p = q
    return p, rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folder")
    ap.add_argument("--sizes", default="4,5,6,7,8")
    ap.add_argument("--per-set", type=int, default=3)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    for n in (int(x) for x in args.sizes.split(",")):
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
        write_atomic(file_for(Path(args.folder), n), json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    main()
