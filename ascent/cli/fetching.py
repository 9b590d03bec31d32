"""fetch: the brainbashers archive into the store."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

import typer
from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn

from ..show.console import console, err_console, note
from ..show.render import plural
from ..store import all_dates
from .bar import Bar
from .base import EXIT_SOLVED, EXIT_UNSOLVED, NotDone, Usage, app, check_folder, listing, numbers, store_path

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

    \b
    Example:
      ascent fetch --sizes 6
      ascent fetch --sizes 4,5 --diffs 1 --dates 0101-0131,0704 --delay 2
    """
    import asyncio

    from ..store.fetch import DIFFS, Unreachable, fetch_all, parse_dates, plan

    size_list = numbers(sizes, "--sizes") or sorted(DIFFS)
    bad = [n for n in size_list if n not in DIFFS]
    if bad:
        raise Usage(f"--sizes: brainbashers has sizes 4 to 8, not {', '.join(map(str, bad))}")
    diff_list = numbers(diffs, "--diffs") or None
    if diff_list and not any(d in DIFFS[n] for n in size_list for d in diff_list):
        raise Usage(f"--diffs: none of {listing(diff_list)} exists for sizes {listing(size_list)} "
                    "(4x4 has 1 and 3; 5x5-8x8 have 1, 2, 3)")
    try:
        date_list = parse_dates(dates) if dates else all_dates()
    except ValueError as e:
        raise Usage(str(e)) from None
    root = store_path(store)
    check_folder("--store", root)  # a file, or no permission: one line, before any request
    existed = root.is_dir()
    wanted = [(n, tuple(d for d in (diff_list or DIFFS[n]) if d in DIFFS[n])) for n in size_list]
    jobs, skipped = [], 0
    for n, ds in wanted:
        more, skip = plan(root, [n], ds, date_list, refetch)
        jobs += more
        skipped += skip
    seconds = len(jobs) * delay
    took = f"about {seconds / 60:.0f} min" if seconds >= 90 else f"about {seconds:.0f} s"
    console.print(f"{plural(len(jobs), 'page')} to fetch into {root}, {skipped} already there; "
                  f"{took} at one request per {delay:g} s" if jobs else
                  f"nothing to fetch into {root}: all {skipped} pages are already there", markup=False)
    columns = (TextColumn("fetching"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Bar(*columns, console=console) as progress:
        task = progress.add_task("fetch", total=len(jobs))
        try:
            report = asyncio.run(fetch_all(root, jobs, concurrency=concurrency, delay=delay, timeout=timeout,
                                           retries=retries, transport=FETCH_TRANSPORT,
                                           on_done=lambda job, what: progress.advance(task)))
            if report.interrupted:
                raise KeyboardInterrupt
        except Unreachable as e:  # not done (exit 3), as when pages fail
            raise NotDone(str(e)) from None
        except KeyboardInterrupt:
            progress.stop()
            _said_made(root, existed)
            err_console.print("interrupted: what was fetched so far is saved; run the same command again to go on", markup=False)
            sys.exit(130)
    _said_made(root, existed)
    console.print(f"fetched {report.fetched}, skipped {skipped}, failed {len(report.failed)}")
    for path in sorted(report.saved_files):
        console.print(f"  saved {path}", markup=False)
    for url, why in report.failed[:20]:
        console.print(f"  failed {url}: {why}", markup=False)
    if len(report.failed) > 20:
        console.print(f"  ... and {len(report.failed) - 20} more")
    return EXIT_UNSOLVED if report.failed else EXIT_SOLVED


def _said_made(root: Path, existed: bool) -> None:
    """The store folder the first saved page made is named: folders never appear silently."""
    if not existed and root.is_dir():
        note(f"note: made the folder {root}")
