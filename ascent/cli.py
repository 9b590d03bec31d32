"""The ascent command line: solve-one, solve-all, solve (and fetch). Parses, calls the library, formats.

Exit codes: 0 solved, 3 not solved (stuck, contradiction, ambiguous), 1 bad data or runtime error,
2 bad usage. Every error is one line on stderr.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from datetime import date
from pathlib import Path
from typing import Any, List, Optional

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
)
from typer.core import TyperGroup

from . import render
from .batch import solve_entry, summarize
from .console import console, err_console
from .engine import ORDER, UnknownTechnique, select
from .engine import solve as solve_puzzle_engine
from .grid import Grid
from .puzzle import Puzzle, PuzzleError
from .store import (
    Entry,
    StoreError,
    all_dates,
    date_of,
    file_for,
    load,
    read_file,
    sizes_in,
    write_atomic,
)
from .trace import SOLVED

SAMPLES = Path(__file__).parent / "samples"
EXIT_SOLVED, EXIT_ERROR, EXIT_USAGE, EXIT_UNSOLVED = 0, 1, 2, 3


class Failure(Exception):
    """A user-facing error: one line, exit code 1."""


class Usage(Exception):
    """Bad usage found after parsing (options that clash, a malformed value): one line, exit code 2."""


class OneLineErrors(TyperGroup):
    """Usage errors and failures as one line on stderr, never a traceback or a panel."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            rv = super().main(args=args, prog_name=prog_name, complete_var=complete_var, standalone_mode=False, **extra)
        except typer.Abort:
            err_console.print("interrupted", markup=False)
            sys.exit(130)
        except typer.TyperException as e:  # typer's own parsing errors (its bundled click)
            ctx = getattr(e, "ctx", None)
            if type(e).__name__ == "NoArgsIsHelpError" and ctx is not None:
                console.print(ctx.get_help(), markup=False)
                sys.exit(EXIT_USAGE)
            code = getattr(e, "exit_code", EXIT_ERROR)
            hint = f" (see '{ctx.command_path} --help')" if ctx is not None and code == EXIT_USAGE else ""
            err_console.print(f"error: {e.format_message()}{hint}", markup=False)
            sys.exit(code)
        except Usage as e:
            err_console.print(f"error: {e}", markup=False)
            sys.exit(EXIT_USAGE)
        except (Failure, StoreError, PuzzleError, UnknownTechnique, OSError) as e:
            err_console.print(f"error: {e}", markup=False)
            sys.exit(EXIT_ERROR)
        except Exception as e:  # a bug of ours: still one line, and it says so
            err_console.print(f"error: internal error, please report it: {type(e).__name__}: {e}", markup=False)
            sys.exit(EXIT_ERROR)
        sys.exit(rv if isinstance(rv, int) else 0)


