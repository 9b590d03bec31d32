"""Where a logic-only solve spends its time: cProfile over a set of ../shared, the top lines by own time and by
cumulative time.

    nice -n 10 python benchmarks/profile_solve.py 9:unreasonable            # Tatham's 9x9 unreasonable set
    nice -n 10 python benchmarks/profile_solve.py 12:big --limit 3 --top 30  # the first three 12x12 of ../shared/big
    python benchmarks/profile_solve.py 9:unreasonable --out /tmp/p.prof     # the raw profile, for pstats

Each puzzle is solved with ``engine.forget()`` first (as ``ab_speed.py`` and ``trace_hash.py`` do), so each solve
runs as the first of its kind. The CPU seconds without the profiler are printed first (one pass, unprofiled).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ascent import Puzzle, solve  # noqa: E402
from ascent.solver.engine import forget  # noqa: E402

SHARED = Path(os.environ.get("ASCENT_SHARED") or ROOT.parent / "shared")


def records(spec: str, limit: int | None) -> list[Puzzle]:
    n, label = spec.split(":")
    folder = "big" if label == "big" else "tatham"
    recs = json.loads((SHARED / folder / f"{n}x{n}-puzzles.json").read_text())[label]
    return [Puzzle.from_record(r, label) for r in recs[:limit]]


def solve_all(puzzles: list[Puzzle]) -> float:
    start = time.process_time()
    for p in puzzles:
        forget()
        solve(p, logic_only=True)
    return time.process_time() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("spec", help="size:label of ../shared/tatham, or size:big for ../shared/big")
    ap.add_argument("--limit", type=int, help="only the first N puzzles")
    ap.add_argument("--top", type=int, default=25, help="lines of each table")
    ap.add_argument("--out", type=Path, help="write the raw profile here")
    ap.add_argument("--no-plain", action="store_true", help="skip the unprofiled pass")
    args = ap.parse_args()
    puzzles = records(args.spec, args.limit)
    if not args.no_plain:
        print(f"{len(puzzles)} puzzles, {solve_all(puzzles):.2f} CPU s unprofiled")
    prof = cProfile.Profile()
    prof.enable()
    solve_all(puzzles)
    prof.disable()
    if args.out:
        prof.dump_stats(str(args.out))
    for order in ("tottime", "cumulative"):
        out = io.StringIO()
        pstats.Stats(prof, stream=out).strip_dirs().sort_stats(order).print_stats(args.top)
        text = out.getvalue()
        print(text[text.index("   ncalls"):] if "   ncalls" in text else text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
