"""Hash every logic-only trace of the shared corpora, to check that a refactor changes no step.

    nice -n 10 python benchmarks/trace_hash.py --out /tmp/hashes-before.txt            # every corpus
    nice -n 10 python benchmarks/trace_hash.py --out /tmp/hashes-after.txt --check /tmp/hashes-before.txt
    python benchmarks/trace_hash.py --only tatham,big --out /tmp/h.txt                 # some corpora

Each puzzle of ``../shared/{brainbashers,generated,tatham,big}`` is solved with ``logic_only=True``
(what solves remember between them forgotten first, so each trace depends on its puzzle alone), and
its trace's JSON (``Result.to_dict()`` without the time it took, keys sorted) is hashed with SHA-256.
One line per puzzle: ``corpus/size/label/index hash``, then a line ``total <hash of all lines>``.
``--check FILE`` compares with an earlier run and exits 1 naming the puzzles whose trace changed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ascent import Puzzle, solve  # noqa: E402
from ascent.solver.engine import forget  # noqa: E402

SHARED = Path(os.environ.get("ASCENT_SHARED") or ROOT.parent / "shared")
CORPORA = ("brainbashers", "generated", "tatham", "big")


def puzzles(corpora):
    for corpus in corpora:
        for path in sorted((SHARED / corpus).glob("*x*-puzzles.json"), key=lambda p: int(p.name.split("x")[0])):
            size = path.name.split("-")[0]
            for label, recs in sorted(json.loads(path.read_text()).items()):
                for i, rec in enumerate(recs):
                    yield f"{corpus}/{size}/{label}/{i}", Puzzle.from_record(rec, label)


def trace_hash(puzzle: Puzzle) -> str:
    forget()
    data = solve(puzzle, logic_only=True).to_dict()
    del data["seconds"]
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default=",".join(CORPORA), help="comma-separated corpora (default: all four)")
    ap.add_argument("--out", type=Path, help="write the hashes here")
    ap.add_argument("--check", type=Path, help="compare with an earlier run's file")
    args = ap.parse_args()
    start = time.process_time()
    lines = [f"{key} {trace_hash(p)}" for key, p in puzzles(args.only.split(","))]
    lines.append("total " + hashlib.sha256("\n".join(lines).encode()).hexdigest())
    text = "\n".join(lines) + "\n"
    if args.out:
        args.out.write_text(text)
    print(f"{len(lines) - 1} traces, {lines[-1]}, {time.process_time() - start:.0f} CPU s")
    if args.check:
        old = dict(line.split() for line in args.check.read_text().splitlines())
        new = dict(line.split() for line in lines)
        changed = [k for k in old if k != "total" and new.get(k) != old[k]]
        if changed or old.keys() != new.keys():
            print(f"{len(changed)} traces differ: {', '.join(changed[:20])}")
            return 1
        print("every trace is the same")
    return 0


if __name__ == "__main__":
    sys.exit(main())
