"""Markdown posts (issue 40, item 8): their size, and how much of each solve they keep.

    python benchmarks/posts.py                     # the 30 9x9 unreasonable puzzles of ../shared/tatham
    python benchmarks/posts.py --big 12 --count 5  # the first 5 12x12 of ../shared/big
    python benchmarks/posts.py --traces /tmp/posts # keep each solve's trace there, and read it back next time

For each puzzle: the post's characters, what every step and its reason alone take (no chain whole, no grid
before a forcing step), its longest line, the steps it keeps (each with its reason) of all
steps, the forcing chains it keeps whole (link by link) of all chains, and the grids it draws before forcing
steps. Then the median and the maximum size. Targets: median at most 32,000 characters and maximum at most
60,000 on the 9x9 set; no line over 100; every kept step keeps its reason.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ascent.export import result_from_dict, walkthrough  # noqa: E402
from ascent.export.markdown import Plan, _compose, choose  # noqa: E402
from ascent.puzzle import Puzzle  # noqa: E402
from ascent.show.view import build  # noqa: E402
from ascent.solver.engine import solve  # noqa: E402

SHARED = ROOT.parent / "shared"


def records(big: int | None) -> list[dict]:
    if big is None:
        return json.loads((SHARED / "tatham" / "9x9-puzzles.json").read_text())["unreasonable"]
    return json.loads((SHARED / "big" / f"{big}x{big}-puzzles.json").read_text())["big"]


def result_of(rec: dict, k: int, traces: Path | None):
    """The logic-only solve of a record, read from ``traces`` when an earlier run kept it there."""
    path = traces / f"{k:03d}-{rec.get('id', k)}.json".replace("/", "_").replace(":", "_") if traces else None
    if path is not None and path.exists():
        return result_from_dict(json.loads(path.read_text()))
    result = solve(Puzzle.from_record(rec), logic_only=True)
    if path is not None:
        path.write_text(json.dumps(result.to_dict()))
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--big", type=int, choices=(10, 11, 12), help="a size of ../shared/big instead of the 9x9 set")
    ap.add_argument("--count", type=int, default=30)
    ap.add_argument("--traces", type=Path, help="a folder to keep the solves' traces in (and read them from)")
    args = ap.parse_args()
    if args.traces:
        args.traces.mkdir(parents=True, exist_ok=True)
    sizes, bare = [], []
    print(f"{'#':>3} {'chars':>7} {'reasons':>7} {'line':>4}  {'steps kept':>11}  {'chains whole':>12}  {'grids':>7}")
    for k, rec in enumerate(records(args.big)[: args.count]):
        view = build(result_of(rec, k, args.traces))
        page = "solve.html"
        plan = choose(view, page)
        md = walkthrough(view, page=page)
        passes = view.passes if plan.passes is None else view.passes[: plan.passes]
        steps = sum(len(pv.frames) for pv in passes)
        forcing = [f for f in view.frames if f.chains]
        chains = sum(len(f.chains) for f in forcing)
        sizes.append(len(md))
        bare.append(len(_compose(view, Plan(), page)))  # every step and its reason, no chain whole, no grid
        print(f"{k + 1:>3} {len(md):>7} {bare[-1]:>7} {max(map(len, md.split(chr(10)))):>4}  {steps:>5}/{view.step_count:<5}  "
              f"{len(plan.chains):>5}/{chains:<6}  {len(plan.grids):>3}/{len(forcing):<3}")
    print(f"size: median {statistics.median(sizes):,.0f}, max {max(sizes):,} characters over {len(sizes)} posts; "
          f"every reason alone: median {statistics.median(bare):,.0f}, max {max(bare):,}")


if __name__ == "__main__":
    main()
