"""Make puzzles at a chosen level: a random Latin square, all its clues, then clues (and givens)
taken away while the puzzle stays unique and within the level; kept only when it lands on it.

One attempt, as Tatham's Towers generator does it:

1. a random Latin square (the solution) and every clue it shows;
2. with givens allowed, givens from the solution (in random order) until the puzzle is unique and
   within the level (from 10x10 on, a fifth of the cells before the first check); without givens, a
   square whose full clues are not already so is a failed attempt. Most squares fail there because
   their full clues have a second solution; ``clue_twin`` finds the commonest kind in well under a
   millisecond (two rows or two columns that can trade heights along a cycle and keep every clue), so
   only the rest pay for the finisher's count;
3. every clue and given in random order (in symmetric groups with ``symmetric``): take it away,
   and put it back when the puzzle is no longer unique or needs a harder level (skipped with
   ``minimal=False``, which stops after one sweep over half the spots -- faster, looser puzzles);
4. solve it: the attempt lands when the hardest level used is exactly the one asked for.

Uniqueness is proved by the fast finisher (``propagate.solutions``, counting to two); "within the
level" is the traced engine solving it by logic with only that level's techniques (the fast core
first rejects what even tiers 1-8 cannot do). Taking a clue away never makes a puzzle easier, so
one pass leaves a minimal puzzle: no clue or given can go and keep both uniqueness and the level.

Each puzzle has its own random stream (seed, size, level, index), so the same seed makes the same
puzzles, in any count, and an interrupted run's puzzles are the first ones of the full run.

Our own set, shipped in the package (ascent/store/samples: 20 puzzles of each level at sizes 4 to 9,
labelled by level, named ascent-6x6-tricky-03, with no date), is made with this module:

    python -m ascent.tools.generate ascent/store/samples --per-set 20 --seed 2026
"""

from __future__ import annotations

import argparse
import json
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from ..model import cands
from ..solver.engine import solve
from ..solver.grade import LEVELS, RANK, UP_TO, level_of, score_of
from ..core.lanes import visible
from ..model.grid import Contradiction, Grid
from ..solver.passes import techniques_of, run
from ..core.propagate import line_table, settle, solutions
from ..puzzle import MAX_SIZE, SIDES, Puzzle
from ..store import file_for, read_file, write_atomic

MIN_GEN, MAX_GEN = 4, MAX_SIZE
EXACT = 9  # up to this size the fast core's fixpoint is exactly tiers 1-8's, ascent to sequence (ascent/core/propagate.py)
ATTEMPTS = None  # attempts are bounded by time, not by count (the caller may still give a count)
SECONDS = 600.0  # the command's time bound per puzzle (between attempts)


class Unreachable(Exception):
    """No puzzle landed on the level within the bound of attempts."""


@dataclass
class Made:
    puzzle: Puzzle
    solution: tuple[tuple[int, ...], ...]
    level: str
    score: int
    attempts: int  # attempts it took, this one included
    seconds: float

    def record(self, ident: str) -> dict:
        rec = {"id": ident}
        rec.update(self.puzzle.to_record())
        rec["solution"] = [list(r) for r in self.solution]
        rec["level"] = self.level
        rec["score"] = self.score
        return rec


def latin_square(n: int, rng: random.Random) -> list[list[int]]:
    """A random Latin square, filled cell by cell with shuffled heights and backtracking.

    (Shuffling the rows, columns and symbols of the cyclic square is not enough: every such
    square has the cyclic group's structure, and at size 8 their full-clue puzzles are ambiguous.)
    """
    full = cands.full(n)
    rows_used = [0] * n
    cols_used = [0] * n
    grid = [[0] * n for _ in range(n)]

    def fill(i: int) -> bool:
        if i == n * n:
            return True
        r, c = divmod(i, n)
        free = full & ~rows_used[r] & ~cols_used[c]
        heights = cands.digits(free)
        rng.shuffle(heights)
        for d in heights:
            bit = cands.bit(d)
            grid[r][c] = d
            rows_used[r] |= bit
            cols_used[c] |= bit
            if fill(i + 1):
                return True
            rows_used[r] &= ~bit
            cols_used[c] &= ~bit
        grid[r][c] = 0
        return False

    fill(0)
    fill = None  # it calls itself through its closure: drop that cycle here, not in the garbage collector
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


