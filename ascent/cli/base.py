"""Shared plumbing of the ascent command line: the app, one-line errors, exit codes, common options.

Exit codes (the one table, also in HELP below and the README): 0 done or solved, 1 bad puzzle data,
2 usage (a bad option or file), 3 not done (not solved, or generate/fetch could not finish), 130
interrupted. Errors map to them by kind: Usage, the library's ChoiceError and FileError -> 2;
Failure, StoreError and PuzzleError -> 1; NotDone -> 3. Every error is one line on stderr.

Each command lives in a module of this package that imports ``app`` from here and decorates its
functions; ``COMMANDS`` below names each command's module, which is imported only when that command runs (or
its help is asked for), and registers its commands then.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, List, Optional

import typer
from typer.core import TyperGroup

from ..show.console import console, err_console, note, set_color, settings
from ..model.words import joined
from . import fastparams, helpwrap

if TYPE_CHECKING:
    from ..store import Entry

fastparams.install()
helpwrap.install()
EXIT_SOLVED, EXIT_ERROR, EXIT_USAGE, EXIT_UNSOLVED, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


class Failure(Exception):
    """A user-facing error: one line, exit code 1."""


class NotDone(Exception):
    """Work that could not be finished (generate gave up on a level, fetch could not reach the site):
    one line, exit code 3, like a puzzle not solved."""


class Usage(Exception):
    """Bad usage found after parsing (options that clash, a malformed value): one line, exit code 2."""


# Placeholders in help: words a person reads (FILE, DIR, N), not typer's <path> or <list[str]>.
PLACEHOLDERS = {"store": "DIR", "reports": "DIR", "json": "FILE", "html": "FILE", "svg": "FILE", "markdown": "FILE",
                "save": "FILE", "resume": "FILE", "file": "FILE", "trace": "FILE", "timeout": "SECONDS",
                "max_seconds": "SECONDS", "delay": "SECONDS", "args": "SIZE STATE KEYS", "sizes": "4,5,6",
                "diffs": "1,2,3", "techniques": "NAMES", "date": "MMDD", "dates": "MMDD-MMDD,MMDD", "level": "LEVEL",
                "workers": "N", "count": "N", "concurrency": "N", "retries": "N", "attempts": "N", "step": "N",
                "index": "K", "to": "FORMAT", "fmt": "FORMAT", "diff": "LABEL", "label": "LABEL"}


def _name_placeholder(param) -> None:
    if getattr(param, "is_flag", False) or param.metavar not in (None, ""):
        return
    longs = [o for o in getattr(param, "opts", []) if o.startswith("--")]
    key = longs[0][2:] if longs else (param.name or "value")
    word = PLACEHOLDERS.get(key, key.upper().replace("_", "-"))
    param.metavar = word
    if getattr(param, "param_type_name", "") == "argument" and hasattr(param, "_usage_display_name"):
        shown = word if param.required else f"[{word}]"  # typer writes {FILE} for a required one
        param._usage_display_name = lambda: shown
        param._rich_display_name = lambda: word  # and "FILE <path>" in the list of arguments
        param.display_type_rich = lambda ctx=None: ""


# Every command: its module in this package, and its line in 'ascent -h', in the order listed there.
# A command's module is imported only when that command runs (or its help is asked for), so each
# command loads only what it uses.
COMMANDS = {
    "solve": ("solving", "Solve a puzzle given on the command line, in any input format."),
    "solve-one": ("solving", "Solve one stored puzzle and show every pass as a grid."),
    "solve-all": ("solving", "Solve every stored puzzle; a table per size and difficulty."),
    "check": ("puzzles", "Check a filled or partial grid against the rules and solution."),
    "convert": ("puzzles", "Write a puzzle in another input format."),
    "hint": ("hinting", "The easiest next step from your grid, at three levels."),
    "play": ("playing", "Play a puzzle in the terminal, with hints, undo and saves."),
    "grade": ("grading", "Grade a puzzle, or a whole store: level, score, techniques."),
    "generate": ("generating", "Make puzzles with one solution at the level asked for."),
    "export": ("share", "Draw a saved solve as HTML, SVG or Markdown."),
    "fetch": ("fetching", "Fetch the brainbashers daily archive into the store."),
    "techniques": ("techniques", "The techniques as a guide, with the names solvers use."),
    "loopover": ("loopover", "Solve a Loopover board: rotate rows and columns."),
    "web": ("web", "Build or serve the web app: the engine runs in the browser."),
}


class OneLineErrors(TyperGroup):
    """Usage errors and failures as one line on stderr, never a traceback or a panel; commands loaded
    on demand from ``COMMANDS``."""

    def list_commands(self, ctx) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx, name: str):
        if name not in self.commands and name in COMMANDS:
            import importlib

            from typer.main import get_command_from_info

            importlib.import_module(f"{__package__}.{COMMANDS[name][0]}")  # registers its commands on app
            for info in app.registered_commands:
                if info.name == name:
                    self.commands[name] = get_command_from_info(
                        info, pretty_exceptions_short=app.pretty_exceptions_short, rich_markup_mode=app.rich_markup_mode)
        command = self.commands.get(name)
        if command is not None and not getattr(command, "_placeholders", False):
            for param in command.params:
                _name_placeholder(param)
            command._placeholders = True
        return command

    def resolve_command(self, ctx, args):
        """A mistyped command: "No such command 'solv'. Did you mean 'solve', ...?" (typer's own
        suggestions read only the commands already loaded, and here they load on demand)."""
        try:
            return self._click_resolve_command(ctx, args)
        except typer.TyperException as e:
            from difflib import get_close_matches

            matches = get_close_matches(args[0], list(COMMANDS)) if args else []
            if matches and hasattr(e, "message"):
                either = joined((repr(m) for m in matches), "or")
                e.message = f"{e.message.rstrip('.')}. Did you mean {either}?"
            raise

    def format_commands(self, ctx, formatter) -> None:
        """The command list from ``COMMANDS``: whole summaries, and no command imported to print them."""
        with formatter.section("Commands"):
            formatter.write_dl([(name, summary) for name, (_, summary) in COMMANDS.items()])

    def invoke(self, ctx):
        """Ctrl-C anywhere in a command: one line and exit 130 (typer would exit 130 without a word)."""
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            err_console.clear_line()
            err_console.print("interrupted", markup=False)
            raise typer.Exit(130) from None

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            rv = super().main(args=args, prog_name=prog_name, complete_var=complete_var, standalone_mode=False, **extra)
        except BrokenPipeError:  # the reader went away (ascent ... | head): stop quietly, as rich does
            console.on_broken_pipe()
            rv = 0
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
        except (Usage, Failure, NotDone) as e:  # the CLI's own errors
            err_console.print(f"error: {e}", markup=False)
            sys.exit(next(code for kind, code in OWN_ERRORS if isinstance(e, kind)))
        except OSError as e:  # a file it cannot use, said in words
            from ..store.files import words

            where = f"{e.filename}: " if e.filename else ""
            err_console.print(f"error: {where}{words(e)}", markup=False)
            sys.exit(EXIT_USAGE)
        except MemoryError:  # an input too large to hold: never an "internal error"
            err_console.print("error: out of memory: the input is too large to work on", markup=False)
            sys.exit(EXIT_USAGE)
        except RecursionError:
            err_console.print("error: the input nests too deeply to work on", markup=False)
            sys.exit(EXIT_USAGE)
        except Exception as e:
            code = _known(e)
            if code is None:  # a bug of ours: still one line, and it says so
                err_console.print(f"error: internal error, please report it: {type(e).__name__}: {e}", markup=False)
                sys.exit(EXIT_ERROR)
            err_console.print(f"error: {e}", markup=False)
            sys.exit(code)
        sys.exit(rv if isinstance(rv, int) else 0)


OWN_ERRORS = ((Usage, EXIT_USAGE), (Failure, EXIT_ERROR), (NotDone, EXIT_UNSOLVED), (OSError, EXIT_USAGE))


def _known(e: Exception) -> Optional[int]:
    """The exit code of a library error the user caused, or None for a bug. The modules are looked up,
    not imported: a command that never loaded the engine cannot have raised its errors."""
    for module, name, code in (("ascent.store", "ChoiceError", EXIT_USAGE),  # the user's choice is wrong
                               ("ascent.store", "FileError", EXIT_USAGE),  # a file that is not JSON, not a store...
                               ("ascent.store", "StoreError", EXIT_ERROR),  # a puzzle in a file or store is bad
                               ("ascent.puzzle", "PuzzleError", EXIT_ERROR),
                               ("ascent.solver.engine", "UnknownTechnique", EXIT_USAGE)):
        kind = getattr(sys.modules.get(module), name, None)
        if kind is not None and isinstance(e, kind):
            return code
    return None


HELP = """Solve Skyscrapers puzzles the way a strong human does, and show the working.

