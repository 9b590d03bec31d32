"""One puzzle a line, in any text format ascent writes: what ``--file`` reads when the file is not JSON.

    {"clues": ...}                       a JSON record (JSON lines, as 'ascent generate' prints)
    5:2//3/...[,givens]                  a Tatham game id
    https://puzz.link/p?skyscrapers/...  a puzz.link / pzv.jp address (or a brainbashers page)
    02032000000020100100 [--1--3...]     keys, and the givens when there are any
    2 2 1 3 ...  /  2,2,1,3,...          clockwise clues

Blank lines and lines starting with '#' are skipped. Which format a line is in is told by its shape,
never by trying one reader after another: a line that fits a format and is wrong says what is wrong
in that format's words.
"""

from __future__ import annotations

import json
import re
from typing import Any, Optional

from . import formats
from . import FormatError, Puzzle

_TATHAM = re.compile(r"^\d+:")
_URL = re.compile(r"^[A-Za-z][\w+.-]*://")
_KEYS = re.compile(r"^\d+(\s+[-.0-9]+)?$")


def kind(line: str) -> Optional[str]:
    """Which format ``line`` is written in: record, url, tatham, keys or clues; None for none of them."""
    text = line.strip()
    if text.startswith("{"):
        return "record"
    if _URL.match(text) or text.startswith(("puzz.link/", "pzv.jp/")):
        return "url"
    if _TATHAM.match(text):
        return "tatham"
    if _KEYS.match(text) and (" " in text or len(text) % 4 == 0 and len(text) >= 12):
        return "keys"
    if re.fullmatch(r"\[?[\s\d,;-]+\]?", text) and re.search(r"\d", text):
        return "clues"
    return None


def read(line: str) -> Puzzle:
    """The puzzle on one line; FormatError when the line is in no format ascent reads."""
    text = line.strip()
    what = kind(text)
    if what == "record":
        try:
            record: Any = json.loads(text)
        except json.JSONDecodeError as e:
            raise FormatError(f"not valid JSON (column {e.colno}): {e.msg}") from None
        return formats.from_record(record)
    if what == "url":
        from ..store import urls as links

        return links.read(text if _URL.match(text) else "https://" + text)
    if what == "tatham":
        return formats.from_tatham(text)
    if what == "keys":
        keys, _, state = text.partition(" ")
        return formats.from_keys(keys, state.strip() or None)
    if what == "clues":
        return formats.from_clues(text)
    raise FormatError(unknown(text))


def unknown(line: str) -> str:
    """What to say of a line in no format ascent reads."""
    text = line.strip()
    shown = text if len(text) <= 40 else text[:37] + "..."
    return (f"{shown!r} is in no puzzle format ascent reads (a JSON record, Tatham id, puzz.link URL, keys "
            "or clockwise clues)")


def skipped(line: str) -> bool:
    """A blank line, or a comment starting with '#'."""
    text = line.strip()
    return not text or text.startswith("#")
