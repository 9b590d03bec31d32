"""The record format: ``{"url"?, "date"?, "cells"?, "clues": {"upper", "lower", "left", "right"}}`` as JSON
(brainbashers, ascendant, and what ``ascent generate`` prints a line each)."""

from __future__ import annotations

import json
from typing import Any

from .parts import (MAX_SIZE, MIN_SIZE, SIDES, Fields, FormatError, LengthError, SizeError, Source, Stated,
                    date_from_url, json_kind)


def looks(text: str) -> bool:
    return text.strip().startswith("{")


def read(text: str) -> Fields:
    """One record written as JSON."""
    try:
        record: Any = json.loads(text)
    except json.JSONDecodeError as e:
        raise FormatError(f"not valid JSON (column {e.colno}): {e.msg}") from None
    return fields(record)


def fields(record: Any, label: str | None = None) -> Fields:
    """The fields of ``{url?, date?, cells?, clues: {upper, lower, left, right}}``. The size comes from the
    clue lists' lengths and is checked (3..12, the four alike, ``cells`` n rows of n) before anything n x n
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
    return {"size": n, **{side: tuple(clues[side]) for side in SIDES}, "givens": tuple(tuple(row) for row in cells),
            "source": Source(url=url, date=date, label=label)}


def to_record(puzzle: Stated) -> dict[str, Any]:
    rec: dict[str, Any] = {}
    s = puzzle.source
    if s and s.url:
        rec["url"] = s.url
    elif s and s.date:
        rec["date"] = s.date
    rec["cells"] = [list(row) for row in puzzle.givens]
    rec["clues"] = {side: list(getattr(puzzle, side)) for side in SIDES}
    return rec


def write(puzzle: Stated) -> str:
    return json.dumps(to_record(puzzle))
