"""The reader's-grid checker (issue 39, "What to build" item 1): every forcing step of a solve, rebuilt from the
solve's JSON alone, each link's words checked on the grid a reader holds at it.

The reader's grid at link k of a forcing step is the grid before the step (the puzzle's start plus every earlier
step's stated changes), then the supposition's placement and its stated cross-outs, then what links 1..k-1 state.
At each link, on that grid:

  (a) ``absent``: every candidate it removes was there; ``not a candidate``: every height it places was one (and
      the cell open);
  (b) ``unsaid``: after a link that places a height, no other cell of its row or column still holds that height;
  (c) ``not found``: its technique (``BY_NAME[name].steps(grid, Memory.narrowed(grid, lane))``), run on the
      reader's grid before the link, gives a step with the link's sentence (the words before the first
      "; d leaves" / "; no other cell"), at least the link's placements and at least its own eliminations (those
      not listed as ``crossed``, the placed heights' cross-outs), and for a single (its row's ``single``) the words
      then say which earlier link took each candidate it rests on, found here from the links' stated changes
      (``_took``); a link of a forcing technique (nested forcing's
      inner step) is checked the same way, its own chain from the reader's grid; ``removal unsaid``: the step with
      its words takes away more there (a candidate still open, or a placement's other heights) than the link states;
  (d) ``not shown``: after the last link the contradiction shows on the reader's grid (``linecheck.broken`` of its
      line gives the same words, or a cell is empty); for the every-branch form, the branches suppose every height
      its cell holds, and each leaves none of the step's removed candidates.

Each failure is a false statement (``Finding``). Apart from those, ``late`` counts chains whose reader's grid shows a
broken row or column (``linecheck``) after a link before the last: the chain goes on past a contradiction.

Used by tests/test_reader_grid.py and benchmarks/reader_grid.py. Structure is read from the JSON's fields; only the
sentence (to compare it with the technique's) is cut at the cross-outs' words the chain adds.
"""

from __future__ import annotations

import inspect
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ascent.core.linecheck import broken, first_broken
from ascent.export.tracefile import result_from_dict
from ascent.model import cands
from ascent.model.grid import Contradiction, Grid, line_of, shape
from ascent.model.trace import Result, Step
from ascent.techniques import BY_NAME
from ascent.techniques.forcing import took_words
from ascent.techniques.memory import Memory

# an older tree's linecheck (benchmarks/reader_grid.py --root) reads a line's words without the placed heights
_WITH_VALUES = "values" in inspect.signature(broken).parameters
_CROSS = re.compile(r"; (?:\d+ leaves |no other cell)")
LISTING = ("fillings", "orderings", "filling does", "ordering fits")


def sentence(reason: str) -> str:
    """A link's own sentence: its words before the cross-outs the chain adds ("; 8 leaves R4C4, ...")."""
    return _CROSS.split(reason, 1)[0]


def lists(reason: str) -> bool:
    """Does the sentence give a count or a list of fillings or orderings?"""
    return any(w in reason for w in LISTING)


@dataclass(frozen=True)
class Finding:
    """One false statement: the forcing step (its index among the solve's steps), the link (0: the supposition;
    in the every-branch form counted through the branches), its kind, the claim and what the reader's grid shows."""

    step: int
    link: int
    kind: str
    claim: str
    shows: str


