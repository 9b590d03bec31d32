"""Generation speed and yield: for each size and level, seconds per puzzle (median, 90th percentile)
and the fraction of attempts that landed on the level. One process, one core.

    python benchmarks/generate.py                       # short: sizes 4-7, 3 puzzles per level
    python benchmarks/generate.py --sizes 4-12 --count 10 --budget 600   # the full run
    python benchmarks/generate.py --sizes 9 --levels hard --count 10
    python benchmarks/generate.py --sizes 4-7 --no-givens --attempts 0 --budget 60   # clues only, time-bounded

Seconds are wall time (what a user waits; inflated when the machine is shared), the CPU column
the process's own time. A (size, level) whose first puzzle takes more than --budget seconds is cut short and reported as
such (the seconds so far are a lower bound). A level not reached within --attempts attempts is
reported as unreached. Targets (issue 10): 7x7 any level median <= 2 s; 9x9 hard <= 10 s;
12x12 easy <= 30 s.
"""

from __future__ import annotations

import argparse
import signal
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ascent.tools.generate import Unreachable, make  # noqa: E402
from ascent.solver.grade import LEVELS  # noqa: E402

TARGETS = {(7, lv): 2.0 for lv in LEVELS} | {(9, "hard"): 10.0, (12, "easy"): 30.0}


class OverBudget(Exception):
    pass


def _alarm(signum, frame):
    raise OverBudget


def sizes_of(text: str) -> list[int]:
    out = []
    for part in text.split(","):
        a, _, b = part.partition("-")
        out += list(range(int(a), int(b or a) + 1))
    return out


def p90(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(0.9 * len(xs)))]


def run(n: int, level: str, count: int, seed: str, attempts: int | None, budget: float, givens: bool = True) -> dict:
    secs, cpus, tries, made = [], [], 0, 0
    note = ""
    start = time.perf_counter()
    signal.signal(signal.SIGALRM, _alarm)
    for index in range(count):
        left = budget - (time.perf_counter() - start)
        if left <= 0:
            note = f"stopped at the {budget:g} s budget"
            break
        signal.setitimer(signal.ITIMER_REAL, left)
        t, c = time.perf_counter(), time.process_time()
        try:
            m = make(n, level, seed, index, attempts=attempts, givens=givens, seconds=None)
        except Unreachable:
            signal.setitimer(signal.ITIMER_REAL, 0)
            note = f"unreached in {attempts} attempts"
            tries += attempts or 0
            break
        except OverBudget:
            note = f"cut at the {budget:g} s budget after {time.perf_counter() - t:.0f} s on one puzzle"
            break
        signal.setitimer(signal.ITIMER_REAL, 0)
        secs.append(m.seconds)
        cpus.append(time.process_time() - c)
        tries += m.attempts
        made += 1
    return {"size": n, "level": level, "made": made, "attempts": tries, "median": statistics.median(secs) if secs else None,
            "p90": p90(secs) if secs else None,
            "cpu": statistics.median(cpus) if cpus else None, "yield": made / tries if tries else None, "note": note}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="4-7")
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--count", type=int, default=3)
    ap.add_argument("--seed", default="bench")
    ap.add_argument("--attempts", type=int, default=200, help="per puzzle; 0: no count, only --budget")
    ap.add_argument("--no-givens", action="store_true", help="clues only, no heights given in the grid")
    ap.add_argument("--budget", type=float, default=120.0, help="seconds per (size, level) at most")
    args = ap.parse_args()
    print("| size | level | made | median s | p90 s | median CPU s | yield | target | note |")
    print("|---|---|---:|---:|---:|---:|---:|---|---|")
    for n in sizes_of(args.sizes):
        for level in args.levels.split(","):
            r = run(n, level, args.count, args.seed, args.attempts or None, args.budget, not args.no_givens)
            target = TARGETS.get((n, level))
            verdict = ""
            if target is not None and r["median"] is not None:
                verdict = f"<= {target:g} s: {'met' if r['median'] <= target else 'MISSED'}"
            elif target is not None:
                verdict = f"<= {target:g} s: not measured"
            fmt = lambda x, spec: "-" if x is None else format(x, spec)  # noqa: E731
            print(f"| {n}x{n} | {level} | {r['made']} | {fmt(r['median'], '.2f')} | {fmt(r['p90'], '.2f')} | {fmt(r['cpu'], '.2f')} | "
                  f"{fmt(r['yield'], '.2f')} | {verdict} | {r['note']} |", flush=True)


if __name__ == "__main__":
    main()
