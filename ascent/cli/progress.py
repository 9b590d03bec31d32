"""A solve that may take a while: a status line on stderr after half a second, naming what the
engine is trying, and a clean stop at ``--timeout``."""

from __future__ import annotations

import os
import sys
import threading
import time

from ..show.console import err_console, settings
from ..solver.engine import solve
from ..puzzle import Puzzle
from ..model.trace import Result

DELAY = 0.5  # seconds before the status line appears: quick solves never flicker


def solve_showing_progress(puzzle: Puzzle, *, logic_only: bool, techniques, timeout: float | None) -> Result:
    start = time.perf_counter()
    current = ["the easy tiers"]

    class Line:
        """Re-read at every refresh, so the clock runs."""

        def __rich__(self) -> str:
            limit = f" of {timeout:g} s" if timeout is not None else ""
            return f"solving {puzzle.describe()}: {current[0]} ({time.perf_counter() - start:.1f} s{limit})"

    status = None  # made only when it shows: a quick solve never loads rich's spinner
    shown = threading.Event()
    lock = threading.Lock()

    echo = [None]

    def appear() -> None:
        with lock:
            if not done.is_set() and not settings.quiet:
                nonlocal status
                echo[0] = _quiet_ctrl_c()
                status = err_console.status(Line(), spinner="dots")
                status.start()
                shown.set()

    def on_tier(name: str) -> None:
        current[0] = "counting solutions" if name == "counting solutions" else f"trying {name}"

    done = threading.Event()
    timer = threading.Timer(DELAY, appear)
    timer.daemon = True
    timer.start()
    try:
        return solve(puzzle, logic_only=logic_only, techniques=techniques, timeout=timeout, on_tier=on_tier)
    finally:
        with lock:
            done.set()
            timer.cancel()
            if shown.is_set():
                status.stop()
                _restore(echo[0])


def _quiet_ctrl_c():
    """While the status line shows, the terminal does not echo ^C: an echo at the line's end would push
    the cursor down a line, and the status line could not clear itself. Returns what to restore."""
    try:
        import termios

        fd = sys.stdin.fileno()
        if not os.isatty(fd):
            return None
        before = termios.tcgetattr(fd)
        after = list(before)
        after[3] &= ~termios.ECHOCTL
        termios.tcsetattr(fd, termios.TCSANOW, after)
        return fd, before
    except (ImportError, OSError, ValueError, AttributeError):
        return None


def _restore(saved) -> None:
    if saved is not None:
        import termios

        try:
            termios.tcsetattr(saved[0], termios.TCSANOW, saved[1])
        except (OSError, termios.error):
            pass


def run_jobs(jobs, workers: int, verb: str, out):
    """``solve_many`` under a progress bar on ``out``: (outcomes, their job positions, interrupted?).
    Ctrl-C stops the workers at once and keeps what was finished."""
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn

    from .bar import Bar

    from ..tools.batch import Interrupted, solve_many

    try:
        if not out.is_terminal:  # a bar in a file or a pipe is only a stray blank line
            outcomes = solve_many(jobs, workers)
        else:
            with Bar(TextColumn(verb), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=out) as progress:
                task = progress.add_task(verb, total=len(jobs))
                outcomes = solve_many(jobs, workers, on_progress=lambda k: progress.advance(task, k))
    except Interrupted as e:
        return e.outcomes, e.positions, True
    return outcomes, list(range(len(outcomes))), False


def interrupted(done: int, total: int) -> None:
    """The last line of a run cut short by Ctrl-C, and its exit code."""
    import typer

    err_console.clear_line()
    err_console.print(f"interrupted: {done} of {total} done", markup=False)
    raise typer.Exit(130)