app = typer.Typer(
    cls=OneLineErrors,
    help="Solve Skyscrapers puzzles the way a strong human does, and show the working.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def main() -> None:
    app()


# ---------------------------------------------------------------------------- helpers
def home() -> Path:
    """The project root for a source checkout (pip install -e), else the current folder."""
    root = Path(__file__).resolve().parent.parent
    return root if (root / "pyproject.toml").is_file() else Path.cwd()


def store_path(store: Optional[Path]) -> Path:
    if store is not None:
        return store
    env = os.environ.get("ASCENT_STORE")
    return Path(env) if env else home() / "fetched"


def numbers(values: Optional[List[str]], what: str) -> list[int]:
    out = []
    for v in values or []:
        for part in v.split(","):
            part = part.strip()
            if not part:
                continue
            if not part.isdigit():
                raise Usage(f"{what}: {part!r} is not a number")
            out.append(int(part))
    return out


def labels(values: Optional[List[str]]) -> list[str]:
    return [p.strip() for v in values or [] for p in v.split(",") if p.strip()]


def entries_or_samples(store: Path, sizes=None, diffs=None) -> tuple[list[Entry], Path]:
    """The store's puzzles; the embedded samples (said on one line) when the store is empty or missing."""
    if sizes_in(store):
        return load(store, sizes, diffs), store
    console.print(f"no puzzles in {store}: using the embedded sample set ({SAMPLES.name}/, ours to ship)")
    return load(SAMPLES, sizes, diffs), SAMPLES


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


def exit_for(status: str) -> int:
    return EXIT_SOLVED if status == SOLVED else EXIT_UNSOLVED


def technique_names(values: Optional[List[str]]) -> Optional[tuple[str, ...]]:
    names = labels(values)
    if not names:
        return None
    try:
        return select(names)
    except UnknownTechnique as e:
        raise Usage(f"--techniques: {e}") from None


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
    clues: Optional[str] = typer.Option(None, "--clues", help="4N clockwise clues (Codewars order), e.g. \"2 2 1 3 ...\"."),
    keys: Optional[str] = typer.Option(None, "--keys", help="Clues as digits: top, bottom, left, right."),
    state: Optional[str] = typer.Option(None, "--state", help="With --keys: row-major givens, '-' for empty."),
    size: Optional[int] = typer.Option(None, "--size", help="With --keys: the size, to check the lengths."),
    tatham: Optional[str] = typer.Option(None, "--tatham", help="A Simon Tatham Towers game id, e.g. 4:1///...,b1_2l."),
    file: Optional[Path] = typer.Option(None, "--file", help="A JSON file holding one puzzle record."),
    debug: bool = typer.Option(False, "--debug", help="List every step under its pass."),
    no_backtrack: bool = typer.Option(False, "--no-backtrack", help="Logic only: stop where logic stops."),
    json_path: Optional[Path] = typer.Option(None, "--json", help="Write the status, solution and every step as JSON."),
) -> int:
    """Solve a puzzle given on the command line, in any input format.

    Example:  ascent solve --clues "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"
              ascent solve --keys 0003010002003000 --state 4--22----234-4--
              ascent solve --file puzzle.json --debug --json steps.json
    """
    given = [name for name, v in (("--clues", clues), ("--keys", keys), ("--tatham", tatham), ("--file", file)) if v is not None]
    if len(given) != 1:
        raise Usage("give exactly one of --clues, --keys, --tatham or --file" + (f" (got {', '.join(given)})" if given else ""))
    if (state is not None or size is not None) and keys is None:
        raise Usage("--state and --size go with --keys")
    if clues is not None:
        puzzle = Puzzle.from_clues(clues)
    elif keys is not None:
        puzzle = Puzzle.from_keys(keys, state, size)
    elif tatham is not None:
        puzzle = Puzzle.from_tatham(tatham)
    else:
        try:
            record = json.loads(file.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise Failure(f"{file}: no such file") from None
        except (OSError, UnicodeDecodeError) as e:
            raise Failure(f"{file}: cannot read it: {e}") from None
        except json.JSONDecodeError as e:
            raise Failure(f"{file} is not valid JSON (line {e.lineno}, column {e.colno}): {e.msg}") from None
        puzzle = Puzzle.from_record(record)
    result = solve_puzzle_engine(puzzle, logic_only=no_backtrack)
    show_result(result, debug)
    if json_path is not None:
        write_atomic(json_path, json.dumps(result.to_dict(), indent=1) + "\n")
        console.print(f"JSON written: {json_path}")
    return exit_for(result.status)


# ---------------------------------------------------------------------------- fetch
FETCH_TRANSPORT = None  # tests put an httpx.MockTransport here; None means the real network


@app.command("fetch")
def fetch_cmd(
    sizes: Optional[List[str]] = typer.Option(None, "--sizes", help="Sizes 4-8, as 6 or 4,5 or repeated (default: all)."),
    diffs: Optional[List[str]] = typer.Option(None, "--diffs", help="Difficulties (default: all that exist per size)."),
    dates: Optional[str] = typer.Option(None, "--dates", help="Dates MMDD and ranges, e.g. 0101-0131,0704 (default: all 366)."),
    store: Optional[Path] = typer.Option(None, "--store", help="Store folder (default fetched/, or $ASCENT_STORE)."),
    concurrency: int = typer.Option(2, "--concurrency", min=1, max=8, help="Requests in flight at most."),
    delay: float = typer.Option(1.0, "--delay", min=0.0, help="Seconds between the starts of two requests."),
    refetch: bool = typer.Option(False, "--refetch", help="Fetch again puzzles the store already has."),
    timeout: float = typer.Option(20.0, "--timeout", min=0.1, help="Seconds to wait for one page."),
    retries: int = typer.Option(3, "--retries", min=1, help="Tries per page on connection errors and 5xx."),
) -> int:
    """Fetch the brainbashers daily archive into the store, politely and resumably.

    Example:  ascent fetch --sizes 6
              ascent fetch --sizes 4,5 --diffs 1 --dates 0101-0131,0704 --delay 2
    """
    import asyncio

    from .fetch import DIFFS, Unreachable, fetch_all, parse_dates, plan

    size_list = numbers(sizes, "--sizes") or sorted(DIFFS)
    bad = [n for n in size_list if n not in DIFFS]
    if bad:
        raise Usage(f"--sizes: brainbashers has sizes 4 to 8, not {', '.join(map(str, bad))}")
    diff_list = numbers(diffs, "--diffs") or None
    if diff_list and not any(d in DIFFS[n] for n in size_list for d in diff_list):
        raise Usage(f"--diffs: none of {diff_list} exists for sizes {size_list} (4x4 has 1 and 3; 5x5-8x8 have 1, 2, 3)")
    try:
        date_list = parse_dates(dates) if dates else all_dates()
    except ValueError as e:
        raise Usage(str(e)) from None
    root = store_path(store)
    wanted = [(n, tuple(d for d in (diff_list or DIFFS[n]) if d in DIFFS[n])) for n in size_list]
    jobs, skipped = [], 0
    for n, ds in wanted:
        more, skip = plan(root, [n], ds, date_list, refetch)
        jobs += more
        skipped += skip
    console.print(f"{len(jobs)} pages to fetch into {root}, {skipped} already there; "
                  f"about {len(jobs) * delay / 60:.0f} min at one request per {delay:g} s")
    columns = (TextColumn("fetching"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("fetch", total=len(jobs))
        try:
            report = asyncio.run(fetch_all(root, jobs, concurrency=concurrency, delay=delay, timeout=timeout,
                                           retries=retries, transport=FETCH_TRANSPORT,
                                           on_done=lambda job, what: progress.advance(task)))
        except Unreachable as e:
            raise Failure(str(e)) from None
        except KeyboardInterrupt:
            progress.stop()
            err_console.print("interrupted: what was fetched so far is saved; run the same command again to go on", markup=False)
            sys.exit(130)
    console.print(f"fetched {report.fetched}, skipped {skipped}, failed {len(report.failed)}")
    for path in sorted(report.saved_files):
        console.print(f"  saved {path}", markup=False)
    for url, why in report.failed[:20]:
        console.print(f"  failed {url}: {why}", markup=False)
    if len(report.failed) > 20:
        console.print(f"  ... and {len(report.failed) - 20} more")
    return EXIT_ERROR if report.failed else EXIT_SOLVED
