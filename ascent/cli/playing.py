"""play and hint: the classic game on plain stdin/stdout, the rich game, and hints at three levels."""

from __future__ import annotations

import sys
from typing import List, Optional

import typer

from ..play import classic
from .base import EXIT_ERROR, EXIT_SOLVED, Usage, app


def _classic(args: list[str]) -> int:
    if len(args) != 3:
        raise Usage(f"--classic takes SIZE STATE KEYS (3 arguments), got {len(args)}")
    try:
        board = classic.parse(*args)
    except classic.ArgumentError as e:
        raise Usage(str(e)) from None
    outcome = classic.play(board, sys.stdin, sys.stdout)
    return EXIT_ERROR if outcome == classic.BAD_START else EXIT_SOLVED


@app.command("play", context_settings={"ignore_unknown_options": True})
def play_cmd(
    args: Optional[List[str]] = typer.Argument(None, help="With --classic: SIZE STATE KEYS, as in the assignment."),
    classic_game: bool = typer.Option(False, "--classic", help="The assignment's game: exact prompts on plain stdin/stdout."),
) -> int:
    """Play a puzzle in the terminal.

    --classic plays the university assignment's game byte for byte: SIZE, the row-major STATE
    ('-' for empty) and the KEYS (top, bottom, left, right), rows and columns counted from 0.

    Example:  ascent play --classic 4 "4--22----234-4--" 0003010002003000
    """
    if classic_game:
        return _classic(list(args or []))
    raise Usage("give --classic SIZE STATE KEYS")
