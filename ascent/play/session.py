"""One sitting at the rich game, without a terminal: a typed command becomes a ``Move`` on the ``Game``
(what changed, what to say), the hint levels climb when the same position is asked again, a won or
filled board is noticed, and the game is saved after every change when there is a save file.

The command line (``ascent/cli/playing.py``) reads the lines, asks the yes/no questions and prints
the moves; nothing here prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from ..store import files
from ..tools.hint import WRONG, Hint, hint
from ..puzzle import Puzzle
from . import moves
from .game import Game, Illegal

# The game's commands and what they do, in the order 'help' lists them.
COMMANDS = (  # each fits one line of 60 columns: usage and what it does
    ("r c h", "place h at row r, column c (2 3 4)"),
    ("RrCc=h", "the same: R2C3=4; 10-12 are A-C"),
    ("erase r c", "empty a cell and its pencil marks"),
    ("mark r c h...", "toggle pencil marks (mark 2 3 14)"),
    ("fill", "pencil every open cell's candidates"),
    ("marks", "show or hide the pencil marks"),
    ("arrow keys", "then Enter: move the cursor"),
    ("4, mark 14, erase", "act on the cursor's cell"),
    ("undo, redo", "take back a change, or do it again"),
    ("check", "name the first wrong height"),
    ("hint [1|2|3]", "where to look, which idea, the step"),
    ("solve", "show the rest (ends the game)"),
    ("save [FILE]", "save now (to --save's file, or FILE)"),
    ("help", "this list"),
    ("quit", "leave (saved first with --save)"),
)

# What a command did, as ``Move.kind``:
CHANGED = "changed"  # the board changed: ``changed`` cells, maybe a ``note``
DRAW = "draw"  # only the view changed (marks shown or hidden)
CHECK = "check"  # ``text`` names the first wrong height, or says all is well
HINT = "hint"  # ``hint`` at ``level``
SOLVE = "solve"  # show the rest of the solve from ``start``; ``wrong`` says why from the puzzle's start
SAVE = "save"  # saved to ``path``
HELP = "help"  # list COMMANDS
QUIT = "quit"  # leave (saved first when there is a save file: ``path``)


@dataclass
class Move:
    kind: str
    changed: list[int] = field(default_factory=list)
    note: str = ""
    text: str = ""
    hint: Optional[Hint] = None
    level: int = 0
    start: Optional[Puzzle] = None
    wrong: str = ""
    path: Optional[Path] = None


def clock_text(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


def _a_height(word: str) -> bool:
    """A lone word that names a height: digits, or one letter A-C (heights 10-12)."""
    return (word.isascii() and word.isdigit()) or (len(word) == 1 and word.lower() in "abc")


def numbers(args: list[str], count: int, usage: str) -> list[int]:
    if len(args) != count or not all(a.isdigit() for a in args):
        raise Illegal(f"type {usage}")
    return [int(a) for a in args]


@dataclass
class Session:
    """The game, where it saves, and which hint level comes next."""

    game: Game
    save_path: Optional[Path] = None
    _hint_at: tuple = ()  # the position the last hint was for
    _hint_level: int = 0
    cursor: Optional[int] = None  # the cell the arrow keys chose (None until they are used)

    def move_cursor(self, dr: int, dc: int) -> None:
        """Move the cursor by rows and columns from where it is (from R1C1 the first time), stopping at
        the edges."""
        n = self.game.n
        r, c = divmod(self.cursor or 0, n)
        self.cursor = min(max(r + dr, 0), n - 1) * n + min(max(c + dc, 0), n - 1)

    def at_cursor(self, word: str, args: list[str]) -> Optional[tuple[str, list[str]]]:
        """A command aimed at the cursor's cell (a lone height, mark h..., erase) as the command with
        the cell's row and column put in; None when it is not one, or no cursor is shown."""
        if self.cursor is None:
            return None
        r, c = (str(k + 1) for k in divmod(self.cursor, self.game.n))
        if not args and word not in ("erase", "e", "marks", "undo", "u", "redo", "check", "hint", "h", "solve",
                                     "save", "help", "?", "quit", "q", "exit", "fill") and _a_height(word):
            return "place", [r, c, word]
        if word in ("erase", "e") and not args:
            return word, [r, c]
        if word in ("mark", "m") and len(args) >= 1 and not (len(args) >= 3 and all(a.isdigit() for a in args[:2])):
            return word, [r, c, *args]
        return None

    def save(self, path: Optional[Path] = None) -> Path:
        """Save to ``path`` (typed after save) or the save file. A path typed in the game follows the
        rules of --save: it must be a file, in a folder that exists, that can be written (checked
        first, so nothing is made on the way)."""
        if path is not None:
            problem = "a game is saved to a file, not to stdout" if str(path) == "-" else files.why_not_writable(path)
            if problem:
                raise Illegal(f"cannot save to {path}: {problem}")
        path = path or self.save_path
        if path is None:
            raise Illegal("where? save FILE (or start with --save FILE)")
        self.game.save(path)
        return path

    def settle(self) -> str:
        """After a change: "won" (the game is finished), "full" (every cell filled, but wrongly) or ""."""
        g = self.game
        if g.won():
            g.finished = True
            return "won"
        return "full" if all(g.values) else ""

    def autosave(self) -> Optional[Path]:
        """Save to the save file, when there is one; where it went."""
        return self.save() if self.save_path else None

    def command(self, word: str, args: list[str]) -> Move:
        """One typed command (its first word and the rest) done on the game; Illegal when it cannot be."""
        g = self.game
        aimed = self.at_cursor(word, args)
        if aimed is not None:
            word, args = aimed
        typed = moves.cell_move(" ".join([word, *args]), g.n)  # R2C3=4
        if typed is not None:
            word, args = "place", list(map(str, typed))
        if word.isdigit():
            args, word = [word] + args, "place"
        if word in ("place", "p"):
            r, c, h = moves.place(args, g.n)
            note = g.place(r, c, h)
            return Move(CHANGED, [(r - 1) * g.n + c - 1], note)
        if word in ("erase", "e"):
            r, c = numbers(args, 2, "erase r c")
            g.erase(r, c)
            return Move(CHANGED, [(r - 1) * g.n + c - 1])
        if word in ("mark", "m"):
            if len(args) < 3:
                raise Illegal("mark r c h..., e.g. mark 2 3 14")
            r, c = numbers(args[:2], 2, "mark r c h...")
            g.toggle_marks(r, c, moves.marks(args[2:], g.n))
            return Move(CHANGED, [(r - 1) * g.n + c - 1])
        if word == "marks":
            g.show_marks = not g.show_marks
            return Move(DRAW)
        if word == "fill":
            k = g.fill()
            g.show_marks = True
            return Move(CHANGED, [i for i, v in enumerate(g.values) if not v],
                        f"pencilled the candidates of {k} cell{'s' if k != 1 else ''}")
        if word in ("undo", "u"):
            g.undo()
            return Move(CHANGED)
        if word == "redo":
            g.redo()
            return Move(CHANGED)
        if word == "check":
            return Move(CHECK, text=g.check())
        if word in ("hint", "h"):
            level = self.hint_level(args)
            return Move(HINT, hint=g.hint(level), level=level)
        if word == "solve":
            return self.solve()
        if word == "save":
            return Move(SAVE, path=self.save(Path(args[0]) if args else None))
        if word in ("help", "?"):
            return Move(HELP)
        if word in ("quit", "q", "exit"):
            return Move(QUIT, path=self.save() if self.save_path else None)
        raise Illegal(f"unknown command {word!r}: type help for the list")

    def hint_level(self, args: list[str]) -> int:
        """The level asked for, else one more than last time when the position has not changed, else 1."""
        g = self.game
        here = (tuple(g.values), tuple(g.marks))
        if args:
            level = numbers(args, 1, "hint [1|2|3]")[0]
            if level not in (1, 2, 3):
                raise Illegal("hint levels are 1, 2 and 3")
        else:
            level = min(3, self._hint_level + 1) if here == self._hint_at else 1
        self._hint_at, self._hint_level = here, level
        return level

    def apply_hint(self, h: Hint) -> list[int]:
        """Apply a level-3 hint the player accepted; the cells it changed."""
        self.game.apply(h)
        return [i for i, _ in h.step.eliminations] + [i for i, _ in h.step.placements] if h.step else [h.cell]

    def solve(self) -> Move:
        """Where the rest of the solve starts: the player's grid, or the puzzle's start when a height is
        wrong. The game is finished (and saved) by it; the caller solves and shows the passes."""
        g = self.game
        wrong = hint(g.puzzle, g.grid(), 1)
        if wrong.kind == WRONG:
            start, why = g.puzzle, wrong.text
        else:
            start, why = Puzzle(g.n, g.puzzle.upper, g.puzzle.lower, g.puzzle.left, g.puzzle.right, g.rows(),
                                g.puzzle.source), ""
        return Move(SOLVE, start=start, wrong=why)

    def finish(self) -> Optional[Path]:
        """End the game (after the solution was shown); saved when there is a save file."""
        self.game.finished = True
        return self.save() if self.save_path else None
