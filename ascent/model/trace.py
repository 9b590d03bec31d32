"""Step, Pass, Result: the record of a solve.

A Step says which technique looked where (lane, clue, cells), what it eliminated and placed,
and one sentence a person can check. Replaying the steps on the starting grid gives the final grid.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from . import cands
from .grid import cell_name

if TYPE_CHECKING:
    from .grid import Conflict, Lane, Line
    from ..puzzle import Puzzle


class Step:
    """One deduction, as data: the technique, the ``lane`` (a Lane, with the side its clue stands on)
    or line (a whole row or column) it read, the clue, the ``cells`` to show it at, its ``premises``
    (the cells whose candidates the deduction read), what it eliminated and placed, and one sentence.

    A forcing step also carries its ``chain`` (the supposition first, then links L1, L2, ...; each link's
    ``reads`` names the earlier links it reads, and the step's own ``reads`` those its contradiction reads)
    and the ``contradiction`` the chain reaches (a Conflict), or its ``branches`` (one chain per
    candidate of a cell) when every branch removes the same candidates. A link that supposes a height
    is marked by ``supposition``. The sentence is made from these fields; nothing reads it back.

    ``reason`` may be given as a function that makes the sentence: it is then made the first time
    someone reads it, so the many steps of discarded forcing trials cost no prose."""

    __slots__ = ("technique", "_reason", "lane", "clue", "cells", "eliminations", "placements", "chain",
                 "premises", "supposition", "contradiction", "branches", "crossed", "reads")

    def __init__(self, technique: str, reason: "str | Callable[[], str]", lane: "Lane | Line | None" = None,
                 clue: int | None = None, cells: tuple[int, ...] = (),
                 eliminations: tuple[tuple[int, int], ...] = (), placements: tuple[tuple[int, int], ...] = (),
                 chain: tuple["Step", ...] = (), premises: tuple[int, ...] | None = None, supposition: bool = False,
                 contradiction: "Conflict | None" = None, branches: tuple[tuple["Step", ...], ...] = (),
                 crossed: tuple[tuple[int, int], ...] = (), reads: tuple[int, ...] = ()):
        self.technique = technique
        self._reason = reason
        self.lane = lane
        self.clue = clue
        self.cells = cells  # where to show it
        self.eliminations = eliminations  # (cell, candidate mask removed)
        self.placements = placements  # (cell, height placed)
        self.chain = chain  # forcing: the supposition, then the links that led to the contradiction
        self.premises = cells if premises is None else premises  # the cells whose candidates it read
        self.supposition = supposition  # a link of a chain that supposes a height: hypothetical
        self.contradiction = contradiction  # forcing: where and why the chain broke
        self.branches = branches  # forcing over every candidate of a cell: one chain per candidate
        self.crossed = crossed  # a chain's placing link: the part of its eliminations that crosses its height out
        self.reads = reads  # a chain's link: the numbers of the earlier links whose changes it reads (0: the
        # supposition); a forcing step: those its contradiction reads

    @property
    def links(self) -> tuple["Step", ...]:
        """Every link of a forcing step: its chain, or its branches one after another."""
        if self.chain or not self.branches:
            return self.chain
        return tuple(s for links in self.branches for s in links)

    @property
    def reason(self) -> str:
        r = self._reason
        if not isinstance(r, str):
            r = self._reason = r()
        return r

    def _key(self) -> tuple:
        return (self.technique, self.reason, self.lane, self.clue, self.cells, self.eliminations, self.placements,
                self.chain, self.premises, self.supposition, self.contradiction, self.branches, self.crossed,
                self.reads)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Step) and self._key() == other._key()

    __hash__ = None  # mutable-free but compared by value, like the dataclass it was

    def __repr__(self) -> str:
        return (f"Step(technique={self.technique!r}, reason={self.reason!r}, lane={self.lane!r}, clue={self.clue!r}, "
                f"cells={self.cells!r}, eliminations={self.eliminations!r}, placements={self.placements!r}, "
                f"chain={self.chain!r}, premises={self.premises!r}, supposition={self.supposition!r}, "
                f"contradiction={self.contradiction!r}, branches={self.branches!r}, crossed={self.crossed!r}, "
                f"reads={self.reads!r})")

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
        out: dict[str, Any] = {
            "technique": self.technique,
            "lane": lane_dict(self.lane, n),
            "clue": self.clue,
            "cells": [cell_name(c, n) for c in self.cells],
            "premises": [cell_name(c, n) for c in self.premises],
            "eliminated": {cell_name(c, n): cands.digits(m) for c, m in self.eliminations},
            "placed": {cell_name(c, n): d for c, d in self.placements},
            "reason": self.reason,
        }
        if self.supposition:
            out["supposition"] = True
        if self.crossed:
            out["crossed"] = {cell_name(c, n): cands.digits(m) for c, m in self.crossed}
        if self.reads:
            out["reads"] = list(self.reads)
        if self.chain:
            out["chain"] = [s.to_dict(n) for s in self.chain]
        if self.contradiction is not None:
            out["contradiction"] = conflict_dict(self.contradiction, n)
        if self.branches:
            out["branches"] = [[s.to_dict(n) for s in links] for links in self.branches]
        return out


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
