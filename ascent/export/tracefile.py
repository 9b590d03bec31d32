"""Read a saved trace (``ascent solve --json``) back into a Result, to draw it again.

The trace is ``Result.to_dict()``: its ``format`` (TRACE_FORMAT), the puzzle as a record under
``"puzzle"``, the status, grade and counts, and the passes with their steps (cells as ``R2C3``,
lanes as ``{kind, index, side}``, eliminated heights as lists, placements as heights, premises,
and for forcing its chain and contradiction, or its branches). A trace of an older format is
refused with one line that says so. Anything malformed raises TraceError naming the field, never
a traceback.
"""

from __future__ import annotations

import re
from typing import Any

from ..model import cands
from ..puzzle import Puzzle, PuzzleError
from ..solver.engine import TIER
from ..solver.grade import level_of, score_of
from ..model.grid import Conflict, Lane, Line, lines_of, place_of
from ..model.trace import TRACE_FORMAT, Pass, Result, Step


class TraceError(ValueError):
    """A saved trace that cannot be read; the message names the field at fault."""


_CELL = re.compile(r"^R(\d+)C(\d+)$")


def _cell(name: Any, n: int, where: str) -> int:
    m = _CELL.match(name) if isinstance(name, str) else None
    if not m or not (1 <= int(m.group(1)) <= n and 1 <= int(m.group(2)) <= n):
        raise TraceError(f"{where}: {name!r} is not a cell of a {n}x{n} grid (R1C1..R{n}C{n})")
    return (int(m.group(1)) - 1) * n + int(m.group(2)) - 1


def _height(d: Any, n: int, where: str) -> int:
    if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= n:
        raise TraceError(f"{where}: {d!r} is not a height 1..{n}")
    return d


def _text(x: Any, where: str, optional: bool = False) -> str | None:
    if x is None and optional:
        return None
    if not isinstance(x, str):
        raise TraceError(f"{where} must be text, not {type(x).__name__}")
    return x


_SIDES = {"row": (None, "left", "right"), "column": (None, "upper", "lower")}


def _lane(d: Any, lines: tuple[Line, ...], where: str) -> Lane | Line | None:
    if d is None:
        return None
    if not isinstance(d, dict):
        raise TraceError(f"{where} must be an object {{kind, index, side}} or null")
    kind, index, side, n = d.get("kind"), d.get("index"), d.get("side"), len(lines) // 2
    if kind not in _SIDES:
        raise TraceError(f"{where}.kind: {kind!r} is not 'row' or 'column'")
    if not isinstance(index, int) or isinstance(index, bool) or not 1 <= index <= n:
        raise TraceError(f"{where}.index: {index!r} is not a {kind} 1..{n}")
    if side not in _SIDES[kind]:
        raise TraceError(f"{where}.side: {side!r} is not a side of a {kind} ({', '.join(map(str, _SIDES[kind]))})")
    return place_of(lines, kind, index - 1, side)


def _cells(x: Any, n: int, where: str) -> tuple[int, ...]:
    if not isinstance(x, list):
        raise TraceError(f"{where} must be a list of cells")
    return tuple(_cell(c, n, where) for c in x)


def _conflict(d: Any, lines: tuple[Line, ...], where: str) -> Conflict | None:
    if d is None:
        return None
    if not isinstance(d, dict):
        raise TraceError(f"{where} must be an object {{cells, lane, height, why}}")
    height, n = d.get("height"), len(lines) // 2
    if height is not None:
        _height(height, n, f"{where}.height")
    return Conflict(_text(d.get("why"), f"{where}.why"), _cells(d.get("cells", []), n, f"{where}.cells"),
                    _lane(d.get("lane"), lines, f"{where}.lane"), height)


def _links(x: Any, lines: tuple[Line, ...], where: str) -> tuple[Step, ...]:
    if not isinstance(x, list):
        raise TraceError(f"{where} must be a list of steps")
    return tuple(step_from_dict(s, lines, f"{where}[{k}]") for k, s in enumerate(x))


