"""The classic game: the university assignment's interactive Skyscrapers, byte for byte.

Standard input and output only. The board (Requirement 1C) prints every symbol followed by one
space, so each board line ends with a space before its newline; the first two columns of the
top and bottom lines are blank symbols (four spaces). Prompts end with a space and no newline
(1D, 1E). Input is read as whitespace-separated words, as ``scanf("%s")`` would: each word
answers the prompt that is showing, and a word is valid only if it is exactly one of the
allowed answers (``1``..``N`` or ``q`` for a piece, ``0``..``N-1`` for a row or column).
``q`` quits only at the piece prompt. Quitting prints nothing more, and the end of the input
behaves like ``q``.

After a piece, a row and a column, the checks run in this order: the space is occupied (1F), the
piece repeats a height in its row or column (1G), the piece fills its row or column and a key of
that line does not match (1H; when 1G also applies only 1G's message is printed). A piece that
passes all three is placed; a full board wins (1I), otherwise the board is printed again.
A start that already repeats a height in a line, or has a full line whose keys do not match,
prints ``Invalid initial board state.`` and ends (1B).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, TextIO

from ..model.rules import lane_broken

EMPTY = "-"
INVALID_START = "Invalid initial board state."
OCCUPIED = "Invalid choice. That space is already occupied."
DUPLICATE = "Invalid choice. There is already a building with that height in that row or column."
KEY = "Invalid choice. You violate one of the key requirements."
WIN = "Congratulations, you have filled the board!"

# exit statuses of play()
WON, QUIT, BAD_START = "won", "quit", "invalid initial state"


class ArgumentError(ValueError):
    """SIZE, STATE or KEYS are malformed (not a game state the assignment describes)."""


@dataclass
class Board:
    """The assignment's board: ``cells[r][c]`` is ``'-'`` or a digit; keys top, bottom, left, right."""

    size: int
    cells: list[list[str]]
    top: list[int]
    bottom: list[int]
    left: list[int]
    right: list[int]

    def text(self) -> str:
        """Requirement 1C: every symbol followed by a space, a newline after each line."""
        n = self.size
        blank = [" ", " "]  # two blank symbols above the key column and the '>' column

        def line(symbols: list[str]) -> str:
            return "".join(s + " " for s in symbols) + "\n"

        out = [line(blank + [str(k) for k in self.top]), line(blank + ["v"] * n)]
        for r in range(n):
            out.append(line([str(self.left[r]), ">"] + self.cells[r] + ["<", str(self.right[r])]))
        out += [line(blank + ["^"] * n), line(blank + [str(k) for k in self.bottom])]
        return "".join(out)

    # ------------------------------------------------------------------ the rules
    def row(self, r: int) -> list[str]:
        return self.cells[r]

    def column(self, c: int) -> list[str]:
        return [self.cells[r][c] for r in range(self.size)]

    def repeats(self, line: list[str]) -> bool:
        placed = [s for s in line if s != EMPTY]
        return len(placed) != len(set(placed))

    def keys_broken(self, line: list[str], front: int, back: int) -> bool:
        """A full line whose non-zero keys do not count what shows from each end."""
        if EMPTY in line:
            return False
        return lane_broken([int(s) for s in line], front, back)  # the one rule checker

    def broken(self) -> str | None:
        """The first of 1G (a repeated height) or 1H (a full line breaking a key) the board breaks."""
        n = self.size
        if any(self.repeats(self.row(i)) or self.repeats(self.column(i)) for i in range(n)):
            return DUPLICATE
        for i in range(n):
            if self.keys_broken(self.row(i), self.left[i], self.right[i]):
                return KEY
            if self.keys_broken(self.column(i), self.top[i], self.bottom[i]):
                return KEY
        return None

    def full(self) -> bool:
        return all(s != EMPTY for row in self.cells for s in row)

    def try_place(self, piece: int, r: int, c: int) -> str | None:
        """Place ``piece`` at (r, c) unless 1F, 1G or 1H forbids it; the message when it does."""
        if self.cells[r][c] != EMPTY:
            return OCCUPIED
        symbol = str(piece)
        if symbol in self.row(r) or symbol in self.column(c):
            return DUPLICATE
        self.cells[r][c] = symbol
        if self.keys_broken(self.row(r), self.left[r], self.right[r]) or \
                self.keys_broken(self.column(c), self.top[c], self.bottom[c]):
            self.cells[r][c] = EMPTY
            return KEY
        return None


def parse(size: str, state: str, keys: str) -> Board:
    """Requirement 1A's three arguments. Raises ArgumentError naming what is malformed."""
    if not (size.isascii() and size.isdigit()) or not 1 <= int(size) <= 9:
        raise ArgumentError(f"SIZE must be a number from 1 to 9, not {size!r}")
    n = int(size)
    if len(state) != n * n:
        raise ArgumentError(f"STATE must have {n * n} characters for size {n} (row-major, '-' for empty), not {len(state)}")
    pieces = {str(h) for h in range(1, n + 1)}
    for i, s in enumerate(state):
        if s != EMPTY and s not in pieces:
            raise ArgumentError(f"STATE character {i + 1} is {s!r}: use 1-{n} or '-'")
    if len(keys) != 4 * n:
        raise ArgumentError(f"KEYS must have {4 * n} digits for size {n} (top, bottom, left, right), not {len(keys)}")
    for i, k in enumerate(keys):
        if not (k.isascii() and k.isdigit()) or int(k) > n:
            raise ArgumentError(f"KEYS character {i + 1} is {k!r}: use 0-{n} (0 = no key)")
    ks = [int(k) for k in keys]
    cells = [list(state[r * n:(r + 1) * n]) for r in range(n)]
    return Board(n, cells, ks[:n], ks[n:2 * n], ks[2 * n:3 * n], ks[3 * n:])


def _words(stream: TextIO) -> Iterator[str]:
    """Whitespace-separated words, read a line at a time so a terminal answers as it types."""
    for line in stream:
        yield from line.split()


def play(board: Board, stdin: TextIO, stdout: TextIO) -> str:
    """Run the game on the streams until a win, ``q`` or the end of input. Returns WON, QUIT or BAD_START."""
    n = board.size

    def say(text: str) -> None:
        stdout.write(text)
        stdout.flush()

    if board.broken() is not None:
        say(INVALID_START + "\n")
        return BAD_START
    if board.full():  # a start with nothing left to place, and no rule broken: already won
        say(WIN + "\n" + board.text())
        return WON
    words = _words(stdin)
    pieces = [str(h) for h in range(1, n + 1)]
    places = [str(i) for i in range(n)]
    prompts = (f"Choose a piece (1-{n}) or q to quit: ", f"Choose a row (0-{n - 1}): ", f"Choose a column (0-{n - 1}): ")

    def ask(prompt: str, allowed: list[str]) -> str | None:
        say(prompt)
        for word in words:
            if word in allowed:
                return word
            say("Invalid choice. " + prompt)
        return None  # end of input

    say(board.text())
    while True:
        piece = ask(prompts[0], pieces + ["q"])
        if piece is None or piece == "q":
            return QUIT
        row = ask(prompts[1], places)
        if row is None:
            return QUIT
        col = ask(prompts[2], places)
        if col is None:
            return QUIT
        error = board.try_place(int(piece), int(row), int(col))
        if error is not None:
            say(error + "\n" + board.text())
            continue
        if board.full():
            say(WIN + "\n" + board.text())
            return WON
        say(board.text())
