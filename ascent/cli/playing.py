"""play: the classic game on plain stdin/stdout, and the rich game with hints, undo and saves."""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, List, Optional

import typer
from rich.console import Console

from ..show import render
from ..show.console import console, err_console
from ..store.files import words as words_for
from ..solver.engine import solve as solve_engine
from ..tools.hint import STEP, WRONG, WRONG_MARKS
from ..play import classic, session
from ..play.board import board
from ..play.game import Game, Illegal, SaveError
from ..play.session import Session, clock_text
from ..show.view import build
from ..model.grid import cell_name
from .base import EXIT_ERROR, EXIT_INTERRUPTED, EXIT_SOLVED, Failure, Usage, app, check_output, write_text
from .given import Given, puzzle_options


# ---------------------------------------------------------------------------- the rich game
QUIT = "quit"  # an answer to a yes/no question that ends the game
# What the arrow keys send when the game reads lines (ANSI and application cursor mode): the typed line
# keeps them, and each moves the cursor one cell.
ARROWS = {"A": (-1, 0), "B": (1, 0), "C": (0, 1), "D": (0, -1)}
_ARROW = re.compile(r"\x1b[\[O]([ABCD])")


def help_lines(width: int) -> list[str]:
    """The game's commands, a line each; in a terminal too narrow for that, the description wraps
    under itself (under the command when even that is too narrow). No line runs past ``width``."""
    import textwrap

    pad = max(len(usage) for usage, _ in session.COMMANDS)
    hang = pad + 4 if width - pad - 4 >= 20 else 4
    out = []
    for usage, what in session.COMMANDS:
        head = f"  {usage:<{pad}}  " if hang > 4 else f"  {usage}"
        rest = textwrap.wrap(what, max(10, width - hang), break_on_hyphens=False)
        if hang > 4:
            out.append(head + rest[0])
        else:
            out.extend(textwrap.wrap(head, width, subsequent_indent="  ") + [" " * hang + rest[0]])
        out.extend(" " * hang + more for more in rest[1:])
    return out


def arrows(line: str) -> tuple[str, tuple[int, int]]:
    """The line without its arrow-key sequences, and how far they move the cursor (rows, columns)."""
    dr = dc = 0
    for key in _ARROW.findall(line):
        dr, dc = dr + ARROWS[key][0], dc + ARROWS[key][1]
    return _ARROW.sub("", line), (dr, dc)


