"""Logic-only speed over the whole corpus: puzzles per second, and the median time per set.

    python benchmarks/bench.py                      # ../shared/brainbashers, both cores
    python benchmarks/bench.py --workers 1 --store ../shared/generated

Times are wall-clock on a shared machine: compare figures from the same run.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ascent import Puzzle, solve  # noqa: E402
from ascent.store import load  # noqa: E402


def one(item):
    n, label, rec = item
    result = solve(Puzzle.from_record(rec, label), logic_only=True)
    return n, label, result.status, result.seconds


def measure(items, workers):
    """Fresh spawned processes for every run, so no run inherits another's warm lane cache."""
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        list(pool.map(int, range(workers)))  # start the workers before the clock
        start = time.perf_counter()
        out = list(pool.map(one, items, chunksize=64))
        return out, time.perf_counter() - start


def main() -> None:
    here = Path(__file__).resolve().parents[1]
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--store", default=str(here.parent / "shared" / "brainbashers"))
    ap.add_argument("--workers", type=int, default=0, help="0 = 1 and then every core, to compare")
    args = ap.parse_args()
    items = [(e.size, e.label, e.record) for e in load(Path(args.store))]
    if not items:
        sys.exit(f"no puzzles in {args.store}")
    runs = [args.workers] if args.workers else sorted({1, os.cpu_count() or 1})
    for workers in runs:
        out, wall = measure(items, workers)
        solved = sum(1 for _, _, status, _ in out if status == "solved")
        print(f"workers={workers}: {len(out)} puzzles, {solved} solved by logic, {wall:.2f} s wall, "
              f"{len(out) / wall:.0f} puzzles/s")
    per = defaultdict(list)
    for n, label, _, secs in out:
        per[(n, label)].append(secs)
    print("set       count  median ms  max ms")
    for (n, label), times in sorted(per.items()):
        print(f"{n}x{n} {label:<8} {len(times):5d}  {statistics.median(times) * 1000:8.2f}  {max(times) * 1000:7.1f}")


if __name__ == "__main__":
    main()
