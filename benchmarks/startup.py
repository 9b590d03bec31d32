"""Start-up: how long the CLI takes to answer, against the floor of importing typer and rich.

    python benchmarks/startup.py              # 15 rounds
    python benchmarks/startup.py --rounds 30

Each round runs, in turn, in fresh processes of this Python with this checkout first on the path:
  base      python -c "import typer, rich.console"      (what any typer/rich CLI pays)
  version   python -m ascent --version
  solve 4x4 python -m ascent solve --clues "2 2 1 3 ..." (the README's first command)
  help      python -m ascent -h
The medians are compared within this one run (the machine is shared and noisy: only ratios count);
the CPU time each process used (user + system) is shown beside the wall time, as it is less upset by
other work on the machine. Targets (issue 16): version <= 1.25x base, solve 4x4 <= 1.6x base.

Bytecode: every run uses the .pyc files, as an installed ascent does (pip compiles them; a source
checkout writes them on its first run). PYTHONDONTWRITEBYTECODE is taken out of the environment so
that the warm-up run can write them: with it set and no __pycache__, every module of ascent is
compiled from source on every run (about 60 ms of a 4x4 solve on the 2-core test machine), which
measures the compiler, not start-up. --source keeps it set and takes the ascent .pyc files away
first, to show that cost.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KATA = "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"
CASES = {
    "base": ["-c", "import typer, rich.console"],
    "version": ["-m", "ascent", "--version"],
    "solve 4x4": ["-m", "ascent", "solve", "--clues", KATA],
    "help": ["-m", "ascent", "-h"],
}
TARGETS = {"version": 1.25, "solve 4x4": 1.6}


def once(args: list[str], env: dict) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, *args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          cwd=ROOT)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed: {done.stderr.decode()[-300:]}")
    return took, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def drop_bytecode() -> None:
    """Take away ascent's .pyc files (only those: the standard library and typer keep theirs)."""
    for cache in (ROOT / "ascent").rglob("__pycache__"):
        shutil.rmtree(cache, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--source", action="store_true",
                        help="no .pyc files for ascent: every run compiles it from source (PYTHONDONTWRITEBYTECODE=1)")
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "80"}
    env.pop("ASCENT_STORE", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if args.source:
        drop_bytecode()
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    times: dict[str, list[float]] = {name: [] for name in CASES}
    cpu: dict[str, list[float]] = {name: [] for name in CASES}
    for name, argv in CASES.items():  # warm the file cache and write the .pyc files first
        once(argv, env)
    for _ in range(args.rounds):
        for name, argv in CASES.items():
            wall, used = once(argv, env)
            times[name].append(wall)
            cpu[name].append(used)
    base = statistics.median(times["base"])
    base_cpu = statistics.median(cpu["base"])
    kind = "ascent compiled from source every run" if args.source else "with .pyc files"
    print(f"{args.rounds} rounds, Python {sys.version.split()[0]}, {kind}; medians (min), and CPU time:")
    failed = False
    for name, ts in times.items():
        med = statistics.median(ts)
        used = statistics.median(cpu[name])
        line = (f"  {name:<10} {med * 1000:7.1f} ms ({min(ts) * 1000:6.1f})  {med / base:5.2f}x base"
                f"  | cpu {used * 1000:6.1f} ms {used / base_cpu:5.2f}x")
        if name in TARGETS:
            ok = med / base <= TARGETS[name]
            failed |= not ok
            line += f"  target <= {TARGETS[name]}x: {'met' if ok else 'MISSED'}"
        print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
