"""Forcing chains a person can follow (issue 15): chain length, forcing steps, dangling links, speed
against Tatham's C in the same run, and logic alone on ../shared/big. Prints Markdown.

    python benchmarks/chains.py                          # this tree's code
    python benchmarks/chains.py --root /work/main        # another tree's code (the "before")
    python benchmarks/chains.py --tatham /tmp/tatham/tatham-grade   # Tatham's grader, run in this run
    python benchmarks/chains.py --big                    # also ../shared/big, logic alone
    python benchmarks/chains.py --sweep                  # also every corpus in ../shared, audited (slow)
    python benchmarks/chains.py --floor                  # also the shortest chain each forcing position offers (slow)

Chain links of a forcing step are ``len(step.links)`` (its supposition(s) included); a link that places a
height says where it is crossed out (``crossed``), and the row below counts each such cross-out as a link
of its own, as chains were shown before. A *dangling*
link is one that slicing back from the step's contradiction (or, for the every-branch form, from
its eliminations) through the links' premises does not keep: the slice here is written afresh, so it
checks the engine's pruning rather than repeating it. Times are CPU seconds of this process, one
puzzle after another; Tatham's are wall seconds of its in-process harness on the same ids, in this run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ap = argparse.ArgumentParser()
ap.add_argument("--root", default=str(Path(__file__).resolve().parent.parent), help="the project tree to import")
ap.add_argument("--tatham", default=None, help="tatham-grade built by ../shared/tools/tatham/build.sh")
ap.add_argument("--big", action="store_true")
ap.add_argument("--sweep", action="store_true")
ap.add_argument("--floor", action="store_true", help="at each forcing step of the dev set, trace every breaking "
                "supposition: how short a chain could be there (about 5 minutes)")
ap.add_argument("--out", default=None)
ap.add_argument("--no-checks", action="store_true", help="skip the minimality and first-contradiction checks")
ap.add_argument("--shared", default=str(Path(__file__).resolve().parent.parent.parent / "shared"),
                help="the data folder (default ../shared beside the project)")
args = ap.parse_args()
ROOT = Path(args.root).resolve()
sys.path.insert(0, str(ROOT))

from ascent import Puzzle, solve  # noqa: E402
from ascent.solver.audit import audit  # noqa: E402
from ab_speed import tatham_times as grader_times  # noqa: E402  (benchmarks/, beside this script)

SHARED = Path(args.shared)
if not (SHARED / "tatham").is_dir():
    sys.exit(f"no data at {SHARED}: give --shared")


def records(folder: str, label: str | None = None, size: int | None = None):
    for path in sorted((SHARED / folder).glob("*x*-puzzles.json")):
        n = int(path.name.split("x")[0])
        if size is not None and n != size:
            continue
        for lab, recs in json.loads(path.read_text()).items():
            if label is None or lab == label:
                for rec in recs:
                    yield n, lab, rec


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))] if xs else 0


def _changed(link) -> dict[int, int]:
    """cell -> the candidates the link took away (a placement: all but the height; -1 means 'all')."""
    out = {c: m for c, m in link.eliminations}
    for c, d in link.placements:
        out[c] = -1
    return out


def dangling(step, n) -> int:
    """Links of a forcing step that a slice back from what it proves does not keep."""
    total = 0
    chains = [(step.chain, step.contradiction)] if step.chain else [(b, None) for b in step.branches]
    for links, conflict in chains:
        need: dict[int, int] = {}
        if conflict is not None:
            cells = set(conflict.cells) | set(conflict.lane.cells if conflict.lane is not None else ())
            if not cells:
                cells = set(range(n * n))
            for c in cells:
                need[c] = -1
        else:
            for c, m in step.eliminations:
                need[c] = need.get(c, 0) | m
        kept = 0
        for link in reversed(links):
            hit = any(c in need and (m == -1 or need[c] == -1 or need[c] & m) for c, m in _changed(link).items())
            if hit or link.supposition:
                kept += 1
                for c in link.premises:
                    need[c] = -1
        total += len(links) - kept
    return total


def unfolded(links, n) -> int:
    """The links counted as before cross-outs were folded: a placing link with its ``crossed`` counts one more
    for each placed height it crosses out (each was a sudoku link of its own)."""
    total = 0
    for link in links:
        total += 1
        for c, d in link.placements:
            b = 1 << (d - 1)
            total += any(m & b and (x // n == c // n or x % n == c % n) for x, m in getattr(link, "crossed", ()))
    return total


def checks(puzzle, result) -> tuple[int, int, int]:
    """(links that could be dropped with the rest still replaying, links shown after the first row or
    column broken, chains checked) over a solve's forcing steps with a chain: each step on the grid
    before it. Needs this tree's ``ascent.solver.chains`` and ``ascent.core.linecheck`` (not in older trees)."""
    try:
        from ascent.solver.context import Context
        from ascent.model.grid import Contradiction, Grid, lines_of
        from ascent.core.linecheck import broken
        from ascent.solver.passes import techniques_of
        from ascent.techniques import ORDER
    except ImportError:
        return -1, -1, 0
    n = puzzle.size
    lines = lines_of(puzzle)
    grid = Grid.start(puzzle)
    droppable = late = chains = 0
    for step in result.steps:
        if step.chain and step.contradiction is not None:
            chains += 1
            context = Context(grid, techniques_of(ORDER))
            droppable += sum(context.chains.replay(grid, step.chain[:k] + step.chain[k + 1:], step.contradiction).ok
                             for k in range(1, len(step.chain)))
            trial = grid.copy()
            for k, link in enumerate(step.chain):
                try:
                    trial.apply(link)
                except Contradiction:  # a cell left empty: the end when it is the last link, else links after it
                    late += len(step.chain) - 1 - k
                    break
                if k < len(step.chain) - 1 and any(broken(trial.masks, line, n) for line in lines):
                    late += len(step.chain) - 1 - k
                    break
        grid.apply(step)
    return droppable, late, chains


