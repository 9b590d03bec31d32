"""Every forcing step checked on the reader's grid (issue 39, item 1), over a dev set: the grid rebuilt from the solve's
JSON alone (tests/readergrid.py), each link's words checked on it. Prints Markdown.

    python benchmarks/reader_grid.py                          # 9x9 unreasonable of ../shared/tatham
    python benchmarks/reader_grid.py --label extreme          # the 9x9 extreme
    python benchmarks/reader_grid.py --root /work/main        # another tree's code (its solver; this checker)
    python benchmarks/reader_grid.py --examples 3             # up to 3 examples of each kind of false statement

Figures: false statements (by kind: a removal of a candidate not there, a placement of a non-candidate, a placed
height left in its row or column, a link its technique does not say on the reader's grid, a contradiction not shown);
links that place a height and leave a cross-out unsaid; chains whose reader's grid shows a broken line before their
last link; steps and chain links whose sentence gives a count or a list of fillings or orderings (the words
"fillings", "orderings", "filling does", "ordering fits"); links read per puzzle (every forcing step's links,
supposition included): median / p90 / max. Each solve goes through its JSON (``Result.to_dict()``) before it is read.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
ap = argparse.ArgumentParser()
ap.add_argument("--root", default=str(HERE), help="the project tree whose solver to run")
ap.add_argument("--shared", default=str(HERE.parent / "shared"), help="the data folder (default ../shared)")
ap.add_argument("--size", type=int, default=9)
ap.add_argument("--label", default="unreasonable")
ap.add_argument("--examples", type=int, default=1, help="examples shown of each kind of false statement")
args = ap.parse_args()
sys.path.insert(0, str(Path(args.root).resolve()))

from ascent import Puzzle, solve  # noqa: E402

# the checker of this tree (tests/readergrid.py), whichever tree's solver runs
_spec = importlib.util.spec_from_file_location("readergrid", HERE / "tests" / "readergrid.py")
readergrid = sys.modules["readergrid"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(readergrid)
check = readergrid.check

path = Path(args.shared) / "tatham" / f"{args.size}x{args.size}-puzzles.json"
if not path.is_file():
    sys.exit(f"no data at {path}: give --shared")
recs = json.loads(path.read_text()).get(args.label)
if not recs:
    sys.exit(f"no puzzles labelled {args.label!r} in {path}")


# a removal's reason that is a count and nothing else ("with R1C2 = 5, the left would see 3 or 4, not 2", or "at
# least 3, not 2"): no cells that must show or hide, no singles, no cases; read from the words, in this script only (the
# engine never reads its sentences back)
BARE = re.compile(r"(?<!so )(?<!and )(?<!then )(?<!way )\b(?:the (?:left|right|top|bottom) would see|they would show) "
                  r"(?:at (?:least|most) )?\d")


# a contradiction whose count is said with no cells that show or hide ("... and sees at most 4, but the clue is 5")
BARE_END = re.compile(r"(?:sees at (?:most|least) \d+|sees \d+ whatever the order), but")


def bare(step) -> int:
    return len(BARE.findall(step.reason))


def pct(xs, q):
    """As benchmarks/chains.py takes a percentile (so the figures compare)."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))] if xs else 0


t0 = time.process_time()
per_puzzle, kinds, examples = [], {}, {}
false = unsaid = not_needed = late = listing_links = listing_steps = steps = links = solved = 0
bare_links = bare_steps = chars = bare_ends = counted_ends = 0
for idx, rec in enumerate(recs):
    result = solve(Puzzle.from_record(rec, args.label), logic_only=True)
    solved += result.status == "solved"
    report = check(json.loads(json.dumps(result.to_dict())))
    per_puzzle.append(report.links)
    steps += report.forcing_steps
    links += report.links
    false += len(report.findings)
    unsaid += len({(f.step, f.link) for f in report.findings if f.kind == "unsaid"})
    not_needed += report.not_needed
    late += len({s for s, _ in report.late})
    listing_links += report.listing_links
    listing_steps += report.listing_steps
    for step in result.steps:
        bare_steps += bare(step)
        bare_links += sum(bare(link) for link in step.links)
        chars += sum(len(link.reason) for link in step.links)
        if step.contradiction is not None and re.search(r"sees (?:at|\d)", step.contradiction.why):
            counted_ends += 1
            bare_ends += bool(BARE_END.search(step.contradiction.why))
    for f in report.findings:
        kinds[f.kind] = kinds.get(f.kind, 0) + 1
        examples.setdefault(f.kind, [])
        if len(examples[f.kind]) < args.examples:
            examples[f.kind].append((idx, f))

print(f"| {args.size}x{args.size} {args.label} ({len(recs)} puzzles, {solved} solved by logic) | value |")
print("|---|---:|")
print(f"| forcing steps / chain links checked | {steps} / {links} |")
print(f"| false statements on the reader's grid | {false} |")
for kind, count in sorted(kinds.items()):
    print(f"| - {kind} | {count} |")
print(f"| links that place a height and leave a cross-out unsaid (on the reader's grid / '(and N more cells, not "
      f"needed here)') | {unsaid} / {not_needed} |")
print(f"| chains going on past a line broken on the reader's grid | {late} |")
print(f"| chain links whose sentence counts or lists fillings / orderings | {listing_links} |")
print(f"| steps outside chains that do | {listing_steps} |")
print(f"| removal reasons that are a bare count (chain links / steps outside chains) | {bare_links} / {bare_steps} |")
print(f"| characters of chain links' sentences, all puzzles | {chars:,} |")
print(f"| contradictions that count what a line sees / those with no cells named that show or hide | {counted_ends} / "
      f"{bare_ends} |")
print(f"| links read per puzzle: median / p90 / max | {statistics.median(per_puzzle):g} / {pct(per_puzzle, .9)} "
      f"/ {max(per_puzzle)} |")
print(f"| CPU s (solve and check) | {time.process_time() - t0:.1f} |")
for kind, found in sorted(examples.items()):
    print(f"\n{kind}:")
    for idx, f in found:
        print(f"- puzzle {idx}, step {f.step}, link {f.link}: {f.claim!r} -- on the reader's grid: {f.shows}")
