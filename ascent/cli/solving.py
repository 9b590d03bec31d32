"""solve-one, solve-all and solve: parse the options, make one library call, show the answer."""


import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, List, Optional

import typer

from ..show import render
from ..show.console import console, err_console
from ..solver.engine import ORDER
from ..show.render import plural
from ..model.trace import SOLVED
from .base import (no_puzzles, ANSWER, COMPACT, DEBUG, JSON_OUT, NO_BACKTRACK, STORE, TECHNIQUES, TIMEOUT, EXIT_SOLVED, EXIT_UNSOLVED,
                   Failure, Usage, app, ascii_int, check_cluster, check_folder, check_output, entries_or_samples, exit_for, home, labels,
                   make_folder, numbers, pick_stored, store_path, technique_names, write_json)
from .given import LEVEL_HELP, Given, puzzle_options
from .progress import interrupted, run_jobs, solve_showing_progress
from .show import show_result
from .share import HTML, MARKDOWN, MARKDOWN_FULL, SVG, check_shares, write_shares

if TYPE_CHECKING:
    from ..tools.batch import Job, Outcome
    from ..store import Entry

TECHNIQUE_LIST = f"Techniques, easiest first: {', '.join(ORDER)}."
JSON_TRACE = typer.Option(None, "--json", help="Write the puzzle, status, solution and every step as JSON "
                                              "('-': stdout, JSON only).")


