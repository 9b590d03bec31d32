"""The engine at both ends: hard puzzles on one core against Tatham's C solver, ambiguity, big sizes,
and the whole brainbashers archive on two cores. Prints Markdown; ``--out`` also saves it.

    python benchmarks/engine.py                       # everything (about 3 minutes on this machine)
    python benchmarks/engine.py --only tatham,ambiguous
    python benchmarks/engine.py --big 10,11,12 --big-count 5 --out reports/engine.md

Times are CPU seconds of this process (``time.process_time``), one puzzle after another on one core,
except the archive run, which is wall-clock on two worker processes as ``ascent solve-all`` runs it.
The machine is shared and noisy: compare the ratios to Tatham's times, taken on this kind of machine
(``../shared/tatham/anchor-times.txt``), rather than the absolute figures of separate runs.
Every logic-only solve is replayed against its known solution (``audit``): a step that removed a true
height is counted under "unsound", which must stay 0.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ascent import Puzzle, broken_rule, solve  # noqa: E402
from ascent.audit import audit  # noqa: E402
from ascent.batch import Job, solve_many  # noqa: E402

SHARED = ROOT.parent / "shared"


def records(folder: str, label: str | None = None):
    for path in sorted((SHARED / folder).glob("*x*-puzzles.json")):
        for lab, recs in json.loads(path.read_text()).items():
            if label is None or lab == label:
                for rec in recs:
                    yield int(path.name.split("x")[0]), lab, rec


def anchors() -> dict[str, float]:
    out = {}
    for line in (SHARED / "tatham" / "anchor-times.txt").read_text().splitlines():
        parts = line.split()
        if len(parts) == 3 and not line.startswith("#"):
            out[parts[2]] = float(parts[0])
    return out


def cpu_solve(puzzle: Puzzle, **kw):
    t = time.process_time()
    result = solve(puzzle, **kw)
    return result, time.process_time() - t


def tatham_rows() -> list[str]:
    anchor = anchors()
    rows = ["| set | puzzles | solved by logic | unsound | median s | max s | Tatham median s | Tatham max s "
            "| median ratio (ascent / Tatham) | forcing steps, median | chain, median |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for size, label in ((7, "unreasonable"), (8, "unreasonable"), (9, "extreme"), (9, "unreasonable")):
        times, theirs, ratios, forcing, chains = [], [], [], [], []
        solved = unsound = 0
        for n, lab, rec in records("tatham", label):
            if n != size:
                continue
            result, t = cpu_solve(Puzzle.from_record(rec, lab), logic_only=True)
            times.append(t)
            solved += result.status == "solved"
            unsound += bool(audit(result, rec["solution"]))
            forcing.append(result.counts.get("forcing", 0))
            chains += [len(s.chain) for s in result.steps if s.technique == "forcing"]
            if rec["id"] in anchor:
                theirs.append(anchor[rec["id"]])
                ratios.append(t / anchor[rec["id"]])
        rows.append(f"| {size}x{size} {label} | {len(times)} | {solved} | {unsound} | {statistics.median(times):.3f} "
                    f"| {max(times):.3f} | {statistics.median(theirs):.3f} | {max(theirs):.3f} "
                    f"| {statistics.median(ratios):.1f} | {statistics.median(forcing):g} "
                    f"| {statistics.median(chains) if chains else 0:g} |")
    return rows


def ambiguous_rows() -> list[str]:
    times, ok = [], 0
    items = list(records("external", "ambiguous"))
    for n, lab, rec in items:
        p = Puzzle.from_record(rec, lab)
        result, t = cpu_solve(p)  # what `ascent solve` does: the finisher allowed
        times.append(t)
        if result.status == "ambiguous" and len(result.solutions) == 2:
            a, b = result.solutions
            ok += a != b and broken_rule(p, a) is None and broken_rule(p, b) is None
    return ["| set | puzzles | reported ambiguous with two valid differing solutions | median s | max s |",
            "|---|---:|---:|---:|---:|",
            f"| 9x9 full clues, two or more solutions | {len(items)} | {ok} | {statistics.median(times):.3f} "
            f"| {max(times):.3f} |"]


def big_rows(sizes: list[int], count: int, seed: int) -> list[str]:
    from ascent.generate import full_clues, latin_square
    from ascent.backtrack import search
    from ascent.grid import Grid

    rows = ["| size | puzzles | clues, median | make s, median | solved by logic | unsound | median s | max s | grades |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---|"]
    for n in sizes:
        rng = random.Random(seed * 100 + n)
        made, times, grades, clue_counts = [], [], {}, []
        solved = unsound = 0
        for _ in range(count):
            t0 = time.process_time()
            while True:  # a random Latin square whose full clues alone make a unique puzzle
                rows_ = latin_square(n, rng)
                p = full_clues(rows_)
                if len(search(Grid.start(p), 2)) == 1:
                    break
            clues = {s: list(getattr(p, s)) for s in ("upper", "lower", "left", "right")}
            order = [(s, i) for s in clues for i in range(n)]
            rng.shuffle(order)
            for s, i in order:  # drop each clue the solution stays unique without (the finisher proves it)
                keep, clues[s][i] = clues[s][i], 0
                q = Puzzle(n, *(tuple(clues[k]) for k in ("upper", "lower", "left", "right")))
                if len(search(Grid.start(q), 2)) != 1:
                    clues[s][i] = keep
            q = Puzzle(n, *(tuple(clues[k]) for k in ("upper", "lower", "left", "right")))
            made.append(time.process_time() - t0)
            clue_counts.append(sum(1 for s in clues for c in clues[s] if c))
            result, t = cpu_solve(q, logic_only=True)
            times.append(t)
            solved += result.status == "solved"
            unsound += bool(audit(result, rows_))
            grades[result.grade] = grades.get(result.grade, 0) + 1
        rows.append(f"| {n}x{n} | {count} | {statistics.median(clue_counts):g} | {statistics.median(made):.1f} "
                    f"| {solved} | {unsound} | {statistics.median(times):.3f} | {max(times):.3f} "
                    f"| {', '.join(f'{k} {v}' for k, v in grades.items())} |")
    return rows


def archive_rows() -> list[str]:
    jobs = [Job(n, lab, str(k), rec, True) for k, (n, lab, rec) in enumerate(records("brainbashers"))]
    t = time.perf_counter()
    out = solve_many(jobs, workers=2)
    wall = time.perf_counter() - t
    cpu = sum(o.seconds for o in out)
    solved = sum(o.status == "solved" for o in out)
    return ["| set | puzzles | solved by logic | wall s on 2 workers | solving s, summed | puzzles/s |",
            "|---|---:|---:|---:|---:|---:|",
            f"| brainbashers archive, logic only, full traces | {len(jobs)} | {solved} | {wall:.2f} | {cpu:.2f} "
            f"| {len(jobs) / wall:.0f} |"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="tatham,ambiguous,big,archive", help="sections, comma-separated")
    ap.add_argument("--big", default="10,11,12", help="sizes of our own unique puzzles")
    ap.add_argument("--big-count", type=int, default=5, help="puzzles per big size")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", type=Path, help="also write the Markdown here")
    args = ap.parse_args()
    if not (SHARED / "tatham").is_dir():
        sys.exit(f"{SHARED} is missing: the benchmark reads ../shared beside the project")
    only = {s.strip() for s in args.only.split(",")}
    lines = [f"# ascent engine benchmark ({time.strftime('%Y-%m-%d')})", "",
             "CPU seconds per puzzle on one core unless said; `python benchmarks/engine.py`.", ""]
    sections = [
        ("tatham", "Tatham's hard puzzles, logic only", tatham_rows),
        ("ambiguous", "Ambiguous 9x9 puzzles, `ascent solve` (finisher on)", ambiguous_rows),
        ("big", "Our own unique puzzles at 10-12, no givens, clues trimmed while unique; logic only",
         lambda: big_rows([int(x) for x in args.big.split(",")], args.big_count, args.seed)),
        ("archive", "The brainbashers archive, `ascent solve-all --no-backtrack`", archive_rows),
    ]
    for key, title, make in sections:
        if key in only:
            lines += [f"## {title}", ""] + make() + [""]
            print("\n".join(lines[-(len(lines) - lines.index(f'## {title}')):]), flush=True)
    if args.out:
        args.out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