def tatham_times(ids: list[str]) -> dict[str, float]:
    """Tatham's grader's seconds per game id, run now (``--tatham``), or nothing without it."""
    if not args.tatham:
        return {}
    return dict(zip(ids, grader_times(Path(args.tatham), ids)))


def dev_set() -> list[str]:
    recs = [rec for _, _, rec in records("tatham", "unreasonable", 9)]
    theirs = tatham_times([r["id"] for r in recs])
    times, steps, links, old, unsound, solved, hanging = [], [], [], [], 0, 0, 0
    per_puzzle, droppable, late, checked = [], 0, 0, 0
    for rec in recs:
        puzzle = Puzzle.from_record(rec, "unreasonable")
        t = time.process_time()
        result = solve(puzzle, logic_only=True)
        times.append(time.process_time() - t)
        solved += result.status == "solved"
        unsound += bool(audit(result, rec["solution"]))
        forcing = [s for s in result.steps if s.chain or s.branches]
        steps.append(len(forcing))
        links += [len(s.links) for s in forcing]
        old += [unfolded(s.links, puzzle.size) for s in forcing]
        hanging += sum(dangling(s, puzzle.size) for s in forcing)
        per_puzzle.append(sum(len(s.links) for s in forcing))
        if not args.no_checks:
            d, lt, c = checks(puzzle, result)
            droppable, late, checked = droppable + d, late + lt, checked + c
    rows = ["| 9x9 unreasonable | value |", "|---|---:|",
            f"| puzzles / solved by logic / unsound | {len(recs)} / {solved} / {unsound} |",
            f"| forcing steps per puzzle: median / max | {statistics.median(steps):g} / {max(steps)} |",
            f"| chain links per forcing step: median / p90 / max | {statistics.median(links):g} / {pct(links, .9)} "
            f"/ {max(links)} |",
            f"| the same, each cross-out counted as a link of its own: median / p90 / max | {statistics.median(old):g} "
            f"/ {pct(old, .9)} / {max(old)} |",
            f"| links read per puzzle (every forcing step's links, supposition included): median / p90 / max | "
            f"{statistics.median(per_puzzle):g} / {pct(per_puzzle, .9)} / {max(per_puzzle)} |",
            f"| dangling links (all steps) | {hanging} |",
            f"| links that can be dropped with the rest still replaying (chains checked) | "
            f"{droppable if checked else '-'} ({checked}) |",
            f"| links shown after the first row or column broken | {late if checked else '-'} |",
            f"| CPU s per puzzle: median / total | {statistics.median(times):.3f} / {sum(times):.2f} |"]
    if theirs:
        ratios = [t / theirs[r["id"]] for t, r in zip(times, recs) if r["id"] in theirs]
        rows.append(f"| Tatham s per puzzle (this run): median / total | {statistics.median(theirs.values()):.4f} "
                    f"/ {sum(theirs.values()):.3f} |")
        rows.append(f"| ratio ascent / Tatham: median of ratios; total / total | {statistics.median(ratios):.2f}; "
                    f"{sum(times) / sum(theirs.values()):.2f} |")
    return rows