\b
Reading a step: after each sentence, the brackets say
what it changed:
  [R2C4=7]     R2C4 is placed: it holds 7
  [R2C4-15]    R2C4 loses the candidates 1 and 5
  [R1C3=4, R3C3-2]  several changes, placements first
Cells are RrCc: row r, column c, counted from 1, rows top
to bottom, columns left to right.

\b
Exit codes, for every command:
  0    done, or solved
  1    bad puzzle data: a clue, given, record or board
       that breaks the format or the rules
  2    usage: a bad option, or a file that cannot be
       used (missing, not JSON, not a store file, save
       or trace; cannot be written)
  3    not done: not solved (stuck, ambiguous,
       impossible, timed out), a wrong check, or
       generate or fetch could not finish
  130  interrupted (Ctrl-C)

Data: installed from a source checkout (pip install -e .), the store fetched/ and reports/ sit in the
checkout; otherwise in the user data folder, which 'ascent --version' prints. --store DIR or
$ASCENT_STORE choose another store."""


def _version(value: bool) -> None:
    if value:
        from .. import __version__ as v

        console.print(f"ascent {v}; data folder {home()}", markup=False, soft_wrap=True)
        raise typer.Exit()


app = typer.Typer(
    cls=OneLineErrors,
    help=HELP,
    add_completion=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


@app.callback()
def _main(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Print the version and the data folder, and exit."),
          quiet: bool = typer.Option(False, "--quiet", "-q", help="No notes and no progress on stderr: only "
                                                                     "results and errors."),
          color: Optional[bool] = typer.Option(None, "--color/--no-color",
                                               help="Colours on or off (default: on a terminal, unless NO_COLOR "
                                                    "is set).")) -> None:
    """Solve Skyscrapers puzzles the way a strong human does, and show the working."""
    settings.quiet = quiet
    set_color(color)


# ---------------------------------------------------------------------------- helpers
def home() -> Path:
    """Where fetched/ and reports/ live (``ascent.store.home``)."""
    from .. import store as store_mod

    return store_mod.home()


def store_path(store: Optional[Path]) -> Path:
    """The store the user asked for: --store, else $ASCENT_STORE, else the default fetched/."""
    from .. import store as store_mod

    return store_mod.store_path(store)


def numbers(values: Optional[List[str]], what: str) -> list[int]:
    out = []
    for v in values or []:
        for part in v.split(","):
            part = part.strip()
            if not part:
                continue
            problem = not_a_count(part)
            if problem:
                raise Usage(f"{what}: {part!r} {problem}")
            out.append(int(part))
    return out


def ascii_int(value) -> int:
    """A whole number in ASCII digits: '７' (fullwidth) or '٧' (Arabic-Indic) is refused, and named."""
    if isinstance(value, int):
        return value
    text = str(value).strip()
    problem = not_a_count(text)
    if problem:
        raise typer.BadParameter(f"{text!r} {problem}")
    return int(text)


def not_a_count(text: str) -> str | None:
    """Why ``text`` is not a whole number written in ASCII digits ("is negative", ...), or None."""
    from ..puzzle.formats import why_not_number

    problem = why_not_number(text)
    return f"is {problem}" if problem else None


def listing(items) -> str:
    """1, 2 and 3 -- a list as a person writes it, not [1, 2, 3]."""
    return joined(items) or "none"


def no_puzzles(used: Path, sizes: list[int], diffs: list[str], word: str = "difficulties") -> str:
    """Why a store gave no puzzles, in words: it is empty, or it has none of those sizes and labels."""
    from .. import store as store_mod

    held = store_mod.what_is_there(used)
    if not sizes and not diffs:
        return f"no puzzles in {used}: {held}" + (f" ('ascent fetch --store {used}' fills it)" if held == "it is empty" else "")
    asked = " and ".join(part for part in (f"of size{'s' if len(sizes) > 1 else ''} {listing(sizes)}" if sizes else "",
                                           f"with {word} {listing(diffs)}" if diffs else "") if part)
    return f"no puzzles {asked} in {used} ({held})"


def labels(values: Optional[List[str]]) -> list[str]:
    return [p.strip() for v in values or [] for p in v.split(",") if p.strip()]


def entries_or_samples(store: Path, sizes=None, diffs=None) -> tuple[list[Entry], Path]:
    """The store's puzzles (``ascent.store.entries_or_samples``); falling back to our own set is said
    on stderr."""
    from .. import store as store_mod

    entries, used = store_mod.entries_or_samples(store, sizes, diffs)
    if used != store:
        note(f"note: no puzzles in {store} ('ascent fetch' fills it); using {OWN_SET}")
    return entries, used


OWN_SET = "our own set (puzzles ascent made, not brainbashers')"


def exit_for(status: str) -> int:
    return EXIT_SOLVED if status == "solved" else EXIT_UNSOLVED


def technique_names(values: Optional[List[str]]) -> Optional[tuple[str, ...]]:
    names = labels(values)
    if values is not None and not names:  # --techniques "": not "all of them", which is leaving it out
        raise Usage("--techniques: no technique named; give names such as sudoku,pinpoint, or leave it out for all")
    if not names:
        return None
    from ..solver.engine import UnknownTechnique, select

    try:
        return select(names)
    except UnknownTechnique as e:
        raise Usage(f"--techniques: {e}") from None




def read_json(file: Path, kind: str = "a puzzle file"):
    """A JSON file's contents ('-': standard input), or one line saying what is wrong with the file
    (``kind``: what it was given as)."""
    from .. import store as store_mod

    return store_mod.read_json(file, kind)


def pick_stored(store: Optional[Path], size: int, diff: Optional[str] = None, when: Optional[str] = None,
                random_date: bool = False, level: Optional[str] = None):
    """The stored puzzle of that size and difficulty, or of our own set at ``level``
    (``ascent.store.pick_stored``); a puzzle of our own set is said on stderr, with its name."""
    from .. import store as store_mod

    def said(root: Path, entry: "Entry") -> None:
        chosen = level is not None or Path(root).resolve() == store_mod.SAMPLES  # asked for, not fallen back to
        why = "" if chosen else f"no puzzles in {root} ('ascent fetch' fills it); "
        note(f"note: {why}playing {OWN_SET}: {entry.ident}")

    return store_mod.pick_stored(store, size, diff, when, random_date, on_samples=said, level=level)


# Options several commands share (the puzzle options are in ``given.py``).
STORE = typer.Option(None, "--store", help="Store folder (default fetched/, or $ASCENT_STORE); it must exist.")
NO_BACKTRACK = typer.Option(False, "--no-backtrack", help="Logic only: stop where logic stops.")
TIMEOUT = typer.Option(None, "--timeout", min=0.01, metavar="SECONDS",
                       help="Stop after this many seconds with what logic found so far (exit 3).")
DEBUG = typer.Option(False, "--debug", help="List every step under its pass.")
ANSWER = typer.Option(False, "--answer", help="Only the solution grid and the one-line summary.")
COMPACT = typer.Option(False, "--compact", help="Grids with placed heights only, '·' for an open cell.")
TECHNIQUES = typer.Option(None, "--techniques", metavar="NAMES", help="Only these techniques, as a,b,c or repeated (listed below).")
JSON_OUT = typer.Option(None, "--json", help="Also write the answer as JSON to this file ('-' for stdout: JSON only).")


STDOUT = "-"


def is_stdout(path) -> bool:
    return path is not None and str(path) == STDOUT


def check_output(option: str, path: Optional[Path], stdout_ok: bool = True) -> None:
    """An output file the user named must be writable before any work starts: a folder, a missing
    folder, no permission, a system folder that takes no files (/proc, /sys: tried for real, so root
    is told too) is one line naming the option and the path (exit 2). '-' is stdout."""
    if path is None or (stdout_ok and is_stdout(path)):
        return
    if is_stdout(path):
        raise Usage(f"{option} -: {option} needs a file; '-' (stdout) cannot be one here")
    from ..store.files import why_not_writable

    problem = why_not_writable(path)
    if problem == "is a folder":
        problem += f"; give a file name such as {Path(path) / 'out'}"
    if problem:
        raise Usage(f"{option} {path}: {problem}")


def check_outputs(*given: tuple[str, Optional[Path]]):
    """Each (option, path) checked (``check_output``); at most one may be '-'. The console for the
    command's notes and screens: stderr when stdout carries a file, else stdout."""
    for option, path in given:
        check_output(option, path)
    to_stdout = [option for option, path in given if is_stdout(path)]
    if len(to_stdout) > 1:
        raise Usage(f"{' and '.join(to_stdout)} cannot both be '-': stdout takes one file")
    return err_console if to_stdout else console


