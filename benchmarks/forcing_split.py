"""Where a hard set's logic-only solve spends its time, in one process: the fast core's breaks scan,
forcing's gains, traced suppositions, pruning (with its replay), counting solutions (learn), and the
rest (the easy passes). CPU seconds, summed over the set.

    python benchmarks/forcing_split.py                        # Tatham 8x8 unreasonable
    python benchmarks/forcing_split.py --size 9 --label unreasonable
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ascent import Puzzle, solve  # noqa: E402
from ascent.solver import engine, passes  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("--size", type=int, default=8)
ap.add_argument("--label", default="unreasonable")
ap.add_argument("--shared", default=str(ROOT.parent / "shared"), help="the data folder (default ../shared)")
args = ap.parse_args()

spent: dict[str, float] = {}


def timed(owner, name: str, key: str) -> None:
    """Wrap ``owner.name`` so that its CPU time adds up under ``key`` (outermost calls only)."""
    inner = getattr(owner, name)
    depth = [0]

    def wrapper(*a, **k):
        depth[0] += 1
        t = time.process_time()
        try:
            return inner(*a, **k)
        finally:
            depth[0] -= 1
            if not depth[0]:
                spent[key] = spent.get(key, 0.0) + time.process_time() - t
    setattr(owner, name, wrapper)


timed(engine, "search", "counting solutions (learn)")
for method in ("breaks", "gain", "trace", "prune"):
    timed(passes.Context, method, {"breaks": "breaks scan (fast core)", "gain": "gains (fast core)",
                                   "trace": "traced suppositions", "prune": "prune and replay"}[method])

path = Path(args.shared) / "tatham" / f"{args.size}x{args.size}-puzzles.json"
if not path.is_file():
    sys.exit(f"no puzzles at {path}: give --shared")
total = 0.0
for rec in json.loads(path.read_text())[args.label]:
    t = time.process_time()
    solve(Puzzle.from_record(rec, args.label), logic_only=True)
    total += time.process_time() - t
print(f"| {args.size}x{args.size} {args.label}: where the time goes | CPU s | share |")
print("|---|---:|---:|")
for key, s in sorted(spent.items(), key=lambda kv: -kv[1]):
    print(f"| {key} | {s:.2f} | {s / total:.0%} |")
print(f"| the rest (the easy passes, the step records) | {total - sum(spent.values()):.2f} "
      f"| {(total - sum(spent.values())) / total:.0%} |")
print(f"| total | {total:.2f} | |")