@dataclass
class Sitting:
    """One sitting at the game in a terminal: reads commands with ``read(prompt)`` (EOFError = quit),
    does them with ``ascent.play.session.Session`` and prints to ``out``."""

    game: Game
    out: Console
    read: Callable[[str], str]
    save_path: Optional[Path] = None

    def __post_init__(self) -> None:
        self.session = Session(self.game, self.save_path)

    def say(self, text: str, style: str = "") -> None:
        self.out.print(text, style=style, markup=False, highlight=False)

    def draw(self, changed=()) -> None:
        g = self.game
        self.out.print(board(g, changed, self.out.width, self.session.cursor))
        self.say(f"{g.open_cells()} open, {clock_text(g.elapsed())}, hints {g.hints_used}"
                 + ("" if g.show_marks else ", marks hidden"), "dim")

    def saved(self, path: Optional[Path]) -> None:
        if path is not None:
            self.say(f"saved to {path}", "dim")

    def run(self) -> int:
        """Play until quit or the end of input (exit 0); Ctrl-C anywhere saves first (when there is a
        save file) and exits 130."""
        try:
            return self._play()
        except KeyboardInterrupt:
            self.say("")
            try:
                self.saved(self.session.autosave())
            except OSError as e:
                self.say(f"cannot save: {words_for(e)}", "red")
            err_console.print("interrupted", markup=False)
            return EXIT_INTERRUPTED

    def _play(self) -> int:
        g = self.game
        self.say(f"{g.puzzle.describe()}: type help for the commands", "bold")
        self.draw()
        if g.finished:
            self.say("this game is over: " + ("won" if g.won() else "the solution was shown"))
            return EXIT_SOLVED
        while True:
            try:
                line = self.read("> ")
            except EOFError:
                line = "quit"
                self.say("")
            line, (dr, dc) = arrows(line)
            if dr or dc:
                self.session.move_cursor(dr, dc)
                if not line.strip():
                    self.draw()
                    self.say(f"cursor at {cell_name(self.session.cursor, g.n)}: type a height, mark h..., or erase",
                             "dim")
                    continue
            words = line.split()
            if not words:
                continue
            try:
                done = self.command(words[0].lower(), words[1:])
            except Illegal as e:
                self.say(str(e), "red")
                continue
            except OSError as e:
                self.say(f"cannot save: {words_for(e)}", "red")
                continue
            if done:
                return EXIT_SOLVED

    def after_change(self, changed=(), note: str = "") -> bool:
        g = self.game
        self.draw(changed)
        if note:
            self.say(note, "yellow")
        state = self.session.settle()
        if state == "won":
            self.say(f"Congratulations, you solved it! {g.puzzle.describe()} in {clock_text(g.elapsed())}, "
                     f"with {g.hints_used} hint{'s' if g.hints_used != 1 else ''} ({g.hints_applied} applied).", "bold green")
            self.saved(self.session.autosave())
            return True
        if state == "full":
            self.say("every cell is filled, but something is wrong: check names it", "yellow")
        self.session.autosave()
        return False

    def command(self, word: str, args: list[str]) -> bool:
        move = self.session.command(word, args)
        if move.kind == session.CHANGED:
            return self.after_change(move.changed, move.note)
        if move.kind == session.DRAW:
            self.draw()
        elif move.kind == session.CHECK:
            self.say(move.text)
        elif move.kind == session.HINT:
            return self.hint(move.hint, move.level)
        elif move.kind == session.SOLVE:
            return self.solve(move)
        elif move.kind == session.SAVE:
            self.saved(move.path)
        elif move.kind == session.HELP:
            for line in help_lines(self.out.width):
                self.say(line)
        elif move.kind == session.QUIT:
            self.saved(move.path)
            g = self.game
            self.say(f"bye: {g.open_cells()} cells were open after {clock_text(g.elapsed())}")
            return True
        return False

    def hint(self, h, level: int) -> bool:
        self.say(f"hint {level}: {h.text}", "cyan")
        if level < 3 and h.kind == STEP:
            self.say("(hint again for more)", "dim")
        if level == 3 and h.kind in (STEP, WRONG, WRONG_MARKS):
            question = {STEP: "apply it?", WRONG: "take it out?", WRONG_MARKS: "clear those marks?"}[h.kind]
            answer = self.ask(question)
            if answer == QUIT:
                return self.command("quit", [])
            if answer:
                return self.after_change(self.session.apply_hint(h))
        return False

    def ask(self, question: str):
        """A yes/no question, [y/N]: True for y, False for Enter or n; QUIT for quit or q, and at the end
        of input (nothing more can be asked: the game ends, as at the prompt); anything else asks again."""
        while True:
            try:
                answer = self.read(f"{question} [y/N] ").strip().lower()
            except EOFError:
                self.say("")
                return QUIT
            if answer in ("y", "yes"):
                return True
            if answer in ("", "n", "no"):
                return False
            if answer in ("quit", "q", "exit"):
                return QUIT
            self.say("please answer y or n (or quit)", "yellow")

    def solve(self, move) -> bool:
        if move.wrong:
            self.say(f"{move.wrong}, so the solution is shown from the puzzle's start", "yellow")
        start, n = move.start, self.game.n
        result = solve_engine(start)
        view = build(result)
        self.out.print(render.frame_view(start, view.start, title="From here"))
        for pv in view.passes:
            self.out.print(render.frame_view(start, pv.after, pv.changed, title=pv.title))
            for frame in pv.frames:  # wrapped under the sentence, as solve --debug does
                self.out.print(render.Hanging(render.step_line(frame.step, n), render.TECHNIQUE_WIDTH))
        self.out.print(render.summary(result))
        self.saved(self.session.finish())
        return True


