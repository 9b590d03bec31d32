"""Project trees timed against each other (and against Tatham's grader) on the same puzzles, turn about.

    nice -n 10 python benchmarks/ab_speed.py /work/main .                       # 8x8 and 9x9 unreasonable
    nice -n 10 python benchmarks/ab_speed.py /work/main . --sets 9:unreasonable --limit 20
    python benchmarks/ab_speed.py /tmp/base /tmp/start . --rounds 3 --tatham /tmp/tatham/tatham-grade
    python benchmarks/ab_speed.py /tmp/start . --sets 12:big --rounds 3       # ../shared/big

One worker process per tree and set imports that tree's ``ascent`` and solves the set, logic only, with
``engine.forget()`` before each puzzle (so each solve runs as the first of its kind), timing ``solve`` alone
in CPU seconds of the worker (``time.process_time``); the trees take turns, a whole set each (as Tatham's
grader runs a set in one process; in one run that switched processes every puzzle, the 8x8 medians came
out 7-40% above those of other runs taking a set at a time),
the first tree moving round by round. With ``--rounds N`` each puzzle counts its least time over the
rounds (each round's workers are fresh, so a process's first solves pay for its tables of fillings, as a
user's first solve does); with ``--tatham`` the grader (``../shared/tools/tatham/build.sh``) solves each
set once a round too, after the trees, and its least times are the yardstick. Prints, per set, each tree's
total and median, the ratios of totals and of medians to the first tree (and to Tatham's), and checks
that every tree gave the same status and grade on every puzzle.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("ASCENT_SHARED") or ROOT.parent / "shared")

WORKER = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from ascent import Puzzle, solve
from ascent.solver.engine import forget
for line in sys.stdin:
    rec, label = json.loads(line)
    puzzle = Puzzle.from_record(rec, label)
    forget()
    t = time.process_time()
    result = solve(puzzle, logic_only=True)
    t = time.process_time() - t
    print(json.dumps([t, result.status, result.grade]), flush=True)
"""


class Worker:
    def __init__(self, tree: Path):
        self.proc = subprocess.Popen([sys.executable, "-c", WORKER, str(tree)], cwd=tree, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)

    def solve(self, rec: dict, label: str) -> tuple[float, str, str]:
        self.proc.stdin.write(json.dumps([rec, label]) + "\n")
        self.proc.stdin.flush()
        return tuple(json.loads(self.proc.stdout.readline()))

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


def records(n: str, label: str, limit: int | None) -> list[dict]:
    """A set of ../shared: ``label`` of the Tatham file of size n, or the big file when ``label`` is big."""
    folder = "big" if label == "big" else "tatham"
    return json.loads((SHARED / folder / f"{n}x{n}-puzzles.json").read_text())[label][:limit]


def tatham_times(grader: Path, ids: list[str]) -> list[float]:
    """Tatham's grader on ``ids`` in one run: its seconds per puzzle, in order."""
    out = subprocess.run([str(grader)], input="\n".join(ids) + "\n", capture_output=True, text=True,
                         check=True).stdout
    times = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and not line.startswith("total"):
            times[parts[2]] = float(parts[0])
    return [times[i] for i in ids]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("trees", type=Path, nargs="+", help="project trees, the first the yardstick (before)")
    ap.add_argument("--sets", default="8:unreasonable,9:unreasonable",
                    help="size:label,... of ../shared/tatham, or size:big for ../shared/big")
    ap.add_argument("--limit", type=int, help="the first N puzzles of each set")
    ap.add_argument("--rounds", type=int, default=1, help="each puzzle's least time over this many rounds")
    ap.add_argument("--tatham", type=Path, help="tatham-grade, timed on each set every round (sizes up to 9)")
    args = ap.parse_args()
    if args.rounds < 1:
        ap.error("--rounds must be at least 1")
    if args.tatham is not None and not os.access(args.tatham, os.X_OK):
        ap.error(f"--tatham: {args.tatham} is not an executable (build it: bash ../shared/tools/tatham/build.sh DIR)")
    trees = [t.resolve() for t in args.trees]
    sets = [(spec.split(":")[0], spec.split(":")[1]) for spec in args.sets.split(",")]
    recs = {spec: records(*spec, args.limit) for spec in sets}
    times = {spec: [[[] for _ in trees] for _ in range(args.rounds)] for spec in sets}
    theirs = {spec: [] for spec in sets}
    got: dict[tuple, list] = {}  # (set, puzzle) -> each solve's (status, grade)
    for r in range(args.rounds):
        for spec in sets:
            n, label = spec
            for w in [(r + i) % len(trees) for i in range(len(trees))]:  # the trees in turn, a set each
                worker = Worker(trees[w])  # fresh: no set runs on another's memory
                try:
                    for k, rec in enumerate(recs[spec]):
                        t, status, grade = worker.solve(rec, label)
                        times[spec][r][w].append(t)
                        got.setdefault((spec, k), []).append((status, grade))
                finally:
                    worker.close()
            if args.tatham is not None and int(n) <= 9 and label != "big":
                theirs[spec].append(tatham_times(args.tatham, [rec["id"] for rec in recs[spec]]))
    differ = sum(1 for outcomes in got.values() if len(set(outcomes)) > 1)
    for spec in sets:
        n, label = spec
        least = [[min(x) for x in zip(*(times[spec][r][w] for r in range(args.rounds)))] for w in range(len(trees))]
        tat = [min(x) for x in zip(*theirs[spec])] if theirs[spec] else None
        print(f"{n}x{n} {label}, {len(recs[spec])} puzzles, least of {args.rounds} round(s):")
        for w, tree in enumerate(trees):
            total, median = sum(least[w]), statistics.median(least[w])
            line = f"  {tree}: total {total:.2f} s, median {median:.4f} s"
            if w:
                line += f"; / first: total {total / sum(least[0]):.3f}, median {median / statistics.median(least[0]):.3f}"
            if tat:
                line += f"; / Tatham: total {total / sum(tat):.2f}x, median {median / statistics.median(tat):.2f}x"
            print(line)
        if tat:
            print(f"  Tatham's grader: total {sum(tat):.2f} s, median {statistics.median(tat):.4f} s")
    if differ:
        print(f"{differ} puzzles solved differently (status or grade)")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