def step_from_dict(d: Any, lines: tuple[Line, ...], where: str) -> Step:
    """A step of a trace; ``lines`` are the puzzle's (``lines_of``), so a lane carries its clue."""
    n = len(lines) // 2
    if not isinstance(d, dict):
        raise TraceError(f"{where} must be an object")
    technique = _text(d.get("technique"), f"{where}.technique")
    reason = _text(d.get("reason"), f"{where}.reason")
    lane = _lane(d.get("lane"), lines, f"{where}.lane")
    clue = d.get("clue")
    if clue is not None and (not isinstance(clue, int) or isinstance(clue, bool) or not 0 <= clue <= n):
        raise TraceError(f"{where}.clue: {clue!r} is not a clue 0..{n}")
    cells = d.get("cells", [])
    eliminated = d.get("eliminated", {})
    placed = d.get("placed", {})
    if not isinstance(cells, list):
        raise TraceError(f"{where}.cells must be a list")
    if not isinstance(eliminated, dict) or not isinstance(placed, dict):
        raise TraceError(f"{where}.eliminated and .placed must be objects")
    elims = _marks(eliminated, n, f"{where}.eliminated")
    crossed = _marks(d.get("crossed", {}), n, f"{where}.crossed")
    if any(m & ~dict(elims).get(c, 0) for c, m in crossed):
        raise TraceError(f"{where}.crossed must be among its eliminations")
    places = tuple((_cell(name, n, f"{where}.placed"), _height(h, n, f"{where}.placed.{name}")) for name, h in placed.items())
    branches = d.get("branches", [])
    if not isinstance(branches, list):
        raise TraceError(f"{where}.branches must be a list of chains")
    supposition = d.get("supposition", False)
    if not isinstance(supposition, bool):
        raise TraceError(f"{where}.supposition must be true or false")
    if supposition and len(places) != 1:
        raise TraceError(f"{where}: a supposition places exactly one height")
    reads = d.get("reads", [])
    if not isinstance(reads, list) or not all(isinstance(k, int) and not isinstance(k, bool) and k >= 0 for k in reads):
        raise TraceError(f"{where}.reads must be a list of link numbers (0 = the supposition)")
    return Step(technique, reason, lane, clue, tuple(_cell(c, n, f"{where}.cells") for c in cells),
                elims, places, _links(d.get("chain", []), lines, f"{where}.chain"),
                premises=_cells(d.get("premises", []), n, f"{where}.premises"), supposition=supposition,
                contradiction=_conflict(d.get("contradiction"), lines, f"{where}.contradiction"),
                branches=tuple(_links(b, lines, f"{where}.branches[{k}]") for k, b in enumerate(branches)),
                crossed=crossed, reads=tuple(reads))


def _marks(marks: Any, n: int, where: str) -> tuple[tuple[int, int], ...]:
    """{"R1C2": [3, 4], ...} as (cell, candidate mask) pairs."""
    if not isinstance(marks, dict):
        raise TraceError(f"{where} must be an object")
    out = []
    for name, heights in marks.items():
        if not isinstance(heights, list) or not heights:
            raise TraceError(f"{where}.{name} must be a non-empty list of heights")
        mask = 0
        for h in heights:
            mask |= cands.bit(_height(h, n, f"{where}.{name}"))
        out.append((_cell(name, n, where), mask))
    return tuple(out)


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
    status = _text(data.get("status"), "status")
    grade = _text(data.get("grade"), "grade", optional=True)
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
        kind = _text(p.get("kind", "logic"), f"passes[{k}].kind")
        steps = [step_from_dict(s, lines, f"passes[{k}].steps[{j}]") for j, s in enumerate(p["steps"])]
        passes.append(Pass(number, kind, steps))
    solution = data.get("solution")
    rows = None
    if solution is not None:
        if (not isinstance(solution, list) or len(solution) != n
                or not all(isinstance(r, list) and len(r) == n for r in solution)):
            raise TraceError(f"solution must be {n} rows of {n} heights")
        rows = tuple(tuple(_height(h, n, "solution") for h in r) for r in solution)
    solutions = data.get("solutions") or []
    if (not isinstance(solutions, list) or not all(isinstance(sol, list) and len(sol) == n and
                                                   all(isinstance(r, list) and len(r) == n for r in sol) for sol in solutions)):
        raise TraceError(f"solutions must be a list of grids of {n} rows of {n} heights")
    solutions = [tuple(tuple(_height(h, n, "solutions") for h in r) for r in sol) for sol in solutions]
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
