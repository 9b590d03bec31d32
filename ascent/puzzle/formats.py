"""Readers and writers for every puzzle format. ``Puzzle.from_*`` / ``to_*`` are thin wrappers.

    record   {"url", "cells", "clues": {"upper", "lower", "left", "right"}}  (brainbashers / ascendant)
    clues    4N clockwise clues (Codewars): top L->R, right T->B, bottom R->L, left B->T;
             "2 2 1 3 ...", "2,2,1,3,..." or a pasted array "[2, 2, 1, 3, ...]"
    keys     top, bottom, left, right as one digit each, plus a row-major state with '-' for empty
    tatham   Simon Tatham's Towers game id: "N:c/c/.../c[,givens]"
    puzzlink a puzz.link URL, https://puzz.link/p?skyscrapers/N/N/... (ascent.puzzle.puzzlink)

Positions in messages count from 1, as cells do (R1C1). Digits must be ASCII 0-9: a fullwidth
or Arabic-Indic digit is refused and named, never read as a number by accident.
"""

from __future__ import annotations

import json
import re
from typing import Any, Sequence

from . import (MAX_CHAR_SIZE, MAX_SIZE, MIN_SIZE, SIDES, ClueError, FormatError, LengthError, Puzzle,
                     SizeError, Source, _is_int, date_from_url)

NAMES = ("record", "clues", "keys", "tatham", "puzzlink")


def _digit(ch: str) -> bool:
    return "0" <= ch <= "9"


def why_not_number(tok: str) -> str | None:
    """Why ``tok`` is not a whole number in ASCII digits ("negative", ...), or None when it is one."""
    if tok and all(_digit(ch) for ch in tok):
        return None
    if tok.startswith("-") and tok[1:] and all(_digit(ch) for ch in tok[1:]):
        return "negative"
    if any(ch.isdigit() for ch in tok):
        return "not written in ASCII digits 0-9"
    return "not a number"


def numbers(text: str, what: str) -> list[int]:
    """Whole numbers separated by spaces, commas or semicolons; a pasted [ ... ] array is fine too."""
    body = text.strip()
    if body.startswith("[") and body.endswith("]"):
        body = body[1:-1]
    out = []
    for i, tok in enumerate(t for t in re.split(r"[\s,;]+", body.strip()) if t):
        problem = why_not_number(tok)
        if problem:
            raise FormatError(f"{what} {i + 1} is {tok!r}: {problem}")
        if len(tok) > 9:  # never a clue; and Python will not read a number of thousands of digits
            raise ClueError(f"{what} {i + 1} is {tok[:9]}... ({len(tok)} digits): far too large")
        out.append(int(tok))
    return out


