"""solve-one, solve-all and solve: parse the options, call the engine, show the passes."""

from __future__ import annotations

import json
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from datetime import date
from pathlib import Path
from typing import Any, List, Optional

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from .. import render
from ..batch import solve_entry, summarize
from ..console import console
from ..engine import ORDER
from ..engine import solve as solve_puzzle_engine
from ..grid import Grid
from ..puzzle import Puzzle, PuzzleError
from ..store import Entry, all_dates, date_of, file_for, read_file, sizes_in, write_atomic
from ..trace import SOLVED
from .base import (CLUES, FILE, KEYS, SIZE, STATE, TATHAM, EXIT_SOLVED, EXIT_UNSOLVED, Failure, Usage, app,
                   entries_or_samples, exit_for, home, labels, numbers, read_puzzle, store_path, technique_names)
from .share import HTML, MARKDOWN, SVG, write_shares


def show_result(result, debug: bool) -> None:
    puzzle = result.puzzle
    console.print(render.grid_view(puzzle, Grid.start(puzzle).snapshot(), title=f"Start: {puzzle.describe()}"))
    for p, masks, changed in render.passes_with_grids(result):
        console.print(render.grid_view(puzzle, masks, changed, title=render.pass_title(p)))
        if debug:
            for step in p.steps:
                console.print(render.step_line(step, puzzle.size))
                for link in step.chain:
                    console.print(render.step_line(link, puzzle.size), style="dim", overflow="fold")
            console.print()
    console.print(render.summary(result))


# ---------------------------------------------------------------------------- solve-one
@app.command("solve-one")
def solve_one(
    size: int = typer.Argument(..., help="Grid size, e.g. 7."),
    diff: str = typer.Option("1", "--diff", "-d", help="Difficulty label: brainbashers uses 1, 2, 3; any label works."),
    when: Optional[str] = typer.Option(None, "--date", help="The puzzle's date, MMDD. Default: today's, else the first."),
    random_date: bool = typer.Option(False, "--random-date", help="Pick a puzzle of the set at random."),
    debug: bool = typer.Option(False, "--debug", help="List every step under its pass."),
    no_backtrack: bool = typer.Option(False, "--no-backtrack", help="Logic only: stop where logic stops."),
    store: Optional[Path] = typer.Option(None, "--store", help="Store folder (default fetched/, or $ASCENT_STORE)."),
    html: Optional[Path] = HTML, svg: Optional[Path] = SVG, markdown: Optional[Path] = MARKDOWN,
) -> int:
    """Solve one stored puzzle and show every pass as a grid.

    Example:  ascent solve-one 7 --diff 2 --debug
              ascent solve-one 5 --diff 2 --date 1217 --store ../shared/brainbashers
    """
    if when is not None and random_date:
        raise Usage("give --date or --random-date, not both")
    if when is not None and when not in all_dates():
        raise Usage(f"--date: {when!r} is not a date MMDD such as 0521")
    root = store_path(store)
    entries, used = entries_or_samples(root, [size], [diff])
    if not entries:
        raise Failure(f"no {size}x{size} puzzles with difficulty {diff} in {used} ({_what_is_there(used)})")
    if random_date:
        entry = random.choice(entries)
    elif when is not None:
        entry = next((e for e in entries if date_of(e.record) == when), None)
        if entry is None:
            raise Failure(f"no {size}x{size} difficulty {diff} puzzle dated {when} in {used}")
    else:
        today = date.today().strftime("%m%d")
        entry = next((e for e in entries if date_of(e.record) == today), entries[0])
    try:
        puzzle = Puzzle.from_record(entry.record, entry.label)
    except PuzzleError as e:
        raise Failure(f"{file_for(used, size)}: difficulty {diff} puzzle {entry.ident}: {e}") from None
    result = solve_puzzle_engine(puzzle, logic_only=no_backtrack)
    show_result(result, debug)
    write_shares(result, html, svg, markdown)
    return exit_for(result.status)