def check_folder(option: str, folder: Optional[Path]) -> None:
    """An output folder the user named: one we can write in, or one we can make (made later, and said
    so). Tried for real, so /proc and /sys are refused before any work, for root too."""
    if folder is None:
        return
    if is_stdout(folder):
        raise Usage(f"{option} -: {option} is a folder; stdout cannot be one")
    from ..store.files import why_not_folder

    problem = why_not_folder(folder)
    if problem:
        raise Usage(f"{option} {folder}: {problem}")


def check_cluster(address: str) -> None:
    """A malformed --cluster address is one line before any work (no network yet: ``connect`` tries it)."""
    from ..tools.cluster import ClusterError, address_of

    try:
        address_of(address)
    except ClusterError as e:
        raise Usage(str(e)) from None


def make_folder(folder: Path) -> None:
    """Make a missing output folder, and say so on stderr: folders never appear silently."""
    if not folder.is_dir():
        folder.mkdir(parents=True, exist_ok=True)
        note(f"note: made the folder {folder}")


def write_text(option: str, path: Path, text: str) -> None:
    """A file the user asked for ('-': stdout), written as ``ascent.store.files.write`` does (atomically for a
    file; a symlink's target; a FIFO or a device in place); an error names the option and the path."""
    if is_stdout(path):
        try:
            sys.stdout.write(text)
            sys.stdout.flush()
        except BrokenPipeError:
            console.on_broken_pipe()
        return
    from ..store.files import words, write

    try:
        write(path, text)
    except OSError as e:
        raise Usage(f"{option} {path}: cannot write it: {words(e)}") from None


def write_json(path: Path, payload, option: str = "--json", notes=None) -> None:
    """JSON to a file or, for '-', to stdout; the note saying where goes to ``notes`` (stdout, unless
    stdout carries a file). Errors name the user's path."""
    import json

    write_text(option, path, json.dumps(payload, indent=1) + "\n")
    if not is_stdout(path):
        (notes or console).print(f"JSON written: {path}", markup=False, soft_wrap=True)
