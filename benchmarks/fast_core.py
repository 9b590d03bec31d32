"""The fast core alone: ``backtrack.search`` (count solutions up to two) on Tatham's 8x8 and 9x9 unreasonable
sets, in CPU seconds, with ``engine.forget()`` before each puzzle.

    python benchmarks/fast_core.py            # this tree
    python benchmarks/fast_core.py /tmp/base  # another tree (its ascent is imported)
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ascent import Puzzle  # noqa: E402
from ascent.solver.search import search  # noqa: E402
from ascent.solver.engine import forget  # noqa: E402
from ascent.model.grid import Grid  # noqa: E402

SHARED = Path(os.environ.get("ASCENT_SHARED") or Path(__file__).resolve().parent.parent.parent / "shared")


def main() -> None:
    total = 0.0
    for n in (8, 9):
        for rec in json.loads((SHARED / "tatham" / f"{n}x{n}-puzzles.json").read_text())["unreasonable"]:
            forget()
            grid = Grid.start(Puzzle.from_record(rec))
            t = time.process_time()
            search(grid, 2)
            total += time.process_time() - t
    print(f"{ROOT}: {total:.3f} s")


if __name__ == "__main__":
    main()
