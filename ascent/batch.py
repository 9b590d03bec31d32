"""Solving many puzzles: one worker function (process-pool friendly) and the per-set summary."""

from __future__ import annotations

import statistics
from typing import Any

from .engine import TIER, solve
from .puzzle import Puzzle, PuzzleError
from .trace import SOLVED

WRONG, INVALID = "wrong", "invalid"


def solve_entry(item: tuple[int, str, str, dict[str, Any], bool, tuple[str, ...] | None]) -> dict[str, Any]:
    """Solve one store record; never raises for bad data (status 'invalid' says why)."""
    size, label, ident, record, logic_only, techniques = item
    out: dict[str, Any] = {"size": size, "diff": label, "id": ident}
    try:
        puzzle = Puzzle.from_record(record, label)
        if puzzle.size != size:
            raise PuzzleError(f"record is {puzzle.size}x{puzzle.size} in the {size}x{size} file")
    except PuzzleError as e:
        out.update(status=INVALID, grade=None, steps=0, seconds=0.0, solution=None, backtracked=False, message=str(e))
        return out
    result = solve(puzzle, logic_only=logic_only, techniques=techniques)
    status, message = result.status, result.message
    truth = record.get("solution")
    if status == SOLVED and truth is not None and [list(r) for r in result.solution] != truth:
        status, message = WRONG, "the engine's answer differs from the record's solution"
    out.update(
        status=status,
        grade=result.grade,
        steps=result.step_count,
        seconds=round(result.seconds, 6),
        solution=[list(r) for r in result.solution] if result.solution else None,
        backtracked=result.backtracked,
        message=message,
    )
    if status != SOLVED:
        out["masks"] = list(result.masks)
    return out


def summarize(puzzles: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per (size, diff), in the order the sets first appear."""
    sets: dict[tuple[int, str], list[dict[str, Any]]] = {}
    for p in puzzles:
        sets.setdefault((p["size"], p["diff"]), []).append(p)
    rows = []
    for (size, diff), items in sets.items():
        grades: dict[str, int] = {}
        for p in items:
            if p["status"] == SOLVED and p["grade"]:
                grades[p["grade"]] = grades.get(p["grade"], 0) + 1
        times = [p["seconds"] for p in items]
        rows.append({
            "size": size,
            "diff": diff,
            "total": len(items),
            "solved_logic": sum(1 for p in items if p["status"] == SOLVED and not p["backtracked"]),
            "solved_backtrack": sum(1 for p in items if p["status"] == SOLVED and p["backtracked"]),
            "unsolved": sum(1 for p in items if p["status"] != SOLVED),
            "seconds": round(sum(times), 4),
            "median_ms": round(statistics.median(times) * 1000, 3) if times else 0.0,
            "grades": dict(sorted(grades.items(), key=lambda kv: TIER.get(kv[0], 99))),
        })
    return rows
