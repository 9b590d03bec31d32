"""How far the reading can go, and at what price in time (issue 26): the links a reader reads per puzzle on
the 9x9 dev set (``../shared/tatham/9x9-puzzles.json``, ``unreasonable``), logic only, under several ways
of choosing each forcing step's supposition, each way timed in the same run.

    python benchmarks/frontier.py                                  # now, narrow, wider
    python benchmarks/frontier.py --ways now,lookahead:16:8        # a whole-solve look ahead (slow: minutes)
    python benchmarks/frontier.py --ways now,narrow --limit 10     # the first 10 puzzles only
    python benchmarks/frontier.py --ways now,lookahead:24:16 --only 19,20   # dev puzzles 19 and 20 only

Ways (each in a fresh worker process, the puzzles one after another, ``engine.forget()`` before each):

    now              the engine as it is
    narrow           the narrow look alone (``forcing.WIDE_SIZES`` empty): no second, wide look
    wider            a wider second look (``forcing.WIDE`` (6, 16, 24)), the widest measured in issue 26
    lookahead:T:K    besides the engine's own looks, the T breaking suppositions best by the engine's rank
                     (``forcing.rank_of``; tracing never stopped early) are traced, and the K best of those
                     are each cut and then tried for the whole rest of the solve, which the engine as it is
                     finishes; the supposition whose chain plus the rest reads the fewest links is taken.
                     A bound on choosing by the reader's effort over the whole solve, not a way to solve.

Links read per puzzle are every forcing step's links (``len(step.links)``, the supposition included), as
``benchmarks/chains.py`` counts them. Times are CPU seconds of the worker, the look ahead's trials included.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

from ab_speed import ROOT, SHARED, records  # benchmarks/, beside this script


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))] if xs else 0


def lookahead(traced_most: int, tried: int):
    """A forcing technique that chooses by the links the whole rest of the solve reads (see the docstring)."""
    from ascent.solver.context import Context
    from ascent.techniques.memory import Memory
    from ascent.solver.passes import run
    from ascent.techniques import forcing as F
    from ascent.model.trace import Step

    plain = F.forcing
    inside = [0]  # > 0 while a trial finishes the solve: the engine's own forcing there

    def rest(grid, context) -> int:
        trial = Context(grid, context.techniques)
        trial.truth = context.truth
        passes: list = []
        inside[0] += 1
        try:
            run(grid, context.techniques, passes, context=trial, memory=Memory(grid))
        finally:
            inside[0] -= 1
        return sum(len(s.links) for p in passes for s in p.steps if s.chain and s.technique == F.NAME)

    def forcing(grid, memory, context):
        if inside[0] or context.truth is None:
            yield from plain(grid, memory, context)
            return
        n = grid.n
        open_cells = F.open_by_candidates(grid)
        seen: dict = {}
        best = F.choice(grid, memory, context, open_cells, seen)  # the engine's own choice
        if n in F.WIDE_SIZES:
            F._choose(grid, memory, context, open_cells, F.WIDE, seen)  # the wide look's traces too (reused if made)
        short, longer = F.SHORT, F.LONGER
        F.SHORT, F.LONGER = 0, 1e9  # trace every one of the T: none is given up
        try:
            F._choose(grid, memory, context, open_cells, (traced_most, traced_most, traced_most, F.WEIGHT), seen)
        finally:
            F.SHORT, F.LONGER = short, longer
        ranked = []
        for key, traced in seen.items():
            if key[0] == "trace":
                _, cell, d = key
                kept = F.slice_links(traced.chain, F.conflict_needs(traced.conflict, n), n, context.chains.link_needs)
                ranked.append((F.rank_of(F.shown(traced.chain, kept), seen.get(("gain", cell, d), 0)), cell, d, traced))
        if not ranked:
            yield from plain(grid, memory, context)
            return
        ranked.sort(key=lambda r: r[:3])
        own = None if best is None else (best[1], best[2])  # ties go to it
        choices = []
        for _, cell, d, traced in ranked[:tried]:
            step = F.supposed(grid, context, cell, d, traced.chain, traced.conflict)
            after = grid.copy()
            after.apply(Step(F.NAME, "", None, None, (cell,), eliminations=step.eliminations))
            choices.append((len(step.links) + rest(after, context), (cell, d) != own, step))
        yield min(choices, key=lambda c: c[:2])[2]

    return forcing


def parse_way(way: str) -> tuple[str, int, int]:
    """(name, T, K) of a way as ``--ways`` gives it; ValueError for one it does not know."""
    name, _, rest = way.partition(":")
    if name in ("now", "narrow", "wider") and not rest:
        return name, 0, 0
    if name == "lookahead":
        parts = rest.split(":")
        if len(parts) == 2 and all(p.isdigit() and int(p) > 0 for p in parts):
            return name, int(parts[0]), int(parts[1])
    raise ValueError(f"unknown way {way!r}: now, narrow, wider or lookahead:T:K (T, K whole numbers above 0)")


def work(way: str, limit: int | None, only: list[int] | None) -> None:
    """One way, in this process: a line of JSON per puzzle (links read, CPU seconds, status)."""
    import dataclasses
    import time

    from ascent import Puzzle, solve
    from ascent.solver.engine import forget
    from ascent.techniques import BY_NAME, FORCING
    from ascent.techniques import forcing as F

    name, traced_most, tried = parse_way(way)
    if name == "narrow":
        F.WIDE_SIZES = ()
    elif name == "wider":
        F.WIDE = (6, 16, 24, F.WEIGHT)
    elif name == "lookahead":
        BY_NAME[FORCING.name] = dataclasses.replace(FORCING, find=lookahead(traced_most, tried))
    recs = records("9", "unreasonable", limit)
    if only:
        recs = [recs[i] for i in only]
    for rec in recs:
        puzzle = Puzzle.from_record(rec, "unreasonable")
        forget()
        t = time.process_time()
        result = solve(puzzle, logic_only=True)
        t = time.process_time() - t
        links = sum(len(s.links) for s in result.steps if s.chain and s.technique == F.NAME)
        print(json.dumps([links, t, result.status]), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ways", default="now,narrow,wider", help="comma-separated: now, narrow, wider, lookahead:T:K")
    ap.add_argument("--limit", type=int, help="the first N puzzles only")
    ap.add_argument("--only", help="comma-separated puzzle numbers (from 0, in the set's order) only")
    ap.add_argument("--each", action="store_true", help="also each puzzle's links read, per way")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        sys.path.insert(0, str(ROOT))
        work(args.worker, args.limit, [int(x) for x in args.only.split(",")] if args.only else None)
        return
    dev = SHARED / "tatham" / "9x9-puzzles.json"
    if not dev.exists():
        raise SystemExit(f"no dev set at {dev} (set ASCENT_SHARED)")
    for way in args.ways.split(","):
        try:
            parse_way(way)
        except ValueError as e:
            ap.error(str(e))
    if args.only:
        count = len(records("9", "unreasonable", args.limit))
        if not all(x.isdigit() and int(x) < count for x in args.only.split(",")):
            ap.error(f"--only: puzzle numbers from 0 to {count - 1}, comma-separated")
    print("| way | links read per puzzle: median / p90 / max | CPU s: median / total | not solved |")
    print("|---|---|---|---:|")
    each = []
    for way in args.ways.split(","):
        cmd = [sys.executable, __file__, "--worker", way] + (["--limit", str(args.limit)] if args.limit else []) + (
            ["--only", args.only] if args.only else [])
        out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        if out.returncode:
            raise SystemExit(f"{way}: the worker failed: {out.stderr.strip().splitlines()[-1:]}")
        rows = [json.loads(line) for line in out.stdout.splitlines()]
        links = [r[0] for r in rows]
        times = [r[1] for r in rows]
        stuck = sum(r[2] != "solved" for r in rows)
        print(f"| {way} | {statistics.median(links):g} / {pct(links, 0.9)} / {max(links)} | "
              f"{statistics.median(times):.3f} / {sum(times):.1f} | {stuck} |", flush=True)
        each.append(f"{way}: {' '.join(map(str, links))}")
    if args.each:
        print("\nlinks read, puzzle by puzzle:\n" + "\n".join(each))


if __name__ == "__main__":
    main()