def _what_is_there(root: Path) -> str:
    found = []
    for n in sizes_in(root):
        found.append(f"{n}x{n}: " + ", ".join(read_file(file_for(root, n))))
    return "it has " + "; ".join(found) if found else "it is empty"


# ---------------------------------------------------------------------------- solve-all
@app.command("solve-all")
def solve_all(
    sizes: Optional[List[str]] = typer.Option(None, "--sizes", help="Sizes, as 4,5,6 or repeated --sizes 4 --sizes 5."),
    diffs: Optional[List[str]] = typer.Option(None, "--diffs", help="Difficulty labels, as 1,2,3 or repeated."),
    no_backtrack: bool = typer.Option(False, "--no-backtrack", help="Logic only: count what logic alone solves."),
    show_fail: bool = typer.Option(False, "--show-fail", help="Show each unsolved puzzle at its start and where logic stopped."),
    workers: int = typer.Option(os.cpu_count() or 1, "--workers", min=1, help="Processes to use (default: every core)."),
    json_path: Optional[Path] = typer.Option(None, "--json", help="Also write sets and puzzles as JSON to this file."),
    store: Optional[Path] = typer.Option(None, "--store", help="Store folder (default fetched/, or $ASCENT_STORE)."),
    techniques: Optional[List[str]] = typer.Option(None, "--techniques", help=f"Only these techniques ({', '.join(ORDER)})."),
    reports: Optional[Path] = typer.Option(None, "--reports", help="Where the Markdown and JSON tables go (default reports/)."),
) -> int:
    """Solve every stored puzzle and print a stats table per size and difficulty.

    Example:  ascent solve-all --store ../shared/brainbashers --no-backtrack
              ascent solve-all --sizes 4,5 --diffs 1 --show-fail --json out.json
    """
    size_list, diff_list = numbers(sizes, "--sizes"), labels(diffs)
    names = technique_names(techniques)
    root = store_path(store)
    entries, used = entries_or_samples(root, size_list or None, diff_list or None)
    if not entries:
        raise Failure(f"no puzzles match sizes {size_list or 'any'} and difficulties {diff_list or 'any'} in {used}")
    items = [(e.size, e.label, e.ident, e.record, no_backtrack, names) for e in entries]
    start = time.perf_counter()
    results = _run(items, workers)  # in the order of the entries
    wall = time.perf_counter() - start
    sets = summarize(results)
    mode = "logic only" if no_backtrack else "logic, then backtracking"
    if names:
        mode += " with " + ", ".join(names)
    title = f"{used}: {len(results)} puzzles, {mode}; {wall:.1f} s wall on {workers} worker{'s' if workers > 1 else ''}"
    console.print(render.stats_table(sets, title))
    unsolved = [(p, e) for p, e in zip(results, entries) if p["status"] != SOLVED]
    solved = len(results) - len(unsolved)
    console.print(f"{solved} of {len(results)} solved" + (f"; {len(unsolved)} not: " + _status_counts([p for p, _ in unsolved]) if unsolved else ""))
    if show_fail:
        for p, entry in unsolved:
            _show_failure(p, entry)
    md, js = _save_report(reports or home() / "reports", used, sets, title, no_backtrack, names, wall)
    console.print(f"report saved: {md} and {js}")
    if json_path is not None:
        clean = [{k: v for k, v in p.items() if k not in ("masks", "backtracked", "message")} for p in results]
        payload = {"sets": sets, "puzzles": clean}
        write_atomic(json_path, json.dumps(payload, indent=1) + "\n")
        console.print(f"JSON written: {json_path}")
    return EXIT_SOLVED if not unsolved else EXIT_UNSOLVED


