"""Simon Tatham's Towers game id: ``N:top/bottom/left/right clues joined by '/', empty = none[,givens]``.

Givens are run-length: a-z are runs of 1-26 empty cells, numbers are givens, '_' separates two adjacent
givens.
"""

from __future__ import annotations

import re

from .parts import (MAX_SIZE, MIN_SIZE, SIDES, ClueError, Fields, FormatError, LengthError, SizeError, Stated, digit,
                    sides, why_not_number)

_TATHAM = re.compile(r"^\d+:")


def looks(text: str) -> bool:
    return bool(_TATHAM.match(text.strip()))


def read(game_id: str) -> Fields:
    game_id = game_id.strip()
    head, sep, rest = game_id.partition(":")
    if not sep or not head or not all(digit(ch) for ch in head):
        raise FormatError(f"Tatham game id {game_id!r} must start with the size and a colon, as in '6:...'")
    n = int(head) if len(head) <= 9 else MAX_SIZE + 1
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise SizeError(f"Tatham game id size is {n if len(head) <= 9 else head[:9] + '...'}, but it must be {MIN_SIZE}..{MAX_SIZE}")
    clue_text, _, grid_text = rest.partition(",")
    parts = clue_text.split("/")
    if len(parts) != 4 * n:
        raise LengthError(f"Tatham game id has {len(parts)} clue{'s' if len(parts) != 1 else ''}, "
                          f"but a {n}x{n} puzzle needs {4 * n}")
    vals = []
    for i, p in enumerate(parts):
        if p == "":
            vals.append(0)
        elif all(digit(ch) for ch in p):
            if len(p) > 9:
                raise ClueError(f"Tatham clue {i + 1} is {p[:9]}... ({len(p)} digits): far too large")
            vals.append(int(p))
        else:
            raise FormatError(f"Tatham clue {i + 1} is {p!r}: {why_not_number(p)}")
    cells: list[int] = []
    i = 0
    last_was_number = False
    while i < len(grid_text):
        ch = grid_text[i]
        if "a" <= ch <= "z":
            cells.extend([0] * (ord(ch) - ord("a") + 1))
            if len(cells) > n * n:
                raise LengthError(f"Tatham givens describe more than {n * n} cells, but a {n}x{n} puzzle has {n * n}")
            last_was_number = False
            i += 1
        elif digit(ch):
            if last_was_number:
                raise FormatError(f"Tatham givens position {i + 1}: two givens must be separated by '_'")
            j = i
            while j < len(grid_text) and digit(grid_text[j]):
                j += 1
            if j - i > 9:
                raise FormatError(f"Tatham givens position {i + 1}: {grid_text[i:j][:10]!r} is not a height 1..{n}")
            cells.append(int(grid_text[i:j]))
            last_was_number = True
            i = j
        elif ch == "_":
            last_was_number = False
            i += 1
        else:
            raise FormatError(f"Tatham givens position {i + 1} is {ch!r}: use a-z, ASCII digits or '_'")
    givens: tuple[tuple[int, ...], ...] = ()
    if grid_text:
        if len(cells) != n * n:
            raise LengthError(f"Tatham givens describe {len(cells)} cells, but a {n}x{n} puzzle has {n * n}")
        givens = tuple(tuple(cells[r * n:(r + 1) * n]) for r in range(n))
    return {**sides(n, vals), "givens": givens}


def write(puzzle: Stated) -> str:
    clues = "/".join(str(c) if c else "" for side in SIDES for c in getattr(puzzle, side))
    text = f"{puzzle.size}:{clues}"
    if not puzzle.has_givens:
        return text
    out = []
    run = 0
    prev_number = False

    def flush_run() -> None:
        nonlocal run
        while run:
            k = min(run, 26)
            out.append(chr(ord("a") + k - 1))
            run -= k

    for v in (v for row in puzzle.givens for v in row):
        if v == 0:
            run += 1
            continue
        if run:
            flush_run()
            prev_number = False
        if prev_number:
            out.append("_")
        out.append(str(v))
        prev_number = True
    flush_run()
    return text + "," + "".join(out)
