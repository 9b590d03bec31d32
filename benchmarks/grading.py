"""Calibration of ascent's level and score against the sources' own labels: writes reports/grading.md.

    python benchmarks/grading.py                    # ../shared: brainbashers, tatham, generated
    python benchmarks/grading.py --workers 1 --out /tmp/grading.md
    python benchmarks/grading.py --tatham-tools /tmp/tt   # and agreement with Tatham's own grader

With ``--tatham-tools DIR`` (``../shared/tools/tatham/build.sh DIR`` is run when DIR lacks the tools)
it also measures agreement with Tatham's grader (issue 19): ``tatham-gen`` makes ``--per-level``
puzzles at each of 5x5, 6x6 and 7x7 and each of his levels (seed ``--seed``), ascent grades them; and
``ascent generate 7 --level L --count 6`` is graded by ``tatham-grade``. Nothing of Tatham's is kept.

What it checks (issue 10): over brainbashers, the median score rises d1 <= d2 < d3 at each size;
over Tatham's puzzles, the median score rises with Tatham's level; how often ascent's level matches
the source's label; and the puzzles where they disagree most.

How a source's label is read as a level:
    brainbashers  1 and 2 (full clues) -> easy, 3 (sparse clues) -> tricky or hard (brainbashers labels
                  by clue count, so this is a loose reading; the score is what must rise)
    tatham        Tatham's levels, as ascent.solver.grade.TATHAM maps them: Easy -> easy, Hard -> tricky or
                  hard, Extreme -> extreme, Unreasonable -> unreasonable
    generated     hard ("lane enumeration with subsets and fish suffices": an upper bound) -> any
                  level up to extreme; extreme ("needs more than that") -> extreme (a pair chain) or
                  unreasonable
"""

from __future__ import annotations

import argparse
import os
import subprocess
import statistics
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ascent.tools.batch import Job, solve_many  # noqa: E402
from ascent.solver.grade import LEVELS, RANK, TATHAM  # noqa: E402
from ascent.puzzle import Puzzle  # noqa: E402
from ascent.store import load  # noqa: E402

EXPECTED = {
    "brainbashers": {"1": ("easy",), "2": ("easy",), "3": ("tricky", "hard")},
    "tatham": {"easy": ("easy",), "hard": ("tricky", "hard"), "extreme": ("extreme",), "unreasonable": ("unreasonable",)},
    "generated": {"hard": ("easy", "tricky", "hard", "extreme"), "extreme": ("extreme", "unreasonable")},
}
# one sentence per kind of disagreement (source, label, ascent's level): why they differ
WHY = {
    ("brainbashers", "3", "easy"): "sparse clues, yet every lane opens to edge rules, singles and the bounds "
    "of the tallest placed heights.",
    ("brainbashers", "1", "tricky"): "a full-clue puzzle where a clue split at a sure peak was the only way on.",
    ("brainbashers", "1", "hard"): "an easy-labelled puzzle where ascent found a lane enumeration the only way on.",
    ("tatham", "extreme", "unreasonable"): "Tatham's extreme solver found a forcing chain or a set that ascent's "
    "pair chain and fish do not (his chain walks from every two-candidate cell; ascent stops at the first).",
    ("tatham", "unreasonable", "hard"): "ascent's whole-lane enumeration (sequence) reads both clues of a lane at "
    "once; Tatham's Hard reads one clue at a time, so he had to guess.",
    ("tatham", "extreme", "hard"): "ascent's whole-lane enumeration (sequence, with both clues at once) "
    "settles it; Tatham's hard-level deductions did not, so it went on to its extreme tier.",
    ("tatham", "extreme", "tricky"): "a subset settles what Tatham's set elimination did not find at its level.",
    ("tatham", "unreasonable", "extreme"): "a pair chain or fish settles it: Tatham's chain search walks each "
    "two-candidate cell once, breadth first, and missed this chain, so he guessed.",
    ("generated", "hard", "unreasonable"): "today's tiers do not reach it without a supposition, though the "
    "set's maker found fish enough.",
    ("generated", "extreme", "hard"): "a whole-lane enumeration with both clues settles what the set's maker "
    "needed more for.",
}


def source_of(path: Path) -> str:
    return path.name


def grade_all(root: Path, workers: int):
    entries = load(root)
    jobs = [Job(e.size, e.label, e.ident, e.record) for e in entries]
    return solve_many(jobs, workers)


def median(xs):
    return statistics.median(xs) if xs else None


def fmt(x) -> str:
    return "-" if x is None else f"{x:g}"


TATHAM_LEVELS = {"e": "easy", "h": "hard", "x": "extreme", "u": "unreasonable"}


def tatham_tools(folder: Path, shared: Path) -> Path:
    if not (folder / "tatham-grade").exists() or not (folder / "tatham-gen").exists():
        subprocess.run([str(shared / "tools" / "tatham" / "build.sh"), str(folder)], check=True, capture_output=True)
    return folder