def big() -> list[str]:
    rows = ["| big | puzzles | solved by logic | unsound | median s | max s | forcing steps, median |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    for size in (10, 11, 12):
        times, solved, unsound, steps = [], 0, 0, []
        for n, lab, rec in records("big", None, size):
            puzzle = Puzzle.from_record(rec, lab)
            t = time.process_time()
            result = solve(puzzle, logic_only=True)
            times.append(time.process_time() - t)
            solved += result.status == "solved"
            truth = rec.get("solution") or solve(puzzle).solution
            unsound += bool(audit(result, truth))
            steps.append(sum(1 for s in result.steps if s.chain or s.branches))
        if times:
            rows.append(f"| {size}x{size} | {len(times)} | {solved} | {unsound} | {statistics.median(times):.2f} "
                        f"| {max(times):.2f} | {statistics.median(steps):g} |")
    return rows


def sweep() -> list[str]:
    rows = ["| corpus | puzzles | solved by logic | unsound | dangling |", "|---|---:|---:|---:|---:|"]
    for folder in ("brainbashers", "generated", "tatham", "big"):
        count = solved = unsound = hanging = 0
        for n, lab, rec in records(folder):
            puzzle = Puzzle.from_record(rec, lab)
            result = solve(puzzle, logic_only=True)
            truth = rec.get("solution") or solve(puzzle).solution
            count += 1
            solved += result.status == "solved"
            unsound += bool(audit(result, truth))
            hanging += sum(dangling(s, n) for s in result.steps if s.chain or s.branches)
        rows.append(f"| {folder} | {count} | {solved} | {unsound} | {hanging} |")
    return rows


def floor() -> list[str]:
    """At each forcing step of the dev set (on the grid before it), every false candidate that breaks on the
    fast core is traced and pruned (``slice_links``, counted as shown): the shortest chain that position
    offers, and the shortest among suppositions whose removal clears something more (gain > 0)."""
    from ascent.model.grid import Grid
    from ascent.solver.context import Context
    from ascent.techniques.memory import Memory
    from ascent.solver.passes import techniques_of
    from ascent.techniques import ORDER
    from ascent.techniques import needs
    from ascent.techniques.forcing import conflict_needs, shown, slice_links

    shortest, clearing, chosen = [], [], []
    for _, _, rec in records("tatham", "unreasonable", 9):
        puzzle = Puzzle.from_record(rec, "unreasonable")
        result = solve(puzzle, logic_only=True)
        truth = tuple(v for row in result.solution for v in row)
        grid = Grid.start(puzzle)
        n = puzzle.size
        for step in result.steps:
            if step.chain:
                context = Context(grid, techniques_of(ORDER))
                context.truth = truth
                core, tracer = context.core, context.tracer
                best = best_clearing = None
                for cell in range(n * n):
                    for d in range(1, n + 1):
                        if grid.values[cell] or not grid.masks[cell] >> (d - 1) & 1 or truth[cell] == d:
                            continue
                        if core.work_to_break(grid.masks, cell, d) is None:
                            continue
                        traced = tracer.trace(grid, Memory(grid), cell, d)
                        if traced is None:
                            continue
                        length = shown(traced.chain, slice_links(traced.chain, conflict_needs(traced.conflict, n), n, needs))
                        best = length if best is None else min(best, length)
                        if core.gain(grid.masks, cell, d):
                            best_clearing = length if best_clearing is None else min(best_clearing, length)
                if best is not None:
                    shortest.append(best)
                    chosen.append(len(step.chain))
                if best_clearing is not None:
                    clearing.append(best_clearing)
            grid.apply(step)

    def line(xs):
        return f"{statistics.median(xs):g} / {pct(xs, .9)} / {max(xs)}" if xs else "-"
    return ["| at each forcing step of the dev set (the solve's own path) | chain links: median / p90 / max |",
            "|---|---:|",
            f"| the chain the step shows | {line(chosen)} |",
            f"| the shortest any breaking supposition gives | {line(shortest)} |",
            f"| the shortest among suppositions whose removal clears more (gain > 0) | {line(clearing)} |"]


if __name__ == "__main__":
    out = [f"code: {ROOT}", ""] + dev_set()
    if args.big:
        out += [""] + big()
    if args.sweep:
        out += [""] + sweep()
    if args.floor:
        out += [""] + floor()
    text = "\n".join(out)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n")
