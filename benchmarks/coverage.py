"""Write reports/coverage.md: logic-only coverage of the brainbashers archive, full engine and
tiers 1-6 alone, beside ascendant's published counts.

    python benchmarks/coverage.py            # reads ../shared/brainbashers, both cores

The same figures come from `ascent solve-all --store ../shared/brainbashers --no-backtrack`
(add `--techniques ascent,sudoku,"naked single",pinpoint,"peak descent",isolate` for tiers 1-6).
"""

from __future__ import annotations

import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ascent.tools.batch import Job, solve_many, summarize  # noqa: E402
from ascent.solver.engine import EASY, ORDER  # noqa: E402
from ascent.show.report import grades_text  # noqa: E402
from ascent.store import load, write_atomic  # noqa: E402

ASCENDANT = {(4, "1"): 365, (4, "3"): 256, (5, "1"): 365, (5, "2"): 365, (5, "3"): 93, (6, "1"): 359,
             (6, "2"): 355, (6, "3"): 23, (7, "1"): 331, (7, "2"): 335, (8, "1"): 321, (8, "2"): 310}


def run(entries, techniques):
    jobs = [Job(e.size, e.label, e.ident, e.record, True, techniques) for e in entries]
    start = time.perf_counter()
    out = solve_many(jobs, workers=2)
    return summarize(out), time.perf_counter() - start


def main() -> None:
    store = ROOT.parent / "shared" / "brainbashers"
    entries = load(store)
    if not entries:
        sys.exit(f"no puzzles in {store}")
    full, full_wall = run(entries, None)
    easy, easy_wall = run(entries, EASY)
    easy_by = {(s.size, s.diff): s for s in easy}
    lines = [
        "# Logic-only coverage of the brainbashers archive",
        "",
        f"Date: {date.today().isoformat()}. {len(entries)} puzzles, every one with a unique solution; "
        "no backtracking. Made by `python benchmarks/coverage.py`; the full-engine column is what "
        "`ascent solve-all --store ../shared/brainbashers --no-backtrack` prints.",
        "",
        f"Wall time on this 2-core machine: full engine {full_wall:.1f} s, tiers 1-6 {easy_wall:.1f} s.",
        "",
        "| set | puzzles | ascendant | ascent tiers 1-6 | ascent full engine | median ms (full) | grades (full engine) |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    totals = [0, 0, 0, 0]
    for s in full:
        key = (s.size, s.diff)
        a, e = ASCENDANT.get(key), easy_by[key].solved_logic
        lines.append(f"| {s.size}x{s.size} d{s.diff} | {s.total} | {a if a is not None else '-'} | {e} | "
                     f"{s.solved_logic} | {s.median_ms:.2f} | {grades_text(s.grades)} |")
        totals = [totals[0] + s.total, totals[1] + (a or 0), totals[2] + e, totals[3] + s.solved_logic]
    lines.append(f"| **all** | {totals[0]} | {totals[1]} | {totals[2]} | {totals[3]} | | |")
    lines += ["", f"Grades name the hardest technique a puzzle needed (tiers, easiest first: {', '.join(ORDER)})."]
    out = ROOT / "reports" / "coverage.md"
    write_atomic(out, "\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
