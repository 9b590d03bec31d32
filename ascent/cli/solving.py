"""solve-one, solve-all and solve: parse the options, make one library call, show the answer."""

from __future__ import annotations

import json
import os
import time
from datetime import date
from pathlib import Path
from typing import List, Optional

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from .. import render, report
from ..batch import Job, Outcome, solve_many, summarize
from ..console import console, err_console
from ..engine import ORDER
from ..grid import Grid
from ..render import plural
from ..puzzle import Puzzle
from ..store import Entry, file_for, write_atomic
from ..trace import SOLVED
from .base import (ANSWER, CLUES, COMPACT, DEBUG, FILE, JSON_OUT, KEYS, NO_BACKTRACK, SIZE, STATE, STORE, TATHAM,
                   TECHNIQUES, TIMEOUT, EXIT_SOLVED, EXIT_UNSOLVED, Failure, app, entries_or_samples, exit_for, home, pick_stored,
                   ascii_int, labels, listing, numbers, read_puzzle, store_path, technique_names, write_json)
from .progress import solve_showing_progress
from .show import show_result
from .share import HTML, MARKDOWN, SVG, write_shares

TECHNIQUE_LIST = f"Techniques, easiest first: {', '.join(ORDER)}."


# ---------------------------------------------------------------------------- solve-one
@app.command("solve-one", epilog=TECHNIQUE_LIST)
def solve_one(
    size: int = typer.Argument(..., parser=ascii_int, help="Grid size, e.g. 7."),
    diff: str = typer.Option("1", "--diff", "-d", help="Difficulty label: brainbashers uses 1, 2, 3; any label works."),
    when: Optional[str] = typer.Option(None, "--date", help="The puzzle's date, MMDD. Default: today's, else the first."),
    random_date: bool = typer.Option(False, "--random-date", help="Pick a puzzle of the set at random."),
    debug: bool = DEBUG,
    no_backtrack: bool = NO_BACKTRACK,
    answer: bool = ANSWER,
    compact: bool = COMPACT,
    techniques: Optional[List[str]] = TECHNIQUES,
    timeout: Optional[float] = TIMEOUT,
    store: Optional[Path] = STORE,
    html: Optional[Path] = HTML, svg: Optional[Path] = SVG, markdown: Optional[Path] = MARKDOWN,
) -> int:
    """Solve one stored puzzle and show every pass as a grid.

    \b
    Example:
      ascent solve-one 7 --diff 2 --debug
      ascent solve-one 5 --diff 2 --date 1217 --store ../shared/brainbashers
      ascent solve-one 6 --diff 1 --random-date --compact
    """
    names = technique_names(techniques)
    puzzle = pick_stored(store, size, diff, when, random_date)
    result = solve_showing_progress(puzzle, logic_only=no_backtrack, techniques=names, timeout=timeout)
    show_result(result, debug, compact, answer)
    write_shares(result, html, svg, markdown)
    return exit_for(result.status)