@dataclass
class Report:
    forcing_steps: int = 0
    links: int = 0
    findings: list[Finding] = field(default_factory=list)
    late: list[tuple[int, int]] = field(default_factory=list)  # (step, link after which a line was broken)
    listing_links: int = 0  # chain links whose sentence counts or lists fillings or orderings
    listing_steps: int = 0  # steps outside chains that do
    not_needed: int = 0  # chain links saying "(and N more cells, not needed here)": cross-outs left unsaid
    outside_absent: int = 0  # steps outside chains removing a candidate not there or placing a non-candidate

    def kinds(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for f in self.findings:
            out[f.kind] = out.get(f.kind, 0) + 1
        return out


def load(source: Any) -> Result:
    """A solve read back from its JSON: ``Result.to_dict()``'s dict, a JSON text, or the path of the file
    ``ascent solve --json`` writes."""
    if isinstance(source, Path) or (isinstance(source, str) and not source.lstrip().startswith("{")):
        source = Path(source).read_text()
    if isinstance(source, str):
        source = json.loads(source)
    return result_from_dict(source)


def _names(cells_masks, n: int) -> str:
    return ", ".join(f"{cands.show(m)} at R{c // n + 1}C{c % n + 1}" for c, m in cells_masks)


class _Checker:
    def __init__(self, result: Result | None, n: int | None = None):
        self.result = result
        self.n = result.puzzle.size if result is not None else n
        self.peers = shape(self.n).peers
        self.report = Report()

    def flag(self, step: int, link: int, kind: str, claim: str, shows: str) -> None:
        self.report.findings.append(Finding(step, link, kind, claim, shows))

    # ------------------------------------------------------------------ one link
    def stated(self, grid: Grid, link: Step, i: int, k: int) -> bool:
        """(a): its removals were there, its placements candidates of open cells. True when all were."""
        n, ok = self.n, True
        gone = [(c, m & ~grid.masks[c]) for c, m in link.eliminations if m & ~grid.masks[c]]
        if gone:
            self.flag(i, k, "absent", link.reason, f"already gone: {_names(gone, n)}")
            ok = False
        for c, d in link.placements:
            if not grid.masks[c] & (1 << (d - 1)) or (grid.values[c] and grid.values[c] != d):
                self.flag(i, k, "not a candidate", link.reason,
                          f"R{c // n + 1}C{c % n + 1} holds {cands.show(grid.masks[c])}")
                ok = False
        return ok

    def found(self, grid: Grid, link: Step, i: int, k: int, took: str = "") -> None:
        """(c): the link's technique says its sentence on the reader's grid, with at least its changes; a single's
        sentence then says ``took`` (``took``: which earlier link took what it rests on, as the checker finds it)."""
        row = BY_NAME.get(link.technique)
        if row is None:
            self.flag(i, k, "not found", link.reason, f"no technique {link.technique!r}")
            return
        if link.chain or link.branches:  # an inner forcing step: its own chain, from here
            self.forcing(grid, link, i, k)
            return
        want = sentence(link.reason)
        crossed = dict(link.crossed)
        own = [(c, m & ~crossed.get(c, 0)) for c, m in link.eliminations if m & ~crossed.get(c, 0)]
        stated: dict[int, int] = {}
        for c, m in link.eliminations:
            stated[c] = stated.get(c, 0) | m
        placed = set(link.placements)
        said, more = [], None
        try:
            for step in row.steps(grid, Memory.narrowed(grid, link.lane)):
                if not placed <= set(step.placements):
                    continue
                gone: dict[int, int] = {}
                for c, m in step.eliminations:
                    gone[c] = gone.get(c, 0) | m
                if any(m & ~gone.get(c, 0) for c, m in own):
                    continue
                words = sentence(step.reason) + (f" ({took})" if took else "")
                if words != want:
                    said.append(words)
                    continue
                # the same words: every removal they make (of a candidate still there) is stated too
                extra = [(c, m & grid.masks[c] & ~stated.get(c, 0)) for c, m in gone.items()
                         if m & grid.masks[c] & ~stated.get(c, 0)]
                extra += [(c, grid.masks[c] & ~(1 << (d - 1))) for c, d in step.placements
                          if (c, d) not in placed and grid.masks[c] & ~(1 << (d - 1))]
                if not extra:
                    return
                more = more or extra
        except Contradiction as e:
            self.flag(i, k, "not found", link.reason, f"{link.technique} meets a contradiction: {e.conflict.why}")
            return
        if more:
            self.flag(i, k, "removal unsaid", link.reason, f"its words also take away {_names(more, self.n)}")
            return
        self.flag(i, k, "not found", link.reason,
                  f"{link.technique} says instead: {said[0]!r}" if said else f"{link.technique} finds no such step")

    def whole(self, grid: Grid, link: Step, i: int, k: int) -> None:
        """(b): no cell of a placed height's row or column still holds it."""
        n = self.n
        for c, d in link.placements:
            b = 1 << (d - 1)
            left = [x for x in self.peers[c] if grid.masks[x] & b and x not in dict(link.placements)]
            if left:
                self.flag(i, k, "unsaid", link.reason,
                          f"{d} still at " + ", ".join(f"R{x // n + 1}C{x % n + 1}" for x in left))

    # ------------------------------------------------------------------ one chain
    def chain(self, grid: Grid, links: tuple[Step, ...], i: int, first: int) -> tuple[Grid, bool]:
        """Walk ``links`` (supposition first) on a copy of ``grid``: (the reader's grid after the last link,
        whether applying a link emptied a cell)."""
        trial = grid.copy()
        last = len(links) - 1
        for j, link in enumerate(links):
            k = first + j
            self.report.links += 1
            self.report.listing_links += lists(link.reason)
            self.report.not_needed += "not needed here" in link.reason
            if j == 0 and not link.supposition:
                self.flag(i, k, "not found", link.reason, "a chain that does not start with a supposition")
            self.stated(trial, link, i, k)
            if j:
                self.found(trial, link, i, k, _took(grid, links[:j], link, self.n))
            try:
                trial.apply(link)
            except Contradiction:
                if j != last:
                    self.report.late.append((i, k))
                return trial, True
            self.whole(trial, link, i, k)
            if j != last:
                cells = [c for c, _ in link.eliminations] + [c for c, _ in link.placements]
                if first_broken(trial.masks, trial.lines, cells, self.n) is not None:
                    self.report.late.append((i, k))
        return trial, False

    def forcing(self, grid: Grid, step: Step, i: int, k0: int = 0) -> None:
        n = self.n
        if step.chain:
            end, emptied = self.chain(grid, step.chain, i, k0)
            conflict = step.contradiction
            if emptied or conflict is None:
                if conflict is None:
                    self.flag(i, k0 + len(step.chain) - 1, "not shown", step.reason, "no contradiction given")
                return
            line = line_of(end.lines, conflict.lane) if conflict.lane is not None else None
            if line is not None:
                now = broken(end.masks, line, n, end.values) if _WITH_VALUES else broken(end.masks, line, n)
                if now is None or now.why != conflict.why:
                    self.flag(i, k0 + len(step.chain) - 1, "not shown", conflict.why,
                              "the line holds a filling" if now is None else f"the line says: {now.why}")
            elif not any(not end.masks[c] for c in conflict.cells):
                self.flag(i, k0 + len(step.chain) - 1, "not shown", conflict.why, "no cell is empty")
            return
        k = k0
        # the every-branch form: its branches suppose every height the cell still holds
        supposed = {c: 0 for c in step.cells}
        for branch in step.branches:
            for c, d in (branch[0].placements if branch else ()):
                supposed[c] = supposed.get(c, 0) | (1 << (d - 1))
        missed = [(c, grid.masks[c] & ~m) for c, m in supposed.items() if grid.masks[c] & ~m]
        if len(supposed) != 1 or missed:
            self.flag(i, k0, "not shown", step.reason,
                      f"its branches leave out {_names(missed, n)}" if missed else "its branches suppose other cells")
        for branch in step.branches:
            end, emptied = self.chain(grid, branch, i, k)
            k += len(branch)
            if emptied:
                continue
            kept = [(c, m & end.masks[c]) for c, m in step.eliminations if m & end.masks[c]]
            if kept:
                self.flag(i, k - 1, "not shown", step.reason, f"the branch keeps {_names(kept, n)}")

    def run(self) -> Report:
        grid = Grid.start(self.result.puzzle)
        for i, step in enumerate(self.result.steps):
            if step.chain or step.branches:
                self.report.forcing_steps += 1
                self.forcing(grid, step, i)
            else:
                self.report.listing_steps += lists(step.reason)
                if any(m & ~grid.masks[c] for c, m in step.eliminations) or \
                        any(not grid.masks[c] & (1 << (d - 1)) for c, d in step.placements):
                    self.report.outside_absent += 1
            try:
                grid.apply(step)
            except Contradiction:
                break
        return self.report


def _took(grid: Grid, before: tuple[Step, ...], link: Step, n: int) -> str:
    """What a single's words must say of the links before it (``forcing.took_words``): for each candidate it rests on
    (its row's ``needs``) that ``grid``, the grid before the step, held in an open cell, the first of ``before`` (link
    numbers from 0, the supposition) whose stated changes took it: a removal, or a height placed in that cell."""
    row = BY_NAME.get(link.technique)
    if row is None or not row.single or len(link.placements) != 1:
        return ""
    took = []
    for c, m in row.needs(link, n).items():
        m &= grid.masks[c]
        if grid.values[c]:
            continue
        for j, earlier in enumerate(before):
            gone = 0
            for x, e in earlier.eliminations:
                if x == c:
                    gone |= e & m
            filled = any(x == c for x, _ in earlier.placements)
            if filled:
                gone = m
            if gone:
                took.append((j, c, gone, filled))
                m &= ~gone
    return took_words(tuple(sorted(took)), link.placements[0][0], n) if took else ""


def check(source: Any) -> Report:
    """Check every forcing step of a solve (its JSON: see ``load``; or a Result, read back through its JSON)."""
    if isinstance(source, Result):
        source = source.to_dict()
    return _Checker(load(source)).run()


def check_step(grid: Grid, step: Step, index: int = 0) -> Report:
    """Check one forcing step (a chain with its contradiction, or branches) on ``grid``, the grid before it."""
    checker = _Checker(None, grid.n)
    checker.report.forcing_steps = 1
    checker.forcing(grid, step, index)
    return checker.report