def clue_twin(rows: list[list[int]]) -> bool:
    """True when the square has a second filling with the same full clues of a kind found at once: two
    rows trade their heights in a cycle of columns (r1 holds what r2 holds in the next column of the
    cycle, and back), or two columns in a cycle of rows, and every row and column touched still shows
    the same from both ends. Such a square can never make a puzzle without givens."""
    n = len(rows)
    cols = [[rows[r][c] for r in range(n)] for c in range(n)]
    return _twin(rows, cols) or _twin(cols, rows)


def _twin(rows: list[list[int]], cols: list[list[int]]) -> bool:
    n = len(rows)

    def same(a: list[int], b: list[int]) -> bool:
        return visible(a) == visible(b) and visible(a[::-1]) == visible(b[::-1])

    for r1 in range(n):
        where = {h: c for c, h in enumerate(rows[r1])}
        for r2 in range(r1 + 1, n):
            seen = [False] * n
            for c0 in range(n):
                if seen[c0]:
                    continue
                cycle, c = [], c0
                while not seen[c]:  # the columns of one cycle: r2's height at c is r1's at the next
                    seen[c] = True
                    cycle.append(c)
                    c = where[rows[r2][c]]
                if len(cycle) == n:
                    continue  # the whole rows trade places: rare to keep the clues; left to the finisher's count
                a, b = rows[r1][:], rows[r2][:]
                for c in cycle:
                    a[c], b[c] = rows[r2][c], rows[r1][c]
                if not (same(a, rows[r1]) and same(b, rows[r2])):
                    continue
                ok = True
                for c in cycle:
                    col = cols[c][:]
                    col[r1], col[r2] = col[r2], col[r1]
                    if not same(col, cols[c]):
                        ok = False
                        break
                if ok:
                    return True
    return False


class _Draft:
    """The puzzle being trimmed: clues per side and givens, with the checks the trimming needs."""

    def __init__(self, rows: list[list[int]], level: str):
        full = full_clues(rows)
        self.n = len(rows)
        self.rows = rows
        self.level = level
        self.clues = {s: list(getattr(full, s)) for s in SIDES}
        self.givens: dict[int, int] = {}
        self.techniques = techniques_of(UP_TO[level])

    def puzzle(self) -> Puzzle:
        n = self.n
        cells = tuple(tuple(self.givens.get(r * n + c, 0) for c in range(n)) for r in range(n))
        return Puzzle(n, *(tuple(self.clues[s]) for s in SIDES), givens=cells)

    def _start(self) -> tuple[list[int], tuple]:
        n = self.n
        masks = [cands.full(n)] * (n * n)
        for i, d in self.givens.items():
            masks[i] = cands.bit(d)
        return masks, line_table(n, tuple(x for s in SIDES for x in self.clues[s]))

    def unique(self) -> bool:
        masks, lines = self._start()
        return len(solutions(masks, self.n, lines, 2)) == 1

    def fits(self) -> bool:
        """Unique, and solved by logic within the level."""
        if self.level == LEVELS[-1]:
            return self.unique()  # every unique puzzle is within reach of forcing and the finisher
        rank, hard = RANK[self.level], RANK["hard"]
        if rank <= hard or self.n <= EXACT:
            masks, lines = self._start()
            fast = settle(masks, self.n, lines) and not any(cands.several(m) for m in masks)
            if rank <= hard and not fast:
                return False  # the fast core is at least as strong as tiers 1-8: a quick no
            if rank >= hard and self.n <= EXACT and fast:
                return True  # up to 9x9 it is exactly tiers 1-8: a quick yes (filled, so unique)
        # the pass loop alone: logic that fills the grid proves uniqueness, and when it stops short
        # there is no need to count solutions (the engine's solve() would)
        grid = Grid.start(self.puzzle())
        try:
            run(grid, self.techniques)
        except Contradiction:
            return False
        return grid.solved()

    def spots(self, symmetric: bool) -> list[list[tuple[str, object]]]:
        """Clues and givens present, as groups taken away together (pairs under a half turn)."""
        n = self.n
        opposite = {"upper": "lower", "lower": "upper", "left": "right", "right": "left"}
        groups: list[list[tuple[str, object]]] = []
        seen: set = set()
        items: list[tuple[str, object]] = [("clue", (s, i)) for s in SIDES for i in range(n) if self.clues[s][i]]
        items += [("given", i) for i in self.givens]
        for item in items:
            if item in seen:
                continue
            group = [item]
            if symmetric:
                kind, where = item
                twin = ("clue", (opposite[where[0]], n - 1 - where[1])) if kind == "clue" else ("given", n * n - 1 - where)
                if twin != item and (twin in items):
                    group.append(twin)
            seen.update(group)
            groups.append(group)
        return groups

    def take(self, group) -> list:
        old = []
        for kind, where in group:
            if kind == "clue":
                side, i = where
                old.append(self.clues[side][i])
                self.clues[side][i] = 0
            else:
                old.append(self.givens.pop(where))
        return old

    def put(self, group, old) -> None:
        for (kind, where), value in zip(group, old):
            if kind == "clue":
                self.clues[where[0]][where[1]] = value
            else:
                self.givens[where] = value


