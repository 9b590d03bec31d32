"""puzz.link (pzprjs) URLs for Skyscrapers: ``https://puzz.link/p?skyscrapers/N/N/BODY``.

The layout, as pzprjs writes it (``src/variety/skyscrapers.js`` with ``src/variety-common/Encode.js``):

    skyscrapers/COLS/ROWS/BODY      also named ``building`` or ``skyscraper``; hosts puzz.link, pzv.jp
    BODY = the clues, then the givens (only when there are any), back to back
    clues in the order top (left to right), bottom, left (top to bottom), right
    givens row by row
    a number: one hex digit 0-f, or '-' and two hex digits; '.' is a "?" (a number not shown)
    g..z: skip 1..20 empty places

A "?" clue or given says nothing a missing one does not (some number is there), so it reads as none.
This module is our own code, written from that description; ``write`` matches pzprjs's encoder
character for character.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

from .parts import MAX_SIZE, MIN_SIZE, Fields, FormatError, LengthError, SizeError, Source, Stated, sides

HOST = "https://puzz.link/p?"
NAMES = ("skyscrapers", "building", "skyscraper")  # pzprjs's id and its two aliases
_HOSTS = ("puzz.link", "pzv.jp", "pzprxs.vercel.app")
_SKIP = "ghijklmnopqrstuvwxyz"  # g = 1 empty place ... z = 20


def looks(text: str) -> bool:
    """Is ``text`` a puzz.link / pzv.jp address (of any puzzle type)?"""
    t = text.strip().lower()
    return any(f"{h}/" in t for h in _HOSTS) and "?" in t


def body_of(url: str) -> tuple[int, int, str]:
    """(cols, rows, body) of a Skyscrapers URL; FormatError naming what is wrong otherwise."""
    text = unquote(url.strip())
    if "?" not in text:
        raise FormatError(f"{url!r} is not a puzz.link address: no '?' before the puzzle")
    query = text.split("?", 1)[1].split("#", 1)[0]
    while re.match(r"^\w+=\w+&", query):  # pzprjs's type=player& and the like
        query = query.split("&", 1)[1]
    parts = query.split("/")
    kind = re.sub(r"_(edit|play)$", "", parts[0])
    if kind not in NAMES:
        raise FormatError(f"{url!r} is a puzz.link {kind or 'address'} puzzle, not Skyscrapers "
                          f"(the address must start {HOST}skyscrapers/)")
    rest = parts[1:]
    if rest and rest[0].startswith("v:"):
        rest = rest[1:]
    if len(rest) < 2 or not rest[0].isascii() or not rest[0].isdigit() or not rest[1].isascii() or not rest[1].isdigit():
        raise FormatError(f"{url!r}: after '{parts[0]}/' must come the columns and rows, as in skyscrapers/5/5/...")
    cols, rows = int(rest[0]), int(rest[1])
    return cols, rows, "/".join(rest[2:])


def _read(body: str, at: int, count: int, what: str) -> tuple[list[int], int]:
    """``count`` numbers (0 = none) read from ``body`` at ``at``; and where the reading stopped."""
    out: list[int] = []
    i = at
    while i < len(body) and len(out) < count:
        ch = body[i]
        if ch in "0123456789abcdef":
            out.append(int(ch, 16))
            i += 1
        elif ch == "-":
            digits = body[i + 1:i + 3]
            if len(digits) != 2 or any(d not in "0123456789abcdef" for d in digits):
                raise FormatError(f"puzz.link {what} at character {i + 1}: '-' must be followed by two hex digits")
            out.append(int(digits, 16))
            i += 3
        elif ch == ".":
            out.append(0)
            i += 1
        elif ch in _SKIP:
            out.extend([0] * (_SKIP.index(ch) + 1))
            i += 1
        else:
            raise FormatError(f"puzz.link {what} at character {i + 1} is {ch!r}: use 0-9, a-f, '-', '.' or g-z")
    return out, i


def read(url: str) -> Fields:
    """The puzzle of a puzz.link Skyscrapers URL (any of its names and hosts), as fields."""
    cols, rows, body = body_of(url)
    if cols != rows:
        raise SizeError(f"the puzz.link puzzle is {cols}x{rows}: a Skyscrapers grid must be square")
    n = cols
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise SizeError(f"the puzz.link puzzle is {n}x{n}, but the size must be {MIN_SIZE}..{MAX_SIZE}")
    clues, at = _read(body, 0, 4 * n, "clues")
    if len(clues) < 4 * n:
        raise LengthError(f"the puzz.link address holds {len(clues)} clue places, but a {n}x{n} puzzle has {4 * n}")
    if len(clues) > 4 * n:
        raise LengthError(f"the puzz.link clues skip past the {4 * n} clue places of a {n}x{n} puzzle")
    givens: tuple[tuple[int, ...], ...] = ()
    if at < len(body):
        cells, end = _read(body, at, n * n, "givens")
        if len(cells) != n * n or end != len(body):
            raise LengthError(f"the puzz.link givens describe {len(cells) if end == len(body) else 'more than'} "
                              f"{'' if end == len(body) else str(n * n) + ' '}cells, but a {n}x{n} puzzle has {n * n}")
        givens = tuple(tuple(cells[r * n:(r + 1) * n]) for r in range(n))
    url = url.strip()
    return {**sides(n, clues), "givens": givens, "source": Source(url=url if "://" in url else "https://" + url)}


def _encode(values) -> str:
    """pzprjs's genericEncodeNumber16: numbers as hex (or '-xx'), runs of empty places as g..z."""
    out = []
    run = 0
    for v in values:
        text = "" if not v else (format(v, "x") if v < 16 else "-" + format(v, "02x"))
        if not text:
            run += 1
        if run and (text or run == 20):
            out.append(_SKIP[run - 1])
            run = 0
        out.append(text)
    if run:
        out.append(_SKIP[run - 1])
    return "".join(out)


def write(puzzle: Stated) -> str:
    """The canonical puzz.link URL: what pzprjs itself writes for this puzzle."""
    n = puzzle.size
    body = _encode(puzzle.upper + puzzle.lower + puzzle.left + puzzle.right)
    if puzzle.has_givens:
        body += _encode(v for row in puzzle.givens for v in row)
    return f"{HOST}skyscrapers/{n}/{n}/{body}"