# ---------------------------------------------------------------------------- solve-one
@app.command("solve-one", epilog=TECHNIQUE_LIST)
def solve_one(
    size: int = typer.Argument(..., parser=ascii_int, help="Grid size, e.g. 7."),
    diff: Optional[str] = typer.Option(None, "--diff", "-d", help="Difficulty label: brainbashers uses 1, 2, 3 "
                                       "(default 1); any label works."),
    level: Optional[str] = typer.Option(None, "--level", "-l", help=LEVEL_HELP),
    when: Optional[str] = typer.Option(None, "--date", help="The puzzle's date, MMDD. Default: today's, else the first."),
    random_date: bool = typer.Option(False, "--random-date", "--random", help="Pick a puzzle of the set at random."),
    debug: bool = DEBUG,
    no_backtrack: bool = NO_BACKTRACK,
    answer: bool = ANSWER,
    compact: bool = COMPACT,
    techniques: Optional[List[str]] = TECHNIQUES,
    timeout: Optional[float] = TIMEOUT,
    store: Optional[Path] = STORE,
    json_path: Optional[Path] = JSON_TRACE,
    html: Optional[Path] = HTML, svg: Optional[Path] = SVG, markdown: Optional[Path] = MARKDOWN,
    markdown_full: bool = MARKDOWN_FULL,
) -> int:
    """Solve one stored puzzle and show every pass as a grid.

    \b
    Example:
      ascent solve-one 7 --level tricky --debug
      ascent solve-one 9 --level extreme --random --compact
      ascent solve-one 5 --diff 2 --date 1217 --store ../shared/brainbashers
      ascent solve-one 5 --json -

    With an empty store (before 'ascent fetch'), it picks from our own
    set, at --level (default easy); a note on stderr names the puzzle.
    """
    names = technique_names(techniques)
    check_output("--json", json_path, stdout_ok=True)
    notes = check_shares(html, svg, markdown, markdown_full)
    if level is not None and store is not None:
        raise Usage("--level picks from our own set: not with --store")
    puzzle = pick_stored(store, size, diff, when, random_date, level=level)
    result = solve_showing_progress(puzzle, logic_only=no_backtrack, techniques=names, timeout=timeout)
    if notes is console and (json_path is None or str(json_path) != "-"):  # not when stdout carries a file
        show_result(result, debug, compact, answer)
    if json_path is not None:
        write_json(json_path, result.to_dict())
    write_shares(result, html, svg, markdown, markdown_full=markdown_full, notes=notes)
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
      ascent solve-all --store ../shared/brainbashers --sizes 4,5 --no-backtrack
      ascent solve-all --sizes 4,5 --diffs easy,hard --json /tmp/out.json
    """
    from ..show import report
    from ..tools.batch import Job, summarize
    from ..store import file_for

    size_list, diff_list = numbers(sizes, "--sizes"), labels(diffs)
    names = technique_names(techniques)
    check_output("--json", json_path)
    check_folder("--reports", reports)
    if cluster is not None:
        check_cluster(cluster)
    entries, used = entries_or_samples(store_path(store), size_list or None, diff_list or None)
    if not entries:
        raise Usage(no_puzzles(used, size_list, diff_list, "difficulties"))
    jobs = [Job(e.size, e.label, e.ident, e.record, no_backtrack, names, str(file_for(used, e.size))) for e in entries]
    out = err_console if json_path is not None and str(json_path) == "-" else console  # stdout is the JSON's
    start = time.perf_counter()
    if cluster is None:
        outcomes, positions, partial = run_jobs(jobs, workers, "solving", out)
    else:
        outcomes, positions, workers, partial = _solve_on_cluster(cluster, jobs, out)
    wall = time.perf_counter() - start
    entries = [entries[k] for k in positions]
    sets = summarize(outcomes)
    mode = "logic only" if no_backtrack else "logic, then backtracking"
    if names:
        mode += " with " + ", ".join(names)
    title = f"{used}: {plural(len(outcomes), 'puzzle')}, {mode}; {wall:.1f} s wall on {plural(workers, 'worker')}"
    if partial:
        title += f" (partial: {len(outcomes)} of {len(jobs)})"
    # a line of its own: never wrapped into the table's width when piped; on a terminal, indented when it wraps
    out.print(render.Indented(title) if out.is_terminal else title, markup=False)
    if outcomes:
        from ..show.report import SetsView

        out.print(SetsView(sets))
    unsolved = [(o, e) for o, e in zip(outcomes, entries) if o.status != SOLVED]
    line = f"{len(outcomes) - len(unsolved)} of {len(outcomes)} solved"
    if unsolved:
        line += f"; {len(unsolved)} not: " + _status_counts([o for o, _ in unsolved])
    out.print(line, markup=False, soft_wrap=True)
    if show_fail:
        for o, entry in unsolved:
            _show_failure(out, o, entry)
    stem = report.filtered_name(used.name, size_list, diff_list, no_backtrack, names)
    folder = reports or home() / "reports"
    make_folder(folder)
    md, js = report.save(folder, stem, used, sets, title, no_backtrack, names, wall,
                         (len(outcomes), len(jobs)) if partial else None)
    out.print(f"report saved{' (partial)' if partial else ''}:\n  {md}\n  {js}", soft_wrap=True, markup=False)
    if json_path is not None:
        payload = {"sets": [s.to_dict() for s in sets], "puzzles": [o.to_dict() for o in outcomes]}
        if partial:
            payload = {"partial": True, "done": len(outcomes), "total": len(jobs), **payload}
        write_json(json_path, payload)
    if partial:
        interrupted(len(outcomes), len(jobs))
    invalid_records(outcomes)
    return EXIT_SOLVED if not unsolved else EXIT_UNSOLVED


def invalid_records(outcomes: "list[Outcome]") -> None:
    """Records that are not valid puzzles are bad puzzle data (exit 1), said in one line with the first."""
    from ..tools.batch import INVALID

    bad = [o for o in outcomes if o.status == INVALID]
    if bad:
        some = f"{len(bad)} of {plural(len(outcomes), 'record')} {'is not a valid puzzle' if len(bad) == 1 else 'are not valid puzzles'}"
        raise Failure(f"{some}{'' if len(outcomes) == 1 else '; the first'}: {bad[0].message}")


def _solve_on_cluster(address: str, jobs: "list[Job]", out) -> "tuple[list[Outcome], list[int], int, bool]":
    """The jobs on a Dask cluster, under the same progress bar: (outcomes, their job positions, the
    cluster's workers, interrupted?). Ctrl-C keeps what was finished, as a local run does."""
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn

    from ..tools.batch import Interrupted
    from .bar import Bar
    from ..tools.cluster import ClusterError, connect, solve, workers

    count = 0
    try:
        with connect(address) as client, Bar(TextColumn("solving"), BarColumn(), MofNCompleteColumn(),
                                             TimeElapsedColumn(), console=out) as progress:
            task = progress.add_task("solve", total=len(jobs))
            count = workers(client)
            outcomes = solve(client, jobs, on_progress=lambda k: progress.advance(task, k))
            return outcomes, list(range(len(outcomes))), count, False
    except ClusterError as e:  # no dask, or no scheduler at that address: the option is wrong
        raise Usage(str(e)) from None
    except Interrupted as e:
        return e.outcomes, e.positions, count, True


def _status_counts(items: "list[Outcome]") -> str:
    counts: dict[str, int] = {}
    for o in items:
        counts[o.status] = counts.get(o.status, 0) + 1
    return ", ".join(f"{v} {k}" for k, v in counts.items())


def _show_failure(console, o: "Outcome", entry: "Entry") -> None:
    console.rule(f"{o.size}x{o.size} difficulty {o.diff}: {o.id}: {o.status}")
    if o.masks is None:
        console.print(o.message, markup=False)
        return
    from ..model.grid import Grid
    from ..puzzle import Puzzle

    puzzle = Puzzle.from_record(entry.record, entry.label)
    console.print(render.grid_view(puzzle, Grid.start(puzzle).snapshot(), title="start"))
    console.print(render.grid_view(puzzle, o.masks, title=f"where it stopped: {o.message}"))


# ---------------------------------------------------------------------------- solve
@app.command("solve", epilog=TECHNIQUE_LIST)
@puzzle_options()
def solve_cmd(
    given: Given = None,  # the puzzle options (given.py)
    debug: bool = DEBUG,
    no_backtrack: bool = NO_BACKTRACK,
    answer: bool = ANSWER,
    compact: bool = COMPACT,
    techniques: Optional[List[str]] = TECHNIQUES,
    timeout: Optional[float] = TIMEOUT,
    json_path: Optional[Path] = JSON_TRACE,
    html: Optional[Path] = HTML, svg: Optional[Path] = SVG, markdown: Optional[Path] = MARKDOWN,
    markdown_full: bool = MARKDOWN_FULL,
) -> int:
    """Solve a puzzle given on the command line, in any input format.

    \b
    Example:
      ascent solve --clues "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"
      ascent solve --clues "[2, 2, 1, 3, 2, 2, 3, 1, 1, 2, 2, 3, 3, 2, 1, 3]"
      ascent solve --keys 0003010002003000 --state 4--22----234-4--
      ascent solve --tatham "4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1" --debug
      ascent solve --file puzzle.json --json -
      ascent generate 5 --level easy --count 3 | ascent solve --file - --answer
      ascent solve --tatham "4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1" --timeout 10

    With --debug each step is one sentence, then what it changed:

    \b
      [R2C4=7] places 7 in row 2, column 4
      [R2C4-15] removes the candidates 1 and 5 from R2C4

    Rows, columns, clues and positions count from 1. A forcing step's
    supposition is shown indented under it, marked hypothetical, ending
    with the contradiction it reaches.
    """
    notes = check_shares(html, svg, markdown, markdown_full, json_path)
    names = technique_names(techniques)
    puzzles = given.puzzles()
    if len(puzzles) > 1 and any(p is not None for p in (html, svg, markdown)):
        raise Usage(f"--html, --svg and --markdown draw one solve; {given.file} holds {len(puzzles)} puzzles: add --index K")
    to_screen = notes is console  # not when stdout carries a file ('-')
    results = []
    for k, (where, puzzle) in enumerate(puzzles, 1):
        if len(puzzles) > 1 and to_screen:
            console.rule(f"puzzle {k} of {len(puzzles)}: {where}", characters="─")
        result = solve_showing_progress(puzzle, logic_only=no_backtrack, techniques=names, timeout=timeout)
        results.append(result)
        if to_screen:
            show_result(result, debug, compact, answer)
    if json_path is not None:  # the puzzle is in it, in the record shape
        write_json(json_path, results[0].to_dict() if len(results) == 1 else [r.to_dict() for r in results], notes=notes)
    write_shares(results[0], html, svg, markdown, markdown_full=markdown_full, notes=notes)
    if len(results) > 1 and to_screen:
        solved = sum(r.status == SOLVED for r in results)
        console.print(f"{solved} of {len(results)} solved", markup=False)
    return EXIT_SOLVED if all(r.status == SOLVED for r in results) else EXIT_UNSOLVED