def attempt(n: int, level: str, rng: random.Random, *, givens: bool = True, symmetric: bool = False,
            minimal: bool = True) -> Made | None:
    """One try at a puzzle of ``level``: the puzzle, or None when it did not land on the level."""
    start = time.perf_counter()
    rows = latin_square(n, rng)
    draft = _Draft(rows, level)
    # From 10x10 on, full clues alone are nearly always ambiguous and the first checks of a nearly
    # empty grid are the slowest of all (tens of seconds at 12x12): givens start at a fifth of the cells.
    first = n * n // 5 if givens and n >= 10 else 0
    if not givens and clue_twin(rows):
        return None  # the full clues have a second solution: no trimming helps
    if first or not draft.fits():
        if not givens:
            return None
        cells = list(range(n * n))
        rng.shuffle(cells)
        for i in cells:  # givens until unique and within the level (all of them always is)
            draft.givens[i] = rows[i // n][i % n]
            if symmetric:
                j = n * n - 1 - i
                draft.givens[j] = rows[j // n][j % n]
            if len(draft.givens) >= first and len(draft.givens) % max(1, n // 2) == 0 and draft.fits():
                break
        else:
            if not draft.fits():
                return None
    groups = draft.spots(symmetric)
    rng.shuffle(groups)
    if not minimal:
        groups = groups[: len(groups) // 2]
    for group in groups:
        old = draft.take(group)
        if not draft.fits():
            draft.put(group, old)
    puzzle = draft.puzzle()
    result = solve(puzzle, logic_only=RANK[level] < RANK[LEVELS[-1]], techniques=UP_TO[level])
    got = level_of(result)
    if got != level:
        return None
    solution = tuple(tuple(r) for r in rows)
    if result.solution != solution:  # the engine and the Latin square must agree: a bug if not
        raise AssertionError("the engine's solution differs from the generated square")
    if not draft.unique():  # the finisher's proof, whatever the logic said: a bug if it fails
        raise AssertionError("the finisher finds more than one solution to a generated puzzle")
    return Made(puzzle, solution, level, score_of(result), 1, time.perf_counter() - start)


def stream(seed: int | str, n: int, level: str, index: int) -> random.Random:
    """The random stream of the ``index``-th puzzle of a run: same seed, same puzzle."""
    return random.Random(f"ascent-generate:{seed}:{n}:{level}:{index}")


def make(n: int, level: str, seed: int | str = 0, index: int = 0, *, givens: bool = True,
         symmetric: bool = False, minimal: bool = True, attempts: int | None = ATTEMPTS, seconds: float | None = SECONDS,
         on_attempt: Callable[[], None] | None = None) -> Made:
    """The ``index``-th puzzle of the run (seed, size, level). Raises Unreachable once ``seconds`` have
    passed (checked between attempts), or after ``attempts`` attempts when a count is given: the bound
    never changes which puzzle a seed gives, only whether it is reached."""
    check(n, level)
    rng = stream(seed, n, level, index)
    start = time.perf_counter()
    k = 0
    while attempts is None or k < attempts:
        k += 1
        made = attempt(n, level, rng, givens=givens, symmetric=symmetric, minimal=minimal)
        if on_attempt is not None:
            on_attempt()
        if made is not None:
            made.attempts, made.seconds = k, time.perf_counter() - start
            return made
        if seconds is not None and time.perf_counter() - start > seconds:
            break
    tries = f"{k} attempt{'s' if k != 1 else ''}"
    bound = tries if attempts is not None and k >= attempts else f"{tries} and {seconds:g} s (the time bound)"
    raise Unreachable(f"no {n}x{n} {level} puzzle in {bound}; {time.perf_counter() - start:.1f} s spent; "
                      f"the level may not exist at this size" + ("" if givens else " without givens"))


def check(n: int, level: str) -> None:
    if level not in RANK:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
    if not MIN_GEN <= n <= MAX_GEN:
        raise ValueError(f"size {n}: puzzles are made at sizes {MIN_GEN} to {MAX_GEN}")


def many(n: int, level: str, count: int, seed: int | str = 0, **options) -> Iterator[Made]:
    """``count`` puzzles, one at a time (so an interrupted run keeps the ones made)."""
    for index in range(count):
        yield make(n, level, seed, index, **options)


def merge(root: Path, n: int, label: str, records: list[dict]) -> Path:
    """Add records to the store's file for size ``n`` under ``label``, atomically; a record whose id
    is already there replaces it. Other labels and records are kept."""
    path = file_for(root, n)
    data = read_file(path)
    items = data.setdefault(label, [])
    where = {r.get("id"): k for k, r in enumerate(items) if isinstance(r, dict)}
    for rec in records:
        if rec["id"] in where:
            items[where[rec["id"]]] = rec
        else:
            where[rec["id"]] = len(items)
            items.append(rec)
    write_atomic(path, json.dumps(data, indent=1) + "\n")
    return path


def ident(n: int, level: str, seed: int | str, index: int) -> str:
    return f"ascent-{n}-{level}-{seed}-{index + 1}"


# ---------------------------------------------------------------------------- the samples
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
SAMPLE_SIZES = "4,5,6,7,8,9"
SAMPLE_COUNT = 20  # puzzles per size and level
SAMPLE_SEED = 2026


def sample_ident(n: int, level: str, index: int) -> str:
    """The name of our own puzzle ``index`` (from 0) of a size and level: ascent-6x6-tricky-03. It holds
    no date and no address, so no brainbashers page can ever be taken for it."""
    return f"ascent-{n}x{n}-{level}-{index + 1:02d}"


def examples(n: int) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for label, items in EXAMPLES.get(n, {}).items():
        for item in items:
            p = Puzzle.from_clues(item["clockwise"]) if "clockwise" in item else Puzzle.from_record(item)
            rec = {"id": item["id"]}
            rec.update(p.to_record())
            if "solution" in item:
                rec["solution"] = item["solution"]
            out.setdefault(label, []).append(rec)
    return out


def compact(data: dict[str, list[dict]]) -> str:
    """A store file with one record a line and no spaces: valid JSON, small, and readable by line."""
    lines = []
    for label, records in data.items():
        body = ",\n".join(json.dumps(r, separators=(",", ":")) for r in records)
        lines.append(f"{json.dumps(label)}:[\n{body}\n]")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folder")
    ap.add_argument("--sizes", default=SAMPLE_SIZES)
    ap.add_argument("--per-set", type=int, default=SAMPLE_COUNT)
    ap.add_argument("--seed", type=int, default=SAMPLE_SEED)
    args = ap.parse_args()
    for n in (int(x) for x in args.sizes.split(",")):
        data = {level: [make(n, level, args.seed, k).record(sample_ident(n, level, k)) for k in range(args.per_set)]
                for level in LEVELS}
        data.update(examples(n))
        write_atomic(file_for(Path(args.folder), n), compact(data))


if __name__ == "__main__":
    main()
