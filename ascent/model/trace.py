"""Step, Pass, Result: the record of a solve.

A Step says which technique looked where (lane, clue, cells), what it eliminated and placed,
and one sentence a person can check. Replaying the steps on the starting grid gives the final grid.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from . import cands
from .grid import Conflict, cell_name, place_of

if TYPE_CHECKING:
    from .grid import Lane, Line
    from ..puzzle import Puzzle


class Took(NamedTuple):
    """What an earlier link of a chain took that a single rests on: the link's number (0 the supposition), the cell,
    the candidates it took there, and whether it filled that cell with another height."""

    link: int
    cell: int
    lost: int
    filled: bool


@dataclass(frozen=True, slots=True)
class Proof:
    """The part of a step that only forcing has: how a supposition was followed to its end.

    A forcing step carries its ``chain`` (the supposition first, then links L1, L2, ...) and the
    ``contradiction`` the chain reaches (a Conflict), or its ``branches`` (one chain per candidate of a
    cell) when every branch removes the same candidates; its ``reads`` are the links its contradiction
    reads. Each link of a chain carries its own ``reads`` (the numbers of the earlier links whose changes
    it reads, 0 the supposition); the link that supposes a height is marked by ``supposition``; a link
    that places a height carries in ``crossed`` the part of its eliminations that crosses the height
    out of its row and column; a single (naked single, pinpoint) carries in ``took`` which earlier link took each
    candidate it rests on that the grid before the step still held (``Took``, in link order), its words made from
    them."""

    chain: tuple["Step", ...] = ()
    supposition: bool = False
    contradiction: "Conflict | None" = None
    branches: tuple[tuple["Step", ...], ...] = ()
    crossed: tuple[tuple[int, int], ...] = ()
    reads: tuple[int, ...] = ()
    took: tuple[Took, ...] = ()

    def __bool__(self) -> bool:
        return any(getattr(self, f) for f in PROOF_FIELDS)

    def to_dict(self, n: int) -> dict[str, Any]:
        """The fields that are set, as JSON (a step's ``to_dict`` adds them to its own)."""
        out: dict[str, Any] = {}
        if self.supposition:
            out["supposition"] = True
        if self.crossed:
            out["crossed"] = _marks_dict(self.crossed, n)
        if self.reads:
            out["reads"] = list(self.reads)
        if self.took:
            out["took"] = [{"link": t.link, "cell": cell_name(t.cell, n), "heights": cands.digits(t.lost),
                            "filled": t.filled} for t in self.took]
        if self.chain:
            out["chain"] = [s.to_dict(n) for s in self.chain]
        if self.contradiction is not None:
            out["contradiction"] = conflict_dict(self.contradiction, n)
        if self.branches:
            out["branches"] = [[s.to_dict(n) for s in links] for links in self.branches]
        return out

    @classmethod
    def from_dict(cls, d: dict, lines: "tuple[Line, ...]", where: str, eliminations, placements) -> "Proof":
        """The proof part of a step read from JSON (``to_dict``'s), checked against the step's own changes."""
        n = len(lines) // 2
        crossed = _marks(d.get("crossed", {}), n, f"{where}.crossed")
        if any(m & ~dict(eliminations).get(c, 0) for c, m in crossed):
            raise TraceError(f"{where}.crossed must be among its eliminations")
        branches = d.get("branches", [])
        if not isinstance(branches, list):
            raise TraceError(f"{where}.branches must be a list of chains")
        supposition = d.get("supposition", False)
        if not isinstance(supposition, bool):
            raise TraceError(f"{where}.supposition must be true or false")
        if supposition and len(placements) != 1:
            raise TraceError(f"{where}: a supposition places exactly one height")
        reads = d.get("reads", [])
        if not isinstance(reads, list) or not all(isinstance(k, int) and not isinstance(k, bool) and k >= 0 for k in reads):
            raise TraceError(f"{where}.reads must be a list of link numbers (0 = the supposition)")
        return cls(_steps(d.get("chain", []), lines, f"{where}.chain"), supposition,
                   _conflict(d.get("contradiction"), lines, f"{where}.contradiction"),
                   tuple(_steps(b, lines, f"{where}.branches[{k}]") for k, b in enumerate(branches)), crossed, tuple(reads),
                   _took(d.get("took", []), n, f"{where}.took"))


PROOF_FIELDS = tuple(f.name for f in fields(Proof))
NO_PROOF = Proof()  # a step that is not forcing's: every part empty
SUPPOSED = Proof(supposition=True)  # the first link of a chain: the supposition


@dataclass(slots=True, eq=False)
class Step:
    """One deduction, as data: the technique, the ``lane`` (a Lane, with the side its clue stands on)
    or line (a whole row or column) it read, the clue, the ``cells`` to show it at, its ``premises``
    (the cells whose candidates the deduction read; the ``cells`` when not given), what it eliminated
    and placed, its one sentence, and for forcing and its links a ``proof`` (``Proof``). The proof's
    fields read through the step too (``step.chain`` is ``step.proof.chain``). The sentence is made from
    these fields; nothing reads it back.

    ``sentence`` may be given as a function that makes it: it is then made the first time someone reads
    ``reason``, so the many steps of discarded forcing trials cost no prose."""

    technique: str
    sentence: "str | Callable[[], str]"
    lane: "Lane | Line | None" = None
    clue: int | None = None
    cells: tuple[int, ...] = ()  # where to show it
    eliminations: tuple[tuple[int, int], ...] = ()  # (cell, candidate mask removed)
    placements: tuple[tuple[int, int], ...] = ()  # (cell, height placed)
    premises: tuple[int, ...] | None = None  # the cells whose candidates it read
    proof: Proof = NO_PROOF

    def __post_init__(self) -> None:
        if self.premises is None:
            self.premises = self.cells

    @property
    def reason(self) -> str:
        r = self.sentence
        if not isinstance(r, str):
            r = self.sentence = r()
        return r

    @property
    def links(self) -> tuple["Step", ...]:
        """Every link of a forcing step: its chain, or its branches one after another."""
        if self.proof.chain or not self.proof.branches:
            return self.proof.chain
        return tuple(s for links in self.proof.branches for s in links)

    def _key(self) -> tuple:
        return tuple(self.reason if f == "sentence" else getattr(self, f) for f in STEP_FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Step) and self._key() == other._key()

    __hash__ = None  # compared by value, with the sentence made

    def __repr__(self) -> str:
        return f"Step({', '.join(f'{f}={v!r}' for f, v in zip(STEP_FIELDS, self._key()))})"

    def where(self, n: int) -> str:
        if self.lane is not None:
            return self.lane.name + (f" (clue {self.clue})" if self.clue else "")
        if self.cells:
            return ", ".join(cell_name(c, n) for c in self.cells[:4]) + ("..." if len(self.cells) > 4 else "")
        return ""

    def changes(self, n: int) -> str:
        """'R1C2 -[34], R1C3 =5' in short form."""
        parts = [f"{cell_name(c, n)}={d}" for c, d in self.placements]
        parts += [f"{cell_name(c, n)}-{cands.show(m).strip('[]')}" for c, m in self.eliminations]
        return ", ".join(parts)

    def to_dict(self, n: int) -> dict[str, Any]:
        return {
            "technique": self.technique,
            "lane": lane_dict(self.lane, n),
            "clue": self.clue,
            "cells": [cell_name(c, n) for c in self.cells],
            "premises": [cell_name(c, n) for c in self.premises],
            "eliminated": _marks_dict(self.eliminations, n),
            "placed": {cell_name(c, n): d for c, d in self.placements},
            "reason": self.reason,
            **self.proof.to_dict(n),
        }

    @classmethod
    def from_dict(cls, d: Any, lines: "tuple[Line, ...]", where: str) -> "Step":
        """A step read back from ``to_dict``'s JSON; ``lines`` are the puzzle's (``lines_of``), so a lane
        carries its clue. Anything malformed raises TraceError naming the field (``where``)."""
        n = len(lines) // 2
        if not isinstance(d, dict):
            raise TraceError(f"{where} must be an object")
        technique = read_text(d.get("technique"), f"{where}.technique")
        reason = read_text(d.get("reason"), f"{where}.reason")
        lane = _lane(d.get("lane"), lines, f"{where}.lane")
        clue = d.get("clue")
        if clue is not None and (not isinstance(clue, int) or isinstance(clue, bool) or not 0 <= clue <= n):
            raise TraceError(f"{where}.clue: {clue!r} is not a clue 0..{n}")
        placed = d.get("placed", {})
        if not isinstance(d.get("eliminated", {}), dict) or not isinstance(placed, dict):
            raise TraceError(f"{where}.eliminated and .placed must be objects")
        elims = _marks(d.get("eliminated", {}), n, f"{where}.eliminated")
        places = tuple((_cell(name, n, f"{where}.placed"), read_height(h, n, f"{where}.placed.{name}"))
                       for name, h in placed.items())
        proof = Proof.from_dict(d, lines, where, elims, places)
        return cls(technique, reason, lane, clue, _cells(d.get("cells", []), n, f"{where}.cells"), elims, places,
                   _cells(d.get("premises", []), n, f"{where}.premises"), proof or NO_PROOF)


STEP_FIELDS = tuple(f.name for f in fields(Step))
for _name in PROOF_FIELDS:  # step.chain, step.reads, ...: the proof's fields, read through the step
    setattr(Step, _name, property(attrgetter(f"proof.{_name}"), doc=f"``proof.{_name}``"))


class TraceError(ValueError):
    """A saved trace that cannot be read; the message names the field at fault."""


_CELL = re.compile(r"^R(\d+)C(\d+)$")
_SIDES = {"row": (None, "left", "right"), "column": (None, "upper", "lower")}


def _cell(name: Any, n: int, where: str) -> int:
    m = _CELL.match(name) if isinstance(name, str) else None
    if not m or not (1 <= int(m.group(1)) <= n and 1 <= int(m.group(2)) <= n):
        raise TraceError(f"{where}: {name!r} is not a cell of a {n}x{n} grid (R1C1..R{n}C{n})")
    return (int(m.group(1)) - 1) * n + int(m.group(2)) - 1


def _cells(x: Any, n: int, where: str) -> tuple[int, ...]:
    if not isinstance(x, list):
        raise TraceError(f"{where} must be a list of cells")
    return tuple(_cell(c, n, where) for c in x)


def read_height(d: Any, n: int, where: str) -> int:
    if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= n:
        raise TraceError(f"{where}: {d!r} is not a height 1..{n}")
    return d


def read_text(x: Any, where: str, optional: bool = False) -> str | None:
    if x is None and optional:
        return None
    if not isinstance(x, str):
        raise TraceError(f"{where} must be text, not {type(x).__name__}")
    return x


def _took(items: Any, n: int, where: str) -> tuple[Took, ...]:
    """A single's ``took`` read from JSON: [{"link": 0, "cell": "R2C4", "heights": [6], "filled": false}, ...]."""
    if not isinstance(items, list):
        raise TraceError(f"{where} must be a list")
    out = []
    for k, t in enumerate(items):
        at = f"{where}[{k}]"
        if not isinstance(t, dict) or set(t) != {"link", "cell", "heights", "filled"}:
            raise TraceError(f"{at} must be an object with link, cell, heights and filled")
        link, heights, filled = t["link"], t["heights"], t["filled"]
        if not isinstance(link, int) or isinstance(link, bool) or link < 0:
            raise TraceError(f"{at}.link must be a link number (0 = the supposition)")
        if not isinstance(heights, list) or not heights or not isinstance(filled, bool):
            raise TraceError(f"{at}: heights must be a list of heights, filled true or false")
        lost = 0
        for h in heights:
            lost |= cands.bit(read_height(h, n, f"{at}.heights"))
        out.append(Took(link, _cell(t["cell"], n, f"{at}.cell"), lost, filled))
    return tuple(out)


def _marks_dict(marks: tuple[tuple[int, int], ...], n: int) -> dict[str, list[int]]:
    """(cell, candidate mask) pairs as {"R1C2": [3, 4], ...}."""
    return {cell_name(c, n): cands.digits(m) for c, m in marks}


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
            mask |= cands.bit(read_height(h, n, f"{where}.{name}"))
        out.append((_cell(name, n, where), mask))
    return tuple(out)


def _lane(d: Any, lines: "tuple[Line, ...]", where: str) -> "Lane | Line | None":
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


def _conflict(d: Any, lines: "tuple[Line, ...]", where: str) -> "Conflict | None":
    if d is None:
        return None
    if not isinstance(d, dict):
        raise TraceError(f"{where} must be an object {{cells, lane, height, why}}")
    height, n = d.get("height"), len(lines) // 2
    if height is not None:
        read_height(height, n, f"{where}.height")
    return Conflict(read_text(d.get("why"), f"{where}.why"), _cells(d.get("cells", []), n, f"{where}.cells"),
                    _lane(d.get("lane"), lines, f"{where}.lane"), height)


def _steps(x: Any, lines: "tuple[Line, ...]", where: str) -> tuple[Step, ...]:
    if not isinstance(x, list):
        raise TraceError(f"{where} must be a list of steps")
    return tuple(Step.from_dict(s, lines, f"{where}[{k}]") for k, s in enumerate(x))


def lane_dict(lane: "Lane | Line | None", n: int) -> dict[str, Any] | None:
    """A lane as JSON: kind (row or column), index (counted from 1), side (where its clue stands;
    None for a whole line read from no side), its cells and its name."""
    if lane is None:
        return None
    return {"kind": lane.kind, "index": lane.index + 1, "side": lane.side,
            "cells": [cell_name(c, n) for c in lane.cells], "name": lane.name}


def conflict_dict(conflict: "Conflict", n: int) -> dict[str, Any]:
    return {"cells": [cell_name(c, n) for c in conflict.cells], "lane": lane_dict(conflict.lane, n),
            "height": conflict.height, "why": conflict.why}


@dataclass(slots=True)
class Pass:
    """One round: the work of one technique from one grid (every step of an easy tier, one of a hard one)."""

    number: int
    kind: str  # the technique whose work the pass is (one per pass), or "backtrack" for the finisher
    steps: list[Step] = field(default_factory=list)


TRACE_FORMAT = 2  # 2: lanes, premises, suppositions and contradictions as fields

SOLVED, STUCK, CONTRADICTION, AMBIGUOUS = "solved", "stuck", "contradiction", "ambiguous"


@dataclass
class Result:
    puzzle: "Puzzle"
    status: str
    passes: list[Pass]
    grade: str | None  # the hardest technique used ("backtrack" when the finisher was needed)
    counts: dict[str, int]  # steps per technique
    backtracked: bool
    masks: tuple[int, ...]  # the final grid's candidates
    solution: tuple[tuple[int, ...], ...] | None = None
    message: str = ""  # why it stopped, when not solved
    seconds: float = 0.0
    solutions: list = field(default_factory=list)  # ambiguous: two differing solutions (rows)
    score: int | None = None  # the difficulty score (ascent.solver.grade.score_of); None when not solved
    level: str | None = None  # easy, tricky, hard, extreme or unreasonable (ascent.solver.grade.level_of)

    @property
    def steps(self) -> list[Step]:
        return [s for p in self.passes for s in p.steps]

    @property
    def step_count(self) -> int:
        return sum(len(p.steps) for p in self.passes)

    def to_dict(self) -> dict[str, Any]:
        n = self.puzzle.size
        return {
            "format": TRACE_FORMAT,
            "puzzle": self.puzzle.to_record(),  # so a saved trace can be replayed (ascent export)
            "status": self.status,
            "grade": self.grade,
            "level": self.level,
            "score": self.score,
            "backtracked": self.backtracked,
            "message": self.message,
            "seconds": round(self.seconds, 6),
            "counts": self.counts,
            "solution": [list(r) for r in self.solution] if self.solution else None,
            "solutions": [[list(r) for r in sol] for sol in self.solutions],
            "passes": [
                {"number": p.number, "kind": p.kind, "steps": [s.to_dict(n) for s in p.steps]} for p in self.passes
            ],
        }