def tatham_grades(tools: Path, ids: list[str]) -> list[str]:
    """Tatham's level for each game id, lower case (easy ... unreasonable, or ambiguous/impossible)."""
    out = subprocess.run([str(tools / "tatham-grade")], input="\n".join(ids) + "\n", capture_output=True, text=True,
                         check=True).stdout.split("\n")
    return [line.split()[1].lower() for line in out if len(line.split()) == 3]


def agreement_rows(pairs) -> list[str]:
    """pairs: (Tatham's level, ascent's level). A row per Tatham level: ascent's levels, matches."""
    rows = []
    for lv in ("easy", "hard", "extreme", "unreasonable"):
        got = [a for t, a in pairs if t == lv]
        if not got:
            continue
        counts: dict[str, int] = {}
        for a in got:
            counts[a or "unsolved"] = counts.get(a or "unsolved", 0) + 1
        ok = sum(1 for a in got if a is not None and TATHAM[a].lower() == lv)
        rows.append(f"| {lv} | {len(got)} | " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items(), key=lambda kv: RANK.get(kv[0], 9)))
                    + f" | {ok} ({100 * ok / len(got):.0f}%) |")
    return rows


def tatham_agreement(tools: Path, shared: Path, per_level: int, seed: str, workers: int) -> list[str]:
    lines = ["## Agreement with Tatham's grader", "",
             f"`tatham-gen` puzzles: {per_level} per size (5x5, 6x6, 7x7) and level, seed `{seed}`; "
             "Tatham's level as `tatham-grade` gives it, ascent's from the full engine. A match is ascent's level "
             "mapping onto Tatham's (`ascent.solver.grade.TATHAM`: tricky and hard both mean his Hard).", "",
             "| Tatham's level | puzzles | ascent's levels | matches |", "|---|---:|---|---:|"]
    ids = []
    for n in (5, 6, 7):
        for ch in TATHAM_LEVELS:
            out = subprocess.run([str(tools / "tatham-gen"), f"{n}d{ch}", str(per_level), seed], capture_output=True,
                                 text=True, check=True).stdout.split()
            ids += out
    theirs = tatham_grades(tools, ids)
    jobs = [Job(int(i.split(":")[0]), t, i, Puzzle.from_tatham(i).to_record()) for i, t in zip(ids, theirs)]
    pairs = [(o.diff, o.level) for o in solve_many(jobs, workers)]
    lines += agreement_rows(pairs)
    root = shared / "tatham"
    if root.is_dir():
        lines += ["", f"`../shared/tatham` (7x7-9x9; labels are Tatham's levels):", "",
                  "| Tatham's level | puzzles | ascent's levels | matches |", "|---|---:|---|---:|"]
        lines += agreement_rows([(o.diff, o.level) for o in grade_all(root, workers)])
    lines += ["", "`ascent generate 7 --level L --count 6 --seed 19`, graded by `tatham-grade`:", "",
              "| ascent level | Tatham's levels | Tatham agrees |", "|---|---|---:|"]
    from ascent.tools.generate import make  # noqa: E402
    for level in LEVELS:
        made = [make(7, level, 19, k).puzzle.to_tatham() for k in range(6)]
        theirs = tatham_grades(tools, made)
        counts: dict[str, int] = {}
        for t in theirs:
            counts[t] = counts.get(t, 0) + 1
        ok = sum(1 for t in theirs if t == TATHAM[level].lower())
        lines.append(f"| {level} | " + ", ".join(f"{k} {v}" for k, v in counts.items()) + f" | {ok} of {len(made)} |")
    return lines + [""]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", type=Path, default=ROOT / "reports" / "grading.md")
    ap.add_argument("--worst", type=int, default=4, help="kinds of disagreement listed per source")
    ap.add_argument("--tatham-tools", type=Path, default=None, help="folder of tatham-grade and tatham-gen (built if missing)")
    ap.add_argument("--per-level", type=int, default=10, help="tatham-gen puzzles per size and level")
    ap.add_argument("--seed", default="ascent-19", help="tatham-gen's seed")
    args = ap.parse_args()
    lines = ["# Grading calibration: ascent's level and score against the sources' labels", "",
             f"Date: {date.today().isoformat()}. Made by `python benchmarks/grading.py` "
             f"({args.workers} worker{'s' if args.workers != 1 else ''}). Every puzzle solved by the full engine (logic, the finisher if needed).", "",
             "Labels read as levels: brainbashers 1 and 2 = easy, 3 = tricky or hard; Tatham's levels as "
             "`ascent.solver.grade.TATHAM` maps them (Easy = easy, Hard = tricky or hard, Extreme = extreme, Unreasonable = "
             "unreasonable); the generated set's `hard` (\"fish suffices\") = any level up to extreme, its `extreme` "
             "= extreme or unreasonable.", ""]
    checks, disagreements = [], []
    lines += ["| source | size | label | puzzles | median score | p10-p90 score | levels | matches |",
              "|---|---|---|---:|---:|---|---|---:|"]
    wall = {}
    for source in ("brainbashers", "tatham", "generated"):
        root = args.shared / source
        if not root.is_dir():
            lines.append(f"| {source} | absent | | | | | | |")
            continue
        t = time.perf_counter()
        outcomes = grade_all(root, args.workers)
        wall[source] = time.perf_counter() - t
        agree = sum(1 for o in outcomes if o.level in EXPECTED[source].get(o.diff, ()))
        checks.append(f"{source}: ascent's level matches the label for {agree} of {len(outcomes)} puzzles "
                      f"({100 * agree / max(1, len(outcomes)):.0f}%)")
        sets: dict[tuple[int, str], list] = {}
        for o in outcomes:
            sets.setdefault((o.size, o.diff), []).append(o)
        medians = {}
        for (n, label), items in sorted(sets.items(), key=lambda kv: (kv[0][0], RANK.get(kv[0][1], -1), kv[0][1])):
            scores = sorted(o.score for o in items if o.score is not None)
            levels: dict[str, int] = {}
            for o in items:
                levels[o.level or o.status] = levels.get(o.level or o.status, 0) + 1
            want = EXPECTED[source].get(label, ())
            match = sum(1 for o in items if o.level in want)
            medians[(n, label)] = median(scores)
            spread = f"{scores[len(scores) // 10]}-{scores[min(len(scores) - 1, 9 * len(scores) // 10)]}" if scores else "-"
            lv = ", ".join(f"{k} {v}" for k, v in sorted(levels.items(), key=lambda kv: RANK.get(kv[0], 9)))
            lines.append(f"| {source} | {n}x{n} | {label} | {len(items)} | {fmt(median(scores))} | {spread} | {lv} | "
                         f"{match} ({100 * match / len(items):.0f}%) |")
            for o in items:
                if o.level is None or not want:
                    continue
                gap = min(abs(RANK[o.level] - RANK[w]) for w in want)
                if gap:
                    disagreements.append((source, gap, o))
        if source == "brainbashers":
            for n in sorted({n for n, _ in sets}):
                m = [medians.get((n, d)) for d in ("1", "2", "3")]
                present = [(d, x) for d, x in zip("123", m) if x is not None]
                ok = all(a[1] <= b[1] if (a[0], b[0]) == ("1", "2") else a[1] < b[1]
                         for a, b in zip(present, present[1:]))
                checks.append(f"brainbashers {n}x{n}: medians " + ", ".join(f"d{d} {fmt(x)}" for d, x in present)
                              + (" -- rise as required" if ok else " -- DO NOT rise as required"))
        if source == "tatham":
            for n in sorted({n for n, _ in sets}):
                present = [(lv, medians[(n, lv)]) for lv in LEVELS if (n, lv) in medians]
                ok = all(a[1] < b[1] for a, b in zip(present, present[1:]))
                checks.append(f"tatham {n}x{n}: medians " + ", ".join(f"{lv} {fmt(x)}" for lv, x in present)
                              + ("" if len(present) < 2 else (" -- rise with the level" if ok else " -- DO NOT rise")))
    lines += ["", "## Checks", ""] + [f"- {c}" for c in checks]
    lines += ["", "## Where they disagree most", "",
              "Per source, each kind of disagreement (the farthest first), with its count and the puzzle of that "
              "kind with the highest score, and a sentence on why.", ""]
    for source in ("brainbashers", "tatham", "generated"):
        worst = sorted((d for d in disagreements if d[0] == source), key=lambda d: (-d[1], -(d[2].score or 0)))
        if not worst:
            continue
        kinds: dict[tuple, list] = {}
        for _, _, o in worst:  # already farthest first, highest score first
            kinds.setdefault((o.diff, o.level), []).append(o)
        lines.append(f"**{source}**")
        lines.append("")
        for (label, level), items in list(kinds.items())[: args.worst]:
            o = items[0]
            why = WHY.get((source, label, level), "no sentence yet for this kind of disagreement.")
            lines.append(f"- label {label}, ascent {level}: {len(items)} puzzles; e.g. {o.size}x{o.size} `{o.id}` "
                         f"(score {o.score}, hardest {o.grade}). {why}")
        lines.append("")
    if args.tatham_tools is not None:
        tools = tatham_tools(args.tatham_tools, args.shared)
        lines += tatham_agreement(tools, args.shared, args.per_level, args.seed, args.workers)
    lines += ["Wall seconds per source: " + ", ".join(f"{s} {w:.1f}" for s, w in wall.items()) + "."]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
