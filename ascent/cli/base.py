"""Shared plumbing of the ascent command line: the app, one-line errors, exit codes, common options.

Exit codes: 0 solved, 3 not solved (stuck, contradiction, ambiguous), 1 bad data or runtime error,
2 bad usage. Every error is one line on stderr.

Each command lives in a module of this package that imports ``app`` from here and decorates its
functions; ``ascent/cli/__init__.py`` imports those modules so the commands register.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import List, Optional

import typer
from typer.core import TyperGroup

from ..console import console, err_console
from ..engine import UnknownTechnique, select
from ..puzzle import Puzzle, PuzzleError
from ..store import Entry, StoreError, load, sizes_in
from ..trace import SOLVED

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
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


# ---------------------------------------------------------------------------- helpers
def home() -> Path:
    """The project root for a source checkout (pip install -e), else the current folder."""
    root = Path(__file__).resolve().parents[2]
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




def read_puzzle(clues: Optional[str], keys: Optional[str], state: Optional[str], size: Optional[int],
                tatham: Optional[str], file: Optional[Path]) -> Puzzle:
    """The one puzzle given by exactly one of --clues, --keys (with --state/--size), --tatham, --file."""
    given = [name for name, v in (("--clues", clues), ("--keys", keys), ("--tatham", tatham), ("--file", file)) if v is not None]
    if len(given) != 1:
        raise Usage("give exactly one of --clues, --keys, --tatham or --file" + (f" (got {', '.join(given)})" if given else ""))
    if (state is not None or size is not None) and keys is None:
        raise Usage("--state and --size go with --keys")
    if clues is not None:
        return Puzzle.from_clues(clues)
    if keys is not None:
        return Puzzle.from_keys(keys, state, size)
    if tatham is not None:
        return Puzzle.from_tatham(tatham)
    try:
        record = json.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise Failure(f"{file}: no such file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise Failure(f"{file}: cannot read it: {e}") from None
    except json.JSONDecodeError as e:
        raise Failure(f"{file} is not valid JSON (line {e.lineno}, column {e.colno}): {e.msg}") from None
    return Puzzle.from_record(record)


# Options every puzzle-taking command shares (``solve``, and later ``hint``, ``play``, ``check``...).
CLUES = typer.Option(None, "--clues", help="4N clockwise clues (Codewars order), e.g. \"2 2 1 3 ...\".")
KEYS = typer.Option(None, "--keys", help="Clues as digits: top, bottom, left, right.")
STATE = typer.Option(None, "--state", help="With --keys: row-major givens, '-' for empty.")
SIZE = typer.Option(None, "--size", help="With --keys: the size, to check the lengths.")
TATHAM = typer.Option(None, "--tatham", help="A Simon Tatham Towers game id, e.g. 4:1///...,b1_2l.")
FILE = typer.Option(None, "--file", help="A JSON file holding one puzzle record.")
