"""play and hint: the classic game on plain stdin/stdout, the rich game, and hints at three levels."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, List, Optional

import typer
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from .. import cands, render
from ..console import console
from ..engine import solve as solve_engine
from ..hint import NO_SOLUTION, STEP, WRONG, WRONG_MARKS, GridError, hint, player_grid
from ..play import classic
from ..play.game import Game, Illegal, SaveError
from ..puzzle import Puzzle
from ..view import build
from .base import (INDEX, CLUES, FILE, KEYS, STATE, TATHAM, EXIT_ERROR, EXIT_SOLVED, EXIT_UNSOLVED, Failure, Usage,
                   app, pick_stored, read_puzzle)


# ---------------------------------------------------------------------------- which puzzle
PSIZE = typer.Option(None, "--size", help="A stored puzzle's size (default 5 for play); with --keys, the size to check.")
DIFF = typer.Option(None, "--diff", "-d", help="A stored puzzle's difficulty label (default 1).")
WHEN = typer.Option(None, "--date", help="A stored puzzle's date, MMDD (default today's, else the first).")
STORE = typer.Option(None, "--store", help="Store folder (default fetched/, or $ASCENT_STORE; samples when empty).")


def chosen_puzzle(clues, keys, state, size, tatham, file, diff, when, store, default_size=None, index=None) -> Puzzle:
    """The puzzle given by --clues/--keys/--tatham/--file, else the stored one picked by --size/--diff/--date."""
    if any(v is not None for v in (clues, keys, tatham, file)):
        if diff is not None or when is not None:
            raise Usage("--diff and --date pick a stored puzzle: not with --clues, --keys, --tatham or --file")
        return read_puzzle(clues, keys, state, size, tatham, file, index)
    if state is not None:
        raise Usage("--state (the givens) goes with --keys; the player's grid is --grid")
    size = size if size is not None else default_size
    if size is None:
        raise Usage("which puzzle? give --size N (with --diff, --date) for a stored one, or --clues, --keys, --tatham or --file")
    return pick_stored(store, size, diff if diff is not None else "1", when)


# ---------------------------------------------------------------------------- hint
@app.command("hint")
def hint_cmd(
    clues: Optional[str] = CLUES,
    keys: Optional[str] = KEYS,
    state: Optional[str] = STATE,
    size: Optional[int] = PSIZE,
    tatham: Optional[str] = TATHAM,
    file: Optional[Path] = FILE,
    index: Optional[int] = INDEX,
    diff: Optional[str] = DIFF,
    when: Optional[str] = WHEN,
    store: Optional[Path] = STORE,
    grid: Optional[str] = typer.Option(None, "--grid", help="Your grid so far, row-major: a height, '-' for empty, "
                                       "[123] for pencil marks; spaces and / between cells are free."),
    level: int = typer.Option(3, "--level", "-l", min=1, max=3, help="1 where to look, 2 which idea, 3 the full step."),
) -> int:
    """The easiest next step from your grid: where to look (1), which idea (2), or the whole step (3).

    A height in your grid that the puzzle's unique solution does not have is named first.

    \b
    Example:
      ascent hint --keys 2213322131232231 --grid "1--- ---- ---- ----" -l 1
      ascent hint --keys 2213322131232231 --grid "1[23]-- ---- ---- ----"
      ascent hint --size 6 --diff 3 --level 2
    """
    puzzle = chosen_puzzle(clues, keys, state, size, tatham, file, diff, when, store, index=index)
    try:
        player = player_grid(puzzle, grid)
    except GridError as e:
        raise Usage(f"--grid: {e}") from None
    h = hint(puzzle, player, level)
    console.print(h.text, markup=False)
    return EXIT_UNSOLVED if h.kind == NO_SOLUTION else EXIT_SOLVED


# ---------------------------------------------------------------------------- the rich game
COMMANDS = (
    ("r c h", "place height h at row r, column c, counting from 1 (e.g. 2 3 4)"),
    ("erase r c", "empty a cell, its pencil marks too"),
    ("mark r c h...", "toggle pencil marks in a cell (e.g. mark 2 3 14)"),
    ("marks", "show or hide the pencil marks"),
    ("undo, redo", "take back the last change, or do it again"),
    ("check", "name the first wrong height, without giving the answer"),
    ("hint [1|2|3]", "where to look, which idea, the whole step; hint again for more"),
    ("solve", "show the rest, pass by pass (ends the game)"),
    ("save [FILE]", "save now (to the --save file unless FILE is given)"),
    ("help", "this list"),
    ("quit", "leave the game (saved first when there is a save file)"),
)


def _marks_text(m: int, block: bool) -> str:
    """A cell's pencil marks: on one line, or (``block``) three to a line, so a narrow board never
    breaks inside a cell."""
    text = cands.show(m).strip("[]")
    if cands.count(m) == 1 or not block:
        return f"[{text}]"
    return "\n".join(text[k:k + 3] for k in range(0, len(text), 3))


def board(game: Game, changed=(), width: int = 80) -> Table:
    """The player's board: clues on four sides, row and column numbers, givens bold, marks dim.
    When the marks on one line would not fit ``width``, each cell's marks stack three to a line."""
    puzzle, n = game.puzzle, game.n
    changed = set(changed)
    shown = [m if (not game.values[i] and game.show_marks) else 0 for i, m in enumerate(game.marks)]
    columns = [max([1] + [len(_marks_text(shown[r * n + c], False)) for r in range(n) if shown[r * n + c]])
               for c in range(n)]
    cw = len(str(n))
    block = 3 * cw + 4 + sum(w + 2 for w in columns) > width
    table = Table(box=box.SIMPLE_HEAD, show_header=False, show_edge=False, pad_edge=False, padding=(0, 1))
    # numbers and clues never shrink; a cell's marks fold onto a second line when the terminal is narrow
    for _ in range(2):
        table.add_column(justify="center", no_wrap=True, min_width=len(str(n)))
    for _ in range(n):
        table.add_column(justify="center", overflow="fold", min_width=1)
    table.add_column(justify="center", no_wrap=True, min_width=len(str(n)))

    bad_cells, bad_clues = game.conflicts()

    def clue(c: int, side: str = "", k: int = -1) -> Text:
        return Text(str(c) if c else "", style="bold white on red" if (side, k) in bad_clues else "cyan")

    table.add_row("", "", *(Text(str(c + 1), style="dim") for c in range(n)), "")
    table.add_row("", "", *(clue(c, "upper", k) for k, c in enumerate(puzzle.upper)), "")
    for r in range(n):
        cells = []
        for c in range(n):
            i = r * n + c
            v, m = game.values[i], game.marks[i]
            if v:
                text, style = cands.show(cands.bit(v)), "bold" if game.given(i) else "bold green"
            elif m and game.show_marks:
                text, style = _marks_text(m, block), "dim"
            else:
                text, style = ".", "dim"
            if i in bad_cells:  # a repeated height: red at once, as in Tatham's game
                style = "bold white on red"
            cells.append(Text(text, style="bold black on yellow" if i in changed and i not in bad_cells else style))
        table.add_row(Text(str(r + 1), style="dim"), clue(puzzle.left[r], "left", r), *cells,
                      clue(puzzle.right[r], "right", r))
    table.add_row("", "", *(clue(c, "lower", k) for k, c in enumerate(puzzle.lower)), "")
    return table


