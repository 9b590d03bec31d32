"""Two project trees timed against each other on the same puzzles, turn about, in one run.

    nice -n 10 python benchmarks/ab_speed.py /work/main .                       # 8x8 and 9x9 unreasonable
    nice -n 10 python benchmarks/ab_speed.py /work/main . --sets 9:unreasonable --limit 20

One worker process per tree imports that tree's ``ascent`` and solves what it is sent, logic only, with
``engine.forget()`` first (so each solve runs as the first of its kind), timing ``solve`` alone in CPU
seconds of the worker (``time.process_time``). The puzzles go to both workers one at a time, the order
swapped from puzzle to puzzle (A B, B A, ...), so load on the shared machine falls on both alike. Prints,
per set, each tree's total, its median and the ratio of totals (second / first), and checks that both
trees gave the same status and grade on every puzzle.
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
from ascent.engine import forget
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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("first", type=Path, help="a project tree (before)")
    ap.add_argument("second", type=Path, help="another project tree (after)")
    ap.add_argument("--sets", default="8:unreasonable,9:unreasonable", help="size:label,... of ../shared/tatham")
    ap.add_argument("--limit", type=int, help="the first N puzzles of each set")
    args = ap.parse_args()
    trees = (args.first.resolve(), args.second.resolve())
    workers = [Worker(t) for t in trees]
    differ = 0
    try:
        for spec in args.sets.split(","):
            n, label = spec.split(":")
            recs = json.loads((SHARED / "tatham" / f"{n}x{n}-puzzles.json").read_text())[label][: args.limit]
            times: tuple[list[float], list[float]] = ([], [])
            for k, rec in enumerate(recs):
                order = (0, 1) if k % 2 == 0 else (1, 0)
                got = {}
                for w in order:
                    got[w] = workers[w].solve(rec, label)
                    times[w].append(got[w][0])
                if got[0][1:] != got[1][1:]:
                    differ += 1
            a, b = sum(times[0]), sum(times[1])
            print(f"{n}x{n} {label}, {len(recs)} puzzles: first {a:.2f} s (median {statistics.median(times[0]):.3f}), "
                  f"second {b:.2f} s (median {statistics.median(times[1]):.3f}), second / first {b / a:.3f}")
    finally:
        for w in workers:
            w.close()
    if differ:
        print(f"{differ} puzzles solved differently (status or grade)")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