def _html_page(puzzle, path: Path) -> int:
    """ascent play --html: the puzzle as a page to play in a browser, its hints from the solve's plan."""
    from ..export.play import PlayError, play_page

    check_output("--html", path)
    try:
        text = play_page(puzzle, solve_engine(puzzle))
    except PlayError as e:
        raise Failure(str(e)) from None
    write_text("--html", path, text)
    console.print(f"HTML written: {path} ({len(text.encode()) / 1024:.0f} kB): open it in a browser to play",
                  markup=False, highlight=False)
    return EXIT_SOLVED


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
@puzzle_options(stored=True, own=True)
def play_cmd(
    args: Optional[List[str]] = typer.Argument(None, help="With --classic: SIZE STATE KEYS, as in the assignment."),
    classic_game: bool = typer.Option(False, "--classic", help="The assignment's game: exact prompts on plain stdin/stdout."),
    given: Given = None,  # the puzzle options (given.py)
    save: Optional[Path] = typer.Option(None, "--save", help="Save the game to this file after every change (atomically)."),
    resume: Optional[Path] = typer.Option(None, "--resume", help="Carry on a game saved with --save (and keep saving there)."),
    html: Optional[Path] = typer.Option(None, "--html", help="Write the puzzle as one self-contained page to play in a "
                                        "browser (offline, with hints), instead of playing here."),
) -> int:
    """Play a puzzle in the terminal: place heights, pencil marks, undo, check, hints, save and resume.

    Without puzzle options it plays today's stored 5x5 of difficulty 1, or with an empty store a
    puzzle of our own set (--level picks its level). Type help in the game for its commands.

    --classic plays the university assignment's game byte for byte: SIZE, the row-major STATE
    ('-' for empty) and the KEYS (top, bottom, left, right), rows and columns counted from 0.

    \b
    Example:
      ascent play --size 6 --level tricky --save game.json
      ascent play --resume game.json
      ascent play --clues "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"
      ascent play --classic 4 "4--22----234-4--" 0003010002003000
      ascent play --size 6 --level hard --html game.html
    """
    if html is not None:
        if classic_game or save is not None or resume is not None or args:
            raise Usage("--html writes a page for a puzzle: not with --classic, --save or --resume")
        return _html_page(given.chosen(default_size=5), html)
    if classic_game:
        if save is not None or resume is not None or given.anything:
            raise Usage("--classic plays SIZE STATE KEYS on plain stdin/stdout, as the assignment says: "
                        "no --save, --resume or puzzle options with it")
        return _classic(list(args or []))
    if args:
        raise Usage(f"unexpected {' '.join(args)!r} (SIZE STATE KEYS go with --classic)")
    check_output("--save", save, stdout_ok=False)  # a folder, a missing folder or no permission: one line, before the game
    if resume is not None:
        if given.anything:
            raise Usage("--resume carries on a saved puzzle: no puzzle options with it")
        if resume.is_dir():
            raise Usage(f"--resume {resume}: is a folder, not a saved game")
        if not resume.is_file():
            raise Usage(f"--resume {resume}: no such file")
        if save is None:
            check_output("--resume", resume, stdout_ok=False)  # the game goes on saving there
        try:
            game = Game.load(resume)
        except SaveError as e:  # a file that is not a game save: a bad file, like a missing one (exit 2)
            raise Usage(f"--resume {e}") from None
        save = save or resume
    else:
        game = Game(given.chosen(default_size=5))
        if save is not None:
            game.save(save)
    return Sitting(game, console, lambda prompt: console.input(prompt, markup=False), save).run()