def _run(items: list, workers: int) -> list[dict[str, Any]]:
    columns = (TextColumn("solving"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("solve", total=len(items))
        if workers == 1 or len(items) < 8:
            results = []
            for item in items:
                results.append(solve_entry(item))
                progress.advance(task)
            return results
        chunk = max(1, min(64, len(items) // (workers * 8)))
        batches = [items[i:i + chunk] for i in range(0, len(items), chunk)]
        done: list[list[dict[str, Any]]] = [[] for _ in batches]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {pool.submit(_solve_batch, b): k for k, b in enumerate(batches)}
            for f in as_completed(futures):
                done[futures[f]] = f.result()
                progress.advance(task, len(done[futures[f]]))
        return [p for batch in done for p in batch]


def _solve_batch(batch: list) -> list[dict[str, Any]]:
    return [solve_entry(item) for item in batch]


def _status_counts(items: list[dict]) -> str:
    counts: dict[str, int] = {}
    for p in items:
        counts[p["status"]] = counts.get(p["status"], 0) + 1
    return ", ".join(f"{v} {k}" for k, v in counts.items())


def _show_failure(p: dict, entry: Entry) -> None:
    console.rule(f"{p['size']}x{p['size']} difficulty {p['diff']}: {p['id']}: {p['status']}")
    if p["status"] == "invalid":
        console.print(p["message"], markup=False)
        return
    puzzle = Puzzle.from_record(entry.record, entry.label)
    console.print(render.grid_view(puzzle, Grid.start(puzzle).snapshot(), title="start"))
    console.print(render.grid_view(puzzle, p["masks"], title=f"where it stopped: {p['message']}"))


def _save_report(folder: Path, used: Path, sets: list, title: str, logic_only: bool, names, wall: float) -> tuple[Path, Path]:
    stem = f"solve-all-{used.name}" + ("-logic" if logic_only else "") + ("-" + "-".join(n.replace(' ', '_') for n in names) if names else "")
    today = date.today().isoformat()
    lines = [f"# ascent solve-all: {used.name}", "", f"Date: {today}  ", f"{title}", "",
             "| size | diff | total | logic | backtrack | unsolved | total s | median ms | grades |",
             "|---|---|---:|---:|---:|---:|---:|---:|---|"]
    for s in sets:
        lines.append(f"| {s['size']}x{s['size']} | {s['diff']} | {s['total']} | {s['solved_logic']} | {s['solved_backtrack']} "
                     f"| {s['unsolved']} | {s['seconds']:.2f} | {s['median_ms']:.2f} | {render.grades_text(s['grades'])} |")
    md, js = folder / f"{stem}.md", folder / f"{stem}.json"
    write_atomic(md, "\n".join(lines) + "\n")
    write_atomic(js, json.dumps({"date": today, "store": str(used), "logic_only": logic_only,
                                 "techniques": list(names) if names else None, "wall_seconds": round(wall, 3),
                                 "sets": sets}, indent=1) + "\n")
    return md, js


# ---------------------------------------------------------------------------- solve
@app.command("solve")
def solve_cmd(
    clues: Optional[str] = CLUES,
    keys: Optional[str] = KEYS,
    state: Optional[str] = STATE,
    size: Optional[int] = SIZE,
    tatham: Optional[str] = TATHAM,
    file: Optional[Path] = FILE,
    debug: bool = typer.Option(False, "--debug", help="List every step under its pass."),
    no_backtrack: bool = typer.Option(False, "--no-backtrack", help="Logic only: stop where logic stops."),
    json_path: Optional[Path] = typer.Option(None, "--json", help="Write the status, solution and every step as JSON."),
    html: Optional[Path] = HTML, svg: Optional[Path] = SVG, markdown: Optional[Path] = MARKDOWN,
) -> int:
    """Solve a puzzle given on the command line, in any input format.

    Example:  ascent solve --clues "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"
              ascent solve --keys 0003010002003000 --state 4--22----234-4--
              ascent solve --file puzzle.json --debug --json steps.json
    """
    puzzle = read_puzzle(clues, keys, state, size, tatham, file)
    result = solve_puzzle_engine(puzzle, logic_only=no_backtrack)
    show_result(result, debug)
    if json_path is not None:
        write_atomic(json_path, json.dumps(result.to_dict(), indent=1) + "\n")
        console.print(f"JSON written: {json_path}")
    write_shares(result, html, svg, markdown)
    return exit_for(result.status)