# ---------------------------------------------------------------------------- solve-all
@app.command("solve-all", epilog=TECHNIQUE_LIST)
def solve_all(
    sizes: Optional[List[str]] = typer.Option(None, "--sizes", help="Sizes, as 4,5,6 or repeated --sizes 4 --sizes 5."),
    diffs: Optional[List[str]] = typer.Option(None, "--diffs", help="Difficulty labels, as 1,2,3 or repeated."),
    no_backtrack: bool = NO_BACKTRACK,
    show_fail: bool = typer.Option(False, "--show-fail", help="Show each unsolved puzzle at its start and where logic stopped."),
    workers: int = typer.Option(os.cpu_count() or 1, "--workers", min=1, help="Processes to use (default: every core)."),
    json_path: Optional[Path] = JSON_OUT,
    store: Optional[Path] = STORE,
    techniques: Optional[List[str]] = TECHNIQUES,
    reports: Optional[Path] = typer.Option(None, "--reports", help="Where the Markdown and JSON tables go (default reports/ beside fetched/)."),
    cluster: Optional[str] = typer.Option(None, "--cluster", help="Solve on the Dask scheduler at this address instead "
                                          "(pip install 'ascent[cluster]')."),
) -> int:
    """Solve every stored puzzle and print a stats table per size and difficulty.

    \b
    Example:
      ascent solve-all --store ../shared/brainbashers --no-backtrack
      ascent solve-all --sizes 4,5 --diffs 1 --show-fail --json /tmp/out.json
    """
    size_list, diff_list = numbers(sizes, "--sizes"), labels(diffs)
    names = technique_names(techniques)
    entries, used = entries_or_samples(store_path(store), size_list or None, diff_list or None)
    if not entries:
        raise Failure(f"no puzzles match sizes {listing(size_list or ['any'])} and difficulties "
                      f"{listing(diff_list or ['any'])} in {used}")
    jobs = [Job(e.size, e.label, e.ident, e.record, no_backtrack, names, str(file_for(used, e.size))) for e in entries]
    out = err_console if json_path is not None and str(json_path) == "-" else console  # stdout is the JSON's
    start = time.perf_counter()
    columns = (TextColumn("solving"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=out, transient=True) as progress:
        task = progress.add_task("solve", total=len(jobs))
        if cluster is None:
            outcomes = solve_many(jobs, workers, on_progress=lambda k: progress.advance(task, k))
        else:
            outcomes, workers = _solve_on_cluster(cluster, jobs, lambda k: progress.advance(task, k))
    wall = time.perf_counter() - start
    sets = summarize(outcomes)
    mode = "logic only" if no_backtrack else "logic, then backtracking"
    if names:
        mode += " with " + ", ".join(names)
    title = f"{used}: {plural(len(outcomes), 'puzzle')}, {mode}; {wall:.1f} s wall on {plural(workers, 'worker')}"
    out.print(render.stats_table(sets, title))
    unsolved = [(o, e) for o, e in zip(outcomes, entries) if o.status != SOLVED]
    line = f"{len(outcomes) - len(unsolved)} of {len(outcomes)} solved"
    if unsolved:
        line += f"; {len(unsolved)} not: " + _status_counts([o for o, _ in unsolved])
    out.print(line)
    if show_fail:
        for o, entry in unsolved:
            _show_failure(out, o, entry)
    stem = report.filtered_name(used.name, size_list, diff_list, no_backtrack, names)
    md, js = _save_report(reports or home() / "reports", stem, used, sets, title, no_backtrack, names, wall)
    out.print(f"report saved:\n  {md}\n  {js}", soft_wrap=True, markup=False)
    if json_path is not None:
        write_json(json_path, {"sets": [s.to_dict() for s in sets], "puzzles": [o.to_dict() for o in outcomes]})
    return EXIT_SOLVED if not unsolved else EXIT_UNSOLVED


def _solve_on_cluster(address: str, jobs: list[Job], tick) -> tuple[list[Outcome], int]:
    from ..cluster import ClusterError, connect, solve, workers
    try:
        with connect(address) as client:
            return solve(client, jobs, on_progress=tick), workers(client)
    except ClusterError as e:
        raise Failure(str(e)) from None


def _status_counts(items: list[Outcome]) -> str:
    counts: dict[str, int] = {}
    for o in items:
        counts[o.status] = counts.get(o.status, 0) + 1
    return ", ".join(f"{v} {k}" for k, v in counts.items())


def _show_failure(console, o: Outcome, entry: Entry) -> None:
    console.rule(f"{o.size}x{o.size} difficulty {o.diff}: {o.id}: {o.status}")
    if o.masks is None:
        console.print(o.message, markup=False)
        return
    puzzle = Puzzle.from_record(entry.record, entry.label)
    console.print(render.grid_view(puzzle, Grid.start(puzzle).snapshot(), title="start"))
    console.print(render.grid_view(puzzle, o.masks, title=f"where it stopped: {o.message}"))


def _save_report(folder: Path, stem: str, used: Path, sets, title: str, logic_only: bool, names,
                 wall: float) -> tuple[Path, Path]:
    today = date.today().isoformat()
    lines = [f"# ascent solve-all: {used.name}", "", f"Date: {today}  ", f"{title}", "", *report.markdown(sets),
             "", report.LEGEND + "."]
    md, js = folder / f"{stem}.md", folder / f"{stem}.json"
    write_atomic(md, "\n".join(lines) + "\n")
    write_atomic(js, json.dumps({"date": today, "store": str(used), "logic_only": logic_only,
                                 "techniques": list(names) if names else None, "wall_seconds": round(wall, 3),
                                 "sets": [s.to_dict() for s in sets]}, indent=1) + "\n")
    return md, js


# ---------------------------------------------------------------------------- solve
@app.command("solve", epilog=TECHNIQUE_LIST)
def solve_cmd(
    clues: Optional[str] = CLUES,
    keys: Optional[str] = KEYS,
    state: Optional[str] = STATE,
    size: Optional[int] = SIZE,
    tatham: Optional[str] = TATHAM,
    file: Optional[Path] = FILE,
    debug: bool = DEBUG,
    no_backtrack: bool = NO_BACKTRACK,
    answer: bool = ANSWER,
    compact: bool = COMPACT,
    techniques: Optional[List[str]] = TECHNIQUES,
    timeout: Optional[float] = TIMEOUT,
    json_path: Optional[Path] = typer.Option(None, "--json", help="Write the puzzle, status, solution and every step as JSON ('-': stdout, JSON only)."),
    html: Optional[Path] = HTML, svg: Optional[Path] = SVG, markdown: Optional[Path] = MARKDOWN,
) -> int:
    """Solve a puzzle given on the command line, in any input format.

    \b
    Example:
      ascent solve --clues "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"
      ascent solve --clues "[2, 2, 1, 3, 2, 2, 3, 1, 1, 2, 2, 3, 3, 2, 1, 3]" --answer
      ascent solve --keys 0003010002003000 --state 4--22----234-4--
      ascent solve --tatham "4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1" --debug
      ascent solve --file puzzle.json --json -
      ascent solve --tatham "9:4//2/3//4//3//2//3////4/3///4/3//1/5/3//3/4//5/3/4///4/1,e3n4b6e2a5g5m4f7_1c6_4d2d2d" --timeout 10

    \b
    With --debug each step is one sentence, then what it changed:
      [R2C4=7] places 7 in row 2, column 4; [R2C4-15] removes the candidates 1 and 5.
    Rows, columns, clues and positions count from 1. A forcing step's supposition is shown
    indented under it, marked hypothetical, ending with the contradiction it reaches.
    """
    puzzle = read_puzzle(clues, keys, state, size, tatham, file)
    result = solve_showing_progress(puzzle, logic_only=no_backtrack, techniques=technique_names(techniques), timeout=timeout)
    if json_path is None or str(json_path) != "-":
        show_result(result, debug, compact, answer)
    if json_path is not None:
        write_json(json_path, result.to_dict())  # the puzzle is in it, in the record shape
    write_shares(result, html, svg, markdown)
    return exit_for(result.status)