# ---------------------------------------------------------------------- record
def json_kind(value: Any) -> str:
    """What a JSON value is, in JSON's own words: null, true, a number, a string, a list, an object."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value}" if len(repr(value)) <= 20 else "a number"
    if isinstance(value, str):
        return f"the string {value!r}" if len(value) <= 20 else "a string"
    return "a list" if isinstance(value, list) else "an object"


def from_record(record: Any, label: str | None = None) -> Puzzle:
    """Read ``{url?, date?, cells?, clues: {upper, lower, left, right}}``. The size comes from the clue
    lists' lengths and is checked (3..12, the four alike, ``cells`` n rows of n) before anything n x n
    is built: a record of a million clues is one line, not a grid of a million squared."""
    if not isinstance(record, dict):
        raise FormatError(f"holds {json_kind(record)}, not a puzzle record (a JSON object with clues)")
    clues = record.get("clues")
    if not isinstance(clues, dict):
        raise FormatError("record has no 'clues' object with upper, lower, left and right")
    for side in SIDES:
        if not isinstance(clues.get(side), list):
            raise FormatError(f"record clues.{side} is missing or not a list")
    n = len(clues["upper"])
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise SizeError(f"record clues.upper has {n} entries: the size must be {MIN_SIZE}..{MAX_SIZE}")
    for side in SIDES:
        if len(clues[side]) != n:
            raise LengthError(f"clues {side} has {len(clues[side])} entries, but a {n}x{n} puzzle needs {n}")
    cells = record.get("cells")
    if cells is None:
        cells = [[0] * n for _ in range(n)]
    if not isinstance(cells, list) or not all(isinstance(row, list) for row in cells):
        raise FormatError("record 'cells' must be a list of rows")
    if len(cells) != n:
        raise LengthError(f"cells has {len(cells)} rows, but a {n}x{n} puzzle needs {n}")
    for r, row in enumerate(cells):
        if len(row) != n:
            raise LengthError(f"cells row {r + 1} has {len(row)} entries, but needs {n}")
    url = record.get("url") if isinstance(record.get("url"), str) else None
    date = record.get("date") if isinstance(record.get("date"), str) else date_from_url(url)
    return Puzzle(size=n, upper=tuple(clues["upper"]), lower=tuple(clues["lower"]), left=tuple(clues["left"]),
                  right=tuple(clues["right"]), givens=tuple(tuple(row) for row in cells),
                  source=Source(url=url, date=date, label=label))


def to_record(puzzle: Puzzle) -> dict[str, Any]:
    rec: dict[str, Any] = {}
    s = puzzle.source
    if s and s.url:
        rec["url"] = s.url
    elif s and s.date:
        rec["date"] = s.date
    rec["cells"] = [list(row) for row in puzzle.givens]
    rec["clues"] = {side: list(getattr(puzzle, side)) for side in SIDES}
    return rec


# ---------------------------------------------------------------------- clockwise clues
def from_clues(clues: Sequence[int] | str) -> Puzzle:
    """Codewars order: top L->R, right T->B, bottom R->L, left B->T (4N numbers, 0 = none)."""
    if isinstance(clues, str):
        clues = numbers(clues, "clockwise clue")
    clues = list(clues)
    if len(clues) % 4 or not clues:
        raise LengthError(f"clockwise clues need 4N numbers, got {len(clues)}")
    n = len(clues) // 4
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise SizeError(f"{len(clues)} clockwise clues make a {n}x{n} puzzle, but the size must be {MIN_SIZE}..{MAX_SIZE}")
    for i, c in enumerate(clues):
        if not _is_int(c):
            raise ClueError(f"clockwise clue {i + 1} is {c!r}, not a whole number")
        if c < 0:
            raise ClueError(f"clockwise clue {i + 1} is {c}: negative, but a {n}x{n} clue must be 0..{n}")
        if c > n:
            raise ClueError(f"clockwise clue {i + 1} is {c}, but a {n}x{n} clue must be 0..{n}")
    return Puzzle(size=n, upper=tuple(clues[0:n]), right=tuple(clues[n:2 * n]),
                  lower=tuple(reversed(clues[2 * n:3 * n])), left=tuple(reversed(clues[3 * n:4 * n])))


def to_clues(puzzle: Puzzle) -> tuple[int, ...]:
    return puzzle.upper + puzzle.right + tuple(reversed(puzzle.lower)) + tuple(reversed(puzzle.left))


# ---------------------------------------------------------------------- keys + state
def from_keys(keys: str, state: str | None = None, size: int | None = None) -> Puzzle:
    """Keys: top, bottom, left, right, one digit per clue. State: row-major, '-' (or '0', '.') for empty."""
    keys = keys.strip()
    if len(keys) % 4 or not keys:
        raise LengthError(f"keys has {len(keys)} characters, but needs 4N (top, bottom, left, right)")
    n = len(keys) // 4
    if size is not None and size != n:
        raise LengthError(f"keys has {len(keys)} characters, but size {size} needs {4 * size}")
    if not MIN_SIZE <= n <= MAX_CHAR_SIZE:
        raise SizeError(f"keys make a {n}x{n} puzzle, but this format works for sizes {MIN_SIZE}..{MAX_CHAR_SIZE}")
    vals = []
    for i, ch in enumerate(keys):
        if not _digit(ch):
            raise FormatError(f"keys position {i + 1} is {ch!r}: {'not an ASCII digit 0-9' if ch.isdigit() else 'not a digit'}")
        vals.append(int(ch))
    givens: list[tuple[int, ...]] = []
    if state is not None:
        state = state.strip()
        if len(state) != n * n:
            raise LengthError(f"state has {len(state)} characters, but a {n}x{n} puzzle needs {n * n}")
        cells = []
        for i, ch in enumerate(state):
            if ch in "-.0":
                cells.append(0)
            elif _digit(ch):
                cells.append(int(ch))
            else:
                kind = "not an ASCII digit 0-9" if ch.isdigit() else "use a digit or '-'"
                raise FormatError(f"state position {i + 1} (R{i // n + 1}C{i % n + 1}) is {ch!r}: {kind}")
        givens = [tuple(cells[r * n:(r + 1) * n]) for r in range(n)]
    try:
        return Puzzle(n, tuple(vals[0:n]), tuple(vals[n:2 * n]), tuple(vals[2 * n:3 * n]), tuple(vals[3 * n:]), tuple(givens))
    except ClueError as e:
        raise ClueError(f"keys: {e}") from None


def to_keys(puzzle: Puzzle) -> tuple[str, str | None]:
    if puzzle.size > MAX_CHAR_SIZE:
        raise SizeError(f"the keys format stops at {MAX_CHAR_SIZE}x{MAX_CHAR_SIZE}; this puzzle is {puzzle.size}x{puzzle.size}")
    keys = "".join(str(c) for side in SIDES for c in getattr(puzzle, side))
    state = "".join(str(v) if v else "-" for row in puzzle.givens for v in row) if puzzle.has_givens else None
    return keys, state


# ---------------------------------------------------------------------- Tatham
def from_tatham(game_id: str) -> Puzzle:
    """``N:top/bottom/left/right clues joined by '/', empty = none[,givens]``.

    Givens are run-length: a-z are runs of 1-26 empty cells, numbers are givens, '_' separates
    two adjacent givens.
    """
    game_id = game_id.strip()
    head, sep, rest = game_id.partition(":")
    if not sep or not head or not all(_digit(ch) for ch in head):
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
        elif all(_digit(ch) for ch in p):
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
        elif _digit(ch):
            if last_was_number:
                raise FormatError(f"Tatham givens position {i + 1}: two givens must be separated by '_'")
            j = i
            while j < len(grid_text) and _digit(grid_text[j]):
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
    return Puzzle(n, tuple(vals[0:n]), tuple(vals[n:2 * n]), tuple(vals[2 * n:3 * n]), tuple(vals[3 * n:]), givens)


def to_tatham(puzzle: Puzzle) -> str:
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


# ---------------------------------------------------------------------- any format as text
def write(puzzle: Puzzle, fmt: str) -> str:
    """The puzzle in one format, as the text a person pastes (``ascent convert``)."""
    if fmt == "record":
        return json.dumps(to_record(puzzle))
    if fmt == "clues":
        if puzzle.has_givens:
            raise FormatError("clockwise clues cannot carry givens; this puzzle has some: use keys, tatham or record")
        return " ".join(map(str, to_clues(puzzle)))
    if fmt == "keys":
        keys, state = to_keys(puzzle)
        return keys if state is None else f"{keys} {state}"
    if fmt == "tatham":
        return to_tatham(puzzle)
    if fmt == "puzzlink":
        from . import puzzlink

        return puzzlink.write(puzzle)
    raise FormatError(f"unknown format {fmt!r}; known: {', '.join(NAMES)}")
