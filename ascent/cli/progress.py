"""A solve that may take a while: a status line on stderr after half a second, naming what the
engine is trying, and a clean stop at ``--timeout``."""

from __future__ import annotations

import threading
import time

from ..console import err_console
from ..engine import solve
from ..puzzle import Puzzle
from ..trace import Result

DELAY = 0.5  # seconds before the status line appears: quick solves never flicker


def solve_showing_progress(puzzle: Puzzle, *, logic_only: bool, techniques, timeout: float | None) -> Result:
    start = time.perf_counter()
    current = ["the easy tiers"]

    class Line:
        """Re-read at every refresh, so the clock runs."""

        def __rich__(self) -> str:
            limit = f" of {timeout:g} s" if timeout is not None else ""
            return f"solving {puzzle.describe()}: {current[0]} ({time.perf_counter() - start:.1f} s{limit})"

    status = err_console.status(Line(), spinner="dots")
    shown = threading.Event()
    lock = threading.Lock()

    def appear() -> None:
        with lock:
            if not done.is_set():
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