def clock_text(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


@dataclass
class Session:
    """One sitting at the game: reads commands with ``read(prompt)`` (EOFError = quit), prints to ``out``."""

    game: Game
    out: Console
    read: Callable[[str], str]
    save_path: Optional[Path] = None
    _hint_at: tuple = ()  # the position the last hint was for
    _hint_level: int = 0

    def say(self, text: str, style: str = "") -> None:
        self.out.print(text, style=style, markup=False, highlight=False)

    def draw(self, changed=()) -> None:
        g = self.game
        self.out.print(board(g, changed, self.out.width))
        self.say(f"{g.open_cells()} open, {clock_text(g.elapsed())}, hints {g.hints_used}"
                 + ("" if g.show_marks else ", marks hidden"), "dim")

    def save(self, path: Optional[Path] = None) -> None:
        path = path or self.save_path
        if path is None:
            raise Illegal("where? save FILE (or start with --save FILE)")
        self.game.save(path)
        self.say(f"saved to {path}", "dim")

    def run(self) -> int:
        g = self.game
        self.say(f"{g.puzzle.describe()}: type help for the commands", "bold")
        self.draw()
        if g.finished:
            self.say("this game is over: " + ("won" if g.won() else "the solution was shown"))
            return EXIT_SOLVED
        while True:
            try:
                line = self.read("> ")
            except (EOFError, KeyboardInterrupt):
                line = "quit"
                self.say("")
            words = line.split()
            if not words:
                continue
            try:
                done = self.command(words[0].lower(), words[1:])
            except Illegal as e:
                self.say(str(e), "red")
                continue
            except OSError as e:
                self.say(f"cannot save: {e}", "red")
                continue
            if done:
                return EXIT_SOLVED

    def after_change(self, changed=(), note: str = "") -> bool:
        g = self.game
        self.draw(changed)
        if note:
            self.say(note, "yellow")
        if g.won():
            g.finished = True
            self.say(f"Congratulations, you solved it! {g.puzzle.describe()} in {clock_text(g.elapsed())}, "
                     f"with {g.hints_used} hint{'s' if g.hints_used != 1 else ''} ({g.hints_applied} applied).", "bold green")
            if self.save_path:
                self.save()
            return True
        if all(g.values):
            self.say("every cell is filled, but something is wrong: check names it", "yellow")
        if self.save_path:
            g.save(self.save_path)
        return False

    def command(self, word: str, args: list[str]) -> bool:
        g = self.game
        if word.isdigit():
            args, word = [word] + args, "place"
        if word in ("place", "p"):
            r, c, h = numbers(args, 3, "place r c h, e.g. 2 3 4")
            note = g.place(r, c, h)
            return self.after_change([(r - 1) * g.n + c - 1], note)
        if word in ("erase", "e"):
            r, c = numbers(args, 2, "erase r c")
            g.erase(r, c)
            return self.after_change([(r - 1) * g.n + c - 1])
        if word in ("mark", "m"):
            if len(args) < 3:
                raise Illegal("mark r c h..., e.g. mark 2 3 14")
            r, c = numbers(args[:2], 2, "mark r c h...")
            heights = [int(ch) for a in args[2:] for ch in (a if len(a) > 1 and g.n <= 9 else [a]) if ch.isdigit()]
            if len(heights) != sum(len(a) if g.n <= 9 else 1 for a in args[2:]):
                raise Illegal("mark r c h...: heights are numbers, e.g. mark 2 3 14")
            g.toggle_marks(r, c, heights)
            return self.after_change([(r - 1) * g.n + c - 1])
        if word == "marks":
            g.show_marks = not g.show_marks
            self.draw()
            return False
        if word in ("undo", "u"):
            g.undo()
            return self.after_change()
        if word == "redo":
            g.redo()
            return self.after_change()
        if word == "check":
            self.say(g.check())
            return False
        if word in ("hint", "h"):
            return self.hint(args)
        if word == "solve":
            return self.solve()
        if word == "save":
            self.save(Path(args[0]) if args else None)
            return False
        if word in ("help", "?"):
            for usage, what in COMMANDS:
                self.say(f"  {usage:<15} {what}")
            return False
        if word in ("quit", "q", "exit"):
            if self.save_path:
                self.save()
            self.say(f"bye: {g.open_cells()} cells were open after {clock_text(g.elapsed())}")
            return True
        raise Illegal(f"unknown command {word!r}: type help for the list")

    def hint(self, args: list[str]) -> bool:
        g = self.game
        here = (tuple(g.values), tuple(g.marks))
        if args:
            level = numbers(args, 1, "hint [1|2|3]")[0]
            if level not in (1, 2, 3):
                raise Illegal("hint levels are 1, 2 and 3")
        else:
            level = min(3, self._hint_level + 1) if here == self._hint_at else 1
        self._hint_at, self._hint_level = here, level
        h = g.hint(level)
        self.say(f"hint {level}: {h.text}", "cyan")
        if level < 3 and h.kind == STEP:
            self.say("(hint again for more)", "dim")
        if level == 3 and h.kind in (STEP, WRONG, WRONG_MARKS):
            question = {STEP: "apply it?", WRONG: "take it out?", WRONG_MARKS: "clear those marks?"}[h.kind]
            if self.ask(question):
                g.apply(h)
                changed = [i for i, _ in h.step.eliminations] + [i for i, _ in h.step.placements] if h.step else [h.cell]
                return self.after_change(changed)
        return False

    def ask(self, question: str) -> bool:
        """A yes/no question, [y/N]: Enter, n or the end of input say no; any other answer asks again."""
        while True:
            try:
                answer = self.read(f"{question} [y/N] ").strip().lower()
            except (EOFError, KeyboardInterrupt):
                return False
            if answer in ("y", "yes"):
                return True
            if answer in ("", "n", "no"):
                return False
            self.say("please answer y or n", "yellow")

    def solve(self) -> bool:
        g = self.game
        wrong = hint(g.puzzle, g.grid(), 1)
        if wrong.kind in (WRONG,):
            self.say(f"{wrong.text}, so the solution is shown from the puzzle's start", "yellow")
            start = g.puzzle
        else:
            start = Puzzle(g.n, g.puzzle.upper, g.puzzle.lower, g.puzzle.left, g.puzzle.right, g.rows(), g.puzzle.source)
        result = solve_engine(start)
        view = build(result)
        self.out.print(render.frame_view(start, view.start, title="From here"))
        for pv in view.passes:
            self.out.print(render.frame_view(start, pv.after, pv.changed, title=pv.title))
            for frame in pv.frames:
                self.out.print(render.step_line(frame.step, g.n))
        self.out.print(render.summary(result))
        g.finished = True
        if self.save_path:
            self.save()
        return True


def numbers(args: list[str], count: int, usage: str) -> list[int]:
    if len(args) != count or not all(a.isdigit() for a in args):
        raise Illegal(f"type {usage}")
    return [int(a) for a in args]


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
    clues: Optional[str] = CLUES,
    keys: Optional[str] = KEYS,
    state: Optional[str] = STATE,
    size: Optional[int] = PSIZE,
    tatham: Optional[str] = TATHAM,
    file: Optional[Path] = FILE,
    index: Optional[int] = INDEX,
    diff: Optional[str] = DIFF,
    when: Optional[str] = WHEN,
    store: Optional[Path] = STORE,
    save: Optional[Path] = typer.Option(None, "--save", help="Save the game to this file after every change (atomically)."),
    resume: Optional[Path] = typer.Option(None, "--resume", help="Carry on a game saved with --save (and keep saving there)."),
) -> int:
    """Play a puzzle in the terminal: place heights, pencil marks, undo, check, hints, save and resume.

    Without puzzle options it plays today's stored 5x5 of difficulty 1 (the embedded samples when
    the store is empty). Type help in the game for its commands.

    --classic plays the university assignment's game byte for byte: SIZE, the row-major STATE
    ('-' for empty) and the KEYS (top, bottom, left, right), rows and columns counted from 0.

    \b
    Example:
      ascent play --size 6 --diff 2 --save game.json
      ascent play --resume game.json
      ascent play --clues "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"
      ascent play --classic 4 "4--22----234-4--" 0003010002003000
    """
    if classic_game:
        return _classic(list(args or []))
    if args:
        raise Usage(f"unexpected {' '.join(args)!r} (SIZE STATE KEYS go with --classic)")
    if resume is not None:
        if any(v is not None for v in (clues, keys, state, size, tatham, file, index, diff, when, store)):
            raise Usage("--resume carries on a saved puzzle: no puzzle options with it")
        if not resume.is_file():
            raise Usage(f"--resume {resume}: no such file")
        try:
            game = Game.load(resume)
        except SaveError as e:
            raise Failure(str(e)) from None
        save = save or resume
    else:
        game = Game(chosen_puzzle(clues, keys, state, size, tatham, file, diff, when, store, default_size=5, index=index))
        if save is not None:
            game.save(save)
    return Session(game, console, lambda prompt: console.input(prompt, markup=False), save).run()
