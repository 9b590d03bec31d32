"""ascent loopover: solve a Loopover board, show the moves by phase, replay them on the board."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Optional

import typer
from rich.columns import Columns
from rich.table import Table
from rich.text import Text

from ..show.console import console, err_console
from .base import EXIT_SOLVED, EXIT_UNSOLVED, Failure, Usage, app, check_output, read_json, write_json

try:
    from loopover import Board, LoopoverError, SearchTooLarge, SizeError, solve, unsolvable_reason
    from loopover import five_tables, lastline, pattern
    from loopover.solve import check_size, last_line_lengths
except ModuleNotFoundError as e:  # numpy is the [loopover] extra: one line, exit 2
    if e.name != "numpy":
        raise
    raise Usage(str(e)) from None

HOME, MOVED = "bold green", "black on yellow"
HOW = {"search": "fewest moves (breadth-first search)", "line": "fewest moves (one line: its shortest turn)",
       "beam": "beam search (short, not proven fewest)",
       "pattern": "fewest moves (search bounded by pattern tables)",
       "two-phase": "a 3x3 block, then the two free rows and columns (searches bounded by pattern tables)",
       "block": "block building, then the last rows", "heuristic": "heuristic, then runs merged"}


def board_text(board: Board, target: Board, lit=lambda r, c: False) -> Text:
    """The board, one row a line; symbols in their target place bold green, cells where ``lit(r, c)``
    highlighted."""
    text = Text()
    for r, row in enumerate(board.rows):
        for c, s in enumerate(row):
            style = HOME if s == target.rows[r][c] else ""
            if lit(r, c):
                style = f"{style} {MOVED}".strip()
            text.append(f" {s} ", style=style or None)
        if r < len(board.rows) - 1:
            text.append("\n")
    return text


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def moved_line(move: str):
    """The cells of the line a move turned, as a test ``lit(r, c)``."""
    i = int(move[1:])
    return (lambda r, c: r == i) if move[0] in "LR" else (lambda r, c: c == i)


def read_boards(start: Optional[str], target: Optional[str], file: Optional[Path]) -> tuple[Board, Board]:
    if file is not None:
        if start is not None or target is not None:
            raise Usage("give START and TARGET, or --file, not both")
        data = read_json(file)
        if not isinstance(data, dict) or "start" not in data or "target" not in data:
            raise Usage(f"{file}: expected an object with \"start\" and \"target\" boards")
        start, target = data["start"], data["target"]
    elif start is None or target is None:
        raise Usage("give START and TARGET (rows joined by '/'), or --file")
    boards = []
    for which, board in (("start", start), ("target", target)):
        try:
            boards.append(Board.of(board))
        except LoopoverError as e:
            raise Failure(f"{which} board: {e}") from None
    return boards[0], boards[1]


@app.command("loopover")
def loopover_command(
    start: Optional[str] = typer.Argument(None, help="The mixed-up board, rows joined by '/': ACDBE/FGHIJ/KLMNO/PQRST."),
    target: Optional[str] = typer.Argument(None, help="The board to reach, in the same form."),
    replay: bool = typer.Option(False, "--replay", help="Show the board after each phase."),
    debug: bool = typer.Option(False, "--debug", help="Replay with the board after every move."),
    json_path: Optional[Path] = typer.Option(None, "--json", help="Write the moves and phases as JSON."),
    optimal: bool = typer.Option(False, "--optimal", help="Fewest moves: breadth-first search from both ends (boards of up to 12 cells, or near their target), on 4x4 a search bounded by pattern tables (a 15-move board can take a minute); says so when it cannot prove the fewest."),
    budget: Optional[float] = typer.Option(None, "--budget", min=0, max=3600, metavar="SECONDS",
                                           help="About how long to look for a shorter list: block building in more frames, the beam search up to 36 cells, more phase-1 lists on 5x5 (default 1; 0: the heuristic alone). The same board and budget always give the same moves."),
    file: Optional[Path] = typer.Option(None, "--file", help="A JSON file {\"start\": ..., \"target\": ...}, each a board as text or rows."),
    prepare: bool = typer.Option(False, "--prepare", help="Build every pattern table ahead of time (4x4, 5x5 and the "
                                 "last-line tables: about 200 MB in the user data folder, a minute or more), saying "
                                 "what it writes and where; then no board waits for one."),
) -> int:
    """Solve a Loopover board: rotate rows (L/R) and columns (U/D) until it is the target.

    Boards of at most 12 cells are solved in the fewest moves; larger ones by building a block from a
    corner and then the last rows (the board seen in several frames, the shortest kept), up to 36 cells
    also by a beam search; --budget lets both look longer for a shorter list. On 4x4 a search bounded
    by a pattern table (built once, about 20 s, and kept in the user data folder) then proves the list
    fewest or finds a shorter one. 5x5 goes in two phases, a 3x3 block then the two free rows and
    columns, each a search bounded by pattern tables (built once, about a minute). Boards up to 60x60 (a status line on stderr past a second). A single row or column is turned the short way round. Exit code 3 when the target cannot
    be reached (parity; on a single row or column, a target that is not a turn of it).

    \b
    Example:
      ascent loopover ACDBE/FGHIJ/KLMNO/PQRST ABCDE/FGHIJ/KLMNO/PQRST --replay
      ascent loopover CWMFJ/ORDBA/NKGLY/PHSVE/XTQUI ABCDE/FGHIJ/KLMNO/PQRST/UVWXY
      ascent loopover DCA/BEF BAE/FCD --optimal --debug
      ascent loopover DCBA/HGFE/LKJI/PONM ABCD/EFGH/IJKL/MNOP --budget 2
      ascent loopover --file boards.json --json moves.json
      ascent loopover --prepare
    """
    if prepare:
        if start is not None or target is not None or file is not None:
            raise Usage("--prepare builds the tables: no boards with it")
        return prepare_tables()
    replay = replay or debug
    check_output("--json", json_path, stdout_ok=True)
    # with --json -, stdout carries the JSON alone: the table and every note go to stderr
    out = err_console if json_path is not None and str(json_path) == "-" else console
    begin, goal = read_boards(start, target, file)
    try:
        check_size(begin)
    except SizeError as e:
        raise Usage(str(e)) from None
    try:
        reason = unsolvable_reason(begin, goal)
        if reason is not None:
            if json_path is not None:
                write_json(json_path, {"status": "unsolvable", "start": ["".join(r) for r in begin.rows],
                                       "target": ["".join(r) for r in goal.rows], "reason": reason})
            err_console.print(f"unsolvable: {reason}", markup=False, soft_wrap=True)
            return EXIT_UNSOLVED
        building = 0.0  # seconds spent building tables this run: part of the time the summary gives
        for group in needed(begin.shape, optimal, budget):
            building += build_tables(group)
        t0 = time.perf_counter()
        unproven = None
        with StatusLine(f"{begin.shape[0]}x{begin.shape[1]} board") as status:
            try:
                solution = solve(begin, goal, mode="optimal" if optimal else "fast", budget=budget, progress=status.say)
            except SearchTooLarge as e:  # --optimal only: answer anyway, and say the fewest is not proven
                unproven = str(e)
                solution = solve(begin, goal, budget=budget, progress=status.say)
        ms = (time.perf_counter() - t0) * 1000
    except LoopoverError as e:
        raise Failure(str(e)) from None
    rows, cols = begin.shape
    how = HOW[solution.method]
    took = f"{ms:.1f} ms" if not building else \
        f"{ms / 1000 + building:.1f} s, of which {building:.1f} s building the tables (kept for next time)"
    out.print(f"{rows}x{cols} board: {plural(len(solution), 'move')}, {how}; {took}")
    if optimal and not solution.optimal:
        out.print(Text(f"not proven fewest: {unproven or 'the search did not finish'}", style="bold yellow"))
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("phase", no_wrap=True)
    table.add_column("moves", justify="right", no_wrap=True)
    table.add_column("", overflow="fold")
    for phase in solution.phases:
        table.add_row(phase.name, str(len(phase.moves)), " ".join(phase.moves) or "-")
    out.print(table)
    # one unbroken line, to copy: the terminal wraps it, rich does not
    out.print(Text(f"moves: {' '.join(solution.moves) or '(none: the start is the target)'}"), soft_wrap=True)
    if replay:
        show_replay(solution, debug, out)
    if json_path is not None:
        write_json(json_path, solution.to_dict())
    return EXIT_SOLVED


def show_replay(solution, debug: bool, out=console) -> None:
    """The start, then the board after each phase with the cells it changed highlighted (after each
    move with debug, the line it turned highlighted)."""
    goal = solution.target
    out.print()
    out.print(Text("start"), board_text(solution.start, goal), sep="\n")
    board = solution.start
    for phase in solution.phases:
        out.print()
        if not debug:
            before, board = board, board.apply_all(phase.moves)
            turned = "; ".join(_lines(phase.moves, kind) for kind in "row column".split() if _lines(phase.moves, kind))
            out.print(Text(f"after {phase.name}: {plural(len(phase.moves), 'move')}" + (f", turning {turned}" if turned else ""),
                               style="bold"))
            out.print(board_text(board, goal, lambda r, c: board.rows[r][c] != before.rows[r][c]))
            continue
        out.print(Text(f"{phase.name}: {plural(len(phase.moves), 'move')}", style="bold"))
        cells = []
        for n, move in enumerate(phase.moves, 1):
            board = board.apply(move)
            cells.append(Text(f"{n}. {move}\n").append_text(board_text(board, goal, moved_line(move))))
        if cells:
            out.print(Columns(cells, padding=(1, 2)))


def _load_4x4(say) -> None:
    pattern.load(progress=say)
    pattern.load_walking(progress=say)


def _load_5x5(say) -> None:
    five_tables.load(progress=say)


class Tables:
    """A group of pattern tables built together: what they are, their files, about how many bytes
    they take and how long they take to build, and the function that builds (or loads) them."""

    def __init__(self, what: str, files, size: int, takes: str, load, cached):
        self.what, self.files, self.size, self.takes, self.load, self.cached = what, list(files), size, takes, load, cached

    @property
    def folder(self) -> Path:
        return self.files[0].parent

    def written(self) -> int:
        return sum(f.stat().st_size for f in self.files if f.is_file())


def four() -> Tables:
    return Tables("4x4 pattern tables", [pattern.path(), pattern.folder() / pattern.WALK_NAME],
                  pattern.CELLS ** len(pattern.PIECES) + 2 * 10_147 * 8, "about 20 s", _load_4x4, pattern.cached)


def five() -> Tables:
    size = sum(five_tables.CELLS ** len(home) for home in five_tables.PHASE1.values()) + 16 ** len(five_tables.PHASE2) // 2
    return Tables("5x5 pattern tables", five_tables.paths(), size, "a minute or more", _load_5x5, five_tables.cached)


def last_lines(lengths) -> Tables:
    import math

    return Tables("last-line tables", [lastline.path(n) for n in lengths],
                  sum(2 * math.factorial(n + 1) for n in lengths), "a few seconds",
                  lambda say: lastline.keep(lengths, say), lambda: all(lastline.cached(n) for n in lengths))


def needed(shape: tuple[int, int], optimal: bool, budget: Optional[float]) -> list[Tables]:
    """The table groups a board of this shape uses and that are not built yet."""
    out = []
    if shape == (pattern.SIDE, pattern.SIDE) and (optimal or budget != 0):
        out.append(four())
    if shape == (five_tables.SIDE, five_tables.SIDE) and not optimal and budget != 0:
        out.append(five())
    if not optimal and budget != 0 and (lengths := last_line_lengths(*shape)):
        out.append(last_lines(lengths))
    return [group for group in out if not group.cached()]


def megabytes(size: int) -> str:
    return f"{size / 1e6:.1f} MB" if size >= 100_000 else f"{size / 1e3:.0f} kB"


def build_tables(group: Tables, prepare_hint: bool = True) -> float:
    """A group of tables built once and kept, saying first what it writes (about how many MB) and
    where, showing progress on stderr while it builds, and then what it wrote: the seconds it took."""
    hint = " ('ascent loopover --prepare' builds every table ahead of time)" if prepare_hint else ""
    err_console.print(f"note: building the {group.what} once ({group.takes}): about {megabytes(group.size)} "
                      f"written to {group.folder}{hint}", markup=False)  # wrapped at words on a terminal
    t0 = time.perf_counter()
    try:
        with StatusLine(group.what, verb="building") as status:
            group.load(status.say)
    except OSError as e:
        raise Usage(f"cannot keep the {group.what} in {group.folder}: {e.strerror or e} "
                    f"(set ASCENT_LOOPOVER_TABLES to another folder)") from None
    seconds = time.perf_counter() - t0
    err_console.print(f"note: the {group.what} are built ({seconds:.0f} s, {megabytes(group.written())})",
                      markup=False)
    return seconds


def prepare_tables() -> int:
    """ascent loopover --prepare: every table, built where missing; what was written, where, and the time."""
    groups = [four(), five(), last_lines(list(range(3, lastline.MAX_COLS + 1)))]
    t0, built = time.perf_counter(), []
    for group in groups:
        if group.cached():
            console.print(f"{group.what}: already built ({megabytes(group.written())})", markup=False)
            continue
        build_tables(group, prepare_hint=False)
        built.append(group.what)
    total = sum(group.written() for group in groups)
    done = f"built the {' and the '.join(built)} in {time.perf_counter() - t0:.0f} s" if built else "nothing to build"
    console.print(f"{done}; the tables take {megabytes(total)} in {groups[0].folder}", markup=False, soft_wrap=True)
    return EXIT_SOLVED


class StatusLine:
    """A status line on stderr once a solve runs past ``DELAY`` seconds (on a terminal only), saying
    what the solver is doing (``say`` is the solver's ``progress``) and how long it has taken."""

    DELAY = 1.0

    def __init__(self, what: str, verb: str = "solving"):
        self.what, self.verb, self.doing, self.begun = what, verb, "starting", time.perf_counter()
        self.status, self.echo, self.lock, self.done = None, None, threading.Lock(), False
        self.timer = threading.Timer(self.DELAY, self._appear)
        self.timer.daemon = True

    def say(self, text: str) -> None:
        self.doing = text

    def __rich__(self) -> Text:
        line = f"{self.verb} the {self.what}: {self.doing}, {time.perf_counter() - self.begun:.0f} s"
        return Text(line, no_wrap=True, overflow="ellipsis")

    def _appear(self) -> None:
        from .progress import _quiet_ctrl_c

        with self.lock:
            if not self.done:
                self.echo = _quiet_ctrl_c()
                self.status = err_console.status(self, spinner="dots")
                self.status.start()

    def __enter__(self) -> "StatusLine":
        if err_console.is_terminal:
            self.timer.start()
        return self

    def __exit__(self, *exc) -> None:
        from .progress import _restore

        with self.lock:
            self.done = True
            self.timer.cancel()
            if self.status is not None:
                self.status.stop()
                _restore(self.echo)


def _lines(moves, kind: str) -> str:
    """"rows 0 1" / "column 3": the lines of one kind the moves turned."""
    found = sorted({int(m[1:]) for m in moves if (m[0] in "LR") == (kind == "row")})
    return f"{kind}{'s' if len(found) > 1 else ''} {' '.join(map(str, found))}" if found else ""
