"""The puzzle in every input format ascent reads, so a shared solve can be pasted into another solver."""

from __future__ import annotations

import json

from ..puzzle import Puzzle, PuzzleError


def formats(puzzle: Puzzle) -> list[tuple[str, str]]:
    """(name, text) for the record JSON, the clockwise clues, keys (+ state) and the Tatham game id.

    A format that cannot hold the puzzle (keys stop at 9x9) says so instead of being left out silently.
    """
    out = [("record JSON", json.dumps(puzzle.to_record(), separators=(", ", ": "))),
           ("clockwise clues", " ".join(str(c) for c in puzzle.to_clues()))]
    try:
        keys, state = puzzle.to_keys()
        out.append(("keys", keys))
        if state:
            out.append(("state", state))
    except PuzzleError as e:
        out.append(("keys", f"(not available: {e})"))
    out.append(("Tatham game id", puzzle.to_tatham()))
    return out
