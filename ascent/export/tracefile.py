"""Read a saved trace (``ascent solve --json``) back into a Result, to draw it again.

The trace is ``Result.to_dict()``: its ``format`` (TRACE_FORMAT), the puzzle as a record under
``"puzzle"``, the status, grade and counts, and the passes with their steps (cells as ``R2C3``,
lanes as ``{kind, index, side}``, eliminated heights as lists, placements as heights, premises,
and for forcing its chain and contradiction, or its branches). A trace of an older format is
refused with one line that says so. Anything malformed raises TraceError naming the field, never
a traceback.
"""

from __future__ import annotations

from typing import Any

from ..puzzle import Puzzle, PuzzleError
from ..solver.engine import TIER
from ..solver.grade import level_of, score_of
from ..model.grid import lines_of
from ..model.trace import TRACE_FORMAT, Pass, Result, Step, TraceError, read_height, read_text  # noqa: F401 (TraceError: re-exported)


def result_from_dict(data: Any) -> Result:
    """The Result a trace describes. Its final grid is left for the view to replay (masks = ())."""
    if not isinstance(data, dict):
        raise TraceError("a trace must be a JSON object")
    if "puzzle" not in data or data.get("format") != TRACE_FORMAT:
        raise TraceError(f"the trace is not of format {TRACE_FORMAT} (saved by an older ascent?): "
                         "save it again with 'ascent solve --json'")
    try:
        puzzle = Puzzle.from_record(data["puzzle"])
    except PuzzleError as e:
        raise TraceError(f"puzzle: {e}") from None
    n = puzzle.size
    lines = lines_of(puzzle)
    status = read_text(data.get("status"), "status")
    grade = read_text(data.get("grade"), "grade", optional=True)
    counts = data.get("counts", {})
    if not isinstance(counts, dict) or not all(isinstance(k, str) and isinstance(v, int) for k, v in counts.items()):
        raise TraceError("counts must map technique names to numbers")
    raw_passes = data.get("passes")
    if not isinstance(raw_passes, list):
        raise TraceError("passes must be a list")
    passes = []
    for k, p in enumerate(raw_passes):
        if not isinstance(p, dict) or not isinstance(p.get("steps"), list):
            raise TraceError(f"passes[{k}] must be an object with a list of steps")
        number = p.get("number", k + 1)
        if not isinstance(number, int) or isinstance(number, bool):
            raise TraceError(f"passes[{k}].number must be a whole number")
        kind = read_text(p.get("kind", "logic"), f"passes[{k}].kind")
        steps = [Step.from_dict(s, lines, f"passes[{k}].steps[{j}]") for j, s in enumerate(p["steps"])]
        passes.append(Pass(number, kind, steps))
    solution = data.get("solution")
    rows = None
    if solution is not None:
        if (not isinstance(solution, list) or len(solution) != n
                or not all(isinstance(r, list) and len(r) == n for r in solution)):
            raise TraceError(f"solution must be {n} rows of {n} heights")
        rows = tuple(tuple(read_height(h, n, "solution") for h in r) for r in solution)
    solutions = data.get("solutions") or []
    if (not isinstance(solutions, list) or not all(isinstance(sol, list) and len(sol) == n and
                                                   all(isinstance(r, list) and len(r) == n for r in sol) for sol in solutions)):
        raise TraceError(f"solutions must be a list of grids of {n} rows of {n} heights")
    solutions = [tuple(tuple(read_height(h, n, "solutions") for h in r) for r in sol) for sol in solutions]
    seconds = data.get("seconds", 0.0)
    message = data.get("message", "")
    result = Result(puzzle=puzzle, status=status, passes=passes, grade=grade, counts=dict(counts),
                    backtracked=bool(data.get("backtracked", False)), masks=(), solution=rows,
                    message=message if isinstance(message, str) else "",
                    seconds=float(seconds) if isinstance(seconds, (int, float)) and not isinstance(seconds, bool) else 0.0,
                    solutions=solutions)
    if all(s.technique in TIER for s in result.steps):  # a trace from elsewhere may name techniques we lack
        result.score, result.level = score_of(result), level_of(result)
    return result
