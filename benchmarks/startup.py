"""Start-up: how long the CLI takes to answer, against the floor of importing typer and rich.

    python benchmarks/startup.py              # 15 rounds
    python benchmarks/startup.py --rounds 30

Each round runs, in turn, in fresh processes of this Python with this checkout first on the path:
  base      python -c "import typer, rich.console"      (what any typer/rich CLI pays)
  version   python -m ascent --version
  solve 4x4 python -m ascent solve --clues "2 2 1 3 ..." (the README's first command)
  help      python -m ascent -h
The medians are compared within this one run (the machine is shared and noisy: only ratios count).
Targets (issue 16): version <= 1.25x base, solve 4x4 <= 1.6x base.
"""

from __future__ import annotations

import argparse
import os
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


def once(args: list[str], env: dict) -> float:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, *args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          cwd=ROOT)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed: {done.stderr.decode()[-300:]}")
    return took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "80"}
    env.pop("ASCENT_STORE", None)
    times: dict[str, list[float]] = {name: [] for name in CASES}
    for name, argv in CASES.items():  # warm the file cache and the .pyc files first
        once(argv, env)
    for _ in range(args.rounds):
        for name, argv in CASES.items():
            times[name].append(once(argv, env))
    base = statistics.median(times["base"])
    print(f"{args.rounds} rounds, Python {sys.version.split()[0]}, medians (min):")
    failed = False
    for name, ts in times.items():
        med = statistics.median(ts)
        line = f"  {name:<10} {med * 1000:7.1f} ms ({min(ts) * 1000:6.1f})  {med / base:5.2f}x base"
        if name in TARGETS:
            ok = med / base <= TARGETS[name]
            failed |= not ok
            line += f"  target <= {TARGETS[name]}x: {'met' if ok else 'MISSED'}"
        print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
