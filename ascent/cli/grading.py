"""grade: how hard a puzzle is -- its level, score, grade and steps per technique; or a whole store's."""

from __future__ import annotations

import os
from pathlib import Path
from typing import List, Optional

import typer
from rich.table import Table

from ..show.console import console, err_console
from ..solver.engine import TIER, solve
from ..solver.grade import BACKTRACK_COST, LEVEL, LEVELS
from ..techniques import BY_NAME
from ..model.trace import SOLVED
from .base import (no_puzzles, EXIT_SOLVED, EXIT_UNSOLVED, Usage, app, check_output, entries_or_samples, exit_for, labels,
                   numbers, store_path, write_json)
from .given import Given, puzzle_options

SCALE = (f"Levels, easiest first: {', '.join(LEVELS)}. The level is the hardest technique's; the score adds "
         "every step's cost (README: Making and grading puzzles).")


@app.command("grade", epilog=SCALE)
@puzzle_options()
def grade_cmd(
    given: Given = None,  # the puzzle options (given.py)
    store: Optional[Path] = typer.Option(None, "--store", help="Grade every puzzle of this store folder instead."),
    sizes: Optional[List[str]] = typer.Option(None, "--sizes", help="With --store: only these sizes, as 4,5,6."),
    diffs: Optional[List[str]] = typer.Option(None, "--diffs", help="With --store: only these labels, as 1,2 or hard."),
    each: bool = typer.Option(False, "--each", help="With --store: a line per puzzle, not only per set."),
    workers: int = typer.Option(os.cpu_count() or 1, "--workers", min=1, help="With --store: processes to use."),
    json_path: Optional[Path] = typer.Option(None, "--json", help="Also write the grades as JSON to this file ('-': stdout, JSON only)."),
) -> int:
    """Grade a puzzle: its level, score, hardest technique and steps per technique.

    \b
    Example:
      ascent grade --clues "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"
      ascent grade --tatham "4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1" --json -
      ascent grade --store ../shared/brainbashers --sizes 5 --diffs 3
      ascent grade --store ../shared/tatham --sizes 7 --each --json grades.json
    """
    check_output("--json", json_path)
    if store is None and (sizes or diffs or each):
        raise Usage("--sizes, --diffs and --each go with --store")
    if store is not None:
        if given.anything:
            raise Usage("give a puzzle (--clues, --keys, --tatham, --file) or --store, not both")
        return _grade_store(store, sizes, diffs, each, workers, json_path)
    puzzle = given.puzzle()
    result = solve(puzzle)
    payload = {"status": result.status, "level": result.level, "score": result.score, "grade": result.grade,
               "counts": result.counts, "message": result.message}
    if json_path is None or str(json_path) != "-":
        if result.status != SOLVED:
            console.print(f"not graded: {result.status}: {result.message}", markup=False, soft_wrap=True)
        else:
            console.print(f"level {result.level}, score {result.score}; hardest technique {result.grade}", markup=False)
            console.print(_counts_table(result.counts))
    if json_path is not None:
        write_json(json_path, payload)
    return exit_for(result.status)


def _counts_table(counts: dict[str, int]) -> Table:
    table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="bold underline")
    for name, right in (("technique", False), ("level", False), ("steps", True), ("cost each", True)):
        table.add_column(name, justify="right" if right else "left", no_wrap=True)
    for name, k in sorted(counts.items(), key=lambda kv: TIER.get(kv[0], 99)):
        cost = BY_NAME[name].cost if name in BY_NAME else BACKTRACK_COST
        forcing = name in BY_NAME and BY_NAME[name].role == "forcing"
        each = f"{cost}+" if forcing else str(cost)  # forcing: more per step of its chain
        table.add_row(name, LEVEL[name], str(k), each)
    return table


def _each(out, outcomes) -> None:
    """A line per puzzle, its id last and whole: a Tatham id or an address is never split over lines,
    on a terminal, in a file or in a pipe (the terminal may fold a long line; it stays one line)."""
    heads = ("size", "label", "level", "score", "hardest technique", "id")
    rows = [(f"{o.size}x{o.size}", o.diff, o.level or o.status, "-" if o.score is None else str(o.score),
             o.grade or "-", str(o.id)) for o in outcomes]
    widths = [max(len(r[k]) for r in rows + [heads]) for k in range(len(heads) - 1)]
    right = {3}
    for k, row in enumerate([heads] + rows):
        cells = [cell.rjust(w) if i in right else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths))]
        out.print("  ".join(cells + [row[-1]]), markup=False, highlight=False, soft_wrap=True,
                  style="bold underline" if k == 0 else None)


def _grade_store(store: Path, sizes, diffs, each: bool, workers: int, json_path: Optional[Path]) -> int:
    from ..tools.batch import Job, grades_json, summarize  # a store only: the workers, multiprocessing
    from ..store import file_for
    from .progress import interrupted, run_jobs

    size_list, diff_list = numbers(sizes, "--sizes"), labels(diffs)
    entries, used = entries_or_samples(store_path(store), size_list or None, diff_list or None)
    if not entries:
        raise Usage(no_puzzles(used, size_list, diff_list, "labels"))
    jobs = [Job(e.size, e.label, e.ident, e.record, source=str(file_for(used, e.size))) for e in entries]
    out = err_console if json_path is not None and str(json_path) == "-" else console
    outcomes, _, partial = run_jobs(jobs, workers, "grading", out)
    if each:
        _each(out, outcomes)
    sets = summarize(outcomes)
    part = f" (partial: {len(outcomes)} of {len(jobs)})" if partial else ""
    out.print(f"{used}: levels and median score per set{part}", markup=False, soft_wrap=True)
    table = Table(box=None, pad_edge=False, padding=(0, 1), header_style="bold underline")
    for name, right in (("size", False), ("label", False), ("puzzles", True), ("median score", True),
                        ("puzzles per level", False)):
        table.add_column(name, justify="right" if right else "left", no_wrap=name != "puzzles per level")
    for s in sets:
        none = s.median_score is None
        table.add_row(f"{s.size}x{s.size}", s.diff, str(s.total), "none solved" if none else f"{s.median_score:g}",
                      "-" if none else ", ".join(f"{k} {v}" for k, v in s.levels.items()))
    out.print(table)
    bad = [o for o in outcomes if o.status != SOLVED]
    if bad:
        out.print(f"{len(bad)} of {len(outcomes)} not graded (not solved): " + ", ".join(f"{o.id} {o.status}" for o in bad[:5])
                  + (" ..." if len(bad) > 5 else ""), markup=False, soft_wrap=True)
    if json_path is not None:
        write_json(json_path, grades_json(outcomes, (len(outcomes), len(jobs)) if partial else None))
    if partial:
        interrupted(len(outcomes), len(jobs))
    from .solving import invalid_records

    invalid_records(outcomes)
    return EXIT_SOLVED if not bad else EXIT_UNSOLVED

