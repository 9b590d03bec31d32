"""generate: make puzzles at a chosen level, printed in a format or merged into a store."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Optional

import typer
from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from ..puzzle import formats
from ..show.console import console, err_console, note
from ..tools.generate import ATTEMPTS, MAX_GEN, SECONDS, MIN_GEN, Unreachable, ident, make, merge
from ..solver.grade import LEVELS, UnknownLevel, canonical_level
from ..puzzle import MAX_CHAR_SIZE, Puzzle
from ..store import StoreError, file_for, read_file
from .bar import Bar
from .base import EXIT_SOLVED, NotDone, Usage, app, ascii_int, check_cluster, check_folder, make_folder


@app.command("generate", epilog=f"Levels, easiest first: {', '.join(LEVELS)} (see ascent grade).")
def generate_cmd(
    size: int = typer.Argument(..., parser=ascii_int, help=f"Grid size, {MIN_GEN} to {MAX_GEN}."),
    level: str = typer.Option(..., "--level", "-l", help=f"One of {', '.join(LEVELS)}."),
    count: int = typer.Option(1, "--count", "-n", parser=ascii_int, help="How many puzzles."),
    seed: Optional[str] = typer.Option(None, "--seed", help="Same seed, same puzzles (default: a random one, printed)."),
    givens: bool = typer.Option(True, "--givens/--no-givens", help="Allow heights given in the grid (needed above 8x8)."),
    symmetric: bool = typer.Option(False, "--symmetric", help="Clues and givens symmetric under a half turn."),
    minimal: bool = typer.Option(True, "--minimal/--no-minimal",
                                 help="Trim until no clue or given can go (default), or stop early: faster, looser."),
    attempts: Optional[int] = typer.Option(ATTEMPTS, "--attempts", parser=ascii_int,
                                           help="Also give up on a puzzle after this many attempts (default: no count, only time)."),
    max_seconds: float = typer.Option(SECONDS, "--max-seconds",
                                      help="Or give up once a puzzle has taken this long (checked between attempts)."),
    store: Optional[Path] = typer.Option(None, "--store", help="Merge the puzzles into this store folder (made if missing, and said so)."),
    label: Optional[str] = typer.Option(None, "--label", help="With --store: the label to file them under (default: the level)."),
    fmt: str = typer.Option("record", "--format", "-f", help=f"Printed as: {', '.join(formats.NAMES)} (without --store)."),
    cluster: Optional[str] = typer.Option(None, "--cluster", help="Make them on the Dask scheduler at this address "
                                          "(pip install 'ascent[cluster]'): the same puzzles as here."),
) -> int:
    """Make puzzles with exactly one solution that need exactly the level asked for.

    Each is minimal: no clue or given can be taken away and keep it unique at that
    level. A level that a size cannot reach stops (exit 3) after --max-seconds
    (600) on one puzzle, or --attempts attempts when given.
    Ctrl-C keeps the puzzles made.

    \b
    Example:
      ascent generate 5 --level hard --seed 1
      ascent generate 5 --level tricky -n 3 --seed 7 --no-givens -f clues
      ascent generate 5 --level easy -n 2 --store mine --label easy
    """
    try:
        level = canonical_level(level)
    except UnknownLevel as e:
        raise Usage(f"--level: {e}") from None
    if not MIN_GEN <= size <= MAX_GEN:
        raise Usage(f"size {size}: puzzles are made at sizes {MIN_GEN} to {MAX_GEN}")
    if count < 1:
        raise Usage("--count: at least 1")
    if attempts is not None and attempts < 1:
        raise Usage("--attempts: at least 1")
    if not max_seconds > 0:
        raise Usage("--max-seconds: more than 0")
    if fmt not in formats.NAMES:
        raise Usage(f"--format: unknown format {fmt!r}; known: {', '.join(formats.NAMES)}")
    if store is not None and fmt != "record":
        raise Usage("--format goes with printing; --store always writes records")
    if label is not None and store is None:
        raise Usage("--label goes with --store")
    if label is not None and not label.strip():
        raise Usage("--label: empty; give a label such as mine, or leave it out to file them under the level")
    if fmt == "clues" and givens:
        raise Usage("--format clues cannot carry givens: add --no-givens, or use keys, tatham or record")
    if fmt == "keys" and size > MAX_CHAR_SIZE:
        raise Usage(f"--format keys has one character per cell: sizes up to {MAX_CHAR_SIZE}")
    if cluster is not None:
        check_cluster(cluster)
    if store is not None and store.exists() and not store.is_dir():
        raise Usage(f"--store {store}: not a folder")
    if store is not None:
        check_folder("--store", store)
        read_file(file_for(store, size))  # a store file that cannot be merged into fails now, not after the work
        make_folder(store)
    if seed is None:
        seed = str(random.SystemRandom().randrange(10**6))
        note(f"seed {seed}")
    made = []
    out = err_console
    columns = (TextColumn(f"{size}x{size} {level}"), BarColumn(), MofNCompleteColumn(), TextColumn("made"),
               TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn())
    tried = [0]
    try:
        with Bar(*columns, console=out) as progress:
            task = progress.add_task("make", total=count)
            options = dict(givens=givens, symmetric=symmetric, minimal=minimal, attempts=attempts, seconds=max_seconds)
            watch = store is None and not console.is_terminal  # printing into a pipe: stop when its reader goes
            puzzles = _puzzles(cluster, size, level, count, seed, options, tried, watch)
            while True:
                try:
                    index, puzzle = next(puzzles)
                except StopIteration:
                    break
                except ReaderGone:  # found out between two attempts: nobody reads what we make
                    return EXIT_SOLVED
                except Unreachable as e:  # not done (exit 3): the level was not reached in time
                    kept = f"; kept the {len(made)} made before it" if made else ""
                    raise NotDone(f"{e}{kept}") from None
                record = puzzle.record(ident(size, level, seed, index))
                made.append(record)
                if store is not None:
                    _save(store, size, label or level, [record])
                elif console.is_terminal:  # both on the screen: above the bar, not through it
                    progress.console.print(_text(record, fmt), markup=False, soft_wrap=True, highlight=False)
                else:
                    console.print(_text(record, fmt), markup=False, soft_wrap=True)
                    if console.quiet:  # the reader went away (| head -1): nobody wants more, stop quietly
                        puzzles.close()  # a cluster's tasks not yet done are cancelled
                        return EXIT_SOLVED
                progress.advance(task)
    except KeyboardInterrupt:
        err_console.clear_line()
        if store is not None and made:
            err_console.print(f"kept the {len(made)} made in {file_for(store, size)}", markup=False, soft_wrap=True)
        err_console.print(f"interrupted: {len(made)} of {count} done", markup=False)
        raise typer.Exit(130) from None
    summary = (f"{len(made)} {size}x{size} {level} puzzle{'s' if len(made) != 1 else ''}, "
               f"{tried[0]} attempt{'s' if tried[0] != 1 else ''}")
    if store is not None:
        summary += f"; saved in {file_for(store, size)} under {label or level!r}"
    note(summary)
    return EXIT_SOLVED


class ReaderGone(Exception):
    """Stdout is a pipe whose reader has gone (``generate ... | head -1``)."""


def _reader_gone() -> bool:
    """Whether stdout is a pipe whose reading end is closed: poll reports POLLERR on it then. Asked
    between attempts, so a slow level stops within an attempt of the reader going, not a puzzle."""
    import select
    import sys

    try:
        poll = select.poll()
        poll.register(sys.stdout.fileno(), 0)  # no events asked: only errors and hang-ups are reported
        return any(events & (select.POLLERR | select.POLLHUP) for _, events in poll.poll(0))
    except (OSError, ValueError, AttributeError):
        return False


def _puzzles(cluster, size, level, count, seed, options, tried, watch: bool = False):
    """(index, puzzle) in index order: made here one by one, or on the cluster, each as one task
    (``ascent.tools.cluster.in_order``: the same puzzles, in the same order, as made here). With ``watch``,
    ReaderGone between two attempts once stdout's reader has gone."""
    if cluster is None:
        def attempted():
            tried[0] += 1
            if watch and _reader_gone():
                raise ReaderGone

        for index in range(count):
            yield index, make(size, level, seed, index, on_attempt=attempted, **options)
        return
    from ..tools.cluster import ClusterError, connect, generate, in_order
    try:
        with connect(cluster) as client:
            made = generate(client, size, level, count, seed, **options)
            yield from in_order(made, on_arrival=lambda puzzle: tried.__setitem__(0, tried[0] + puzzle.attempts))
    except ClusterError as e:  # no dask, or no scheduler at that address: the option is wrong
        raise Usage(str(e)) from None


def _save(store: Path, size: int, label: str, records: list[dict]) -> None:
    try:
        merge(store, size, label, records)
    except StoreError:
        raise
    except OSError as e:
        raise Usage(f"--store: cannot write {file_for(store, size)}: {e.strerror or e}") from None


def _text(record: dict, fmt: str) -> str:
    if fmt == "record":
        return json.dumps(record)
    return formats.write(Puzzle.from_record(record), fmt)
