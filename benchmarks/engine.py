"""The engine at both ends: hard puzzles on one core against Tatham's C solver, ambiguity, big sizes,
and the whole brainbashers archive on two cores. Prints Markdown; ``--out`` also saves it.

    python benchmarks/engine.py                       # everything (about 3 minutes on this machine)
    python benchmarks/engine.py --only tatham,ambiguous
    python benchmarks/engine.py --big 10,11,12 --big-count 5 --out reports/engine.md
    python benchmarks/engine.py --only tatham --tatham /tmp/tools/tatham-grade   # Tatham timed in the same run
    python benchmarks/engine.py --only memory                                     # RSS after 5,000 solves
    python benchmarks/engine.py --only tatham --sets 8:unreasonable --rounds 3 --tatham /tmp/tools/tatham-grade

Times are CPU seconds of this process (``time.process_time``), one puzzle after another on one core,
except the archive run, which is wall-clock on two worker processes as ``ascent solve-all`` runs it
(its line also gives the workers' CPU seconds, what two free cores would do, and the load average).
The machine is shared and noisy: compare the ratios to Tatham's times, taken on this kind of machine
(``../shared/tatham/anchor-times.txt``), rather than the absolute figures of separate runs; better,
build Tatham's grader (``../shared/tools/tatham/build.sh DIR``) and pass ``--tatham DIR/tatham-grade``:
it is then timed on the same puzzles in the same run, set by set, just before ascent, in CPU seconds too.
With ``--rounds K`` each puzzle is solved K times, turn about with K runs of the grader, and each side's
least time is kept (what solves remember is forgotten before every solve): one round on this
machine moves a set's ratio by 10-20% from run to run, the least of three by much less.
Every logic-only solve is replayed against its known solution (``audit``): a step that removed a true
height is counted under "unsound", which must stay 0.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ascent import Puzzle, broken_rule, solve  # noqa: E402
from ascent.solver.audit import audit  # noqa: E402
from ascent.tools.batch import Job, solve_many  # noqa: E402
from ascent.solver.engine import forget  # noqa: E402

SHARED = Path(os.environ.get("ASCENT_SHARED") or ROOT.parent / "shared")
TATHAM: str | None = None  # Tatham's grader, when given: timed in the same run
ROUNDS = 1  # times each hard puzzle is solved (and Tatham's grader run on it); the least is taken
SETS = ((7, "unreasonable"), (8, "unreasonable"), (9, "extreme"), (9, "unreasonable"))


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


def _grader_cpu(text: str) -> float:
    """CPU seconds (user + system) of one run of Tatham's grader on ``text``."""
    proc = subprocess.Popen([TATHAM], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    proc.stdin.write(text.encode())
    proc.stdin.close()
    _, _, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0
    return usage.ru_utime + usage.ru_stime


def grader_start() -> float:
    """CPU seconds of Tatham's grader run with no puzzle: the process starting, taken off every time."""
    return min(_grader_cpu("") for _ in range(5))


def tatham_times(ids: list[str]) -> dict[str, float]:
    """Tatham's grader's CPU seconds per game id, run now on these puzzles, one process each (its own
    figure is wall-clock, which a loaded machine inflates; ascent's is CPU time): the CPU time of the
    run less that of a run with no puzzle (the process starting)."""
    empty = grader_start()
    return {gid: max(_grader_cpu(gid + "\n") - empty, 1e-6) for gid in ids}


ANSWER = """
import json, sys, time
from ascent import Puzzle
from ascent.solver.search import search
from ascent.model.grid import Grid
label, recs = json.load(sys.stdin)
out = {}
for rec in recs:
    t = time.process_time()
    found = search(Grid.start(Puzzle.from_record(rec, label)), 2)
    out[rec["id"]] = time.process_time() - t
    if len(found) != 1 or list(map(list, found[0])) != rec["solution"]:
        raise SystemExit(f"the answer to {rec['id']} is wrong")
print(json.dumps(out))
"""


def answer_times(recs: list[dict], label: str) -> dict[str, float]:
    """CPU seconds per puzzle of the answer alone (``solve_puzzle``'s path: the fast core counts solutions,
    no trace), in a fresh process so that nothing it remembers warms the traced solves (or they it)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", ANSWER], input=json.dumps([label, recs]), capture_output=True,
                         text=True, check=True, env=env).stdout
    return json.loads(out)


def cpu_solve(puzzle: Puzzle, **kw):
    t = time.process_time()
    result = solve(puzzle, **kw)
    return result, time.process_time() - t


def rounds_of(items: list[dict], label: str) -> dict[str, tuple]:
    """Per game id: the least CPU seconds over ROUNDS solves of ascent's logic (each with what solves
    remember forgotten first, ``engine.forget``, so no solve is warmed by an earlier one), the least
    over as many runs of Tatham's grader when it is given (None otherwise), and the last result. The
    two are taken turn about, puzzle by puzzle: the least of a few runs is the figure a noisy shared
    machine disturbs least, and taking them in turn exposes both to the same moments of the machine."""
    empty = grader_start() if TATHAM else 0.0
    ours: dict[str, float] = {}
    theirs: dict[str, float] = {}
    results = {}
    for _ in range(ROUNDS):
        for rec in items:
            gid = rec["id"]
            forget()
            results[gid], t = cpu_solve(Puzzle.from_record(rec, label), logic_only=True)
            ours[gid] = min(t, ours.get(gid, t))
            if TATHAM:
                t = max(_grader_cpu(gid + "\n") - empty, 1e-6)
                theirs[gid] = min(t, theirs.get(gid, t))
    return {gid: (ours[gid], theirs.get(gid), results[gid]) for gid in ours}


def tatham_rows() -> list[str]:
    anchor = anchors()
    rows = ["| set | puzzles | solved by logic | unsound | median s | max s | Tatham median s | Tatham max s "
            "| ratio of medians | median ratio (ascent / Tatham) | forcing steps, median | chain, median "
            "| answer only (solve_puzzle's count): median s / median ratio |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for size, label in SETS:
        times, theirs, ratios, forcing, chains, count_ratios = [], [], [], [], [], []
        solved = unsound = 0
        items = [rec for n, lab, rec in records("tatham", label) if n == size]
        if TATHAM and ROUNDS == 1:
            anchor = tatham_times([rec["id"] for rec in items])
        counted = answer_times(items, label)
        for _ in range(ROUNDS - 1):  # the least of as many fresh processes
            counted = {gid: min(t, counted[gid]) for gid, t in answer_times(items, label).items()}
        timed = rounds_of(items, label) if ROUNDS > 1 else None
        if timed is not None and TATHAM:
            anchor = {gid: theirs_t for gid, (_, theirs_t, _) in timed.items()}
        for rec in items:
            if timed is None:
                result, t = cpu_solve(Puzzle.from_record(rec, label), logic_only=True)
            else:
                t, _, result = timed[rec["id"]]
            times.append(t)
            solved += result.status == "solved"
            unsound += bool(audit(result, rec["solution"]))
            forcing.append(result.counts.get("forcing", 0))
            chains += [len(s.chain) for s in result.steps if s.technique == "forcing"]
            if rec["id"] in anchor:
                theirs.append(anchor[rec["id"]])
                ratios.append(t / anchor[rec["id"]])
                count_ratios.append(counted[rec["id"]] / anchor[rec["id"]])
        rows.append(f"| {size}x{size} {label} | {len(times)} | {solved} | {unsound} | {statistics.median(times):.3f} "
                    f"| {max(times):.3f} | {statistics.median(theirs):.3f} | {max(theirs):.3f} "
                    f"| {statistics.median(times) / statistics.median(theirs):.2f} | {statistics.median(ratios):.2f} "
                    f"| {statistics.median(forcing):g} "
                    f"| {statistics.median(chains) if chains else 0:g} "
                    f"| {statistics.median(counted.values()):.3f} / {statistics.median(count_ratios):.2f} |")
    if ROUNDS > 1:
        rows += ["", f"Each time is the least of {ROUNDS} rounds, ascent's and Tatham's taken turn about, puzzle "
                     "by puzzle (`--rounds`)."]
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


def big_rows(sizes: list[int], count: int, seed: int, levels: list[str]) -> list[str]:
    """Puzzles of our own making (``ascent generate``: unique, proved by the finisher), solved again
    by logic alone with the full trace."""
    from ascent.tools.generate import make

    rows = ["| size | level | puzzles | make s, median | solved by logic | unsound | median s | max s | grades |",
            "|---|---|---:|---:|---:|---:|---:|---:|---|"]
    for n in sizes:
        for level in levels:
            made, times, grades = [], [], {}
            solved = unsound = 0
            for index in range(count):
                t0 = time.process_time()
                m = make(n, level, seed, index)
                made.append(time.process_time() - t0)
                result, t = cpu_solve(m.puzzle, logic_only=True)
                times.append(t)
                solved += result.status == "solved"
                unsound += bool(audit(result, m.solution))
                grades[result.grade] = grades.get(result.grade, 0) + 1
            rows.append(f"| {n}x{n} | {level} | {count} | {statistics.median(made):.1f} | {solved} | {unsound} "
                        f"| {statistics.median(times):.3f} | {max(times):.3f} "
                        f"| {', '.join(f'{k} {v}' for k, v in grades.items())} |")
    return rows


def shared_rows(folder: str, title: str) -> list[str]:
    """Every puzzle of a ../shared folder, logic only, one core: median and max per set."""
    rows = ["| set | puzzles | solved by logic | unsound | median s | max s | total s |", "|---|---:|---:|---:|---:|---:|---:|"]
    per: dict[tuple[int, str], list] = {}
    for n, lab, rec in records(folder):
        per.setdefault((n, lab), []).append(rec)
    for (n, lab), recs in sorted(per.items()):
        times = []
        solved = unsound = 0
        for rec in recs:
            result, t = cpu_solve(Puzzle.from_record(rec, lab), logic_only=True)
            times.append(t)
            solved += result.status == "solved"
            unsound += bool("solution" in rec and audit(result, rec["solution"]))
        rows.append(f"| {title} {n}x{n} {lab} | {len(times)} | {solved} | {unsound} | {statistics.median(times):.4f} "
                    f"| {max(times):.3f} | {sum(times):.2f} |")
    return rows


def _memory_child(count: int) -> tuple[int, int, float]:
    """In a fresh process: solve ``count`` puzzles (the archive, then the other folders, round again
    as needed), logic only; the peak RSS in kB, the RSS at the end, and the seconds."""
    items = [(n, lab, rec) for folder in ("brainbashers", "generated", "tatham", "external")
             for n, lab, rec in records(folder)]
    t = time.process_time()
    for k in range(count):
        n, lab, rec = items[k % len(items)]
        solve(Puzzle.from_record(rec, lab), logic_only=True)
    now = peak = 0
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            now = int(line.split()[1])
        elif line.startswith("VmHWM:"):
            peak = int(line.split()[1])
    # VmHWM is this process's own peak; ru_maxrss is not, on Linux: it keeps the peak of the process it
    # was forked from, across the exec, so it read as high as the benchmark's parent had grown
    return peak or resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, now, time.process_time() - t


def memory_rows(count: int = 5000) -> list[str]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        peak, end, secs = pool.submit(_memory_child, count).result()
    return ["| puzzles solved in one process | peak RSS MB | RSS at the end MB | CPU s |", "|---:|---:|---:|---:|",
            f"| {count} | {peak / 1024:.0f} | {end / 1024:.0f} | {secs:.1f} |"]


def archive_rows() -> list[str]:
    jobs = [Job(n, lab, str(k), rec, True) for k, (n, lab, rec) in enumerate(records("brainbashers"))]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = solve_many(jobs, workers=2)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)  # the pool's workers, joined by solve_many
    workers = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    cpu = sum(o.seconds for o in out)
    solved = sum(o.status == "solved" for o in out)
    # the workers' CPU seconds say what the 2 cores would give when nobody else uses them: on a shared
    # machine the wall clock mostly measures the other users (the load average says how many there were)
    return ["| set | puzzles | solved by logic | wall s on 2 workers | puzzles/s | workers' CPU s | puzzles/s "
            "on 2 free cores (from CPU) | solving s, summed | load average |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
            f"| brainbashers archive, logic only, full traces | {len(jobs)} | {solved} | {wall:.2f} | {len(jobs) / wall:.0f} "
            f"| {workers:.2f} | {len(jobs) / (workers / 2):.0f} | {cpu:.2f} | {os.getloadavg()[0]:.2f} |"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="tatham,ambiguous,big,archive,memory",
                    help="sections, comma-separated: tatham, ambiguous, big, generated, bigset, archive, memory")
    ap.add_argument("--big", default="10,11,12", help="sizes of our own unique puzzles")
    ap.add_argument("--big-count", type=int, default=3, help="puzzles per big size and level")
    ap.add_argument("--big-levels", default="hard,unreasonable", help="levels of the big puzzles")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", type=Path, help="also write the Markdown here")
    ap.add_argument("--tatham", help="Tatham's grader (../shared/tools/tatham/build.sh): timed on the same puzzles in this run")
    ap.add_argument("--sets", help="Tatham sets, e.g. 8:unreasonable,9:unreasonable (default: all four)")
    ap.add_argument("--rounds", type=int, default=1,
                    help="solve each of Tatham's puzzles this many times, turn about with his grader, and take "
                         "the least time of each (memories forgotten before every solve); 3 steadies the ratios")
    ap.add_argument("--memory-count", type=int, default=5000, help="puzzles solved in one process for the memory line")
    args = ap.parse_args()
    global TATHAM, SETS, ROUNDS
    TATHAM = args.tatham
    if args.rounds < 1:
        sys.exit("--rounds must be 1 or more")
    ROUNDS = args.rounds
    if args.sets:
        SETS = tuple((int(a), b) for a, b in (x.split(":") for x in args.sets.split(",")))
    if not (SHARED / "tatham").is_dir():
        sys.exit(f"{SHARED} is missing: the benchmark reads ../shared beside the project")
    only = {s.strip() for s in args.only.split(",")}
    lines = [f"# ascent engine benchmark ({time.strftime('%Y-%m-%d')})", "",
             "CPU seconds per puzzle on one core unless said; `python benchmarks/engine.py`.", ""]
    sections = [
        ("tatham", "Tatham's hard puzzles, logic only", tatham_rows),
        ("ambiguous", "Ambiguous 9x9 puzzles, `ascent solve` (finisher on)", ambiguous_rows),
        ("big", "Our own unique puzzles at 10-12 (`ascent generate`), logic only",
         lambda: big_rows([int(x) for x in args.big.split(",")], args.big_count, args.seed, args.big_levels.split(","))),
        ("generated", "The generated puzzles (`../shared/generated`), logic only", lambda: shared_rows("generated", "generated")),
        ("bigset", "The big puzzles (`../shared/big`), logic only", lambda: shared_rows("big", "big")),
        ("archive", "The brainbashers archive, `ascent solve-all --no-backtrack`", archive_rows),
        ("memory", "Memory: many solves in one process, logic only", lambda: memory_rows(args.memory_count)),
    ]
    for key, title, make in sections:
        if key in only:
            lines += [f"## {title}", ""] + make() + [""]
            print("\n".join(lines[-(len(lines) - lines.index(f'## {title}')):]), flush=True)
    if args.out:
        args.out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
