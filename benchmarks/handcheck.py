"""The six chains a hand check reads (issue 39): the longest and a median-length forcing chain of records 5, 15 and 25
of ../shared/tatham/9x9-puzzles.json ``unreasonable``, each as the terminal prints it at 80 columns (the grid before
the step, the step, its chain with the reader's grid drawn in it), one file each, for a reader with pencil and paper.

    python benchmarks/handcheck.py /tmp/handcheck                  # this tree's code
    python benchmarks/handcheck.py /tmp/handcheck-before --root /work/base

The files hold puzzles from ../shared: keep them out of the repository.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
ap = argparse.ArgumentParser()
ap.add_argument("out", type=Path, help="the folder to write the six chains to")
ap.add_argument("--root", default=str(HERE), help="the project tree whose solver prints them")
ap.add_argument("--shared", default=str(HERE.parent / "shared"))
ap.add_argument("--records", default="5,15,25")
args = ap.parse_args()

recs = json.loads((Path(args.shared) / "tatham" / "9x9-puzzles.json").read_text())["unreasonable"]
args.out.mkdir(parents=True, exist_ok=True)
env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1", "PYTHONPATH": args.root}
for idx in (int(x) for x in args.records.split(",")):
    tid = recs[idx]["id"]
    text = subprocess.run([sys.executable, "-m", "ascent", "solve", "--tatham", tid, "--debug", "--no-backtrack"],
                          capture_output=True, text=True, env=env, cwd=args.root).stdout
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if re.match(r"Pass \d+: (nested )?forcing.*\(the grid before it\)", line)]
    blocks = []
    for s in starts:
        e = next((j for j in range(s + 1, len(lines)) if lines[j].startswith("Pass ")), len(lines))
        block = "\n".join(lines[s:e]).rstrip() + "\n"
        m = re.search(r"(\d+) links? would lead", block)
        if m:
            blocks.append((int(m.group(1)), block))
    if not blocks:
        continue
    lengths = sorted(b[0] for b in blocks)
    longest = max(blocks, key=lambda b: b[0])
    med = statistics.median_low(lengths)
    median = min((b for b in blocks if b is not longest), key=lambda b: abs(b[0] - med), default=longest)
    for name, (k, block) in (("longest", longest), ("median", median)):
        path = args.out / f"puzzle{idx}-{name}-{k}links.txt"
        path.write_text(f"Puzzle: Tatham 9x9 unreasonable, dev record {idx}: {tid}\n"
                        f"Forcing steps in this solve: {len(blocks)}, chain lengths {lengths}\n\n" + block)
        print(path)
