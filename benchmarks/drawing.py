"""Drawing a solve against solving it, at 12x12: ``ascent solve`` prints every pass as a grid.

    python benchmarks/drawing.py            # the first 12x12 of ../shared/big (needs ../shared)
    python benchmarks/drawing.py --index 3

Times, in one run, the engine's solve and then the full terminal output of that solve (every pass
drawn at 80 columns into a file), as ``ascent solve`` prints it. Target (issue 16): drawing takes
less time than the solve.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rich.console import Console  # noqa: E402

from ascent.cli import show  # noqa: E402
from ascent.solver.engine import solve  # noqa: E402
from ascent.puzzle import Puzzle  # noqa: E402

BIG = ROOT.parent / "shared" / "big" / "12x12-puzzles.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--index", type=int, default=1, help="which 12x12 of the file, from 1")
    args = parser.parse_args()
    if not BIG.exists():
        raise SystemExit(f"{BIG}: not found (../shared is needed)")
    records = [r for v in json.loads(BIG.read_text()).values() for r in v]
    record = records[args.index - 1]
    puzzle = Puzzle.from_record(record)
    start = time.perf_counter()
    result = solve(puzzle)
    solved = time.perf_counter() - start
    out = io.StringIO()
    show.console = Console(file=out, width=80)
    start = time.perf_counter()
    show.show_result(result)
    drawn = time.perf_counter() - start
    print(f"{record.get('id', args.index)}: {len(result.passes)} passes; solve {solved:.2f} s, "
          f"draw {drawn:.2f} s ({len(out.getvalue()) / 1024:.0f} kB), draw/solve {drawn / solved:.2f}: "
          f"{'met' if drawn < solved else 'MISSED'}")
    return 0 if drawn < solved else 1


if __name__ == "__main__":
    sys.exit(main())
