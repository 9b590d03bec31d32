"""What a player types for a move, read into numbers: heights (1-9, and A, B, C or 10-12 for the
heights 10-12, as the board shows them), cells as ``r c`` or ``R3C3``, and pencil marks.

    2 3 4        place 4 at row 2, column 3          (also: place 2 3 4, p 2 3 4)
    R2C3=4       the same, in the puzzle's own names (R2C3 = 4, r2c3=4 too)
    10 11 B      place 11 at R10C11 on a 12x12
    mark 2 3 14  pencil marks 1 and 4 in R2C3

Pencil marks at 10x10-12x12: a word that is a whole number from 10 to the size is that height
(``mark 1 1 10 12``); any other word is one height per character (``mark 1 1 123A``: 1, 2, 3 and 10).
"""

from __future__ import annotations

import re

from .game import Illegal

_CELL_MOVE = re.compile(r"^r(\d+)c(\d+)\s*=\s*(\S+)$", re.IGNORECASE)
PLACE_USAGE = "r c h, e.g. 2 3 4, or R2C3=4"


def height_names(n: int) -> str:
    """How heights are written at size n, for messages: "1 to 5", "1 to 12 (A, B, C for 10-12)"."""
    if n <= 9:
        return f"1 to {n}"
    letters = ", ".join(chr(ord("A") + k) for k in range(n - 9))
    return f"1 to {n} ({letters} for 10{'-' + str(n) if n > 10 else ''})"


def height(text: str, n: int) -> int:
    """One height as typed: digits, or a letter A.. for 10.. (either case). Illegal when it is none."""
    t = text.strip()
    if t.isascii() and t.isdigit():
        h = int(t)
    elif len(t) == 1 and t.isascii() and t.isalpha():
        h = ord(t.upper()) - ord("A") + 10
    else:
        raise Illegal(f"heights go from {height_names(n)}, not {t!r}")
    if not 1 <= h <= n:
        raise Illegal(f"heights go from {height_names(n)}, not {t}")
    return h


def index(text: str, n: int, what: str) -> int:
    """A row or column number as typed, 1..n."""
    if not (text.isascii() and text.isdigit()):
        raise Illegal(f"{what}s go from 1 to {n}, not {text!r}")
    return int(text)


def cell_move(line: str, n: int) -> tuple[int, int, int] | None:
    """(r, c, h) of a move written ``R3C3=2``, else None (the line is some other command)."""
    m = _CELL_MOVE.match(line.strip())
    if not m:
        return None
    return int(m.group(1)), int(m.group(2)), height(m.group(3), n)


def place(args: list[str], n: int) -> tuple[int, int, int]:
    """(r, c, h) of ``r c h``."""
    if len(args) != 3:
        raise Illegal(f"type {PLACE_USAGE}")
    return index(args[0], n, "row"), index(args[1], n, "column"), height(args[2], n)


def marks(words: list[str], n: int) -> list[int]:
    """The heights of a mark command's words (see the module's doc)."""
    out = []
    for word in words:
        for part in (p for p in re.split(r"[,;]", word) if p):
            if n >= 10 and part.isascii() and part.isdigit() and 10 <= int(part) <= n:
                out.append(int(part))
            else:
                out.extend(height(ch, n) for ch in part)
    if not out:
        raise Illegal("which heights? e.g. mark 2 3 14")
    return out
